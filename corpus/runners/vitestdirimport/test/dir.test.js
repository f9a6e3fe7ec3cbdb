import { describe, expect, it } from 'vitest';
import size from '../';

describe('the package imported as a folder', () => {
  it('sizes', () => {
    expect(size('a', 100)).toBe('large');
    expect(size('a', 10)).toBe('medium');
    expect(size('tiny', 10)).toBe('small');
  });
});

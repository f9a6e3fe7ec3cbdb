import { describe, it, expect, vi } from 'vitest';
import { notify } from '../src/notify.js';

describe('a later file', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

  it('finds the environment as the first file did', () => {
    expect(process.env.NODE_ENV).toBe('test');
    expect(notify('a', 'here too')).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

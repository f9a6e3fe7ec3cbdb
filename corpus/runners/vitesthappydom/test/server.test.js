// @vitest-environment node
import { expect, it } from 'vitest';

it('a file whose comment asks for node has no window', () => {
  expect(typeof window).toBe('undefined');
  expect(typeof document).toBe('undefined');
});

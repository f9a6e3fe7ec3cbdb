import { it, expect, vi } from 'vitest';

it('mockReset goes back to the implementation the mock began with', () => {
  const f = vi.fn(() => 1);
  f.mockReturnValue(2);
  expect(f()).toBe(2);
  f.mockReset();
  expect(f()).toBe(1);
  expect(f).toHaveBeenCalledTimes(1);
  const g = vi.fn();
  g.mockReturnValue(3);
  g.mockReset();
  expect(g()).toBeUndefined();
  const o = { h: () => 'real' };
  vi.spyOn(o, 'h').mockReturnValue('fake');
  expect(o.h()).toBe('fake');
  vi.resetAllMocks();
  expect(o.h()).toBe('real');
});

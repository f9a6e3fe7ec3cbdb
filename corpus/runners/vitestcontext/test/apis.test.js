import { describe, test, expect, vi } from 'vitest';

describe('test.for', () => {
  test.for([
    [1, 2, 3],
    [2, 3, 5],
  ])('adds %i + %i', ([a, b, sum], { expect: local }) => {
    local(a + b).toBe(sum);
  });

  test.for(['x', 'yy'])('keeps the case whole: %s', (word) => {
    expect(typeof word).toBe('string');
  });
});

describe('matchers', () => {
  test('toHaveBeenCalledExactlyOnceWith', () => {
    const f = vi.fn();
    f(1, 'a');
    expect(f).toHaveBeenCalledExactlyOnceWith(1, 'a');
    f(1, 'a');
    expect(f).not.toHaveBeenCalledExactlyOnceWith(1, 'a');
  });

  test('rejects calls a function for its promise', async () => {
    await expect(Promise.resolve(4)).resolves.toBe(4);
    await expect(async () => {
      throw new Error('no');
    }).rejects.toThrow('no');
  });
});

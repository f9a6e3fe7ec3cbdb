import { describe, test, expect, jest } from '@jest/globals';

describe('imported globals', () => {
  test('asymmetric matchers', () => {
    const f = jest.fn((x) => ({ id: x, tags: ['a', 'b'] }));
    f(7);
    expect(f).toHaveReturnedWith(expect.objectContaining({ id: 7 }));
    expect(f.mock.results[0].value).toEqual({ id: expect.any(Number), tags: expect.arrayContaining(['b']) });
    expect('decisionprof').toMatch(/prof$/);
  });
});

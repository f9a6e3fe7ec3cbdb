import { vi, test, expect } from 'vitest';

// the test timeout is decisionprof's own (--test-timeout); the call is accepted
vi.setConfig({ testTimeout: 1000 });

test('throws', () => {
  expect(() => { throw new Error('boom'); }).toThrowErrorMatchingSnapshot();
  expect(() => { throw new TypeError('bad'); }).toThrowErrorMatchingInlineSnapshot(`[TypeError: bad]`);
});

test('counts', () => {
  expect(1).toMatchInlineSnapshot(`1`);
  expect('two').toMatchSnapshot();
});

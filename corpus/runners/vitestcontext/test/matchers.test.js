import { expect, it } from 'vitest';

// a custom matcher as @testing-library/jest-dom writes them: its message from `this.utils` and
// `this.isNot`
expect.extend({
  toBeWithin(received, lo, hi) {
    const { matcherHint, printReceived, printExpected } = this.utils;
    return {
      pass: received >= lo && received <= hi,
      message: () =>
        `${matcherHint('toBeWithin', 'received', 'lo, hi', { isNot: this.isNot })}\n\n` +
        `Expected ${printReceived(received)} ${this.isNot ? 'not ' : ''}to be within ${printExpected(lo)} and ${printExpected(hi)}`,
    };
  },
});

const plain = (f) => {
  try {
    f();
  } catch (e) {
    return e.message.replace(/\u001b\[\d+m/g, '');
  }
  return 'no error';
};

it('gives a custom matcher its context', () => {
  expect(5).toBeWithin(1, 10);
  expect(50).not.toBeWithin(1, 10);
  expect(plain(() => expect(50).toBeWithin(1, 10))).toContain(
    'expect(received).toBeWithin(lo, hi)\n\nExpected 50 to be within 1 and 10',
  );
  expect(plain(() => expect(5).not.toBeWithin(1, 10))).toContain(
    'expect(received).not.toBeWithin(lo, hi)\n\nExpected 5 not to be within 1 and 10',
  );
});

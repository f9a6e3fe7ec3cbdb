const { sum } = require('./helpers/sum');

test('adds', () => {
  expect(globalThis.SETUP_RAN).toBe(true);
  expect(sum(1, 2)).toBe(3);
});

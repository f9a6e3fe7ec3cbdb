const ms = require('ms');
const { timeout, describe: say, where } = require('../src/timeout');

test('the package is the root __mocks__ file without a jest.mock call', () => {
  expect(timeout('1s')).toBe(2000);
  expect(timeout('')).toBe(0);
  expect(say(5)).toBe('mocked 5');
  expect(ms).toHaveBeenCalledTimes(2);
  expect(jest.isMockFunction(ms)).toBe(true);
});

test('requireActual gives the real package', () => {
  expect(jest.requireActual('ms')('1m')).toBe(60000);
});

test('a built-in is not mocked without a jest.mock call', () => {
  expect(where()).toBe(require('os').platform());
  expect(where()).not.toBe('mocked-os');
});

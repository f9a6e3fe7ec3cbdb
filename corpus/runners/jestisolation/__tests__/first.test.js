const cache = require('../lib/cache');
const clock = require('../lib/clock');

test('a fresh cache takes two entries', () => {
  expect(cache.remember('a', 1)).toBe(true);
  expect(cache.remember('b', 2)).toBe(true);
  expect(cache.remember('c', 3)).toBe(false);
});

test('a larger limit holds for this file', () => {
  cache.configure({ limit: 3 });
  expect(cache.remember('c', 3)).toBe(true);
  expect(cache.size()).toBe(3);
});

test('the setup file ticked once', () => {
  expect(clock.ticks()).toBe(1);
});

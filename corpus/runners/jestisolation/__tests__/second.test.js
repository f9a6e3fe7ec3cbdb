const cache = require('../lib/cache');
const clock = require('../lib/clock');

test('the cache starts empty with its default limit', () => {
  expect(cache.size()).toBe(0);
  expect(cache.remember('x', 1)).toBe(true);
  expect(cache.remember('y', 2)).toBe(true);
  expect(cache.remember('z', 3)).toBe(false);
});

test('the setup file ticked once', () => {
  expect(clock.ticks()).toBe(1);
});

// `.only` keeps the other tests of this file from running, not those of the other files
const cache = require('../lib/cache');

test.only('runs alone in its file', () => {
  expect(cache.remember('k', 1)).toBe(true);
});

test('is left out by the only above', () => {
  throw new Error('a test left out by `.only` ran');
});

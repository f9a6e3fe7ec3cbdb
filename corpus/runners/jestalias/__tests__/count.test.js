const { count } = require('@/count');
const settings = require('settings');

test('aliases resolve in tests and in the modules they load', () => {
  expect(settings.limit).toBe(3);
  expect(count([1, null, 2])).toBe(2);
  expect(count([1, 2, 3, 4, 5])).toBe(3);
  expect(require('@/util').clamp(9, 4)).toBe(4);
});

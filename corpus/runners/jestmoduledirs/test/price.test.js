const { price } = require('lib/price');
const { money } = require('format');

test('bulk orders get a discount', () => {
  expect(price(200, 10, false)).toBe('$1800.00');
});

test('members get another', () => {
  expect(price(3, 10, true)).toBe('$28.50');
  expect(money(1)).toBe('$1.00');
});

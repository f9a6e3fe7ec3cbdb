const { rank } = require('../rank');

test('ranks long words by length', () => {
  expect(rank('apple', 'kiwi')).toBe(1);
  expect(rank('fig', 'kiwi')).toBe(0);
});

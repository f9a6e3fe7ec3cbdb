const { configure, greet } = require('../src/greet');
require('regenerator-runtime/runtime');

test('a file configures French for itself', () => {
  configure({ locale: 'fr' });
  expect(greet('Ann')).toBe('Bonjour Ann');
});

test('a file replaces and adds globals', () => {
  global.Date = function FakeDate() { return { fake: true }; };
  global.leftBehind = 'a';
  expect(new Date().fake).toBe(true);
  expect(typeof regeneratorRuntime).toBe('object');
});

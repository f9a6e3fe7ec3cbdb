const { greet } = require('../src/greet');
require('regenerator-runtime/runtime');

test('the next file starts in English', () => {
  expect(greet('Ann')).toBe('Hello Ann');
  expect(greet('Bo')).toBe('Hello Bo');
});

test('the next file has the real globals and none another file added', () => {
  expect(typeof global.leftBehind).toBe('undefined');
  expect(new Date(0).getTime()).toBe(0);
});

test("a dependency's global is there for every file that requires it", () => {
  expect(typeof regeneratorRuntime.mark).toBe('function');
});

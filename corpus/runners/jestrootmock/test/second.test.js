const ms = require('ms');

test('each test file gets the mock anew', () => {
  expect(ms.mock.calls.length).toBe(0);
  expect(ms('2s')).toBe(4000);
});

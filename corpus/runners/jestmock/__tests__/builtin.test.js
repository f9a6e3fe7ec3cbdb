jest.mock('fs');
jest.mock('os');
const fs = require('fs');
const os = require('os');
const { size } = require('../lib/files');

test('automocks a built-in', () => {
  expect(fs.readFileSync('x')).toBeUndefined();
  fs.readFileSync.mockReturnValue('abcd');
  expect(size('whatever')).toBe(4);
  expect(require('path').resolve('a')).toMatch(/a$/);
});

test('takes a built-in mock from __mocks__ at the root', () => {
  expect(os.hostname()).toBe('mocked-host');
});

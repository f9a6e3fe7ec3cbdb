const { use } = require('../lib/user');
const { size } = require('../lib/files');

test('a file without mocks gets the real modules', () => {
  expect(use()).toBe('uses real');
  expect(size('package.json')).toBeGreaterThan(10);
  expect(require('os').hostname()).not.toBe('mocked-host');
});

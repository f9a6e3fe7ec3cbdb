const test = require('node:test');

test('registered before the exit', () => {});
test('also registered before it', () => {});

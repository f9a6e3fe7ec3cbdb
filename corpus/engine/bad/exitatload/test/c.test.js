const test = require('node:test');

test('in a file loaded after the exit', () => {});

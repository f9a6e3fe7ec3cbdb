const test = require('node:test');
const assert = require('node:assert');
const path = require('node:path');

test('argv names this file only', () => {
  assert.deepStrictEqual(process.argv.slice(1).map((f) => path.basename(f)), ['b.test.js']);
});
test('b2', () => {});

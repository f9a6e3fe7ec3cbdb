const test = require('node:test');
const assert = require('node:assert');
const path = require('node:path');

test('argv names this file only', () => {
  assert.strictEqual(process.argv.length, 2);
  assert.strictEqual(path.basename(process.argv[1]), 'a.test.js');
});
test('exits', () => {
  process.exit(0);
});
test('after the exit', () => {});

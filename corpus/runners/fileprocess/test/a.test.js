const { test } = require('node:test');
const assert = require('node:assert');
const { register, handles } = require('../lib/registry.js');

test('a file registers its own handler', () => {
  assert.strictEqual(register('yaml'), 3);
  assert.ok(handles('yaml'));
});
test('and sees it afterwards', () => {
  assert.ok(handles('yaml') && handles('json'));
});

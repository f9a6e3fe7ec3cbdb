const { test } = require('node:test');
const assert = require('node:assert');
const { handles, handlers } = require('../lib/registry.js');

test('another file starts with the defaults', () => {
  assert.deepStrictEqual(handlers, ['json', 'text']);
});
test('and does not see the first file\'s handler', () => {
  assert.ok(!handles('yaml') && handles('text'));
});

const { test } = require('node:test');
const assert = require('node:assert');

test('a failing subtest fails its parent', async (t) => {
  await t.test('passes', () => { assert.ok(true); });
  await t.test('fails', () => { assert.strictEqual(1 + 1, 3); });
});

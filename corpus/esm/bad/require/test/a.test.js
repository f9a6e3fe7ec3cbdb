const assert = require('assert');
it('require of an ES module with top-level await fails as in node', () => {
  assert.throws(() => require('../lib/mod.mjs'), (e) => e.code === 'ERR_REQUIRE_ASYNC_MODULE');
});
it('require of an ES module without it gives the namespace (node 20.19+)', () => {
  const ns = require('../lib/plain.mjs');
  assert.strictEqual(ns.y, 2);
  assert.strictEqual(ns.default, 'plain');
});
it('import() of it works', async () => {
  const m = await import('../lib/mod.mjs');
  assert.strictEqual(m.x, 1);
});
it('require of a .js file written as an ES module gives its namespace', () => {
  const { pick } = require('../lib/pick.js');
  assert.strictEqual(pick(1, 2), 'both');
  assert.strictEqual(pick(0, 2), 'not both');
  assert.strictEqual(pick(3, -1), 'not both');
});

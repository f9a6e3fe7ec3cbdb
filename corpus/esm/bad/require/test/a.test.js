const assert = require('assert');
it('require of an ES module fails as in node', () => {
  assert.throws(() => require('../lib/mod.mjs'), (e) => e.code === 'ERR_REQUIRE_ESM' || e.code === 'ERR_REQUIRE_ASYNC_MODULE');
});
it('import() of it works', async () => {
  const m = await import('../lib/mod.mjs');
  assert.strictEqual(m.x, 1);
});

const assert = require('assert');
const { known } = require('../lib');
const memo = require('../fixtures/memo');
it('fills the cache only when the check runs', function () {
  assert.strictEqual(known(false, 'abcd'), false);
  assert.deepStrictEqual(memo.stats(), { size: 0, misses: 0 });
  assert.strictEqual(known(true, 'abcd'), true);
  assert.deepStrictEqual(memo.stats(), { size: 1, misses: 1 });
  assert.strictEqual(known(false, 'xyz'), false);
  console.log(JSON.stringify(memo.stats()));
});

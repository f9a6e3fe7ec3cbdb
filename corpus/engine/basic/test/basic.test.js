const assert = require('assert');
const lib = require('../lib');

describe('classify', function () {
  it('big even', function () { assert.strictEqual(lib.classify(12), 'big-even'); });
  it('big', () => { assert.equal(lib.classify(-11), 'big'); });
  it('small', () => { assert.deepStrictEqual([lib.classify(3)], ['small']); });
  describe('async', () => {
    let before = 0;
    beforeEach(() => { before++; });
    it('done callback', (done) => { setTimeout(() => { assert.ok(before > 0); done(); }, 5); });
    it('promise', () => new Promise((r) => setImmediate(r)).then(() => assert.strictEqual(before, 2)));
    it('async fn', async () => { await null; console.log('async ran', before); });
  });
});

describe('Counter', () => {
  it('emits', () => {
    const c = new lib.Counter();
    const seen = [];
    c.on('inc', (n) => seen.push(n));
    c.inc().inc();
    assert.deepEqual(seen, [1, 2]);
    console.log(seen, { a: 1, b: 'two', c: [1, 2, { d: null }] }, lib.describe(5));
    console.log(lib.data, new Map([[1, 'a']]), new Set(['x']));
  });
  it('fails on purpose', () => { assert.strictEqual(1, 2); });
});

'use strict';
const assert = require('assert');
const fx = require('../lib/effects');

describe('speculative checks are undone', () => {
  it('leaves globals, closures, properties, arrays, maps and sets as they were', () => {
    const before = fx.snapshot();
    assert.strictEqual(fx.tryAll(false), 0);
    assert.deepStrictEqual(fx.snapshot(), before);
    assert.deepStrictEqual(before.arr, [1, 2, 3]);
    assert.deepStrictEqual(before.stateKeys, ['existing']);
    assert.strictEqual(before.hiddenEnumerable, false);
    assert.deepStrictEqual(before.map, [['a', 1]]);
    assert.deepStrictEqual(before.set, [1]);
    assert.strictEqual(before.accBacking, 1);
    assert.strictEqual(before.accProto, true);
    console.log('after speculation', fx.snapshot());
  });
  it('real evaluation still has its effects', () => {
    assert.strictEqual(fx.tryAll(true), 16);
    const after = fx.snapshot();
    assert.strictEqual(after.closureVar, 1);
    assert.strictEqual(after.gCount, 1);
    assert.strictEqual(after.accBacking, undefined);
    assert.strictEqual(after.accProto, false);
    assert.deepStrictEqual(after.map, []);
    assert.deepStrictEqual(after.set, []);
    console.log('after real run', after);
  });
  it('survives throwing, endless and dependent checks', () => {
    assert.strictEqual(fx.throwing(null), true);
    assert.strictEqual(fx.throwsLater(true), true);
    assert.strictEqual(fx.endless(false), false);
    assert.strictEqual(fx.dependent(), true);
    assert.strictEqual(fx.outer(false, 3), false);
    assert.strictEqual(fx.outer(true, 3), true);
    assert.strictEqual(fx.inner(7), false);
  });
});

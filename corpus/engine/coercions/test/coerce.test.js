'use strict';
const assert = require('assert');
const c = require('../lib/coerce');

describe('coercions in checks', function () {
  it('keeps values that are not boolean', function () {
    let objects = 0;
    let sum = 0;
    for (let i = 0; i < 200; i++) {
      if (c.pickTemp(i % 10, c.make.temp(i)) instanceof Object) objects++;
      sum += c.pickDoubled(i % 10) || 0;
    }
    assert.strictEqual(objects, 200);
    assert.strictEqual(sum, 1200);
    console.log('objects', objects, 'sum', sum);
  });
  it('compares through valueOf, toString and Symbol.toPrimitive', function () {
    let warm = 0, hot = 0, rich = 0;
    for (let i = 0; i < 200; i++) {
      if (c.warm(i % 10, c.make.temp(i % 25))) warm++;
      if (c.tagged(i % 10, c.make.tag(i % 40 === 0 ? 'hot' : 'cold'))) hot++;
      if (c.rich(i % 10, c.make.money(i))) rich++;
    }
    console.log('warm', warm, 'hot', hot, 'rich', rich);
    assert.deepStrictEqual([warm, hot, rich], [32, 5, 99]);
  });
});

'use strict';
const assert = require('assert');
const fx = require('../lib/effects.js');

describe('checks with effects', function () {
  it('count what they take', function () {
    let n = 0;
    for (let x = 0; x < 30; x++) if (fx.counter(x)) n++;
    assert.strictEqual(n, 10);
    assert.strictEqual(fx.taken(), 10);
  });
  it('print what they check', function () {
    let n = 0;
    for (let x = 0; x < 12; x++) if (fx.printing(x)) n++;
    assert.strictEqual(n, 3);
    for (let x = 0; x < 4; x++) assert.strictEqual(fx.quiet(x), false);
  });
  it('match words and digits', function () {
    const words = ['ab', 'abc', 'abcd', 'a1', 'a12', 'xyz9', 'hello', '12345'];
    assert.deepStrictEqual(words.map(fx.word), [false, true, true, false, false, false, true, false]);
    // the global expression goes on from where the last match ended: 'xyz9' matches from index 3
    assert.deepStrictEqual(words.map(fx.digits), [false, false, false, false, true, true, false, true]);
    assert.deepStrictEqual(words.map(fx.shaped), [false, true, true, false, false, false, true, false]);
    assert.deepStrictEqual(words.map(fx.masked), [false, false, false, false, true, true, false, true]);
  });
  it('try then on what may not be a promise', function () {
    const values = [null, null, 1, 'x', null, {}, null, 2];
    assert.deepStrictEqual(values.map(fx.settled), [true, true, false, false, true, false, true, false]);
  });
  it('try exec on what may be a regular expression', function () {
    const values = [/a/g, null, {}, /b/y, 'c', /d/, null, []];
    assert.deepStrictEqual(values.map(fx.regexy), [true, false, false, true, false, true, false, false]);
  });
  it('schedule timers and promise jobs', function (done) {
    let n = 0;
    for (let x = 0; x < 20; x++) {
      if (fx.timer(x)) n++;
      if (fx.jobs(x)) n++;
    }
    assert.strictEqual(n, 7);
    setTimeout(() => {
      assert.deepStrictEqual(fx.later().sort((a, b) => a - b), [-15, -10, -5, -0, 0, 4, 8, 12, 16]);
      done();
    }, 20);
  });
});

'use strict';
const assert = require('assert');
const { grade } = require('../lib/grade');

describe('grade', function () {
  it('grades a class', function () {
    const counts = { A: 0, B: 0, C: 0, F: 0 };
    for (let s = 0; s < 100; s++) counts[grade(s)]++;
    assert.deepStrictEqual(counts, { A: 10, B: 10, C: 10, F: 70 });
  });
  it('waits for a report that never comes', function () {
    return new Promise(() => {});
  });
  it('waits less than the limit', function (done) {
    setTimeout(done, 20);
  });
  it('sets a longer limit of its own', function (done) {
    this.timeout(3000);
    setTimeout(() => done(assert.strictEqual(grade(95), 'A')), 450);
  });
});

'use strict';
const assert = require('assert');
const { indices } = require('../lib/indices.js');

describe('indices', function () {
  it('keeps dense indices', function () {
    for (let n = 0; n < 5; n++) assert.deepStrictEqual(indices(new Array(n).fill(0)), Object.keys(new Array(n).fill(0)));
  });
  it('drops named properties after many calls', function () {
    const a = ['x', 'y'];
    a.foo = 1;
    a.bar = 2;
    const got = indices(a);
    assert.deepStrictEqual(Object.getOwnPropertyNames(got), ['0', '1', 'length']);
    assert.deepStrictEqual(got, ['0', '1']);
  });
});

'use strict';
const assert = require('assert');
const made = require('../lib/made.js');

describe('checks that make objects', function () {
  it('write only their own', function () {
    const values = ['s', () => 1, 2, 't', function f() {}, {}, 'u', null];
    assert.deepStrictEqual(values.map(made.own), [true, true, false, true, true, false, true, false]);
  });
  it('let one escape', function () {
    const values = ['s', 2, 't', 3, 'u', 'v'];
    assert.deepStrictEqual(values.map(made.escapes), [true, true, true, true, true, true]);
    assert.strictEqual(made.saved(), 2);
  });
  it('write variables of their own calls, or of one made before', function () {
    const values = ['s', 3, 10, 't', 0];
    assert.deepStrictEqual(values.map(made.scanned), [true, true, false, true, true]);
    assert.deepStrictEqual(['s', 1, 't'].map(made.counted), [true, true, true]);
  });
  it('put back what they set, or not', function () {
    assert.deepStrictEqual(['s', 1, 't', 2].map(made.probe), [true, true, true, true]);
    assert.deepStrictEqual(['s', 1, 't'].map(made.move), [true, true, true]);
  });
  it('delete what they set', function () {
    assert.deepStrictEqual(['s', 't'].map(made.clear), [true, true]);
    assert.strictEqual(made.shelf(), 1);
  });
  it('write arrays built-ins made for them, or ones made before', function () {
    assert.deepStrictEqual(['s', 1, 't', 2].map(made.ordered), [true, true, true, true]);
    assert.deepStrictEqual(['s', 1, 't'].map(made.pooled), [true, true, true]);
    assert.deepStrictEqual(['s', 1, 't'].map(made.revive), [true, true, true]);
    assert.ok(made.poolSize() >= 1 && made.revivedSize() === 1);
  });
  it('write one an outer check made', function () {
    const values = [-1, 1, 5, 200, -3, 4];
    assert.deepStrictEqual(values.map(made.nested), [true, false, true, false, true, true]);
  });
});

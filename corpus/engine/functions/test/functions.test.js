'use strict';
const assert = require('assert');
const lib = require('../lib');

describe('functions', () => {
  it('a class extending Function is built through super()', () => {
    const c = new lib.Callable();
    assert.ok(c instanceof lib.Callable);
    assert.strictEqual(c(2), 'one or two');
    assert.strictEqual(c(3), 'other');
  });
  it('a project function keeps its source text', () => {
    assert.strictEqual(lib.source(lib.spaced), 'function   spaced( a,b ) { return a && b; }');
    assert.strictEqual(lib.source(lib.arrow), "(a) => a || 'none'");
    assert.strictEqual(lib.source(lib.shapes.area), 'area(w, h) { return w > 0 && h > 0 ? w * h : 0; }');
    assert.strictEqual(String(Object.getOwnPropertyDescriptor(lib.shapes, 'unit').get), "get unit() { return 'px'; }");
    assert.strictEqual(String(lib.Box.prototype.size), 'size() { return 1; }');
  });
  it('an ES module function keeps its source text', async () => {
    const m = await import('../lib/esm.mjs');
    assert.strictEqual(lib.source(m.pick), 'function   pick( a,b ) { return a && b ? a : b; }');
    assert.strictEqual(m.pick(1, 2), 1);
  });
  it('a test function keeps its source text', () => {
    function zomg() { return 'desu'; }
    assert.strictEqual(lib.source(zomg), "function zomg() { return 'desu'; }");
    assert.strictEqual(String((x) => x + 1), '(x) => x + 1');
  });
  it('built-ins and made functions keep theirs', () => {
    assert.strictEqual(Function.prototype.toString.call(Math.max), 'function max() { [native code] }');
    assert.strictEqual(String(Function.prototype.toString), 'function toString() { [native code] }');
    assert.strictEqual(new Function('a', 'return a')(5), 5);
  });
});

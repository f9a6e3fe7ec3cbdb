'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { Shape, Circle, Anonymous, make, counter, tryNull } = require('../lib/shapes');

test('keys, JSON and for-in are unchanged', () => {
  const { obj, copy } = make(3);
  assert.deepStrictEqual(Object.keys(obj), ['a', 'b', 'nested', 'fn']);
  assert.strictEqual(JSON.stringify(obj), '{"a":1,"b":[1,2,3],"nested":{"deep":true}}');
  const seen = [];
  for (const k in copy) seen.push(k);
  assert.deepStrictEqual(seen, ['a', 'b', 'nested', 'fn', 'extra']);
  assert.deepStrictEqual(Object.getOwnPropertyNames(obj.b), ['0', '1', '2', 'length']);
  assert.strictEqual(obj.fn(), 1);
});

test('names of functions and classes are unchanged', () => {
  const { named } = make(1);
  assert.strictEqual(named.name, 'named');
  assert.strictEqual(named(), 1);
  assert.strictEqual(Shape.name, 'Shape');
  assert.strictEqual(Circle.name, 'Circle');
  assert.strictEqual(Anonymous.name, 'Anonymous');
  assert.strictEqual(make.length, 1);
});

test('classes, prototypes and getters behave', () => {
  const c = new Circle(2);
  assert.ok(c instanceof Shape);
  assert.strictEqual(Object.getPrototypeOf(c), Circle.prototype);
  assert.strictEqual(c.describe(), 'a circle');
  assert.strictEqual(c.label, 'CIRCLE');
  assert.strictEqual(c.area(), 13);
  assert.deepStrictEqual(Object.keys(c), ['kind', 'r']);
});

test('arrays from built-ins, frozen objects, closures, errors', () => {
  const { list, frozen } = make(2);
  assert.deepStrictEqual(list, [4, 6]);
  assert.ok(Array.isArray(list));
  assert.ok(Object.isFrozen(frozen));
  const k = counter();
  k.inc();
  k.inc();
  assert.strictEqual(k.value, 2);
  assert.deepStrictEqual(Object.keys(k), ['inc', 'value']);
  assert.strictEqual(tryNull({}), true);
});

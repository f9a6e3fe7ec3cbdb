'use strict';
// Objects, closures and classes whose every visible trait the tests check, profiled and not.

class Shape {
  constructor(kind) { this.kind = kind; }
  describe() { return 'a ' + this.kind; }
  get label() { return this.kind.toUpperCase(); }
}

class Circle extends Shape {
  constructor(r) { super('circle'); this.r = r; }
  area() { return Math.round(Math.PI * this.r * this.r); }
}

const Anonymous = class {};

function make(n) {
  const named = () => n;
  const obj = { a: 1, b: [1, 2, n], nested: { deep: true }, fn: function () { return this.a; } };
  const list = [n, n + 1].map((x) => x * 2).filter((x) => x > 0);
  const copy = { ...obj, extra: list };
  const frozen = Object.freeze({ k: n });
  return { named, obj, list, copy, frozen };
}

function counter() {
  let count = 0;
  return { inc: () => ++count, get value() { return count; } };
}

function tryNull(o) {
  try {
    return o.missing.deeper;
  } catch (e) {
    return e instanceof TypeError;
  }
}

module.exports = { Shape, Circle, Anonymous, make, counter, tryNull };

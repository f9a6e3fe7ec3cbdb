'use strict';
// Value-context decisions (their value, not only its truthiness, is used) whose checks go through
// getters, valueOf, toString and Symbol.toPrimitive. A decision is reordered only when every leaf
// was always boolean: the first two return an object and a number, the last three compare.

function costly(n) {
  let s = 0;
  for (let i = 0; i < 40; i++) s += i % 3;
  return n < s;
}

class Temp {
  constructor(c) { this.c = c; }
  valueOf() { return this.c; }
}
class Tag {
  constructor(t) { this.t = t; }
  toString() { return this.t; }
}
class Money {
  constructor(v) { this.v = v; }
  [Symbol.toPrimitive](hint) { return hint === 'number' ? this.v : '$' + this.v; }
}
const box = { n: 3, get doubled() { return this.n * 2; } };

exports.pickTemp = (n, t) => costly(n) && t;
exports.pickDoubled = (n) => costly(n) && box.doubled;
exports.warm = (n, t) => costly(n) && t > 20;
exports.tagged = (n, g) => costly(n) && `${g}` === 'hot';
exports.rich = (n, m) => costly(n) && +m > 100;
exports.make = { temp: (c) => new Temp(c), tag: (t) => new Tag(t), money: (v) => new Money(v) };

'use strict';
const assert = require('assert');
const kind = require('lib/kind');
const { sides } = require('shapes');

let n = 0;
for (let i = 0; i < 200; i++) {
  assert.strictEqual(kind(i % 3 === 0 ? 'a' : [i]), i % 3 === 0 ? 'string' : 'array');
  n += sides(i % 2 ? 'square' : 'triangle');
}
assert.strictEqual(n, 700);
console.log('kinds ok');

'use strict';
const assert = require('assert');
const test = require('node:test');
const { hot, cold, busy } = require('../lib/index.js');

// Most of the run: once per process, outside the tests the gate times.
assert.ok(busy(400));

test('hot path', () => {
  let n = 0;
  for (let i = 0; i < 60000; i++) n += hot('word' + (i % 500));
  assert.strictEqual(n, 0);
});

test('cold path', () => {
  let m = 0;
  for (const s of ['word1', 'x', 'word399']) m += cold(s);
  assert.strictEqual(m, 0);
});

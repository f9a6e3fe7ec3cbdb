'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { render, sumPairs, remember, total } = require('../lib/waste');

const N = 12000;

test('render scales', () => {
  let s = 0;
  for (let i = 0; i < N; i++) s += render(i);
  assert.strictEqual(s, N * (N - 1));
});

test('pairs sum', () => {
  assert.strictEqual(sumPairs(N), 575999996000);
});

test('remember keeps entries', () => {
  for (let i = 0; i < 500; i++) remember('k' + i, i);
});

test('points total', () => {
  assert.strictEqual(total(1000), 1498500);
});

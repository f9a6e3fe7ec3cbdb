'use strict';
const assert = require('assert');
const test = require('node:test');
const { flagged } = require('../lib/index.js');

test('flags nothing short', () => {
  const start = process.hrtime.bigint();
  let n = 0;
  for (let i = 0; i < 3000; i++) if (flagged('word' + (i % 400))) n++;
  assert.strictEqual(n, 0);
  console.log('took ' + (Number(process.hrtime.bigint() - start) / 1e6).toFixed(3) + ' ms');
});

'use strict';
// a plain script that ends as qunit-extras ends a run: its checks pass, then `process.exit(0)`
// from a timer
const assert = require('assert');
const pick = (a, b) => (a.length > 3 && b.length > 3 ? a : b);
setTimeout(() => {
  assert.strictEqual(pick('abcd', 'efgh'), 'abcd');
  console.log('all passed');
  process.exit(0);
}, 0);

'use strict';
// checks run as the file loads, with no test around them (as tap files with top-level asserts)
const assert = require('assert');
const { cacheable } = require('../lib/route');
let n = 0;
for (let i = 0; i < 20000; i++) {
  if (cacheable({ method: i % 10 === 0 ? 'GET' : 'POST', path: '/static/a/' + (i % 97) + '.css' })) n++;
}
assert.strictEqual(n, 2000);

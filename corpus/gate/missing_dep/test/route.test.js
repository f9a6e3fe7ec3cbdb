'use strict';
const assert = require('assert');
const { cacheable } = require('../lib/route');

describe('cacheable', () => {
  it('screens a day of requests', () => {
    let n = 0;
    for (let i = 0; i < 20000; i++) {
      const req = { method: i % 10 === 0 ? 'GET' : 'POST', path: '/static/app/' + (i % 97) + '.css' };
      if (cacheable(req)) n++;
    }
    assert.strictEqual(n, 2000);
  });
});

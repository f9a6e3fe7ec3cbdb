'use strict';
const assert = require('assert');
const api = require('../index');

describe('shipping (the built root index)', function () {
  it('is free for VIPs with large orders', function () {
    assert.strictEqual(api.shipping({ total: 80, items: 2, customer: 'ada' }), 0);
  });
  it('charges the rest', function () {
    let sum = 0;
    for (let i = 0; i < 300; i++) sum += api.shipping({ total: i % 120, items: i % 25, customer: 'c' + i });
    assert.strictEqual(sum, 1254);
  });
});

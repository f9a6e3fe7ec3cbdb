const { describe, it, beforeEach } = require('node:test');
const assert = require('node:assert');
const { shipping } = require('../lib/vip.js');

let prepared = 0;
describe('shipping', () => {
  beforeEach(() => { prepared++; });

  it('fees', async (t) => {
    // set up by the parent, read by its subtests, torn down after them
    const orders = [];
    for (let i = 0; i < 400; i++) orders.push({ total: i % 50, customer: 'c' + i });
    t.beforeEach(() => { prepared++; });
    await t.test('small orders', async (st) => {
      let sum = 0;
      for (const o of orders) sum += shipping(o);
      assert.strictEqual(sum, 2000);
      await st.test('a VIP ships free', () => {
        assert.strictEqual(shipping({ total: 80, customer: 'ada' }), 0);
      });
    });
    orders.length = 0;
    await t.test('hooks ran for every subtest', () => {
      // the suite's beforeEach and the parent's, for each subtest and the nested one
      assert.strictEqual(prepared, 7);
    });
    await t.test('a failing subtest fails alone', () => {
      assert.strictEqual(shipping({ total: 10, customer: 'alan' }), 0);
    });
  });

  it('after the subtests', () => {
    assert.strictEqual(shipping({ total: 99, customer: 'alan' }), 0);
  });
});

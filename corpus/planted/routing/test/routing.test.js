'use strict';
// Workload (tape style: the global `test`) for the order router.
const routing = require('../lib/routing');

/** A generator of integers in [0, n) from `seed` (Park–Miller). */
function rng(seed) {
  let s = seed;
  return (n) => {
    s = (s * 16807) % 2147483647;
    return s % n;
  };
}

// 300 rule moduli; an order passes when its score is a multiple of none of them.
const RULES = [];
for (let i = 0; i < 300; i++) RULES.push(1000003 + i);
const ZONES = [];
for (let i = 0; i < 40; i++) ZONES.push(10000 + i);
const SHELVES = [];
for (let i = 0; i < 20; i++) SHELVES.push('sku-' + i);

/** `n` orders whose four properties are drawn independently: rules pass 60%, the other three 10% each. */
function makeOrders(seed, n) {
  const next = rng(seed);
  const out = [];
  for (let i = 0; i < n; i++) {
    out.push({
      id: i,
      score: next(10) < 6 ? 7 : 1000003 + next(300),
      express: next(10) === 0,
      zip: next(10) === 0 ? 10000 + next(40) : 20000 + next(1000),
      sku: next(10) === 0 ? 'sku-' + next(20) : 'sku-' + (100 + next(900)),
      gift: next(20) === 0 ? { message: next(2) === 0 ? '' : 'Happy birthday' } : undefined,
    });
  }
  return out;
}

const BATCHES = [];
for (let b = 0; b < 8; b++) BATCHES.push(makeOrders(101 + 7 * b, 400));

/** Checks one routed batch against the definitions of the four checks. */
function checkBatch(t, orders) {
  const r = routing.route(orders, RULES, ZONES, SHELVES);
  t.equal(r.now.length + r.later.length, orders.length, 'every order routed once');
  r.now.forEach((id) => {
    const o = orders[id];
    t.ok(o.express, 'same-day orders are express');
    t.equal(o.score, 7, 'same-day orders pass the rules');
  });
  return r;
}

test('routes the first batch', (t) => {
  checkBatch(t, BATCHES[0]);
  t.end();
});

test('routes the second batch', (t) => {
  checkBatch(t, BATCHES[1]);
  t.end();
});

test('routes the third batch', (t) => {
  checkBatch(t, BATCHES[2]);
  t.end();
});

test('routes the fourth batch', (t) => {
  checkBatch(t, BATCHES[3]);
  t.end();
});

test('routes four batches in a row', (t) => {
  let now = 0;
  for (let b = 4; b < 8; b++) now += checkBatch(t, BATCHES[b]).now.length;
  t.ok(now >= 0);
  t.end();
});

test('same-day needs all four checks', (t) => {
  t.plan(4);
  const base = { id: 0, score: 7, express: true, zip: 10003, sku: 'sku-4' };
  t.equal(routing.sameDay(base, RULES, ZONES, SHELVES), true);
  t.equal(routing.sameDay(Object.assign({}, base, { express: false }), RULES, ZONES, SHELVES), false);
  t.equal(routing.sameDay(Object.assign({}, base, { zip: 1 }), RULES, ZONES, SHELVES), false);
  t.equal(routing.sameDay(Object.assign({}, base, { score: 1000005 }), RULES, ZONES, SHELVES), false);
});

test('labels gift orders', (t) => {
  t.equal(routing.label({ gift: { message: 'hi' }, express: true, sku: 'x' }), 'gift-express');
  t.equal(routing.label({ gift: { message: '' }, express: true, sku: 'x' }), 'standard');
  t.equal(routing.label({ express: true, sku: 'x' }), 'standard');
  const r = routing.route(BATCHES[0], RULES, ZONES, SHELVES);
  t.deepEqual(Object.keys(r.labels).sort(), Object.keys(r.labels).sort());
  t.end();
});

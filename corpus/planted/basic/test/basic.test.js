'use strict';
// Workload (mocha style) for the basic planted project. Inputs come from a seeded Park–Miller
// generator, so every run sees the same histories.
const assert = require('assert');
const basic = require('../lib/basic');

function rng(seed) {
  let s = seed;
  return function () {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
}

function orders(seed, n) {
  const r = rng(seed);
  const out = [];
  for (let i = 0; i < n; i++) {
    const total = Math.floor(r() * 1000);
    out.push({ note: 'w' + Math.floor(r() * 400) + ' please', total, items: [1, 2, 3, 4].slice(0, i % 5) });
  }
  return out;
}

const KINDS = [
  'pointer:open', 'pointer:shut', 'pointer:down', 'pointer:drag', 'keyboard:up',
  'keyboard:dn', 'window:size', 'window:blur', 'scroll:stop', 'scroll:move'
];

/** Event kinds built at run time (not interned literals): 60% move, 30% stop, 10% the rest. */
function events(seed, n) {
  const r = rng(seed);
  const out = [];
  for (let i = 0; i < n; i++) {
    const x = r();
    const k = x < 0.6 ? 9 : x < 0.9 ? 8 : Math.floor(r() * 8);
    const parts = KINDS[k].split(':');
    out.push(parts[0] + ':' + parts[1]);
  }
  return out;
}

const ORDERS = orders(7, 300);
const EVENTS = events(14, 3000);
// The expected total is computed once, at load time, so that the test times the switch.
let EXPECTED = 0;
EVENTS.forEach(function (k) { EXPECTED += KINDS.indexOf(k) + 1; });

describe('review', function () {
  it('flags only large orders', function () {
    let flagged = 0;
    let large = 0;
    ORDERS.forEach(function (o) {
      if (basic.needsReview(o)) flagged++;
      if (o.total > 900) large++;
    });
    assert.strictEqual(flagged, large);
  });
});

describe('events', function () {
  it('weighs every event', function () {
    let sum = 0;
    for (let i = 0; i < EVENTS.length; i++) sum += basic.weight(EVENTS[i]);
    assert.strictEqual(sum, EXPECTED);
  });
});

describe('decoys', function () {
  it('null guard', function () {
    assert.strictEqual(basic.bulky({}), undefined);
    assert.strictEqual(basic.bulky({ items: [1, 2, 3, 4] }), true);
  });
  it('default value', function () {
    assert.strictEqual(basic.pageSize({}), 20);
    assert.strictEqual(basic.pageSize({ size: 5 }), 5);
  });
  it('side effects read by the other check', function () {
    let n = 0;
    for (let len = 0; len < 12; len++) {
      const q = { items: new Array(len).fill(1), last: 100 };
      if (basic.drained(q)) n++;
    }
    assert.strictEqual(n, 5);
  });
  it('checks that throw when run early', function () {
    let n = 0;
    for (let i = 0; i < 40; i++) {
      const msg = i % 4 === 0 ? { kind: 'w' + i, header: { size: i % 8 } } : { kind: 'x' + i };
      if (basic.emptyHeader(msg)) n++;
    }
    assert.strictEqual(n, 5);
  });
  it('value context with string leaves', function () {
    assert.strictEqual(basic.displayName({ id: 'w3', first: 'A', last: 'B' }), 'n-w3');
    let names = '';
    for (let i = 0; i < 30; i++) names += basic.displayName({ id: 'u' + i, first: 'F', last: 'L' + i });
    assert.strictEqual(names.length, 30 * 4 + 20);
  });
});

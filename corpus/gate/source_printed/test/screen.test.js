'use strict';
// Workload (mocha style): deterministic inputs from a seeded Park–Miller generator.
const assert = require('assert');
const screen = require('../lib/screen');

function orders(seed, n) {
  let s = seed;
  const r = () => (s = (s * 16807) % 2147483647) / 2147483647;
  const out = [];
  for (let i = 0; i < n; i++) {
    out.push({ note: 'w' + Math.floor(r() * 300) + ' note', total: Math.floor(r() * 1000) });
  }
  return out;
}

describe('screen', () => {
  it('flags large orders', () => {
    const n = orders(7, 400).filter(screen.flagged).length;
    assert.ok(n > 0 && n < 100);
  });
  it('finds urgent orders', () => {
    const n = orders(11, 400).filter(screen.urgent).length;
    assert.ok(n > 0 && n < 100);
  });
  it('prints the source of flagged', () => {
    console.log(String(screen.flagged));
  });
});

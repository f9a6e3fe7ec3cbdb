// Workload (mocha style globals from the harness) as an ES module with top-level await.
import assert from 'node:assert';
import { createRequire } from 'node:module';
import * as screen from '../lib/screen.js';

const { weight } = await import('../lib/screen.js');
const require = createRequire(import.meta.url);
const dualCjs = require('dual');
const limitsCjs = require('#limits');

function rng(seed) {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return s / 2147483647;
  };
}

describe('screen (esm)', () => {
  it('sees import.meta, JSON, conditions and CommonJS interop', () => {
    assert.strictEqual(screen.where, true);
    assert.strictEqual(import.meta.filename.endsWith('screen.test.js'), true);
    assert.strictEqual(import.meta.dirname.endsWith('test'), true);
    assert.deepStrictEqual(screen.facts, { words: 400, legacy: 'cjs', flavour: 'esm', limit: 900 });
    assert.strictEqual(dualCjs.flavour, 'cjs');
    assert.strictEqual(limitsCjs.LIMIT, -1);
  });

  it('reviews orders', () => {
    const r = rng(7);
    let n = 0;
    for (let i = 0; i < 300; i++) {
      const order = { note: 'w' + Math.floor(r() * 400) + ' x', total: Math.floor(r() * 1000) };
      if (screen.needsReview(order)) n++;
    }
    assert.ok(n > 0 && n < 300);
  });

  it('weighs events', () => {
    const kinds = ['scroll:move', 'scroll:move', 'scroll:stop', 'pointer:open'];
    let sum = 0;
    for (let i = 0; i < 200; i++) sum += weight(kinds[i % 4]);
    assert.strictEqual(sum, 50 * (10 + 10 + 9 + 1));
  });
});

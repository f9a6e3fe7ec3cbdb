'use strict';
// Deterministic catalog fixtures (a seeded Park–Miller generator; no Math.random, no Date).

const VOCAB = ['red', 'blue', 'steel', 'oak', 'cotton', 'lamp', 'chair', 'table', 'mug', 'rug',
  'vase', 'shelf', 'desk', 'bowl', 'plate', 'clock', 'frame', 'sofa', 'bed', 'stool'];

/** A generator of integers in [0, n) from `seed`. */
function rng(seed) {
  let s = seed;
  return function next(n) {
    s = (s * 16807) % 2147483647;
    return s % n;
  };
}

/** `count` products with 120-word descriptions; about 85% archived, 5% on sale, every 10th aliased. */
function products(seed, count) {
  const next = rng(seed);
  const out = [];
  for (let i = 0; i < count; i++) {
    const words = [];
    for (let w = 0; w < 120; w++) words.push(VOCAB[next(VOCAB.length)]);
    out.push({
      id: i,
      name: 'product-' + i,
      vendor: 'vendor-' + next(400),
      price: next(1000),
      status: next(100) < 85 ? 'archived' : 'active',
      sale: next(100) < 5 ? 10 : 0,
      tags: next(3) === 0 ? undefined : [VOCAB[next(20)], VOCAB[next(20)]],
      words,
    });
  }
  return out;
}

/** Alias table: every 10th product of `count` has an alias, plus `extra` unrelated entries. */
function aliases(count, extra) {
  const out = [];
  for (let i = 0; i < extra; i++) out.push(['retired-' + i, 'old-' + i]);
  for (let i = 0; i < count; i += 10) out.push(['product-' + i, 'alias-' + i]);
  return out;
}

/** Block list of 250 vendors; only vendor-0 ... vendor-9 of the generated ones are on it. */
function blocked() {
  const out = [];
  for (let i = 0; i < 240; i++) out.push('shady-' + i);
  for (let i = 0; i < 10; i++) out.push('vendor-' + i);
  return out;
}

module.exports = { rng, products, aliases, blocked, VOCAB };

'use strict';
// Planted waste and planted non-waste for js-flow. Each site is marked `SITE name` so tests find
// its line; corpus/java/flow/Waste.java has the same shapes.

const cache = {};

function scale(x, options) {
  // `options` is passed in and never looked at
  return x * 2;
}

/** A per-call options object nobody reads: never used. */
function render(i) {
  return scale(i, { verbose: false, depth: 3 }); // SITE options
}

/** A temporary array per iteration that never leaves it: a reuse candidate. */
function sumPairs(n) {
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const pair = [i, i + 1]; // SITE pair
    sum += pair[0] * pair[1];
  }
  return sum;
}

/** Cache entries written and never read back: write-read imbalance, never used. */
function remember(key, value) {
  cache[key] = { value: value, at: key }; // SITE entry
}

/** Points returned to the caller and used there: not waste. */
function makePoint(x, y) {
  return { x: x, y: y }; // SITE point
}

function total(n) {
  let t = 0;
  for (let i = 0; i < n; i++) {
    const p = makePoint(i, 2 * i);
    t += p.x + p.y;
  }
  return t;
}

module.exports = { render, sumPairs, remember, makePoint, total };

// Workload for earcut: triangulating generated polygons with holes, the shape of earcut's own
// suite (many polygons, each a tight loop of geometric decisions).
import { test } from 'node:test';
import assert from 'node:assert';
import earcut, { deviation } from 'earcut';

/** A deterministic generator (mulberry32), so every run triangulates the same polygons. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A star-shaped outline of `n` points (radius 0.5-1 around the origin) and `holes` small
 *  circles of 12 points inside radius 0.4, flattened as earcut takes them. */
function polygon(n, holes, seed) {
  const next = random(seed);
  const data = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    const r = 0.5 + next() / 2;
    data.push(r * Math.cos(a), r * Math.sin(a));
  }
  const holeIndices = [];
  for (let h = 0; h < holes; h++) {
    holeIndices.push(data.length / 2);
    const a = (2 * Math.PI * h) / holes;
    const cx = 0.25 * Math.cos(a), cy = 0.25 * Math.sin(a);
    for (let i = 0; i < 12; i++) {
      const b = (-2 * Math.PI * i) / 12;
      data.push(cx + 0.05 * Math.cos(b), cy + 0.05 * Math.sin(b));
    }
  }
  return { data, holeIndices };
}

// one hole at most: earcut sorts several holes, and engines' sort algorithms call the comparator
// (a decision) a different number of times
for (const n of [20, 60, 200, 400]) {
  for (const holes of [0, 1]) {
    for (const seed of [1, 2, 3]) {
      test(`star of ${n} points, ${holes} holes, seed ${seed}`, () => {
        const { data, holeIndices } = polygon(n, holes, seed * 7919 + n);
        const triangles = earcut(data, holeIndices);
        const points = data.length / 2;
        assert.strictEqual(triangles.length / 3, points + 2 * holes - 2);
        assert.ok(deviation(data, holeIndices, 2, triangles) < 1e-9);
      });
    }
  }
}

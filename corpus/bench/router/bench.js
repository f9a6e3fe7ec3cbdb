'use strict';
// Benchmark: routes 40000 generated requests and prints how many hit each method and a checksum.
const { compile, route } = require('./router');

// BENCH_SCALE (default 1) shrinks the input for quick runs, e.g. BENCH_SCALE=0.1 in CI: the embedded
// engine is two orders of magnitude slower than node, and the instrumented run slower again.
const SCALE = Number(process.env.BENCH_SCALE) > 0 ? Number(process.env.BENCH_SCALE) : 1;

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'];
const RESOURCES = ['users', 'orders', 'items', 'carts', 'reviews', 'invoices', 'sessions', 'tokens'];

const defs = [];
RESOURCES.forEach((res) => {
  METHODS.forEach((m) => {
    defs.push(m + ' /api/v1/' + res + '/:id');
    defs.push(m + ' /api/v1/' + res + '/:id/history');
  });
});
const routes = compile(defs);

let seed = 42;
/** Park–Miller generator: integers in [0, n). */
function next(n) {
  seed = (seed * 16807) % 2147483647;
  return seed % n;
}

const hits = [0, 0, 0, 0];
let checksum = 0;
let misses = 0;
const REQUESTS = Math.round(40000 * SCALE);
for (let i = 0; i < REQUESTS; i++) {
  const method = METHODS[next(10) < 7 ? 0 : next(4)];
  const res = RESOURCES[next(RESOURCES.length)];
  const path = '/API/v1/' + res + '/' + next(100000) + (next(3) === 0 ? '/history' : '');
  const r = route(routes, method, path);
  if (r < 0) misses++;
  else {
    hits[METHODS.indexOf(method)]++;
    checksum = (checksum * 31 + r) % 1000000007;
  }
}
console.log('hits', hits.join(' '), 'misses', misses, 'checksum', checksum);

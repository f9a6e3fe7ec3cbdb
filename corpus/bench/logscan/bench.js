'use strict';
// Benchmark: generates 30000 access-log lines and scans them; prints the summary.
const { scan } = require('./scan');

// BENCH_SCALE (default 1) shrinks the input for quick runs, e.g. BENCH_SCALE=0.1 in CI: the embedded
// engine is two orders of magnitude slower than node, and the instrumented run slower again.
const SCALE = Number(process.env.BENCH_SCALE) > 0 ? Number(process.env.BENCH_SCALE) : 1;

let seed = 99;
/** Park–Miller generator: integers in [0, n). */
function next(n) {
  seed = (seed * 16807) % 2147483647;
  return seed % n;
}

const blocklist = [];
for (let i = 0; i < 150; i++) blocklist.push('10.66.' + (i >> 4) + '.' + i);
const watch = ['/admin', '/login', '/api/pay', '/export', '/upload', '/reset', '/search', '/graphql'];
const PATHS = ['/admin/users', '/login', '/api/pay/42', '/static/app.js', '/export/csv', '/img/logo.png',
  '/search?q=x', '/graphql', '/health', '/about'];

const lines = [];
const LINES = Math.round(30000 * SCALE);
for (let i = 0; i < LINES; i++) {
  const level = next(10) < 7 ? 'DEBUG' : (next(10) < 8 ? 'INFO' : 'WARN');
  const ip = next(200) === 0 ? blocklist[next(150)] : '192.168.' + next(256) + '.' + next(256);
  const status = next(10) === 0 ? 500 + next(4) : 200 + next(5);
  const ms = next(1000);
  lines.push(level + ' ' + ip + ' ' + status + ' ' + ms + ' ' + PATHS[next(PATHS.length)]);
}

let total = { skipped: 0, alerts: 0, bytes: 0 };
for (let round = 0; round < 3; round++) {
  const r = scan(lines, blocklist, watch);
  total = { skipped: total.skipped + r.skipped, alerts: total.alerts + r.alerts, bytes: total.bytes + r.bytes };
}
console.log('skipped', total.skipped, 'alerts', total.alerts, 'bytes', total.bytes);

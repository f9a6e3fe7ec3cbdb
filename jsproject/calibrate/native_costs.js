// Microbenchmark behind the native-cost model (run by `decisionprof bench natives`, under node).
// For each built-in it times calls on inputs of two sizes and fits ns = base + per × size; both
// are divided by the time of one branch point of typical code, so the engine can charge the work
// a built-in does in branch-point units. Prints the table as JSON on stdout.
'use strict';

const SMALL = 8;
const LARGE = 1024;
const MIN_NS = 20e6; // time each case at least this long
let sink = 0;

function nowNs() {
  return Number(process.hrtime.bigint());
}

// Mean ns per call of `f(i)` (f is called with a counter so the JIT cannot hoist it).
function time(f) {
  for (let i = 0; i < 2000; i++) sink ^= f(i) ? 1 : 0;
  let calls = 0;
  let spent = 0;
  let batch = 256;
  while (spent < MIN_NS) {
    const start = nowNs();
    for (let i = 0; i < batch; i++) sink ^= f(i) ? 1 : 0;
    spent += nowNs() - start;
    calls += batch;
    if (batch < 1 << 20) batch *= 2;
  }
  return spent / calls;
}

function text(n) {
  let s = '';
  const alphabet = 'Lorem ipsum Dolor sit amet, consectetur ADIPISCING elit ';
  while (s.length < n) s += alphabet;
  return s.slice(0, n);
}
function numbers(n) {
  const a = [];
  for (let i = 0; i < n; i++) a.push((i * 7919) % 1000);
  return a;
}
function record(n) {
  const o = {};
  for (let i = 0; i < n / 8; i++) o['key' + i] = i;
  return o;
}

// ns per branch point: a loop step calling a function with an `if` (three branch points: the loop
// body, the function entry, the taken arm), the shape of typical instrumented code.
function branchPointNs() {
  const a = numbers(4096);
  function step(xs, i) {
    if (xs[i & 4095] > 500) {
      return xs[i & 4095] - 1;
    } else {
      return 0;
    }
  }
  return time((i) => step(a, i)) / 3;
}

// [name, size kind, make(n) → f(i)]: `this` and `arg0` sizes are string/array lengths, `result`
// the length of what the call returns, `nlogn` the receiver's n·log2(n).
const cases = [
  ['String.prototype.toLowerCase', 'this', (n) => { const s = text(n); return () => s.toLowerCase().length; }],
  ['String.prototype.toUpperCase', 'this', (n) => { const s = text(n); return () => s.toUpperCase().length; }],
  ['String.prototype.trim', 'this', (n) => { const s = ' ' + text(n) + ' '; return () => s.trim().length; }],
  ['String.prototype.indexOf', 'this', (n) => { const s = text(n); return () => s.indexOf('zq'); }],
  ['String.prototype.lastIndexOf', 'this', (n) => { const s = text(n); return () => s.lastIndexOf('zq'); }],
  ['String.prototype.includes', 'this', (n) => { const s = text(n); return () => s.includes('zq'); }],
  ['String.prototype.split', 'this', (n) => { const s = text(n); return () => s.split(' ').length; }],
  ['String.prototype.replace', 'this', (n) => { const s = text(n); return () => s.replace('zq', 'y').length; }],
  ['String.prototype.replaceAll', 'this', (n) => { const s = text(n); return () => s.replaceAll('o', '0').length; }],
  ['String.prototype.slice', 'this', (n) => { const s = text(n); return (i) => s.slice(i & 3).length; }],
  ['String.prototype.substring', 'this', (n) => { const s = text(n); return (i) => s.substring(i & 3).length; }],
  ['String.prototype.padStart', 'this', (n) => { const s = text(n); return () => s.padStart(n + 8).length; }],
  ['String.prototype.repeat', 'this', (n) => { const s = text(n); return () => s.repeat(2).length; }],
  ['String.prototype.localeCompare', 'this', (n) => { const s = text(n), t = text(n) + 'x'; return () => s.localeCompare(t); }],
  ['String.prototype.normalize', 'this', (n) => { const s = text(n); return () => s.normalize().length; }],
  ['String.prototype.match', 'this', (n) => { const s = text(n); return () => (s.match(/o/g) || []).length; }],
  ['String.prototype.search', 'this', (n) => { const s = text(n); return () => s.search(/zq/); }],
  ['RegExp.prototype.test', 'arg0', (n) => { const s = text(n); const re = /zq\d/; return () => re.test(s); }],
  ['RegExp.prototype.exec', 'arg0', (n) => { const s = text(n); const re = /zq\d/; return () => re.exec(s) !== null; }],
  ['Array.prototype.indexOf', 'this', (n) => { const a = numbers(n); return () => a.indexOf(-1); }],
  ['Array.prototype.lastIndexOf', 'this', (n) => { const a = numbers(n); return () => a.lastIndexOf(-1); }],
  ['Array.prototype.includes', 'this', (n) => { const a = numbers(n); return () => a.includes(-1); }],
  ['Array.prototype.join', 'this', (n) => { const a = numbers(n); return () => a.join(',').length; }],
  ['Array.prototype.slice', 'this', (n) => { const a = numbers(n); return () => a.slice(1).length; }],
  ['Array.prototype.concat', 'this', (n) => { const a = numbers(n); return () => a.concat([1]).length; }],
  ['Array.prototype.reverse', 'this', (n) => { const a = numbers(n); return () => a.reverse().length; }],
  ['Array.prototype.sort', 'nlogn', (n) => { const a = numbers(n); return () => a.slice().sort((x, y) => x - y).length; }],
  ['Array.prototype.map', 'this', (n) => { const a = numbers(n); return () => a.map((x) => x).length; }],
  ['Array.prototype.filter', 'this', (n) => { const a = numbers(n); return () => a.filter((x) => x < 0).length; }],
  ['Array.prototype.forEach', 'this', (n) => { const a = numbers(n); let c = 0; return () => { a.forEach(() => { c++; }); return c; }; }],
  ['Array.prototype.some', 'this', (n) => { const a = numbers(n); return () => a.some((x) => x < 0); }],
  ['Array.prototype.every', 'this', (n) => { const a = numbers(n); return () => a.every((x) => x >= 0); }],
  ['Array.prototype.find', 'this', (n) => { const a = numbers(n); return () => a.find((x) => x < 0) === undefined; }],
  ['Array.prototype.findIndex', 'this', (n) => { const a = numbers(n); return () => a.findIndex((x) => x < 0); }],
  ['Array.prototype.reduce', 'this', (n) => { const a = numbers(n); return () => a.reduce((s, x) => s + x, 0); }],
  ['JSON.parse', 'arg0', (n) => { const s = JSON.stringify(numbers(n / 4)); return () => JSON.parse(s).length; }],
  ['JSON.stringify', 'result', (n) => { const a = numbers(n / 4); return () => JSON.stringify(a).length; }],
  ['Object.keys', 'result', (n) => { const o = record(n); return () => Object.keys(o).length; }],
  ['Object.values', 'result', (n) => { const o = record(n); return () => Object.values(o).length; }],
  ['Object.entries', 'result', (n) => { const o = record(n); return () => Object.entries(o).length; }],
  ['parseInt', 'arg0', (n) => { const s = '1'.repeat(Math.min(n, 300)); return () => parseInt(s, 10) > 0; }],
  ['parseFloat', 'arg0', (n) => { const s = '1'.repeat(Math.min(n, 300)); return () => parseFloat(s) > 0; }],
  ['Number', 'arg0', (n) => { const s = '1'.repeat(Math.min(n, 300)); return () => Number(s) > 0; }],
  ['ToNumber', 'arg0', (n) => { const s = '1'.repeat(Math.min(n, 300)); return () => +s > 0; }],
];

// Fixed-cost events (size `none`): [name, f(i) with the event, f(i) without it], each called
// 12 frames deep, where V8's stack trace (10 frames by default) is as long as in a test.
function deep(n, f, i) {
  return n === 0 ? f(i) : deep(n - 1, f, i) + 0;
}
const events = [
  ['Catch',
    () => { try { return Symbol.prototype.toString.call({}) === ''; } catch (e) { return 1; } },
    () => { try { return Symbol.prototype.toString.call(Symbol.iterator) === ''; } catch (e) { return 1; } }],
];

// The size the engine sees for a case built with `n` (what `kind` measures).
function size(name, kind, n) {
  if (name === 'JSON.parse') return JSON.stringify(numbers(n / 4)).length;
  if (name === 'JSON.stringify') return JSON.stringify(numbers(n / 4)).length;
  if (name.startsWith('Object.')) return Math.floor(n / 8);
  if (['parseInt', 'parseFloat', 'Number', 'ToNumber'].includes(name)) return Math.min(n, 300);
  if (kind === 'nlogn') return n * Math.log2(n);
  return n;
}

const bp = branchPointNs();
const table = { ns_per_branch_point: +bp.toFixed(4), small: SMALL, large: LARGE, costs: {} };
for (const [name, kind, make] of cases) {
  const small = time(make(SMALL));
  const large = time(make(LARGE));
  const s = size(name, kind, SMALL);
  const l = size(name, kind, LARGE);
  const per = Math.max(0, (large - small) / (l - s));
  const base = Math.max(0, small - per * s);
  table.costs[name] = { size: kind, base: +(base / bp).toFixed(3), per: +(per / bp).toFixed(4) };
}
for (const [name, withEvent, without] of events) {
  const ns = time((i) => deep(12, withEvent, i)) - time((i) => deep(12, without, i));
  table.costs[name] = { size: 'none', base: +(Math.max(0, ns) / bp).toFixed(3), per: 0 };
}
table.sink = sink & 1;
process.stdout.write(JSON.stringify(table, null, 1) + '\n');

// Arm chains: else-if ladders, guard sequences and conditional chains, with conditions that write,
// throw, read `this`/`arguments`, hold logical decisions and chains of their own, and suspend.
'use strict';

let calls = 0;
const seen = [];
function note(tag, v) {
  calls++;
  seen.push(tag);
  return v;
}

function grade(score) {
  if (score >= 90) return 'A';
  else if (score >= 75) return 'B';
  else if (note('c', score >= 50)) return 'C';
  else return 'F';
}

function kind(v) {
  if (v == null) return 'nothing';
  if (typeof v === 'string') { return 'string:' + v.length; }
  if (Array.isArray(v) && v.length === 0) return 'empty';
  if (Array.isArray(v)) throw new Error('array of ' + v.length);
  return typeof v;
}

function classify(c) {
  const code = c.charCodeAt(0);
  return code >= 48 && code <= 57 ? 'digit' : code >= 65 && code <= 90 ? 'upper' : (code >= 97 && code <= 122) ? 'lower' : 'other';
}

const counter = {
  n: 0,
  bump() { this.n++; return this.n; },
  pick(k) {
    if (k === 'x' && this.n > 100) { return 'big x'; }
    else if (k === 'y' || arguments.length > 1) return 'y or extra';
    else if (this.bump() > 2) return 'bumped ' + this.n;
    return 'none';
  },
};

function loops(xs) {
  const out = [];
  outer: for (const x of xs) {
    for (let i = 0; i < 3; i++) {
      if (x < 0) continue outer;
      if (x === i) break;
      if (x > 100) break outer;
      if (note('loop', x === 7 && i === 2)) continue;
      out.push(x * 10 + i);
    }
  }
  return out.join(',');
}

function nested(a, b) {
  if (a > 0) {
    if (b > 0) return 'both';
    else if (b < 0) return 'a only, b negative';
    return 'a only';
  } else if (b > 0 ? a === 0 : a === -1 ? b === 0 : false) {
    return 'special';
  } else {
    return a < -5 ? 'very negative' : a < 0 ? 'negative' : 'zero';
  }
}

const table = {};
function remember(k, v) {
  if (k in table) return 'known ' + table[k];
  if ((table[k] = v) > 10) return 'stored big';
  return 'stored';
}

function risky(o) {
  try {
    if (o.a.b === 1) return 'one';
    else if (o.c()) return 'c';
    else return 'neither';
  } catch (e) {
    return 'threw ' + e.constructor.name;
  }
}

function* gen(n) {
  for (let i = 0; i < n; i++) {
    if ((yield i) === 'stop') return;
    if (i > 2) return;
  }
}

async function later(v) {
  if (await Promise.resolve(v === 1)) return 'one';
  else if (v === 2) return 'two';
  return 'other';
}

const results = [];
for (const s of [95, 80, 60, 10]) results.push(grade(s));
for (const v of [null, undefined, 'abc', [], [1, 2], 3, {}]) {
  try { results.push(kind(v)); } catch (e) { results.push(e.message); }
}
for (const c of ['5', 'Q', 'q', '#']) results.push(classify(c));
for (const k of ['x', 'y', 'z', 'z', 'z']) results.push(counter.pick(k));
results.push(counter.pick('w', 1));
results.push(loops([0, 1, 2, 7, -1, 5, 200, 3]));
for (const [a, b] of [[1, 1], [1, -1], [1, 0], [0, 1], [-1, 0], [-9, -9], [-2, -2]]) {
  results.push(nested(a, b));
}
results.push(remember('p', 3), remember('p', 4), remember('q', 30));
results.push(risky({ a: { b: 1 } }), risky({ a: { b: 2 }, c: () => true }), risky({ a: {} }));
results.push(risky({}));
const g = gen(10);
results.push([g.next().value, g.next().value, g.next('stop').done].join('/'));
console.log(results.join('\n'));
console.log('calls', calls, seen.join(' '), JSON.stringify(table), counter.n);
Promise.all([1, 2, 3].map(later)).then((r) => console.log(r.join(' ')));

'use strict';
// Pairs of checks where the first writes state that the second reads inside a called function
// (invisible to lexical read logging), and one pair that only reads shared data.
function bump(o) { o.hits = o.hits + 1; return true; }
function hitsSeen(o) { return o.hits > 2; }
function count(m, key) { m.set(key, (m.get(key) || 0) + 1); return true; }
function counted(m, key) { return m.has(key); }
function append(list, x) { list.push(x); return true; }
function long(list) { return list.length > 3; }
function inRange(o, x) { return x >= o.lo; }
function belowTop(o, x) { return x <= o.hi; }

function run(n) {
  const o = { hits: 0, lo: 2, hi: 7 };
  const m = new Map();
  const list = [];
  const out = [];
  for (let x = 0; x < n; x++) {
    if (bump(o) && hitsSeen(o)) out.push('p');
    if (count(m, x % 3) && counted(m, (x + 1) % 3)) out.push('m');
    if (append(list, x) && long(list)) out.push('a');
    if (inRange(o, x) && belowTop(o, x)) out.push('r');
  }
  return out.join('');
}

module.exports = { run };

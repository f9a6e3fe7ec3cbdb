'use strict';
const saved = {};
const SPACES = /\s+/g;

// builds an array, an object and a Map of its own and writes them, and a global replace leaves
// lastIndex at the 0 it found: nothing outside sees it
function listed(v) {
  const a = [];
  a[a.length] = v;
  a.push(v);
  const o = {};
  o.k = v;
  const m = new Map();
  m.set(v, 1);
  const spaced = 'a  b'.replace(SPACES, ' ') === 'a b';
  return spaced && a.length === 2 && typeof a[0] === 'function' && m.size === 1 && o.k === v;
}
exports.own = (v) => typeof v === 'string' || listed(v);

// its array escapes into an object made before it: writing that object is an effect
function kept(v) {
  const a = [v];
  saved.list = a;
  a.push(v);
  return a.length > 1 && typeof v === 'number';
}
exports.escapes = (v) => typeof v === 'string' || kept(v);
exports.saved = () => (saved.list || []).length;

// the inner decision's second check writes an object the outer check made before it started:
// an effect for the inner decision
function mark(o, v) {
  return v > 100 || (o.seen = v > 3);
}
function visited(v) {
  const o = {};
  return mark(o, v) && o.seen === true;
}
exports.nested = (v) => v < 0 || visited(v);

// its callback writes a variable of the call the check made: nothing outside sees it
function anyOver(list, v) {
  let found = false;
  list.forEach(function (x) {
    if (x > v) found = true;
  });
  return found;
}
exports.scanned = (v) => typeof v === 'string' || anyOver([1, 5, 9], v);

// a counter made before the check: its variable outlives the check
function counter() {
  let n = 0;
  return function () {
    n += 1;
    return n > 0;
  };
}
const bump = counter();
exports.counted = (v) => typeof v === 'string' || bump();

// sets a property and puts it back as it found it (as is-regex does with lastIndex): no effect
function probed(re) {
  const was = re.lastIndex;
  try {
    re.lastIndex = 0;
    return re.exec('') !== undefined;
  } finally {
    re.lastIndex = was;
  }
}
const PROBE = /x/;
exports.probe = (v) => typeof v === 'string' || probed(PROBE);
// leaves it changed: an effect
function moved(re) {
  re.lastIndex = 3;
  return true;
}
exports.move = (v) => typeof v === 'string' || moved(PROBE);

// deletes a property, sets it and deletes it again: gone, though its last logged state is "absent"
// (only ever speculated here: the speculation's snapshot of the object is what says so)
const shelf = { k: 1 };
function cleared() {
  delete shelf.k;
  shelf.k = 2;
  delete shelf.k;
  return true;
}
exports.clear = (v) => typeof v === 'string' || cleared();
exports.shelf = () => shelf.k;

// sorts, reverses and grows arrays built-ins made for it (keys, entries, a split, copies of a
// plain array, a parse): nothing outside sees them
const LETTERS = ['c', 'a', 'b'];
function ordered(o) {
  const keys = Object.keys(o).sort();
  const parts = 'c,b,a'.split(',').reverse();
  const copy = LETTERS.slice();
  copy.sort();
  const doubled = LETTERS.map((x) => x + x).concat(['dd']);
  doubled.push('zz');
  const entries = Object.entries(o);
  entries.pop();
  const parsed = JSON.parse('[1,2]');
  parsed.push(3);
  return keys[0] === 'a' && parts[0] === 'a' && copy[0] === 'a' && doubled.length === 5 &&
    parsed.length === 3 && LETTERS[0] === 'c';
}
exports.ordered = (v) => typeof v === 'string' || ordered({ b: 1, a: v });

// a species constructor hands back an array made before the check, and a reviver an object made
// before it: writing them is an effect
const pool = [];
class Pooled extends Array {
  static get [Symbol.species]() {
    return function () {
      return pool;
    };
  }
}
const POOLED = Pooled.from([1, 2]);
function pooledCopy() {
  const c = POOLED.slice();
  c.push(9);
  return c.length > 0;
}
exports.pooled = (v) => typeof v === 'string' || pooledCopy();
exports.poolSize = () => pool.length;
const revived = [];
function parsedInto() {
  const r = JSON.parse('[1]', (k, v) => (k === '' ? revived : v));
  r.push(1);
  return r.length > 0;
}
exports.revive = (v) => typeof v === 'string' || parsedInto();
exports.revivedSize = () => revived.length;

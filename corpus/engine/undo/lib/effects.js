'use strict';
// Checks with side effects. Every decision below short-circuits its right-hand check when
// called with `false`, so under decisionprof that check runs speculatively and must be undone.
let closureVar = 0;
globalThis.gCount = 0;
const state = { existing: 1 };
Object.defineProperty(state, 'hidden', { value: 1, enumerable: false, writable: true, configurable: true });
const arr = [1, 2, 3];
const m = new Map([['a', 1]]);
const s = new Set([1]);
const acc = {
  _v: 1,
  get v() { return this._v; },
  set v(x) { this._v = x; }
};

const effects = {
  closure() { closureVar++; return true; },
  global() { gCount = gCount + 1; return true; },
  newProp() { state.added = 5; return true; },
  existingProp() { state.existing = 99; return true; },
  deleteProp() { delete state.existing; return true; },
  hiddenProp() { state.hidden = 2; return true; },
  element() { arr[0] = 100; arr[7] = 8; return true; },
  length() { arr.length = 1; return true; },
  push() { arr.push(4, 5); arr.pop(); arr.shift(); arr.unshift(0); return true; },
  reorder() { arr.sort((a, b) => b - a); arr.reverse(); arr.splice(0, 1, 'x', 'y'); arr.fill(0); return true; },
  map() { m.set('b', 2); m.delete('a'); return true; },
  mapClear() { m.clear(); return true; },
  set() { s.add(2); s.delete(1); return true; },
  setClear() { s.clear(); return true; },
  accessor() { acc.v = 42; return true; },
  reflective() {
    Object.assign(state, { assigned: 1 });
    Object.defineProperty(state, 'defined', { value: 2, enumerable: true, configurable: true });
    Reflect.deleteProperty(acc, '_v');
    Object.setPrototypeOf(acc, null);
    return true;
  }
};

function tryAll(flag) {
  let hits = 0;
  if (flag && effects.closure()) hits++;
  if (flag && effects.global()) hits++;
  if (flag && effects.newProp()) hits++;
  if (flag && effects.existingProp()) hits++;
  if (flag && effects.deleteProp()) hits++;
  if (flag && effects.hiddenProp()) hits++;
  if (flag && effects.element()) hits++;
  if (flag && effects.length()) hits++;
  if (flag && effects.push()) hits++;
  if (flag && effects.reorder()) hits++;
  if (flag && effects.map()) hits++;
  if (flag && effects.mapClear()) hits++;
  if (flag && effects.set()) hits++;
  if (flag && effects.setClear()) hits++;
  if (flag && effects.accessor()) hits++;
  if (flag && effects.reflective()) hits++;
  return hits;
}

function snapshot() {
  return {
    closureVar,
    gCount: globalThis.gCount,
    state: Object.assign({}, state),
    stateKeys: Object.keys(state),
    hidden: state.hidden,
    hiddenEnumerable: Object.getOwnPropertyDescriptor(state, 'hidden').enumerable,
    arr: arr.slice(),
    arrLength: arr.length,
    map: Array.from(m.entries()),
    set: Array.from(s),
    accV: acc.v,
    accBacking: acc._v,
    accProto: Object.getPrototypeOf(acc) === Object.prototype
  };
}

// A check that throws when evaluated out of place, and one that never ends.
function throwing(o) {
  return o === null || o.missing.deep === 1;
}
function boom() { throw new Error('boom'); }
function throwsLater(flag) {
  return flag || boom();
}
function spin(flag) {
  let i = 0;
  while (flag || i >= 0) i++;
  return i;
}
function endless(flag) {
  return flag && spin(flag) > 0;
}
// Two checks that depend on each other: the first writes what the second reads.
let shared = 0;
function writeShared() { shared = 1; return false; }
function dependent() {
  return writeShared() || shared === 1;
}
// A decision nested inside a speculated check records nothing while speculating.
function inner(x) { return x > 1 && x < 5; }
function outer(flag, x) { return flag && inner(x); }

module.exports = { tryAll, snapshot, throwing, throwsLater, endless, dependent, outer, inner };

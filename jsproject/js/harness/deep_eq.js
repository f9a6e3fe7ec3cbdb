// decisionprof test harness: the deep equality of tape, node-tap and ava.
'use strict';
// `mode` true: strict; false: tape's loose equality (`==` between primitives, an `arguments`
// object like an array); 'same': tap's `same`, loose, and an array like any object with its
// keys. A pair of objects already being compared further up is taken as equal, so cycles end
// (`a.self = a` against `b.self = b`).
function deepEq(a, b, mode, open) {
  var strict = mode === true;
  if (strict ? Object.is(a, b) || a === b : a == b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  var args = function (o) { return Object.prototype.toString.call(o) === '[object Arguments]'; };
  if (Array.isArray(a) !== Array.isArray(b) && (strict || (mode !== 'same' && !(args(a) || args(b))))) return false;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (a instanceof RegExp && b instanceof RegExp) return String(a) === String(b);
  open = open || [];
  for (var j = 0; j < open.length; j += 2) if (open[j] === a && open[j + 1] === b) return true;
  var ka = Object.keys(a), kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  open.push(a, b);
  try {
    for (var i = 0; i < ka.length; i++) {
      if (!Object.prototype.hasOwnProperty.call(b, ka[i])) return false;
      if (!deepEq(a[ka[i]], b[ka[i]], mode, open)) return false;
    }
  } finally {
    open.length -= 2;
  }
  return true;
}

module.exports = deepEq;

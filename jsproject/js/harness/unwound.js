// decisionprof test harness: `unwound(fn)`, `fn` such that an exception escaping it closes the
// decisions and checks it left open. A check that throws is caught by an assertion
// (`assert.throws`) in code the instrumenter never sees, and a decision left open would take the
// test's later effects for its check's.
'use strict';
module.exports = function unwound(fn) {
  return function () {
    var dp = globalThis.__dp;
    if (!dp || typeof dp.dt !== 'function') return fn.apply(this, arguments);
    var token = dp.dt();
    try { return fn.apply(this, arguments); } catch (e) { dp.u(token); throw e; }
  };
};

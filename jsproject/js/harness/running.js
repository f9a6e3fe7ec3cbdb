// decisionprof test harness: the test being run, `{ name (`a > b`), mochaTitle (`a b`), file }`,
// which the runner sets as each test starts and snapshot names are made of.
'use strict';
var running = null;
// each test's latest start: a test run again (the gate times it in one process) starts afresh
var runs = new WeakMap(), started = 0;
module.exports = {
  get: function () { return running; },
  // back to a test that was running (after a subtest)
  set: function (t) { running = t; },
  // a test starts, or starts again
  begin: function (t) {
    running = t;
    if (t !== null && typeof t === 'object') runs.set(t, ++started);
  },
  // which start of `t` this is
  run: function (t) { return t !== null && typeof t === 'object' ? runs.get(t) : undefined; }
};

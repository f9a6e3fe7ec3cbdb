// decisionprof test harness: the test being run, `{ name (`a > b`), mochaTitle (`a b`), file }`,
// which the runner sets as each test starts and snapshot names are made of.
'use strict';
var running = null;
module.exports = {
  get: function () { return running; },
  set: function (t) { running = t; }
};

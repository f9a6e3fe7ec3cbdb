// decisionprof host: `touch(o)` before the host's JavaScript changes `o` while a check or a
// speculation runs, so that the change can be undone (the host is not instrumented: the engine
// logs `o` as a built-in's mutation).
'use strict';
var host = require('decisionprof:host');
var dp = require('decisionprof:dp');
module.exports = function touch(o) {
  if (dp.on && o !== null && typeof o === 'object') host.touch(o);
};

// decisionprof host, Node's `console`: `format`ted lines through the process's streams, groups,
// counts and timers.
'use strict';
var host = require('decisionprof:host');
var util = require('util');
var format = util.format, inspect = util.inspect;
var process = require('process');
var counts = Object.create(null);
var timersByLabel = Object.create(null);
var groupIndent = '';
var streamWrites = [null, process.stdout.write, process.stderr.write];
function out(fd, s) {
  if (groupIndent) s = groupIndent + s.split('\n').join('\n' + groupIndent);
  // as node's console: through the stream's `write`, which a test may have replaced
  var stream = fd === 1 ? process.stdout : process.stderr;
  if (stream && typeof stream.write === 'function' && stream.write !== streamWrites[fd]) {
    stream.write(s + '\n');
    return;
  }
  if (host.effect(fd === 1 ? 'prints (console.log)' : 'prints (console.error)', false)) return;
  host.write(fd, s + '\n');
}
var console = {
  log: function log() { out(1, format.apply(null, arguments)); },
  info: function info() { out(1, format.apply(null, arguments)); },
  debug: function debug() { out(1, format.apply(null, arguments)); },
  error: function error() { out(2, format.apply(null, arguments)); },
  warn: function warn() { out(2, format.apply(null, arguments)); },
  trace: function trace() { out(2, 'Trace: ' + format.apply(null, arguments)); },
  dir: function dir(v, o) { out(1, inspect(v, o)); },
  assert: function (v) { if (!v) out(2, 'Assertion failed' + (arguments.length > 1 ? ': ' + format.apply(null, Array.prototype.slice.call(arguments, 1)) : '')); },
  count: function (l) { l = l === undefined ? 'default' : String(l); counts[l] = (counts[l] || 0) + 1; out(1, l + ': ' + counts[l]); },
  countReset: function (l) { counts[l === undefined ? 'default' : String(l)] = 0; },
  time: function (l) { timersByLabel[l === undefined ? 'default' : String(l)] = host.hrtimeNs(); },
  timeEnd: function (l) { l = l === undefined ? 'default' : String(l); var t = timersByLabel[l]; if (t !== undefined) { out(1, l + ': ' + ((host.hrtimeNs() - t) / 1e6).toFixed(3) + 'ms'); delete timersByLabel[l]; } },
  timeLog: function (l) { l = l === undefined ? 'default' : String(l); var t = timersByLabel[l]; if (t !== undefined) out(1, l + ': ' + ((host.hrtimeNs() - t) / 1e6).toFixed(3) + 'ms'); },
  group: function () { if (arguments.length) console.log.apply(console, arguments); groupIndent += '  '; },
  groupEnd: function () { groupIndent = groupIndent.slice(2); },
  table: function (v) { out(1, inspect(v)); }
};
console.groupCollapsed = console.group;

module.exports = { console: console };

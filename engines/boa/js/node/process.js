// decisionprof host, Node's `process`: the run's argv and environment, its working directory
// (changing it is an effect), `nextTick`, clocks, stdout and stderr.
'use strict';
var host = require('decisionprof:host');
var EventEmitter = require('events');
var path = require('path');
var inspect = require('util').inspect;
var eventLoop = require('./timers').eventLoop;
var disk = require('./disk');
var builtins = require('./index');
var processEmitter = new EventEmitter();
var workDir = host.cwd;
var startNs = host.hrtimeNs();
var process = Object.assign(processEmitter, {
  argv: host.argv.slice(),
  execArgv: [],
  env: host.env,
  platform: 'linux',
  version: 'v20.0.0',
  versions: { node: '20.0.0', v8: '0.0', boa: '0.22' },
  arch: 'x64',
  pid: 1,
  title: 'node',
  exitCode: undefined,
  release: { name: 'node' },
  cwd: function () { return workDir; },
  getBuiltinModule: function (id) {
    var name = String(id).replace(/^node:/, '');
    return builtins.has(name) ? builtins.require(name) : undefined;
  },
  // the working directory relative paths resolve against; changing it is an effect (excluded
  // while checks run, refused while speculating), as the real call is
  chdir: function chdir(dir) {
    if (typeof dir !== 'string') throw new TypeError('The "directory" argument must be of type string. Received ' + inspect(dir));
    var to = path.resolve(dir);
    var kind = disk.kind(to);
    if (kind !== 2) {
      var e = new Error((kind === 0 ? 'ENOENT: no such file or directory' : 'ENOTDIR: not a directory') + ", chdir '" + workDir + "' -> '" + dir + "'");
      e.code = kind === 0 ? 'ENOENT' : 'ENOTDIR'; e.errno = kind === 0 ? -2 : -20; e.syscall = 'chdir'; e.path = workDir; e.dest = dir;
      throw e;
    }
    host.effect('changes the working directory (process.chdir)', true);
    workDir = to;
  },
  nextTick: function nextTick(fn) {
    if (typeof fn !== 'function') throw new TypeError('The "callback" argument must be of type function. Received ' + inspect(fn));
    if (host.effect('schedules a callback (process.nextTick)', false)) return;
    eventLoop.queueTick(fn, Array.prototype.slice.call(arguments, 1));
  },
  hrtime: function hrtime(prev) {
    var ns = host.hrtimeNs() - startNs;
    var s = Math.floor(ns / 1e9), n = ns - s * 1e9;
    if (prev) { s -= prev[0]; n -= prev[1]; if (n < 0) { s -= 1; n += 1e9; } }
    return [s, n];
  },
  uptime: function () { return (host.hrtimeNs() - startNs) / 1e9; },
  memoryUsage: function () { return { rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 }; },
  cpuUsage: function () { return { user: 0, system: 0 }; },
  exit: function exit(code) { host.exit(code === undefined ? (process.exitCode || 0) : Number(code)); },
  emitWarning: emitWarning,
  binding: function (name) { throw new Error('No such module: ' + name); },
  stdout: outStream(1, 'stdout'),
  stderr: outStream(2, 'stderr')
});
// `process.emitWarning(warning[, type[, code]][, ctor])` or `(warning, { type, code, detail })`:
// as node, the warning (an Error named by its type) is emitted as process's 'warning' event on
// the next tick, and written to stderr then; a deprecation is dropped under `noDeprecation`
function emitWarning(warning, type, code) {
  var detail;
  if (type !== null && typeof type === 'object' && !Array.isArray(type)) {
    detail = type.detail; code = type.code; type = type.type;
  } else if (typeof type === 'function') {
    type = undefined; code = undefined;
  } else if (typeof code === 'function') {
    code = undefined;
  }
  if (typeof warning === 'string') {
    var w = new Error(warning);
    w.name = String(type || 'Warning');
    if (code !== undefined) w.code = code;
    if (detail !== undefined) w.detail = detail;
    warning = w;
  } else if (!(warning instanceof Error)) {
    throw new TypeError('The "warning" argument must be of type string or an instance of Error. Received ' + inspect(warning));
  }
  if (warning.name === 'DeprecationWarning' && process.noDeprecation) return;
  if (host.effect('emits a warning (process.emitWarning)', false)) return;
  eventLoop.queueTick(function () {
    process.emit('warning', warning);
    host.write(2, '(node:' + process.pid + ') ' + (warning.code ? '[' + warning.code + '] ' : '') +
      warning.name + ': ' + warning.message + '\n');
  }, []);
}
// stdout or stderr: an event emitter whose `write` writes (an effect while checks run) and then
// calls its callback, as a stream does (`ansi` listens on it)
function outStream(fd, name) {
  var s = new EventEmitter();
  s.fd = fd;
  s.isTTY = false;
  s.columns = 80;
  s.writable = true;
  s.write = function (chunk, encoding, cb) {
    if (host.effect('writes to ' + name, false)) return true;
    host.write(fd, String(chunk));
    var done = typeof encoding === 'function' ? encoding : cb;
    if (typeof done === 'function') eventLoop.queueTick(done, []);
    return true;
  };
  return s;
}
process.hrtime.bigint = function () { return BigInt(Math.round(host.hrtimeNs())); };

module.exports = { process: process };

// decisionprof host, Node's small modules: `tty`, `perf_hooks`, `async_hooks`, `constants`, `vm`
// (this realm only), and `child_process` and `worker_threads`, which load but whose functions say
// the embedded engine cannot run them.
'use strict';
var stream = require('stream');
var Readable = stream.Readable, Writable = stream.Writable;
var Buffer = require('buffer').Buffer;
var performance = require('./web').performance;
var osConstants = require('os').constants;
var fsConstants = require('fs').constants;
var tty = {
  isatty: function () { return false; },
  ReadStream: Readable,
  WriteStream: Writable
};
function PerformanceObserver() { this.observe = function () {}; this.disconnect = function () {}; }
var perfHooks = { performance: performance, PerformanceObserver: PerformanceObserver };
// AsyncLocalStorage without async context tracking: the store is set for the synchronous part of
// run() (and for promises settled before it returns), as far as an engine without hooks goes
function AsyncLocalStorage() { this._store = undefined; }
AsyncLocalStorage.prototype.getStore = function () { return this._store; };
AsyncLocalStorage.prototype.run = function (store, fn) {
  var prev = this._store;
  this._store = store;
  try { return fn.apply(null, Array.prototype.slice.call(arguments, 2)); } finally { this._store = prev; }
};
AsyncLocalStorage.prototype.enterWith = function (store) { this._store = store; };
AsyncLocalStorage.prototype.exit = function (fn) { return this.run(undefined, fn); };
AsyncLocalStorage.prototype.disable = function () { this._store = undefined; };
function AsyncResource(type) { this.type = type; }
AsyncResource.prototype.runInAsyncScope = function (fn, thisArg) { return fn.apply(thisArg, Array.prototype.slice.call(arguments, 2)); };
AsyncResource.prototype.bind = function (fn) { return fn; };
AsyncResource.bind = function (fn) { return fn; };
var asyncHooks = {
  AsyncLocalStorage: AsyncLocalStorage,
  AsyncResource: AsyncResource,
  createHook: function () { return { enable: function () { return this; }, disable: function () { return this; } }; },
  executionAsyncId: function () { return 1; },
  triggerAsyncId: function () { return 0; }
};
// node's legacy `constants` module: os.constants' tables and fs.constants in one object
var constants = {};
[osConstants.dlopen, osConstants.errno, osConstants.priority, osConstants.signals, fsConstants].forEach(function (t) { Object.assign(constants, t); });
// modules a program often loads but calls only in some tests (a CLI's `spawn`): they load, and
// each function throws when called, naming itself
function unusable(name, fns, values, lacks) {
  var m = values;
  fns.forEach(function (f) {
    m[f] = function () {
      var e = new Error('decisionprof: ' + name + '.' + f + ' is not available in the embedded engine: ' + (lacks || 'no processes or threads in Boa') + '; ' +
        'profile under node with --engine node, or leave the tests that need it out of the workload');
      e.code = 'ERR_DECISIONPROF_BUILTIN';
      throw e;
    };
  });
  return m;
}
var childProcess = unusable('child_process',
  ['spawn', 'spawnSync', 'exec', 'execSync', 'execFile', 'execFileSync', 'fork', 'ChildProcess'], {});
// vm: code runs in this realm (`runInThisContext`, `Script`); a new context is not available
var vm = (function () {
  var m = unusable('vm', ['createContext', 'runInContext', 'runInNewContext', 'compileFunction', 'measureMemory'], {}, 'no second realm in Boa');
  function runHere(code) { return (0, globalThis.eval)(String(code)); }
  function Script(code) {
    if (!(this instanceof Script)) throw new TypeError("Class constructor Script cannot be invoked without 'new'");
    this.code = String(code);
  }
  Script.prototype.runInThisContext = function () { return runHere(this.code); };
  Script.prototype.runInContext = Script.prototype.runInNewContext = function () { return m.runInContext(); };
  Script.prototype.createCachedData = function () { return Buffer.alloc(0); };
  m.Script = Script;
  m.runInThisContext = runHere;
  m.isContext = function () { return false; };
  return m;
})();
var workerThreads = unusable('worker_threads',
  ['Worker', 'MessageChannel', 'MessagePort', 'BroadcastChannel', 'receiveMessageOnPort'],
  { isMainThread: true, parentPort: null, workerData: null, threadId: 0, resourceLimits: {} });

module.exports = {
  tty: tty,
  perf_hooks: perfHooks,
  async_hooks: asyncHooks,
  constants: constants,
  child_process: childProcess,
  vm: vm,
  worker_threads: workerThreads
};

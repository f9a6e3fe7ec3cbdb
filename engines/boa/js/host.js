// decisionprof host prelude for Boa: the globals node programs expect (console, process, Buffer,
// timers, the web's), `Function.prototype.toString` as the program wrote its functions, and the
// driver API the engine runs a workload through (engines/boa/src/run.rs). Node's built-in modules
// are in node/, each required by its name (node/index.js); the CommonJS loader is node/module.js.
// The host is not instrumented: its state-changing built-ins log the objects they are about to
// change while a check or a speculation runs, so they can be undone (node/touch.js).
'use strict';
var host = require('decisionprof:host');
var G = globalThis;
var reflectApply = Reflect.apply;
// the CommonJS loader first: it defines the globals `__dpModules` and `__dpRequireFor`
var loader = require('./node/module');
var util = require('util');
var inspect = util.inspect, format = util.format;
var console = require('console');
var process = require('process');
var Buffer = require('buffer').Buffer;
var timers = require('timers');
var eventLoop = require('./node/timers').eventLoop;
var url = require('url');
var web = require('./node/web');

// ---------------------------------------------------------------- globals
function defineGlobal(name, value) {
  Object.defineProperty(G, name, { value: value, writable: true, configurable: true, enumerable: false });
}
defineGlobal('global', G);
defineGlobal('console', console);
defineGlobal('process', process);
defineGlobal('Buffer', Buffer);
defineGlobal('setTimeout', timers.setTimeout);
defineGlobal('setInterval', timers.setInterval);
defineGlobal('setImmediate', timers.setImmediate);
defineGlobal('clearTimeout', timers.clearTimeout);
defineGlobal('clearInterval', timers.clearInterval);
defineGlobal('clearImmediate', timers.clearImmediate);
if (typeof G.queueMicrotask !== 'function') {
  defineGlobal('queueMicrotask', function queueMicrotask(fn) { Promise.resolve().then(function () { fn(); }); });
}
// built-ins answering as V8's, and the web's globals node has where Boa has none
require('./v8_compat');
var webGlobals = {
  URL: url.URL,
  URLSearchParams: url.URLSearchParams,
  TextEncoder: web.TextEncoder,
  TextDecoder: web.TextDecoder,
  Event: web.Event,
  EventTarget: web.EventTarget,
  AbortController: web.AbortController,
  AbortSignal: web.AbortSignal,
  performance: web.performance,
  crypto: require('crypto').webcrypto,
  atob: web.atob,
  btoa: web.btoa,
  fetch: web.fetch
};
Object.keys(webGlobals).forEach(function (k) { if (globalThis[k] === undefined) defineGlobal(k, webGlobals[k]); });
if (typeof G.structuredClone !== 'function') {
  defineGlobal('structuredClone', require('./structured_clone'));
}

// ---------------------------------------------------------------- speculation support
// The engine logs writes made while speculating; jsproject/js/undo.js takes and restores snapshots.
var U = host.undo;
// ---------------------------------------------------------------- Function.prototype.toString
// An instrumented function's text is the printed instrumented code: give the text the user
// wrote instead (engines/boa/src/fn_source.rs); built-ins keep theirs. A function made by
// `new Function(…)` reads as V8 writes it (Boa gives `[native code]`, and code generators
// that print such a function and evaluate the text again failed).
(function () {
  var fnToString = Function.prototype.toString;
  var NativeFunction = Function, made = new WeakMap();
  var construct = Reflect.construct, toText = String;
  var FunctionMaker = function Function(a) { // eslint-disable-line no-unused-vars
    var args = [];
    for (var i = 0; i < arguments.length; i++) args[i] = toText(arguments[i]);
    var f = construct(NativeFunction, args, new.target && new.target !== FunctionMaker ? new.target : NativeFunction);
    var body = args.length ? args[args.length - 1] : '';
    made.set(f, 'function anonymous(' + args.slice(0, -1).join(',') + '\n) {\n' + body + '\n}');
    return f;
  };
  Object.defineProperty(FunctionMaker, 'prototype', { value: NativeFunction.prototype, writable: false });
  Object.defineProperty(NativeFunction.prototype, 'constructor', { value: FunctionMaker, writable: true, configurable: true, enumerable: false });
  Object.setPrototypeOf(FunctionMaker, Object.getPrototypeOf(NativeFunction));
  defineGlobal('Function', FunctionMaker);
  // node's toString is a native: the built-ins this one calls charge nothing (`host.native`)
  function textOf(f) {
    var own = made.get(f);
    if (own !== undefined) return own;
    var text = fnToString.call(f);
    if (text.indexOf('[native code]') >= 0) return text;
    var original = host.fnText(text);
    return original === null ? text : original;
  }
  var toString = {
    toString() {
      if (this === toString) return 'function toString() { [native code] }';
      return host.native(textOf, undefined, [this]);
    }
  }.toString;
  Object.defineProperty(Function.prototype, 'toString', { value: toString, writable: true, enumerable: false, configurable: true });
})();

// ---------------------------------------------------------------- driver API
var CAUGHT = {}, caughtError;
module.exports = {
  runMain: loader.runMain,
  requireFrom: loader.requireAs,
  // A test file's own modules (jest, vitest): every module but dependencies' (`node_modules`)
  // is forgotten, so the next require evaluates a new instance.
  isolate: function () {
    loader.forgetProjectModules();
    if (G.__dpHarness) G.__dpHarness.freshGlobals();
    if (G.__dpHarness && G.__dpHarness.isolateFile) G.__dpHarness.isolateFile();
  },
  runTicks: eventLoop.runTicks,
  runMacrotask: eventLoop.runMacrotask,
  setUncaughtHandler: eventLoop.setUncaughtHandler,
  inspect: inspect,
  format: format,
  gopd: U.gopd,
  restoreProp: U.restoreProp,
  snapshot: U.snapshot,
  saveInternal: U.saveInternal,
  irreversible: U.irreversible,
  trapReads: U.trapReads,
  // Boa 0.22 leaves the value stack unwound too little when a function called from a native
  // throws from a deeper call and the native catches it: the caller's pending values are then
  // wrong ("not a callable function"). Natives that must survive a throw call through this,
  // so the error is caught in JavaScript (engines/boa/src/guard.rs).
  // `guardCall(f, x, n, a, b, c)` is `f(a, b, c, x)` with the first `n` of a, b, c: the values
  // are the locals a speculation thunk takes, passed on without an array of them; more than
  // three come as one array `a`
  guardCall: function (f, x, n, a, b, c) {
    try {
      switch (n) {
        case 0: return f(x);
        case 1: return f(a, x);
        case 2: return f(a, b, x);
        case 3: return f(a, b, c, x);
      }
      var args = [];
      for (var k = 0; k < a.length; k++) args[k] = a[k];
      args[args.length] = x;
      return reflectApply(f, undefined, args);
    } catch (e) { caughtError = e; return CAUGHT; }
  },
  caught: CAUGHT,
  takeCaught: function () { var e = caughtError; caughtError = undefined; return e; },
  errorText: function (e) {
    if (e instanceof Error) return (e.name || 'Error') + ': ' + e.message;
    return 'thrown: ' + inspect(e);
  },
  errorStack: function (e) {
    if (e instanceof Error && e.stack) return String(e.stack);
    return inspect(e);
  }
};

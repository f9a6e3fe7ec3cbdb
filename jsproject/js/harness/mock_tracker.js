// decisionprof test harness: `node:test`'s `mock` (a MockTracker): mock functions and methods that
// record their calls, restored when the test ends.
'use strict';
function MockTracker() { this.restores = []; }
MockTracker.prototype.fn = function (original, implementation) {
  if (typeof original !== 'function') original = function () {};
  var state = { calls: [], impl: typeof implementation === 'function' ? implementation : original, once: Object.create(null) };
  var f = function () {
    var args = Array.prototype.slice.call(arguments);
    var target = new.target;
    var n = state.calls.length;
    var use = state.once[n] || state.impl;
    delete state.once[n];
    var call = { arguments: args, this: this, target: target, result: undefined, error: undefined };
    try {
      call.result = target ? Reflect.construct(use, args, target) : use.apply(this, args);
      return call.result;
    } catch (e) {
      call.error = e;
      throw e;
    } finally {
      state.calls.push(call);
    }
  };
  f.mock = {
    get calls() { return state.calls.slice(); },
    callCount: function () { return state.calls.length; },
    mockImplementation: function (g) { state.impl = g; },
    mockImplementationOnce: function (g, onCall) { state.once[onCall === undefined ? state.calls.length : onCall] = g; },
    resetCalls: function () { state.calls.length = 0; },
    restore: function () { state.impl = original; }
  };
  return f;
};
MockTracker.prototype.method = function (obj, name, implementation) {
  var desc = Object.getOwnPropertyDescriptor(obj, name);
  var m = this.fn(obj[name], implementation);
  obj[name] = m;
  var restore = function () { if (desc) Object.defineProperty(obj, name, desc); else delete obj[name]; };
  m.mock.restore = restore;
  this.restores.push(restore);
  return m;
};
MockTracker.prototype.restoreAll = function () { this.restores.splice(0).reverse().forEach(function (r) { r(); }); };
MockTracker.prototype.reset = MockTracker.prototype.restoreAll;
Object.defineProperty(MockTracker.prototype, 'timers', {
  get: function () { throw new Error('node:test mock.timers is not supported by decisionprof'); }
});

module.exports = MockTracker;

// decisionprof test harness: the assertions of a tape test (`t.equal`, `t.deepEqual`, `t.throws`,
// `t.intercept`, `t.capture`, … with tape's aliases), and tape's `Test`, whose prototype they
// inherit.
'use strict';
var unwound = require('./unwound');
var deepEq = require('./deep_eq');
// The assertion methods of a tape test, with tape's aliases.
function tapeApi(count, plan, end) {
  // an assertion given tape's `extra` with `skip` or `todo` counts, but cannot fail the test
  var lenient = false;
  function assertion(ok, m, dflt) { count(ok || lenient, m, dflt); }
  function deq(a, b, strict) { return deepEq(a, b, strict); }
  function throwsCheck(fn, expected, m) {
    if (typeof expected === 'string') { m = expected; expected = undefined; }
    var threw = false, err;
    try { unwound(fn)(); } catch (e) { threw = true; err = e; }
    var ok = threw;
    if (threw && expected instanceof RegExp) ok = expected.test(String(err && err.message !== undefined ? err.message : err)) || expected.test(String(err));
    else if (threw && typeof expected === 'function') ok = err instanceof expected || (expected.prototype === undefined && expected(err) === true);
    else if (threw && expected && typeof expected === 'object') ok = Object.keys(expected).every(function (k) { return deq(err[k], expected[k], true); });
    assertion(ok, m, 'should throw');
  }
  var a = {
    plan: plan,
    end: end,
    ok: function (v, m) { assertion(!!v, m, 'should be truthy'); },
    notOk: function (v, m) { assertion(!v, m, 'should be falsy'); },
    error: function (e, m) { assertion(!e, m || (e && e.message), String(e)); },
    equal: function (x, y, m) { assertion(Object.is(x, y) || x === y, m, 'should be strictly equal'); },
    notEqual: function (x, y, m) { assertion(!(Object.is(x, y) || x === y), m, 'should not be strictly equal'); },
    looseEqual: function (x, y, m) { assertion(x == y, m, 'should be loosely equal'); },
    notLooseEqual: function (x, y, m) { assertion(x != y, m, 'should not be loosely equal'); },
    deepEqual: function (x, y, m) { assertion(deq(x, y, true), m, 'should be deeply equivalent'); },
    notDeepEqual: function (x, y, m) { assertion(!deq(x, y, true), m, 'should not be deeply equivalent'); },
    deepLooseEqual: function (x, y, m) { assertion(deq(x, y, false), m, 'should be loosely deeply equivalent'); },
    notDeepLooseEqual: function (x, y, m) { assertion(!deq(x, y, false), m, 'should not be loosely deeply equivalent'); },
    throws: throwsCheck,
    doesNotThrow: function (fn, m) {
      if (typeof m !== 'string') m = undefined;
      var ok = true;
      try { unwound(fn)(); } catch (e) { ok = false; }
      assertion(ok, m, 'should not throw');
    },
    match: function (str, re, m) { assertion(re instanceof RegExp && re.test(String(str)), m, 'should match ' + String(re)); },
    doesNotMatch: function (str, re, m) { assertion(re instanceof RegExp && !re.test(String(str)), m, 'should not match ' + String(re)); },
    pass: function (m) { assertion(true, m, 'pass'); },
    fail: function (m) { assertion(false, m, 'fail'); },
    skip: function () {},
    comment: function () {},
    timeoutAfter: function () {},
    assertion: function (f) { return f.apply(a, Array.prototype.slice.call(arguments, 1)); }
  };
  var aliases = {
    ok: ['true', 'assert'], notOk: ['false', 'notok'], error: ['ifError', 'ifErr', 'iferror'],
    equal: ['equals', 'isEqual', 'strictEqual', 'strictEquals', 'is'],
    notEqual: ['notEquals', 'isNotEqual', 'notStrictEqual', 'notStrictEquals', 'isNot', 'not', 'doesNotEqual', 'isInequal'],
    looseEqual: ['looseEquals'], notLooseEqual: ['notLooseEquals'],
    deepEqual: ['deepEquals', 'isEquivalent', 'same'],
    notDeepEqual: ['notDeepEquals', 'notEquivalent', 'notDeeply', 'notSame', 'isNotDeepEqual', 'isNotDeeply', 'isNotEquivalent', 'isInequivalent']
  };
  Object.keys(a).forEach(function (k) {
    if (EXTRA_AFTER[k] !== undefined) a[k] = tapeExtra(a[k], EXTRA_AFTER[k], function (on) { lenient = on; });
  });
  Object.keys(aliases).forEach(function (k) { aliases[k].forEach(function (n) { a[n] = a[k]; }); });
  a.intercept = function (obj, prop, desc, strictMode) { return tapeIntercept(t, obj, prop, arguments.length > 2 ? desc : {}, strictMode !== false); };
  a.capture = function (obj, method, impl) {
    var w = recorder(impl);
    var restore = mockOwn(obj, method, { value: w.fn, writable: true });
    if (typeof t.teardown === 'function') t.teardown(restore);
    w.results.restore = restore;
    return w.results;
  };
  a.captureFn = function (original) {
    if (typeof original !== 'function') throw new TypeError('`original` must be a function');
    return recorder(original).fn;
  };
  // a test object inherits from tape's Test.prototype, which tests may extend
  // (`require('tape/lib/test').prototype.myAssert = …`)
  var t = Object.create(TapeTest.prototype);
  Object.keys(a).forEach(function (k) { t[k] = a[k]; });
  return t;
}
function TapeTest() { throw new Error('tape Test objects are created by test(), not by new Test()'); }
// Where tape's assertions take their `extra` options: the index of the message before them.
var EXTRA_AFTER = {
  ok: 1, notOk: 1, error: 1, pass: 0, fail: 0, throws: 1, doesNotThrow: 1,
  equal: 2, notEqual: 2, looseEqual: 2, notLooseEqual: 2, deepEqual: 2, notDeepEqual: 2,
  deepLooseEqual: 2, notDeepLooseEqual: 2, match: 2, doesNotMatch: 2
};
// An assertion that honours `{ skip }` or `{ todo }` after its message: it still counts (for
// `plan`), but its failure does not fail the test, as tape reports it `# SKIP` or `# TODO`.
function tapeExtra(f, msgAt, setLenient) {
  return function () {
    var lenient = false;
    for (var i = msgAt + 1; i < arguments.length; i++) {
      var x = arguments[i];
      if (x && typeof x === 'object' && !(x instanceof RegExp) && (x.skip || x.todo)) lenient = true;
    }
    if (!lenient) return f.apply(this, arguments);
    setLenient(true);
    try { return f.apply(this, arguments); } finally { setLenient(false); }
  };
}
// Replaces an own property until the returned restore runs (tape's `mock-property`).
function mockOwn(obj, prop, desc) {
  if (!obj || (typeof obj !== 'object' && typeof obj !== 'function')) throw new TypeError('`obj` must be an object');
  var orig = Object.getOwnPropertyDescriptor(obj, prop);
  var d = { configurable: true, enumerable: desc.enumerable !== undefined ? desc.enumerable : orig ? orig.enumerable : true };
  if ('get' in desc || 'set' in desc) { d.get = desc.get; d.set = desc.set; } else { d.value = desc.value; d.writable = desc.writable; }
  Object.defineProperty(obj, prop, d);
  return function restore() {
    if (orig) Object.defineProperty(obj, prop, orig);
    else delete obj[prop];
  };
}
// A function that records each call (`args`, `receiver`, `returned` or `threw`), calling `impl`.
function recorder(impl) {
  if (impl !== undefined && typeof impl !== 'function') throw new TypeError('`implementation`, if provided, must be a function');
  var calls = [];
  function fn() {
    var args = Array.prototype.slice.call(arguments);
    var done = false;
    try {
      var returned = impl ? impl.apply(this, arguments) : undefined;
      calls.push({ args: args, receiver: this, returned: returned });
      done = true;
      return returned;
    } finally {
      if (!done) calls.push({ args: args, receiver: this, threw: true });
    }
  }
  fn.calls = calls;
  function results() {
    var out = calls;
    calls = [];
    fn.calls = calls;
    return out;
  }
  return { fn: fn, results: results };
}
// tape's `t.intercept`: the property becomes an accessor that records every get and set
// (`type`, `success`, `value`, `args`, `receiver`) until the test ends.
function tapeIntercept(t, obj, prop, desc, strictMode) {
  if (typeof prop !== 'string' && typeof prop !== 'symbol') throw new TypeError('`property` must be a string or a symbol');
  if (!desc || typeof desc !== 'object') throw new TypeError('`desc`, if provided, must be an object');
  var isAccessor = 'get' in desc || 'set' in desc;
  var writable = !!desc.writable;
  var value = isAccessor ? undefined : desc.value;
  var calls = [];
  function record(type, ok, v, args, self, threw) {
    var c = { type: type, success: ok, args: args, receiver: self };
    if (threw) c.threw = true; else c.value = v;
    calls.push(c);
  }
  function get() {
    var args = Array.prototype.slice.call(arguments);
    if (isAccessor && desc.get) {
      try { var r = desc.get.apply(this, arguments); } catch (e) { record('get', false, undefined, args, this, true); throw e; }
      record('get', true, r, args, this);
      return r;
    }
    record('get', true, value, args, this);
    return value;
  }
  function set(v) {
    var args = Array.prototype.slice.call(arguments);
    if (isAccessor && desc.set) {
      try { var r = desc.set.apply(this, arguments); } catch (e) { record('set', false, undefined, args, this, true); throw e; }
      record('set', true, v, args, this);
      return r;
    }
    var can = isAccessor || writable;
    if (can) value = v;
    record('set', can, value, args, this);
    if (!can && strictMode) throw new TypeError('Cannot assign to read only property `' + String(prop) + '`');
    return value;
  }
  // as tape passes it on, `enumerable: true` asks for a non-enumerable property
  var restore = mockOwn(obj, prop, { get: get, set: set, enumerable: !desc.enumerable });
  if (typeof t.teardown === 'function') t.teardown(restore);
  function results() { var out = calls; calls = []; return out; }
  results.restore = restore;
  return results;
}

module.exports = { tapeApi: tapeApi, TapeTest: TapeTest };

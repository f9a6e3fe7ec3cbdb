// decisionprof host, Node's `assert` and `assert/strict`, with node's deep equality (also
// `util.isDeepStrictEqual`'s).
'use strict';
var inspect = require('util').inspect;
var hasOwn = Object.prototype.hasOwnProperty;
// `fn` such that an exception escaping it closes the decisions and checks it left open (the
// assertion catching it is not instrumented): the harness's `unwound`, once the harness is there
function unwound(fn) {
  var h = globalThis.__dpHarness;
  return h && h.unwound ? h.unwound(fn) : fn;
}

// node's deep equality, loose (`==` between primitives) or strict; `memo` holds the pairs being
// compared further up, so cycles end
function isDeepEqual(a, b, strict, memo) {
  if (strict ? Object.is(a, b) : (a == b || (a !== a && b !== b))) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    if (!strict && (typeof a !== 'object' || a === null) && (typeof b !== 'object' || b === null)) return a == b;
    return false;
  }
  if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  var ta = Object.prototype.toString.call(a);
  if (ta !== Object.prototype.toString.call(b)) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (a instanceof Date) { if (a.getTime() !== b.getTime()) return false; }
  else if (a instanceof RegExp) { if (String(a) !== String(b) || a.lastIndex !== b.lastIndex) return false; }
  else if (a instanceof Error) { if (a.message !== b.message || a.name !== b.name) return false; }
  else if (typeof a.valueOf === 'function' && (a instanceof Number || a instanceof String || a instanceof Boolean)) {
    if (!Object.is(a.valueOf(), b.valueOf())) return false;
  }
  memo = memo || { a: [], b: [] };
  for (var m = 0; m < memo.a.length; m++) if (memo.a[m] === a && memo.b[m] === b) return true;
  memo.a.push(a); memo.b.push(b);
  try {
    if (Array.isArray(a) && a.length !== b.length) return false;
    var ka = Object.keys(a), kb = Object.keys(b);
    if (ka.length !== kb.length) return false;
    for (var i = 0; i < ka.length; i++) {
      if (!hasOwn.call(b, ka[i])) return false;
      if (!isDeepEqual(a[ka[i]], b[ka[i]], strict, memo)) return false;
    }
    if (strict) {
      var sa = Object.getOwnPropertySymbols(a).filter(function (s) { return Object.prototype.propertyIsEnumerable.call(a, s); });
      var sb = Object.getOwnPropertySymbols(b).filter(function (s) { return Object.prototype.propertyIsEnumerable.call(b, s); });
      if (sa.length !== sb.length) return false;
      for (var s = 0; s < sa.length; s++) if (!isDeepEqual(a[sa[s]], b[sa[s]], strict, memo)) return false;
    }
    if (a instanceof Map) {
      if (a.size !== b.size) return false;
      var okM = true;
      a.forEach(function (v, k) {
        if (!okM) return;
        if (b.has(k)) { if (!isDeepEqual(v, b.get(k), strict, memo)) okM = false; return; }
        var found = false;
        b.forEach(function (v2, k2) { if (!found && typeof k === 'object' && isDeepEqual(k, k2, strict, memo) && isDeepEqual(v, v2, strict, memo)) found = true; });
        if (!found) okM = false;
      });
      if (!okM) return false;
    } else if (a instanceof Set) {
      if (a.size !== b.size) return false;
      var okS = true;
      a.forEach(function (v) {
        if (!okS || b.has(v)) return;
        var found = false;
        b.forEach(function (v2) { if (!found && typeof v === 'object' && isDeepEqual(v, v2, strict, memo)) found = true; });
        if (!found) okS = false;
      });
      if (!okS) return false;
    }
    return true;
  } finally {
    memo.a.pop(); memo.b.pop();
  }
}

class AssertionError extends Error {
  constructor(options) {
    options = options || {};
    var msg = options.message;
    if (msg === undefined) {
      msg = inspect(options.actual) + ' ' + (options.operator || '==') + ' ' + inspect(options.expected);
      options.generatedMessage = true;
    }
    super(String(msg));
    this.generatedMessage = !!options.generatedMessage;
    this.code = 'ERR_ASSERTION';
    this.actual = options.actual;
    this.expected = options.expected;
    this.operator = options.operator;
  }
}
Object.defineProperty(AssertionError.prototype, 'name', { value: 'AssertionError', writable: true, configurable: true });
function failWith(actual, expected, message, operator, defMsg) {
  if (message instanceof Error) throw message;
  throw new AssertionError({ actual: actual, expected: expected, operator: operator, message: message !== undefined ? message : defMsg });
}
function matchesError(err, expected, message) {
  if (expected === undefined) return true;
  if (typeof expected === 'function') {
    if (expected.prototype !== undefined && err instanceof expected) return true;
    if (Error.isPrototypeOf && Error.isPrototypeOf(expected)) return false;
    if (expected === Error) return false;
    return expected.call({}, err) === true;
  }
  if (expected instanceof RegExp) return expected.test(String(err));
  if (typeof expected === 'object' && expected !== null) {
    var ks = Object.keys(expected);
    for (var i = 0; i < ks.length; i++) {
      var e = expected[ks[i]];
      var a = err == null ? undefined : err[ks[i]];
      if (e instanceof RegExp && typeof a === 'string') { if (!e.test(a)) return false; }
      else if (!isDeepEqual(a, e, true)) return false;
    }
    return true;
  }
  return true;
}
function makeAssert(strict) {
  function assert(v, message) { if (!v) failWith(v, true, message, '==', arguments.length === 0 ? 'No value argument passed to `assert.ok()`' : 'The expression evaluated to a falsy value:\n\n  assert(' + inspect(v) + ')\n'); }
  assert.ok = function ok(v, message) { if (!v) failWith(v, true, message, '==', arguments.length === 0 ? 'No value argument passed to `assert.ok()`' : 'The expression evaluated to a falsy value:\n\n  assert.ok(' + inspect(v) + ')\n'); };
  assert.AssertionError = AssertionError;
  assert.fail = function fail(message) {
    if (message instanceof Error) throw message;
    throw new AssertionError({ message: message === undefined ? 'Failed' : message, operator: 'fail' });
  };
  assert.equal = strict ? strictEqual : function equal(a, b, m) { if (!(a == b || (a !== a && b !== b))) failWith(a, b, m, '=='); };
  assert.notEqual = strict ? notStrictEqual : function notEqual(a, b, m) { if (a == b || (a !== a && b !== b)) failWith(a, b, m, '!='); };
  function strictEqual(a, b, m) { if (!Object.is(a, b)) failWith(a, b, m, 'strictEqual', 'Expected values to be strictly equal:\n\n' + inspect(a) + ' !== ' + inspect(b) + '\n'); }
  function notStrictEqual(a, b, m) { if (Object.is(a, b)) failWith(a, b, m, 'notStrictEqual', 'Expected "actual" to be strictly unequal to: ' + inspect(b)); }
  assert.strictEqual = strictEqual;
  assert.notStrictEqual = notStrictEqual;
  function deepStrictEqual(a, b, m) { if (!isDeepEqual(a, b, true)) failWith(a, b, m, 'deepStrictEqual', 'Expected values to be strictly deep-equal:\n' + inspect(a) + '\n\nshould equal\n\n' + inspect(b)); }
  function notDeepStrictEqual(a, b, m) { if (isDeepEqual(a, b, true)) failWith(a, b, m, 'notDeepStrictEqual', 'Expected "actual" not to be strictly deep-equal to: ' + inspect(b)); }
  assert.deepEqual = strict ? deepStrictEqual : function deepEqual(a, b, m) { if (!isDeepEqual(a, b, false)) failWith(a, b, m, 'deepEqual', 'Expected values to be loosely deep-equal:\n\n' + inspect(a) + '\n\nshould loosely deep-equal\n\n' + inspect(b)); };
  assert.notDeepEqual = strict ? notDeepStrictEqual : function notDeepEqual(a, b, m) { if (isDeepEqual(a, b, false)) failWith(a, b, m, 'notDeepEqual', '"actual" deepEqual "expected"'); };
  assert.deepStrictEqual = deepStrictEqual;
  assert.notDeepStrictEqual = notDeepStrictEqual;
  assert.throws = function throws(fn, expected, message) {
    if (typeof expected === 'string') { message = expected; expected = undefined; }
    var threw = false, err;
    try { unwound(fn)(); } catch (e) { threw = true; err = e; }
    if (!threw) failWith(undefined, expected, message, 'throws', 'Missing expected exception' + (message ? ': ' + message : '.'));
    if (!matchesError(err, expected)) {
      if (typeof expected === 'function' && !(expected.prototype !== undefined && err instanceof expected)) throw err;
      failWith(err, expected, message, 'throws', 'The error is expected to match the validation');
    }
  };
  assert.doesNotThrow = function doesNotThrow(fn, expected, message) {
    try { unwound(fn)(); } catch (e) {
      if (typeof expected === 'string') message = expected;
      failWith(e, expected, message, 'doesNotThrow', 'Got unwanted exception.\nActual message: "' + (e && e.message) + '"');
    }
  };
  assert.rejects = function rejects(p, expected, message) {
    return Promise.resolve().then(function () { return typeof p === 'function' ? p() : p; }).then(function () {
      failWith(undefined, expected, message, 'rejects', 'Missing expected rejection.');
    }, function (err) {
      if (!matchesError(err, expected)) failWith(err, expected, message, 'rejects', 'The error is expected to match the validation');
    });
  };
  assert.doesNotReject = function doesNotReject(p, expected, message) {
    return Promise.resolve().then(function () { return typeof p === 'function' ? p() : p; }).then(function () {}, function (e) {
      failWith(e, expected, message, 'doesNotReject', 'Got unwanted rejection.\nActual message: "' + (e && e.message) + '"');
    });
  };
  assert.ifError = function ifError(e) { if (e !== null && e !== undefined) throw e; };
  assert.match = function match(s, re, m) { if (typeof s !== 'string' || !re.test(s)) failWith(s, re, m, 'match', 'The input did not match the regular expression ' + String(re) + '. Input:\n\n' + inspect(s) + '\n'); };
  assert.doesNotMatch = function doesNotMatch(s, re, m) { if (typeof s !== 'string' || re.test(s)) failWith(s, re, m, 'doesNotMatch', 'The input was expected to not match the regular expression ' + String(re) + '. Input:\n\n' + inspect(s) + '\n'); };
  return assert;
}
var assert = makeAssert(false);
assert.strict = makeAssert(true);
assert.strict.strict = assert.strict;

module.exports = { assert: assert, 'assert/strict': assert.strict, isDeepEqual: isDeepEqual };

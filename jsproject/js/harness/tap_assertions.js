// decisionprof test harness: the assertions node-tap adds to tape's, or means otherwise (`t.same`,
// `t.match`, `t.has`, `t.rejects`, … with tap's synonyms).
'use strict';
var unwound = require('./unwound');
var deepEq = require('./deep_eq');
var errorOf = require('./call').errorOf;
var tapSnapshot = require('./tap_snapshot');
var tapMocks = require('./tap_mocks');
// tap's `t.match`: a value matches itself, a regexp another with its source and flags,
// regexps and strings match text, constructors match instances (or typeof), objects match key
// by key, other values loosely
function tapMatch(found, pattern) {
  if (Object.is(found, pattern)) return true;
  if (pattern instanceof RegExp && found instanceof RegExp) return String(found) === String(pattern);
  if (pattern instanceof RegExp) return pattern.test(String(found));
  if (typeof pattern === 'string') return typeof found === 'string' ? found.indexOf(pattern) >= 0 : String(found) === pattern;
  if (typeof pattern === 'function') {
    return found instanceof pattern || (typeof found === String(pattern.name).toLowerCase());
  }
  if (pattern === null || typeof pattern !== 'object') return found == pattern; // eslint-disable-line eqeqeq
  if (found === null || typeof found !== 'object') return false;
  return Object.keys(pattern).every(function (k) { return tapMatch(found[k], pattern[k]); });
}
function tapHas(found, pattern, strict) {
  if (pattern === null || typeof pattern !== 'object') return strict ? Object.is(found, pattern) : found == pattern; // eslint-disable-line eqeqeq
  if (found === null || typeof found !== 'object') return false;
  return Object.keys(pattern).every(function (k) { return tapHas(found[k], pattern[k], strict); });
}
// The assertions node-tap adds to (or means differently from) tape's, on a test object; `where`
// gives the test's file and its names from the outermost test in (for snapshots).
function tapAssertions(a, assertion, where) {
  function settle(p, onValue, onError) {
    return Promise.resolve(typeof p === 'function' ? p() : p).then(onValue, onError);
  }
  a.same = function (x, y, m) { assertion(deepEq(x, y, 'same'), m, 'should be equivalent'); };
  a.notSame = function (x, y, m) { assertion(!deepEq(x, y, 'same'), m, 'should not be equivalent'); };
  a.strictSame = function (x, y, m) { assertion(deepEq(x, y, true), m, 'should be equivalent strictly'); };
  a.strictNotSame = function (x, y, m) { assertion(!deepEq(x, y, true), m, 'should not be equivalent strictly'); };
  a.match = function (x, p, m) { assertion(tapMatch(x, p), m, 'should match pattern'); };
  a.notMatch = function (x, p, m) { assertion(!tapMatch(x, p), m, 'should not match pattern'); };
  a.has = function (x, p, m) { assertion(tapHas(x, p, false), m, 'should contain all provided fields'); };
  a.hasStrict = function (x, p, m) { assertion(tapHas(x, p, true), m, 'should contain all provided fields strictly'); };
  a.type = function (x, k, m) {
    var ok = typeof k === 'string' ? typeof x === k || (x != null && x.constructor && x.constructor.name === k) : x instanceof k;
    assertion(ok, m, 'type is ' + (typeof k === 'string' ? k : k && k.name));
  };
  a.rejects = function (p, expected, m) {
    if (typeof expected === 'string') { m = expected; expected = undefined; }
    return settle(p, function () { assertion(false, m, 'expected to reject'); }, function (e) {
      assertion(expected === undefined || tapMatch(e, expected), m, 'rejection should match');
    });
  };
  a.resolves = function (p, m) {
    return settle(p, function () { assertion(true, m); }, function (e) { assertion(false, m, 'expected to resolve: ' + errorOf(e)); });
  };
  a.resolveMatch = function (p, pattern, m) {
    return settle(p, function (v) { assertion(tapMatch(v, pattern), m, 'resolved value should match'); }, function (e) {
      assertion(false, m, 'expected to resolve: ' + errorOf(e));
    });
  };
  var throws = a.throws;
  a.throws = function (fn, expected, m) {
    if (expected && typeof expected === 'object' && !(expected instanceof RegExp)) {
      var err = null;
      try { unwound(fn)(); } catch (e) { err = e; }
      assertion(err !== null && tapMatch(err, expected), m, 'expected to throw a matching error');
      return;
    }
    throws(fn, expected, m);
  };
  a.notOk = a.notOk || a.false;
  // tap's synonyms
  ['equivalent', 'looseEqual', 'looseEquals', 'isLoose', 'looseIs'].forEach(function (k) { a[k] = a.same; });
  ['inequivalent', 'looseInequal', 'notEquivalent', 'isNotLoose'].forEach(function (k) { a[k] = a.notSame; });
  ['strictEquivalent', 'strictDeepEqual', 'sameStrict', 'deepIs', 'isStrictly', 'isDeeply', 'isDeep', 'strictDeepEquals'].forEach(function (k) { a[k] = a.strictSame; });
  ['matches', 'similar', 'looseMatch', 'isSimilar'].forEach(function (k) { a[k] = a.match; });
  ['dissimilar', 'notSimilar', 'isDissimilar', 'notMatches'].forEach(function (k) { a[k] = a.notMatch; });
  ['isa', 'isA'].forEach(function (k) { a[k] = a.type; });
  a.strictEqual = a.equal;
  a.context = {};
  a.tearDown = function (f) { return a.teardown(f); };  // tap 12's spelling
  a.matchSnapshot = function (found, message) {
    var w = where ? where() : { file: '', names: [], chain: [a] };
    // an empty message is tap's default one too
    var m = typeof message === 'string' && message !== '' ? message : 'must match snapshot';
    // `t.formatSnapshot` and `t.cleanSnapshot`, the test's own or the nearest parent's
    var setting = function (k) {
      for (var i = w.chain.length - 1; i >= 0; i--) if (typeof w.chain[i][k] === 'function') return w.chain[i][k];
      return null;
    };
    var r = tapSnapshot.matchSnapshot(w.file, w.names, found, m, setting('formatSnapshot'), setting('cleanSnapshot'));
    assertion(r[0], r[1], m);
  };
  a.resolveMatchSnapshot = function (p, message) {
    return settle(p, function (v) { a.matchSnapshot(v, message); }, function (e) {
      assertion(false, 'expected to resolve, rejected with ' + (e && e.message), 'expected to resolve');
    });
  };
  tapMocks(a, function () { return (where ? where() : { file: '' }).file; });
  a.skip = function () {};
  a.todo = function () {};
  a.autoend = function () {};
  a.setTimeout = function () {};
}

module.exports = tapAssertions;

// decisionprof test harness: vitest's `assert` (chai's assert interface, `chaiAssert()`, which the
// `vitest` module exports as `assert`) and chai's `expect(x).to…` chains (`chaiBdd`, which
// expect.js applies). Equality follows chai's deep-eql: strict, +0 is not -0, NaN equals NaN, own
// and inherited enumerable keys, types compared by their tag.
'use strict';
var unwound = require('./unwound');
var toStr = Object.prototype.toString;

function show(v) {
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'function') return '[Function ' + (v.name || 'anonymous') + ']';
  if (typeof v === 'bigint') return v + 'n';
  if (Object.is(v, -0)) return '-0';
  if (v === null || typeof v !== 'object') return String(v);
  try { var j = JSON.stringify(v); return j === undefined ? toStr.call(v) : j; } catch (e) { return toStr.call(v); }
}
function AssertionError(message, actual, expected) {
  var e = new Error(message);
  e.name = 'AssertionError';
  e.actual = actual;
  e.expected = expected;
  return e;
}
// chai's type names: 'null', 'undefined', the typeof of primitives, else the tag lower-cased
function typeOf(v) {
  if (v === null) return 'null';
  var t = typeof v;
  if (t !== 'object' && t !== 'function') return t;
  if (t === 'function') return 'function';
  return toStr.call(v).slice(8, -1).toLowerCase();
}
function tag(v) { return toStr.call(v).slice(8, -1); }
function enumerableKeys(o) {
  var keys = [];
  for (var k in o) keys.push(k);
  Object.getOwnPropertySymbols(o).forEach(function (s) {
    if (Object.getOwnPropertyDescriptor(o, s).enumerable) keys.push(s);
  });
  return keys;
}
function sortedEntries(c) {
  return Array.from(c.entries()).sort(function (a, b) {
    var x = String(a[0]), y = String(b[0]);
    return x < y ? -1 : x > y ? 1 : 0;
  });
}
function listEq(a, b, seen) {
  if (a.length !== b.length) return false;
  for (var i = 0; i < a.length; i++) if (!deepEq(a[i], b[i], seen)) return false;
  return true;
}
// chai's deep-eql, for the types tests compare
function deepEq(a, b, seen) {
  if (Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== 'object' && typeof a !== 'function' ||
      typeof b !== 'object' && typeof b !== 'function') return false;
  var t = tag(a);
  if (t !== tag(b)) return false;
  seen = seen || [];
  for (var s = 0; s < seen.length; s++) if (seen[s][0] === a && seen[s][1] === b) return true;
  seen.push([a, b]);
  switch (t) {
    case 'String': case 'Number': case 'Boolean': case 'Date':
      return Object.is(a.valueOf(), b.valueOf());
    case 'Function': case 'AsyncFunction': case 'GeneratorFunction': case 'Promise': case 'Symbol':
    case 'WeakMap': case 'WeakSet':
      return false;
    case 'Error':
      return deepEq(a.name, b.name, seen) && deepEq(a.message, b.message, seen) && deepEq(a.code, b.code, seen);
    case 'RegExp':
      return String(a) === String(b);
    case 'Set': case 'Map':
      return a.size === b.size && listEq(sortedEntries(a), sortedEntries(b), seen);
    case 'Arguments': case 'Array': case 'Int8Array': case 'Uint8Array': case 'Uint8ClampedArray':
    case 'Int16Array': case 'Uint16Array': case 'Int32Array': case 'Uint32Array':
    case 'Float32Array': case 'Float64Array': case 'BigInt64Array': case 'BigUint64Array':
      return listEq(a, b, seen);
    default:
      return objectEq(a, b, seen);
  }
}
function objectEq(a, b, seen) {
  var ka = enumerableKeys(a), kb = enumerableKeys(b);
  if (ka.length !== kb.length) return false;
  var key = function (k) { return typeof k === 'symbol' ? k.toString() : String(k); };
  var byKey = function (x, y) { return key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0; };
  var sa = ka.slice().sort(byKey), sb = kb.slice().sort(byKey);
  for (var i = 0; i < sa.length; i++) if (sa[i] !== sb[i]) return false;
  if (ka.length === 0 && typeof a[Symbol.iterator] === 'function' && typeof b[Symbol.iterator] === 'function') {
    return listEq(Array.from(a), Array.from(b), seen);
  }
  for (var j = 0; j < sa.length; j++) if (!deepEq(a[sa[j]], b[sa[j]], seen)) return false;
  return true;
}

function check(ok, message, text, actual, expected) {
  if (!ok) throw AssertionError(message ? message + ': ' + text : text, actual, expected);
}
function sizeOf(v) {
  if (v instanceof Map || v instanceof Set) return v.size;
  return v == null ? undefined : v.length;
}
function isEmpty(v) {
  if (typeof v === 'string' || Array.isArray(v)) return v.length === 0;
  if (v instanceof Map || v instanceof Set) return v.size === 0;
  if (v !== null && typeof v === 'object') return Object.keys(v).length === 0;
  throw new TypeError('.empty was passed non-string primitive ' + show(v));
}
// chai's include: a substring, a member (=== or deep), a subset of properties, a key of a Map
function includes(hay, needle, deep) {
  var eq = deep ? function (x, y) { return deepEq(x, y); } : function (x, y) { return x === y; };
  if (typeof hay === 'string') return hay.indexOf(needle) >= 0;
  if (hay instanceof WeakSet) return hay.has(needle);
  if (Array.isArray(hay) || ArrayBuffer.isView(hay)) return Array.prototype.some.call(hay, function (x) { return eq(x, needle); });
  if (hay instanceof Set) return deep ? Array.from(hay).some(function (x) { return eq(x, needle); }) : hay.has(needle);
  if (hay instanceof Map) return Array.from(hay.values()).some(function (x) { return eq(x, needle); });
  if (hay !== null && typeof hay === 'object' && needle !== null && typeof needle === 'object') {
    return Object.keys(needle).every(function (k) { return k in hay && eq(hay[k], needle[k]); });
  }
  throw new TypeError('the given combination of arguments (' + typeOf(hay) + ' and ' + typeOf(needle) + ') is invalid for this assertion');
}
// chai's members: `same` also needs equal lengths and takes each match once; `===` unless deep
function members(sub, sup, deep, ordered, same) {
  if (same && sub.length !== sup.length) return false;
  var eq = function (x, y) { return deep ? deepEq(x, y) : x === y; };
  if (ordered) return sub.every(function (x, i) { return eq(x, sup[i]); });
  var left = sup.slice();
  return sub.every(function (x) {
    var i = left.findIndex(function (y) { return eq(x, y); });
    if (i >= 0 && same) left.splice(i, 1);
    return i >= 0;
  });
}
// chai compares numbers, or dates with dates
function comparable(x, y, m) {
  var dates = x instanceof Date && y instanceof Date;
  check(dates || typeof x === 'number' && typeof y === 'number', m, 'expected ' + show(x) + ' and ' + show(y) + ' to be numbers or dates');
}
// chai's throws(fn, errorLike?, errMsgMatcher?, message?): returns what was thrown
function throwsCheck(fn, errorLike, matcher, message, negate) {
  if (typeof errorLike === 'string' || errorLike instanceof RegExp) {
    message = matcher;
    matcher = errorLike;
    errorLike = undefined;
  }
  var threw = false, err;
  try { unwound(fn)(); } catch (e) { threw = true; err = e; }
  var likeOk = errorLike === undefined || errorLike === null ||
    (typeof errorLike === 'function' ? err instanceof errorLike || (errorLike !== Error && !(errorLike.prototype instanceof Error) && errorLike === err) : err === errorLike);
  var msg = err instanceof Error ? err.message : String(err);
  var matchOk = matcher === undefined || matcher === null ||
    (matcher instanceof RegExp ? matcher.test(msg) : msg.indexOf(String(matcher)) >= 0);
  if (negate) {
    var named = (errorLike !== undefined && errorLike !== null) || (matcher !== undefined && matcher !== null);
    check(!threw || (named && !(likeOk && matchOk)), message, 'expected function not to throw, threw ' + show(msg));
    return err;
  }
  check(threw, message, 'expected ' + (fn && fn.name || '[Function]') + ' to throw');
  check(likeOk, message, 'expected the thrown ' + show(msg) + ' to be ' + (errorLike && errorLike.name || show(errorLike)));
  check(matchOk, message, 'expected the thrown ' + show(msg) + ' to include ' + String(matcher));
  return err;
}
function notTyped(name, want) {
  return function (v, m) { check(typeOf(v) !== want, m, 'expected ' + show(v) + ' not to be ' + name); };
}
function typed(name, want) {
  return function (v, m) { check(typeOf(v) === want, m, 'expected ' + show(v) + ' to be ' + name); };
}

function chaiAssert() {
  var a = function assert(v, m) { check(!!v, m, 'expected ' + show(v) + ' to be truthy', v); };
  var add = function (names, f) { names.split(' ').forEach(function (n) { a[n] = f; }); };
  add('ok isOk', a);
  add('notOk isNotOk', function (v, m) { check(!v, m, 'expected ' + show(v) + ' to be falsy', v); });
  a.fail = function (actual, expected, m) {
    if (arguments.length < 2) throw AssertionError(actual === undefined ? 'assert.fail()' : String(actual));
    throw AssertionError(m === undefined ? 'expected ' + show(actual) + ' to equal ' + show(expected) : m, actual, expected);
  };
  a.equal = function (x, y, m) { check(x == y, m, 'expected ' + show(x) + ' to equal ' + show(y), x, y); }; // eslint-disable-line eqeqeq
  a.notEqual = function (x, y, m) { check(x != y, m, 'expected ' + show(x) + ' to not equal ' + show(y), x, y); }; // eslint-disable-line eqeqeq
  a.strictEqual = function (x, y, m) { check(x === y, m, 'expected ' + show(x) + ' to equal ' + show(y), x, y); };
  a.notStrictEqual = function (x, y, m) { check(x !== y, m, 'expected ' + show(x) + ' to not equal ' + show(y), x, y); };
  add('deepEqual deepStrictEqual', function (x, y, m) { check(deepEq(x, y), m, 'expected ' + show(x) + ' to deeply equal ' + show(y), x, y); });
  a.notDeepEqual = function (x, y, m) { check(!deepEq(x, y), m, 'expected ' + show(x) + ' to not deeply equal ' + show(y), x, y); };
  a.isTrue = function (v, m) { check(v === true, m, 'expected ' + show(v) + ' to be true', v); };
  a.isNotTrue = function (v, m) { check(v !== true, m, 'expected ' + show(v) + ' to not be true', v); };
  a.isFalse = function (v, m) { check(v === false, m, 'expected ' + show(v) + ' to be false', v); };
  a.isNotFalse = function (v, m) { check(v !== false, m, 'expected ' + show(v) + ' to not be false', v); };
  a.isNull = function (v, m) { check(v === null, m, 'expected ' + show(v) + ' to be null', v); };
  a.isNotNull = function (v, m) { check(v !== null, m, 'expected ' + show(v) + ' to not be null', v); };
  a.isUndefined = function (v, m) { check(v === undefined, m, 'expected ' + show(v) + ' to be undefined', v); };
  a.isDefined = function (v, m) { check(v !== undefined, m, 'expected ' + show(v) + ' to not be undefined', v); };
  a.exists = function (v, m) { check(v != null, m, 'expected ' + show(v) + ' to exist', v); };
  a.notExists = function (v, m) { check(v == null, m, 'expected ' + show(v) + ' to not exist', v); };
  a.isNaN = function (v, m) { check(typeof v === 'number' && v !== v, m, 'expected ' + show(v) + ' to be NaN', v); };
  a.isNotNaN = function (v, m) { check(!(typeof v === 'number' && v !== v), m, 'expected ' + show(v) + ' not to be NaN', v); };
  a.isFinite = function (v, m) { check(typeof v === 'number' && isFinite(v), m, 'expected ' + show(v) + ' to be a finite number', v); };
  [['Function', 'function'], ['Object', 'object'], ['Array', 'array'], ['String', 'string'],
    ['Number', 'number'], ['Boolean', 'boolean']].forEach(function (p) {
    a['is' + p[0]] = typed('a ' + p[1], p[1]);
    a['isNot' + p[0]] = notTyped('a ' + p[1], p[1]);
  });
  a.isCallable = a.isFunction;
  a.isNotCallable = a.isNotFunction;
  a.typeOf = function (v, t, m) { check(typeOf(v) === String(t).toLowerCase(), m, 'expected ' + show(v) + ' to be a ' + t); };
  a.notTypeOf = function (v, t, m) { check(typeOf(v) !== String(t).toLowerCase(), m, 'expected ' + show(v) + ' not to be a ' + t); };
  a.instanceOf = function (v, C, m) { check(v instanceof C, m, 'expected ' + show(v) + ' to be an instance of ' + (C && C.name)); };
  a.notInstanceOf = function (v, C, m) { check(!(v instanceof C), m, 'expected ' + show(v) + ' to not be an instance of ' + (C && C.name)); };
  a.include = function (h, n, m) { check(includes(h, n, false), m, 'expected ' + show(h) + ' to include ' + show(n)); };
  a.notInclude = function (h, n, m) { check(!includes(h, n, false), m, 'expected ' + show(h) + ' to not include ' + show(n)); };
  a.deepInclude = function (h, n, m) { check(includes(h, n, true), m, 'expected ' + show(h) + ' to deep include ' + show(n)); };
  a.notDeepInclude = function (h, n, m) { check(!includes(h, n, true), m, 'expected ' + show(h) + ' to not deep include ' + show(n)); };
  a.match = function (s, re, m) { check(re.test(s), m, 'expected ' + show(s) + ' to match ' + re); };
  a.notMatch = function (s, re, m) { check(!re.test(s), m, 'expected ' + show(s) + ' not to match ' + re); };
  a.property = function (o, p, m) { check(o != null && p in Object(o), m, 'expected ' + show(o) + ' to have property ' + show(p)); };
  a.notProperty = function (o, p, m) { check(!(o != null && p in Object(o)), m, 'expected ' + show(o) + ' to not have property ' + show(p)); };
  a.propertyVal = function (o, p, v, m) { check(o != null && p in Object(o) && o[p] === v, m, 'expected ' + show(o) + ' to have property ' + show(p) + ' of ' + show(v)); };
  a.deepPropertyVal = function (o, p, v, m) { check(o != null && p in Object(o) && deepEq(o[p], v), m, 'expected ' + show(o) + ' to have deep property ' + show(p) + ' of ' + show(v)); };
  a.lengthOf = function (v, n, m) { check(sizeOf(v) === n, m, 'expected ' + show(v) + ' to have a length of ' + n + ' but got ' + sizeOf(v)); };
  add('isEmpty empty', function (v, m) { check(isEmpty(v), m, 'expected ' + show(v) + ' to be empty'); });
  add('isNotEmpty notEmpty', function (v, m) { check(!isEmpty(v), m, 'expected ' + show(v) + ' not to be empty'); });
  add('throws throw Throw', function (fn, e, mt, m) { return throwsCheck(fn, e, mt, m, false); });
  a.doesNotThrow = function (fn, e, mt, m) { throwsCheck(fn, e, mt, m, true); };
  a.isAbove = function (x, y, m) { comparable(x, y, m); check(x > y, m, 'expected ' + show(x) + ' to be above ' + show(y)); };
  a.isAtLeast = function (x, y, m) { comparable(x, y, m); check(x >= y, m, 'expected ' + show(x) + ' to be at least ' + show(y)); };
  a.isBelow = function (x, y, m) { comparable(x, y, m); check(x < y, m, 'expected ' + show(x) + ' to be below ' + show(y)); };
  a.isAtMost = function (x, y, m) { comparable(x, y, m); check(x <= y, m, 'expected ' + show(x) + ' to be at most ' + show(y)); };
  add('closeTo approximately', function (x, y, d, m) { comparable(x, y, m); check(Math.abs(x - y) <= d, m, 'expected ' + show(x) + ' to be close to ' + show(y) + ' +/- ' + d); });
  a.oneOf = function (v, list, m) { check(list.indexOf(v) >= 0, m, 'expected ' + show(v) + ' to be one of ' + show(list)); };
  [['sameMembers', false, false, true], ['sameDeepMembers', true, false, true],
    ['sameOrderedMembers', false, true, true], ['sameDeepOrderedMembers', true, true, true],
    ['includeMembers', false, false, false], ['includeDeepMembers', true, false, false],
    ['includeOrderedMembers', false, true, false], ['includeDeepOrderedMembers', true, true, false]].forEach(function (p) {
    var f = p[3] ? function (x, y) { return members(y, x, p[1], p[2], true); } : function (x, y) { return members(y, x, p[1], p[2], false); };
    a[p[0]] = function (x, y, m) { check(f(x, y), m, 'expected ' + show(x) + ' to have ' + p[0].replace(/([A-Z])/g, ' $1').toLowerCase() + ' ' + show(y)); };
    a['not' + p[0][0].toUpperCase() + p[0].slice(1)] = function (x, y, m) { check(!f(x, y), m, 'expected ' + show(x) + ' not to have ' + p[0] + ' ' + show(y)); };
  });
  a.hasAllKeys = function (o, keys, m) { var k = Array.isArray(keys) ? keys : Object.keys(keys); check(members(k, Object.keys(o), false, false, true), m, 'expected ' + show(o) + ' to have keys ' + show(k)); };
  a.hasAnyKeys = function (o, keys, m) { var k = Array.isArray(keys) ? keys : Object.keys(keys); check(k.some(function (x) { return Object.prototype.hasOwnProperty.call(o, x); }), m, 'expected ' + show(o) + ' to have any of the keys ' + show(k)); };
  a.containsAllKeys = function (o, keys, m) { var k = Array.isArray(keys) ? keys : Object.keys(keys); check(members(k, Object.keys(o), false, false, false), m, 'expected ' + show(o) + ' to contain keys ' + show(k)); };
  a.isFrozen = function (o, m) { check(Object.isFrozen(o), m, 'expected ' + show(o) + ' to be frozen'); };
  a.isNotFrozen = function (o, m) { check(!Object.isFrozen(o), m, 'expected ' + show(o) + ' to not be frozen'); };
  a.isSealed = function (o, m) { check(Object.isSealed(o), m, 'expected ' + show(o) + ' to be sealed'); };
  a.isNotSealed = function (o, m) { check(!Object.isSealed(o), m, 'expected ' + show(o) + ' to not be sealed'); };
  a.isExtensible = function (o, m) { check(Object.isExtensible(o), m, 'expected ' + show(o) + ' to be extensible'); };
  a.isNotExtensible = function (o, m) { check(!Object.isExtensible(o), m, 'expected ' + show(o) + ' to not be extensible'); };
  a.AssertionError = AssertionError;
  return a;
}

// chai's BDD assertions, which vitest's `expect(v)` has beside jest's matchers
// (`expect(v).to.deep.equal(w)`, `.to.be.true`, `.to.not.include(x)`): added to `target`, the
// assertion object of `v`, negated on `expect(v).not`; `deep` is a flag of the chain. Property
// assertions (`.true`, `.empty`, …) assert when read, as chai's do.
function chaiBdd(target, v, negate) {
  var a = chaiAssert();
  var deep = false;
  function either(pos, neg) { return negate ? neg : pos; }
  function method(names, f) {
    names.split(' ').forEach(function (n) {
      Object.defineProperty(target, n, { value: f, writable: true, configurable: true, enumerable: false });
    });
  }
  function property(names, f) {
    names.split(' ').forEach(function (n) {
      Object.defineProperty(target, n, { get: function () { f(); return target; }, configurable: true, enumerable: false });
    });
  }
  Object.defineProperty(target, 'deep', { get: function () { deep = true; return target; }, configurable: true, enumerable: false });
  method('equal equals eq', function (w, m) {
    (deep ? either(a.deepEqual, a.notDeepEqual) : either(a.strictEqual, a.notStrictEqual))(v, w, m);
    return target;
  });
  method('eql eqls', function (w, m) { either(a.deepEqual, a.notDeepEqual)(v, w, m); return target; });
  property('true', function () { either(a.isTrue, a.isNotTrue)(v); });
  property('false', function () { either(a.isFalse, a.isNotFalse)(v); });
  property('null', function () { either(a.isNull, a.isNotNull)(v); });
  property('undefined', function () { either(a.isUndefined, a.isDefined)(v); });
  property('ok', function () { either(a.isOk, a.isNotOk)(v); });
  property('exist', function () { either(a.exists, a.notExists)(v); });
  property('empty', function () { either(a.isEmpty, a.isNotEmpty)(v); });
  property('NaN', function () { either(a.isNaN, a.isNotNaN)(v); });
  method('a an', function (t, m) { either(a.typeOf, a.notTypeOf)(v, t, m); return target; });
  method('instanceOf instanceof', function (C, m) { either(a.instanceOf, a.notInstanceOf)(v, C, m); return target; });
  method('include includes contain contains', function (n, m) {
    (deep ? either(a.deepInclude, a.notDeepInclude) : either(a.include, a.notInclude))(v, n, m);
    return target;
  });
  method('match matches', function (re, m) { either(a.match, a.notMatch)(v, re, m); return target; });
  method('property', function (p, w) {
    if (arguments.length < 2) either(a.property, a.notProperty)(v, p);
    else if (negate) check(!(v != null && p in Object(v) && (deep ? deepEq(v[p], w) : v[p] === w)), undefined, 'expected ' + show(v) + ' to not have property ' + show(p) + ' of ' + show(w));
    else (deep ? a.deepPropertyVal : a.propertyVal)(v, p, w);
    return target;
  });
  method('lengthOf', function (n, m) {
    check((sizeOf(v) === n) !== negate, m, 'expected ' + show(v) + (negate ? ' to not' : ' to') + ' have a length of ' + n + ' but got ' + sizeOf(v));
    return target;
  });
  method('throw throws Throw', function (e, mt, m) {
    if (negate) a.doesNotThrow(v, e, mt, m);
    else a.throws(v, e, mt, m);
    return target;
  });
  method('above gt greaterThan', function (w, m) { either(a.isAbove, a.isAtMost)(v, w, m); return target; });
  method('least gte', function (w, m) { either(a.isAtLeast, a.isBelow)(v, w, m); return target; });
  method('below lt lessThan', function (w, m) { either(a.isBelow, a.isAtLeast)(v, w, m); return target; });
  method('most lte', function (w, m) { either(a.isAtMost, a.isAbove)(v, w, m); return target; });
  method('oneOf', function (list, m) { check((list.indexOf(v) >= 0) !== negate, m, 'expected ' + show(v) + (negate ? ' to not' : ' to') + ' be one of ' + show(list)); return target; });
  method('members', function (list, m) {
    (deep ? either(a.sameDeepMembers, a.notSameDeepMembers) : either(a.sameMembers, a.notSameMembers))(v, list, m);
    return target;
  });
}
module.exports = { chaiAssert: chaiAssert, chaiBdd: chaiBdd };

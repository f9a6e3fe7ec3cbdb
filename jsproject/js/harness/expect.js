// decisionprof test harness: jest/vitest `expect` and mock functions (`jest.fn`/`vi.fn`, `spyOn`):
// `mocks` is the object behind `vi` and `jest`, which module_mocks.js and fake_timers.js add to.
'use strict';
var unwound = require('./unwound');
var snapshot = require('./snapshot');
var chai = require('./chai_assert');
var hasOwn = Object.prototype.hasOwnProperty;

// ---------------------------------------------------------------- printing and equality
// While a matcher runs, `show` only keeps what it would print and leaves a mark in the message:
// the values are printed when the assertion fails (`printMarks`), not each time one passes
// (`toBe` on a node of a 200,000-element tree printed both sides at every pass).
var deferred = null;
var MARK = /\u0000dp(\d+)\u0000/g;
function printMarks(message, values) {
  var outer = deferred;
  deferred = null;
  try {
    // a custom matcher's message function is called only now, as jest calls it
    var text = typeof message === 'function' ? String(message()) : message;
    return typeof text === 'string' ? text.replace(MARK, function (m, i) { return show(values[+i]); }) : text;
  } finally {
    deferred = outer;
  }
}
function show(v, depth) {
  if (deferred !== null && !depth) {
    deferred.push(v);
    return '\u0000dp' + (deferred.length - 1) + '\u0000';
  }
  depth = depth || 0;
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'bigint') return String(v) + 'n';
  if (typeof v === 'function') return '[Function ' + (v.name || 'anonymous') + ']';
  if (typeof v === 'symbol') return v.toString();
  if (v === null || typeof v !== 'object') return String(v);
  if (v instanceof Asymmetric) return v.toString();
  if (v instanceof Error) return v.name + ': ' + v.message;
  if (v instanceof RegExp) return String(v);
  if (v instanceof Date) return 'Date ' + (isNaN(v) ? 'Invalid' : v.toISOString());
  if (depth > 3) return Array.isArray(v) ? '[Array]' : '[Object]';
  if (Array.isArray(v)) return '[' + v.map(function (x) { return show(x, depth + 1); }).join(', ') + ']';
  if (v instanceof Map) return 'Map {' + Array.from(v).map(function (e) { return show(e[0], depth + 1) + ' => ' + show(e[1], depth + 1); }).join(', ') + '}';
  if (v instanceof Set) return 'Set {' + Array.from(v).map(function (x) { return show(x, depth + 1); }).join(', ') + '}';
  var keys = Object.keys(v);
  return '{' + keys.map(function (k) { return k + ': ' + show(v[k], depth + 1); }).join(', ') + '}';
}
function Asymmetric(name, test, sample) { this.name = name; this.test = test; this.sample = sample; }
Asymmetric.prototype.toString = function () { return this.name + (this.sample === undefined ? '' : '<' + show(this.sample) + '>'); };
// jest's equality: `strict` also compares undefined properties, array holes and classes
// `expect.addEqualityTesters([f])`: each `f(a, b, testers)` (with `this.equals`) says whether
// two values are equal, or returns undefined to leave it to the next tester and the default
var customTesters = [];
var testerContext = { equals: function (x, y) { return equals(x, y, false); } };
function equals(a, b, strict, seen) {
  if (a instanceof Asymmetric) return a.test(b);
  if (b instanceof Asymmetric) return b.test(a);
  for (var t = 0; t < customTesters.length; t++) {
    var verdict = customTesters[t].call(testerContext, a, b, customTesters);
    if (verdict !== undefined) return !!verdict;
  }
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (a instanceof RegExp || b instanceof RegExp) return String(a) === String(b);
  // errors by their message alone, as jest 29 compares them (vitest 3 adds name and cause)
  if (a instanceof Error && b instanceof Error) return a.message === b.message;
  seen = seen || [];
  // a pair being compared further up (a cycle) counts as equal while it is
  for (var i = 0; i < seen.length; i++) if (seen[i][0] === a && seen[i][1] === b) return true;
  seen.push([a, b]);
  var same = containersEqual(a, b, strict, seen);
  seen.pop();
  return same;
}
function containersEqual(a, b, strict, seen) {
  if (a instanceof Map || b instanceof Map) {
    if (!(a instanceof Map && b instanceof Map) || a.size !== b.size) return false;
    // a key not in `b` itself may equal one of its keys (jest's and vitest's iterable equality)
    var entries = Array.from(b);
    return Array.from(a).every(function (e) {
      if (b.has(e[0]) && equals(e[1], b.get(e[0]), strict, seen)) return true;
      return entries.some(function (o) { return equals(e[0], o[0], strict, seen) && equals(e[1], o[1], strict, seen); });
    });
  }
  if (a instanceof Set || b instanceof Set) {
    if (!(a instanceof Set && b instanceof Set) || a.size !== b.size) return false;
    return Array.from(a).every(function (x) { return b.has(x) || Array.from(b).some(function (y) { return equals(x, y, strict, seen); }); });
  }
  var ka = Object.keys(a), kb = Object.keys(b);
  if (!strict) {
    ka = ka.filter(function (k) { return a[k] !== undefined; });
    kb = kb.filter(function (k) { return b[k] !== undefined; });
  }
  if (ka.length !== kb.length) return false;
  for (var j = 0; j < ka.length; j++) {
    if (!hasOwn.call(b, ka[j])) return false;
    if (!equals(a[ka[j]], b[ka[j]], strict, seen)) return false;
  }
  return true;
}
// toMatchObject: every property of `pattern` is in `v` (recursively), arrays element-wise
// jest's subset equality: every key of the pattern matched in an object (so an empty pattern
// matches any value, null included), arrays element by element with the same length, dates,
// errors and regular expressions as `equals` compares them
function matchesObject(v, pattern) {
  if (pattern instanceof Asymmetric) return pattern.test(v);
  if (typeof pattern !== 'object' || pattern === null) return equals(v, pattern, false);
  if (Array.isArray(pattern)) {
    return Array.isArray(v) && v.length === pattern.length && pattern.every(function (p, i) { return matchesObject(v[i], p); });
  }
  if (pattern instanceof Date || pattern instanceof Error || pattern instanceof RegExp) return equals(v, pattern, false);
  return Object.keys(pattern).every(function (k) {
    return typeof v === 'object' && v !== null && k in v && matchesObject(v[k], pattern[k]);
  });
}

// ---------------------------------------------------------------- mock functions
var allMocks = [];
function fn(impl) {
  var state = { impl: impl, once: [], name: 'jest.fn()' };
  var m = function () {
    var args = Array.prototype.slice.call(arguments);
    m.mock.calls.push(args);
    m.mock.instances.push(this);
    m.mock.contexts.push(this);
    var use = state.once.length ? state.once.shift() : state.impl;
    var result = { type: 'incomplete', value: undefined };
    m.mock.results.push(result);
    try {
      var v = use ? (new.target ? Reflect.construct(use, args, new.target) : use.apply(this, args)) : undefined;
      result.type = 'return';
      result.value = v;
      return v;
    } catch (e) {
      result.type = 'throw';
      result.value = e;
      throw e;
    }
  };
  m._isMockFunction = true;
  m.mock = { calls: [], instances: [], contexts: [], results: [] };
  Object.defineProperty(m.mock, 'lastCall', { get: function () { return m.mock.calls[m.mock.calls.length - 1]; } });
  m.getMockName = function () { return state.name; };
  m.mockName = function (n) { state.name = String(n); return m; };
  m.getMockImplementation = function () { return state.impl; };
  m.mockImplementation = function (f) { state.impl = f; return m; };
  m.mockImplementationOnce = function (f) { state.once.push(f); return m; };
  m.mockReturnValue = function (v) { return m.mockImplementation(function () { return v; }); };
  m.mockReturnValueOnce = function (v) { return m.mockImplementationOnce(function () { return v; }); };
  m.mockResolvedValue = function (v) { return m.mockImplementation(function () { return Promise.resolve(v); }); };
  m.mockResolvedValueOnce = function (v) { return m.mockImplementationOnce(function () { return Promise.resolve(v); }); };
  m.mockRejectedValue = function (v) { return m.mockImplementation(function () { return Promise.reject(v); }); };
  m.mockRejectedValueOnce = function (v) { return m.mockImplementationOnce(function () { return Promise.reject(v); }); };
  m.mockReturnThis = function () { return m.mockImplementation(function () { return this; }); };
  m.mockClear = function () {
    m.mock.calls.length = 0; m.mock.instances.length = 0; m.mock.contexts.length = 0; m.mock.results.length = 0;
    return m;
  };
  // jest forgets the implementation; vitest (2 and later) goes back to the one `vi.fn(impl)` or
  // `vi.spyOn` began with
  m.mockReset = function () {
    m.mockClear();
    var vitest = typeof process !== 'undefined' && process.env && process.env.VITEST === 'true';
    state.impl = vitest ? impl : undefined;
    state.once.length = 0;
    return m;
  };
  m.mockRestore = function () { m.mockReset(); if (m._restore) m._restore(); };
  allMocks.push(m);
  return m;
}
function spyOn(obj, name) {
  var desc = Object.getOwnPropertyDescriptor(obj, name);
  var original = obj[name];
  if (typeof original !== 'function') throw new TypeError('Cannot spy on ' + String(name) + ': it is not a function');
  var m = fn(function () { return original.apply(this, arguments); });
  m._restore = function () { if (desc) Object.defineProperty(obj, name, desc); else delete obj[name]; };
  obj[name] = m;
  return m;
}
var stubbedGlobals = [], stubbedEnv = [];
function stub(list, holder, k, v) {
  if (!list.some(function (e) { return e[1] === k; })) list.push([holder, k, Object.getOwnPropertyDescriptor(holder, k)]);
  if (v === undefined && holder !== globalThis) delete holder[k];
  else Object.defineProperty(holder, k, { value: v, writable: true, configurable: true, enumerable: true });
}
function unstubAll(list) {
  while (list.length) {
    var e = list.pop();
    if (e[2]) Object.defineProperty(e[0], e[1], e[2]);
    else delete e[0][e[1]];
  }
}
function unsupported(what) {
  return function () { throw new Error(what + ' is not supported by decisionprof'); };
}
var mocks = {
  fn: fn,
  // jest 26 and earlier: `jest.genMockFunction()` is `jest.fn()`
  genMockFunction: fn,
  genMockFn: fn,
  spyOn: spyOn,
  isMockFunction: function (f) { return !!(f && f._isMockFunction); },
  clearAllMocks: function () { allMocks.forEach(function (m) { m.mockClear(); }); },
  resetAllMocks: function () { allMocks.forEach(function (m) { m.mockReset(); }); },
  restoreAllMocks: function () { allMocks.forEach(function (m) { if (m._restore) m.mockRestore(); }); },
  mock: unsupported('module mocking (vi.mock / jest.mock)'),
  doMock: unsupported('module mocking (vi.doMock / jest.doMock)'),
  unmock: unsupported('module mocking (unmock)'),
  // jest.setTimeout and vi.setConfig: core.js sets them, as they change its suites' timeouts
  setTimeout: function () {},
  setConfig: function () {},
  resetConfig: function () {},
  // `vi.stubGlobal` / `vi.stubEnv` and their undoing: the first value each name had is kept
  stubGlobal: function (k, v) { stub(stubbedGlobals, globalThis, k, v); return mocks; },
  unstubAllGlobals: function () { unstubAll(stubbedGlobals); return mocks; },
  stubEnv: function (k, v) { stub(stubbedEnv, process.env, k, v === undefined ? undefined : String(v)); return mocks; },
  unstubAllEnvs: function () { unstubAll(stubbedEnv); return mocks; }
};

// ---------------------------------------------------------------- expect
function AssertionError(message) {
  var e = new Error(message);
  e.name = 'AssertionError';
  return e;
}
function calledWith(m, args) {
  return m.mock.calls.some(function (c) { return equals(c, args, false); });
}
function thrown(f) {
  if (typeof f !== 'function') return { threw: true, error: f };
  try { unwound(f)(); } catch (e) { return { threw: true, error: e }; }
  return { threw: false };
}
function throwMatches(error, expected) {
  if (expected === undefined) return true;
  var msg = error && error.message !== undefined ? String(error.message) : String(error);
  if (typeof expected === 'string') return msg.indexOf(expected) >= 0;
  if (expected instanceof RegExp) return expected.test(msg);
  if (typeof expected === 'function') return error instanceof expected;
  if (expected instanceof Asymmetric) return expected.test(error);
  if (expected && typeof expected === 'object') return msg === String(expected.message);
  return false;
}
function propertyPath(v, path) {
  var parts = Array.isArray(path) ? path : String(path).replace(/\[(\w+)\]/g, '.$1').split('.');
  var cur = v;
  for (var i = 0; i < parts.length; i++) {
    if (cur === null || cur === undefined || !(parts[i] in Object(cur))) return { found: false };
    cur = cur[parts[i]];
  }
  return { found: true, value: cur };
}
// Each matcher returns [pass, message when the assertion fails (or a function that makes it)]
var matchers = {
  toBe: function (r, e) { return [Object.is(r, e), 'Expected: ' + show(e) + '\nReceived: ' + show(r)]; },
  toEqual: function (r, e) { return [equals(r, e, false), 'Expected: ' + show(e) + '\nReceived: ' + show(r)]; },
  toStrictEqual: function (r, e) { return [equals(r, e, true), 'Expected: ' + show(e) + '\nReceived: ' + show(r)]; },
  toBeTruthy: function (r) { return [!!r, 'Received: ' + show(r)]; },
  toBeFalsy: function (r) { return [!r, 'Received: ' + show(r)]; },
  // jasmine's
  toBeTrue: function (r) { return [r === true, 'Expected: true\nReceived: ' + show(r)]; },
  toBeFalse: function (r) { return [r === false, 'Expected: false\nReceived: ' + show(r)]; },
  toHaveSize: function (r, n) {
    var size = r == null ? r : typeof r.size === 'number' ? r.size : typeof r.length === 'number' ? r.length : Object.keys(r).length;
    return [size === n, 'Expected size: ' + n + '\nReceived size: ' + size];
  },
  toBeNull: function (r) { return [r === null, 'Received: ' + show(r)]; },
  toBeUndefined: function (r) { return [r === undefined, 'Received: ' + show(r)]; },
  toBeDefined: function (r) { return [r !== undefined, 'Received: ' + show(r)]; },
  toBeNaN: function (r) { return [Number.isNaN(r), 'Received: ' + show(r)]; },
  toBeGreaterThan: function (r, e) { return [r > e, 'Expected: > ' + show(e) + '\nReceived: ' + show(r)]; },
  toBeGreaterThanOrEqual: function (r, e) { return [r >= e, 'Expected: >= ' + show(e) + '\nReceived: ' + show(r)]; },
  toBeLessThan: function (r, e) { return [r < e, 'Expected: < ' + show(e) + '\nReceived: ' + show(r)]; },
  toBeLessThanOrEqual: function (r, e) { return [r <= e, 'Expected: <= ' + show(e) + '\nReceived: ' + show(r)]; },
  toBeCloseTo: function (r, e, digits) {
    var d = digits === undefined ? 2 : digits;
    return [Math.abs(e - r) < Math.pow(10, -d) / 2, 'Expected: ' + show(e) + ' (' + d + ' digits)\nReceived: ' + show(r)];
  },
  toBeInstanceOf: function (r, e) { return [r instanceof e, 'Expected an instance of ' + (e && e.name) + '\nReceived: ' + show(r)]; },
  toBeTypeOf: function (r, e) { return [typeof r === e, 'Expected type: ' + e + '\nReceived: ' + typeof r]; },
  toContain: function (r, e) {
    var ok = typeof r === 'string' ? r.indexOf(e) >= 0 : r != null && Array.from(r).indexOf(e) >= 0;
    return [ok, 'Expected to contain: ' + show(e) + '\nReceived: ' + show(r)];
  },
  toContainEqual: function (r, e) {
    return [r != null && Array.from(r).some(function (x) { return equals(x, e, false); }), 'Expected to contain equal: ' + show(e) + '\nReceived: ' + show(r)];
  },
  toHaveLength: function (r, n) { return [r != null && r.length === n, 'Expected length: ' + n + '\nReceived length: ' + (r == null ? r : r.length)]; },
  toHaveProperty: function (r, path, value) {
    var p = propertyPath(r, path);
    var ok = p.found && (arguments.length < 3 || equals(p.value, value, false));
    return [ok, 'Expected path: ' + show(path) + (arguments.length < 3 ? '' : '\nExpected value: ' + show(value)) + '\nReceived: ' + show(r)];
  },
  toMatch: function (r, e) {
    var ok = typeof r === 'string' && (e instanceof RegExp ? e.test(r) : r.indexOf(String(e)) >= 0);
    return [ok, 'Expected pattern: ' + show(e) + '\nReceived: ' + show(r)];
  },
  toMatchObject: function (r, e) { return [matchesObject(r, e), 'Expected to match: ' + show(e) + '\nReceived: ' + show(r)]; },
  toSatisfy: function (r, f) { return [!!f(r), 'Received: ' + show(r)]; },
  toThrow: function (r, e) {
    var t = thrown(r);
    var ok = t.threw && throwMatches(t.error, e);
    return [ok, t.threw ? 'Expected: ' + show(e) + '\nThrown: ' + show(t.error) : 'Received function did not throw'];
  },
  toHaveBeenCalled: function (m) { return [m.mock.calls.length > 0, 'Number of calls: ' + m.mock.calls.length]; },
  toHaveBeenCalledTimes: function (m, n) { return [m.mock.calls.length === n, 'Expected calls: ' + n + '\nReceived calls: ' + m.mock.calls.length]; },
  toHaveBeenCalledWith: function (m) {
    var args = Array.prototype.slice.call(arguments, 1);
    return [calledWith(m, args), 'Expected: ' + show(args) + '\nReceived calls: ' + show(m.mock.calls)];
  },
  toHaveBeenCalledOnceWith: function (m) {
    var args = Array.prototype.slice.call(arguments, 1);
    var once = m.mock.calls.length === 1 && equals(m.mock.calls[0], args, false);
    return [once, 'Expected one call with: ' + show(args) + '\nReceived calls: ' + show(m.mock.calls)];
  },
  toHaveBeenLastCalledWith: function (m) {
    var args = Array.prototype.slice.call(arguments, 1);
    var last = m.mock.calls[m.mock.calls.length - 1];
    return [!!last && equals(last, args, false), 'Expected: ' + show(args) + '\nLast call: ' + show(last)];
  },
  toHaveBeenNthCalledWith: function (m, n) {
    var args = Array.prototype.slice.call(arguments, 2);
    var call = m.mock.calls[n - 1];
    return [!!call && equals(call, args, false), 'Expected call ' + n + ': ' + show(args) + '\nReceived: ' + show(call)];
  },
  toHaveReturned: function (m) {
    return [m.mock.results.some(function (r) { return r.type === 'return'; }), 'The mock never returned'];
  },
  toHaveReturnedWith: function (m, v) {
    return [m.mock.results.some(function (r) { return r.type === 'return' && equals(r.value, v, false); }), 'Expected a return of ' + show(v)];
  },
  // against the project's stored snapshots (snapshot.js)
  toMatchSnapshot: function (r, a, b) { return snapshot.toMatchSnapshot(r, a, b); },
  toMatchInlineSnapshot: function (r, a, b) { return snapshot.toMatchInlineSnapshot(r, a, b); },
  toThrowErrorMatchingSnapshot: function (r, hint) {
    var t = thrown(r);
    return t.threw ? snapshot.toThrowErrorMatchingSnapshot(t.error, hint, thrownMessage(t.error)) : [false, 'Received function did not throw'];
  },
  toThrowErrorMatchingInlineSnapshot: function (r, inline) {
    var t = thrown(r);
    return t.threw ? snapshot.toThrowErrorMatchingInlineSnapshot(t.error, inline, thrownMessage(t.error)) : [false, 'Received function did not throw'];
  }
};
function thrownMessage(e) { return e && e.message !== undefined ? String(e.message) : String(e); }
var aliases = {
  toThrowError: 'toThrow', toBeCalled: 'toHaveBeenCalled', toBeCalledTimes: 'toHaveBeenCalledTimes',
  toBeCalledWith: 'toHaveBeenCalledWith', lastCalledWith: 'toHaveBeenLastCalledWith',
  toHaveBeenCalledOnce: null, toReturn: 'toHaveReturned', toReturnWith: 'toHaveReturnedWith',
  nthCalledWith: 'toHaveBeenNthCalledWith', toBeCalledOnce: null
};
Object.keys(aliases).forEach(function (k) { if (aliases[k]) matchers[k] = matchers[aliases[k]]; });
matchers.toHaveBeenCalledOnce = function (m) { return [m.mock.calls.length === 1, 'Expected one call\nReceived calls: ' + m.mock.calls.length]; };
// vitest 3's: one call, with these arguments
matchers.toHaveBeenCalledExactlyOnceWith = function (m) {
  var args = Array.prototype.slice.call(arguments, 1);
  var ok = m.mock.calls.length === 1 && equals(m.mock.calls[0], args, false);
  return [ok, 'Expected one call with: ' + show(args) + '\nReceived calls: ' + show(m.mock.calls)];
};
matchers.toBeCalledOnce = matchers.toHaveBeenCalledOnce;

var CHAINS = ['to', 'be', 'been', 'is', 'that', 'which', 'and', 'has', 'have', 'with', 'at', 'of', 'same', 'but', 'does', 'still', 'also'];
function makeExpect() {
  // `expect(received)`, its `.not`, `.resolves` and `.rejects`: what is asserted, and how, kept
  // per object; the matchers and chai's chains and assertions are getters of one prototype per
  // `how` that make a method when it is first read. (jest makes every matcher of all six objects
  // at every call, some 300 functions: about 1.5 ms per `expect` in Boa.)
  var stateOf = new WeakMap();
  var protos = { plain: {}, resolves: {}, rejects: {} };
  function assertions(received, negate, how, label) {
    var out = Object.create(protos[how || 'plain']);
    stateOf.set(out, { received: received, negate: negate, how: how, label: label });
    return out;
  }
  function matcher(self, name) {
    var st = stateOf.get(self);
    var received = st.received, negate = st.negate, how = st.how, label = st.label;
    return function () {
      var args = [received].concat(Array.prototype.slice.call(arguments));
      var check = function (value) {
        args[0] = value;
        var outer = deferred, shown = [];
        deferred = shown;
        var r;
        try {
          r = matchers[name].apply({ isNot: negate, promise: how || '' }, args);
        } catch (e) {
          // a matcher's own error (a custom one's, for a value it cannot judge) printed in full
          if (e instanceof Error && typeof e.message === 'string') e.message = printMarks(e.message, shown);
          throw e;
        } finally {
          deferred = outer;
        }
        if (!!r[0] === negate) {
          throw AssertionError('expect(received).' + label + name + '(…)' + (negate ? ' (negated)' : '') + '\n\n' + printMarks(r[1], shown));
        }
      };
      // `rejects` calls a function for its promise, as jest and vitest do (vitest's `resolves`
      // wants the promise itself)
      var promised = how === 'rejects' && typeof received === 'function' ? received() : received;
      if (how === 'resolves') {
        return Promise.resolve(promised).then(check, function (e) {
          throw AssertionError('expect(received).resolves.' + name + '(…): the promise rejected with ' + show(e));
        });
      }
      if (how === 'rejects') {
        return Promise.resolve(promised).then(function (v) {
          throw AssertionError('expect(received).rejects.' + name + '(…): the promise resolved with ' + show(v));
        }, function (e) {
          // toThrow on a rejection looks at the reason itself
          if (name.indexOf('toThrow') === 0) { args[0] = function () { throw e; }; check(args[0]); } else check(e);
        });
      }
      check(received);
      return undefined;
    };
  }
  // a getter on `proto` that makes `name`'s value for the object read and keeps it as its own
  function lazy(proto, name, make) {
    Object.defineProperty(proto, name, {
      configurable: true,
      enumerable: false,
      get: function () {
        var v = make(this, name);
        if (v !== undefined) Object.defineProperty(this, name, { value: v, writable: true, enumerable: true, configurable: true });
        return v;
      }
    });
  }
  function addMatcher(name) {
    Object.keys(protos).forEach(function (k) { lazy(protos[k], name, matcher); });
  }
  Object.keys(matchers).forEach(addMatcher);
  // `.not` of a positive object, and `.resolves` / `.rejects` of `expect(x)` itself
  Object.keys(protos).forEach(function (k) {
    lazy(protos[k], 'not', function (self) {
      var st = stateOf.get(self);
      return st.negate ? undefined : assertions(st.received, true, st.how, st.label + 'not.');
    });
    // chai's language chains, which vitest's chai-based `expect` has: `expect(x).to.toBe(1)`
    CHAINS.forEach(function (c) {
      Object.defineProperty(protos[k], c, { get: function () { return this; }, enumerable: false, configurable: true });
    });
  });
  ['resolves', 'rejects'].forEach(function (how) {
    lazy(protos.plain, how, function (self) {
      var st = stateOf.get(self);
      return st.negate ? undefined : assertions(st.received, false, how, how + '.');
    });
  });
  // chai's assertions (`expect(x).to.deep.equal(y)`, chai_assert.js), all made on an object when
  // it first reads one
  var chaiNames = (function () { var t = {}; chai.chaiBdd(t, undefined, false); return Object.getOwnPropertyNames(t); })();
  chaiNames.forEach(function (n) {
    Object.defineProperty(protos.plain, n, {
      configurable: true,
      enumerable: false,
      get: function () {
        var st = stateOf.get(this);
        chai.chaiBdd(this, st.received, st.negate);
        return this[n];
      }
    });
  });
  var expect = function (received) {
    return assertions(received, false, null, '');
  };
  expect.anything = function () { return new Asymmetric('Anything', function (v) { return v !== null && v !== undefined; }); };
  expect.any = function (C) {
    return new Asymmetric('Any', function (v) {
      if (C === String) return typeof v === 'string' || v instanceof String;
      if (C === Number) return typeof v === 'number' || v instanceof Number;
      if (C === Boolean) return typeof v === 'boolean' || v instanceof Boolean;
      if (C === Function) return typeof v === 'function';
      if (C === Object) return typeof v === 'object' && v !== null;
      if (C === BigInt) return typeof v === 'bigint';
      if (C === Symbol) return typeof v === 'symbol';
      return v instanceof C;
    }, C && C.name);
  };
  expect.objectContaining = function (o) { return new Asymmetric('ObjectContaining', function (v) { return matchesObject(v, o); }, o); };
  expect.arrayContaining = function (a) {
    return new Asymmetric('ArrayContaining', function (v) {
      return Array.isArray(v) && a.every(function (x) { return v.some(function (y) { return equals(y, x, false); }); });
    }, a);
  };
  expect.stringContaining = function (s) { return new Asymmetric('StringContaining', function (v) { return typeof v === 'string' && v.indexOf(s) >= 0; }, s); };
  expect.stringMatching = function (re) {
    return new Asymmetric('StringMatching', function (v) { return typeof v === 'string' && (re instanceof RegExp ? re : new RegExp(re)).test(v); }, re);
  };
  expect.closeTo = function (n, d) {
    var digits = d === undefined ? 2 : d;
    return new Asymmetric('CloseTo', function (v) { return Math.abs(v - n) < Math.pow(10, -digits) / 2; }, n);
  };
  expect.not = {
    objectContaining: function (o) { var a = expect.objectContaining(o); return new Asymmetric('not.ObjectContaining', function (v) { return !a.test(v); }, o); },
    arrayContaining: function (x) { var a = expect.arrayContaining(x); return new Asymmetric('not.ArrayContaining', function (v) { return !a.test(v); }, x); },
    stringContaining: function (s) { var a = expect.stringContaining(s); return new Asymmetric('not.StringContaining', function (v) { return !a.test(v); }, s); },
    stringMatching: function (s) { var a = expect.stringMatching(s); return new Asymmetric('not.StringMatching', function (v) { return !a.test(v); }, s); }
  };
  expect.assertions = function () {};
  expect.hasAssertions = function () {};
  expect.addEqualityTesters = function (testers) {
    if (!Array.isArray(testers)) throw new TypeError('expect.addEqualityTesters: expected an array of functions, got ' + show(testers));
    testers.forEach(function (f) { customTesters.push(f); });
  };
  // what a custom matcher's `this` offers (jest's `MatcherContext`): `equals`, `isNot` and the
  // `utils` matchers such as @testing-library/jest-dom's build their messages with
  function same(s) { return String(s); }
  var matcherUtils = {
    matcherHint: function (name, received, expected, options) {
      var o = options || {};
      return 'expect(' + (received === undefined ? 'received' : received) + ')' + (o.isNot ? '.not' : '') +
        (o.promise ? '.' + o.promise : '') + '.' + String(name).replace(/^\./, '') + '(' + (expected === undefined ? 'expected' : expected) + ')';
    },
    printReceived: function (v) { return show(v); },
    printExpected: function (v) { return show(v); },
    stringify: function (v) { return show(v); },
    printWithType: function (name, v, print) { return name + ' has value: ' + (print || show)(v); },
    diff: function (a, b) { return '- Expected\n+ Received\n\n- ' + show(a) + '\n+ ' + show(b); },
    matcherErrorMessage: function (hint, generic, specific) { return hint + '\n\nMatcher error: ' + generic + (specific ? '\n\n' + specific : ''); },
    ensureNoExpected: function () {},
    ensureNumbers: function () {},
    EXPECTED_COLOR: same, RECEIVED_COLOR: same, INVERTED_COLOR: same, BOLD_WEIGHT: same, DIM_COLOR: same
  };
  expect.extend = function (more) {
    Object.keys(more).forEach(function (k) {
      if (!Object.prototype.hasOwnProperty.call(matchers, k)) addMatcher(k);
      matchers[k] = function (r) {
        var how = this || {};
        var res = more[k].apply({ equals: equals, isNot: !!how.isNot, promise: how.promise || '', utils: matcherUtils, customTesters: customTesters }, arguments);
        return [!!res.pass, typeof res.message === 'function' ? res.message : String(res.message || k)];
      };
    });
  };
  return expect;
}

module.exports = { expect: makeExpect(), mocks: mocks };

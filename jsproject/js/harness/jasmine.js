// decisionprof test harness: jasmine's own globals beside describe/it/expect — `jasmine`
// (custom matchers, sync and async; asymmetric matchers; spies made by name; the default
// timeout), `expectAsync` (promise matchers) and `spyOn` (put back after each test). A jasmine matcher factory returns
// `{ compare, negativeCompare? }`, each giving `{ pass, message }` (async ones a promise of it).
'use strict';

var slice = Array.prototype.slice;

function AssertionError(message) {
  var e = new Error(message);
  e.name = 'AssertionError';
  return e;
}

function makeJasmine(expectPart) {
  var expect = expectPart.expect;
  var custom = Object.create(null);
  function equals(a, b) {
    try {
      expect(a).toEqual(b);
      return true;
    } catch (e) {
      return false;
    }
  }
  var util = { equals: equals, contains: function (h, n) { return h != null && slice.call(h).some(function (x) { return equals(x, n); }); } };
  function shown(v) {
    try { return typeof v === 'string' ? JSON.stringify(v) : String(v); } catch (e) { return Object.prototype.toString.call(v); }
  }
  // `{ pass, message }` of matcher `def` (a factory) on `args`; with `.not`, its
  // negativeCompare's pass is the negation holding, so the result is turned round
  function outcome(def, negate, args, then) {
    var m = def(util, []);
    var flip = negate && typeof m.negativeCompare === 'function';
    var r = (flip ? m.negativeCompare : m.compare).apply(m, args);
    return then(r, function (res) {
      res = res || {};
      var message = typeof res.message === 'function' ? res.message() : res.message;
      return { pass: flip ? !res.pass : !!res.pass, message: message };
    });
  }
  function sync(r, f) { return f(r); }
  function later(r, f) { return Promise.resolve(r).then(f); }
  var jasmine = {
    DEFAULT_TIMEOUT_INTERVAL: 5000,
    addMatchers: function (defs) {
      var more = {};
      Object.keys(defs).forEach(function (k) {
        more[k] = function () {
          var r = outcome(defs[k], !!this.isNot, slice.call(arguments), sync);
          return { pass: r.pass, message: r.message || 'Expected ' + shown(arguments[0]) + (this.isNot ? ' not ' : ' ') + k };
        };
      });
      expect.extend(more);
    },
    addAsyncMatchers: function (defs) {
      Object.keys(defs).forEach(function (k) { custom[k] = defs[k]; });
    },
    any: expect.any,
    anything: expect.anything,
    objectContaining: expect.objectContaining,
    arrayContaining: expect.arrayContaining,
    stringMatching: expect.stringMatching,
    // a spy is a mock function (`jest.fn`) with jasmine's `calls` and `and`: a stub until
    // `and.callThrough()` calls `impl`
    createSpy: function (name, impl) {
      return jasmineSpy(expectPart.mocks.fn(function () {}), impl);
    },
    // an object of stub spies: `methods` names them (an array), or maps them to return values
    createSpyObj: function (base, methods) {
      if (typeof base !== 'string') methods = base;
      var out = {};
      var names = Array.isArray(methods) ? methods : Object.keys(methods || {});
      names.forEach(function (k) {
        out[k] = jasmineSpy(expectPart.mocks.fn(function () {}), undefined);
        if (!Array.isArray(methods)) out[k].and.returnValue(methods[k]);
      });
      return out;
    }
  };
  // `spyOn(obj, name)`: jasmine's spy, a stub until `and.callThrough()`; put back after the test
  var installed = [];
  function spyOn(obj, name) {
    if (obj === null || obj === undefined) throw new Error('spyOn could not find an object to spy upon for ' + String(name) + '()');
    var original = obj[name];
    if (typeof original !== 'function') throw new Error(String(name) + '() method does not exist');
    var desc = Object.getOwnPropertyDescriptor(obj, name);
    var m = jasmineSpy(expectPart.mocks.fn(function () {}), original);
    obj[name] = m;
    installed.push(function () {
      if (desc) Object.defineProperty(obj, name, desc);
      else delete obj[name];
    });
    return m;
  }
  function restoreSpies() {
    while (installed.length) installed.pop()();
  }
  // the built-in async matchers: each `(negate, promise, …args)` gives a promise of `{ pass, message }`
  var builtIn = {
    toBeResolved: function (p) {
      return p.then(function () { return { pass: true }; }, function (e) { return { pass: false, message: 'Expected a promise to be resolved but it was rejected with ' + shown(e) }; });
    },
    toBeRejected: function (p) {
      return p.then(function () { return { pass: false, message: 'Expected a promise to be rejected but it was resolved' }; }, function () { return { pass: true }; });
    },
    toBeResolvedTo: function (p, v) {
      return p.then(function (x) { return { pass: equals(x, v), message: 'Expected a promise to be resolved to ' + shown(v) + ' but it was resolved to ' + shown(x) }; },
        function (e) { return { pass: false, message: 'Expected a promise to be resolved to ' + shown(v) + ' but it was rejected with ' + shown(e) }; });
    },
    toBeRejectedWith: function (p, v) {
      return p.then(function () { return { pass: false, message: 'Expected a promise to be rejected with ' + shown(v) + ' but it was resolved' }; },
        function (e) { return { pass: equals(e, v), message: 'Expected a promise to be rejected with ' + shown(v) + ' but it was rejected with ' + shown(e) }; });
    },
    toBeRejectedWithError: function (p, ctor, msg) {
      if (typeof ctor !== 'function') { msg = ctor; ctor = Error; }
      return p.then(function () { return { pass: false, message: 'Expected a promise to be rejected but it was resolved' }; }, function (e) {
        var text = e && e.message;
        var ok = e instanceof ctor && (msg === undefined || (msg instanceof RegExp ? msg.test(text) : text === msg));
        return { pass: ok, message: 'Expected a promise to be rejected with ' + ctor.name + (msg === undefined ? '' : ': ' + shown(msg)) + ' but it was rejected with ' + shown(e) };
      });
    }
  };
  function expectAsync(actual) {
    function matchersFor(negate) {
      var out = {};
      Object.keys(builtIn).concat(Object.keys(custom)).forEach(function (k) {
        out[k] = function () {
          var args = [actual].concat(slice.call(arguments));
          var r = k in custom
            ? outcome(custom[k], negate, args, later)
            : builtIn[k].apply(null, [Promise.resolve(actual)].concat(args.slice(1)));
          return r.then(function (res) {
            if (!!res.pass === negate) {
              throw AssertionError('expectAsync(actual).' + (negate ? 'not.' : '') + k + '(…)' + (res.message ? '\n\n' + res.message : ''));
            }
          });
        };
      });
      return out;
    }
    var e = matchersFor(false);
    e.not = matchersFor(true);
    return e;
  }
  return { jasmine: jasmine, expectAsync: expectAsync, spyOn: spyOn, restoreSpies: restoreSpies };
}

// jasmine's spy API on a mock function `m` whose implementation is `impl`
function jasmineSpy(m, impl) {
  var mock = m.mock;
  // as jasmine's, the spy takes as many parameters as what it stands for (marked calls a
  // `highlight` of three asynchronously)
  if (typeof impl === 'function') Object.defineProperty(m, 'length', { value: impl.length, configurable: true });
  m.calls = {
    count: function () { return mock.calls.length; },
    any: function () { return mock.calls.length > 0; },
    argsFor: function (i) { return mock.calls[i] || []; },
    allArgs: function () { return mock.calls.slice(); },
    all: function () { return mock.calls.map(function (a, i) { return { args: a, returnValue: mock.results[i] && mock.results[i].value }; }); },
    mostRecent: function () { var n = mock.calls.length; return n ? { args: mock.calls[n - 1], returnValue: mock.results[n - 1] && mock.results[n - 1].value } : undefined; },
    first: function () { return mock.calls.length ? { args: mock.calls[0], returnValue: mock.results[0] && mock.results[0].value } : undefined; },
    reset: function () { m.mockClear(); }
  };
  m.and = {
    returnValue: function (v) { m.mockImplementation(function () { return v; }); return m; },
    returnValues: function () { var vs = slice.call(arguments); m.mockImplementation(function () { return vs.shift(); }); return m; },
    callFake: function (f) { m.mockImplementation(f); return m; },
    callThrough: function () { m.mockImplementation(impl); return m; },
    throwError: function (e) { m.mockImplementation(function () { throw typeof e === 'string' ? new Error(e) : e; }); return m; },
    stub: function () { m.mockImplementation(function () {}); return m; }
  };
  return m;
}

module.exports = { makeJasmine: makeJasmine };

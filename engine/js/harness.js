// decisionprof test harness: mocha/jasmine-style describe/it and tape-style test(), engine-neutral
// (runs in Boa under decisionprof and under node). Evaluating this file defines
// globalThis.__dpHarness = { install(g), setFile(relPath), tests(), runTest(i, hooks) }.
(function () {
  'use strict';
  var TIMEOUT_MS = 2000;
  var currentFile = '';
  function Suite(title, parent, file) {
    this.title = title;
    this.parent = parent;
    this.file = file;
    this.before = [];
    this.after = [];
    this.beforeEach = [];
    this.afterEach = [];
    this.items = []; // tests and suites in registration order
    this.skip = false;
    this.only = false;
    this.timeout = parent ? parent.timeout : TIMEOUT_MS;
    this.beforeDone = false;
    this.afterDone = false;
    this.failed = null; // error of a failed before-all hook
  }
  var root = new Suite('', null, '');
  var current = root;
  var registered = []; // every test, in registration order
  var runList = null; // filtered tests in run order
  var anyOnly = false;

  function fullTitle(suite, title) {
    var parts = [title];
    for (var s = suite; s && s.parent; s = s.parent) parts.unshift(s.title);
    return parts.filter(function (p) { return p !== ''; }).join(' ');
  }
  function addTest(kind, title, fn, flags) {
    var t = {
      kind: kind,
      title: String(title),
      fn: fn,
      suite: current,
      file: currentFile,
      skip: !!flags.skip || (kind !== 'tape' && typeof fn !== 'function'),
      only: !!flags.only,
      opts: flags.opts || {},
      timeout: current.timeout
    };
    if (t.only) anyOnly = true;
    t.name = fullTitle(current, t.title);
    registered.push(t);
    current.items.push({ test: t });
    runList = null;
    return t;
  }
  function addSuite(title, fn, flags) {
    var s = new Suite(String(title), current, currentFile);
    s.skip = !!flags.skip || current.skip;
    s.only = !!flags.only;
    if (s.only) anyOnly = true;
    current.items.push({ suite: s });
    var prev = current;
    current = s;
    try {
      if (typeof fn === 'function') fn.call(suiteContext(s));
    } finally {
      current = prev;
    }
    runList = null;
    return s;
  }
  function suiteContext(s) {
    return {
      timeout: function (ms) { if (ms !== undefined) s.timeout = +ms; return s.timeout; },
      slow: function () { return this; },
      retries: function () { return this; },
      skip: function () { s.skip = true; }
    };
  }
  function onlyInside(s) {
    for (var p = s; p; p = p.parent) if (p.only) return true;
    return false;
  }
  function skippedInside(s) {
    for (var p = s; p; p = p.parent) if (p.skip) return true;
    return false;
  }
  function buildRunList() {
    var list = [];
    function visit(s) {
      // mocha runs a suite's own tests before its child suites
      s.items.forEach(function (it) { if (it.test) consider(it.test); });
      s.items.forEach(function (it) { if (it.suite) visit(it.suite); });
    }
    function consider(t) {
      if (t.skip || skippedInside(t.suite)) return;
      if (anyOnly && !t.only && !onlyInside(t.suite)) return;
      list.push(t);
    }
    visit(root);
    // suite bookkeeping: first and last runnable test of every suite
    list.forEach(function (t, i) {
      for (var s = t.suite; s; s = s.parent) {
        if (s.firstIndex === undefined) s.firstIndex = i;
        s.lastIndex = i;
      }
    });
    return list;
  }
  function ensureList() {
    if (!runList) {
      clearIndices(root);
      runList = buildRunList();
    }
    return runList;
  }
  function clearIndices(s) {
    s.firstIndex = undefined;
    s.lastIndex = undefined;
    s.items.forEach(function (it) { if (it.suite) clearIndices(it.suite); });
  }

  // ---------------------------------------------------------------- running
  function errorOf(e) {
    if (e === undefined || e === null) return String(e);
    if (e instanceof Error || (typeof e === 'object' && typeof e.message === 'string')) {
      return (e.name || 'Error') + ': ' + e.message;
    }
    return 'thrown: ' + String(e);
  }
  // Calls fn (sync, done-callback or promise-returning) and resolves with null or the error.
  function callFn(fn, ctx, timeout) {
    return new Promise(function (resolve) {
      var finished = false;
      var timer = null;
      function finish(err) {
        if (finished) return;
        finished = true;
        if (timer !== null) clearTimeout(timer);
        resolve(err === undefined ? null : err);
      }
      try {
        if (fn.length > 0) {
          var done = function (err) {
            if (err !== undefined && err !== null) finish(err instanceof Error ? err : new Error('done() invoked with non-Error: ' + String(err)));
            else finish(null);
          };
          done.fail = function (err) { finish(err || new Error('failed')); };
          var r = fn.call(ctx, done);
          if (r && typeof r.then === 'function') {
            finish(new Error('Resolution method is overspecified. Specify a callback *or* return a Promise; not both.'));
            return;
          }
          if (!finished) armTimeout();
        } else {
          var res = fn.call(ctx);
          if (res && typeof res.then === 'function') {
            res.then(function () { finish(null); }, function (e) { finish(e === undefined || e === null ? new Error('Promise rejected with no or falsy reason') : e); });
            if (!finished) armTimeout();
          } else finish(null);
        }
      } catch (e) {
        finish(e === undefined || e === null ? new Error(String(e)) : e);
      }
      function armTimeout() {
        // Read now: the test may have changed it with this.timeout(ms).
        var ms = typeof timeout === 'function' ? timeout() : timeout;
        if (ms > 0 && !finished) {
          timer = setTimeout(function () {
            finish(new Error('Timeout of ' + ms + 'ms exceeded. For async tests and hooks, ensure "done()" is called; if returning a Promise, ensure it resolves.'));
          }, ms);
        }
      }
    });
  }
  function runHooks(hooks, ctx, timeout) {
    var p = Promise.resolve(null);
    hooks.forEach(function (h) {
      p = p.then(function (err) { return err ? err : callFn(h, ctx, timeout); });
    });
    return p;
  }
  function chain(suite) {
    var out = [];
    for (var s = suite; s; s = s.parent) out.unshift(s);
    return out;
  }
  function testContext(t) {
    return {
      timeout: function (ms) { if (ms !== undefined) t.timeout = +ms; return t.timeout; },
      slow: function () { return this; },
      retries: function () { return this; },
      skip: function () { var e = new Error('skipped'); e.__dpSkip = true; throw e; },
      test: { title: t.title, fullTitle: function () { return t.name; }, file: t.file }
    };
  }
  function runMochaTest(t, index) {
    var suites = chain(t.suite);
    var ctx = testContext(t);
    var p = Promise.resolve(null);
    // before-all hooks of suites whose first test this is
    suites.forEach(function (s) {
      p = p.then(function (err) {
        if (err) return err;
        if (s.failed) return s.failed;
        if (s.beforeDone) return null;
        s.beforeDone = true;
        return runHooks(s.before, ctx, s.timeout).then(function (e) { if (e) s.failed = e; return e; });
      });
    });
    suites.forEach(function (s) {
      p = p.then(function (err) { return err ? err : runHooks(s.beforeEach, ctx, s.timeout); });
    });
    p = p.then(function (err) { return err ? err : callFn(t.fn, ctx, function () { return t.timeout; }); });
    var result;
    p = p.then(function (err) {
      result = err;
      var q = Promise.resolve(null);
      suites.slice().reverse().forEach(function (s) {
        q = q.then(function (e2) { return e2 ? e2 : runHooks(s.afterEach, ctx, s.timeout); });
      });
      return q;
    }).then(function (afterErr) {
      if (!result && afterErr) result = afterErr;
      // after-all hooks of suites whose last test this is (innermost first)
      var q = Promise.resolve(null);
      suites.slice().reverse().forEach(function (s) {
        if (s.lastIndex === index && !s.afterDone) {
          s.afterDone = true;
          q = q.then(function (e3) { return runHooks(s.after, ctx, s.timeout).then(function (e4) { return e3 || e4; }); });
        }
      });
      return q;
    }).then(function (afterAllErr) {
      if (!result && afterAllErr) result = afterAllErr;
      return result;
    });
    return p;
  }
  function runTapeTest(t) {
    return new Promise(function (resolve) {
      var failures = [];
      var planned = null;
      var count = 0;
      var ended = false;
      var timer = null;
      function end() {
        if (ended) return;
        ended = true;
        if (timer !== null) clearTimeout(timer);
        if (planned !== null && count !== planned) failures.push(new Error('plan != count: planned ' + planned + ' assertions, ran ' + count));
        resolve(failures.length ? failures[0] : null);
      }
      function assertion(ok, msg, dflt) {
        count++;
        if (!ok) failures.push(new Error(msg === undefined ? dflt : String(msg)));
        if (planned !== null && count >= planned) Promise.resolve().then(end);
      }
      function deq(a, b, strict) { return deepEq(a, b, strict); }
      var api = {
        plan: function (n) { planned = n; },
        end: function (err) { if (err) assertion(false, err && err.message, 'ended with error'); end(); },
        ok: function (v, m) { assertion(!!v, m, 'should be truthy'); },
        true: function (v, m) { assertion(!!v, m, 'should be truthy'); },
        assert: function (v, m) { assertion(!!v, m, 'should be truthy'); },
        notOk: function (v, m) { assertion(!v, m, 'should be falsy'); },
        false: function (v, m) { assertion(!v, m, 'should be falsy'); },
        error: function (e, m) { assertion(!e, m || (e && e.message), String(e)); },
        ifError: function (e, m) { assertion(!e, m || (e && e.message), String(e)); },
        equal: function (a, b, m) { assertion(Object.is(a, b) || a === b, m, 'should be strictly equal'); },
        equals: function (a, b, m) { assertion(a === b, m, 'should be strictly equal'); },
        strictEqual: function (a, b, m) { assertion(a === b, m, 'should be strictly equal'); },
        is: function (a, b, m) { assertion(Object.is(a, b), m, 'should be equal'); },
        notEqual: function (a, b, m) { assertion(a !== b, m, 'should not be strictly equal'); },
        notStrictEqual: function (a, b, m) { assertion(a !== b, m, 'should not be strictly equal'); },
        looseEqual: function (a, b, m) { assertion(a == b, m, 'should be loosely equal'); },
        notLooseEqual: function (a, b, m) { assertion(a != b, m, 'should not be loosely equal'); },
        deepEqual: function (a, b, m) { assertion(deq(a, b, true), m, 'should be deeply equivalent'); },
        same: function (a, b, m) { assertion(deq(a, b, true), m, 'should be deeply equivalent'); },
        notDeepEqual: function (a, b, m) { assertion(!deq(a, b, true), m, 'should not be deeply equivalent'); },
        deepLooseEqual: function (a, b, m) { assertion(deq(a, b, false), m, 'should be loosely deeply equivalent'); },
        throws: function (fn, expected, m) {
          if (typeof expected === 'string') { m = expected; expected = undefined; }
          var threw = false, err;
          try { fn(); } catch (e) { threw = true; err = e; }
          var ok = threw;
          if (threw && expected instanceof RegExp) ok = expected.test(String(err && err.message !== undefined ? err.message : err)) || expected.test(String(err));
          else if (threw && typeof expected === 'function') ok = err instanceof expected || (expected.prototype === undefined && expected(err) === true);
          assertion(ok, m, 'should throw');
        },
        doesNotThrow: function (fn, m) {
          var ok = true;
          try { fn(); } catch (e) { ok = false; }
          assertion(ok, m, 'should not throw');
        },
        pass: function (m) { assertion(true, m, 'pass'); },
        fail: function (m) { assertion(false, m, 'fail'); },
        comment: function () {},
        skip: function () {},
        teardown: function () {},
        timeoutAfter: function () {}
      };
      api.test = function () { throw new Error('nested tape tests are not supported by decisionprof'); };
      try {
        var r = t.fn(api);
        if (r && typeof r.then === 'function') {
          r.then(function () { if (planned === null) end(); }, function (e) { failures.push(e); end(); });
        }
      } catch (e) {
        failures.push(e);
        end();
        return;
      }
      if (!ended) {
        timer = setTimeout(function () {
          failures.push(new Error('test exited without ending: ' + t.title));
          end();
        }, TIMEOUT_MS);
      }
    });
  }
  function deepEq(a, b, strict) {
    if (strict ? Object.is(a, b) || a === b : a == b) return true;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
    if (a instanceof RegExp && b instanceof RegExp) return String(a) === String(b);
    var ka = Object.keys(a), kb = Object.keys(b);
    if (ka.length !== kb.length) return false;
    for (var i = 0; i < ka.length; i++) {
      if (!Object.prototype.hasOwnProperty.call(b, ka[i])) return false;
      if (!deepEq(a[ka[i]], b[ka[i]], strict)) return false;
    }
    return true;
  }

  var api = {
    install: function (g) {
      function it(title, fn) { return addTest('mocha', title, fn, {}); }
      it.skip = function (title, fn) { return addTest('mocha', title, fn, { skip: true }); };
      it.only = function (title, fn) { return addTest('mocha', title, fn, { only: true }); };
      function describe(title, fn) { return addSuite(title, fn, {}); }
      describe.skip = function (title, fn) { return addSuite(title, fn, { skip: true }); };
      describe.only = function (title, fn) { return addSuite(title, fn, { only: true }); };
      function hook(kind) { return function (name, fn) { if (typeof name === 'function') fn = name; current[kind].push(fn); }; }
      function test(name, opts, fn) {
        if (typeof name === 'function') { fn = name; name = fn.name || '(anonymous)'; opts = {}; }
        if (typeof opts === 'function') { fn = opts; opts = {}; }
        opts = opts || {};
        return addTest('tape', name, fn, { skip: !!opts.skip, only: false, opts: opts });
      }
      test.skip = function (name, opts, fn) { if (typeof opts === 'function') fn = opts; return addTest('tape', name, fn, { skip: true }); };
      test.only = function (name, opts, fn) { if (typeof opts === 'function') fn = opts; return addTest('tape', name, fn, { only: true }); };
      var defs = {
        describe: describe, context: describe, suite: describe,
        it: it, specify: it,
        xit: it.skip, xspecify: it.skip, xdescribe: describe.skip, xcontext: describe.skip,
        before: hook('before'), after: hook('after'), beforeEach: hook('beforeEach'), afterEach: hook('afterEach'),
        beforeAll: hook('before'), afterAll: hook('after'),
        test: test
      };
      Object.keys(defs).forEach(function (k) {
        Object.defineProperty(g, k, { value: defs[k], writable: true, configurable: true, enumerable: false });
      });
    },
    registeredCount: function () { return registered.length; },
    setFile: function (rel) { currentFile = String(rel); current = root; },
    tests: function () {
      return ensureList().map(function (t) { return { name: t.name, file: t.file }; });
    },
    runTest: function (i, hooks) {
      var list = ensureList();
      var t = list[i];
      if (!t) return Promise.reject(new Error('no test ' + i));
      if (hooks && hooks.onStart) hooks.onStart(i);
      var p = t.kind === 'tape' ? runTapeTest(t) : runMochaTest(t, i);
      return p.then(function (err) {
        if (err && err.__dpSkip) err = null;
        var r = { passed: !err, error: err ? errorOf(err) : null };
        if (hooks && hooks.onEnd) hooks.onEnd(i, r);
        return r;
      });
    }
  };
  globalThis.__dpHarness = api;
})();

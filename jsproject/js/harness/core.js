// decisionprof test harness, its core: mocha/jasmine-style describe/it, tape, node-tap, `node:test`
// and jest's and vitest's globals and modules register tests here, which run one by one
// (`install(g)`, `setFile(relPath)`, `tests()`, `runTest(i, hooks)`); engine-neutral (it runs in
// Boa under decisionprof and under node).
'use strict';
var running = require('./running');
var fileGlobals = require('./fresh_globals');
var expectPart = require('./expect');
var chai = require('./chai_assert');
var moduleMocks = require('./module_mocks');
var errorOf = require('./call').errorOf;
var callFn = require('./call').callFn;
var runHooks = require('./call').runHooks;
var deepEq = require('./deep_eq');
var tapeApi = require('./tape_assertions').tapeApi;
var TapeTest = require('./tape_assertions').TapeTest;
var tapAssertions = require('./tap_assertions');
var MockTracker = require('./mock_tracker');
var runWithFixtures = require('./fixtures');
var STAND_INS = require('./stand_ins.json');
// the runner's per-test timeout (mocha's 2 s unless discovery says otherwise: jest's 5 s, the
// project's configuration), read once from the variable discovery sets, which the program
// does not see
var TIMEOUT_MS = runnerTimeout(2000);
function runnerTimeout(dflt) {
  var env = typeof process !== 'undefined' && process.env;
  var text = env && env.DECISIONPROF_RUNNER_TIMEOUT_MS;
  if (typeof text !== 'string') return dflt;
  delete env.DECISIONPROF_RUNNER_TIMEOUT_MS;
  var ms = Number(text);
  return ms >= 0 ? ms : dflt;
}
var TAPE_TIMEOUT_MS = 30000;
// tap calls a test without a name `(unnamed test)` (its snapshots' keys say so)
function tapName(name) { return name === '' || name == null ? '(unnamed test)' : name; }
var currentFile = '';
// the harness's own timeouts keep real time when a test fakes the timers (fake_timers.js)
var realSetTimeout = globalThis.setTimeout, realClearTimeout = globalThis.clearTimeout;
var realSetImmediate = globalThis.setImmediate;
// what the parts acting at each file do when the run moves on to another test file (`onFileStart`)
var fileStarts = [];
var lastRunFile = null;
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
// jest.setTimeout(ms) and vitest's vi.setConfig({ testTimeout }): the timeout of the tests
// registered after it in the suite being defined
expectPart.mocks.setTimeout = function (ms) { if (+ms >= 0) current.timeout = +ms; return expectPart.mocks; };
expectPart.mocks.setConfig = function (c) { if (c && +c.testTimeout >= 0) current.timeout = +c.testTimeout; };
var registered = []; // every test, in registration order
var runList = null; // filtered tests in run order
var anyOnly = false;
var onlyFiles = Object.create(null); // files with an `.only` (jest's and vitest's apply per file)
// vitest's hooks and tests (VITEST=true, as the runner sets it): no `done` callbacks; the test's
// context goes to its beforeEach/afterEach hooks and to the test; a function a beforeEach or
// beforeAll hook returns is a cleanup, run after the afterEach or afterAll hooks
var vitestMode = false;
var vitestCtx = null;
var eachCleanups = [];

// the titles from the outermost suite down; a unit is named `suite > test`, as runners report it
function titlePath(suite, title) {
  var parts = [title];
  for (var s = suite; s && s.parent; s = s.parent) parts.unshift(s.title);
  return parts.filter(function (p) { return p !== ''; });
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
  if (t.only) anyOnly = onlyFiles[currentFile] = true;
  t.name = titlePath(current, t.title).join(' > ');
  t.mochaTitle = titlePath(current, t.title).join(' ');
  registered.push(t);
  current.items.push({ test: t });
  runList = null;
  return t;
}
// vitest collects a file's suites once the file has loaded (`collect`): a describe callback
// runs after the module's top level (a `const` it reads that is declared below it is set), each
// suite's callback before its children's, one after the other; what an async callback registers
// after an `await` belongs to its suite.
var collectRoot = null;
var loadingFile = false;
function collectSuite(scope) {
  var pending = scope.pendingBodies || [];
  scope.pendingBodies = [];
  return pending.reduce(function (p, d) {
    return p.then(function () { return suiteBody(d.suite, d.fn); }).then(function () { return collectSuite(d.suite); });
  }, Promise.resolve());
}
function suiteBody(suite, fn) {
  var prev = current;
  current = suite;
  var settle = function () { current = prev; runList = null; };
  var r;
  try {
    r = typeof fn === 'function' ? fn.call(suiteContext(suite), jestModule('vitest').it) : undefined;
  } catch (e) {
    settle();
    return Promise.reject(e);
  }
  if (!r || typeof r.then !== 'function') {
    settle();
    return Promise.resolve();
  }
  return Promise.resolve(r).then(settle, function (e) { settle(); throw e; });
}
function addSuite(title, fn, flags) {
  var s = new Suite(String(title), current, currentFile);
  s.skip = !!flags.skip || current.skip;
  s.only = !!flags.only;
  if (s.only) anyOnly = onlyFiles[currentFile] = true;
  current.items.push({ suite: s });
  if (vitestMode && loadingFile) {
    (current.pendingBodies = current.pendingBodies || []).push({ suite: s, fn: fn });
    runList = null;
    return s;
  }
  var prev = current;
  current = s;
  try {
    if (typeof fn === 'function') fn.call(suiteContext(s), vitestMode ? jestModule('vitest').it : undefined);
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
  function visit(s, inOrder) {
    // mocha runs a suite's own tests before its child suites; jest and vitest run a file's
    // tests and suites as they were declared
    if (inOrder || s.inOrder) {
      s.items.forEach(function (it) { if (it.test) consider(it.test, true); else visit(it.suite, true); });
      return;
    }
    s.items.forEach(function (it) { if (it.test) consider(it.test); });
    s.items.forEach(function (it) { if (it.suite) visit(it.suite); });
  }
  function consider(t, fileScoped) {
    if (t.skip || skippedInside(t.suite)) return;
    var onlyHere = fileScoped ? onlyFiles[t.file] : anyOnly;
    if (onlyHere && !t.only && !onlyInside(t.suite)) return;
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
function chain(suite) {
  var out = [];
  for (var s = suite; s; s = s.parent) out.unshift(s);
  return out;
}
// mocha's `this`: one context per suite, inheriting its parent's, shared by the suite's hooks
// and tests (`this.x = …` in a before hook is seen by the tests); `this.test` is the current test
var ctxProto = {
  timeout: function (ms) {
    var t = this.__dpTest;
    if (ms === undefined) return t ? t.timeout : TIMEOUT_MS;
    if (t) t.timeout = +ms;
    return this;
  },
  slow: function () { return this; },
  retries: function () { return this; },
  skip: function () { var e = new Error('skipped'); e.__dpSkip = true; throw e; }
};
function suiteCtx(s) {
  if (!s.ctx) s.ctx = Object.create(s.parent ? suiteCtx(s.parent) : ctxProto);
  return s.ctx;
}
function testContext(t) {
  var ctx = suiteCtx(t.suite);
  var info = { title: t.title, fullTitle: function () { return t.mochaTitle; }, file: t.file };
  for (var s = t.suite; s; s = s.parent) {
    Object.defineProperty(suiteCtx(s), '__dpTest', { value: t, writable: true, configurable: true, enumerable: false });
    suiteCtx(s).currentTest = info;
    suiteCtx(s).test = info;
  }
  // per-test state of the parts adding test kinds (ava's t.context) starts afresh
  delete ctx.__dpAva;
  return ctx;
}
// the context vitest gives a test and its beforeEach/afterEach hooks
function vitestContext(title) {
  return {
    expect: expectPart.expect,
    skip: function () { var e = new Error('skipped'); e.__dpSkip = true; throw e; },
    task: { name: String(title) }
  };
}
// a hook as vitest calls it (see `vitestMode`): `suite` is where it was registered
function vitestHook(kind, fn, suite) {
  var each = kind === 'beforeEach' || kind === 'afterEach';
  return function () {
    var r = fn.call(this, each ? vitestCtx : { name: suite.title });
    if (kind !== 'beforeEach' && kind !== 'before') return r;
    var keep = function (v) {
      if (typeof v !== 'function') return;
      if (kind === 'before') (suite.cleanups = suite.cleanups || []).push(v);
      else eachCleanups.push(v);
    };
    if (r && typeof r.then === 'function') return r.then(keep);
    keep(r);
    return undefined;
  };
}
// the mocha-style test whose function runs (till the promise it returns settles), else null
var inBody = null;
function runMochaTest(t, index) {
  var suites = chain(t.suite);
  var ctx = testContext(t);
  // a node:test test's context exists before its hooks run: node passes it to beforeEach/afterEach
  nodeTestCtx = t.kind === 'node' ? nodeContext(t.name, t.title, t, [])
    : t.kind === 'node-sub' ? nodeContext(t.name, t.ownName, t, t.ancestors) : null;
  var nctx = nodeTestCtx;
  vitestCtx = vitestMode ? vitestContext(t.title) : null;
  eachCleanups = [];
  var p = Promise.resolve(null);
  // before-all hooks of suites whose first test this is
  suites.forEach(function (s) {
    p = p.then(function (err) {
      if (err) return err;
      if (s.failed) return s.failed;
      if (s.beforeDone) return null;
      s.beforeDone = true;
      return runHooks(s.before, suiteCtx(s), s.timeout).then(function (e) { if (e) s.failed = e; return e; });
    });
  });
  suites.forEach(function (s) {
    p = p.then(function (err) { return err ? err : runHooks(s.beforeEach, suiteCtx(s), s.timeout); });
  });
  p = p.then(function (err) {
    if (err) return err;
    if (t.kind === 'node') return runNodeBody(t.fn, t.timeout, t.todo, nctx);
    // a subtest run on its own (the gate times it): its parents' hooks, not their bodies
    if (t.kind === 'node-sub') return runSubtestBody(t.fn, t.opts, nctx);
    if (bodyRunners[t.kind]) return bodyRunners[t.kind](t, ctx);
    // vitest calls a test with its context and no `this`: a stack trace's frame of an anonymous
    // test is then `at file:line:col`, with no `Object.<anonymous>` (zustand's devtools names
    // an action after its caller's frame)
    var body = vitestCtx === null ? t.fn : function () { return t.fn.call(undefined, vitestCtx); };
    inBody = t;
    var ended = function () { inBody = null; };
    try {
      return callFn(body, ctx, function () { return t.timeout; }).then(
        function (e) { ended(); return e; },
        function (e) { ended(); throw e; });
    } catch (e) {
      ended();
      throw e;
    }
  });
  var result;
  p = p.then(function (err) {
    result = err;
    var q = Promise.resolve(null);
    suites.slice().reverse().forEach(function (s) {
      q = q.then(function (e2) { return e2 ? e2 : runHooks(s.afterEach, suiteCtx(s), s.timeout); });
    });
    var cleanups = eachCleanups.slice().reverse();
    return q.then(function (e2) { return runHooks(cleanups, ctx, t.timeout).then(function (e3) { return e2 || e3; }); });
  }).then(function (afterErr) {
    afterTest.forEach(function (f) { f(); });
    if (!result && afterErr) result = afterErr;
    // after-all hooks of suites whose last test this is, with the subtests it ran (innermost first)
    var last = subtreeEnd(index, t);
    var q = Promise.resolve(null);
    suites.slice().reverse().forEach(function (s) {
      if (s.lastIndex === last && !s.afterDone) {
        s.afterDone = true;
        q = q.then(function (e3) { return runHooks(s.after, suiteCtx(s), s.timeout).then(function (e4) { return e3 || e4; }); });
        q = q.then(function (e3) { return runHooks((s.cleanups || []).slice().reverse(), suiteCtx(s), s.timeout).then(function (e4) { return e3 || e4; }); });
      }
    });
    return q;
  }).then(function (afterAllErr) {
    if (!result && afterAllErr) result = afterAllErr;
    return result;
  });
  return p;
}
// mocha root hook plugins (`exports.mochaHooks`: an object, or a function returning one) and
// global fixtures (`mochaGlobalSetup`/`mochaGlobalTeardown`), set up once before the first test
var rootPlugins = [];
var globalFixtures = { setup: [], teardown: [], ctx: {}, started: null, tornDown: false };
function beforeFirstTest() {
  if (globalFixtures.started) return globalFixtures.started;
  var p = runHooks(globalFixtures.setup, globalFixtures.ctx, TIMEOUT_MS);
  rootPlugins.forEach(function (plugin) {
    p = p.then(function (err) {
      if (err) return err;
      var got = typeof plugin === 'function' ? plugin() : plugin;
      return Promise.resolve(got).then(function (h) {
        adoptHooks(h || {});
        return null;
      }, function (e) { return e || new Error('mochaHooks rejected'); });
    });
  });
  globalFixtures.started = p;
  return p;
}
function adoptHooks(h) {
  var kinds = { beforeAll: 'before', beforeEach: 'beforeEach', afterEach: 'afterEach', afterAll: 'after' };
  Object.keys(kinds).forEach(function (k) {
    var fns = h[k] === undefined ? [] : [].concat(h[k]);
    fns.forEach(function (f) { if (typeof f === 'function') root[kinds[k]].push(f); });
  });
}
function runTapeTest(t) { return runTape(t, false); }
// A tape or tap test's nested t.test()s: units of their own (`parent > child`), run right
// after their parent and its teardown, in order, as tape runs them.
function addSubtests(parent, subs) {
  // a parent run again (the gate's timing loop) keeps the subtests of its first run
  if (parent.subsAdded) return;
  parent.subsAdded = true;
  var items = parent.suite.items;
  var at = -1;
  for (var k = 0; k < items.length && at < 0; k++) if (items[k].test === parent) at = k;
  if (at < 0 || !subs.length) return;
  var made = subs.map(function (sub) {
    var t = {
      kind: parent.kind, title: parent.title + ' > ' + sub.name, fn: sub.fn, suite: parent.suite,
      file: parent.file, skip: false, only: parent.only, opts: sub.opts, timeout: parent.timeout,
      tapNames: (parent.tapNames || [parent.title]).concat([sub.name]), tapParent: parent
    };
    t.name = titlePath(parent.suite, t.title).join(' > ');
    t.mochaTitle = titlePath(parent.suite, t.title).join(' ');
    registered.push(t);
    return { test: t };
  });
  items.splice.apply(items, [at + 1, 0].concat(made));
  runList = null;
}
// One tape test (`unit`, from the run list): its assertions, then its teardown callbacks; its
// nested t.test()s become the units after it. Resolves with the first failure or null.
function runTape(unit, tap) {
  var title = unit.title, fn = unit.fn, opts = unit.opts || {};
  var teardowns = [];
  var subs = [];
  var failures = [];
  var own = new Promise(function (resolve) {
    var planned = null;
    var count = 0;
    var ended = false;
    var timer = null;
    function end() {
      if (ended) return;
      ended = true;
      if (timer !== null) realClearTimeout(timer);
      if (planned !== null && count !== planned) failures.push(new Error('plan != count: planned ' + planned + ' assertions, ran ' + count));
      resolve();
    }
    function assertion(ok, msg, dflt) {
      count++;
      if (!ok) failures.push(new Error(msg === undefined ? dflt : String(msg)));
      if (planned !== null && count >= planned) Promise.resolve().then(end);
    }
    var api = tapeApi(assertion, function (n) { planned = n; }, function (err) {
      if (err) assertion(false, err && err.message, 'ended with error');
      end();
    });
    if (tap) {
      unit.tapApi = api;
      tapAssertions(api, assertion, function () {
        // the tests a snapshot setting (`t.cleanSnapshot`) is inherited from: the file's root,
        // then each parent
        var chain = [api];
        for (var p = unit.tapParent; p; p = p.tapParent) if (p.tapApi) chain.unshift(p.tapApi);
        if (tapRoot) chain.unshift(tapRoot);
        return { file: unit.file, names: (unit.tapNames || [title]).map(function (n) { return String(n).trim(); }), chain: chain };
      });
      api.context = tapEachTest().context;
    }
    api.teardown = function (f) { if (typeof f === 'function') teardowns.push(f); };
    // a tape test is an EventEmitter: 'end' listeners run as its teardown does
    api.on = api.once = api.addListener = function (ev, f) {
      if (ev === 'end' && typeof f === 'function') teardowns.push(f);
      return api;
    };
    api.removeListener = api.off = function () { return api; };
    api.emit = function () { return false; };
    api.test = function (name, o, f) {
      if (typeof o === 'function') { f = o; o = {}; }
      if (typeof name === 'function') { f = name; name = f.name || '(anonymous)'; }
      if (tap) name = tapName(name);
      o = o || {};
      if (!o.skip && typeof f === 'function') subs.push({ name: String(name), fn: f, opts: o });
      // a plan counts subtests as assertions
      if (planned !== null) assertion(true, 'subtest', 'subtest');
    };
    try {
      var r = fn(api);
      if (r && typeof r.then === 'function') {
        r.then(function () { if (planned === null) end(); }, function (e) { failures.push(e); end(); });
      } else if (planned === null && subs.length && count === 0) {
        // a test that only declares subtests ends by itself
        Promise.resolve().then(end);
      }
    } catch (e) {
      failures.push(e);
      end();
      return;
    }
    if (!ended) {
      // tape itself never times out: a test that never ends fails after 30 s here
      var ms = typeof opts.timeout === 'number' ? opts.timeout : TAPE_TIMEOUT_MS;
      timer = realSetTimeout(function () {
        failures.push(new Error('test exited without ending: ' + title));
        end();
      }, ms);
    }
  });
  return own.then(function () {
    return teardowns.reduce(function (p, f) {
      return p.then(function () { return callFn(function () { return f(); }, null, TIMEOUT_MS); })
        .then(function (e) { if (e) failures.push(e); });
    }, Promise.resolve());
  }).then(function () {
    addSubtests(unit, subs);
  }).then(function () {
    // tape's `todo` tests run, but their failures do not count
    return failures.length && !opts.todo ? failures[0] : null;
  });
}

var tapRoot = null;
// what node-tap's beforeEach and afterEach get of the test they run around: its `context` is
// the test's (`t.beforeEach(t => { t.context.x = … })`); a new one for each test
var tapEach = null;
function tapEachTest() {
  if (tapEach === null) tapEach = { context: {}, name: '' };
  return tapEach;
}
// `require('tap')`: the root test of a file; its `test()`s are the units, its own assertions
// throw when they fail (they run while the file loads)
function tapModule() {
  if (tapRoot) return tapRoot;
  var root = tapeApi(function (ok, msg, dflt) {
    if (!ok) throw new Error(msg === undefined ? dflt : String(msg));
  }, function () {}, function () {});
  tapAssertions(root, function (ok, msg, dflt) { if (!ok) throw new Error(msg === undefined ? dflt : String(msg)); },
    function () { return { file: currentFile, names: [], chain: [root] }; });
  function register(flags) {
    return function (name, opts, fn) {
      if (typeof name === 'function') { fn = name; name = fn.name || '(anonymous)'; opts = {}; }
      if (typeof opts === 'function') { fn = opts; opts = {}; }
      name = tapName(name);
      opts = opts || {};
      inNodeScope(function () {
        addTest('tap', name, fn, { skip: !!(flags.skip || opts.skip || opts.todo), only: !!(flags.only || opts.only), opts: opts });
      });
      return Promise.resolve();
    };
  }
  function fileHook(kind) {
    return function (fn) {
      if (typeof fn !== 'function') return;
      var each = kind === 'beforeEach' || kind === 'afterEach';
      var wrapped = function () { return fn.call(this, each ? tapEachTest() : { context: {}, name: '' }); };
      inNodeScope(function () { current[kind].push(wrapped); });
    };
  }
  root.test = register({});
  root.skip = register({ skip: true });
  root.todo = register({ skip: true });
  root.only = register({ only: true });
  root.beforeEach = fileHook('beforeEach');
  root.afterEach = fileHook('afterEach');
  root.before = fileHook('before');
  root.teardown = fileHook('after');
  root.after = root.teardown;
  root.end = function () {};
  root.plan = function () {};
  root.jobs = 1;
  root.mochaGlobals = function () { throw new Error('tap.mochaGlobals() is not supported by decisionprof'); };
  root.Test = TapeTest;
  tapRoot = root;
  return root;
}

// ---------------------------------------------------------------- node:test
// `node:test` as a module of this harness: test/it (a TestContext with subtests, skip, todo,
// mock), describe/suite, hooks, mock.fn/mock.method. A file's top-level tests and hooks live in
// an untitled suite of its own, so its hooks do not reach other files. Subtests run inside
// their parent's unit, one after another.
var fileSuites = Object.create(null);
var nodeModule = null;
function nodeScope() {
  if (current !== root) return current;
  var s = fileSuites[currentFile];
  if (!s) {
    s = new Suite('', root, currentFile);
    root.items.push({ suite: s });
    fileSuites[currentFile] = s;
  }
  return s;
}
function inNodeScope(f) {
  var prev = current;
  current = nodeScope();
  try { return f(); } finally { current = prev; }
}
function nodeArgs(args) {
  var a = { name: undefined, opts: {}, fn: undefined };
  for (var i = 0; i < args.length; i++) {
    var v = args[i];
    if (typeof v === 'string') a.name = v;
    else if (typeof v === 'function') a.fn = v;
    else if (v && typeof v === 'object') a.opts = v;
  }
  if (a.name === undefined) a.name = (a.fn && a.fn.name) || '<anonymous>';
  return a;
}
function registerNode(args, flags) {
  var a = nodeArgs(args);
  var o = a.opts;
  inNodeScope(function () {
    var t = addTest('node', a.name, a.fn, {
      skip: !!(flags.skip || o.skip) || typeof a.fn !== 'function',
      only: !!(flags.only || o.only),
      opts: o
    });
    t.todo = !!(flags.todo || o.todo);
    // node:test has no default timeout
    t.timeout = typeof o.timeout === 'number' && isFinite(o.timeout) ? o.timeout : 0;
  });
  return Promise.resolve();
}
function nodeHookFn(fn, ctxOf) {
  // node passes the test context (and `done` to a two-parameter hook)
  return fn.length >= 2
    ? function (done) { return fn.call(this, ctxOf(), done); }
    : function () { return fn.call(this, ctxOf()); };
}
// the context node passes to a describe's or a file's hooks: the test's for beforeEach/afterEach,
// one of the suite's own for before/after
var nodeTestCtx = null;
function nodeHook(kind) {
  return function (fn) {
    if (typeof fn !== 'function') return;
    inNodeScope(function () {
      var title = current.title;
      var own = null;
      var ctxOf = kind === 'beforeEach' || kind === 'afterEach'
        ? function () { return nodeTestCtx; }
        : function () { return own || (own = nodeContext(title)); };
      current[kind].push(nodeHookFn(fn, ctxOf));
    });
  };
}
// `name` is the test's own title (the full one when none is given), `fullName` the full one;
// `unit` the test's unit, if it has one, and `ancestors` the contexts of the tests it is a
// subtest of, outermost first (their beforeEach and afterEach hooks apply to it, as in node)
function nodeContext(name, title, unit, ancestors) {
  var subCount = 0;
  var ctx = {
    name: title === undefined ? name : title,
    fullName: name,
    signal: undefined,
    skipped: false,
    chain: Promise.resolve(),
    failures: [],
    hooks: { before: [], after: [], beforeEach: [], afterEach: [] },
    ancestors: ancestors || [],
    beforeDone: false,
    diagnostic: function () {},
    // node 20.15+: the context's `assert` is the `assert` module
    get assert() { var p = globalThis.process; return p && typeof p.getBuiltinModule === 'function' ? p.getBuiltinModule('assert') : undefined; },
    plan: function () {},
    runOnly: function () {},
    skip: function () { ctx.skipped = true; },
    todo: function () { ctx.skipped = true; },
    before: function (fn) { ctx.hooks.before.push(fn); },
    after: function (fn) { ctx.hooks.after.push(fn); },
    beforeEach: function (fn) { ctx.hooks.beforeEach.push(fn); },
    afterEach: function (fn) { ctx.hooks.afterEach.push(fn); },
    test: function () {
      var a = nodeArgs(arguments);
      if (a.opts.skip || typeof a.fn !== 'function') return Promise.resolve();
      var k = subCount++;
      var run = function () { return runSubtest(ctx, unit, k, a); };
      ctx.chain = ctx.chain.then(run, run);
      return ctx.chain;
    }
  };
  // a test's own mocks are restored when it ends
  var tracker = new MockTracker();
  Object.defineProperty(ctx, 'mock', { get: function () { return tracker; } });
  ctx.endMocks = function () { tracker.restoreAll(); };
  return ctx;
}
// Driver hooks (`setUnitHooks`): `begin(name, file)` as a subtest starts gives a token that
// `end(token, error)` takes as it ends, so that the engine records the subtest as its own unit
var unitHooks = null;
var NESTING = { tape: true, tap: true, node: true, 'node-sub': true };
// the subtest the gate times now (`runSubtestTimed`): { unit, ns, ran }
var timedSubtest = null;
// Runs subtest `a` (the `k`th `t.test()` of context `ctx`, of unit `owner`) where it is called,
// as node does: the parent's before hooks once, then every beforeEach that applies (the suites',
// then the parent tests'), the body and its subtests, the afterEach hooks innermost first. The
// subtest is a unit of its own, and its failure is its parent's too.
function runSubtest(ctx, owner, k, a) {
  var unit = owner ? subUnit(owner, k, a, ctx) : null;
  var sub = nodeContext(ctx.fullName + ' > ' + a.name, a.name, unit, ctx.ancestors.concat([ctx]));
  var pre = ctx.beforeDone ? [] : ctx.hooks.before;
  ctx.beforeDone = true;
  var suites = owner ? chain((owner.top || owner).suite) : [];
  var was = { ctx: nodeTestCtx, running: running.get() };
  var token = unit && unitHooks ? unitHooks.begin(unit.name, unit.file) : null;
  var timed = timedSubtest !== null && timedSubtest.unit === unit ? timedSubtest : null;
  var t0 = timed ? process.hrtime.bigint() : null;
  nodeTestCtx = sub;
  if (unit) running.begin(unit);
  var suiteHooks = function (kind, list) {
    return list.reduce(function (p, s) {
      return p.then(function (err) { return err || runHooks(s[kind], suiteCtx(s), s.timeout); });
    }, Promise.resolve(null));
  };
  return runHooks(pre.map(function (h) { return nodeHookFn(h, function () { return ctx; }); }), ctx, 0)
    .then(function (err) { return err || suiteHooks('beforeEach', suites); })
    .then(function (err) { return err || runSubtestBody(a.fn, a.opts, sub); })
    .then(function (err) {
      return suiteHooks('afterEach', suites.slice().reverse()).then(function (e2) { return err || e2; });
    })
    .then(function (err) {
      if (timed) {
        timed.ns += process.hrtime.bigint() - t0;
        timed.ran = true;
      }
      nodeTestCtx = was.ctx;
      running.set(was.running);
      var error = err ? errorOf(err) : null;
      if (unit) unit.inlineResult = { passed: !err, error: error };
      if (token !== null) unitHooks.end(token, error);
      if (err) ctx.failures.push(err);
    });
}
// A subtest's body with its parent tests' beforeEach and afterEach hooks around it.
function runSubtestBody(fn, opts, sub) {
  var hooksOf = function (kind, list) {
    var out = [];
    list.forEach(function (c) {
      c.hooks[kind].forEach(function (h) { out.push(nodeHookFn(h, function () { return sub; })); });
    });
    return out;
  };
  var parent = sub.ancestors[sub.ancestors.length - 1];
  return runHooks(hooksOf('beforeEach', sub.ancestors), parent, 0)
    .then(function (err) { return err || runNodeBody(fn, opts.timeout || 0, !!opts.todo, sub); })
    .then(function (err) {
      return runHooks(hooksOf('afterEach', sub.ancestors.slice().reverse()), parent, 0)
        .then(function (e2) { return err || e2; });
    });
}
// The unit of the `k`th subtest of `owner` (`owner > name`), placed after the units of the
// subtests its top-level test ran before it: the order node runs them in. A parent run again
// (the gate's timing loop) finds its subtests' units as they were, given its latest body.
function subUnit(owner, k, a, ctx) {
  var top = owner.top || owner;
  owner.subUnits = owner.subUnits || [];
  var t = owner.subUnits[k];
  if (!t) {
    t = {
      kind: 'node-sub', title: owner.title + ' > ' + a.name, ownName: a.name, suite: top.suite,
      file: top.file, skip: false, only: top.only, top: top,
      name: owner.name + ' > ' + a.name, mochaTitle: owner.mochaTitle + ' ' + a.name
    };
    var items = top.suite.items;
    var after = top.lastSub || top;
    for (var at = 0; at < items.length && items[at].test !== after; at++);
    items.splice(at + 1, 0, { test: t });
    top.lastSub = t;
    registered.push(t);
    owner.subUnits[k] = t;
    runList = null;
  }
  t.fn = a.fn;
  t.opts = a.opts;
  t.ancestors = ctx.ancestors.concat([ctx]);
  t.timeout = 0;
  t.todo = !!a.opts.todo;
  return t;
}
// The index of the last unit of test `index` (`t`) and of the subtests it ran.
function subtreeEnd(index, t) {
  var list = ensureList();
  var last = index;
  while (last + 1 < list.length && list[last + 1].top === t) last++;
  return last;
}
// Runs a node:test body with its context `ctx`, then its subtests; resolves with the error or null.
function runNodeBody(fn, timeout, todo, ctx) {
  var body = fn.length >= 2
    ? function (done) { return fn.call(ctx, ctx, done); }
    : function () { return fn.call(ctx, ctx); };
  return callFn(body, ctx, timeout).then(function (err) {
    return ctx.chain.then(function () {
      var after = ctx.hooks.after.map(function (h) { return nodeHookFn(h, function () { return ctx; }); });
      return runHooks(after, ctx, 0);
    }).then(function (afterErr) {
      ctx.endMocks();
      err = err || (ctx.failures.length
        ? new Error(ctx.failures.length + ' subtest' + (ctx.failures.length > 1 ? 's' : '') + ' failed: ' + errorOf(ctx.failures[0]))
        : afterErr);
      return ctx.skipped || todo ? null : err;
    });
  });
}
// Test kinds the parts adding them define (runners.js): kind -> run(test) giving a
// promise of the error or null; and modules they stand in for: name -> () => module.
var bodyRunners = Object.create(null);
var extraModules = Object.create(null);
// node-tap tests run inside their file's suite, so the file's beforeEach/afterEach apply
bodyRunners.tap = function (t) { return runTape(t, true); };
// tape's `test` (the global `test` of the harness, and what `require('tape')` gives)
var tapeFn = null;
function tapeModule() {
  if (tapeFn) return tapeFn;
  function args(name, opts, fn) {
    if (typeof name === 'function') { fn = name; name = fn.name || '(anonymous)'; opts = {}; }
    if (typeof opts === 'function') { fn = opts; opts = {}; }
    return { name: name, opts: opts || {}, fn: fn };
  }
  tapeFn = function (name, opts, fn) {
    var a = args(name, opts, fn);
    return addTest('tape', a.name, a.fn, { skip: !!a.opts.skip, only: !!a.opts.only, opts: a.opts });
  };
  tapeFn.skip = function (name, opts, fn) { var a = args(name, opts, fn); return addTest('tape', a.name, a.fn, { skip: true }); };
  tapeFn.only = function (name, opts, fn) { var a = args(name, opts, fn); return addTest('tape', a.name, a.fn, { only: true, opts: a.opts }); };
  tapeFn.onFinish = function () {};
  tapeFn.onFailure = function () {};
  tapeFn.test = tapeFn;
  tapeFn.createStream = function () { throw new Error('tape.createStream() is not supported by decisionprof'); };
  tapeFn.createHarness = function () { return tapeFn; };
  return tapeFn;
}
// Modules the harness stands in for (stand_ins.json), by the name a test requires or imports: its
// own, and those that the parts adding test kinds give (runners.js)
var standsIn = Object.create(null);
STAND_INS.forEach(function (name) { standsIn[name] = true; });
function harnessModule(request) {
  if (standsIn[request] !== true) return undefined;
  if (request === 'node:test') return nodeTestModule();
  if (request === 'tape') return tapeModule();
  if (request === 'tape/lib/test') return TapeTest;
  if (request === 'tap') return tapModule();
  if (request === 'vitest' || request === '@jest/globals') return jestModule(request);
  if (request === 'mocha') return mochaModule();
  if (extraModules[request]) return extraModules[request]();
  return undefined;
}
function nodeTestModule() {
  if (nodeModule) return nodeModule;
  var test = function () { return registerNode(arguments, {}); };
  test.skip = function () { return registerNode(arguments, { skip: true }); };
  test.todo = function () { return registerNode(arguments, { todo: true }); };
  test.only = function () { return registerNode(arguments, { only: true }); };
  function suiteWith(flags) {
    return function () {
      var a = nodeArgs(arguments);
      // node calls a suite's function with its SuiteContext (`name`, `filePath`, `signal`)
      var fn = typeof a.fn !== 'function' ? a.fn : function () {
        var file = typeof process !== 'undefined' && process.cwd ? process.cwd() + '/' + currentFile : currentFile;
        var signal = typeof AbortController === 'function' ? new AbortController().signal : undefined;
        return a.fn.call(this, { name: a.name, filePath: file, signal: signal });
      };
      inNodeScope(function () {
        addSuite(a.name, fn, { skip: !!(flags.skip || a.opts.skip || a.opts.todo), only: !!(flags.only || a.opts.only) });
      });
      return Promise.resolve();
    };
  }
  var describe = suiteWith({});
  describe.skip = suiteWith({ skip: true });
  describe.todo = suiteWith({ skip: true });
  describe.only = suiteWith({ only: true });
  var exportsOf = {
    test: test, it: test, describe: describe, suite: describe,
    before: nodeHook('before'), after: nodeHook('after'),
    beforeEach: nodeHook('beforeEach'), afterEach: nodeHook('afterEach'),
    mock: new MockTracker(),
    run: function () { throw new Error('node:test run() is not supported by decisionprof'); }
  };
  Object.keys(exportsOf).forEach(function (k) { test[k] = exportsOf[k]; });
  nodeModule = test;
  return test;
}

// ---------------------------------------------------------------- globals, jest and vitest
// printf-style test names of `.each`: %s %d %i %f %j %o %O %p, %# (row index), $key (object rows)
function eachName(name, args, index) {
  var i = 0;
  var out = String(name).replace(/%([sdifjoOp#%])/g, function (m, c) {
    if (c === '%') return '%';
    if (c === '#') return String(index);
    var v = args[i++];
    if (c === 'd' || c === 'i') return String(c === 'i' ? Math.trunc(Number(v)) : Number(v));
    if (c === 'f') return String(Number(v));
    if (c === 's') return typeof v === 'string' || v instanceof RegExp || v instanceof Date || JSON.stringify(v) === undefined ? String(v) : (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
    return JSON.stringify(v);
  });
  if (args.length === 1 && args[0] && typeof args[0] === 'object' && !Array.isArray(args[0])) {
    out = out.replace(/\$([A-Za-z_][\w.]*)/g, function (m, key) {
      var v = key.split('.').reduce(function (o, k) { return o == null ? undefined : o[k]; }, args[0]);
      return typeof v === 'string' ? v : JSON.stringify(v);
    });
  }
  return out;
}
// `.each(table)(name, fn)`: one test per row, its items the function's arguments; with `whole`,
// vitest's `.for(cases)(name, (case, context) => …)`: each case whole, the test's context second
function tableOf(register, whole) {
  var what = whole ? '.for' : '.each';
  return function (table) {
    if (!Array.isArray(table)) throw new Error(what + ' with a template-literal table is not supported by decisionprof (pass an array of rows)');
    // vitest also takes the options second: `(name, { timeout }, fn)`
    return function (name, fn, timeout) {
      if (typeof fn !== 'function' && typeof timeout === 'function') {
        var options = fn;
        fn = timeout;
        timeout = options;
      }
      table.forEach(function (row, i) {
        var args = Array.isArray(row) ? row : [row];
        var body = whole
          ? function () { return fn.call(this, row, vitestCtx || vitestContext(name)); }
          : function () { return fn.apply(this, args); };
        register(eachName(name, args, i), body, timeout);
      });
    };
  };
}
function eachOf(register) { return tableOf(register, false); }
function forOf(register) { return tableOf(register, true); }
// `flags` with vitest's `{ skip, todo, only }` options added
function withOptions(flags, options) {
  if (!options || !(options.skip || options.todo || options.only)) return flags;
  return Object.assign({}, flags, { skip: !!(flags.skip || options.skip || options.todo), only: !!(flags.only || options.only) });
}
// jest style `test(name, fn, timeout?)`: a mocha-kind test (a `done` callback when fn takes one);
// vitest's `test(name, options, fn)` (and its older `test(name, fn, options)`): options as flags
function jestTest(flags) {
  return function (title, fn, timeout) {
    if (typeof fn !== 'function' && typeof timeout === 'function') {
      var swapped = fn;
      fn = timeout;
      timeout = swapped;
    }
    var options = null;
    if (timeout && typeof timeout === 'object') {
      options = timeout;
      timeout = options.timeout;
    }
    if (inBody !== null) return nestedTest(inBody, title);
    var t = addTest('mocha', title, fn, withOptions(flags, options));
    if (typeof timeout === 'number') t.timeout = timeout;
    return t;
  };
}
// `it` called while a test runs: mocha files it where no run reaches it (the suites' test lists
// were copied when they started), vitest fails the running test; registered, it would run, and a
// test registering one at every run would never end (flitbit/diff)
function nestedTest(within, title) {
  if (vitestMode) {
    throw new Error('Calling the test function inside another test function is not allowed (' + JSON.stringify(String(title)) + ' in ' + JSON.stringify(within.name) + ')');
  }
  return { kind: 'mocha', title: String(title), skip: true, opts: {} };
}
function withVariants(f, register) {
  f.skip = register({ skip: true });
  f.only = register({ only: true });
  f.todo = function (title) { return addTest('mocha', title, undefined, { skip: true }); };
  f.concurrent = f;
  f.each = eachOf(f);
  f.skip.each = eachOf(f.skip);
  f.only.each = eachOf(f.only);
  f.for = forOf(f);
  f.skip.for = forOf(f.skip);
  f.only.for = forOf(f.only);
  // vitest's `it.skipIf(cond)(name, fn)` and `it.runIf(cond)(name, fn)`
  f.skipIf = function (cond) { return cond ? f.skip : f; };
  f.runIf = function (cond) { return cond ? f : f.skip; };
  f.fails = function (title, fn, timeout) {
    return f(title, function () {
      return Promise.resolve().then(function () { return fn.call(this); }).then(
        function () { throw new Error('expected the test to fail (test.fails)'); },
        function () {}
      );
    }, timeout);
  };
  return f;
}
// `process.argv` as `node FILE` gives it to the file being loaded or whose test runs (a CLI's
// tests parse the default argv), not the runner's own command line
function fileArgv(rel) {
  var p = globalThis.process;
  if (!p || !Array.isArray(p.argv) || !rel || typeof p.cwd !== 'function') return;
  var abs = rel.charAt(0) === '/' ? rel : p.cwd().replace(/\/$/, '') + '/' + rel;
  p.argv = [p.argv[0], abs];
}
var globals = null;
// run after each test's afterEach hooks (jasmine's spies are put back)
var afterTest = [];
function globalDefs() {
  if (globals) return globals;
  var it = withVariants(jestTest({}), jestTest);
  function describeWith(flags) {
    return function (title, fn, options) {
      if (typeof fn !== 'function' && typeof options === 'function') {
        var swapped = fn;
        fn = options;
        options = swapped;
      }
      return addSuite(title, fn, withOptions(flags, options && typeof options === 'object' ? options : null));
    };
  }
  var describe = describeWith({});
  describe.skip = describeWith({ skip: true });
  describe.only = describeWith({ only: true });
  describe.todo = describe.skip;
  describe.concurrent = describe;
  describe.skipIf = function (cond) { return cond ? describe.skip : describe; };
  describe.runIf = function (cond) { return cond ? describe : describe.skip; };
  describe.each = eachOf(describe);
  // Whether the code calling the harness function that calls this is a dependency's (its frame
  // in the stack is under node_modules); false where stacks do not say.
  function calledFromDependency() {
    var frames = String(new Error().stack || '').split('\n').slice(1);
    return frames.length > 2 && /[\\/]node_modules[\\/]/.test(frames[2]);
  }
  function hook(kind) {
    return function (name, fn) {
      if (typeof name === 'function') fn = name;
      // a dependency loaded by the first test file that registers a hook (@testing-library's
      // `afterEach(cleanup)`) would register it in every file, where jest and vitest load it
      // anew: its hook is every file's
      var scope = current.isFile && calledFromDependency() ? root : current;
      scope[kind].push(vitestMode ? vitestHook(kind, fn, scope) : fn);
    };
  }
  // `test`: tape's `test(name, t => …)` at the top of a file; jest's inside a describe, or with a
  // function that takes no argument (a tape test always takes `t`), or with a timeout
  var tape = tapeModule();
  function jestStyle(opts, fn) {
    return current !== root || (typeof opts === 'function' && (opts.length === 0 || typeof fn === 'number'));
  }
  var test = function (name, opts, fn) {
    return jestStyle(opts, fn) ? it(name, opts, fn) : tape(name, opts, fn);
  };
  Object.keys(tape).forEach(function (k) { test[k] = tape[k]; });
  // `test.only`/`test.skip`: jest's where `test` is
  ['only', 'skip'].forEach(function (k) {
    test[k] = function (name, opts, fn) {
      return jestStyle(opts, fn) ? it[k](name, opts, fn) : tape[k](name, opts, fn);
    };
  });
  test.each = it.each;
  test.todo = it.todo;
  test.concurrent = test;
  test.fails = it.fails;
  test.skipIf = it.skipIf;
  test.runIf = it.runIf;
  globals = {
    describe: describe, context: describe, suite: describe,
    it: it, specify: it,
    xit: it.skip, xspecify: it.skip, xdescribe: describe.skip, xcontext: describe.skip, xtest: it.skip,
    fit: it.only, fdescribe: describe.only,
    before: hook('before'), after: hook('after'), beforeEach: hook('beforeEach'), afterEach: hook('afterEach'),
    beforeAll: hook('before'), afterAll: hook('after'),
    // mocha's TDD interface (`suite`/`test` above)
    suiteSetup: hook('before'), suiteTeardown: hook('after'), setup: hook('beforeEach'), teardown: hook('afterEach'),
    test: test,
    expect: expectPart.expect,
    jest: expectPart.mocks,
    vi: expectPart.mocks
  };
  // jasmine's own globals (jest's jasmine2 environment had `jasmine` too; vitest has neither)
  if (!vitestMode) {
    var jasmineParts = require('./jasmine').makeJasmine(expectPart);
    globals.jasmine = jasmineParts.jasmine;
    globals.expectAsync = jasmineParts.expectAsync;
    globals.spyOn = jasmineParts.spyOn;
    afterTest.push(jasmineParts.restoreSpies);
  }
  return globals;
}
// `require('mocha')` inside a test: the interface functions mocha exports while it runs (the
// `Mocha` class itself, for running mocha programmatically, is not available)
var mochaMod = null;
function mochaModule() {
  if (mochaMod) return mochaMod;
  var g = globalDefs();
  mochaMod = function Mocha() { throw new Error('decisionprof runs the tests itself: new Mocha() is not supported'); };
  ['describe', 'context', 'it', 'specify', 'xdescribe', 'xcontext', 'xit', 'xspecify', 'before', 'after',
    'beforeEach', 'afterEach', 'suite', 'test', 'setup', 'teardown', 'suiteSetup', 'suiteTeardown'].forEach(function (k) {
    mochaMod[k] = k === 'test' ? g.it : g[k];
  });
  mochaMod.Mocha = mochaMod;
  return mochaMod;
}
// `vitest` and `@jest/globals` as modules; vitest's test functions get a context ({ expect, skip })
function jestModule(name) {
  var g = globalDefs();
  var m = {};
  Object.keys(g).forEach(function (k) { m[k] = g[k]; });
  if (name === 'vitest') {
    var withContext = function (register) {
      return function (title, fn, timeout) {
        if (typeof fn !== 'function') return register(title, fn, timeout);
        var call = function () {
          return fn.call(this, vitestCtx || vitestContext(title));
        };
        return register(title, call, timeout);
      };
    };
    // `test.extend(fixtures)`: a test whose context also holds the fixtures, each set up in
    // order (a function gets the context and `use(value)`; what follows `await use()` runs once
    // the test has finished, as teardown; `[fn, options]` is a function with options)
    var withFixtures = function (fixtures) {
      return function (register) {
        return function (title, fn, timeout) {
          if (typeof fn !== 'function') return register(title, fn, timeout);
          return register(title, function (ctx) { return runWithFixtures(fixtures, ctx, fn, this); }, timeout);
        };
      };
    };
    var makeTest = function (fixtures) {
      var reg = function (flags) { return withFixtures(fixtures)(withContext(jestTest(flags))); };
      var t = withVariants(reg({}), reg);
      t.extend = function (more) { return makeTest(Object.assign({}, fixtures, more)); };
      return t;
    };
    var vit = makeTest({});
    m.it = m.test = vit;
    if (m.vi) m.vitest = m.vi;
    // vitest's `bench(name, fn, options)`: a case as benchmarks.js registers them
    m.bench = function (name, fn, opts) { return module.exports.internals.benchCase(null, name, fn, opts); };
    m.bench.skip = function () {};
    m.bench.todo = function () {};
    m.bench.only = m.bench;
    m.assert = chai.chaiAssert();
    // type-level checks do nothing when tests run: any chain of calls and properties is accepted
    var typeChain = new Proxy(function () {}, {
      get: function () { return typeChain; },
      apply: function () { return typeChain; }
    });
    m.expectTypeOf = function () { return typeChain; };
    m.assertType = function () {};
  }
  return m;
}

module.exports = {
  // for the parts that add test kinds and modules (runners.js) or act at each file (fake_timers.js)
  internals: {
    addTest: addTest,
    callFn: callFn,
    errorOf: errorOf,
    deepEq: deepEq,
    inFileScope: inNodeScope,
    // an untitled-or-named suite in the current file's scope, filled later (uvu's suite())
    newSuite: function (title) {
      return inNodeScope(function () {
        var s = new Suite(String(title), current, currentFile);
        current.items.push({ suite: s });
        runList = null;
        return s;
      });
    },
    inSuite: function (s, f) {
      var prev = current;
      current = s;
      try { return f(); } finally { current = prev; }
    },
    currentSuite: function () { return current; },
    bodyRunners: bodyRunners,
    modules: extraModules,
    // `f()` runs before the first test of each test file runs (each file starts afresh)
    onFileStart: function (f) { fileStarts.push(f); }
  },
  nodeTest: nodeTestModule,
  harnessModule: harnessModule,
  // `withGlobals === false`: the runner defines no globals (a script run by `node file.js`,
  // tape, tap, node:test, ava, uvu), so none of `describe`, `it`, `test`, `expect`, … is defined
  // and a script's own implicit globals of those names behave as under node
  install: function (g, withGlobals) {
    moduleMocks.aliasList();
    vitestMode = !!(g.process && g.process.env && g.process.env.VITEST === 'true');
    if (withGlobals !== false) {
      var defs = globalDefs();
      Object.keys(defs).forEach(function (k) {
        Object.defineProperty(g, k, { value: defs[k], writable: true, configurable: true, enumerable: false });
      });
    }
    defineConstants(g);
  },
  registeredCount: function () { return registered.length; },
  // Under node, after a file loads: resolves once a turn of the event loop registers no more
  // tests (a file may register them from an async function it leaves unawaited, which awaits
  // each `test()` in turn, as @markedjs/testutils does)
  registrationsSettled: function () {
    return new Promise(function (resolve) {
      var rounds = 0;
      (function again(count) {
        realSetImmediate(function () {
          if (registered.length === count || ++rounds > 10000) resolve();
          else again(registered.length);
        });
      })(registered.length);
    });
  },
  // the test being run: { name (`a > b`), mochaTitle (`a b`), file } (snapshot names)
  runningTest: running.get,
  // `ownSuite` (jest, vitest): the file's top-level tests and hooks are in a suite of its own,
  // run in the order they were declared
  setFile: function (rel, ownSuite) {
    moduleMocks.beforeFile(rel, ownSuite);
    currentFile = String(rel);
    current = root;
    if (ownSuite) {
      current = nodeScope();
      current.inOrder = true;
      current.isFile = true;
    }
    collectRoot = current;
    loadingFile = true;
    if (ownSuite) {
      fileGlobals.freshEnv();
      // the file starts afresh before it loads (jest, vitest): what its top level sets up, such
      // as `vi.useFakeTimers()`, is there for its tests
      fileStarts.forEach(function (f) { f(); });
      lastRunFile = currentFile;
    }
    fileArgv(currentFile);
  },
  tests: function () {
    // `nested`: a test whose subtests (tape, tap, node:test) are units registered as it runs;
    // `inline`: a node:test subtest's result where its parent ran it (not run again by a driver)
    return ensureList().map(function (t) {
      return { name: t.name, file: t.file, nested: NESTING[t.kind] === true, inline: t.inlineResult || null };
    });
  },
  // Runs node:test subtest `i` once where its parent runs it (so that it sees what the parent
  // set up), for the gate under node: { passed, error, ns }, `ns` its own time
  runSubtestTimed: function (i) {
    var list = ensureList();
    var t = list[i];
    var top = list.indexOf(t && t.top);
    if (!t || t.kind !== 'node-sub' || top < 0) return Promise.reject(new Error('no subtest ' + i));
    timedSubtest = { unit: t, ns: 0n, ran: false };
    var done = function () {
      var timed = timedSubtest;
      timedSubtest = null;
      if (!timed.ran) return { passed: false, error: 'its parent test did not run it this time', ns: 0n };
      return { passed: t.inlineResult.passed, error: t.inlineResult.error, ns: timed.ns };
    };
    return module.exports.runTest(top).then(done, function (e) { done(); throw e; });
  },
  // `h`: { begin(name, file) -> token, end(token, error) }, called as a node:test subtest starts
  // and ends inside its parent's unit
  setUnitHooks: function (h) { unitHooks = h; },
  // a loaded file's async describe callbacks (vitest), run in order; resolves when all settled
  collect: function () {
    var done = function () { loadingFile = false; };
    return (collectRoot === null ? Promise.resolve() : collectSuite(collectRoot)).then(done, function (e) { done(); throw e; });
  },
  // mocha's root hook plugins and global fixtures: what a loaded (`--require`) file exports
  adoptRootHooks: function (exp) {
    if (!exp || (typeof exp !== 'object' && typeof exp !== 'function')) return;
    if (exp.mochaHooks) rootPlugins.push(exp.mochaHooks);
    if (typeof exp.mochaGlobalSetup === 'function') globalFixtures.setup.push(exp.mochaGlobalSetup);
    if (typeof exp.mochaGlobalTeardown === 'function') globalFixtures.teardown.push(exp.mochaGlobalTeardown);
  },
  runTest: function (i, hooks) {
    var list = ensureList();
    var t = list[i];
    if (!t) return Promise.reject(new Error('no test ' + i));
    if (hooks && hooks.onStart) hooks.onStart(i);
    running.begin(t);
    tapEach = null;
    fileArgv(t.file);
    if (t.file !== lastRunFile) {
      lastRunFile = t.file;
      fileStarts.forEach(function (f) { f(); });
    }
    var p = beforeFirstTest().then(function (err) {
      if (err) return err;
      return t.kind === 'tape' ? runTapeTest(t) : runMochaTest(t, i);
    }).then(function (err) {
      if (i !== list.length - 1 || globalFixtures.tornDown) return err;
      globalFixtures.tornDown = true;
      return runHooks(globalFixtures.teardown, globalFixtures.ctx, TIMEOUT_MS).then(function (e) { return err || e; });
    });
    return p.then(function (err) {
      if (err && err.__dpSkip) err = null;
      var r = { passed: !err, error: err ? errorOf(err) : null };
      if (hooks && hooks.onEnd) hooks.onEnd(i, r);
      return r;
    });
  }
};
// vite's `define` (discovery passes it as JSON `[[name, expression], …]`): each name, a global
// or a property path such as `process.env.MODE`, gets its expression's value before any test
// file loads; the variable itself is removed, so the program does not see it
function defineConstants(g) {
  var env = g.process && g.process.env;
  var text = env && env.DECISIONPROF_DEFINE;
  if (typeof text !== 'string') return;
  delete env.DECISIONPROF_DEFINE;
  JSON.parse(text).forEach(function (d) {
    var path = String(d[0]).split('.');
    var target = g;
    for (var i = 0; i < path.length - 1 && target != null; i++) target = target[path[i]];
    if (target == null || typeof target !== 'object' && typeof target !== 'function') return;
    var value = (0, eval)('(' + d[1] + '\n)');
    Object.defineProperty(target, path[path.length - 1], { value: value, writable: true, configurable: true, enumerable: path.length > 1 });
  });
}

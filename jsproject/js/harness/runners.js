// decisionprof test harness: ava and uvu, the test kinds and the modules (`ava`, `uvu`,
// `uvu/assert`) it adds to core.js's.
'use strict';
var unwound = require('./unwound');
var deepEq = require('./deep_eq');
var callFn = require('./call').callFn;
var errorOf = require('./call').errorOf;
var I = require('./core').internals;

function show(v) {
  try { return typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v) === undefined ? String(v) : JSON.stringify(v); } catch (e) { return String(v); }
}
function failure(message) {
  var e = new Error(message);
  e.name = 'AssertionError';
  return e;
}
// ava's `throws` expectation: { instanceOf, is, message, name, code, any } or a constructor
function meetsExpectation(err, exp) {
  if (exp === undefined || exp === null) return true;
  if (typeof exp === 'function') return err instanceof exp;
  if (exp.any) return true;
  if (exp.instanceOf && !(err instanceof exp.instanceOf)) return false;
  if (exp.is !== undefined && err !== exp.is) return false;
  if (exp.name !== undefined && (!err || err.name !== exp.name)) return false;
  if (exp.code !== undefined && (!err || err.code !== exp.code)) return false;
  var m = exp.message;
  var msg = err && err.message !== undefined ? String(err.message) : String(err);
  if (typeof m === 'string' && msg !== m) return false;
  if (m instanceof RegExp && !m.test(msg)) return false;
  if (typeof m === 'function' && !m(msg)) return false;
  return true;
}
// ava's `like`: every own property of `selector` matches in `value`, recursively
function like(value, selector) {
  if (selector === null || typeof selector !== 'object') return deepEq(value, selector, true);
  if (value === null || typeof value !== 'object') return false;
  return Object.keys(selector).every(function (k) { return like(value[k], selector[k]); });
}

// ---------------------------------------------------------------- ava
var fileContexts = Object.create(null);
function avaT(title, context, state) {
  function record(ok, message, dflt) {
    state.count++;
    if (!ok && !state.failure) state.failure = failure(message === undefined ? dflt : String(message));
    return ok;
  }
  var t = {
    title: title,
    context: context,
    pass: function () { return record(true); },
    fail: function (m) { return record(false, m, 'Test failed via `t.fail()`'); },
    assert: function (v, m) { return record(!!v, m, 'Value is not truthy: ' + show(v)); },
    truthy: function (v, m) { return record(!!v, m, 'Value is not truthy: ' + show(v)); },
    falsy: function (v, m) { return record(!v, m, 'Value is not falsy: ' + show(v)); },
    true: function (v, m) { return record(v === true, m, 'Value is not `true`: ' + show(v)); },
    false: function (v, m) { return record(v === false, m, 'Value is not `false`: ' + show(v)); },
    is: function (a, b, m) { return record(Object.is(a, b), m, 'Values are not the same: ' + show(a) + ' vs ' + show(b)); },
    not: function (a, b, m) { return record(!Object.is(a, b), m, 'Values are the same: ' + show(a)); },
    deepEqual: function (a, b, m) { return record(deepEq(a, b, true), m, 'Values are not deeply equal: ' + show(a) + ' vs ' + show(b)); },
    notDeepEqual: function (a, b, m) { return record(!deepEq(a, b, true), m, 'Values are deeply equal: ' + show(a)); },
    like: function (a, sel, m) { return record(like(a, sel), m, 'Value is not like the selector: ' + show(a) + ' vs ' + show(sel)); },
    regex: function (s, re, m) { return record(re.test(s), m, 'String does not match ' + re + ': ' + show(s)); },
    notRegex: function (s, re, m) { return record(!re.test(s), m, 'String matches ' + re + ': ' + show(s)); },
    throws: function (fn, exp, m) {
      try { unwound(fn)(); } catch (e) {
        record(meetsExpectation(e, exp), m, 'Function threw an unexpected error: ' + errorOf(e));
        return e;
      }
      record(false, m, 'Function did not throw');
      return undefined;
    },
    notThrows: function (fn, m) {
      try { unwound(fn)(); return record(true); } catch (e) { return record(false, m, 'Function threw: ' + errorOf(e)); }
    },
    throwsAsync: function (thrower, exp, m) {
      var p;
      try { p = Promise.resolve(typeof thrower === 'function' ? thrower() : thrower); } catch (e) { p = Promise.reject(e); }
      state.pending++;
      return p.then(function () {
        record(false, m, 'Promise resolved: expected a rejection');
        return undefined;
      }, function (e) {
        record(meetsExpectation(e, exp), m, 'Promise rejected with an unexpected error: ' + errorOf(e));
        return e;
      }).then(function (e) { state.pending--; return e; });
    },
    notThrowsAsync: function (thrower, m) {
      var p;
      try { p = Promise.resolve(typeof thrower === 'function' ? thrower() : thrower); } catch (e) { p = Promise.reject(e); }
      return p.then(function () { return record(true); }, function (e) { return record(false, m, 'Promise rejected: ' + errorOf(e)); });
    },
    snapshot: function () { record(false, undefined, 'snapshot assertions (t.snapshot) are not supported by decisionprof'); },
    try: function (title, impl) {
      var args = Array.prototype.slice.call(arguments, 2);
      if (typeof title !== 'string') { args.unshift(impl); impl = title; title = undefined; }
      if (impl && typeof impl === 'object' && typeof impl.exec === 'function') {
        if (typeof impl.title === 'function') title = impl.title(title, args);
        impl = impl.exec;
      }
      state.attempts++;
      state.open++;
      var name = t.title + ' ─ ' + (title || 'attempt ' + state.attempts);
      return attempt(name, impl, args, context).then(function (r) { return tryResult(name, r, state); });
    },
    plan: function (n) { state.plan = n; },
    log: function () {
      state.logs.push(Array.prototype.map.call(arguments, function (a) { return typeof a === 'string' ? a : show(a); }).join(' '));
    },
    timeout: function () {},
    teardown: function (f) { state.teardowns.push(f); }
  };
  return t;
}
function newState() { return { count: 0, failure: null, plan: null, pending: 0, teardowns: [], logs: [], attempts: 0, open: 0 }; }
// What `t.try()` resolves with: the attempt's outcome, to be committed to the test or discarded.
function tryResult(title, r, parent) {
  var settled = false;
  function settle(commit) {
    if (settled) throw failure('Attempt `' + title + '` was already committed or discarded');
    settled = true;
    parent.open--;
    if (!commit) return;
    parent.count += r.state.count;
    if (r.err && !parent.failure) parent.failure = r.err;
  }
  return {
    title: title,
    passed: !r.err,
    errors: r.err ? [r.err] : [],
    logs: r.state.logs,
    commit: function () { settle(true); },
    discard: function () { settle(false); }
  };
}
// Runs an attempt of `t.try()` in an execution context of its own: { err, state }.
function attempt(title, fn, args, context) {
  var state = newState();
  return runWith(state, title, fn, args, context).then(function (err) { return { err: err, state: state }; });
}
// Runs fn(t, ...args) to completion; resolves with the first failure or null.
function runAva(title, fn, args, context) {
  return runWith(newState(), title, fn, args, context);
}
function runWith(state, title, fn, args, context) {
  var t = avaT(title, context, state);
  var body = function () { return fn.apply(null, [t].concat(args || [])); };
  return callFn(body, null, 0).then(function (err) {
    var teardowns = state.teardowns.slice().reverse();
    return teardowns.reduce(function (p, f) {
      return p.then(function () { return callFn(function () { return f(); }, null, 0); });
    }, Promise.resolve()).then(function () {
      err = err || state.failure;
      if (!err && state.open > 0) err = failure('Test finished, but not all attempts were committed or discarded');
      if (!err && state.plan !== null && state.plan !== state.count) {
        err = failure('Planned for ' + state.plan + ' assertions, but got ' + state.count);
      }
      return err;
    });
  });
}
function fileContext(file) {
  if (!fileContexts[file]) fileContexts[file] = {};
  return fileContexts[file];
}
// A test's t.context: a copy of its file's context (what `before` hooks set), made once per test
// and shared by its each-hooks; `run` is the harness's per-test object.
function testContext(run, file) {
  if (!run.__dpAva) run.__dpAva = Object.assign({}, fileContext(file));
  return run.__dpAva;
}
I.bodyRunners.ava = function (test, run) {
  var o = test.opts;
  return runAva(test.title, test.fn, o.args, testContext(run, test.file)).then(function (err) {
    if (o.failing) return err ? null : failure('Test was expected to fail, but succeeded, you should stop marking the test as failing');
    return err;
  });
};
function avaHook(kind) {
  return function (title, fn) {
    if (typeof title === 'function') { fn = title; title = kind; }
    I.inFileScope(function () {
      var s = I.currentSuite();
      var each = kind === 'beforeEach' || kind === 'afterEach';
      s[kind].push(function () {
        var ctx = each ? testContext(this, s.file) : fileContext(s.file);
        return runAva(String(title), fn, [], ctx).then(function (err) { if (err) throw err; });
      });
    });
  };
}
function avaRegister(flags) {
  return function (title, fn) {
    var args = Array.prototype.slice.call(arguments, 2);
    if (typeof title !== 'string') { args.unshift(fn); fn = title; title = fn && fn.title ? fn.title('', args) : '<anonymous>'; }
    if (fn && typeof fn === 'object' && typeof fn.exec === 'function') {
      var macro = fn;
      if (typeof macro.title === 'function') title = macro.title(title, args);
      fn = macro.exec;
    }
    return I.inFileScope(function () {
      return I.addTest('ava', title, fn, { skip: !!flags.skip, only: !!flags.only, opts: { args: args, failing: !!flags.failing } });
    });
  };
}
function avaModule() {
  var test = avaRegister({});
  test.serial = test;
  test.skip = avaRegister({ skip: true });
  test.only = avaRegister({ only: true });
  test.failing = avaRegister({ failing: true });
  test.serial.skip = test.skip;
  test.serial.only = test.only;
  test.serial.failing = test.failing;
  test.todo = function (title) { return I.inFileScope(function () { return I.addTest('ava', title, undefined, { skip: true }); }); };
  test.before = avaHook('before');
  test.after = avaHook('after');
  test.beforeEach = avaHook('beforeEach');
  test.afterEach = avaHook('afterEach');
  test.after.always = avaHook('after');
  test.afterEach.always = avaHook('afterEach');
  test.serial.before = test.before;
  test.serial.beforeEach = test.beforeEach;
  test.macro = function (m) { return typeof m === 'function' ? { exec: m } : m; };
  test.meta = { file: '', snapshotDirectory: '' };
  test.default = test;
  test.test = test;
  return test;
}
var avaMod = null;
I.modules.ava = function () { return avaMod || (avaMod = avaModule()); };

// ---------------------------------------------------------------- uvu
function uvuSuite(title, context) {
  var s = I.newSuite(title);
  var ctx = context === undefined ? {} : context;
  function register(flags) {
    return function (name, fn) {
      return I.inSuite(s, function () {
        var call = typeof fn === 'function' ? function () { return fn(ctx); } : fn;
        return I.addTest('mocha', name, call, flags);
      });
    };
  }
  var test = register({});
  test.skip = register({ skip: true });
  test.only = register({ only: true });
  function hook(list) { return function (fn) { list.push(function () { return fn(ctx); }); }; }
  test.before = hook(s.before);
  test.after = hook(s.after);
  test.before.each = hook(s.beforeEach);
  test.after.each = hook(s.afterEach);
  test.run = function () {};
  return test;
}
var uvuRoot = Object.create(null);
I.modules.uvu = function () {
  return {
    // each file gets its own root suite (uvu's default test)
    get test() {
      var f = I.inFileScope(function () { return I.currentSuite().file; }) || '';
      return uvuRoot[f] || (uvuRoot[f] = uvuSuite(''));
    },
    suite: function (title, context) { return uvuSuite(title, context); },
    exec: function () { return Promise.resolve(true); }
  };
};
function check(ok, message, dflt) {
  if (!ok) throw failure(message === undefined ? dflt : typeof message === 'string' ? message : String(message && message.message || message));
}
function uvuAssert() {
  var a = {
    ok: function (v, m) { check(!!v, m, 'Expected value to be truthy'); },
    is: function (x, y, m) { check(Object.is(x, y), m, 'Expected values to be strictly equal: ' + show(x) + ' vs ' + show(y)); },
    equal: function (x, y, m) { check(deepEq(x, y, true), m, 'Expected values to be deeply equal: ' + show(x) + ' vs ' + show(y)); },
    type: function (v, t, m) { check(typeof v === t, m, 'Expected "' + typeof v + '" to be "' + t + '"'); },
    instance: function (v, C, m) { check(v instanceof C, m, 'Expected value to be an instance of ' + (C && C.name)); },
    match: function (s, p, m) { check(typeof p === 'string' ? String(s).indexOf(p) >= 0 : p.test(s), m, 'Expected value to match ' + String(p)); },
    snapshot: function (x, y, m) { check(x === y, m, 'Expected values to be equal (snapshot)'); },
    fixture: function (x, y, m) { check(x === y, m, 'Expected values to be equal (fixture)'); },
    // as uvu's: a string in place of the expectation is the message; a function is a
    // predicate called with the error (a class too), a RegExp tests the error's message
    throws: function (fn, exp, m) {
      if (!m && typeof exp === 'string') { m = exp; exp = null; }
      var threw = false, err;
      try { unwound(fn)(); } catch (e) { threw = true; err = e; }
      check(threw, m, 'Expected function to throw');
      if (typeof exp === 'function') check(exp(err), m, 'Expected function to throw matching exception');
      else if (exp instanceof RegExp) check(exp.test(err.message), m, 'Expected function to throw exception matching `' + String(exp) + '` pattern');
    },
    unreachable: function (m) { check(false, m, 'Expected not to be reached!'); },
    Assertion: Error
  };
  a.not = function (v, m) { check(!v, m, 'Expected value to be falsey'); };
  a.not.ok = a.not;
  a.is.not = function (x, y, m) { check(!Object.is(x, y), m, 'Expected values not to be strictly equal'); };
  a.not.equal = function (x, y, m) { check(!deepEq(x, y, true), m, 'Expected values not to be deeply equal'); };
  a.not.type = function (v, t, m) { check(typeof v !== t, m, 'Expected "' + typeof v + '" not to be "' + t + '"'); };
  a.not.instance = function (v, C, m) { check(!(v instanceof C), m, 'Expected value not to be an instance'); };
  a.not.match = function (s, p, m) { check(typeof p === 'string' ? String(s).indexOf(p) < 0 : !p.test(s), m, 'Expected value not to match'); };
  a.not.throws = function (fn, m) { var ok = true; try { unwound(fn)(); } catch (e) { ok = false; } check(ok, m, 'Expected function not to throw'); };
  a.not.snapshot = function (x, y, m) { check(x !== y, m, 'Expected values not to be equal'); };
  a.not.fixture = a.not.snapshot;
  return a;
}
var uvuAssertMod = null;
I.modules['uvu/assert'] = function () { return uvuAssertMod || (uvuAssertMod = uvuAssert()); };

// decisionprof test harness: benchmark libraries (benchmark.js, tinybench, mitata) as test kinds.
// Each case a benchmark adds (`suite.add(name, fn)`, `bench.add(name, fn)`, `bench(name, fn)`)
// becomes one unit named `suite > case`, run once while profiling and timed by decisionprof's
// own timer in the gate; the library's own timing loop, statistics and reports do not run, so
// `run()` only hands its listeners a result without figures.
'use strict';
var I = require('./core').internals;

// a case's body: a generator (mitata's state form) gives the function to call, a deferred
// benchmark.js case resolves its `deferred` argument
function caseBody(fn, opts) {
  opts = opts || {};
  if (typeof fn === 'string') fn = Function(fn);
  if (typeof fn !== 'function') return fn;
  var ctx = {};
  var before = opts.setup || opts.beforeEach, after = opts.teardown || opts.afterEach;
  if (typeof before === 'string') before = Function(before);
  if (typeof after === 'string') after = Function(after);
  function once() {
    if (typeof before === 'function') before.call(ctx);
    var out;
    if (opts.defer) {
      out = new Promise(function (resolve) { fn.call(ctx, { resolve: resolve, benchmark: ctx }); });
    } else if (fn.constructor && fn.constructor.name === 'GeneratorFunction') {
      var step = fn.call(ctx, { get: function () { return undefined; } }).next().value;
      out = typeof step === 'function' ? step() : step;
    } else {
      out = fn.call(ctx);
    }
    if (typeof after !== 'function') return out;
    return Promise.resolve(out).then(function (v) { after.call(ctx); return v; });
  }
  return function () { return once(); };
}
// registers one case in `suite` (else the file's scope)
function addCase(suite, name, fn, opts) {
  var body = caseBody(fn, opts);
  var add = function () { return I.addTest('mocha', String(name), body, { skip: typeof body !== 'function' }); };
  return suite ? I.inSuite(suite, add) : I.inFileScope(add);
}
// vitest's `bench` (core.js) registers its cases here too
I.benchCase = addCase;
// a suite named `title`; an unnamed one is the file's scope, and from the file's second on
// `#N`, so that two suites' cases of the same name stay two units
var unnamed = Object.create(null);
function named(title) {
  if (title) return I.newSuite(String(title));
  var file = I.inFileScope(function () { return I.currentSuite().file; }) || '';
  unnamed[file] = (unnamed[file] || 0) + 1;
  return unnamed[file] === 1 ? null : I.newSuite('#' + unnamed[file]);
}
// what a listener of `cycle`/`complete` gets: the cases without figures
function resultsOf(cases) {
  var list = cases.map(function (c) {
    return { name: c.name, hz: 0, count: 0, stats: { mean: 0, rme: 0, sample: [] }, toString: function () { return c.name + ' (timed by decisionprof)'; } };
  });
  list.filter = function () { return resultsOf([]); };
  list.map = function (f) { return Array.prototype.map.call(this, typeof f === 'string' ? function (x) { return x[f]; } : f); };
  list.pluck = function (k) { return Array.prototype.map.call(this, function (x) { return x[k]; }); };
  return list;
}

// `o[k] = v`, left out of `JSON.stringify` and `for…in`: what the stand-ins keep of the harness
// (its suites point back at their parents) is no part of a benchmark's own data, which a script
// may write out (kind-of's `JSON.stringify(stats)`)
function hidden(o, k, v) {
  Object.defineProperty(o, k, { value: v, writable: true, configurable: true, enumerable: false });
}

// ---------------------------------------------------------------- benchmark.js
function benchmarkModule() {
  function Suite(name, options) {
    if (!(this instanceof Suite)) return new Suite(name, options);
    if (name && typeof name === 'object') { options = name; name = options.name; }
    this.name = name;
    hidden(this, 'suite', named(name));
    this.cases = [];
    this.listeners = {};
    var self = this;
    ['onStart', 'onCycle', 'onComplete'].forEach(function (k) {
      if (options && typeof options[k] === 'function') self.on(k.slice(2).toLowerCase(), options[k]);
    });
  }
  Suite.prototype.add = function (name, fn, opts) {
    if (name && typeof name === 'object') { opts = name; name = opts.name; fn = opts.fn; }
    else if (typeof name === 'function') { opts = fn; fn = name; name = fn.name || '<anonymous>'; }
    else if (fn && typeof fn === 'object') { opts = fn; fn = opts.fn; }
    addCase(this.suite, name, fn, opts);
    this.cases.push({ name: String(name) });
    this.length = this.cases.length;
    return this;
  };
  Suite.prototype.on = function (type, fn) {
    String(type).split(' ').forEach(function (t) { (this.listeners[t] = this.listeners[t] || []).push(fn); }, this);
    return this;
  };
  Suite.prototype.emit = function (type) {
    var self = this, results = resultsOf(this.cases);
    (this.listeners[type] || []).forEach(function (f) {
      f.call(results, { type: type, target: type === 'complete' ? results : results[results.length - 1] || {}, currentTarget: results });
    });
  };
  Suite.prototype.run = function () {
    var self = this;
    this.emit('start');
    this.cases.forEach(function (c) {
      var one = resultsOf([c])[0];
      (self.listeners.cycle || []).forEach(function (f) { f.call(self, { type: 'cycle', target: one }); });
    });
    this.emit('complete');
    return this;
  };
  Suite.prototype.filter = function () { return resultsOf([]); };
  Suite.prototype.map = function (f) { return resultsOf(this.cases).map(f); };
  Suite.prototype.forEach = function (f) { resultsOf(this.cases).forEach(f); return this; };
  Suite.prototype.off = function () { return this; };
  Suite.prototype.abort = function () { return this; };
  Suite.prototype.reset = function () { return this; };
  function Benchmark(name, fn, opts) {
    if (!(this instanceof Benchmark)) return new Benchmark(name, fn, opts);
    var s = new Suite();
    s.add(name, fn, opts);
    this.name = s.cases[0].name;
    hidden(this, 'suite', s);
  }
  Benchmark.prototype.run = function () { this.suite.run(); return this; };
  Benchmark.prototype.on = function (t, f) { this.suite.on(t, f); return this; };
  Benchmark.prototype.toString = function () { return this.name + ' (timed by decisionprof)'; };
  // `Benchmark.invoke(benches, name | { name, args, onStart, onCycle, onComplete }, ...args)`
  // calls the method on each benchmark, as benchmark.js does (without its queueing)
  Benchmark.invoke = function (benches, name) {
    var args = Array.prototype.slice.call(arguments, 2);
    var opts = name && typeof name === 'object' ? name : { name: name };
    if (opts.args !== undefined) args = Array.isArray(opts.args) ? opts.args : [opts.args];
    var list = Array.prototype.slice.call(benches);
    var fire = function (k, e) { if (typeof opts[k] === 'function') opts[k].call(list, e); };
    fire('onStart', { type: 'start', currentTarget: list });
    var out = list.map(function (b) {
      var m = typeof opts.name === 'function' ? opts.name : b[opts.name];
      var r = m.apply(b, args);
      fire('onCycle', { type: 'cycle', target: b, currentTarget: list });
      return r;
    });
    fire('onComplete', { type: 'complete', currentTarget: list });
    return out;
  };
  Benchmark.Suite = Suite;
  Benchmark.options = {};
  Benchmark.support = {};
  Benchmark.version = '2.1.4';
  Benchmark.platform = { description: 'decisionprof', toString: function () { return 'decisionprof'; } };
  Benchmark.Benchmark = Benchmark;
  return Benchmark;
}

// ---------------------------------------------------------------- tinybench
function tinybenchModule() {
  function Bench(options) {
    this.opts = options || {};
    hidden(this, 'suite', named(this.opts.name));
    this.tasks = [];
    this.results = [];
  }
  Bench.prototype.add = function (name, fn, opts) {
    opts = opts || {};
    var s = this.suite || I.newSuite('');
    if (typeof opts.beforeAll === 'function') s.before.push(opts.beforeAll);
    if (typeof opts.afterAll === 'function') s.after.push(opts.afterAll);
    addCase(s, name, fn, { beforeEach: opts.beforeEach, afterEach: opts.afterEach });
    this.tasks.push({ name: String(name), result: undefined });
    return this;
  };
  // what a script reads of a run (the cases themselves are timed by the gate): each task's
  // `result` with tinybench 2's fields and 3's `latency`/`throughput`, all 0, and a table row
  // per task as tinybench 3 and later print it
  function zeroStats() {
    return { mean: 0, min: 0, max: 0, p50: 0, p75: 0, p99: 0, p995: 0, p999: 0, sd: 0, variance: 0, rme: 0, moe: 0, sem: 0, df: 0, critical: 0, samples: [], samplesCount: 0 };
  }
  function finish(bench) {
    bench.tasks.forEach(function (t) {
      t.result = Object.assign(zeroStats(), { hz: 0, period: 0, totalTime: 0, state: 'completed', latency: zeroStats(), throughput: zeroStats() });
    });
    bench.results = bench.tasks.map(function (t) { return t.result; });
    return bench.tasks;
  }
  Bench.prototype.run = function () { return Promise.resolve(finish(this)); };
  Bench.prototype.runSync = function () { return finish(this); };
  Bench.prototype.warmup = function () { return Promise.resolve(); };
  Bench.prototype.table = function () {
    return this.tasks.map(function (t) {
      return { 'Task name': t.name, 'Latency avg (ns)': '0', 'Latency med (ns)': '0', 'Throughput avg (ops/s)': '0', 'Throughput med (ops/s)': '0', Samples: 0 };
    });
  };
  Bench.prototype.getTask = function (name) { return this.tasks.find(function (t) { return t.name === name; }); };
  Bench.prototype.addEventListener = function () {};
  Bench.prototype.removeEventListener = function () {};
  return { Bench: Bench, default: Bench, hrtimeNow: function () { return 0; }, now: function () { return 0; } };
}

// ---------------------------------------------------------------- mitata
function mitataModule() {
  var groups = [];
  function bench(name, fn) {
    if (typeof name === 'function') { fn = name; name = fn.name || '<anonymous>'; }
    addCase(groups.length ? groups[groups.length - 1] : null, name, fn);
    var b = {};
    ['args', 'range', 'dense_range', 'baseline', 'gc', 'compact', 'highlight'].forEach(function (k) { b[k] = function () { return b; }; });
    return b;
  }
  function group(name, fn) {
    if (typeof name === 'function') { fn = name; name = ''; }
    groups.push(name && typeof name === 'object' ? named(name.name) : named(name));
    try { fn(); } finally { groups.pop(); }
  }
  function around(fn) { if (typeof fn === 'function') fn(); }
  return {
    bench: bench, baseline: bench, group: group, summary: around, barplot: around, boxplot: around,
    lineplot: around, compact: around,
    run: function () { return Promise.resolve({ benchmarks: [] }); },
    do_not_optimize: function (v) { return v; }
  };
}

var cache = {};
function once(name, make) { return function () { return cache[name] || (cache[name] = make()); }; }
I.modules.benchmark = once('benchmark', benchmarkModule);
I.modules.tinybench = once('tinybench', tinybenchModule);
I.modules.mitata = once('mitata', mitataModule);

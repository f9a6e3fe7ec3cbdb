// decisionprof gate runner: loads the shared test harness, runs a project's workload under node,
// and reports results or timings as marked JSON records on stdout (the workload may print too).
// Usage: node gate.js <config.json>
//   config: { harness, root, files: [rel], mode: "validate" | "time" | "script" (the scripts'
//             load timed, and when short, their runs again in the same process),
//             warmup, measure, minSampleNs, only: null | [test index to time],
//             perFile: null | { fresh, setup } (jest, vitest: harness/node_side.js `nodePerFile`) }
'use strict';
const fs = require('fs');
const path = require('path');

const MARK = '\u001edecisionprof\u001f';
const config = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));

// a lone surrogate as Boa writes it (`\uDF06`): names stay the same in both engines and the
// record stays JSON that serde reads
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const wellFormed = (k, v) => (typeof v === 'string' && /[\uD800-\uDFFF]/.test(v)
  ? v.replace(LONE, (c) => '\\u' + c.charCodeAt(0).toString(16).toUpperCase()) : v);

function emit(record) {
  process.stdout.write(MARK + JSON.stringify(record, wellFormed) + '\u001e\n');
}

function message(err) {
  if (err && typeof err === 'object' && 'message' in err) return String(err.message);
  return String(err);
}

// TypeScript files of the working copy hold JavaScript already (types blanked in place):
// CommonJS finds and compiles them like `.js`, and ES modules go through ts_hooks.mjs.
function installTypeScript() {
  const Module = require('module');
  Module._extensions['.ts'] = Module._extensions['.cts'] = Module._extensions['.tsx'] = Module._extensions['.jsx'] = Module._extensions['.js'];
  require(config.tsRequire)(Module);
  if (config.tsHooks && typeof Module.register === 'function') {
    Module.register(require('url').pathToFileURL(config.tsHooks).href);
  }
}
installTypeScript();

// CommonJS through require (as before); ES modules (with top-level await too) through import().
async function loadFile(abs, query) {
  const H = globalThis.__dpHarness;
  if (H.isEsmUnderNode(abs, require) || require(config.tsRequire).isTypeScriptModule(abs)) {
    return import(require('url').pathToFileURL(abs).href + query);
  }
  try {
    return require(abs);
  } catch (e) {
    if (!e || (e.code !== 'ERR_REQUIRE_ESM' && e.code !== 'ERR_REQUIRE_ASYNC_MODULE')) throw e;
    return import(require('url').pathToFileURL(abs).href);
  }
}

let idleResources = 0;

async function loadWorkload() {
  require(path.resolve(config.harness));
  const H = globalThis.__dpHarness;
  if (!H) throw new Error('the harness did not define globalThis.__dpHarness');
  H.install(globalThis, config.globals !== false);
  H.takeOverModules(require);
  process.chdir(config.root);
  // the handles a process holds before the workload loads (stdout's and stderr's made now)
  void process.stdout;
  void process.stderr;
  idleResources = process.getActiveResourcesInfo().length;
  const t0 = process.hrtime.bigint();
  // jest's and vitest's test files: the setup files first, in modules of the file's own
  const loadsFor = config.perFile ? H.nodePerFile(require, config.perFile) : (abs) => [{ file: abs, query: '' }];
  // a file that fails to load (a module its tests need is not installed) is one failed unit, as
  // when profiling; only when every file fails does the workload not load
  const failedLoads = [];
  let loadedAny = false;
  for (const rel of config.files) {
    const loads = loadsFor(path.join(config.root, rel));
    if (loads.length === 0) continue;
    H.setFile(rel, !!config.perFile);
    try {
      let exports;
      for (const l of loads) exports = await loadFile(l.file, l.query);
      H.adoptRootHooks(exports);
      await H.collect();
      loadedAny = true;
    } catch (err) {
      failedLoads.push({ name: rel + ' (load)', file: rel, error: message(err), err });
    }
  }
  if (!loadedAny && failedLoads.length > 0) throw failedLoads[0].err;
  const loadNs = process.hrtime.bigint() - t0;
  return { H, loadNs, failedLoads };
}

// Runs test i `n` times in a row; returns elapsed ns, or throws the first failure. A node:test
// subtest (`subtest`: { wall }) runs where its parent runs it, and only its own time counts;
// `subtest.wall` is then the time its parent's runs took.
async function runN(H, i, n, subtest) {
  if (subtest) {
    const t0 = process.hrtime.bigint();
    let ns = 0n;
    for (let k = 0; k < n; k++) {
      const r = await H.runSubtestTimed(i);
      if (!r.passed) throw new Error(r.error || 'test failed');
      ns += r.ns;
    }
    subtest.wall = process.hrtime.bigint() - t0;
    return ns;
  }
  const t0 = process.hrtime.bigint();
  for (let k = 0; k < n; k++) {
    const r = await H.runTest(i);
    if (!r || !r.passed) throw new Error((r && r.error) || 'test failed');
  }
  return process.hrtime.bigint() - t0;
}

// Iterations per sample after `ns` for `iters`: enough for `min`, at least doubling, at most 16x.
function grown(iters, ns, min) {
  const grow = ns > 0n ? Number(min / ns) + 1 : 16;
  return Math.min(iters * Math.max(2, Math.min(grow, 16)), MAX_ITERS);
}

const MAX_ITERS = 1 << 24;
// A sample under half the minimum calibrates again, at most this often: the first calls of a test
// can take the minimum alone (compilation, a collection), and one iteration per sample then times
// the timer and the collector, not the test.
const RECALIBRATIONS = 8;
const SUBTEST_WALL = 10n;

async function timeTest(H, i, t) {
  const sub = t.inline ? { wall: 0n } : null;
  const min = BigInt(config.minSampleNs || 5000000);
  // A subtest's samples take at most SUBTEST_WALL minimum samples of its parents' time: a short
  // subtest of a long parent is timed over fewer iterations, not for minutes.
  let cap = MAX_ITERS;
  const recap = (iters) => {
    if (sub && sub.wall > 0n) cap = Math.max(1, Number(min * SUBTEST_WALL * BigInt(iters) / sub.wall));
  };
  // Two untimed runs first, so that calibration does not measure the first (cold) call.
  await runN(H, i, 2, sub);
  let iters = 1;
  for (;;) {
    const ns = await runN(H, i, iters, sub);
    recap(iters);
    if (ns >= min || iters >= cap) break;
    iters = Math.min(grown(iters, ns, min), cap);
  }
  // Warm-up samples, then measured ones; any sample under half the minimum calibrates again and
  // starts over (a bounded number of times).
  let recalibrations = 0;
  let samples = [];
  for (let k = 0; k < config.warmup + config.measure; k++) {
    const ns = await runN(H, i, iters, sub);
    recap(iters);
    if (ns * 2n < min && iters < cap && recalibrations < RECALIBRATIONS) {
      recalibrations++;
      iters = Math.min(grown(iters, ns, min), cap);
      samples = [];
      k = -1;
    } else if (k >= config.warmup) {
      samples.push(Number(ns) / iters);
    }
  }
  return { kind: 'timing', index: i, name: t.name, file: t.file, iters, samples };
}

// A script workload runs again only when its first load took at most this long: a longer one is
// timed well enough as a whole, and its runs again would make every process long.
const RERUN_BELOW_NS = 50000000n;
// Running again stops (and the load is the figure) past this much time in one process, or when
// the samples slow down GROWN times: a script that registers work in a cached module (a test list
// a shim keeps) does more at every run.
const RERUN_BUDGET_NS = 3000000000n;
const GROWN = 2;
// Samples that keep rising are runs that grow too, though a tier-up or a busy machine hides a
// twofold rise: Kendall's tau of the samples in run order at least TREND_TAU, and the fastest of
// the last three TREND_GROWN times the fastest of the first three.
const TREND_TAU = 0.5;
const TREND_GROWN = 1.2;
// How long the work a run leaves behind (timers, file reads, a dynamic import) may take to end.
const QUIET_WAIT_NS = 1000000000n;

// Kendall's tau of `xs` against their order: 1 when each is above all before it.
function kendallTau(xs) {
  let s = 0;
  for (let i = 0; i < xs.length; i++) {
    for (let j = i + 1; j < xs.length; j++) s += Math.sign(xs[j] - xs[i]);
  }
  return xs.length > 1 ? s / ((xs.length * (xs.length - 1)) / 2) : 0;
}

// How many times the fastest of the last three sample paces is the fastest of the first three.
function rise(paces) {
  return paces.length < 6 ? 1 : Math.min(...paces.slice(-3)) / Math.min(...paces.slice(0, 3));
}

// Resolves once this turn's promise jobs ran and no handle or request beyond `base` is left.
async function quiet(base) {
  const t0 = process.hrtime.bigint();
  for (;;) {
    await new Promise((resolve) => setImmediate(resolve));
    if (process.getActiveResourcesInfo().length <= base) return;
    if (process.hrtime.bigint() - t0 > QUIET_WAIT_NS) throw new Error('a run keeps work pending');
  }
}

// Runs the workload's scripts once more, each a fresh module over its cached dependencies (a
// CommonJS script leaves the require cache, an ES module is imported under a new query), until
// the work they leave behind is done.
async function runScriptsOnce(round, base) {
  for (const rel of config.files) {
    const abs = path.join(config.root, rel);
    if (globalThis.__dpHarness.isEsmUnderNode(abs, require) || require(config.tsRequire).isTypeScriptModule(abs)) {
      await import(require('url').pathToFileURL(abs).href + '?decisionprof-run=' + round);
    } else {
      delete require.cache[require.resolve(abs)];
      await loadFile(abs, '');
    }
  }
  await quiet(base);
}

// The script workload timed warm, in this process: ns per run, the median of the measured
// samples (each at least the minimum sample time, as a test's), or null when a run fails, runs
// grow, the budget is spent, no samples are asked for, or the scripts are not plain files (jest's
// and vitest's per-file set-up): the one load is then the figure.
async function rerunScripts() {
  if (config.perFile || !(config.measure > 0)) return null;
  const min = BigInt(config.minSampleNs || 5000000);
  const start = process.hrtime.bigint();
  let round = 0;
  try {
    const base = idleResources;
    await quiet(base);
    // `sampled`: a sample's pace; the fastest of the last three must keep within GROWN times the
    // fastest of the first three (one slow sample is the machine, three are the runs), and all
    // of them must not rise steadily
    const paces = [];
    const runs = async (n, sampled) => {
      const t0 = process.hrtime.bigint();
      for (let k = 0; k < n; k++) await runScriptsOnce(++round, base);
      const ns = process.hrtime.bigint() - t0;
      if (sampled) paces.push(Number(ns) / n);
      if (rise(paces) > GROWN) throw new Error('runs grow');
      if (process.hrtime.bigint() - start > RERUN_BUDGET_NS) throw new Error('over budget');
      return ns;
    };
    await runs(2);
    let iters = 1;
    for (let ns = await runs(iters); ns < min && iters < MAX_ITERS; ns = await runs(iters)) {
      iters = grown(iters, ns, min);
    }
    const samples = [];
    for (let k = 0; k < config.warmup + config.measure; k++) {
      const ns = await runs(iters, true);
      if (k >= config.warmup) samples.push(Number(ns) / iters);
    }
    if (rise(paces) > TREND_GROWN && kendallTau(paces) >= TREND_TAU) return null;
    samples.sort((x, y) => x - y);
    const mid = samples.length >> 1;
    return samples.length % 2 ? samples[mid] : (samples[mid - 1] + samples[mid]) / 2;
  } catch (err) {
    return null;
  }
}

// tape and tap tests register their subtests (units after them) as they run: the ones before
// the last test timed run once, untimed, so that indices are those of the validating run
async function withSubtests(H, tests, last, skipped) {
  for (let j = 0; j <= last && j < tests.length; j++) {
    if (!tests[j].nested || tests[j].inline || skipped(tests[j])) continue;
    try {
      await H.runTest(j);
    } catch (err) {
      // its failure is the validating run's to report
    }
    tests = H.tests();
  }
  return tests;
}

async function main() {
  let loaded;
  try {
    loaded = await loadWorkload();
  } catch (err) {
    emit({ kind: 'load_error', error: message(err) });
    emit({ kind: 'done' });
    return;
  }
  const { H, loadNs, failedLoads } = loaded;
  let tests = H.tests();
  // tests that timed out while profiling are not run: they would hang this process
  const skip = new Set((config.skip || []).map(([name, file]) => name + '\u0000' + file));
  const skipped = (t) => skip.has(t.name + '\u0000' + t.file);
  if (config.mode === 'script') {
    const again = loadNs <= RERUN_BELOW_NS ? await rerunScripts() : null;
    emit({ kind: 'script', ns: Number(loadNs), repeated: again });
  } else if (config.mode === 'validate') {
    let count = H.registeredCount();
    for (let i = 0; ; i++) {
      // tape's subtests register as their parent runs: the list is read again only then
      const now = H.registeredCount();
      if (now !== count) {
        count = now;
        tests = H.tests();
      }
      if (i >= tests.length) break;
      let r;
      try {
        // a node:test subtest ran inside its parent
        r = tests[i].inline
          || (skipped(tests[i])
            ? { passed: false, error: 'skipped: it timed out while profiling' }
            : await H.runTest(i));
      } catch (err) {
        r = { passed: false, error: message(err) };
      }
      emit({ kind: 'test', index: i, name: tests[i].name, file: tests[i].file,
             passed: !!(r && r.passed), error: r && r.error ? String(r.error) : null });
    }
    failedLoads.forEach((f, k) => emit({ kind: 'test', index: tests.length + k, name: f.name,
                                          file: f.file, passed: false, error: f.error }));
  } else if (config.mode === 'time') {
    const only = Array.isArray(config.only) ? config.only : tests.map((_, i) => i);
    tests = await withSubtests(H, tests, Math.max(-1, ...only), skipped);
    for (const i of only) {
      if (i >= tests.length || skipped(tests[i])) continue;
      try {
        emit(await timeTest(H, i, tests[i]));
      } catch (err) {
        emit({ kind: 'timing', index: i, name: tests[i].name, file: tests[i].file,
               failed: message(err) });
      }
    }
  }
  emit({ kind: 'done', tests: tests.length });
}

main().catch((err) => {
  emit({ kind: 'load_error', error: message(err) });
});

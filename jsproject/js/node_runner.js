// Runs a decisionprof workload under node with the shared harness.
// Usage: node node_runner.js <harness/index.js> <project root> [--no-globals] [--per-file <JSON>] <workload file>...
// Prints the program's own output on stdout and, last on stderr, one line
// `__DP_RESULTS__ <json>` with [{ name, file, passed, error }] in run order.
'use strict';
const path = require('path');
const fs = require('fs');
// real timers for the runner itself: a test may fake the globals (`vi.useFakeTimers()`)
const { setImmediate } = require('timers');
// `--per-file <{ fresh, setup } as JSON>` first among the files: jest's and vitest's test files
// (harness/node_side.js `nodePerFile`)
// `--no-globals`: the runner defines no test globals (a script run by `node`, tape, node:test, …)
const [harnessPath, root, ...rest] = process.argv.slice(2);
const globals = rest[0] !== '--no-globals';
const args = globals ? rest : rest.slice(1);
const perFile = args[0] === '--per-file' ? JSON.parse(args[1]) : null;
const files = perFile === null ? args : args.slice(2);
require(path.resolve(harnessPath));
const H = globalThis.__dpHarness;
H.install(globalThis, globals);
H.takeOverModules(require);
const units = [];
// CommonJS through require (as before); ES modules (with top-level await too) through import().
const loadsFor = perFile === null ? (abs) => [{ file: abs, query: '' }] : H.nodePerFile(require, perFile);
async function loadWorkloadFile(abs, query) {
  if (H.isEsmUnderNode(abs, require)) {
    return import(require('url').pathToFileURL(abs).href + query);
  }
  try {
    return require(abs);
  } catch (e) {
    if (!e || (e.code !== 'ERR_REQUIRE_ESM' && e.code !== 'ERR_REQUIRE_ASYNC_MODULE')) throw e;
    return import(require('url').pathToFileURL(abs).href);
  }
}
let current = null;
process.on('uncaughtException', (e) => {
  if (current) current.uncaught = current.uncaught || e;
  else throw e;
});
// as under the profiling runner: a rejection still unhandled when its test ends fails it, one
// handled later in the test does not (node says so at the end of the tick)
process.on('unhandledRejection', (e, promise) => {
  if (current) current.rejected.push([promise, e]);
  else throw e;
});
process.on('rejectionHandled', (promise) => {
  if (current) current.rejected = current.rejected.filter(([p]) => p !== promise);
});
// Runs the tests registered and not run yet.
let ran = 0;
async function runTests() {
  let tests = H.tests();
  let count = H.registeredCount();
  // a test may register more as it runs (a loop that awaits each `test()`, tape's subtests):
  // the list is read again
  for (; ; ran++) {
    const now = H.registeredCount();
    if (ran >= tests.length || now !== count) {
      count = now;
      tests = H.tests();
    }
    if (ran >= tests.length) break;
    const i = ran;
    // a node:test subtest ran inside its parent
    if (tests[i].inline) {
      units.push({ name: tests[i].name, file: tests[i].file, passed: tests[i].inline.passed, error: tests[i].inline.error });
      continue;
    }
    current = { uncaught: null, rejected: [] };
    const r = await H.runTest(i);
    if (current.rejected.length) await new Promise((done) => setImmediate(done));
    let passed = r.passed, error = r.error;
    if (current.uncaught && passed) { passed = false; error = 'uncaught ' + String(current.uncaught); }
    if (current.rejected.length && passed) { passed = false; error = 'uncaught ' + String(current.rejected[0][1]); }
    units.push({ name: tests[i].name, file: tests[i].file, passed, error });
    current = null;
  }
}
(async () => {
  const loadUnits = [];
  for (const f of files) {
    const rel = path.relative(root, path.resolve(f)).split(path.sep).join('/');
    const loads = loadsFor(path.resolve(f));
    if (loads.length === 0) continue;
    H.setFile(rel, perFile !== null);
    const before = H.registeredCount();
    const u = { name: rel, file: rel, passed: true, error: null };
    try {
      let exports;
      for (const l of loads) exports = await loadWorkloadFile(l.file, l.query);
      await H.registrationsSettled();
      H.adoptRootHooks(exports);
      await H.collect();
    } catch (e) {
      u.passed = false;
      u.error = e && e.message !== undefined ? (e.name || 'Error') + ': ' + e.message : 'thrown: ' + String(e);
    }
    const hasTests = H.registeredCount() > before;
    const exitFailure = u.passed && !hasTests ? H.scriptExitFailure() : null;
    if (exitFailure !== null) { u.passed = false; u.error = exitFailure; }
    if (!hasTests) loadUnits.push(u);
    else if (!u.passed) { u.name = rel + ' (load)'; loadUnits.push(u); }
    // jest and vitest run a file's tests before they load the next file
    if (perFile !== null) {
      units.push(...loadUnits.splice(0));
      await runTests();
    }
  }
  units.push(...loadUnits);
  await runTests();
  H.domFor(null);
  // written synchronously: a pipe's asynchronous write is cut at exit past 64 KiB
  process.on('exit', () => {
    const text = Buffer.from('__DP_RESULTS__ ' + JSON.stringify(units) + '\n');
    for (let at = 0; at < text.length;) {
      try { at += fs.writeSync(2, text, at); } catch (e) { if (e.code !== 'EAGAIN') throw e; }
    }
  });
})();

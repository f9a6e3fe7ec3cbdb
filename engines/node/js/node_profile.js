// decisionprof profiling runner for node (`--engine node`): installs the `__dp` runtime of
// dp_node.js, loads the project's files instrumented (prepared up front by decisionprof, or, for
// dependencies, instrumented for write logging as node loads them), runs the workload through the
// shared harness one unit per test, and writes what the runtime recorded as JSON.
// Usage: node node_profile.js <config.json>
'use strict';
// the built-ins the runner constructs, taken before a test can delete them
const { Map, Set } = globalThis;
const fs = require('fs');
// a lone surrogate as Boa writes it (`\uDF06`): names stay the same in both engines and the
// record stays JSON that serde reads
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const wellFormed = (k, v) => (typeof v === 'string' && /[\uD800-\uDFFF]/.test(v)
  ? v.replace(LONE, (c) => '\\u' + c.charCodeAt(0).toString(16).toUpperCase()) : v);
const path = require('path');
const vm = require('vm');
const Module = require('module');
const { pathToFileURL } = require('url');
// real timers for the runner itself: a test may fake the globals (`vi.useFakeTimers()`)
const { setTimeout, clearTimeout, setImmediate } = require('timers');

const config = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
// the prepared files (prepared_store.js); how many the runner and the hooks' thread asked for
const preparedCount = new Int32Array(new SharedArrayBuffer(4));
const stored = require(config.preparedStore)(config.store, preparedCount);
// this thread asks decisionprof for the scripts through its named pipes, else through a worker
// that starts while the runner sets up
// (dependency_text.js: also the text a dependency runs as, instrumented for write logging)
const instrumentDependency = require(config.dependencyText);
if (!(config.pipes && instrumentDependency.usePipes(config.pipes))) instrumentDependency.connect(config.instrumenter);
const notes = [];

// ---------------------------------------------------------------- the runtime
const undoHelpers = vm.runInThisContext(fs.readFileSync(config.undo, 'utf8'), { filename: 'decisionprof:undo.js' })();
const makeRuntime = vm.runInThisContext(fs.readFileSync(config.runtime, 'utf8'), { filename: 'decisionprof:dp_node.js' });
const R = makeRuntime(config.runtimeConfig, undoHelpers, require);
Object.defineProperty(globalThis, '__dp', { value: R.dp, writable: true, enumerable: false, configurable: true });
// an instrumented function's source, stringified and evaluated again (templates), calls `__dpb()`
Object.defineProperty(globalThis, '__dpb', { value: R.dp.b, writable: true, enumerable: false, configurable: true });
if (!config.runtimeConfig.plain) vm.runInThisContext(fs.readFileSync(config.guardedFunction, 'utf8'), { filename: 'decisionprof:guarded_function.js' });

// ---------------------------------------------------------------- Function.prototype.toString
// A prepared file's functions print as instrumented: give the text the user wrote instead, from
// where decisionprof saw each function start (the prepared store keeps them beside each text).
(function () {
  const fnToString = Function.prototype.toString;
  const asked = Object.create(null);
  const texts = new Map(); // original path -> its text
  function lookup(text) {
    const needle = Buffer.from(text);
    for (const f of stored.withFunctions()) {
      for (let at = f.code.indexOf(needle); at >= 0; at = f.code.indexOf(needle, at + 1)) {
        const fn = f.functions.find((x) => x.out === at);
        if (fn === undefined) continue;
        if (!texts.has(f.original)) texts.set(f.original, fs.readFileSync(f.original));
        return texts.get(f.original).subarray(fn.lo, fn.hi).toString('utf8');
      }
    }
    return null;
  }
  // node's own work (reading the files): a check calling toString has no effect, and it is a
  // native of node's: the built-ins it calls charge nothing
  function textOf(f) {
    const text = fnToString.call(f);
    if (text.includes('[native code]')) return text;
    if (!(text in asked)) asked[text] = R.asHost(lookup, null, [text]);
    const found = asked[text];
    return found === null ? text : found;
  }
  const toString = {
    toString() {
      if (this === toString) return 'function toString() { [native code] }';
      return R.asNative(textOf, null, [this]);
    }
  }.toString;
  Object.defineProperty(Function.prototype, 'toString', { value: toString, writable: true, enumerable: false, configurable: true });
})();

// ---------------------------------------------------------------- the harness
require(config.harness);
const H = globalThis.__dpHarness;
H.install(globalThis, config.globals !== false);
// a node:test subtest is a unit of its own, opened as it starts inside its parent's unit and
// closed as it ends; what it ran is not its parent's (`open`: the subtests running, outermost first)
const open = [];
H.setUnitHooks({
  begin(name, file) {
    const [prev, bp, native] = R.enterUnit(units.length);
    const u = { name, file, passed: true, error: null, bp, native, load_of_test_file: false };
    units.push(u);
    const token = { u, prev, nested: [0, 0] };
    open.push(token);
    return token;
  },
  end(token, error) {
    const [bp, native] = R.leaveUnit(token.prev);
    const u = token.u, parent = units[token.prev];
    // its own counts leave out its subtests'; its parent's leave out all of them
    const total = [bp - u.bp, native - u.native];
    u.bp = total[0] - token.nested[0];
    u.native = total[1] - token.nested[1];
    const outer = open[open.length - 1];
    if (outer === token) open.pop();
    if (open.length) { open[open.length - 1].nested[0] += total[0]; open[open.length - 1].nested[1] += total[1]; }
    else if (parent) { parent.bp += total[0]; parent.native += total[1]; }
    if (error) { u.passed = false; u.error = error; failedUnits++; }
    doneUnits++;
  }
});
H.takeOverModules(require);
// node's `assert` catches what a check throws in code the instrumenter never sees: the function
// it calls closes what it left open (harness/unwound.js), as the Boa host's `assert` does
for (const a of [require('assert'), require('assert').strict]) {
  for (const k of ['throws', 'doesNotThrow']) {
    const orig = a[k];
    a[k] = function (fn, ...rest) { return orig.call(this, typeof fn === 'function' ? H.unwound(fn) : fn, ...rest); };
  }
}

// module loading is node's own work, like the Boa host's `require`
const moduleLoad = Module._load;
Module._load = function () { return R.asHost(moduleLoad, this, arguments); };

// ---------------------------------------------------------------- loading instrumented text
const logOnly = new Map();
// Text a dependency runs as: instrumented for write logging (`instrumentDependency`).
function dependencyText(filename) {
  if (logOnly.has(filename)) return logOnly.get(filename);
  let text = null;
  if (config.instrumenter) {
    const r = instrumentDependency(config.instrumenter, filename);
    if (r.error !== undefined) {
      notes.push(path.relative(config.root, filename) + ': ' + r.error + ': loaded without write logging');
    } else {
      text = r.code;
    }
  }
  logOnly.set(filename, text);
  return text;
}
function textFor(filename) {
  const prepared = stored.text(filename);
  if (prepared !== null) return prepared;
  return filename.includes(path.sep + 'node_modules' + path.sep) ? dependencyText(filename) : null;
}
const esmFiles = new Map();
const tsRequire = require(config.tsRequire);
function isEsm(filename) {
  if (/\.m[jt]s$/.test(filename)) return true;
  if (/\.c[jt]s$/.test(filename)) return false;
  if (/\.[tj]sx$|\.ts$/.test(filename)) return tsRequire.isTypeScriptModule(filename);
  // per file: a `.js` file of a package without "type" is a module by its own syntax
  if (!esmFiles.has(filename)) esmFiles.set(filename, H.isEsmUnderNode(filename, require));
  return esmFiles.get(filename);
}
// jest and vitest find `../src/luxon` without its extension, node's ES-module resolver (which
// the imports of a require()d ES module go through) does not: a relative specifier that names
// no file gets the name of the file jest would find (`.js`, `.mjs`, `.cjs`, `/index.js`)
function withFileNames(text, filename) {
  const dir = path.dirname(filename);
  return text.replace(/(\bfrom\s*|\bimport\s*)(['"])(\.\.?\/[^'"\n]*)\2/g, (whole, kw, q, spec) => {
    const abs = path.resolve(dir, spec);
    if (fs.existsSync(abs) && fs.statSync(abs).isFile()) return whole;
    const tail = ['.js', '.mjs', '.cjs', '/index.js'].find((t) => fs.existsSync(abs + t));
    return tail === undefined ? whole : kw + q + spec + tail + q;
  });
}
const plainJs = Module._extensions['.js'];
let requiredEsm = false;
function compileInstrumented(module, filename) {
  // `require()` of an ES module (node 20.19+): the prepared text, compiled as the module it is
  // (the module hooks do not see a require)
  if (isEsm(filename)) {
    const prepared = stored.text(filename);
    if (prepared === null) return plainJs(module, filename);
    if (!requiredEsm && /^\s*(import(\s+[\w{*'"]|\s*[{*'"])|export\s*(\*|\{[^}]*\}\s*from))/m.test(fs.readFileSync(filename, 'utf8'))) {
      requiredEsm = true;
      notes.push(path.relative(config.root, filename) + ': an ES module loaded by require(): node 20 loads the modules it imports ' +
        'without decisionprof\'s module hooks, so their decisions are not profiled under node (the embedded engine, the default, profiles them)');
    }
    try {
      return module._compile(withFileNames(prepared, filename), filename, 'module');
    } catch (e) {
      if (e && e.code === 'ERR_MODULE_NOT_FOUND' && typeof e.message === 'string') {
        e.message += ' (an ES module loaded by require() has its imports resolved by node\'s own rules, which want ' +
          'the file extension; jest and vitest find the file without it: the embedded engine does too, --engine boa)';
      }
      throw e;
    }
  }
  const text = textFor(filename);
  if (text === null) return plainJs(module, filename);
  module._compile(text, filename);
}
for (const ext of ['.js', '.cjs', '.ts', '.cts', '.tsx', '.jsx']) Module._extensions[ext] = compileInstrumented;
tsRequire(Module);
// build output that was not built runs as its source (decisionprof lists the files it knows of)
const redirects = config.redirects || {};
function redirected(e, request, parent) {
  if (!e || e.code !== 'MODULE_NOT_FOUND') return null;
  const named = /Cannot find module '([^']+)'/.exec(String(e.message));
  const asked = /^\.\.?(\/|$)/.test(request) && parent && parent.filename
    ? path.resolve(path.dirname(parent.filename), request)
    : named && path.isAbsolute(named[1]) ? named[1] : null;
  if (asked === null) return null;
  // a folder's "main" that was not built is named in the message
  const main = named && path.isAbsolute(named[1]) ? [named[1]] : [];
  for (const p of [asked, asked + '.js', path.join(asked, 'index.js')].concat(main)) {
    if (Object.prototype.hasOwnProperty.call(redirects, p)) return redirects[p];
  }
  return null;
}
const resolveWithTypeScript = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  try {
    return resolveWithTypeScript.call(this, request, parent, ...rest);
  } catch (e) {
    const source = redirected(e, request, parent);
    if (source === null) throw e;
    if (isEsm(source)) {
      const err = new Error('decisionprof: ' + request + ' is build output that was not built, and its source ' +
        path.relative(config.root, source) + ' is an ES module, which require() cannot load under node: build the project first, or profile in the embedded engine (the default)');
      err.code = 'MODULE_NOT_FOUND';
      throw err;
    }
    return source;
  }
};

if (typeof Module.register === 'function') {
  // ours, with TypeScript's resolution after them (node_hooks.mjs imports ts_hooks.mjs)
  Module.register(pathToFileURL(config.hooks).href, { data: { store: config.store, preparedCount, instrumenter: config.instrumenter, redirects } });
}

// ---------------------------------------------------------------- units
const units = [];
let stopText = null;
let doneUnits = 0; // tests, and loads of files that failed or registered none (as Boa counts)
let failedUnits = 0;
// For the progress lines of a long run (jsproject/src/heartbeat.rs): written over in place, padded
// to the longest so far (opening and closing the file per test cost more than 1,000 tests did).
let progressFd = null, progressLength = 0;
function writeProgress(text) {
  try {
    if (progressFd === null) progressFd = fs.openSync(config.progress, 'w');
    let b = Buffer.from(text);
    if (b.length < progressLength) b = Buffer.concat([b, Buffer.alloc(progressLength - b.length, 0x20)]);
    progressLength = b.length;
    fs.writeSync(progressFd, b, 0, b.length, 0);
  } catch (e) { /* progress is optional */ }
}
function beginUnit(name, file) {
  writeProgress(JSON.stringify({ done: doneUnits, failed: failedUnits, current: [name, file] }));
  const [bp, native] = R.beginUnit(units.length, config.testTimeoutMs);
  const u = { name, file, passed: true, error: null, bp, native, load_of_test_file: false };
  units.push(u);
  current = { uncaught: null, rejected: [] };
  return u;
}
function endUnit(u, failure) {
  const [bp, native, timed] = R.endUnit();
  u.bp = bp - u.bp;
  u.native = native - u.native;
  if (R.stopped() === 'decisionprof: timeout' || R.checkDeadlines() === 'decisionprof: timeout') {
    stopText = 'stopped: the run exceeded --timeout';
    failure = stopText;
  } else if (timed) {
    failure = 'timed out: the test ran longer than --test-timeout ' + (config.testTimeoutMs / 1000) + 's and was stopped; the other tests go on';
  }
  if (!failure && current && current.uncaught) failure = 'uncaught ' + errorText(current.uncaught);
  if (!failure && current && current.rejected.length) failure = 'uncaught ' + errorText(current.rejected[0][1]);
  if (failure) { u.passed = false; u.error = failure; failedUnits++; }
  if (!u.load_of_test_file || !u.passed) doneUnits++;
  current = null;
}
function errorText(e) {
  if (e instanceof Error) return (e.name || 'Error') + ': ' + e.message;
  if (e && typeof e === 'object' && typeof e.message === 'string') return e.message;
  return 'thrown: ' + String(e);
}
let current = null;
process.on('uncaughtException', (e) => {
  if (current) current.uncaught = current.uncaught || e;
  else notes.push('uncaught outside a test: ' + errorText(e));
});
// a rejection still unhandled when its test ends fails it; one handled later in the test (ava's
// `t.throwsAsync(promise)` after an await) does not: node says so at the end of the tick, so a
// test that saw one ends after a setImmediate
process.on('unhandledRejection', (e, promise) => {
  if (R.isRefusedAsync(e)) return; // an async call a speculation refused (dp_node.js)
  if (current) current.rejected.push([promise, e]);
});
process.on('rejectionHandled', (promise) => {
  if (current) current.rejected = current.rejected.filter(([p]) => p !== promise);
});

// jest's and vitest's test files: the setup files first, in modules of the file's own
// (harness/node_side.js `nodePerFile`); every other runner's files load one by one
const loadsFor = config.perFile ? H.nodePerFile(require, config.perFile) : (abs) => [{ file: abs, query: '' }];

async function loadWorkloadFile(abs, query) {
  if (isEsm(abs)) return import(pathToFileURL(abs).href + query);
  try {
    return require(abs);
  } catch (e) {
    if (!e || (e.code !== 'ERR_REQUIRE_ESM' && e.code !== 'ERR_REQUIRE_ASYNC_MODULE')) throw e;
    return import(pathToFileURL(abs).href);
  }
}

// Resolves once the test settles or its time is up (a test that waits forever stops here).
function withLimit(promise) {
  if (!(config.testTimeoutMs > 0)) return promise;
  let timer;
  const limit = new Promise((resolve) => {
    timer = setTimeout(() => resolve({ passed: false, error: 'timed out: the test ran longer than --test-timeout ' + (config.testTimeoutMs / 1000) + 's and was stopped; the other tests go on' }), config.testTimeoutMs);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}

let written = false;
let syntaxError = null;
function writeResults() {
  if (written) return;
  written = true;
  const out = R.dump();
  out.units = units;
  out.notes = notes;
  out.stopped = stopText;
  out.syntax_error = syntaxError;
  // a lone surrogate (a test named after one) is written as Boa writes it (`wellFormed`);
  // JSON.stringify escapes one (`\udf06`), so only a record with such an escape (or a backslash
  // before `ud8`…`udf`) is written again through `wellFormed`, which is slower
  let text = JSON.stringify(out);
  if (/\\u[dD][89a-fA-F]/.test(text)) text = JSON.stringify(out, wellFormed);
  // renamed into place whole: decisionprof reads it once it exists (and stops a runner that
  // then does not exit)
  fs.writeFileSync(config.out + '.part', text);
  fs.renameSync(config.out + '.part', config.out);
}
// what process.exit() left unrun (the same note as engine/src/run.rs writes)
let testList = null, testIndex = -1, loadingAt = -1, loadBefore = 0, ran = 0;
process.on('exit', (code) => {
  if (!written && current) {
    const u = units[units.length - 1];
    // `process.exit(0)` from a script that registered no test is how it ends well (as the
    // Boa engine's run.rs `stop_failure` says)
    const clean = code === 0 && loadingAt >= 0 && H.registeredCount() === loadBefore;
    endUnit(u, clean ? null : 'stopped: process.exit() was called');
    if (loadingAt >= 0) {
      const setup = config.perFile ? config.perFile.setup : [];
      const later = config.files.slice(loadingAt + 1).filter((f) => setup.indexOf(f) < 0);
      const note = loadExitNote(relative(config.files[loadingAt]), H.tests().length - ran, later.map(relative));
      if (note) notes.push(note);
    } else if (testList && testIndex >= 0) {
      const left = testList.slice(testIndex + 1);
      if (left.length) notes.push(exitNote(testList[testIndex], left));
    }
  }
  writeResults();
});
function relative(abs) {
  return path.relative(config.root, abs).split(path.sep).join('/');
}
function loadExitNote(file, unrun, later) {
  if (unrun === 0 && later.length === 0) return null;
  const named = later.slice(0, 5);
  if (later.length > named.length) named.push('…');
  const files = later.length ? ` (${named.join(', ')})` : '';
  return `process.exit() was called while loading ${file}: the run stopped there, as a runner that runs every file in one process would; ` +
    `${unrun} test(s) already registered and ${later.length} later file(s)${files} were not run (leave ${file} out with --workload)`;
}
function exitNote(t, left) {
  const files = new Set(left.map((x) => x.file)).size;
  return `process.exit() was called in \`${t.name}\` [${t.file}]: the run stopped there, as a runner that runs every file in one process would; ` +
    `${left.length} later test(s) in ${files} file(s) were not run (leave that test out with --workload)`;
}
// the run's deadline also stops a run that waits (no branch point is counted while it sleeps)
setTimeout(() => {
  if (!written) {
    stopText = 'stopped: the run exceeded --timeout';
    if (current) endUnit(units[units.length - 1], stopText);
    writeResults();
    process.exit(0);
  }
}, Math.max(0, config.runtimeConfig.deadline - Date.now())).unref();

(async () => {
  for (const [at, abs] of config.files.entries()) {
    const rel = relative(abs);
    const loads = loadsFor(abs);
    if (loads.length === 0) continue;
    H.setFile(rel, !!config.perFile);
    const before = H.registeredCount();
    loadBefore = before;
    const u = beginUnit(rel, rel);
    let failure = null;
    try {
      let exports;
      loadingAt = at;
      for (const l of loads) exports = await withLimit(loadWorkloadFile(l.file, l.query));
      await withLimit(H.registrationsSettled());
      H.adoptRootHooks(exports);
      await H.collect();
    } catch (e) {
      failure = R.abortMessage(e) === null ? errorText(e) : null;
      // a project file that does not parse (node/prepare.rs): the run's error, as in Boa
      const mark = 'decisionprof syntax error: ';
      if (e instanceof SyntaxError && String(e.message).startsWith(mark)) syntaxError = e.message.slice(mark.length);
    }
    loadingAt = -1;
    u.load_of_test_file = H.registeredCount() > before;
    if (failure === null && !u.load_of_test_file) failure = H.scriptExitFailure();
    endUnit(u, failure);
    if (stopText || syntaxError) break;
    // jest and vitest run a file's tests before they load the next file
    if (config.perFile) await runTests();
  }
  if (!stopText && !syntaxError && !config.perFile) await runTests();
  H.domFor(null);
  writeResults();
})();

// Runs the tests registered and not run yet, each as its own unit.
async function runTests() {
  let tests = H.tests();
  let count = H.registeredCount();
  // a test may register more as it runs (a loop that awaits each `test()`, tape's subtests):
  // the list is read again
  for (; !stopText; ran++) {
    const now = H.registeredCount();
    if (ran >= tests.length || now !== count) {
      count = now;
      tests = H.tests();
    }
    if (ran >= tests.length) break;
    testList = tests;
    const i = ran;
    // a node:test subtest: its unit was recorded inside its parent's
    if (tests[i].inline) continue;
    testIndex = i;
    const u = beginUnit(tests[i].name, tests[i].file);
    let r;
    try {
      r = await withLimit(H.runTest(i));
    } catch (e) {
      r = { passed: false, error: errorText(e) };
    }
    if (current && current.rejected.length) await new Promise((done) => setImmediate(done));
    endUnit(u, r.passed ? null : r.error || 'failed');
  }
}

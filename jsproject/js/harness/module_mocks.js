// decisionprof test harness: module mocks — `vi.mock`/`jest.mock` and their kin (`doMock`,
// `unmock`, `importActual`/`requireActual`, `importMock`/`requireMock`, `createMockFromModule`,
// `vi.hoisted`, `vi.mocked`, `resetModules`, `isolateModules`), the methods it adds to expect.js's
// `mocks` (the object behind `vi` and `jest`). decisionprof has already placed a file's top-level
// mocks first and told each call the file it is written in (`vi.mock.call(FILE, spec, …)`,
// instrument/src/mocks.rs); the engines ask the registry here when a module is required or
// imported: Boa's `require` (engines/boa/js/node/module.js) and ES-module loader
// (engines/boa/src/esm), node's `Module._load` and its module hooks (node_side.js
// `takeOverModules`), which read the mocked modules from a shared table.
//
// A mock is the factory's value; without a factory, the file of the same name in a `__mocks__`
// folder next to the module (a package's or a built-in's: in `__mocks__` at the project's root),
// else the real module with every function a mock function (jest's and vitest's automock).
// jest's mocks apply to `require` and `import`; vitest's to `import` only, as in vitest. The
// mocks of a test file are forgotten when the next one starts (its setup files register theirs
// again). Module aliases (jest's `moduleNameMapper`, vite's `alias`) are here too: the same
// resolvers apply them.
'use strict';
// the built-ins the runtime constructs, taken before a test can delete them (`delete globalThis.Map`)
var Map = globalThis.Map, Set = globalThis.Set, WeakMap = globalThis.WeakMap, WeakSet = globalThis.WeakSet;
var M = require('./expect').mocks;
var entries = [];
var bypass = null;
var table = null;
var generation = 0;
var currentAbs = null;
var internal = 0;
var resets = 0;
// the last reset number given out (`resets` goes back to an earlier one after a `t.mockImport`)
var resetSeq = 0;

// under node, `Module.createRequire` and the CommonJS cache's project modules (node_side.js `useNode`)
var node = { requireFor: null, modules: null };
exports.useNode = function (requireFor, modules) {
  node.requireFor = requireFor;
  node.modules = modules;
};
function requireFor(file) {
  return node.requireFor ? node.requireFor(file) : globalThis.__dpRequireFor(file);
}
// the project's root: the folder the run started in (a test may replace `process.cwd`)
var rootDir = null;
function cwd() {
  if (rootDir === null) rootDir = typeof process !== 'undefined' ? process.cwd() : '/';
  return rootDir;
}
cwd();
// a built-in the registry itself uses (`fs`, `path`, `module`): the real one, mocked or not
function sys(name) {
  internal++;
  try { return requireFor(cwd() + '/index.js')(name); } finally { internal--; }
}
// the file a mocking call was written in (decisionprof passes it as `this`), else the test file
function fileOf(self) {
  var f = typeof self === 'string' || self instanceof String ? String(self) : null;
  if (f === null) return currentAbs || cwd() + '/index.js';
  return f.charAt(0) === '/' ? f : cwd() + '/' + f;
}
function isPath(spec) { return /^(\.{1,2}(\/|$)|\/|file:)/.test(spec); }
function builtinName(spec) {
  var bare = spec.replace(/^node:/, '');
  if (spec.startsWith('node:')) return bare;
  var m = sys('module');
  if (typeof m.isBuiltin === 'function') return m.isBuiltin(bare) ? bare : null;
  return (m.builtinModules || []).indexOf(bare) >= 0 ? bare : null;
}
// a module's key: `node:NAME` for a built-in, else its file (as `require` resolves it), else
// the name itself (a package only `import` finds, or a virtual module)
function keyOf(spec, from) {
  var req = requireFor(from);
  var b = builtinName(spec);
  if (b !== null) return 'node:' + b;
  try {
    return req.resolve(spec);
  } catch (e) {
    var path = sys('path');
    return isPath(spec) ? path.resolve(path.dirname(from), spec) : spec;
  }
}
function find(spec, key) {
  var bare = spec !== null && !isPath(spec) ? spec.replace(/^node:/, '') : null;
  for (var i = entries.length - 1; i >= 0; i--) {
    var e = entries[i];
    if (e.key === key || (bare !== null && e.bare === bare)) return e;
  }
  return null;
}
function remove(key) {
  entries = entries.filter(function (e) { return e.key !== key; });
}
function register(self, spec, factory, api) {
  if (typeof spec !== 'string') throw new TypeError(api + ': the module must be named by a string, not ' + typeof spec);
  var from = fileOf(self);
  var key = keyOf(spec, from);
  remove(key);
  var e = {
    spec: spec, key: key, bare: isPath(spec) ? null : spec.replace(/^node:/, ''), from: from,
    factory: typeof factory === 'function' ? factory : null,
    vitest: !!(typeof process !== 'undefined' && process.env && process.env.VITEST === 'true'),
    state: 'pending', value: undefined, view: null
  };
  entries.push(e);
  return e;
}

// ---------------------------------------------------------------- the real module, the mock
function actualSpecifier(key) { return 'dp-actual:' + key; }
function importActual(key) { return import(actualSpecifier(key)); }
function requireActual(key, spec, from) {
  bypass = key;
  try { return requireFor(from)(spec); } finally { bypass = null; }
}
// the `__mocks__` folders that stand for packages: at the root, or in each of jest's `roots`
// (read once from the variable discovery sets, which the program does not see)
var mockFolders = null;
function mockDirs() {
  if (mockFolders !== null) return mockFolders;
  var env = typeof process !== 'undefined' && process.env;
  var text = env && env.DECISIONPROF_MOCK_ROOTS;
  var roots = [''];
  if (typeof text === 'string') {
    delete env.DECISIONPROF_MOCK_ROOTS;
    roots = JSON.parse(text);
  }
  var path = sys('path');
  mockFolders = roots.map(function (r) { return path.join(cwd(), r, '__mocks__'); });
  return mockFolders;
}
// the `__mocks__` file that stands for a module, if the project has one
function manualMock(e) {
  var path = sys('path');
  if (e.key.startsWith('node:')) return mockFileIn(mockDirs(), e.key.slice(5));
  if (e.bare !== null || !path.isAbsolute(e.key)) return mockFileIn(mockDirs(), e.bare || e.spec);
  return mockFileIn([path.join(path.dirname(e.key), '__mocks__')], path.basename(e.key));
}
function mockFileIn(dirs, name) {
  var fs = sys('fs'), path = sys('path');
  for (var d = 0; d < dirs.length; d++) {
    var base = path.join(dirs[d], name);
    var stem = base.replace(/\.[cm]?[jt]sx?$/, '');
    var tries = [base].concat(['.js', '.ts', '.mjs', '.cjs', '.mts', '.cts'].map(function (x) { return stem + x; }));
    for (var i = 0; i < tries.length; i++) {
      try { if (fs.statSync(tries[i]).isFile()) return tries[i]; } catch (err) { /* not there */ }
    }
  }
  return null;
}
// jest's and vitest's automock: functions become mock functions (a class's methods too),
// objects are walked, arrays emptied, other values kept
function automock(v, seen) {
  if (v === null || (typeof v !== 'object' && typeof v !== 'function')) return v;
  if (seen.has(v)) return seen.get(v);
  if (Array.isArray(v)) { seen.set(v, []); return seen.get(v); }
  var out;
  if (typeof v === 'function') {
    out = M.fn();
    if (v.name) out.mockName(v.name);
    seen.set(v, out);
    if (v.prototype && typeof v.prototype === 'object') {
      methodsOf(v.prototype).forEach(function (k) { out.prototype[k] = M.fn(); });
    }
  } else {
    out = {};
    seen.set(v, out);
  }
  propertiesOf(v).forEach(function (k) {
    var d = Object.getOwnPropertyDescriptor(v, k);
    if (!d || !('value' in d)) return;
    try { out[k] = automock(d.value, seen); } catch (err) { /* a read-only property of the mock */ }
  });
  return out;
}
var FUNCTION_OWN = ['length', 'name', 'prototype', 'arguments', 'caller'];
function propertiesOf(v) {
  return Object.getOwnPropertyNames(v).filter(function (k) {
    return typeof v !== 'function' || FUNCTION_OWN.indexOf(k) < 0;
  });
}
function methodsOf(proto) {
  var names = [];
  for (var p = proto; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    Object.getOwnPropertyNames(p).forEach(function (k) {
      var d = Object.getOwnPropertyDescriptor(p, k);
      if (k !== 'constructor' && d && typeof d.value === 'function' && names.indexOf(k) < 0) names.push(k);
    });
  }
  return names;
}
// the names an ES module's text exports (`export const a`, `export function b`, `export { c as d }`)
function exportedNames(file) {
  if (file.charAt(0) !== '/') return [];
  var text;
  try { text = sys('fs').readFileSync(file, 'utf8'); } catch (err) { return []; }
  var names = [], m;
  var declared = /\bexport\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:const|let|var|function\*?|class)\s+([A-Za-z_$][\w$]*)/g;
  while ((m = declared.exec(text)) !== null) if (!/\bdefault\s/.test(m[0])) names.push(m[1]);
  var listed = /\bexport\s*\{([^}]*)\}/g;
  while ((m = listed.exec(text)) !== null) {
    m[1].split(',').forEach(function (part) {
      var words = part.trim().split(/\s+as\s+/);
      var name = (words[1] || words[0] || '').trim();
      if (/^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default') names.push(name);
    });
  }
  return names;
}
function isNamespace(v) { return Object.prototype.toString.call(v) === '[object Module]'; }
// what `import` gives: vitest's factory returns the module's exports; jest's returns
// `module.exports` (babel's interop: `default` is the value unless it says `__esModule`)
function viewOf(e, v) {
  var view = {};
  // a name the real module exports that the mock lacks is undefined, not a link error: vitest
  // and jest read imports as properties
  exportedNames(e.key).forEach(function (k) { view[k] = undefined; });
  if (v !== null && (typeof v === 'object' || typeof v === 'function')) {
    Object.keys(v).forEach(function (k) { if (k !== '__esModule') view[k] = v[k]; });
  }
  // tap's mocks: the object is the module's exports, its `default` the default one if it has one
  var exportsObject = e.vitest || isNamespace(v) || !!(v && v.__esModule) ||
    (e.tap && v !== null && typeof v === 'object' && Object.prototype.hasOwnProperty.call(v, 'default'));
  view.default = exportsObject ? (v == null ? undefined : v.default) : v;
  return view;
}
function settle(e, v) {
  e.state = 'ready';
  e.value = v;
  e.view = viewOf(e, v);
  publish();
  return v;
}
function originalOf(e) {
  return function importOriginal() { return importActual(e.key); };
}
// the mock's value now: what `require` and Boa's loader need
function valueOf(e) {
  if (e.state === 'ready') return e.value;
  if (e.state === 'busy') {
    throw new Error('decisionprof: the mock of \'' + e.spec + '\' is still being made (its factory is async or imports it)');
  }
  e.state = 'busy';
  try {
    var v;
    if (e.factory) {
      v = e.factory(originalOf(e));
      if (v && typeof v.then === 'function') {
        throw new Error('decisionprof: the factory of the mock of \'' + e.spec + '\' is async, and the module was required before it settled; ' +
          'decisionprof settles async factories at the top of an ES-module test file only');
      }
    } else {
      var manual = manualMock(e);
      v = manual ? requireFor(e.from)(manual) : automock(requireActual(e.key, e.spec, e.from), new Map());
    }
    return settle(e, v);
  } catch (err) {
    e.state = 'pending';
    throw err;
  }
}
// the same for an ES-module test file, whose factories may be async
function ready(e) {
  if (e.state === 'ready') return Promise.resolve();
  e.state = 'busy';
  return Promise.resolve().then(function () {
    if (e.factory) return e.factory(originalOf(e));
    var manual = manualMock(e);
    if (manual) return importActual(manual);
    return importActual(e.key).then(function (ns) { return automock(ns, new Map()); });
  }).then(function (v) { settle(e, v); }, function (err) { e.state = 'pending'; throw err; });
}

// ---------------------------------------------------------------- node's module hooks
// Under node the hooks' thread resolves imports: it reads the mocked keys, their export names
// and the packages mocked by name from a shared buffer (`takeOverModules`)
function publish() {
  if (table === null) return;
  var keys = {}, bare = {};
  entries.forEach(function (e) {
    // a package's root mock that failed to load is there too: an import of it reports why
    if (e.state !== 'ready' && !e.failed) return;
    keys[e.key] = e.state === 'ready' ? Object.keys(e.view) : [];
    if (e.bare !== null) bare[e.bare] = e.key;
  });
  table(JSON.stringify({ gen: ++generation, keys: keys, bare: bare, reset: resets }));
}

// ---------------------------------------------------------------- aliases
// jest's `moduleNameMapper` and vite's `alias` (jsproject/src/discover/aliases.rs), read once from
// the variable discovery sets, which the program does not see
var aliases = null;
function aliasList() {
  if (aliases !== null) return aliases;
  var env = typeof process !== 'undefined' && process.env;
  var text = env && env.DECISIONPROF_ALIAS;
  aliases = [];
  if (typeof text === 'string') {
    delete env.DECISIONPROF_ALIAS;
    aliases = JSON.parse(text).map(function (a) {
      return { kind: a.kind, find: a.find, flags: a.flags, to: a.to.replace(/^<root>(?=\/|$)/, cwd()) };
    });
  }
  return aliases;
}
// the request the first alias of `list` that matches makes of `request`, or null (node's
// module hooks run this function's text too)
function applyAlias(list, request) {
  for (var i = 0; i < list.length; i++) {
    var a = list[i];
    if (a.kind === 'prefix') {
      if (request === a.find || request.startsWith(a.find + '/')) return a.to + request.slice(a.find.length);
      continue;
    }
    var re = new RegExp(a.find, a.flags);
    var m = re.exec(request);
    if (m === null) continue;
    if (a.kind === 'regex') return request.replace(new RegExp(a.find, a.flags), a.to);
    return a.to.replace(/\$(\d+)/g, function (_, n) { return m[+n] === undefined ? '' : m[+n]; });
  }
  return null;
}
exports.aliasOf = function (request) { return applyAlias(aliasList(), request); };
exports.aliasList = aliasList;
exports.applyAlias = applyAlias;

// ---------------------------------------------------------------- the API
function mock(spec, factory) {
  if (spec && typeof spec.then === 'function') throw new TypeError('vi.mock(import(…)): name the module by its path');
  register(this, spec, factory, 'mock');
}
function doMock(spec, factory) {
  var e = register(this, spec, factory, 'doMock');
  // a sync factory runs now, so node's hooks know the names an `await import()` then asks
  if (table !== null && e.factory) {
    try { valueOf(e); } catch (err) { if (e.state !== 'pending') throw err; }
  }
}
function unmock(spec) {
  remove(keyOf(spec, fileOf(this)));
  publish();
}
M.mock = mock;
M.doMock = doMock;
M.unmock = unmock;
M.doUnmock = unmock;
M.deepUnmock = unmock;
M.requireActual = function (spec) {
  var from = fileOf(this);
  return requireActual(keyOf(spec, from), spec, from);
};
M.importActual = function (spec) { return importActual(keyOf(spec, fileOf(this))); };
M.createMockFromModule = function (spec) { return automock(M.requireActual.call(fileOf(this), spec), new Map()); };
M.genMockFromModule = M.createMockFromModule;
M.requireMock = function (spec) {
  var from = fileOf(this);
  var key = keyOf(spec, from);
  var e = find(spec, key) || register(from, spec, null, 'requireMock');
  return valueOf(e);
};
M.importMock = function (spec) {
  var from = fileOf(this);
  var key = keyOf(spec, from);
  var e = { spec: spec, key: key, bare: null, from: from, factory: null, vitest: true, state: 'pending' };
  return ready(e).then(function () { return e.value; });
};
// jest's and vitest's module registry: `resetModules` makes the project's modules evaluate
// anew at their next require or import, and jest's factories run again (jest clears the mocks'
// instances; vitest keeps them); `isolateModules(fn)` gives what `fn` requires modules of its
// own and puts the earlier ones back after. The engines keep the caches: Boa's module loader
// (`__dpModules`, CommonJS only: Boa keeps an ES module once an importer has it) and node's
// `Module._cache` (node_side.js), whose module hooks give a project ES module imported after a
// reset a new URL.
function caches() { return node.modules || globalThis.__dpModules || null; }
M.resetModules = function () {
  var c = caches();
  if (c) c.forget();
  entries.forEach(function (e) {
    if (!e.vitest && e.state === 'ready') { e.state = 'pending'; e.value = undefined; e.view = undefined; }
  });
  resets = ++resetSeq;
  publish();
  return M;
};
M.isolateModules = function (fn) {
  var c = caches();
  var back = c ? c.swap() : null;
  try { fn(); } finally { if (back) back(); }
  return M;
};
M.isolateModulesAsync = function (fn) {
  var c = caches();
  var back = c ? c.swap() : null;
  var done = function () { if (back) back(); back = null; };
  return Promise.resolve().then(fn).then(function () { done(); }, function (err) { done(); throw err; });
};
M.hoisted = function (f) { return f(); };
M.mocked = function (v) { return v; };

// ---------------------------------------------------------------- tap's mocks
// `t.mockRequire(spec, mocks)` and `t.mockImport(spec, mocks)` from the test file `file`: the
// module loads with modules of its own (the project's evaluate anew; dependencies stay), and
// for whatever it loads, required or imported, each key of `mocks` (named as from the test
// file) is the value given. Earlier instances come back after.
function tapMocks(file, mocks) {
  var from = fileOf(file);
  var added = Object.keys(mocks || {}).map(function (spec) {
    var e = register(from, spec, null, 't.mockRequire');
    e.tap = true;
    e.vitest = false;
    settle(e, mocks[spec]);
    return e;
  });
  publish();
  return function () {
    entries = entries.filter(function (e) { return added.indexOf(e) < 0; });
    publish();
  };
}
exports.tapRequire = function (file, spec, mocks) {
  var drop = tapMocks(file, mocks);
  var c = caches();
  var back = c ? c.swap() : null;
  try {
    return requireFor(fileOf(file))(spec);
  } finally {
    if (back) back();
    drop();
  }
};
exports.tapImport = function (file, spec, mocks) {
  var from = fileOf(file);
  var path = sys('path');
  var target = isPath(spec) && !/^file:/.test(spec) ? path.resolve(path.dirname(from), spec) : spec;
  var drop = tapMocks(file, mocks);
  var c = caches();
  var back = c ? c.swap() : null;
  var backEsm = c && c.swapEsm ? c.swapEsm() : null;
  // the module gets a specifier of its own (Boa gives an importer one module per specifier, node
  // keeps what a specifier resolved to), and under node the module hooks give the project's ES
  // modules it imports a URL of their own meanwhile
  var resetsBefore = resets;
  if (node.modules) {
    resets = ++resetSeq;
    publish();
    if (path.isAbsolute(target)) target = sys('url').pathToFileURL(target).href + '?dp-mock=' + resets;
  } else if (path.isAbsolute(target)) {
    target += '?dp-mock=' + (++resetSeq);
  }
  var done = function () {
    if (back) back();
    if (backEsm) backEsm();
    back = backEsm = null;
    resets = resetsBefore;
    drop();
  };
  return import(target).then(function (ns) { done(); return ns; }, function (err) { done(); throw err; });
};

// engine hooks
exports.mockCount = function () { return entries.length; };
// `require(request)` of the module `key`: `{ value }` when a jest mock stands for it
exports.mockRequire = function (request, key) {
  if (internal > 0) return null;
  if (bypass !== null && key === bypass) { bypass = null; return null; }
  var e = find(request, key);
  if (e === null || e.vitest) return null;
  return { value: valueOf(e) };
};
// `import` of `spec`, the module `key`: the mock's exports (`default` among them), or undefined
exports.mockModule = function (spec, key) {
  var e = find(spec, key);
  if (e === null) return undefined;
  valueOf(e);
  return e.view;
};
// the exports of the mocked module `key` (node's hooks make a module of them)
exports.mockView = function (key) {
  var view = exports.mockModule(null, key);
  if (view === undefined) throw new Error('decisionprof: no mock of ' + key);
  return view;
};
// an ES-module test file's mocks, settled before its imports run
exports.mocksReady = function () {
  var pending = entries.filter(function (e) { return e.state !== 'ready'; });
  return pending.reduce(function (p, e) { return p.then(function () { return ready(e); }); }, Promise.resolve())
    .then(publish);
};
exports.setMockTable = function (write) { table = write; };
// a test file with modules of its own (vitest runs each in a fresh worker): the spies an
// earlier file left on shared objects (`vi.spyOn(fs, 'access')` on `node:fs/promises`) are
// restored first
exports.isolateFile = function () {
  if (typeof process !== 'undefined' && process.env && process.env.VITEST === 'true') M.restoreAllMocks();
};
// jest mocks a package with the file of its name in `__mocks__` at the root (or in its
// `roots`) without a `jest.mock` call (a built-in only with one): the names are read once,
// and each test file gets the mocks anew, made before it loads so node's module hooks know them
var rootMocks = null;
function rootMockNames() {
  if (rootMocks !== null) return rootMocks;
  rootMocks = [];
  var fs = sys('fs'), path = sys('path');
  mockDirs().forEach(function (top) { walk(top, ''); });
  function walk(dir, prefix) {
    var names;
    try { names = fs.readdirSync(dir); } catch (e) { return; }
    names.forEach(function (n) {
      var full = path.join(dir, n);
      var isDir;
      try { isDir = fs.statSync(full).isDirectory(); } catch (e) { return; }
      if (isDir) { walk(full, prefix + n + '/'); return; }
      var m = /^(.*)\.[cm]?[jt]sx?$/.exec(n);
      if (m && builtinName(prefix + m[1]) === null && rootMocks.indexOf(prefix + m[1]) < 0) rootMocks.push(prefix + m[1]);
    });
  }
  return rootMocks;
}
function mockRootPackages() {
  var env = typeof process !== 'undefined' && process.env;
  if (!env || env.VITEST === 'true' || env.JEST_WORKER_ID === undefined) return;
  rootMockNames().forEach(function (name) {
    if (find(name, null) !== null) return;
    var e = register(cwd() + '/index.js', name, null, 'jest.mock');
    try { valueOf(e); } catch (err) { e.failed = true; /* its first require or import reports it */ }
  });
  if (entries.some(function (e) { return e.failed; })) publish();
}
// Before test file `rel` loads (`ownSuite`: jest and vitest, whose files each start afresh): the
// mocks of the file before are forgotten and the root's `__mocks__` of packages apply anew.
exports.beforeFile = function (rel, ownSuite) {
  currentAbs = cwd() + '/' + String(rel);
  if (ownSuite && entries.length) {
    entries = [];
    publish();
  }
  if (ownSuite) mockRootPackages();
};

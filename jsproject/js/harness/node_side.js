// decisionprof test harness, its node side: the harness takes over the modules it stands in for
// (CommonJS's `Module._load` and ES-module hooks), loads jest's and vitest's test files each as
// their runner does, and tells which workload files are ES modules.
'use strict';
var core = require('./core');
var freshGlobals = require('./fresh_globals');
var moduleMocks = require('./module_mocks');
var dom = require('./dom_env');
var STAND_INS = require('./stand_ins.json');

// the key module_mocks.js knows a required module by: `node:NAME` or its file
function mockKey(Module, request, parent, isMain) {
  var bare = request.replace(/^node:/, '');
  if (Module.isBuiltin(request)) return 'node:' + bare;
  try { return Module._resolveFilename(request, parent, isMain); } catch (e) { return request; }
}
// The module hooks' half of module mocks (module_mocks.js): an import of a mocked module
// becomes a module of the mock's exports; `dp-actual:KEY` is the real module, with
// `?dp-actual` on its URL so no mock stands for it. After the `reset`-th `resetModules`, a
// project module's URL gets `dp-reset=N`, so the next import of it is a new instance.
var MOCK_HOOKS =
  'let table = null, seen = 0, shared = null;\n' +
  'export function initialize(d) { shared = d && d.mocks ? d.mocks : null; }\n' +
  'function mocks() {\n' +
  '  if (shared === null) return null;\n' +
  '  const head = new Int32Array(shared, 0, 2);\n' +
  '  const g = Atomics.load(head, 0);\n' +
  '  if (g === 0) return null;\n' +
  '  if (g !== seen) { table = JSON.parse(new TextDecoder().decode(new Uint8Array(shared, 8, head[1]).slice())); seen = g; }\n' +
  '  return table;\n' +
  '}\n' +
  'function withQuery(url, q) {\n' +
  '  const h = url.indexOf("#");\n' +
  '  const [base, hash] = h < 0 ? [url, ""] : [url.slice(0, h), url.slice(h)];\n' +
  '  return base + (base.includes("?") ? "&" : "?") + q + hash;\n' +
  '}\n' +
  'async function actual(key, c, next) {\n' +
  '  const bare = !key.startsWith("/") && !key.startsWith("node:");\n' +
  '  const r = own(await next(key.startsWith("/") ? pathToFileURL(key).href : key, bare ? { ...c, parentURL: pathToFileURL(process.cwd() + "/").href } : c), c);\n' +
  '  return r.url.startsWith("file:") ? { ...r, url: withQuery(r.url, "dp-actual") } : r;\n' +
  '}\n' +
  'function mockModule(key, t) {\n' +
  '  const names = t.keys[key].filter((n) => n !== "default" && /^[A-Za-z_$][\\w$]*$/.test(n) && !reserved.has(n));\n' +
  '  const source = "const v = globalThis.__dpHarness.mockView(" + JSON.stringify(key) + "); export default v.default;" +\n' +
  '    (names.length ? " export const { " + names.join(", ") + " } = v;" : "") + " // " + t.gen;\n' +
  '  return { url: "data:text/javascript," + encodeURIComponent(source), shortCircuit: true };\n' +
  '}\n' +
  'async function mocked(s, c, next) {\n' +
  '  const t = mocks();\n' +
  '  if (t === null) return own(await next(s, c), c);\n' +
  '  const builtin = s.startsWith("node:") || isBuiltin(s) ? "node:" + s.replace(/^node:/, "") : null;\n' +
  '  if (builtin !== null) return t.keys[builtin] ? mockModule(builtin, t) : next(s, c);\n' +
  '  if (!/^(\\.|\\/|file:)/.test(s) && t.bare[s] !== undefined) return mockModule(t.bare[s], t);\n' +
  '  let r = own(await next(s, c), c);\n' +
  '  if (!r.url.startsWith("file:") || /[?&]dp-actual/.test(r.url)) return r;\n' +
  '  if (t.reset && !r.url.includes("/node_modules/")) r = { ...r, url: withQuery(r.url, "dp-reset=" + t.reset) };\n' +
  '  const file = fileURLToPath(r.url.replace(/[?#].*$/, ""));\n' +
  '  return t.keys[file] ? mockModule(file, t) : r;\n' +
  '}\n';
// words that cannot name an `export const` of the ES-module shims
var RESERVED = ['default', 'true', 'false', 'null', 'class', 'function', 'delete', 'new', 'in', 'do',
  'if', 'for', 'var', 'let', 'const', 'import', 'export', 'return', 'this', 'typeof', 'void', 'with',
  'yield', 'enum', 'await', 'case', 'catch', 'try', 'throw', 'switch', 'while', 'break', 'continue',
  'debugger', 'else', 'extends', 'finally', 'instanceof', 'super'];
// Under node: `node:test` and `tape` resolve to this harness's adapters, from CommonJS and ES
// modules alike.
function takeOverModules(nodeRequire) {
  var Module = nodeRequire('module');
  var load = Module._load;
  // `resetModules` and `isolateModules` (module_mocks.js): the CommonJS cache's project modules
  var own = function () {
    return Object.keys(Module._cache).filter(function (f) { return !/[\\/]node_modules[\\/]/.test(f); });
  };
  moduleMocks.useNode(Module.createRequire, {
    forget: function () { own().forEach(function (f) { delete Module._cache[f]; }); },
    swap: function () {
      var aside = {};
      own().forEach(function (f) { aside[f] = Module._cache[f]; delete Module._cache[f]; });
      return function () {
        own().forEach(function (f) { delete Module._cache[f]; });
        Object.keys(aside).forEach(function (f) { Module._cache[f] = aside[f]; });
      };
    }
  });
  // jest's `moduleNameMapper`, vite's `alias` (module_mocks.js)
  var aliases = moduleMocks.aliasList();
  if (aliases.length) {
    var resolveFilename = Module._resolveFilename;
    Module._resolveFilename = function (request) {
      var mapped = moduleMocks.applyAlias(aliases, request);
      if (mapped !== null) arguments[0] = mapped;
      return resolveFilename.apply(this, arguments);
    };
  }
  // what a dependency's module adds to the globals while it loads stays for every test file
  var compile = Module.prototype._compile;
  Module.prototype._compile = function (content, filename) {
    var self = this, args = arguments;
    if (!/[\\/]node_modules[\\/]/.test(String(filename))) return compile.apply(self, args);
    return freshGlobals.dependencyGlobals(function () { return compile.apply(self, args); });
  };
  Module._load = function (request, parent, isMain) {
    var m = core.harnessModule(request);
    if (m !== undefined) return m;
    // a module a jest mock stands for (module_mocks.js)
    if (moduleMocks.mockCount() > 0) {
      var hit = moduleMocks.mockRequire(request, mockKey(Module, request, parent, isMain));
      if (hit) return hit.value;
    }
    return load.apply(this, arguments);
  };
  if (typeof Module.register !== 'function') return;
  // the mocked modules, for the hooks' thread: [generation, length] then the JSON text
  var mockTable = new SharedArrayBuffer(8 + (4 << 20));
  moduleMocks.setMockTable(function (json) {
    var bytes = new TextEncoder().encode(json);
    if (bytes.length > mockTable.byteLength - 8) throw new Error('decisionprof: too many module mocks for the table (' + bytes.length + ' bytes)');
    new Uint8Array(mockTable, 8, bytes.length).set(bytes);
    var head = new Int32Array(mockTable, 0, 2);
    head[1] = bytes.length;
    Atomics.add(head, 0, 1);
  });
  globalThis.__dpHarnessModule = core.harnessModule;
  var shims = {};
  STAND_INS.forEach(function (req) {
    var names = Object.keys(core.harnessModule(req)).filter(function (k) {
      return /^[A-Za-z_$][\w$]*$/.test(k) && RESERVED.indexOf(k) < 0;
    });
    shims[req] = 'const t = globalThis.__dpHarnessModule(' + JSON.stringify(req) + '); export default t; export const ' +
      names.map(function (n) { return n + ' = t.' + n; }).join(', ') + ';';
  });
  // `own` passes a test file's `?dp-file=N` (see `nodePerFile`) on to the project modules it
  // imports; under jest (babel's interop) and vitest (vite-node's), a CommonJS dependency a
  // project module imports becomes an ES module whose names are all of `module.exports`'
  // properties (`import { set } from 'lodash'`): the hooks' thread requires it for the names,
  // and the module itself requires it where the program runs
  var hooks = 'import { createRequire, isBuiltin } from "node:module";\n' +
    'import { fileURLToPath, pathToFileURL } from "node:url";\n' +
    'import { readFileSync } from "node:fs";\n' +
    'import { dirname, join } from "node:path";\n' +
    'const shims = ' + JSON.stringify(shims) + ';\n' +
    'const reserved = new Set(' + JSON.stringify(RESERVED) + ');\n' +
    'const interop = process.env.VITEST === "true" || process.env.JEST_WORKER_ID !== undefined;\n' +
    // whether a dependency's file is CommonJS (node says so only when it loads it)
    'function commonjs(url) {\n' +
    '  if (/\\.cjs$/.test(url)) return true;\n' +
    '  if (!/\\.js$/.test(url)) return false;\n' +
    '  for (let dir = dirname(fileURLToPath(url)); dirname(dir) !== dir; dir = dirname(dir)) {\n' +
    '    let text = null;\n' +
    '    try { text = readFileSync(join(dir, "package.json"), "utf8"); } catch { continue; }\n' +
    '    try { return JSON.parse(text).type !== "module"; } catch { return true; }\n' +
    '  }\n' +
    '  return true;\n' +
    '}\n' +
    'function own(r, c) {\n' +
    '  if (!r.url.startsWith("file:") || !c.parentURL || !c.parentURL.startsWith("file:")) return r;\n' +
    '  if (r.url.includes("/node_modules/")) {\n' +
    '    const fromProject = !c.parentURL.includes("/node_modules/");\n' +
    '    return interop && fromProject && commonjs(r.url) ? { url: r.url + "#dp-cjs", format: "module", shortCircuit: true } : r;\n' +
    '  }\n' +
    '  if (r.url.includes("?")) return r;\n' +
    '  const q = /[?&](dp-file=\\d+)/.exec(c.parentURL);\n' +
    '  return q === null ? r : { ...r, url: r.url + "?" + q[1] };\n' +
    '}\n' +
    MOCK_HOOKS +
    'const aliases = ' + JSON.stringify(aliases) + ';\n' +
    moduleMocks.applyAlias.toString() + '\n' +
    'export async function resolve(s, c, next) {\n' +
    '  if (Object.prototype.hasOwnProperty.call(shims, s)) return { url: "data:text/javascript," + encodeURIComponent(shims[s]), shortCircuit: true };\n' +
    '  const mapped = applyAlias(aliases, s);\n' +
    '  if (mapped !== null && !mapped.startsWith("/")) s = mapped;\n' +
    '  if (mapped !== null && mapped.startsWith("/")) {\n' +
    '    const url = pathToFileURL(mapped).href;\n' +
    '    for (const x of ["", ".ts", ".js", ".mts", ".mjs", ".cjs", "/index.ts", "/index.js"]) {\n' +
    '      try { return await mocked(url + x, c, next); } catch { /* the next spelling */ }\n' +
    '    }\n' +
    '    s = url;\n' +
    '  }\n' +
    '  if (s.startsWith("dp-actual:")) return actual(s.slice(10), c, next);\n' +
    '  return mocked(s, c, next);\n' +
    '}\n' +
    'export async function load(u, c, next) {\n' +
    '  if (!u.endsWith("#dp-cjs")) return next(u, c);\n' +
    '  const file = fileURLToPath(u);\n' +
    '  let names = [];\n' +
    '  try {\n' +
    '    const m = createRequire(file)(file);\n' +
    '    if (m !== null && (typeof m === "object" || typeof m === "function")) names = Object.keys(m).filter((k) => /^[A-Za-z_$][\\w$]*$/.test(k) && !reserved.has(k));\n' +
    '  } catch { /* default only */ }\n' +
    '  const source = "import { createRequire } from \\"node:module\\"; const m = createRequire(" + JSON.stringify(u) + ")(" + JSON.stringify(file) + "); export default (m != null && m.__esModule ? m.default : m);" +\n' +
    '    (names.length ? " export const { " + names.join(", ") + " } = m;" : "");\n' +
    '  return { format: "module", source, shortCircuit: true };\n' +
    '}\n';
  Module.register('data:text/javascript,' + encodeURIComponent(hooks), { data: { mocks: mockTable } });
}
// Under node, jest's and vitest's test files (`perFile`: `{ fresh, setup, dom }`, the setup
// files' absolute paths, the DOM environment as dom_env.js `domFor` takes it, which opens the
// file's window first): a function of a test file that returns the files to load for it, each with
// the query for its URL when it is an ES module. With `fresh`, require.cache forgets every
// module but dependencies' first, and the query (`?dp-file=N`) makes the ES modules they
// import new instances too (the resolve hook above passes it on).
function nodePerFile(nodeRequire, perFile) {
  var cache = nodeRequire('module')._cache;
  var n = 0;
  return function (abs) {
    if (perFile.setup.indexOf(abs) >= 0) return [];
    var query = '';
    if (perFile.fresh) {
      Object.keys(cache).forEach(function (f) {
        if (!/[\\/]node_modules[\\/]/.test(f)) delete cache[f];
      });
      freshGlobals.freshGlobals();
      moduleMocks.isolateFile();
      query = '?dp-file=' + (++n);
    }
    dom.domFor(abs, perFile.dom, nodeRequire);
    return perFile.setup.concat([abs]).map(function (f) { return { file: f, query: query }; });
  };
}
// Under node: whether a workload file is an ES module (`.mjs`, `.mts`, or `.js`/`.ts` under a
// package.json with "type": "module"), to be loaded with import() rather than require() (whose
// require(esm) path would bypass the module hooks).
// A `.js` file written as an ES module outside one (a project run through the `esm` loader) is
// one too: require() would load it without the resolve hooks that find `../src/index`.
function isEsmUnderNode(abs, nodeRequire) {
  if (/\.m[jt]s$/.test(abs)) return true;
  if (!/\.[jt]sx?$/.test(abs)) return false;
  var fs = nodeRequire('fs'), path = nodeRequire('path');
  var typed = false;
  for (var dir = path.dirname(abs); ; dir = path.dirname(dir)) {
    var f = path.join(dir, 'package.json');
    if (fs.existsSync(f)) {
      try { typed = JSON.parse(fs.readFileSync(f, 'utf8')).type === 'module'; } catch (e) { typed = false; }
      break;
    }
    if (path.dirname(dir) === dir) break;
  }
  if (typed || !/\.jsx?$/.test(abs)) return typed;
  var text;
  try { text = fs.readFileSync(abs, 'utf8'); } catch (e) { return false; }
  if (!/^\s*(import(\s+[\w{*'"]|\s*[{*'"])|export[\s{*])/m.test(text)) return false;
  // the line may be inside a template or comment (peggy's specs hold grammars with `import`
  // lines): a module is what does not compile as a CommonJS function body
  try {
    nodeRequire('vm').compileFunction(text.replace(/^#!.*/, ''), ['exports', 'require', 'module', '__filename', '__dirname']);
    return false;
  } catch (e) {
    return true;
  }
}

module.exports = {
  takeOverModules: takeOverModules,
  nodePerFile: nodePerFile,
  isEsmUnderNode: isEsmUnderNode
};

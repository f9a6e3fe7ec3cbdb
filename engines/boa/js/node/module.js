// decisionprof host, Node's `module`: the CommonJS loader. It resolves as node does (`exports` and
// `imports` of packages, the runner's export conditions, TypeScript sources, build output run
// as its source: `host.sourceFor`), reads through the run's view of the disk (a module a test
// wrote can be required), compiles the project's files instrumented (`host.compile`), requires
// ES modules (`host.requireEsm`), and asks the harness first for the modules it stands in for
// and the mocks a test registered.
'use strict';
var host = require('decisionprof:host');
var dp = require('decisionprof:dp');
var path = require('path');
var inspect = require('util').inspect;
var process = require('process');
var disk = require('./disk');
var builtins = require('./index');
var G = globalThis;
var hasOwn = Object.prototype.hasOwnProperty;
var moduleCache = Object.create(null);
function Module(id, parent) {
  this.id = id;
  this.filename = id;
  this.path = path.dirname(id);
  this.exports = {};
  this.parent = parent || null;
  this.loaded = false;
  this.children = [];
  this.paths = nodeModulePaths(this.path);
}
function nodeModulePaths(from) {
  var out = [];
  var parts = from.split('/');
  for (var i = parts.length; i > 0; i--) {
    if (parts[i - 1] === 'node_modules') continue;
    var dir = parts.slice(0, i).join('/') || '';
    out.push(dir + '/node_modules');
  }
  return out;
}
// The folders of `NODE_PATH` (absolute, from the run's folder), looked in after every
// `node_modules` as node's global paths are (`NODE_PATH=./ jest` and `require('lib/x')`).
var globalPathsOf = { key: null, dirs: [] };
function globalPaths() {
  var v = process.env.NODE_PATH || '';
  if (globalPathsOf.key !== v) {
    globalPathsOf.key = v;
    globalPathsOf.dirs = v.split(':').filter(function (d) { return d !== ''; })
      .map(function (d) { return path.resolve(host.cwd, d); });
  }
  return globalPathsOf.dirs;
}
function tryFile(p) { return disk.kind(p) === 1 ? p : null; }
// a file's text: as the run wrote it, or from the disk
function readText(f) { var w = disk.written(f); return w !== null ? w : host.read(f); }
// TypeScript sources: `./x.js` names `./x.ts` when only that exists; `./x` may be `./x.ts`
function tsSource(p) {
  var m = /\.(m|c)?js$/.exec(p);
  if (!m) return null;
  var stem = p.slice(0, m.index);
  return tryFile(stem + '.' + (m[1] || '') + 'ts') || tryFile(stem + '.tsx');
}
function tryExtensions(p) {
  var found = tryFile(p) || tryFile(p + '.js') || tryFile(p + '.json') || tryFile(p + '.cjs') ||
    tsSource(p) || tryFile(p + '.ts') || tryFile(p + '.cts');
  // then the extensions loaders were registered for, as node tries every registered one
  for (var ext in extensions) if (!found && OWN_EXTENSIONS.indexOf(ext) < 0) found = tryFile(p + ext);
  return found;
}
function readPackage(dir) {
  var f = dir + '/package.json';
  if (disk.kind(f) !== 1) return null;
  try { return JSON.parse(readText(f)); } catch (e) { return null; }
}
function exportsTarget(exp, sub) {
  if (typeof exp === 'string') return sub === '.' ? exp : null;
  if (Array.isArray(exp)) { for (var i = 0; i < exp.length; i++) { var r = exportsTarget(exp[i], sub); if (r) return r; } return null; }
  if (!exp || typeof exp !== 'object') return null;
  var keys = Object.keys(exp);
  var isConditions = keys.length && keys[0].charAt(0) !== '.';
  if (isConditions) {
    if (sub !== '.') return null;
    return pickCondition(exp);
  }
  if (hasOwn.call(exp, sub)) return pickCondition(exp[sub]);
  for (var k = 0; k < keys.length; k++) {
    var key = keys[k];
    var star = key.indexOf('*');
    if (star >= 0 && sub.startsWith(key.slice(0, star)) && sub.endsWith(key.slice(star + 1))) {
      var mid = sub.slice(star, sub.length - (key.length - star - 1));
      var t = pickCondition(exp[key]);
      if (t) return t.split('*').join(mid);
    }
  }
  return null;
}
// the runner's own export conditions, as node takes them (`--conditions=` in NODE_OPTIONS)
var conditionsOf = null;
function extraConditions() {
  var options = (process.env && process.env.NODE_OPTIONS) || '';
  if (conditionsOf === null || conditionsOf.options !== options) {
    var list = options.split(/\s+/).filter(function (o) { return o.indexOf('--conditions=') === 0; })
      .map(function (o) { return o.slice('--conditions='.length); });
    conditionsOf = { options: options, list: list };
  }
  return conditionsOf.list;
}
function pickCondition(v) {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) { for (var i = 0; i < v.length; i++) { var r = pickCondition(v[i]); if (r) return r; } return null; }
  if (!v || typeof v !== 'object') return null;
  var conds = extraConditions().concat(['require', 'node', 'default']);
  var keys = Object.keys(v);
  for (var k = 0; k < keys.length; k++) {
    if (conds.indexOf(keys[k]) >= 0) { var r2 = pickCondition(v[keys[k]]); if (r2) return r2; }
  }
  return null;
}
function loadAsDirectory(dir) {
  var pkg = readPackage(dir);
  if (pkg && typeof pkg.main === 'string' && pkg.main) {
    var m = path.resolve(dir, pkg.main);
    var f = tryExtensions(m) || tryIndex(m);
    if (f) return f;
    // a main that is build output nobody built (`dist/x.js` of a rollup bundle)
    if (m.indexOf('/node_modules/') < 0) { var s = builtSource(m); if (s) return s; }
  }
  return tryIndex(dir);
}
function tryIndex(dir) {
  return tryFile(dir + '/index.js') || tryFile(dir + '/index.json') || tryFile(dir + '/index.cjs') ||
    tryFile(dir + '/index.ts');
}
// `#name` through the nearest package.json's "imports" (exact keys and one `*` pattern).
function packageImport(request, base) {
  for (var dir = base; dir; dir = dir === '/' ? '' : path.dirname(dir)) {
    var pkg = readPackage(dir);
    if (!pkg) continue;
    var map = pkg.imports, t = null;
    if (!map || typeof map !== 'object') return null;
    if (hasOwn.call(map, request)) t = pickCondition(map[request]);
    else {
      Object.keys(map).forEach(function (key) {
        var star = key.indexOf('*');
        if (t || star < 0 || !request.startsWith(key.slice(0, star)) || !request.endsWith(key.slice(star + 1))) return;
        var r = pickCondition(map[key]);
        if (r) t = r.split('*').join(request.slice(star, request.length - (key.length - star - 1)));
      });
    }
    if (!t) return null;
    return t.startsWith('./') ? tryFile(path.resolve(dir, t)) : resolveFilename(t, { path: dir });
  }
  return null;
}
// Build output (`dist/x.js`, present or not) resolves to its source when the project has one.
function resolveFilename(request, parent) {
  // jest's `moduleNameMapper`, vite's `alias` (module_mocks.js)
  var mapped = G.__dpHarness && G.__dpHarness.aliasOf ? G.__dpHarness.aliasOf(request) : null;
  if (mapped !== null) request = mapped;
  var base = parent ? parent.path : host.cwd;
  var found = resolveAsNode(request, base);
  var asked = found || (isPathRequest(request) ? path.resolve(base, request) : null);
  var src = asked && asked.indexOf('/node_modules/') < 0 ? builtSource(asked) : null;
  if (src && found && src !== found && host.isEsm(src) && !host.isEsm(found)) builtFrom[src] = found;
  return src || found;
}
// The source of build output `p`, an extensionless request read as the `.js` file it names.
function builtSource(p) {
  return (path.extname(p) ? null : host.sourceFor(p + '.js')) || host.sourceFor(p);
}
// ES module sources standing for a CommonJS build of them (`dist/index.cjs` → `src/index.ts`)
var builtFrom = Object.create(null);
function isPathRequest(request) {
  return request.charAt(0) === '/' || request.startsWith('./') || request.startsWith('../') || request === '.' || request === '..';
}
// The package's own name through its "exports" (node's self-reference).
function selfReference(pkgName, sub, base) {
  for (var dir = base; dir; dir = dir === '/' ? '' : path.dirname(dir)) {
    var pkg = readPackage(dir);
    if (!pkg) continue;
    if (pkg.name !== pkgName || pkg.exports === undefined || pkg.exports === null) return null;
    var t = exportsTarget(pkg.exports, sub);
    return t ? path.resolve(dir, t) : null;
  }
  return null;
}
function resolveAsNode(request, base) {
  if (request.charAt(0) === '#') return packageImport(request, base);
  if (isPathRequest(request)) {
    var abs = path.resolve(base, request);
    // `..`, `.`, `x/..` and `x/` name a folder only, as node reads them: a sibling `x.json`
    // beside the folder is not what `require('..')` loads
    if (/\/$|(?:^|\/)\.?\.$/.test(request)) return loadAsDirectory(abs);
    return tryExtensions(abs) || loadAsDirectory(abs);
  }
  var dirs = nodeModulePaths(base).concat(globalPaths());
  var slash = request.charAt(0) === '@' ? request.indexOf('/', request.indexOf('/') + 1) : request.indexOf('/');
  var pkgName = slash < 0 ? request : request.slice(0, slash);
  var sub = slash < 0 ? '.' : '.' + request.slice(slash);
  var self = selfReference(pkgName, sub, base);
  if (self) return tryFile(self) || host.sourceFor(self);
  for (var i = 0; i < dirs.length; i++) {
    var pkgDir = dirs[i] + '/' + pkgName;
    if (disk.kind(pkgDir) === 0) continue;
    var pkg = readPackage(pkgDir);
    if (pkg && pkg.exports !== undefined && pkg.exports !== null) {
      var t = exportsTarget(pkg.exports, sub);
      if (t) { var f = tryFile(path.resolve(pkgDir, t)); if (f) return f; }
    }
    var p = dirs[i] + '/' + request;
    var r = tryExtensions(p) || loadAsDirectory(p);
    if (r) return r;
  }
  return null;
}
function requireChain(parent) {
  var chain = [];
  for (var m = parent; m; m = m.parent) chain.push(host.rel(m.filename));
  return chain;
}
function requireFrom(parent, request) {
  if (typeof request !== 'string' || request === '') throw new TypeError("The argument 'id' must be a non-empty string. Received " + inspect(request));
  // `dp-actual:node:fs`: the module loader asks for the real module, whatever mock stands for it
  var actual = request.startsWith('dp-actual:');
  if (actual) request = request.slice('dp-actual:'.length);
  // `node:test` and `tape` are the harness's own adapters
  var stand = globalThis.__dpHarness && globalThis.__dpHarness.harnessModule(request);
  if (stand !== undefined) return stand;
  var name = request.startsWith('node:') ? request.slice(5) : request;
  // a module a jest mock stands for (jsproject/js/harness/module_mocks.js)
  var mocks = G.__dpHarness;
  if (!actual && mocks && mocks.mockCount && mocks.mockCount() > 0) {
    var builtin = builtins.has(name) || host.isNodeBuiltin(name);
    var hit = mocks.mockRequire(request, builtin ? 'node:' + name : resolveFilename(request, parent));
    if (hit) return hit.value;
  }
  if (builtins.has(name)) return builtins.require(name);
  if (builtins.unavailable.indexOf(name) >= 0) {
    var ue = new Error("decisionprof: the Node built-in module '" + name + "' is not available in the embedded engine: no processes, threads or network in Boa (required from " +
      requireChain(parent).join(' <- ') + '); profile under node with --engine node, or leave the tests that need it out of the workload');
    ue.code = 'ERR_DECISIONPROF_BUILTIN';
    throw ue;
  }
  var filename = resolveFilename(request, parent);
  if (!filename) {
    if (host.isNodeBuiltin(name)) {
      var be = new Error("decisionprof: the Node built-in module '" + name + "' is not provided (required from " + requireChain(parent).join(' <- ') + ')');
      be.code = 'ERR_DECISIONPROF_BUILTIN';
      throw be;
    }
    var err = new Error("Cannot find module '" + request + "'\nRequire stack:\n- " + requireChain(parent).join('\n- '));
    err.code = 'MODULE_NOT_FOUND';
    err.requireStack = requireChain(parent);
    throw err;
  }
  var cached = moduleCache[filename];
  if (cached) { return cached.exports; }
  var module = new Module(filename, parent);
  if (parent) parent.children.push(module);
  moduleCache[filename] = module;
  var ok = false;
  try {
    loadModule(module);
    ok = true;
  } finally {
    if (!ok) delete moduleCache[filename];
  }
  return module.exports;
}
function loadModule(module) {
  var filename = module.filename;
  var loader = projectLoader(filename);
  if (loader) {
    loader(module, filename);
    module.loaded = true;
    return;
  }
  if (filename.endsWith('.node')) {
    // a compiled addon: node loads it with dlopen; a caller that tries it and falls back
    // (`try { require('x.node') } catch {}`) gets its fallback, as when the addon is missing
    var ne = new Error('decisionprof: the native addon ' + host.rel(filename) + ' cannot load in the embedded engine (required from ' +
      requireChain(module.parent).join(' <- ') + '); profile under node with --engine node');
    ne.code = 'ERR_DLOPEN_FAILED';
    throw ne;
  }
  if (filename.endsWith('.json')) {
    try { module.exports = JSON.parse(readText(filename)); } catch (e) { e.message = filename + ': ' + e.message; throw e; }
    module.loaded = true;
    return;
  }
  if (host.isEsm(filename)) {
    // require(esm) as node 20.19+: the namespace, or ERR_REQUIRE_ASYNC_MODULE with top-level await.
    var ns = host.requireEsm(filename);
    // for the CommonJS build it stands for, what bundlers make of a module whose one export is
    // `default`: that value as `module.exports` (`require('../')()`)
    var keys = Object.keys(ns);
    module.exports = builtFrom[filename] && keys.length === 1 && keys[0] === 'default' ? ns.default : ns;
    module.loaded = true;
    return;
  }
  // a module the run wrote is not a source of the project: compiled as it is, not instrumented
  var written = disk.written(filename);
  var wrapper = written === null ? compiled(filename)
    : (0, eval)('(function (exports, require, module, __filename, __dirname, __dp) {' + written + '\n})');
  var req = makeRequire(module);
  module.require = req;
  // what a dependency adds to the globals stays for every test file (harness/fresh_globals.js)
  if (G.__dpHarness && G.__dpHarness.globalsPerFile() && /[\\/]node_modules[\\/]/.test(filename)) {
    G.__dpHarness.dependencyGlobals(function () {
      wrapper.call(module.exports, module.exports, req, module, filename, module.path, dp);
    });
  } else {
    wrapper.call(module.exports, module.exports, req, module, filename, module.path, dp);
  }
  module.loaded = true;
}
// A project file's module function, compiled once: a module loaded anew (each test file of its
// own, `resetModules`) calls it again, which makes a new instance of everything in it, as
// compiling it again would, without parsing it again.
var wrappers = Object.create(null);
function compiled(filename) {
  if (!hasOwn.call(wrappers, filename)) wrappers[filename] = host.compile(filename);
  return wrappers[filename];
}
// The CommonJS module cache for jest's and vitest's `resetModules` and `isolateModules`
// (module_mocks.js): `forget` drops the project's modules (dependencies stay, as between test
// files); `swap` sets them aside and gives a function that puts them back. ES modules stay
// (Boa needs an importing module to get the same module for the same specifier every time), but
// for tap's `t.mockImport`, whose module and what it imports are new: `swapEsm`.
function projectModules() {
  return Object.keys(moduleCache).filter(function (f) { return !/[\\/]node_modules[\\/]/.test(f); });
}
function forgetProjectModules() {
  projectModules().forEach(function (f) { delete moduleCache[f]; });
}
Object.defineProperty(globalThis, '__dpModules', {
  value: {
    forget: forgetProjectModules,
    swap: function () {
      var aside = {};
      projectModules().forEach(function (f) { aside[f] = moduleCache[f]; delete moduleCache[f]; });
      return function () {
        projectModules().forEach(function (f) { delete moduleCache[f]; });
        Object.keys(aside).forEach(function (f) { moduleCache[f] = aside[f]; });
      };
    },
    swapEsm: function () {
      host.setAsideEsm();
      return function () { host.putBackEsm(); };
    }
  },
  writable: true, configurable: true, enumerable: false
});
// `require` for an ES module written for a loader (babel, `esm`) that gives it one
Object.defineProperty(globalThis, '__dpRequireFor', {
  value: function (filename) { return makeRequire(new Module(filename, null)); },
  writable: true, configurable: true, enumerable: false
});
function makeRequire(module) {
  function require(id) { return requireFrom(module, id); }
  require.resolve = function resolve(request, options) {
    var name = request.startsWith('node:') ? request.slice(5) : request;
    if (builtins.has(name)) return request;
    // `{ paths }`: the folders to look from instead of the module's own
    var f = null;
    if (options && Array.isArray(options.paths)) {
      for (var i = 0; i < options.paths.length && !f; i++) f = resolveAsNode(request, path.resolve(module.path, String(options.paths[i])));
    } else f = resolveFilename(request, module);
    if (!f) { var e = new Error("Cannot find module '" + request + "'"); e.code = 'MODULE_NOT_FOUND'; throw e; }
    return f;
  };
  require.cache = moduleCache;
  require.main = mainModule;
  require.extensions = extensions;
  return require;
}
// `require.extensions` (`Module._extensions`), one table for every `require`. A loader a project
// registers for an extension of its own (json5's `.json5`) loads such files; the extensions the
// engine compiles itself keep its loader (a `.js` hook such as babel's would bypass the
// instrumentation).
var extensions = Object.create(null);
var OWN_EXTENSIONS = ['.js', '.json', '.node', '.cjs', '.mjs', '.ts', '.cts', '.mts', '.tsx', '.jsx'];
OWN_EXTENSIONS.slice(0, 3).forEach(function (e) {
  extensions[e] = function (module) { loadModule(module); };
});
function projectLoader(filename) {
  var ext = path.extname(filename);
  var hook = extensions[ext];
  return ext && OWN_EXTENSIONS.indexOf(ext) < 0 && typeof hook === 'function' ? hook : null;
}
// what a registered loader hands its compiled text to: run as CommonJS, not instrumented
Module.prototype._compile = function (content, filename) {
  var wrapper = (0, eval)('(function (exports, require, module, __filename, __dirname, __dp) {' + String(content) + '\n})');
  var req = makeRequire(this);
  this.require = req;
  return wrapper.call(this.exports, this.exports, req, this, filename, path.dirname(filename), dp);
};
Module._extensions = extensions;
Module._cache = moduleCache;
Module.builtinModules = builtins.listed();
// node 18.6's `module.isBuiltin('fs/promises')`, `isBuiltin('node:test')`
Module.isBuiltin = function isBuiltin(id) {
  var name = String(id).replace(/^node:/, '');
  return builtins.has(name) || builtins.unavailable.indexOf(name) >= 0 || host.isNodeBuiltin(name);
};
Module.createRequire = function (f) {
  // a path, a file: URL string (import.meta.url) or a URL object
  var p = f && typeof f === 'object' && typeof f.href === 'string' ? f.href : String(f);
  if (p.startsWith('file:')) p = decodeURIComponent(p.replace(/^file:\/\//, '').replace(/^file:/, ''));
  return makeRequire(new Module(path.resolve(p), null));
};
Module.Module = Module;
var mainModule = null;

module.exports = {
  module: Module,
  // the workload file `filename` run as the main module; its exports
  runMain: function (filename) {
    var m = new Module(filename, null);
    m.id = '.';
    mainModule = m;
    process.mainModule = m;
    moduleCache[filename] = m;
    try { loadModule(m); } catch (e) { delete moduleCache[filename]; throw e; }
    return m.exports;
  },
  // `require(request)` as the file `filename` would call it
  requireAs: function (filename, request) {
    return requireFrom(new Module(filename, null), request);
  },
  forgetProjectModules: forgetProjectModules
};

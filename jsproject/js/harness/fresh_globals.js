// decisionprof test harness: each of jest's and vitest's test files starts with the environment
// and the global names the first one started with (jest gives each file a global object and a
// `process.env` of its own, vitest a worker or process).
'use strict';
// jest gives each test file a copy of `process.env`, vitest a process of its own: each file
// starts with the environment the first one started with
var envAtStart = null;
function freshEnv() {
  var env = typeof process !== 'undefined' && process.env;
  if (!env) return;
  if (envAtStart === null) {
    envAtStart = Object.assign({}, env);
    return;
  }
  Object.keys(env).forEach(function (k) { if (!Object.prototype.hasOwnProperty.call(envAtStart, k)) delete env[k]; });
  Object.keys(envAtStart).forEach(function (k) { if (env[k] !== envAtStart[k]) env[k] = envAtStart[k]; });
}
// jest gives each test file a global object of its own, vitest a worker or process of its own:
// each file starts with the global names as the first one started with them. What a
// dependency's CommonJS module adds while it loads stays (`dependencyGlobals`), since its
// module stays loaded for every file; what the project's modules and tests add or replace
// (zod's `globalThis.__zod_globalConfig`, a test's `global.fetch = …`) goes.
var globalsAtStart = null;
// taken now: a test may delete `Map` or `Set` from the globals (zod's ES5 tests)
var GlobalsMap = Map, GlobalsSet = Set;
function sameProperty(a, b) {
  return a.value === b.value && a.get === b.get && a.set === b.set && a.writable === b.writable &&
    a.enumerable === b.enumerable && a.configurable === b.configurable;
}
function freshGlobals() {
  var g = globalThis;
  if (globalsAtStart === null) {
    globalsAtStart = new GlobalsMap();
    Reflect.ownKeys(g).forEach(function (k) { globalsAtStart.set(k, Object.getOwnPropertyDescriptor(g, k)); });
    return;
  }
  Reflect.ownKeys(g).forEach(function (k) {
    var was = globalsAtStart.get(k);
    var now = Object.getOwnPropertyDescriptor(g, k);
    if (!now || !now.configurable || (was && sameProperty(was, now))) return;
    try {
      if (was) Object.defineProperty(g, k, was);
      else delete g[k];
    } catch (e) { /* a name the engine keeps */ }
  });
  globalsAtStart.forEach(function (was, k) {
    if (!Object.prototype.hasOwnProperty.call(g, k)) {
      try { Object.defineProperty(g, k, was); } catch (e) { /* a name the engine keeps */ }
    }
  });
}
// `load()` evaluates a dependency's module: the global names it adds are there for every file
function dependencyGlobals(load) {
  if (globalsAtStart === null) return load();
  var g = globalThis;
  var before = Reflect.ownKeys(g);
  try {
    return load();
  } finally {
    var after = Reflect.ownKeys(g);
    if (after.length !== before.length) {
      var had = new GlobalsSet(before);
      after.forEach(function (k) {
        if (!had.has(k)) globalsAtStart.set(k, Object.getOwnPropertyDescriptor(g, k));
      });
    }
  }
}
module.exports = {
  freshEnv: freshEnv,
  freshGlobals: freshGlobals,
  dependencyGlobals: dependencyGlobals,
  // whether the globals are put back between test files (after the first file's `freshGlobals`)
  perFile: function () { return globalsAtStart !== null; }
};

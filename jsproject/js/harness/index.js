// decisionprof test harness: mocha/jasmine-style describe/it, tape, node-tap, `node:test`, jest
// and vitest (`expect`, mocks, module mocks, fake timers, snapshots), ava and uvu, engine-neutral:
// Boa runs it under decisionprof (engines/boa/js/embedded.js loads these files by name) and node
// requires this file from the folder `jsproject::harness::write_harness` writes. It defines
// globalThis.__dpHarness, the harness's API to the engines and the node runners:
// `install(g)`, `setFile(relPath)`, `tests()`, `runTest(i, hooks)`, the module resolvers' hooks.
'use strict';
var core = require('./core');
var fileGlobals = require('./fresh_globals');
var nodeSide = require('./node_side');
var expectPart = require('./expect');
var moduleMocks = require('./module_mocks');
var chai = require('./chai_assert');
// the parts that add to the others: the timer methods of `vi`/`jest`, ava's and uvu's test
// kinds, the benchmark libraries' cases
require('./fake_timers');
require('./runners');
require('./benchmarks');

globalThis.__dpHarness = {
  // before each of jest's and vitest's test files: the global names as the first file had them
  freshGlobals: fileGlobals.freshGlobals,
  dependencyGlobals: fileGlobals.dependencyGlobals,
  globalsPerFile: fileGlobals.perFile,
  internals: core.internals,
  nodeTest: core.nodeTest,
  harnessModule: core.harnessModule,
  takeOverModules: nodeSide.takeOverModules,
  nodePerFile: nodeSide.nodePerFile,
  isEsmUnderNode: nodeSide.isEsmUnderNode,
  install: core.install,
  registeredCount: core.registeredCount,
  // after a plain script (a file that registered no test): the failure its non-zero
  // `process.exitCode` says (a script without a runner reports failure so), taken back so the
  // next file starts clean; null when it set none
  scriptExitFailure: function () {
    var p = globalThis.process;
    var code = p && p.exitCode;
    if (code === undefined || code === null || Number(code) === 0) return null;
    p.exitCode = undefined;
    return 'process.exitCode was set to ' + code + ': node ends the script with that code, a failure';
  },
  registrationsSettled: core.registrationsSettled,
  runningTest: core.runningTest,
  setFile: core.setFile,
  tests: core.tests,
  collect: core.collect,
  adoptRootHooks: core.adoptRootHooks,
  runTest: core.runTest,
  setUnitHooks: core.setUnitHooks,
  runSubtestTimed: core.runSubtestTimed,
  unwound: require('./unwound'),
  expect: expectPart.expect,
  mocks: expectPart.mocks,
  // the module resolvers' hooks (module_mocks.js): aliases and the mocks that stand for modules
  aliasOf: moduleMocks.aliasOf,
  aliasList: moduleMocks.aliasList,
  applyAlias: moduleMocks.applyAlias,
  mockCount: moduleMocks.mockCount,
  mockRequire: moduleMocks.mockRequire,
  mockModule: moduleMocks.mockModule,
  mockView: moduleMocks.mockView,
  mocksReady: moduleMocks.mocksReady,
  setMockTable: moduleMocks.setMockTable,
  isolateFile: moduleMocks.isolateFile,
  snapshot: require('./snapshot'),
  chaiAssert: chai.chaiAssert,
  chaiBdd: chai.chaiBdd,
  domFor: require('./dom_env').domFor
};

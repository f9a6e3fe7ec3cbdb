//! The engine-neutral test harness (mocha/jasmine + tape), shared with the node side.

/// `engine/js/harness.js` followed by `engine/js/expect.js` (jest/vitest `expect` and mocks),
/// `engine/js/module_mocks.js` (`vi.mock`/`jest.mock`),
/// `engine/js/fake_timers.js` (`vi.useFakeTimers()` and the rest of the fake clock),
/// `engine/js/runners.js` (ava, uvu), `engine/js/snapshot.js` (stored and inline snapshots) and
/// `engine/js/chai_assert.js` (vitest's `assert`) and `engine/js/dom_env.js` (jsdom and
/// happy-dom under node): evaluating it defines `globalThis.__dpHarness`.
pub const HARNESS_JS: &str = concat!(
    include_str!("../js/harness.js"),
    include_str!("../js/expect.js"),
    include_str!("../js/module_mocks.js"),
    include_str!("../js/fake_timers.js"),
    include_str!("../js/runners.js"),
    include_str!("../js/snapshot.js"),
    include_str!("../js/chai_assert.js"),
    include_str!("../js/dom_env.js")
);

/// A node script that runs a workload under node with the harness and prints the results
/// (see the file's header for its command line).
pub const NODE_RUNNER_JS: &str = include_str!("../js/node_runner.js");

/// ES-module hooks that let node find and load TypeScript files whose types are blanked already
/// (`./x.js` names `./x.ts`; `.mts` is a module): the node gate and `--engine node` use them.
pub const TS_HOOKS_MJS: &str = include_str!("../js/ts_hooks.mjs");

/// CommonJS resolution of TypeScript for node (`./x.js` may name `./x.ts`), for the node gate and
/// `--engine node`: a module exporting `resolveTypeScript(Module)` and `isTypeScriptModule(file)`.
pub const TS_REQUIRE_JS: &str = include_str!("../js/ts_require.js");

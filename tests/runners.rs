//! Test runners beyond mocha and tape, driven through the binary: a project written for
//! `node:test` (CommonJS and ES modules; subtests, hooks, skip/todo, mock.fn/mock.method) gives
//! the same results profiled in Boa, plain in Boa and under node with the shared harness (which
//! takes `node:test` over there too); a failing subtest fails its parent with the reason. So do
//! tape required and imported as a package (nested tests, teardown, plan, aliases, tape 5's
//! `intercept`/`capture`/`captureFn` and skipped or todo assertions), jest-style
//! tests (globals or `@jest/globals`: `.each`, hooks, `expect`, `jest.fn`, `spyOn`; `testMatch`
//! and `setupFiles` from package.json `jest`), ava, uvu, node-tap, and mocha's `this` shared by
//! a suite's hooks and tests, jest snapshots (stored and inline), and mocha's root hook plugins and global fixtures from a
//! `--require` file. Vitest tests in TypeScript
//! (files and setup from `vitest.config.ts`) profile and their variants run under the node gate;
//! a TypeScript project run by `tsx --test` profiles with no flags; vitest's chai-style `assert`
//! behind a wrapper script runs in Boa as under node and agrees with real chai case by case;
//! vitest's fake timers behave as vitest's in both engines; types imported without `type` are
//! `undefined` in both engines, as under jest and vitest; vitest's chai-style `expect` chains and
//! `skipIf`/`runIf`; each runner's per-test timeout (its default, the project's setting, a
//! test's own) stops a test that waits forever, and the run goes on.

mod engine_support;

use engine_support::{check_transparency, corpus, decisionprof, profile_prints, text};

#[test]
fn node_test_project_runs_in_boa_as_under_node() {
    let root = corpus("runners/nodetest");
    check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    profile_prints(
        &root,
        1,
        "14 passed, 2 failed",
        &[
            "FAIL a failing subtest fails its parent [test/fail.test.js]: Error: 1 subtest failed: AssertionError",
            "FAIL a failing subtest fails its parent > fails [test/fail.test.js]: AssertionError",
            "lib/grade.js:3:7 4 executions",
        ],
    );
}

/// `node:test` subtests are units of their own (`parent > child`), run where their parent awaits
/// them (they read what it set up), with every beforeEach that applies, as node 20 runs them:
/// the same units, results and per-unit recordings in both engines, a parent's branch points
/// without its subtests', and a failing subtest fails its parent too.
#[test]
fn node_test_subtests_are_units_in_both_engines() {
    let root = corpus("gate/nodesub");
    check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    let tmp = tempfile::tempdir().expect("temp dir");
    let mut seen = Vec::new();
    for engine in ["boa", "node"] {
        let p = engine_support::profile_json(&root, engine, tmp.path());
        let units: Vec<(String, bool, u64)> = p["tests"]
            .as_array()
            .expect("tests")
            .iter()
            .map(|t| {
                let name = t["name"].as_str().unwrap_or("").to_string();
                let bp = t["branch_points"].as_u64().unwrap_or(0);
                (name, t["passed"] == true, bp)
            })
            .collect();
        let names: Vec<&str> = units.iter().map(|u| u.0.as_str()).collect();
        assert_eq!(
            names,
            [
                "shipping > fees",
                "shipping > fees > small orders",
                "shipping > fees > small orders > a VIP ships free",
                "shipping > fees > hooks ran for every subtest",
                "shipping > fees > a failing subtest fails alone",
                "shipping > after the subtests",
            ],
            "{engine}"
        );
        let passed: Vec<bool> = units.iter().map(|u| u.1).collect();
        assert_eq!(passed, [false, true, true, true, false, true], "{engine}");
        // the parent runs no project code itself; its subtests do
        assert!(units[0].2 == 0 && units[1].2 > 0, "{engine}: {units:?}");
        // executions of `isVip(o.customer) && o.total > 50` per unit
        let shipping = p["decisions"]
            .as_array()
            .expect("decisions")
            .iter()
            .find(|d| d["decision"]["location"]["line"] == 12)
            .expect("the shipping decision");
        let per_unit: Vec<(u64, u64)> = shipping["slices"]
            .as_array()
            .expect("slices")
            .iter()
            .map(|s| {
                let rows = s["rows"].as_array().expect("rows");
                let n = rows.iter().filter_map(|r| r["count"].as_u64()).sum();
                (s["test"].as_u64().expect("unit"), n)
            })
            .collect();
        // unit 1 runs it 400 times: settled after 256, sampled one in two after, a last window
        // cut off by the test's end may go unrepresented
        let rest: Vec<(u64, u64)> = per_unit.iter().skip(1).copied().collect();
        assert_eq!(rest, [(2, 1), (4, 1), (5, 1)], "{engine}");
        assert!(
            per_unit[0].0 == 1 && (398..=400).contains(&per_unit[0].1),
            "{engine}: {per_unit:?}"
        );
        seen.push((units, per_unit));
    }
    assert_eq!(seen[0], seen[1]);
}

/// The gate times a `node:test` subtest where its parent runs it (so that it sees what the
/// parent set up and tears down after it), counting only the subtest's own time.
#[test]
fn the_gate_times_node_test_subtests_where_their_parent_runs_them() {
    let report = engine_support::quick_suggest(&corpus("gate/nodesub"));
    let found =
        engine_support::validated_candidate(&report, &["o.total > 50 && isVip(o.customer)"]);
    let small = found["gate"]["tests"]
        .as_array()
        .expect("gate tests")
        .iter()
        .find(|t| t["name"] == "shipping > fees > small orders")
        .unwrap_or_else(|| panic!("small orders timed: {found}"));
    // 400 costly checks fewer: far faster in every process
    let change = small["change_percent"].as_f64().expect("change");
    assert!(change < -50.0, "{small}");
}

#[test]
fn typescript_node_test_project_run_by_tsx_profiles_with_no_flags() {
    profile_prints(
        &corpus("discovery/tsx"),
        0,
        "1 passed, 0 failed",
        &["src/add.ts:2:7 1 executions"],
    );
}

/// Nested `t.test()`s are units of their own (`parent > child`), in both engines, run right
/// after their parent as tape runs them; a failing one fails alone.
#[test]
fn tape_required_and_imported_runs_in_boa_as_under_node() {
    let root = corpus("runners/tape");
    check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    profile_prints(
        &root,
        1,
        "11 passed, 1 failed",
        &[
            "FAIL a failing nested test fails alone > inner [test/fail.js]: Error: one plus one is three",
            "lib/slug.js:5:9 44 executions",
        ],
    );
    let tmp = tempfile::tempdir().expect("temp dir");
    for engine in ["boa", "node"] {
        let p = engine_support::profile_json(&root, engine, tmp.path());
        let units: Vec<(String, bool)> = p["tests"]
            .as_array()
            .expect("tests")
            .iter()
            .filter(|t| t["file"] == "test/fail.js")
            .map(|t| {
                (
                    t["name"].as_str().unwrap_or("").to_string(),
                    t["passed"] == true,
                )
            })
            .collect();
        let parent = "a failing nested test fails alone";
        let expected = [
            (parent.to_string(), true),
            (format!("{parent} > inner"), false),
            (format!("{parent} > inner > deeper"), true),
            ("after the nested ones".to_string(), true),
        ];
        assert_eq!(units, expected, "{engine}");
    }
}

#[test]
fn jest_globals_and_imported_globals_run_in_boa_as_under_node() {
    let root = corpus("runners/jest");
    check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    profile_prints(
        &root,
        0,
        "tests: 9 passed, 0 failed (",
        &["src/cart.js:8:9 11 executions"],
    );
}

#[test]
fn vitest_typescript_project_profiles_and_its_variants_run_under_the_node_gate() {
    let root = corpus("runners/vitest");
    profile_prints(
        &root,
        0,
        "tests: 11 passed, 0 failed (",
        &["src/range.ts:7:10 13 executions"],
    );
    let tmp = tempfile::tempdir().expect("temp dir");
    let copy = tmp.path().join("vitest");
    engine_support::copy_dir(&root, &copy);
    // This 13-execution decision is a sliver of what the test does, below measurable on a busy
    // machine; `--all-candidates` times it all the same, as this test is about running the
    // variant under the gate.
    let report = engine_support::quick_suggest_with(&copy, &["--all-candidates"]);
    engine_support::validated_candidate(&report, &["src/range.ts", "a.lo <= b.hi"]);
}

#[test]
fn ava_uvu_tap_and_mocha_contexts_and_root_hooks_run_in_boa_as_under_node() {
    for (project, summary, decision) in [
        (
            "runners/ava",
            "11 passed, 0 failed",
            "lib/queue.js:7:9 11 executions",
        ),
        (
            "runners/uvu",
            "6 passed, 0 failed",
            "src/words.js:5:9 16 executions",
        ),
        (
            "runners/tap",
            "9 passed, 0 failed",
            "lib/parse.js:10:9 14 executions",
        ),
        (
            "runners/mochactx",
            "3 passed, 0 failed",
            "lib/stack.js:5:9 4 executions",
        ),
        (
            "runners/mocharoot",
            "tests: 3 passed, 0 failed; 1 test file",
            "lib/inbox.js:3:7 6 executions",
        ),
    ] {
        let root = corpus(project);
        check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
        profile_prints(&root, 0, summary, &[decision]);
    }
}

/// vitest's fake timers (`vi.useFakeTimers()`, `advanceTimersByTime` and its async variant,
/// `runAllTimers`, `runOnlyPendingTimers`, `setSystemTime`, a fake `Date` and `performance.now`;
/// the corpus passes 14 of 14 under vitest 3.2.4 and 4.1.12): the same results profiled and
/// plain, in Boa and under node; a file that leaves the timers faked does not leak into the next,
/// and timers a file fakes at its top level stay faked for its tests;
/// a check that schedules a fake timer is excluded naming the effect, and speculation leaves no
/// timer behind (the test counts them).
#[test]
fn fake_timers_move_only_when_the_test_moves_them_in_both_engines() {
    let root = corpus("runners/faketimers");
    check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    let excluded = "src/timing.js:53:10 2 executions, excluded: speculative evaluation of check 2 (`setTimeout(fn, 10) !== undefined`) schedules a timer (setTimeout)";
    profile_prints(&root, 0, "tests: 14 passed, 0 failed", &[excluded]);
    let out = engine_support::decisionprof(&["profile", ".", "--engine", "node"], &root);
    let stdout = engine_support::text(&out.stdout);
    assert!(stdout.contains("tests: 14 passed, 0 failed"), "{stdout}");
    assert!(stdout.contains(excluded), "{stdout}");
}

/// The node gate validates, in a copy of `root`, the candidate whose diff has every needle
/// (branch points predict the saving, so the gate runs even a small one).
fn gate_validates_in_a_copy(root: &std::path::Path, needles: &[&str]) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let copy = tmp
        .path()
        .join(root.file_name().expect("a named corpus folder"));
    engine_support::copy_dir(root, &copy);
    let report = engine_support::quick_suggest_with(&copy, &["--cost-model", "branch-points"]);
    engine_support::validated_candidate(&report, needles);
}

/// vite's `resolve.conditions`/`ssr.resolve.conditions` (zod's `@zod/source`): the package imports
/// itself by name and the source condition picks `src/`, not the stale built file, in both engines,
/// profiled and plain, as under vitest 3.2.4 (2 of 2); the gate's node resolves the same way.
#[test]
fn vite_resolve_conditions_pick_the_source_in_both_engines_and_the_gate() {
    let root = corpus("runners/vitestconditions");
    engine_support::profile_four_ways(
        &root,
        "tests: 2 passed, 0 failed",
        "src/index.js:4:10 5 executions",
    );
    gate_validates_in_a_copy(&root, &["src/index.js", "score <= 100 && score >= 90"]);
}

/// jest compiles a project's files to CommonJS with babel, so a test helper may mix `import` with
/// `exports.x = …`: its names read by name and as the default export, in both engines, profiled
/// and plain, as under jest 29.7 with babel-jest (5 of 5); required by an ES-module test, its own
/// extensionless import finds the file under node too (luxon); inline snapshots print what
/// `toJSON` returns and an object without a prototype as a plain one; an imported built-in
/// automocked (`jest.mock('fs/promises')`); the gate validates a variant in a copy rewritten the
/// same way.
#[test]
fn a_babel_helper_mixing_import_and_exports_runs_as_under_jest() {
    let root = corpus("runners/jestbabelmix");
    engine_support::profile_four_ways(
        &root,
        "tests: 5 passed, 0 failed",
        "src/range.js:2:10 12 executions",
    );
    gate_validates_in_a_copy(&root, &["src/range.js", "x > hi || x < lo"]);
}

/// A TypeScript library tested by jest through ts-jest imports and re-exports types without
/// `type` (TypeScript elides them with full type information; jest and vitest read a module as an
/// object, where a missing name is `undefined`; a module of types only exports nothing): profiled
/// and plain, in Boa and under node, the 4 tests pass as under jest 24.9 with ts-jest 24.1 (errors
/// compared by message, map keys by value), and every name dropped is noted; the node gate
/// validates a variant (its copy is rewritten as the engines ran it, the project is not).
#[test]
fn types_imported_without_type_are_undefined_as_under_jest_in_both_engines() {
    let root = corpus("runners/typeimports");
    let stderrs = engine_support::profile_four_ways(
        &root,
        "tests: 4 passed, 0 failed",
        "src/index.ts:11:14 8 executions",
    );
    for stderr in stderrs {
        assert!(
            stderr.contains("note: src/index.ts: `RetryOptions` is not exported by './options' (a type imported without `type`?): it is `undefined` here, as under vitest and jest"),
            "{stderr}"
        );
        // a module of types only exports nothing
        assert!(
            stderr.contains("note: src/index.ts: `Shape` is not exported by './shapes'"),
            "{stderr}"
        );
    }
    // the gate's variants run under node the code the engines profiled
    let tmp = tempfile::tempdir().expect("temp dir");
    let copy = tmp.path().join("typeimports");
    engine_support::copy_dir(&root, &copy);
    let report = engine_support::quick_suggest_with(&copy, &["--cost-model", "branch-points"]);
    engine_support::validated_candidate(&report, &["src/index.ts", "i > 1 && o.factor > 1"]);
    let index = std::fs::read_to_string(copy.join("src/index.ts")).expect("index.ts");
    assert!(
        index.starts_with("import { IRetryOptions, RetryOptions"),
        "{index}"
    );
}

/// vitest's `expect` is chai's too: language chains (`.to.toEqual`), `deep`, property assertions
/// (`.to.be.true`), negation (`.to.not.deep.equal`); `it`/`describe` `.skipIf`/`.runIf`; and
/// `expect.addEqualityTesters`; `toMatchObject` as jest's subset equality (an empty pattern
/// matches any value); `test.extend` fixtures (set up in order, torn down after the test);
/// `vi.stubEnv`/`stubGlobal` undone by `unstubAll…`; a matcher `expect.extend` adds after other
/// expects ran; a failed matcher's message with both values. The corpus passes 13 and skips 3
/// under vitest 3.2.4 and 4.1.12; the same, plain and profiled, in both engines.
#[test]
fn vitest_chai_expect_and_skip_if_run_in_boa_as_under_node() {
    let root = corpus("runners/vitestchai");
    check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    profile_prints(
        &root,
        0,
        "tests: 13 passed, 0 failed",
        &["src/range.js:4:7 15 executions"],
    );
}

/// Specs next to the source using vitest's chai-style `assert`, run through a wrapper we do not
/// read (`ts-scripts test`): found through vitest among the dev dependencies, the same results
/// in Boa as under node.
#[test]
fn vitest_assert_specs_behind_a_wrapper_run_in_boa_as_under_node() {
    let root = corpus("runners/vitestassert");
    profile_prints(
        &root,
        0,
        "tests: 29 passed, 0 failed; 1 test file",
        &["src/media.ts:23:9 4 executions"],
    );
    // under node, `import { assert } from "vitest"` is the harness's too (TypeScript through the
    // engine's hooks): the same tests pass and the profiles agree
    let out = engine_support::decisionprof(&["profile", ".", "--engine", "both"], &root);
    let stdout = engine_support::text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("tests: 29 passed, 0 failed; 1 test file"),
        "{stdout}"
    );
    assert!(
        stdout.contains("engines: 0 difference(s) between the boa and the node profile"),
        "{stdout}"
    );
}

/// The harness's `assert` passes and fails where real chai's (6.2.2, what vitest exports) does,
/// case by case: equality as deep-eql has it, include, members, keys, throws, types.
#[test]
fn vitest_assert_agrees_with_real_chai_case_by_case() {
    let dir = corpus("runners/chaiassert");
    assert!(
        dir.join("node_modules/chai").is_dir(),
        "chai is not installed in {}: run scripts/setup.sh",
        dir.display()
    );
    let tmp = tempfile::tempdir().expect("temp dir");
    let harness =
        jsproject::harness::write_harness(&tmp.path().join("harness")).expect("write the harness");
    let out = std::process::Command::new("node")
        .arg("cases.mjs")
        .arg(&harness)
        .current_dir(&dir)
        .output()
        .expect("node runs");
    let (stdout, stderr) = (
        engine_support::text(&out.stdout),
        engine_support::text(&out.stderr),
    );
    assert!(out.status.success(), "{stdout}{stderr}");
    let r: serde_json::Value = serde_json::from_str(stdout.trim()).expect("one JSON line");
    assert_eq!(r["disagreements"], serde_json::json!([]), "{r}");
    // both outcomes are exercised, over every family of assertions
    assert!(r["cases"].as_u64() >= Some(200), "{r}");
    assert!(r["chaiFailed"].as_u64() >= Some(80), "{r}");
}

/// `eval` says how each project was found: runner, module systems, tests passed profiled in Boa
/// and under node.
#[test]
fn eval_reports_runner_modules_and_passes_in_boa_and_under_node() {
    let tmp = tempfile::tempdir().expect("temp dir");
    for p in ["tap", "vitest", "nodetest"] {
        engine_support::copy_dir(&corpus(&format!("runners/{p}")), &tmp.path().join(p));
    }
    let json = tmp.path().join("eval.json");
    let out = engine_support::decisionprof(
        &[
            "eval",
            ".",
            "--gate",
            "none",
            "--cost-runs",
            "1",
            "--json",
            json.to_str().expect("utf-8 path"),
        ],
        tmp.path(),
    );
    let stdout = engine_support::text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("Projects as found (no flags):"), "{stdout}");
    let r: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("eval json")).expect("json");
    let row = |name: &str| {
        r["projects"]
            .as_array()
            .expect("projects")
            .iter()
            .find(|p| p["project"].as_str().is_some_and(|s| s.ends_with(name)))
            .unwrap_or_else(|| panic!("{name} in {r}"))
            .clone()
    };
    for (name, runner, modules, tests, passed) in [
        ("tap", "tap", "CJS", 9, 9),
        ("vitest", "vitest", "TS", 11, 11),
        ("nodetest", "node-test", "CJS+ESM", 16, 14),
    ] {
        let p = row(name);
        assert_eq!(p["runner"], runner, "{p}");
        assert_eq!(p["modules"], modules, "{p}");
        assert_eq!(
            (p["tests"].as_u64(), p["passed"].as_u64()),
            (Some(tests), Some(passed)),
            "{p}"
        );
        assert_eq!(p["node"]["passed"].as_u64(), Some(passed), "{p}");
    }
}

/// jest snapshots: stored ones (recorded by jest 29, and by jest 28 in the older format) and
/// inline ones match as jest matches them (DOM nodes as markup); a snapshot never recorded fails
/// its test saying so.
#[test]
fn jest_snapshots_compare_with_the_stored_ones_and_a_missing_one_is_named() {
    let root = corpus("runners/snapshot");
    check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    profile_prints(
        &root,
        1,
        "5 passed, 1 failed",
        &[
            "FAIL summary > has no stored snapshot [test/summary.test.js]",
            "no stored snapshot `summary has no stored snapshot 1` in test/__snapshots__/summary.test.js.snap: decisionprof never writes snapshots",
            "lib/summary.js:5:37 8 executions",
        ],
    );
}

/// vitest's snapshots as vitest stores them (checked against vitest 3.2): a thrown error as the
/// error (`[Error: boom]`), inline snapshots counted among a test's snapshots; `vi.setConfig` is
/// accepted.
#[test]
fn vitest_snapshots_match_as_vitest_stores_them() {
    let root = corpus("runners/vitestsnap");
    check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    profile_prints(&root, 0, "2 passed, 0 failed", &[]);
}

/// jest and vitest run each test file in modules of its own, after the setup files, with its
/// top-level hooks its own and its tests in the order declared (`corpus/runners/isolation`: 12
/// of 12 under vitest 3.2.4 and 4.1.12; `corpus/runners/jestisolation`: 6 passed and 1 left out
/// by a `test.only` of its file under jest 24.9): module state one file changes (ES modules,
/// CommonJS, a test helper) is fresh in the next, in Boa and under node, profiled and plain.
/// With vitest's `isolate: false` the files share modules, and the same 5 tests fail as under
/// vitest.
#[test]
fn jest_and_vitest_test_files_get_their_own_modules_in_both_engines() {
    for (project, summary, decision) in [
        (
            "runners/isolation",
            "tests: 12 passed, 0 failed",
            "src/settings.js:11:7 4 executions",
        ),
        (
            "runners/jestisolation",
            "tests: 6 passed, 0 failed",
            "lib/cache.js:10:7 8 executions",
        ),
    ] {
        let root = corpus(project);
        check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
        profile_prints(&root, 0, summary, &[decision]);
        let out = engine_support::decisionprof(&["profile", ".", "--engine", "node"], &root);
        let stdout = engine_support::text(&out.stdout);
        assert!(stdout.contains(summary), "{project}: {stdout}");
        assert!(stdout.contains(decision), "{project}: {stdout}");
    }
    let tmp = tempfile::tempdir().expect("temp dir");
    let shared = tmp.path().join("isolation");
    engine_support::copy_dir(&corpus("runners/isolation"), &shared);
    std::fs::write(
        shared.join("vitest.config.js"),
        "export default { test: { isolate: false, setupFiles: ['./test/setup.js'] } };\n",
    )
    .expect("write the config");
    // the same 5 of b's tests fail as under vitest: the files share modules, and each file's
    // tests run before the next file loads
    for engine in ["boa", "node"] {
        let out = engine_support::decisionprof(&["profile", ".", "--engine", engine], &shared);
        let stdout = engine_support::text(&out.stdout);
        assert!(
            stdout.contains("tests: 7 passed, 5 failed"),
            "{engine}: {stdout}"
        );
        assert!(
            stdout.contains("FAIL b > counts in its own CommonJS module [test/b.test.js]")
                && !stdout.contains("FAIL a >"),
            "{engine}: {stdout}"
        );
    }
}

/// jest gives each test file a global object of its own: a library that keeps its settings on
/// `globalThis` starts the next file afresh, a global a test replaces or adds is gone, and a
/// global a dependency's module adds while it loads stays, since the module stays loaded for
/// every file (`corpus/runners/jestglobals`: 5 of 5 under jest 29.7), in both engines, profiled
/// and plain.
#[test]
fn each_jest_test_file_starts_with_the_globals_of_the_first() {
    let root = corpus("runners/jestglobals");
    engine_support::profile_four_ways(
        &root,
        "tests: 5 passed, 0 failed",
        "src/greet.js:10:7 3 executions",
    );
}

/// vitest runs a file's describe callbacks once the file's top level has run (a table of cases
/// declared below the `describe` that loops over it is set), each suite's callback before its
/// children's and an async one to its end (`corpus/runners/vitestcollect`: 5 of 5 under vitest
/// 3.2.4), in both engines, profiled and plain.
#[test]
fn vitest_collects_describe_callbacks_after_the_file_loads() {
    let root = corpus("runners/vitestcollect");
    engine_support::profile_four_ways(
        &root,
        "tests: 5 passed, 0 failed",
        "src/grade.js:2:7 4 executions",
    );
}

/// jest's `roots` put the `__mocks__` that stand for packages beside the tests: a library whose
/// tests and locales import it by its own name get `test/__mocks__/tinydate.js`, which requires
/// the ES source (`corpus/runners/jestroots`: 3 of 3 under jest 29.7 with babel-jest), profiled
/// and plain in Boa. Under node the source, loaded by `require()`, imports `./format` without
/// its extension, as jest finds it: the tests pass too, and a note says that the modules it
/// imports are not profiled under node.
#[test]
fn jest_roots_hold_the_mocks_of_packages() {
    let root = corpus("runners/jestroots");
    let plain = engine_support::decisionprof(&["profile", ".", "--plain"], &root);
    let stdout = engine_support::text(&plain.stdout);
    assert!(stdout.contains("tests: 3 passed, 0 failed"), "{stdout}");
    profile_prints(
        &root,
        0,
        "tests: 3 passed, 0 failed",
        &["src/format.js:2:10 8 executions"],
    );
    let out = engine_support::decisionprof(&["profile", ".", "--engine", "node"], &root);
    let (stdout, stderr) = (
        engine_support::text(&out.stdout),
        engine_support::text(&out.stderr),
    );
    assert!(
        stdout.contains("tests: 3 passed, 0 failed"),
        "{stdout}{stderr}"
    );
    assert!(
        stderr.contains("src/index.js: an ES module loaded by require()"),
        "{stderr}"
    );
}

/// A `node --test` file may register its tests from an async function it leaves unawaited,
/// awaiting each `test()` in turn (`corpus/runners/nodetestloop`: 41 of 41 under node 20's
/// runner): every test runs, in both engines, profiled and plain, not only those registered by
/// the time the file's import settled.
#[test]
fn node_test_files_registering_tests_after_they_load_run_them_all() {
    let root = corpus("runners/nodetestloop");
    engine_support::profile_four_ways(
        &root,
        "tests: 41 passed, 0 failed",
        "src/leap.js:2:10 41 executions",
    );
}

/// jasmine's node runner with `spec/support/jasmine.json`: its helpers load first, its
/// `spec_files` are the workload (a scratch file with `fit` beside them is not, or it would focus
/// the run), and jasmine's own matchers and globals work: custom matchers a helper adds in a
/// `beforeEach` (sync and async, with `negativeCompare`), `expectAsync`, `jasmine.createSpy`,
/// `createSpyObj`, its asymmetric matchers, a `spyOn` stub put back after its test
/// (`corpus/runners/jasmine`: 8 of 8 and 1 pending under jasmine 5.1, in random order), in both
/// engines, profiled and plain.
#[test]
fn jasmine_runs_its_configured_spec_files_after_its_helpers() {
    let root = corpus("runners/jasmine");
    let out = engine_support::decisionprof(&["workload", "."], &root);
    let stdout = engine_support::text(&out.stdout);
    assert!(
        stdout.contains("runner: jasmine")
            && stdout.contains("setup: spec/helpers/tolerance.js")
            && !stdout.contains("spec/scratch.js"),
        "{stdout}"
    );
    engine_support::profile_four_ways(
        &root,
        "tests: 8 passed, 0 failed",
        "src/within.js:2:7 11 executions",
    );
}

/// Under vitest (and jest), a project module imports any property of a CommonJS dependency's
/// `module.exports` by name, also when node's static reading finds none (exports built at run
/// time), as vite-node's and babel's interop give them, and the default export of one flagged
/// `__esModule` (babel's or webpack's output) is its `default`: the corpus passes 4 of 4 under
/// vitest 3.2.4 (3 of 3 under 3.2.4 and 4.1.12 before the flagged case), and the same profiled
/// and plain in Boa and under node, where node's own rules fail the file ("does not provide an
/// export named 'get'").
#[test]
fn a_commonjs_dependency_gives_every_property_by_name_under_vitest_in_both_engines() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path().join("cjsinterop");
    engine_support::copy_dir(&corpus("runners/cjsinterop"), &root);
    for package in ["dyn-exports", "flagged"] {
        engine_support::copy_dir(
            &root.join("packages").join(package),
            &root.join("node_modules").join(package),
        );
    }
    engine_support::profile_four_ways(
        &root,
        "tests: 4 passed, 0 failed",
        "src/store.js:4:7 2 executions",
    );
}

/// vitest's test context is one object for a test's beforeEach/afterEach hooks and the test; a
/// function a beforeEach or beforeAll hook returns is a cleanup, run after the test or the
/// suite; describe's callback is given the test function; each file's tests run before the next
/// file loads (a console spy taken while a file loads is that file's) and every file starts with
/// the environment the first found (`vi.stubEnv` left in place does not reach the next file);
/// `test.for`, `toHaveBeenCalledExactlyOnceWith`, `rejects` on a function; an async describe
/// callback, whose tests after an `await` are its suite's, in the order declared; a test
/// called with its context and no `this`; a custom matcher given `this.utils` and `this.isNot`
/// (`expect.extend`, as @testing-library/jest-dom uses them). The corpus passes 18 of 18 under
/// vitest 3.2.4 and 4.1.12; the same profiled and plain in both engines.
#[test]
fn vitest_test_context_cleanups_and_each_files_environment_in_both_engines() {
    engine_support::profile_four_ways(
        &corpus("runners/vitestcontext"),
        "tests: 18 passed, 0 failed",
        "src/notify.js:5:7 4 executions",
    );
}

/// Module mocks as vitest has them (`corpus/runners/vitestmock`: 12 of 12 under vitest 3.2.4 and
/// 4.1.12): a `vi.mock` written in a test applies to the whole file; an async factory with `importOriginal` and a `vi.hoisted` value, a built-in, automock
/// (functions, a class's methods, arrays emptied), a `__mocks__` file, `vi.doMock` before a
/// dynamic import, `vi.importActual`; a file without mocks gets the real modules (one imported
/// without its extension, as vite resolves it); `mockReset` goes back to the implementation a
/// mock began with; a spy one file leaves on a shared built-in is gone in the next. The same
/// profiled and plain in both engines.
#[test]
fn vitest_module_mocks_in_both_engines() {
    engine_support::profile_four_ways(
        &corpus("runners/vitestmock"),
        "tests: 12 passed, 0 failed",
        "src/user.js:4:10 4 executions",
    );
}

/// Module mocks as jest has them in CommonJS (`corpus/runners/jestmock`: 10 of 10 under jest
/// 24.9): `jest.mock` hoisted above the variable its factory reads, the factory run at the first
/// `require`; `requireActual`; automock of `fs` and of a module; `__mocks__` next to a module and
/// at the root for a built-in; `doMock`, `requireMock`, `genMockFromModule`; `mockReset` forgets
/// the implementation. The same profiled
/// and plain in both engines.
#[test]
fn jest_module_mocks_in_both_engines() {
    engine_support::profile_four_ways(
        &corpus("runners/jestmock"),
        "tests: 10 passed, 0 failed",
        "lib/user.js:4:10 3 executions",
    );
}

/// jest's module registry (`corpus/runners/jestreset`: 4 of 4 under jest 29.7): a module read
/// again with other environment variables after `resetModules`, a mock factory run again after
/// it, `isolateModules` and `isolateModulesAsync` keeping the outer instances. The same profiled
/// and plain in both engines.
#[test]
fn jest_reset_and_isolate_modules_in_both_engines() {
    engine_support::profile_four_ways(
        &corpus("runners/jestreset"),
        "tests: 4 passed, 0 failed",
        "src/config.js:7:12 5 executions",
    );
}

/// vitest's `vi.resetModules` with ES modules (`corpus/runners/vitestreset`: 2 of 2 under vitest
/// 3.2.4 and 4.1.12): under node the next import is a new instance (the module hooks give the
/// module a URL of its own), profiled and plain. Boa keeps an ES module once its importer has
/// it, so there the tests see the first instance and fail, which they say.
#[test]
fn vitest_reset_modules_under_node() {
    let root = corpus("runners/vitestreset");
    for args in [
        &["profile", ".", "--engine", "node"][..],
        &["profile", ".", "--engine", "node", "--plain"],
    ] {
        let out = decisionprof(args, &root);
        let stdout = text(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {stdout}{}",
            text(&out.stderr)
        );
        assert!(
            stdout.contains("tests: 2 passed, 0 failed"),
            "{args:?}: {stdout}"
        );
    }
}

/// jest mocks a package with its file in the root's `__mocks__` without a `jest.mock` call
/// (`corpus/runners/jestrootmock`: 4 of 4 under jest 29.7): `requireActual` still gives the real
/// package, a built-in's file there is left alone, each test file gets the mock anew. The same
/// profiled and plain in both engines.
#[test]
fn jest_root_mocks_of_packages_in_both_engines() {
    engine_support::profile_four_ways(
        &corpus("runners/jestrootmock"),
        "tests: 4 passed, 0 failed",
        "src/timeout.js:4:23 2 executions",
    );
}

/// Module aliases: jest's `moduleNameMapper` (`corpus/runners/jestalias`: 1 of 1 under jest 24.9;
/// a capture group, a bare word, a folder) and vite's `resolve.alias` with vitest's `test.alias`
/// (`corpus/runners/vitestalias`: 1 of 1 under vitest 3.2.4 and 4.1.12; paths spelled with
/// `path.resolve(import.meta.dirname, …)` and `new URL(…, import.meta.url)`, a regular
/// expression, imports with and without extensions), in the tests and in the modules they load.
/// The same profiled and plain in both engines.
#[test]
fn jest_and_vitest_module_aliases_in_both_engines() {
    engine_support::profile_four_ways(
        &corpus("runners/jestalias"),
        "tests: 1 passed, 0 failed",
        "lib/count.js:5:36 8 executions",
    );
    engine_support::profile_four_ways(
        &corpus("runners/vitestalias"),
        "tests: 1 passed, 0 failed",
        "src/count.js:5:36 8 executions",
    );
}

/// A `.tsx` file without JSX is TypeScript (`corpus/runners/vitesttsx`: 1 of 1 under vitest
/// 3.2.4 and 4.1.12; the project's own `.tsx` module is profiled); one with JSX in a project
/// without React fails its file saying what it lacks, and the others still run, in both engines.
#[test]
fn tsx_without_jsx_runs_and_jsx_without_react_says_what_it_lacks_in_both_engines() {
    engine_support::profile_four_ways(
        &corpus("runners/vitesttsx"),
        "tests: 1 passed, 0 failed",
        "src/stack.tsx:14:37 3 executions",
    );
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path().join("vitesttsx");
    engine_support::copy_dir(&corpus("runners/vitesttsx"), &root);
    std::fs::write(
        root.join("test/view.test.tsx"),
        "import { test } from 'vitest';\nconst view = <div className=\"x\">hi</div>;\ntest('renders', () => {});\n",
    )
    .expect("write a JSX test");
    for engine in ["boa", "node"] {
        let out = engine_support::decisionprof(&["profile", ".", "--engine", engine], &root);
        let stdout = engine_support::text(&out.stdout);
        assert!(
            stdout.contains("tests: 1 passed, 1 failed"),
            "{engine}: {stdout}"
        );
        assert!(
            stdout.contains("FAIL test/view.test.tsx [test/view.test.tsx]: Error: ")
                && stdout.contains("Cannot find package 'react'"),
            "{engine}: {stdout}"
        );
    }
}

/// JSX in `.jsx` and `.tsx` files (`corpus/runners/vitestjsx`: 6 of 6 under vitest 3.2.4 with
/// React 18.3): lowered to React's automatic runtime where it stands, so the tests render the
/// same markup in both engines, profiled and plain; decisions inside JSX (an attribute's
/// expression, a child) and a decision that is part of a chain ending in an element are profiled
/// at their own lines and columns; a candidate inside an attribute is validated by the gate and
/// its patch applies to the `.tsx` file with the JSX around it unchanged. JSX in a project's
/// `.js` files, as Babel compiles it under jest (`corpus/runners/jestjsxjs`: 3 of 3 under jest
/// 29.7 with babel-jest and the React preset), CommonJS and ES modules, runs the same way.
#[test]
fn jsx_runs_in_both_engines_at_its_own_places() {
    engine_support::profile_four_ways(
        &corpus("runners/jestjsxjs"),
        "tests: 3 passed, 0 failed",
        "src/note.js:5:10 2 executions",
    );
    let root = corpus("runners/vitestjsx");
    let stderrs = engine_support::profile_four_ways(
        &root,
        "tests: 6 passed, 0 failed",
        "src/Badge.jsx:7:8 5 executions",
    );
    let out = decisionprof(&["profile", "."], &root);
    let stdout = text(&out.stdout);
    for at in [
        "src/Badge.jsx:3:16 5 executions",
        "src/List.tsx:22:56 302 executions",
    ] {
        assert!(stdout.contains(at), "{at} in {stdout}{stderrs:?}");
    }
    let tmp = tempfile::tempdir().expect("temp dir");
    let copy = tmp.path().join("jsx");
    engine_support::copy_dir(&root, &copy);
    let report = engine_support::quick_suggest(&copy);
    let candidate = engine_support::validated_candidate(
        &report,
        &[
            "src/List.tsx",
            "i.id % 50 === 0 && mentions(i.label, urgent)",
        ],
    );
    engine_support::git_apply(&copy, candidate);
    let src = std::fs::read_to_string(copy.join("src/List.tsx")).expect("read");
    assert!(
        src.contains("<li key={i.id} aria-label={i.label} className={i.id % 50 === 0 && mentions(i.label, urgent) ? 'urgent' : undefined}>"),
        "{src}"
    );
}

/// jest's jsdom and vitest's happy-dom test environments (`corpus/runners/jestjsdom`: 5 of 5
/// under jest 29.7 with jest-environment-jsdom 29.7; `corpus/runners/vitesthappydom`: 5 of 5
/// under vitest 3.2.4 with happy-dom 18.0.1): with no flags the tests run under node, each file
/// in a window of its own at the configured URL, `window` the global object, the DOM's events
/// dispatched, a docblock choosing node for one file; profiled and plain. In Boa, which cannot
/// run the DOM's package, the DOM tests fail and the note says why.
#[test]
fn dom_test_environments_run_under_node_with_no_flags() {
    for (project, decision) in [
        ("runners/jestjsdom", "src/menu.js:5:10 8 executions"),
        ("runners/vitesthappydom", "src/cart.js:4:10 8 executions"),
    ] {
        let root = corpus(project);
        let stderrs =
            engine_support::profile_four_ways(&root, "tests: 5 passed, 0 failed", decision);
        assert!(
            stderrs[0].contains("a DOM Boa does not run: they ran under node"),
            "{project}: {}",
            stderrs[0]
        );
        let out = decisionprof(&["profile", ".", "--engine", "boa"], &root);
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert_eq!(out.status.code(), Some(1), "{project}: {stdout}{stderr}");
        assert!(
            stdout.contains("tests: 1 passed, 4 failed"),
            "{project}: {stdout}"
        );
        assert!(
            stderr.contains("is provided under node only"),
            "{project}: {stderr}"
        );
    }
}

/// React components tested as most React projects test them (`corpus/runners/vitestrtl`: 3 of 3
/// under vitest 3.2.4 with jsdom 26.1, React 18.3 and @testing-library/react 16.3): with no flags
/// they run under node in jsdom, profiled and plain; @testing-library/react's `afterEach`
/// cleanup, registered once when the first test file loads it, runs after every test of every
/// file, and its `screen`, bound to the first file's `document.body`, finds what the second file
/// renders (one window serves every file, emptied between them).
#[test]
fn react_testing_library_runs_with_no_flags() {
    let root = corpus("runners/vitestrtl");
    profile_prints(
        &root,
        0,
        "tests: 3 passed, 0 failed",
        &["src/Counter.jsx:6:16 7 executions"],
    );
    let plain = decisionprof(&["profile", ".", "--plain"], &root);
    let stdout = text(&plain.stdout);
    assert_eq!(plain.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("tests: 3 passed, 0 failed"), "{stdout}");
}

/// A vitest test that imports its package as a folder (`import size from '../'`) gets the
/// package's `main`, as vite resolves it (`corpus/runners/vitestdirimport`: 1 of 1 under vitest
/// 3.2.4), in both engines, profiled and plain; node's own resolver refuses folders.
#[test]
fn vitest_resolves_a_folder_import_through_its_package() {
    let root = corpus("runners/vitestdirimport");
    engine_support::profile_four_ways(
        &root,
        "tests: 1 passed, 0 failed",
        "src/index.js:2:7 3 executions",
    );
}

/// A script run by `node test/run.js` sees no runner globals: its sloppy-mode scripts define
/// and share a global `test` of their own (as big.js's runner does), in both engines, profiled
/// and plain, and under node with the shared harness.
#[test]
fn a_plain_script_sharing_a_global_named_test_runs_as_under_node() {
    let root = corpus("runners/plainscript");
    check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    profile_prints(
        &root,
        0,
        "1 passed, 0 failed",
        &["num.js:4:3 53 executions"],
    );
    let out = decisionprof(&["profile", ".", "--engine", "node"], &root);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("1 passed, 0 failed"), "{stdout}");
    assert!(stdout.contains("num.js:4:3 53 executions"), "{stdout}");
}

/// Benchmark libraries' cases are units: benchmark.js (chained and option-object adds, set-up, a
/// deferred case, a second suite started from the first one's `complete` listener,
/// `Benchmark.invoke`), tinybench (hooks, `run()` and `table()` awaited, the table's rows and
/// the tasks' results read), mitata (groups, a
/// generator case) and vitest's
/// `bench`, each case named `suite > case`, the same in both engines and under plain node with
/// the harness; the libraries themselves need not be installed.
#[test]
fn benchmark_library_cases_are_units_in_both_engines() {
    let root = corpus("runners/benchlibs");
    check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    let dir = tempfile::tempdir().unwrap();
    for engine in ["boa", "node"] {
        let json = dir.path().join(format!("{engine}.json"));
        let out = decisionprof(
            &[
                "profile",
                ".",
                "--engine",
                engine,
                "--json",
                json.to_str().unwrap(),
            ],
            &root,
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let p: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
        let names: Vec<&str> = p["tests"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            [
                "invoked pick",
                "mitata > pick",
                "mitata > generator",
                "pick",
                "suite > pick",
                "suite > with set-up",
                "suite > deferred",
                "vitest > pick",
                "tiny > pick lower",
                "tiny > pick upper"
            ],
            "{engine}"
        );
        assert!(p["tests"]
            .as_array()
            .unwrap()
            .iter()
            .all(|t| t["passed"] == true));
    }
    profile_prints(
        &root,
        0,
        "10 passed, 0 failed",
        &["lib/pick.js:3:27 10 executions"],
    );
}

/// The gate times a tape subtest as its own unit: in each timing process the tape tests before
/// it run once, untimed, so that it is registered where the validating run found it.
#[test]
fn the_gate_times_tape_subtests_as_units() {
    let root = corpus("gate/tapesub");
    let report = engine_support::quick_suggest(&root);
    let found =
        engine_support::validated_candidate(&report, &["o.total > 50 && isVip(o.customer)"]);
    let names: Vec<&str> = found["gate"]["tests"]
        .as_array()
        .expect("gate tests")
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert_eq!(names, ["shipping", "shipping > small orders"], "{found}");
}

/// The per-test timeout is the runner's, as the project sets it (`.mocharc.yml` `timeout`,
/// package.json `jest.testTimeout`; a test's own `this.timeout`, third argument or
/// `jest.setTimeout` in its file): a test that waits forever fails at that limit (not at
/// decisionprof's 120 s), the tests after it run, and what the earlier test executed is kept,
/// in both engines; discovery says where the limit came from.
#[test]
fn a_test_that_waits_forever_fails_at_its_runners_timeout_in_both_engines() {
    let shapes = [
        (
            "runners/timeouts",
            "per-test timeout 300 ms (.mocharc.yml timeout)",
            "FAIL grade > waits for a report that never comes",
            "lib/grade.js:4:3 101 executions",
        ),
        (
            "runners/jesttimeout",
            "per-test timeout 300 ms (package.json jest testTimeout)",
            "FAIL waits for a response that never comes",
            "src/route.js:4:3 202 executions",
        ),
    ];
    for (name, reason, failed, decision) in shapes {
        let root = corpus(name);
        let reasons = engine_support::workload_reasons(&root);
        assert!(reasons.contains(reason), "{name}: {reasons}");
        for engine in ["boa", "node"] {
            let out = decisionprof(&["profile", ".", "--engine", engine], &root);
            let stdout = text(&out.stdout);
            let at_limit = format!("{failed} [test/");
            assert!(
                stdout.contains("tests: 3 passed, 1 failed")
                    && stdout.contains(&at_limit)
                    && stdout.contains("Timeout of 300ms exceeded")
                    && stdout.contains(decision),
                "{name} --engine {engine}: {stdout}{}",
                text(&out.stderr)
            );
        }
    }
}

/// node-tap's `t.matchSnapshot` and `t.resolveMatchSnapshot` read the `tap-snapshots/` file tap
/// 16.3.10 recorded for the corpus (its keys: file, `TAP`, the test names, the message and a
/// count; values in tcompare's format: objects with sorted keys, arrays, `Map`, `Set`,
/// multi-line strings; the root test's `t.cleanSnapshot` applied to its subtests' snapshots
/// too) and agree with it in both engines; a value changed since it was recorded
/// and a snapshot never recorded fail, saying which, as they fail under tap. An empty message is
/// tap's default one and a test without a name `(unnamed test)`, as tap 18.8.0 recorded them.
#[test]
fn tap_snapshots_match_what_tap_recorded_in_both_engines() {
    let root = corpus("runners/tapsnap");
    check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    engine_support::prints_in_both_engines(
        &root,
        &[
            "tests: 5 passed, 2 failed",
            "FAIL changed since it was recorded [test/summary.js]: Error: stale\nExpected (stored):\nObject {\n  \"total\": 30,\n}\nReceived:\nObject {\n  \"total\": 31,\n}",
            "FAIL never recorded [test/summary.js]: Error: no stored snapshot `test/summary.js TAP never recorded > missing 1` in tap-snapshots/test/summary.js.test.cjs",
            "lib/summary.js:5:3 35 executions",
        ],
    );
}

/// node-tap's `t.mockRequire` (and tap 16's `t.mock`), `t.mockAll` and `t.createMock` from a
/// CommonJS test file and `t.mockImport` from an ES-module one (`corpus/runners/tapmock`, 14 of
/// 14 assertions under tap 18.8.0): the module loads anew, reading the environment the test set,
/// with each mock standing for what it names wherever the new instances require or import it (a
/// project file, `fs`, `node:fs`), and a plain `require` or `import` afterwards gives the earlier
/// instance, in both engines; build output nobody built loads its source anew each time
/// (`corpus/buildout/tapmockdist`).
#[test]
fn tap_module_mocks_load_the_module_anew_with_the_mocks_in_both_engines() {
    let root = corpus("runners/tapmock");
    check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    engine_support::prints_in_both_engines(
        &root,
        &[
            "tests: 4 passed, 0 failed",
            "lib/settings.js:11:7 4 executions",
        ],
    );
    engine_support::prints_in_both_engines(
        &corpus("buildout/tapmockdist"),
        &[
            "tests: 1 passed, 0 failed",
            "src/flags.mjs:4:10 2 executions",
        ],
    );
}

/// `node --test` (like tap and ava) runs each test file in a process of its own: a module's
/// state that one file's tests change is new in the next file, in both engines and plain, as
/// under node 20 (4 of 4); discovery says why.
#[test]
fn each_test_file_of_a_process_per_file_runner_gets_its_own_modules() {
    let root = corpus("runners/fileprocess");
    check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    profile_prints(
        &root,
        0,
        "4 passed, 0 failed",
        &["lib/registry.js:10:10 5 executions"],
    );
    let reasons = engine_support::workload_reasons(&root);
    assert!(
        reasons.contains("node --test: each test file runs in a process of its own"),
        "{reasons}"
    );
}

/// jest's `moduleDirectories` (`src` beside `node_modules`) and `modulePaths`
/// (`<rootDir>/shared`): the tests and the code require modules by their path from those
/// folders, as jest 29.7 resolves them (2 of 2), profiled and plain in both engines.
#[test]
fn jest_module_directories_and_paths_resolve_as_jest_resolves_them_in_both_engines() {
    engine_support::profile_four_ways(
        &corpus("runners/jestmoduledirs"),
        "tests: 2 passed, 0 failed",
        "src/lib/price.js:6:7 2 executions",
    );
}

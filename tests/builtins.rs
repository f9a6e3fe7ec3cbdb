//! The Node built-ins and web globals of the embedded engine (url, querystring, crypto hashes and
//! HMAC, zlib, stream, string_decoder, TextEncoder/Decoder, atob/btoa, AbortController,
//! Error.captureStackTrace, V8's legacy date strings, JSON.parse's values and error texts, events.getEventListeners, an EventTarget's thousands of listeners, an Error subclass's stack below its constructors, `RegExp` sources escaped as V8 escapes
//! them, node's `Buffer` with its binary reads and writes, `vm` in this realm, `localeCompare`'s
//! order, `Intl` and the locale methods as node formats, `util.styleText` and `util.formatWithOptions`, `readline` over a stream, `fs.constants`, `path.win32`, `console` through `process.stdout.write`) give what node
//! gives; files the tests write (in the project or the temp dir) are seen by later reads but
//! never reach the disk (under `--engine node`, they reach a copy of the project), and a check
//! that writes a file excludes its decision with that reason; a built-in Boa cannot have
//! (`http`) fails its test with a message saying so and naming the module that asked for it,
//! and the other tests still run;
//! `child_process` loads and fails only where a function of it is called; only the project's own
//! code is instrumented. Arrows inside arrows read the `this` of the method around them (Boa
//! 0.22 alone gives them the global object), profiled and plain, and `x !== (x = f(x))` reads
//! `x` first (Boa 0.22 alone reads it after). `process.chdir`, the `constants` module, fs
//! streams, modules a test writes and then requires, and loaders registered in
//! `require.extensions` work as in node; `super(x).then(f)` parses (Boa 0.22 alone cannot), and searching a long string from a position is linear (Boa 0.22 alone steps through the positions before it).

mod engine_support;

use std::process::Command;

use engine_support::{check_transparency, corpus, decisionprof, profile_prints, text};

/// Node's built-ins in Boa give what node gives (`process.emitWarning` among them); in both
/// engines a test may delete a built-in the runtime itself constructs (`delete globalThis.Map`)
/// while a decision is recorded.
#[test]
fn builtins_give_what_node_gives() {
    let root = corpus("engine/builtins");
    check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    profile_prints(
        &root,
        0,
        "38 passed, 0 failed",
        &["lib/kind.js:3:10 3 executions"],
    );
    let out = engine_support::decisionprof(&["profile", ".", "--engine", "node"], &root);
    let stdout = engine_support::text(&out.stdout);
    assert!(
        stdout.contains("38 passed, 0 failed") && stdout.contains("lib/kind.js:3:10 3 executions"),
        "{stdout}"
    );
}

/// `TZ=Europe/Paris` in the test script: local dates (offsets with summer time, local fields,
/// local strings parsed and printed) and `Intl`'s time zone are Paris's in Boa, as under node
/// (kelektiv/node-cron's tests run so).
#[test]
fn the_test_scripts_time_zone_is_the_runs() {
    let root = corpus("engine/timezone");
    check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    engine_support::prints_in_both_engines(&root, &["tests: 3 passed, 0 failed"]);
}

/// `String.prototype.localeCompare` orders text as node's ICU root collation does (Boa alone
/// compares code units): punctuation and symbols in ICU's order before digits and letters, case
/// and accents at later levels, `numeric` and `sensitivity`; every order the corpus prints is
/// node's.
#[test]
fn locale_compare_orders_text_as_node_does() {
    let root = corpus("engine/collate");
    check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    profile_prints(&root, 0, "2 passed, 0 failed", &[]);
}

/// `child_process` and `worker_threads` load (a CLI requires them at its top); only a test that
/// calls `spawnSync` fails, naming it.
#[test]
fn a_process_module_loads_and_fails_only_where_called() {
    profile_prints(
        &corpus("engine/bad/noprocess"),
        1,
        "1 passed, 1 failed",
        &["FAIL spawns a process [test/cli.test.js]: Error: decisionprof: child_process.spawnSync is not available in the embedded engine: no processes or threads in Boa; profile under node with --engine node"],
    );
}

/// `Intl` and the locale methods (`toLocaleString`, `toLocaleDateString`…) in Boa give node's
/// answers: dates, numbers, currencies, percents, plural rules and collation, the same tests
/// passing and the same decisions executed as under node, profiled and plain; without node on
/// PATH, the test file that formats as it loads fails saying what to install.
#[test]
fn intl_formats_in_boa_as_under_node() {
    let root = corpus("engine/intl");
    check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    profile_prints(
        &root,
        0,
        "4 passed, 0 failed",
        &["lib/label.js:11:3 40 executions"],
    );
    let out = decisionprof(&["profile", ".", "--engine", "node"], &root);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("4 passed, 0 failed") && stdout.contains("lib/label.js:11:3 40 executions"),
        "{stdout}"
    );
    let no_node = tempfile::tempdir().expect("temp dir");
    let out = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .args(["profile", ".", "--engine", "boa"])
        .current_dir(&root)
        .env("PATH", no_node.path())
        .output()
        .expect("run decisionprof");
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("0 passed, 1 failed")
            && stdout.contains("FAIL test/intl.test.js")
            && stdout
                .contains("Intl in the embedded engine is answered by node, which is not on PATH"),
        "{stdout}{}",
        text(&out.stderr)
    );
}

/// Forced into Boa (`auto` runs these tests under node, which they need), a test that loads a
/// network module fails with the reason.
#[test]
fn a_network_module_fails_its_test_with_the_reason() {
    let out = decisionprof(
        &["profile", ".", "--engine", "boa"],
        &corpus("engine/bad/nonet"),
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("1 passed, 2 failed"), "{stdout}");
    for needle in [
        "the Node built-in module 'http' is not available in the embedded engine: no processes, threads or network in Boa (required from test/server.test.js)",
        // imported by an ES module: the message names that module
        "the Node built-in module 'http2' is not available in the embedded engine: no processes, threads or network in Boa (required from src/client.mjs)",
    ] {
        assert!(stdout.contains(needle), "{needle} in {stdout}");
    }
}

/// A compiled addon (`.node`) cannot load in Boa: a module that tries it and falls back gets its
/// fallback, even imported from an ES module, and a test that needs it fails alone, naming it;
/// under node the same test fails on the file, and the others pass.
#[test]
fn a_native_addon_fails_where_required_and_falls_back_where_tried() {
    let root = corpus("engine/bad/addon");
    profile_prints(
        &root,
        1,
        "2 passed, 1 failed",
        &["FAIL a test that needs the addon > fails alone [test/b.test.js]: Error: decisionprof: the native addon lib/fast.node cannot load in the embedded engine (required from test/b.test.js); profile under node with --engine node"],
    );
    let out = engine_support::decisionprof(&["profile", ".", "--engine", "node"], &root);
    let stdout = engine_support::text(&out.stdout);
    assert!(stdout.contains("2 passed, 1 failed"), "{stdout}");
}

/// Only the project's own code is instrumented: build output, fixtures and files its `.gitignore`
/// names are loaded as they are, and the report says so.
#[test]
fn build_output_fixtures_and_ignored_files_are_left_out_and_named() {
    let root = corpus("engine/owncode");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .args(["profile", "."])
        .current_dir(&root)
        .output()
        .expect("run decisionprof");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(
        stdout.contains("decisions: 1 found") && stdout.contains("lib/pick.js:3:11"),
        "{stdout}"
    );
    for note in [
        "dist/: build output, not instrumented",
        "fixtures/: test fixtures, not instrumented",
        "generated/pick.js: named by .gitignore, not instrumented",
    ] {
        assert!(stderr.contains(note), "{note} in {stderr}");
    }
}

/// Writes (also through file descriptors) go to the run's overlay: the tests see them, the disk
/// does not, and the decision whose check appends to a file is excluded naming the write. Under
/// `--engine node` they go to a copy of the project.
#[test]
fn files_written_by_tests_stay_in_the_run_and_a_writing_check_is_excluded() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let copy = tmp.path().join("fswrite");
    engine_support::copy_dir(&corpus("engine/fswrite"), &copy);
    profile_prints(
        &copy,
        0,
        "6 passed, 0 failed",
        &[
            "lib/store.js:21:51 2 executions",
            "lib/store.js:25:12 6 executions, excluded: a check writes a file (fs.appendFileSync ",
        ],
    );
    let left = || {
        let mut left: Vec<String> = std::fs::read_dir(&copy)
            .expect("read copy")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        left.sort();
        left
    };
    assert_eq!(
        left(),
        ["lib", "package.json", "test"],
        "the run wrote to the disk"
    );
    // under node the tests write for real, into a copy of the project
    let under_node = engine_support::node_profiled(&copy);
    assert_eq!(engine_support::results(&under_node).len(), 6);
    assert!(
        engine_support::results(&under_node).iter().all(|r| r.1),
        "{:?}",
        under_node.profile.tests
    );
    assert_eq!(
        left(),
        ["lib", "package.json", "test"],
        "--engine node wrote into the project"
    );
    check_transparency(&copy).unwrap_or_else(|e| panic!("{e}"));
}

/// Project code that truncates an array with `a.length = n` truncates it every time, also once
/// Boa's inline cache for that assignment is warm (the instrumenter writes `a["length"]`); node
/// agrees. (Plain, uninstrumented Boa 0.22 fails the second test: the bug this works around.)
#[test]
fn array_length_assignment_truncates_in_profiled_code() {
    let root = corpus("boa/arraylength");
    let (_, on_node) = engine_support::node(&root);
    assert!(
        on_node.len() == 2 && on_node.iter().all(|(_, p)| *p),
        "{on_node:?}"
    );
    profile_prints(&root, 0, "2 passed, 0 failed", &["lib/indices.js:6:"]);
}

/// `corpus/engine/arrowthis` (3 of 3 under `node --test`): promise callbacks inside executors,
/// `forEach` inside `forEach` and a decision between two arrows read the method's `this`.
#[test]
fn arrows_inside_arrows_read_the_methods_this() {
    engine_support::profile_four_ways(
        &corpus("engine/arrowthis"),
        "3 passed, 0 failed",
        "src/queue.js:20:58 5 executions",
    );
}

/// A plain script that sets `process.exitCode` to a non-zero value has failed, as node ends it
/// with that code (long.js's closure tests report so); one that sets 0 passes. Both engines.
#[test]
fn a_scripts_non_zero_exit_code_fails_it() {
    let root = corpus("engine/exit-code");
    engine_support::prints_in_both_engines(
        &root,
        &[
            "tests: 1 passed, 1 failed",
            "FAIL test/fails.js [test/fails.js]: process.exitCode was set to 1",
            "lib/sum.js:5:27 6 executions",
        ],
    );
}

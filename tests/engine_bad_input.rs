//! Bad input: failing tests are reported and the rest still run, an endless workload stops at
//! `--timeout` with exit code 2 and keeps its data, a missing module names the require chain,
//! a syntax error names file:line:col, a missing built-in names itself and its requirer.

mod engine_support;

use std::process::{Command, Output};

use engine_support::corpus;

fn profile(project: &str, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .arg("profile")
        .arg(corpus(project))
        .args(extra)
        .output()
        .expect("run decisionprof")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn failing_test_is_reported_and_the_others_run() {
    let out = profile("engine/basic", &[]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("7 passed, 1 failed"), "{stdout}");
    assert!(
        stdout.contains("FAIL Counter > fails on purpose"),
        "{stdout}"
    );
    assert!(stdout.contains("1 !== 2"), "{stdout}");
}

fn check_timeout(extra: &[&str]) {
    let dir = tempfile::tempdir().expect("temp dir");
    let json = dir.path().join("profile.json");
    let mut args = vec![
        "--timeout",
        "2",
        "--json",
        json.to_str().expect("utf-8 path"),
    ];
    args.extend_from_slice(extra);
    let out = profile("engine/bad/endless", &args);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("did not finish within --timeout"),
        "{stderr}"
    );
    let p: jsproject::profile::Profile =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("profile written"))
            .expect("profile JSON");
    assert!(p.timed_out);
    let names: Vec<(&str, bool)> = p
        .tests
        .iter()
        .map(|t| (t.name.as_str(), t.passed))
        .collect();
    assert_eq!(names, vec![("finishes", true), ("never ends", false)]);
}

/// A test file is instrumented for its writes only, but a loop spinning there still checks the
/// clock (`__dp.t()`): past `--test-timeout` that test fails as timed out within a second, the data
/// of the tests before it is kept and the tests after it run; under --timeout the run stops there
/// and still writes what it gathered.
#[test]
fn a_test_spinning_outside_instrumented_code_fails_and_the_data_is_kept() {
    let out = profile("engine/bad/spintest", &["--test-timeout", "1"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("2 passed, 1 failed"), "{stdout}");
    assert!(
        stdout.contains("FAIL spins in the test itself [test/spin.test.js]: timed out: the test ran longer than --test-timeout 1s and was stopped; the other tests go on"),
        "{stdout}"
    );
    assert!(
        stdout.contains("lib/ready.js:2:42 51 executions"),
        "{stdout}"
    );
    // 3 s: the tests before the spin must have run on a loaded machine too
    let timed = profile("engine/bad/spintest", &["--timeout", "3"]);
    let stdout = text(&timed.stdout);
    assert_eq!(timed.status.code(), Some(2), "{stdout}");
    assert!(
        stdout.contains("lib/ready.js:2:42 50 executions"),
        "{stdout}"
    );
}

/// `suggest` goes on without a test that timed out while profiling: the node gate does not run
/// it (it would hang node too) and gates the candidate with the other tests.
#[test]
fn suggest_goes_on_without_a_test_that_timed_out() {
    let root =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/engine/bad/spingate");
    let out = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .args([
            "suggest",
            ".",
            "--format",
            "json",
            "--test-timeout",
            "1",
            "--timeout",
            "120",
        ])
        .args([
            "--vms",
            "2",
            "--warmup",
            "1",
            "--measure",
            "2",
            "--no-confirm",
        ])
        .current_dir(&root)
        .output()
        .expect("run decisionprof");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    let gated: Vec<&serde_json::Value> = report["suggestions"]
        .as_array()
        .into_iter()
        .chain(report["rejected"].as_array())
        .flatten()
        .filter(|c| {
            c["diff"]
                .as_str()
                .is_some_and(|d| d.contains("flag && costly(xs)"))
        })
        .collect();
    assert_eq!(gated.len(), 1, "{report}");
    let status = gated[0]["status"].as_str().unwrap_or_default();
    assert!(
        status == "suggested" || status == "not_faster",
        "{}",
        gated[0]
    );
}

#[test]
fn endless_workload_stops_at_timeout() {
    check_timeout(&[]);
}

#[test]
fn endless_plain_workload_stops_at_timeout() {
    check_timeout(&["--plain"]);
}

#[test]
fn missing_module_names_the_require_chain() {
    let out = profile("engine/bad/missing", &[]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("Cannot find module './nope'"), "{stdout}");
    let chain = stdout.find("- lib/b.js").and_then(|b| {
        let a = stdout.find("- lib/a.js")?;
        let t = stdout.find("- test/missing.test.js")?;
        Some(b < a && a < t)
    });
    assert_eq!(chain, Some(true), "{stdout}");
    assert!(stdout.contains("1 passed, 1 failed"), "{stdout}");
}

#[test]
fn syntax_error_names_file_line_col() {
    for extra in [&[][..], &["--plain"][..], &["--engine", "node"][..]] {
        let out = profile("engine/bad/syntax", extra);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("lib/broken.js:3:"), "{extra:?}: {stderr}");
    }
}

#[test]
fn missing_builtin_names_itself_and_the_requiring_file() {
    let out = profile("engine/bad/builtin", &["--engine", "boa"]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(
            "built-in module 'http' is not available in the embedded engine: no processes, threads or network in Boa (required from test/builtin.test.js)"
        ),
        "{stdout}"
    );
    assert!(stdout.contains("1 passed, 1 failed"), "{stdout}");
}

/// `process.exit()` in a test stops the run, in Boa and under node, with a note saying what was
/// left unrun; `process.argv` is `node FILE` for the file whose test runs.
#[test]
fn process_exit_names_the_tests_it_left_unrun_and_argv_names_the_file() {
    for engine in ["boa", "node"] {
        let out = profile("engine/bad/exitmidway", &["--engine", engine]);
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert_eq!(out.status.code(), Some(1), "{engine}: {stdout}{stderr}");
        assert!(
            stdout.contains("1 passed, 1 failed")
                && stdout
                    .contains("FAIL exits [test/a.test.js]: stopped: process.exit() was called"),
            "{engine}: {stdout}"
        );
        assert!(
            stderr.contains(
                "process.exit() was called in `exits` [test/a.test.js]: the run stopped there"
            ) && stderr.contains("3 later test(s) in 2 file(s) were not run"),
            "{engine}: {stderr}"
        );
    }
}

/// `process.exit()` while a test file loads stops the run too, and the note names the tests
/// registered before it and the files after it, which never ran.
#[test]
fn process_exit_while_a_file_loads_names_what_it_left_unrun() {
    for engine in ["boa", "node"] {
        let out = profile("engine/bad/exitatload", &["--engine", engine]);
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert_eq!(out.status.code(), Some(1), "{engine}: {stdout}{stderr}");
        assert!(
            stdout.contains(
                "FAIL test/b.test.js [test/b.test.js]: stopped: process.exit() was called"
            ),
            "{engine}: {stdout}"
        );
        assert!(
            stderr.contains(
                "process.exit() was called while loading test/b.test.js: the run stopped there"
            ) && stderr.contains(
                "2 test(s) already registered and 1 later file(s) (test/c.test.js) were not run"
            ),
            "{engine}: {stderr}"
        );
    }
}

#[test]
fn no_workload_is_an_input_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("package.json"), "{}").expect("package.json");
    let out = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .arg("profile")
        .arg(dir.path())
        .output()
        .expect("run decisionprof");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    // what was looked at, and how to name the tests
    assert!(stderr.contains("no tests found"), "{stderr}");
    assert!(stderr.contains("scripts.test (none)"), "{stderr}");
    assert!(stderr.contains("--workload"), "{stderr}");
}

/// A temp project: `package.json` and files given as (path, bytes).
fn project(files: &[(&str, &[u8])]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    for (p, bytes) in files {
        let path = dir.path().join(p);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
    dir
}

#[test]
fn a_missing_target_is_an_input_error() {
    let dir = project(&[
        (
            "package.json",
            br#"{"decisionprof": {"target": "node_modules/gone"}}"#,
        ),
        ("test/a.js", b"it('a', function () {});\n"),
    ]);
    let out = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .arg("profile")
        .arg(dir.path())
        .output()
        .expect("run decisionprof");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("decisionprof.target names node_modules/gone"),
        "{stderr}"
    );
}

#[test]
fn non_utf8_files_run_uninstrumented_and_a_bom_does_not_shift_columns() {
    let dir = project(&[
        ("package.json", b"{}"),
        // a Latin-1 byte in a comment: not UTF-8
        ("lib.js", b"module.exports = function () { return 1 && 2; }; // \xe9\n"),
        ("bom.js", b"\xef\xbb\xbfmodule.exports = function (a, b) { return a > 0 && b > 0; };\n"),
        (
            "test/a.js",
            b"var f = require('../lib'); var g = require('../bom');\nit('a', function () { f(); g(1, 2); });\n",
        ),
    ]);
    let json = dir.path().join("profile.json");
    let out = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .arg("profile")
        .arg(dir.path())
        .arg("--json")
        .arg(&json)
        .output()
        .expect("run decisionprof");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("lib.js: not UTF-8"), "{stderr}");
    let p: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(json).unwrap()).unwrap();
    let decisions = p["decisions"].as_array().unwrap();
    assert_eq!(decisions.len(), 1, "only bom.js is instrumented");
    let loc = &decisions[0]["decision"]["location"];
    assert_eq!(loc["file"], "bom.js");
    // `a > 0 && b > 0` starts at column 43 with or without the byte-order mark
    assert_eq!(
        (loc["line"].as_u64(), loc["col"].as_u64()),
        (Some(1), Some(43))
    );
}

/// `suggest` on a profile where most tests failed (here: they need `WebAssembly`, which Boa lacks)
/// suggests nothing and says why and what to try; under node the same tests pass and it suggests.
#[test]
fn suggest_refuses_a_profile_of_mostly_failing_tests() {
    let suggest = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_decisionprof"))
            .args(["suggest", ".", "--gate", "none"])
            .args(extra)
            .current_dir(corpus("engine/bad/mostfail"))
            .output()
            .expect("run decisionprof")
    };
    let out = suggest(&[]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(2), "{stdout}{stderr}");
    assert!(!stdout.contains("Suggestions"), "{stdout}");
    for needle in [
        "2 of 3 tests failed while profiling in Boa",
        "first: labels dollars (test/price.test.js): ReferenceError: WebAssembly is not defined",
        "try `--engine node`",
    ] {
        assert!(stderr.contains(needle), "{needle} in {stderr}");
    }
    let out = suggest(&["--engine", "node"]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("src/price.js:6:10 (logical)"), "{stdout}");
}

/// A run that takes long says on stderr how far it is (here every second, as
/// `DECISIONPROF_PROGRESS_SECS` asks), naming the test that runs, in Boa and under node.
#[test]
fn a_long_run_says_how_far_it_is() {
    for (engine, what) in [
        ("boa", "the instrumented run, "),
        ("node", "the instrumented run under node, "),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
            .arg("profile")
            .arg(corpus("engine/bad/spintest"))
            .args(["--test-timeout", "4", "--engine", engine])
            .env("DECISIONPROF_PROGRESS_SECS", "1")
            .output()
            .expect("run decisionprof");
        let stderr = text(&out.stderr);
        let line = stderr
            .lines()
            .find(|l| l.ends_with("running spins in the test itself [test/spin.test.js]"))
            .unwrap_or_else(|| {
                panic!("{engine}: no progress line naming the spinning test: {stderr}")
            });
        assert!(
            line.starts_with(&format!("decisionprof: {what}"))
                && line.contains(" s in: 1 tests done; "),
            "{engine}: {line}"
        );
    }
}

/// Boa 0.22 panics linking a cycle of ES modules in which an import names what its target lacks:
/// the run fails with that as its error and names `--engine node`; no panic reaches the user.
#[test]
fn a_panic_inside_boa_is_the_runs_error() {
    let out = profile("engine/bad/linkcycle", &[]);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("the embedded engine (Boa 0.22) failed inside itself")
            && stderr.contains("profile under node with --engine node"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// A plain script that ends with `process.exit(0)` (as qunit-extras ends a run) passes, in Boa
/// as under node; `process.exit` with another code, or in a test, still fails (above).
#[test]
fn process_exit_0_ends_a_plain_script_well() {
    for engine in ["boa", "node"] {
        let out = profile("engine/bad/exitclean", &["--engine", engine]);
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert_eq!(out.status.code(), Some(0), "{engine}: {stdout}{stderr}");
        assert!(stdout.contains("1 passed, 0 failed"), "{engine}: {stdout}");
    }
}

/// A test stuck in a regular expression that backtracks for ever is stopped at the per-test
/// limit (the expression is matched on a helper thread, abandoned at the limit): it fails
/// naming the limit, the next test runs, and the earlier test's decisions are kept. Without the
/// helper the run would sit in the expression until `--timeout`.
#[test]
fn a_test_stuck_in_a_regular_expression_is_stopped_at_its_limit() {
    let out = profile(
        "engine/bad/nativestuck",
        &["--test-timeout", "1", "--timeout", "120"],
    );
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    for line in [
        "tests: 2 passed, 1 failed",
        "FAIL pick > is stuck in a regular expression [test/a.test.js]: timed out: the test ran longer than --test-timeout 1s",
        "lib/pick.js:2:10 51 executions",
    ] {
        assert!(stdout.contains(line), "{line} in {stdout}{stderr}");
    }
}

/// `Atomics.wait` sleeps synchronously in Boa as on node's main thread (Boa itself refuses to
/// block), and a wait without end is stopped at the per-test limit: it fails naming the limit
/// and the next test runs.
#[test]
fn a_test_waiting_in_atomics_wait_sleeps_and_is_stopped_at_its_limit() {
    let out = profile(
        "engine/bad/atomicswait",
        &["--engine", "boa", "--test-timeout", "1", "--timeout", "120"],
    );
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{stdout}{stderr}");
    for line in [
        "tests: 2 passed, 1 failed",
        "FAIL Atomics.wait > waits without end [test/wait.test.js]: timed out: the test ran longer than --test-timeout 1s",
    ] {
        assert!(stdout.contains(line), "{line} in {stdout}{stderr}");
    }
}

/// A run that `--timeout` ends while a test is inside a built-in (a regular expression that
/// backtracks for ever) still reports the decisions the earlier tests executed, and every test's
/// result.
#[test]
fn a_run_ended_inside_a_built_in_keeps_what_earlier_tests_recorded() {
    let out = profile("engine/bad/nativestuck", &["--timeout", "2"]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(2), "{stdout}{stderr}");
    for line in [
        "tests: 1 passed, 1 failed",
        "FAIL pick > is stuck in a regular expression [test/a.test.js]: stopped: the run exceeded --timeout",
        "lib/pick.js:2:10 50 executions",
    ] {
        assert!(stdout.contains(line), "{line} in {stdout}{stderr}");
    }
}

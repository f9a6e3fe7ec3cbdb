//! `--engine node`: the instrumented program runs under real node with the JavaScript `__dp`
//! runtime. The real npm packages of `corpus/realworld` are profiled by both engines and the
//! profiles diffed (`tests/engines_agree.rs` does the same for the other corpora, and
//! `tests/conformance.rs` specifies the runtime); the rest checks what only node does.

mod engine_support;

use std::path::PathBuf;

use engine_support::{decisionprof, quick_suggest, repo, text, unexplained, validated_candidate};

fn check(list: &[PathBuf]) {
    assert!(!list.is_empty(), "no projects");
    let found: Vec<String> = list.iter().flat_map(|p| unexplained(p)).collect();
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn realworld_packages_profile_the_same_under_both_engines() {
    let dir = repo().join("corpus/realworld");
    let mut list: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("corpus/realworld")
        .flatten()
        .map(|e| e.path().join("package"))
        .filter(|p| p.join("package.json").is_file())
        .collect();
    list.sort();
    assert!(
        list.len() >= 25,
        "corpus/realworld is not unpacked: run scripts/setup.sh"
    );
    check(&list);
}

#[test]
fn suggest_under_node_finds_and_validates_the_planted_reorder() {
    let root = repo().join("corpus/planted/basic");
    let out = decisionprof(
        &[
            "suggest",
            ".",
            "--format",
            "json",
            "--vms",
            "2",
            "--warmup",
            "1",
            "--measure",
            "3",
            "--no-confirm",
            "--engine",
            "node",
        ],
        &root,
    );
    let progress = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{progress}");
    // stderr is not a terminal here: each phase is a line, naming where it ran
    for phase in [
        "profile: plain run of the workload under node",
        "profile: instrumented run of the workload under node",
    ] {
        assert!(progress.contains(phase), "{phase} in {progress}");
    }
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    let found = validated_candidate(
        &report,
        &["-  if (mentionsKnownWord(order.note) && order.total > 900) {"],
    );
    assert!(found["diff"].as_str().is_some_and(
        |d| d.contains("+  if (order.total > 900 && mentionsKnownWord(order.note)) {")
    ));
}

/// With no flags (`auto`) a project whose tests start a server runs under node, saying why;
/// forced into Boa, the run says to use node.
#[test]
fn a_server_on_loopback_profiles_under_node_and_boa_says_to_use_it() {
    let root = repo().join("corpus/nodeonly/http");
    let out = decisionprof(&["profile", ".", "--engine", "node"], &root);
    let stdout = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}\n{}",
        text(&out.stderr)
    );
    assert!(stdout.contains("tests: 1 passed, 0 failed"), "{stdout}");
    assert!(
        stdout.contains("lib/route.js:12:7 20 executions"),
        "{stdout}"
    );
    let auto = decisionprof(&["profile", "."], &root);
    let (said, why) = (text(&auto.stdout), text(&auto.stderr));
    assert_eq!(auto.status.code(), Some(0), "{said}{why}");
    assert!(said.contains("lib/route.js:12:7 20 executions"), "{said}");
    assert!(
        format!("{said}{why}")
            .contains("test/server.test.js loads 'http', which the embedded engine cannot run"),
        "{said}{why}"
    );
    let boa = decisionprof(&["profile", ".", "--engine", "boa"], &root);
    let said = text(&boa.stdout);
    assert_eq!(boa.status.code(), Some(1), "{said}");
    assert!(
        said.contains("'http' is not available in the embedded engine")
            && said.contains("--engine node"),
        "{said}"
    );
}

#[test]
fn a_node_run_past_its_timeout_keeps_what_it_gathered() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path();
    std::fs::create_dir_all(root.join("test")).expect("mkdir");
    std::fs::write(
        root.join("lib.js"),
        "exports.f = (a, b) => a > 1 && b < 2;\nexports.spin = () => { for (;;) { if (exports.f(2, 3)) break; } };\n",
    )
    .expect("write lib");
    std::fs::write(
        root.join("test/t.test.js"),
        "const lib = require('../lib');\nit('counts', () => { for (let i = 0; i < 50; i++) lib.f(i, 1); });\nit('spins', () => lib.spin());\n",
    )
    .expect("write test");
    std::fs::write(root.join("package.json"), r#"{ "private": true }"#).expect("package.json");
    let json = root.join("profile.json");
    let out = decisionprof(
        &[
            "profile",
            ".",
            "--engine",
            "node",
            "--timeout",
            "3",
            "--json",
            json.to_str().expect("utf-8 path"),
        ],
        root,
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let p: jsproject::profile::Profile =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("profile written"))
            .expect("a profile");
    assert!(p.timed_out);
    let counts = p
        .tests
        .iter()
        .find(|t| t.name == "counts")
        .expect("first test");
    assert!(counts.passed);
    let f = &p.decisions[0];
    assert!(f.executions >= 50, "{}", f.executions);
    assert!(!f.slices.is_empty());
}

/// A rejection handled later in its test (after an await) is not an uncaught error under node,
/// as node's own runners see it: node says it was handled only at the end of the tick.
#[test]
fn a_rejection_handled_later_in_its_test_is_not_uncaught() {
    let root = engine_support::corpus("engine/laterejection");
    let out = engine_support::decisionprof(&["profile", ".", "--engine", "node"], &root);
    let stdout = engine_support::text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("tests: 1 passed, 0 failed"), "{stdout}");
}

/// Under node a project function prints the text the user wrote, not its instrumented form: the
/// runner finds it through the functions' positions packed beside each prepared text.
#[test]
fn project_functions_keep_their_source_text_under_node() {
    let root = engine_support::corpus("engine/functions");
    let out = engine_support::decisionprof(&["profile", ".", "--engine", "node"], &root);
    let stdout = engine_support::text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("tests: 5 passed, 0 failed"), "{stdout}");
}

/// A test titled with a lone surrogate (eemeli/yaml has `'\uDF06\uD834'`) keeps one name in
/// both engines and in the gate's runner, written as Boa writes it (`\uDF06`); the runners'
/// records stay JSON that parses.
#[test]
fn a_test_titled_with_a_lone_surrogate_has_one_name_in_both_engines_and_the_gate() {
    let dir = temp_project(&[
        (
            "test/s.test.js",
            "const { f } = require('../lib/a');\nit('\\uDF06\\uD834 lone', () => { for (let i = 0; i < 100; i++) f('abcdx'); });\nit('pair \\uD834\\uDF06', () => { f('ab'); });\n",
        ),
    ]);
    let both = decisionprof(&["profile", ".", "--engine", "both"], dir.path());
    let out = text(&both.stdout);
    assert_eq!(both.status.code(), Some(0), "{}", text(&both.stderr));
    assert!(out.contains("engines: 0 difference(s)"), "{out}");
    // the gate validates the original under node: its runner's records parse
    let report = quick_suggest(dir.path());
    assert!(report["suggestions"].is_array(), "{report}");
}

/// A mocha project with `lib/a.js` (one `&&` decision) and `files`.
fn temp_project(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let common = [
        (
            "package.json",
            r#"{ "private": true, "scripts": { "test": "mocha" } }"#,
        ),
        (
            "lib/a.js",
            "exports.f = (s) => s.length > 3 && s.toLowerCase().includes('x');\n",
        ),
    ];
    for (p, body) in common.iter().chain(files) {
        let path = dir.path().join(p);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, body).unwrap();
    }
    dir
}

/// `--engine auto` runs a suite under node when a test needs a Node built-in the embedded engine
/// does not provide (taylorhakes/fecha's runner loads `domain` deep in its dependencies), and
/// says so; `--engine boa` keeps Boa and stops on the failures.
#[test]
fn auto_moves_to_node_a_suite_that_needs_a_builtin_boa_lacks() {
    let dir = temp_project(&[(
        "test/d.test.js",
        "const domain = require('domain');\nconst { f } = require('../lib/a');\nit('runs in a domain', () => { domain.create().run(() => { for (let i = 0; i < 10; i++) f('abcdx'); }); });\n",
    )]);
    let report = quick_suggest(dir.path());
    let notes = report["notes"].to_string();
    assert!(
        notes.contains("test/d.test.js needs the Node built-in module 'domain'")
            && notes.contains("the tests ran under node"),
        "{report}"
    );
    let boa = decisionprof(
        &["suggest", ".", "--gate", "none", "--engine", "boa"],
        dir.path(),
    );
    assert_ne!(boa.status.code(), Some(0));
    assert!(text(&boa.stderr).contains("1 of 1 tests failed while profiling in Boa"));
}

/// A test titled by an absolute path of the project (remarkable titles its fixture tests so)
/// keeps one name in Boa (which runs the project where it is), under node and in the gate (which
/// run copies): the engines agree and the gate finds the original's tests in every copy.
#[test]
fn a_test_titled_by_the_projects_path_has_one_name_in_both_engines_and_the_gate() {
    let dir = temp_project(&[(
        "test/p.test.js",
        "const path = require('path');\nconst { f } = require('../lib/a');\ndescribe(path.join(__dirname, 'fixtures'), () => {\n  it('runs', () => { for (let i = 0; i < 2000; i++) f(i % 3 ? 'ab' : 'abcdx'); });\n});\n",
    )]);
    let both = decisionprof(&["profile", ".", "--engine", "both"], dir.path());
    let out = text(&both.stdout);
    assert_eq!(both.status.code(), Some(0), "{}", text(&both.stderr));
    assert!(out.contains("engines: 0 difference(s)"), "{out}");
    let report = quick_suggest(dir.path()).to_string();
    assert!(!report.contains("originally"), "{report}");
    assert!(!report.contains("invalid"), "{report}");
}

/// A workload that loads none of the project's own files (node-util's runner spawns each test
/// file in a child process) profiles nothing, and the report says so instead of a bare "No
/// suggestions".
#[test]
fn a_workload_that_loads_no_project_file_is_said_to_profile_nothing() {
    let dir = temp_project(&[(
        "test/spawn.test.js",
        "const { execFileSync } = require('child_process');\nit('runs lib in a child', () => { execFileSync(process.execPath, ['-e', \"require('./lib/a').f('abcdx')\"]); });\n",
    )]);
    let out = decisionprof(
        &["suggest", ".", "--gate", "none", "--format", "json"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let notes = report["notes"].to_string();
    assert!(
        notes.contains("the workload loaded none of the project's own files"),
        "{notes}"
    );
}

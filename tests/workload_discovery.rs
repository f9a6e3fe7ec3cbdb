//! `decisionprof workload` finds a project's tests the way its test command does: scripts.test
//! through wrappers and `npm run`, the runner's configuration and defaults, else the one runner among the
//! dependencies (corpus/discovery).

use std::path::Path;
use std::process::Command;

use serde_json::Value;

fn workload(name: &str) -> (Option<i32>, Value, String) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus/discovery")
        .join(name);
    let out = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .args(["workload", "--json"])
        .arg(&dir)
        .output()
        .expect("decisionprof runs");
    let json = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    (
        out.status.code(),
        json,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn files(v: &Value) -> Vec<&str> {
    v["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap())
        .collect()
}

#[test]
fn each_runner_configuration_is_read() {
    // (project, runner, files in load order)
    let cases: [(&str, &str, &[&str]); 24] = [
        // node --stack-size=… ./node_modules/.bin/jest: jest under node's options (xmldom)
        ("nodebin", "jest", &["test/sum.test.js"]),
        // vitest --project node --project tasks: both projects' files, and node's setup file
        // though its exclude covers it
        (
            "vitestmany",
            "vitest",
            &["spec/env/setup.js", "spec/a.test.js", "tasks/t.test.js"],
        ),
        // istanbul cover _mocha -- -R spec: mocha's default ./test is test.js when no folder
        ("mochafile", "mocha", &["test.js"]),
        // ava.config.js: extensions { ts } (js no longer one), files without an extension
        ("avats", "ava", &["test/a.ts"]),
        // vitest with projects: the first that runs in node; its exclude, its defaults (dist/)
        // and `--exclude` leave out helpers, types, build output and the legacy test
        ("vitestprojects", "vitest", &["test/twice.test.ts"]),
        // jest's path arguments are regular expressions over the configured files; a later
        // `jest` of the same script over everything adds the rest
        (
            "jestfilter",
            "jest",
            &[
                "test/timezone.test.js",
                "test/parse.test.js",
                "test/plugin/timezone.test.js",
            ],
        ),
        // two scripts that each run `node --test` on other files: both sets
        (
            "nodetestscripts",
            "node-test",
            &[
                "test/run-specs.js",
                "test/unit/a.test.js",
                "test/unit/b.test.js",
            ],
        ),
        // tape run twice, the second time after a prelude: the first run's files only
        ("tapeprelude", "tape", &["test/a.js"]),
        // npm run lint && nyc mocha; .mocharc.yml spec + require
        (
            "mocharc",
            "mocha",
            &["spec/setup.js", "spec/unit/a.spec.js"],
        ),
        // tape test/*.js | tap-spec: `*` stays in one folder
        ("tape", "tape", &["test/one.js"]),
        // node --test with its default patterns
        ("nodetest", "node-test", &["lib/x.test.js", "test/y.mjs"]),
        // xo && ava with package.json ava.files
        ("ava", "ava", &["checks/a.js"]),
        // cross-env NODE_ENV=test jest: jest's default testMatch
        ("jest", "jest", &["src/__tests__/a.js", "src/b.test.js"]),
        // jest.config.js testRegex (a list): matched against /path from the root
        (
            "jestregex",
            "jest",
            &["checks/c.check.js", "src/__tests__/a.js"],
        ),
        // package.json jest.testMatch with micromatch extglobs under <rootDir>
        (
            "jestextglob",
            "jest",
            &["lib/a.spec.js", "lib/c.test.jsx", "lib/test.js"],
        ),
        // tap with .taprc: files (a folder) and node-arg -r
        ("taprc", "tap", &["checks/setup.js", "checks/a.js"]),
        // tap with no files: tap's default test regex, fixtures/ and tap-snapshots/ left out
        ("tapdefault", "tap", &["lib/b.test.js", "test/a.js"]),
        // uvu -r esm test -i helpers: -r esm is a loader, -i leaves helpers/ out
        ("uvuignore", "uvu", &["test/a.js"]),
        // tsc --noEmit && tsx --test: node --test's patterns with TypeScript added
        ("tsx", "node-test", &["test/add.test.ts"]),
        // node test: node resolves its script to test.js
        ("nodescript", "node", &["test.js"]),
        // ts-scripts test (a wrapper we do not read): vitest, the one runner among the
        // dependencies, with its default include
        ("wrapped", "vitest", &["src/twice.spec.ts"]),
        // run-s lint mocha → mocha test: the folder with mocha.extension's files
        ("mochadir", "mocha", &["test/a.ts", "test/b.js"]),
        // kcd-scripts test: a tool kit that runs jest, with jest's default testMatch
        ("kcdscripts", "jest", &["src/__tests__/rank.js"]),
        // jest --config config/jest.config.js: rootDir '..', testPathIgnorePatterns '/helpers/'
        (
            "jestconfig",
            "jest",
            &["config/setup.js", "src/__tests__/sum.test.js"],
        ),
    ];
    for (name, runner, want) in cases {
        let (code, v, err) = workload(name);
        assert_eq!(code, Some(0), "{name}: {err}");
        assert_eq!(v["runner"], runner, "{name}: {v}");
        assert_eq!(files(&v), want.to_vec(), "{name}: {v}");
        assert!(!v["reasons"].as_array().unwrap().is_empty(), "{name}");
    }
    let (_, v, _) = workload("vitestprojects");
    let said = v.to_string();
    assert!(said.contains("define globalThis.USE_SYNC = false"), "{v}");
    assert!(
        said.contains("vitest project async is run; browser, sync are not"),
        "{v}"
    );
    // the configuration `--config` names says testEnvironment node: no jsdom note for jest 24
    let (_, v, _) = workload("jestconfig");
    assert!(!v["notes"].to_string().contains("jsdom"), "{v}");
    let (_, v, _) = workload("mocharc");
    assert_eq!(v["setup"], serde_json::json!(["spec/setup.js"]));
    // jest 26 ran its tests in jsdom by default, which decisionprof does not provide: said so
    let (_, v, _) = workload("kcdscripts");
    assert!(
        v["notes"]
            .to_string()
            .contains("jest 26 runs its tests in jsdom"),
        "{v}"
    );
    assert!(
        v["reasons"]
            .to_string()
            .contains("`kcd-scripts test` runs jest"),
        "{v}"
    );
}

#[test]
fn benchmarks_are_listed_beside_the_tests() {
    let (code, v, _) = workload("benches");
    assert_eq!(code, Some(0));
    assert_eq!(files(&v), ["test/lex.test.js"]);
    let benches: Vec<(&str, &str)> = v["benchmarks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["file"].as_str().unwrap(), b["found"].as_str().unwrap()))
        .collect();
    assert_eq!(
        benches,
        [
            ("benchmark/index.js", "scripts.bench runs it"),
            ("src/lex.bench.mjs", "a *.bench.* file")
        ]
    );
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/discovery");
    let bench = |name: &str| {
        Command::new(env!("CARGO_BIN_EXE_decisionprof"))
            .args(["workload", "--bench"])
            .arg(dir.join(name))
            .output()
            .expect("decisionprof runs")
    };
    let out = bench("benches");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("src/lex.bench.mjs  (a *.bench.* file, vitest)"),
        "{text}"
    );
    assert_eq!(bench("tape").status.code(), Some(2));
}

#[test]
fn a_project_without_tests_gets_told_what_was_looked_at() {
    let (code, _, err) = workload("none");
    assert_eq!(code, Some(2));
    assert!(err.contains("scripts.test (`echo no tests`)"), "{err}");
    assert!(err.contains("--workload"), "{err}");
}

#[test]
fn two_runners_among_the_dependencies_are_named_not_guessed() {
    let (code, _, err) = workload("tworunners");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("scripts.test (`make check`)"), "{err}");
    assert!(
        err.contains("several test runners (vitest, jest); none is guessed"),
        "{err}"
    );
}

#[test]
fn a_non_string_workload_entry_is_an_error() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(
        d.path().join("package.json"),
        r#"{"decisionprof": {"workload": ["test/*.js", 3]}}"#,
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .arg("workload")
        .arg(d.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("decisionprof.workload must be"), "{err}");
}

/// The tests see the environment their runner gives them: the script's assignments and what the
/// runner sets itself (jest's NODE_ENV=test), in Boa and under node; discovery says so.
#[test]
fn the_runners_environment_reaches_the_tests_in_both_engines() {
    let (code, v, err) = workload("envs");
    assert_eq!(code, Some(0), "{err}");
    let reasons = v["reasons"].to_string();
    assert!(
        reasons.contains("environment: GREETING=hi, set in scripts.test")
            && reasons.contains("environment: NODE_ENV=test, as jest sets it"),
        "{reasons}"
    );
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/discovery/envs");
    for engine in ["boa", "node"] {
        let out = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
            .args(["profile", ".", "--engine", engine])
            .current_dir(&dir)
            .env_remove("NODE_ENV")
            .env_remove("GREETING")
            .output()
            .expect("decisionprof runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(stdout.contains("1 passed, 0 failed"), "{engine}: {stdout}");
    }
}

/// The projects `--project` names run together, with the setup file of one; the run passes the
/// tests that need what the setup file (and what it imports) sets.
#[test]
fn named_vitest_projects_run_together_with_their_setup() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/discovery/vitestmany");
    let out = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .arg("profile")
        .arg(&dir)
        .output()
        .expect("decisionprof runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("tests: 3 passed, 0 failed"), "{stdout}");
}

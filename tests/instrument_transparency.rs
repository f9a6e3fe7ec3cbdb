//! Transparency: each program of corpus/transparency prints exactly the same under node when instrumented
//! (with the stand-in runtime of instrument/js/standin.js), both without speculation and with every
//! short-circuited check (and every condition after an arm chain's true one) evaluated
//! speculatively and undone.

use std::path::{Path, PathBuf};
use std::process::Command;

use instrument::model::Shape;
use instrument::{instrument_source, InstrumentOptions};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn node_available() -> bool {
    Command::new("node").arg("--version").output().is_ok()
}

/// stdout, stderr-free exit status of `node [-r standin] file` with environment `env`.
fn run_node(file: &Path, standin: bool, env: &[(&str, String)]) -> (String, Option<i32>) {
    let mut cmd = Command::new("node");
    if standin {
        cmd.arg("-r").arg(root().join("instrument/js/standin.js"));
    }
    cmd.arg(file);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("node runs");
    if !out.status.success() {
        eprintln!(
            "{} stderr:\n{}",
            file.display(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code(),
    )
}

#[test]
fn instrumented_programs_print_the_same_under_node() {
    assert!(node_available(), "node is required for this test");
    let dir = root().join("corpus/transparency");
    let mut programs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("corpus/transparency exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "js" || e == "mjs"))
        .collect();
    programs.sort();
    assert!(programs.len() >= 8, "expected the transparency corpus");
    let tmp = tempfile::tempdir().expect("temp dir");
    let mut failures = Vec::new();
    let mut opts = InstrumentOptions::default();
    for program in &programs {
        let name = program.file_name().unwrap().to_string_lossy().into_owned();
        let source = std::fs::read_to_string(program).expect("readable");
        let out = instrument_source(&source, &name, &opts)
            .unwrap_or_else(|e| panic!("{name} does not instrument: {e}"));
        assert!(!out.decisions.is_empty(), "{name} has no decisions");
        let inst = tmp.path().join(&name);
        std::fs::write(&inst, &out.code).expect("write instrumented file");
        let meta: serde_json::Map<String, serde_json::Value> = out
            .decisions
            .iter()
            .enumerate()
            .filter(|(_, d)| matches!(d.shape, Shape::Logical { .. } | Shape::Chain(_)))
            .map(|(k, d)| {
                (
                    (opts.first_decision as usize + k).to_string(),
                    serde_json::Value::from(d.leaves.len()),
                )
            })
            .collect();
        let meta_path = tmp.path().join(format!("{name}.meta.json"));
        std::fs::write(&meta_path, serde_json::Value::Object(meta).to_string())
            .expect("write meta");
        let expected = run_node(program, false, &[]);
        assert_eq!(expected.1, Some(0), "{name} fails under plain node");
        assert!(!expected.0.is_empty(), "{name} prints nothing");
        let plain = run_node(
            &inst,
            true,
            &[("DP_META", meta_path.to_string_lossy().into_owned())],
        );
        if plain != expected {
            failures.push(format!(
                "{name} (no speculation):\n--- expected\n{}--- got\n{}",
                expected.0, plain.0
            ));
        }
        let spec = run_node(
            &inst,
            true,
            &[
                ("DP_SPECULATE", "1".to_string()),
                ("DP_META", meta_path.to_string_lossy().into_owned()),
            ],
        );
        if spec != expected {
            failures.push(format!(
                "{name} (speculation with undo):\n--- expected\n{}--- got\n{}",
                expected.0, spec.0
            ));
        }
        let copies = run_node(&inst, true, &[("DP_PLAIN", "1".to_string())]);
        if copies != expected {
            failures.push(format!(
                "{name} (plain copies):\n--- expected\n{}--- got\n{}",
                expected.0, copies.0
            ));
        }
        opts.first_decision = out.next_decision;
        opts.first_binding = out.next_binding;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Copies `from` to `to`, instrumenting every .js/.cjs/.mjs file with the running numbering in `opts`.
fn copy_instrumented(
    from: &Path,
    to: &Path,
    rel: &str,
    opts: &mut InstrumentOptions,
    meta: &mut serde_json::Map<String, serde_json::Value>,
) {
    std::fs::create_dir_all(to).expect("create dir");
    let mut entries: Vec<_> = std::fs::read_dir(from)
        .expect("read dir")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let target = to.join(&name);
        let rel = format!("{rel}/{name}");
        if path.is_dir() {
            copy_instrumented(&path, &target, &rel, opts, meta);
        } else if ["js", "cjs", "mjs"]
            .iter()
            .any(|e| path.extension().is_some_and(|x| x == *e))
        {
            let source = std::fs::read_to_string(&path).expect("readable");
            let out = instrument_source(&source, &rel, opts)
                .unwrap_or_else(|e| panic!("{rel} does not instrument: {e}"));
            for (k, d) in out.decisions.iter().enumerate() {
                if matches!(d.shape, Shape::Logical { .. } | Shape::Chain(_)) {
                    meta.insert(
                        (opts.first_decision as usize + k).to_string(),
                        serde_json::Value::from(d.leaves.len()),
                    );
                }
            }
            opts.first_decision = out.next_decision;
            opts.first_binding = out.next_binding;
            std::fs::write(&target, out.code).expect("write instrumented file");
        } else {
            std::fs::copy(&path, &target).expect("copy file");
        }
    }
}

#[test]
fn instrumented_npm_packages_behave_the_same_under_node() {
    assert!(node_available(), "node is required for this test");
    let modules = root().join("corpus/robustness/node_modules");
    assert!(
        modules.is_dir(),
        "{} is missing: run scripts/setup.sh first",
        modules.display()
    );
    let driver = root().join("corpus/transparency/npm/driver.js");
    let tmp = tempfile::tempdir().expect("temp dir");
    let orig = tmp.path().join("orig");
    std::fs::create_dir_all(orig.join("node_modules")).expect("create dir");
    let inst = tmp.path().join("inst");
    let mut opts = InstrumentOptions::default();
    let mut meta = serde_json::Map::new();
    for pkg in ["lodash", "moment", "marked", "semver", "validator"] {
        copy_instrumented(
            &modules.join(pkg),
            &inst.join("node_modules").join(pkg),
            pkg,
            &mut opts,
            &mut meta,
        );
        copy_plain(&modules.join(pkg), &orig.join("node_modules").join(pkg));
    }
    std::fs::copy(&driver, orig.join("driver.js")).expect("copy driver");
    std::fs::copy(&driver, inst.join("driver.js")).expect("copy driver");
    let meta_path = tmp.path().join("meta.json");
    std::fs::write(&meta_path, serde_json::Value::Object(meta).to_string()).expect("write meta");
    let expected = run_node(&orig.join("driver.js"), false, &[]);
    assert_eq!(
        expected.1,
        Some(0),
        "the driver fails on the original packages"
    );
    assert!(expected.0.lines().count() > 40);
    let plain = run_node(
        &inst.join("driver.js"),
        true,
        &[("DP_META", meta_path.to_string_lossy().into_owned())],
    );
    assert!(
        plain == expected,
        "instrumented packages, no speculation: {}",
        first_difference(&expected, &plain)
    );
    let spec = run_node(
        &inst.join("driver.js"),
        true,
        &[
            ("DP_SPECULATE", "1".to_string()),
            ("DP_META", meta_path.to_string_lossy().into_owned()),
        ],
    );
    assert!(
        spec == expected,
        "instrumented packages, speculation with undo: {}",
        first_difference(&expected, &spec)
    );
    let copies = run_node(
        &inst.join("driver.js"),
        true,
        &[("DP_PLAIN", "1".to_string())],
    );
    assert!(
        copies == expected,
        "instrumented packages, plain copies: {}",
        first_difference(&expected, &copies)
    );
}

fn copy_plain(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create dir");
    for entry in std::fs::read_dir(from).expect("read dir") {
        let path = entry.expect("entry").path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_plain(&path, &target);
        } else {
            std::fs::copy(&path, &target).expect("copy file");
        }
    }
}

/// The first line where two runs differ, or their exit codes.
fn first_difference(a: &(String, Option<i32>), b: &(String, Option<i32>)) -> String {
    for (i, (x, y)) in a.0.lines().zip(b.0.lines()).enumerate() {
        if x != y {
            return format!("line {}:\n  expected {x}\n  got      {y}", i + 1);
        }
    }
    format!(
        "{} vs {} lines, exit {:?} vs {:?}",
        a.0.lines().count(),
        b.0.lines().count(),
        a.1,
        b.1
    )
}

//! Real npm packages with their own test suites (`corpus/realworld/<name>/`, unpacked from the
//! registry by `scripts/setup-realworld.sh`), run as a user would run them: no flags. For each,
//! the tests that pass under node (the project's files with the shared harness) must pass
//! profiled in Boa, at least 95 % of them (TypeScript packages run under node through the gate's
//! working copy, types stripped); the project's own runner (tape, tap, mocha, uvu, `node --test`,
//! `node FILE`, when the manifest installs it) is run on node too, and the figures are printed for
//! the README table.

mod engine_support;

use std::path::{Path, PathBuf};
use std::process::Command;

use engine_support::{boa, node, repo, results};

/// The unpacked release of every realworld project.
fn releases() -> Vec<(String, PathBuf)> {
    let dir = repo().join("corpus/realworld");
    let mut out: Vec<(String, PathBuf)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .filter(|e| e.path().join("realworld.json").is_file())
        .map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            (name, e.path().join("package"))
        })
        .collect();
    out.sort();
    out
}

/// The workload files of a project, relative to its root.
fn workload_files(root: &Path) -> Vec<String> {
    jsproject::workload::Workload::of(root)
        .expect("workload files")
        .rel_files()
}

/// The project's own runner on node over its workload files: "ok" when it exits 0, "not
/// installed" when the manifest leaves it out (the harness stands in for it either way).
fn own_runner(root: &Path, runner: &str) -> String {
    let files = workload_files(root);
    let run = |program: &str, args: &[&str]| {
        Command::new(program)
            .args(args)
            .args(&files)
            .current_dir(root)
            .output()
            .map(|o| o.status.success())
            .unwrap_or(false)
    };
    let bin = |name: &str| root.join("node_modules/.bin").join(name);
    let ok = match runner {
        "tape" | "tap" | "mocha" | "uvu" if !bin(runner).exists() => return "not installed".into(),
        "tape" | "tap" | "mocha" => run(&bin(runner).to_string_lossy(), &[]),
        "uvu" => Command::new(bin("uvu"))
            .current_dir(root)
            .output()
            .is_ok_and(|o| o.status.success()),
        "node-test" => run("node", &["--test"]),
        "node" => files.iter().all(|f| {
            Command::new("node")
                .arg(f)
                .current_dir(root)
                .output()
                .is_ok_and(|o| o.status.success())
        }),
        _ => return "not installed".into(),
    };
    if ok { "ok" } else { "fails" }.to_string()
}

/// The tests that pass under node with the shared harness: node_runner.js over the project, or
/// for TypeScript the gate's runner over a working copy with the types stripped.
fn on_node(root: &Path) -> Vec<(String, bool)> {
    let files = workload_files(root);
    if !files
        .iter()
        .any(|f| instrument::typescript::is_typescript(f))
    {
        return node(root).1;
    }
    let tmp = tempfile::tempdir().expect("temp dir");
    let copy = tmp.path().join("copy");
    suggest::variant::materialize(
        root,
        jsproject::workload::Workload::of(root)
            .expect("workload")
            .runner(),
        &copy,
        &[],
        None,
    )
    .expect("working copy");
    let runner = suggest::node::NodeRunner::new(std::time::Duration::from_secs(300))
        .expect("node")
        .for_workload(&jsproject::workload::Workload::of(root).expect("workload"));
    let report = runner
        .run(&copy, &files, suggest::node::Mode::Validate)
        .expect("node run");
    report
        .records
        .iter()
        .filter_map(|r| match r {
            suggest::node::Record::Test { name, passed, .. } => Some((name.clone(), *passed)),
            _ => None,
        })
        .collect()
}

#[test]
fn realworld_packages_pass_in_boa_what_they_pass_under_node() {
    let all = releases();
    assert!(
        all.len() >= 12,
        "corpus/realworld has {} packages",
        all.len()
    );
    let mut problems = Vec::new();
    eprintln!(
        "package | runner | modules | own runner on node | tests | pass node | pass Boa (profiled) | kept"
    );
    for (name, root) in &all {
        if !root.join(".decisionprof-installed").is_file() {
            problems.push(format!("{name}: not unpacked (run scripts/setup.sh)"));
            continue;
        }
        let runner = jsproject::discover::discover(root, &[])
            .ok()
            .and_then(|d| serde_json::to_value(d.runner).ok())
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_else(|| "none".into());
        let own = own_runner(root, &runner);
        let modules = jsproject::discover::module_system(root, &workload_files(root));
        let on_node = on_node(root);
        let in_boa = results(&boa(root, true));
        let passing_node: Vec<&String> =
            on_node.iter().filter(|(_, p)| *p).map(|(n, _)| n).collect();
        let kept = passing_node
            .iter()
            .filter(|n| in_boa.iter().any(|(b, p)| b == **n && *p))
            .count();
        let boa_pass = in_boa.iter().filter(|(_, p)| *p).count();
        eprintln!(
            "{name} | {runner} | {modules} | {own} | {} | {} | {boa_pass} | {kept}/{}",
            on_node.len(),
            passing_node.len(),
            passing_node.len()
        );
        if passing_node.is_empty() {
            problems.push(format!("{name}: no test passes under node"));
        } else if kept * 100 < passing_node.len() * 95 {
            let lost: Vec<&&String> = passing_node
                .iter()
                .filter(|n| !in_boa.iter().any(|(b, p)| b == **n && *p))
                .collect();
            problems.push(format!(
                "{name}: {kept} of {} node-passing tests pass in Boa; lost: {lost:?}",
                passing_node.len()
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

//! Real npm packages with their own test suites (`corpus/realworld/<name>/`, unpacked from the
//! registry by `scripts/setup-realworld.sh`), run as a user would run them: no flags. For each,
//! the tests that pass under node (the project's files with the shared harness) must pass
//! profiled in Boa, at least 95 % of them; the project's own runner (tape, or `node FILE`) is run
//! on node too, and the figures are printed for the README table.

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

/// The project's own runner on node over its workload files: "ok" when it exits 0.
fn own_runner(root: &Path, runner: &str) -> String {
    let patterns = engine::workload::patterns(root, &[]).expect("workload patterns");
    let files: Vec<String> = engine::workload::resolve(root, &patterns)
        .expect("workload files")
        .iter()
        .map(|f| f.display().to_string())
        .collect();
    let run = |args: &[String]| {
        Command::new("node")
            .args(args)
            .current_dir(root)
            .output()
            .map(|o| o.status.success())
            .unwrap_or(false)
    };
    let ok = match runner {
        "Tape" => {
            let mut args = vec!["node_modules/tape/bin/tape".to_string()];
            args.extend(files.iter().cloned());
            run(&args)
        }
        _ => files.iter().all(|f| run(std::slice::from_ref(f))),
    };
    if ok { "ok" } else { "fails" }.to_string()
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
        "package | runner | own runner on node | tests | pass node | pass Boa (profiled) | kept"
    );
    for (name, root) in &all {
        if !root.join(".decisionprof-installed").is_file() {
            problems.push(format!("{name}: not unpacked (run scripts/setup.sh)"));
            continue;
        }
        let runner = engine::discover::discover(root, &[])
            .map(|d| format!("{:?}", d.runner))
            .unwrap_or_else(|e| format!("none: {e}"));
        let own = own_runner(root, &runner);
        let (_, on_node) = node(root);
        let in_boa = results(&boa(root, true));
        let passing_node: Vec<&String> =
            on_node.iter().filter(|(_, p)| *p).map(|(n, _)| n).collect();
        let kept = passing_node
            .iter()
            .filter(|n| in_boa.iter().any(|(b, p)| b == **n && *p))
            .count();
        let boa_pass = in_boa.iter().filter(|(_, p)| *p).count();
        eprintln!(
            "{name} | {runner} | {own} | {} | {} | {boa_pass} | {kept}/{}",
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

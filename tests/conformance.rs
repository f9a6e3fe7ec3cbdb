//! The `__dp` runtime's conformance suite: the one specification of what profiling does that
//! both engines implement (the Rust runtime in Boa, `dp_node.js` under node). Every program of
//! `corpus/conformance/` has a decision whose short-circuited check has one kind of effect, and a
//! `// expect:` line saying what the profile must show (see `corpus/conformance/README.md`):
//!
//! * `undone`: speculation ran and every write was undone (the decision is not excluded);
//! * `excluded, <effect>`: the decision is excluded with a reason naming the effect;
//! * `charged`: built-in calls in the checks charge their calibrated work (native units).
//!
//! Each program prints the same and passes the same tests under node, plain in Boa, profiled in
//! Boa and profiled under node; both profiles meet the expectation (a `// node expects:` line
//! overrides it under node); and the two profiles agree byte for byte on everything the protocol
//! decides ([`jsproject::compare::canonical`]), unless an `// engines differ:` line says where
//! and why they may not.

mod engine_support;

use std::path::{Path, PathBuf};

use engine_support::{project_of, repo, run_four_ways, transparency};
use jsproject::profile::Profile;

/// What a program's `// expect:` line asks for.
#[derive(Debug)]
enum Expect {
    Undone,
    Excluded(String),
    Charged,
}

/// The text after `// <key>: ` on a line of `source`.
fn marked_line<'a>(source: &'a str, key: &str) -> Option<&'a str> {
    let prefix = format!("// {key}: ");
    source.lines().find_map(|l| l.strip_prefix(prefix.as_str()))
}

fn expectation(line: &str, file: &Path) -> Expect {
    match line.strip_prefix("excluded, ") {
        Some(what) => Expect::Excluded(what.to_string()),
        None if line == "undone" => Expect::Undone,
        None if line == "charged" => Expect::Charged,
        None => panic!("{}: unknown expectation {line}", file.display()),
    }
}

/// The programs of one category: single files (run as a project whose workload is that file)
/// and projects.
fn programs(category: &str) -> Vec<PathBuf> {
    let dir = repo().join("corpus/conformance").join(category);
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .collect();
    out.sort();
    out
}

/// Whether `profile` (of engine `engine`) shows what `expect` asks.
fn meets(profile: &Profile, expect: &Expect, engine: &str) -> Result<(), String> {
    let decisions = &profile.decisions;
    if decisions.is_empty() || decisions.iter().all(|d| d.executions == 0) {
        return Err(format!("{engine}: no decision executed"));
    }
    match expect {
        Expect::Undone => match decisions.iter().find(|d| !d.excluded.is_empty()) {
            Some(d) => Err(format!(
                "{engine}: expected undone, excluded: {:?}",
                d.excluded
            )),
            None => Ok(()),
        },
        Expect::Excluded(what) => {
            let found = decisions
                .iter()
                .flat_map(|d| &d.excluded)
                .any(|r| r.contains(what.as_str()));
            let all: Vec<&Vec<String>> = decisions.iter().map(|d| &d.excluded).collect();
            match found {
                true => Ok(()),
                false => Err(format!(
                    "{engine}: expected excluded naming '{what}', got {all:?}"
                )),
            }
        }
        Expect::Charged => {
            let units: u64 = profile.tests.iter().map(|t| t.native_units).sum();
            let excluded = decisions.iter().any(|d| !d.excluded.is_empty());
            match (units > 0, excluded) {
                (true, false) => Ok(()),
                _ => Err(format!(
                    "{engine}: expected charged native work ({units} units) and nothing excluded"
                )),
            }
        }
    }
}

/// Checks one program in both engines; an error names what differs.
fn check(program: &Path, tmp: &Path) -> Result<(), String> {
    let (root, marked) = if program.is_dir() {
        (program.to_path_buf(), program.join("lib/index.js"))
    } else {
        (project_of(program, tmp), program.to_path_buf())
    };
    let source = std::fs::read_to_string(&marked).expect("readable program");
    let line = marked_line(&source, "expect")
        .unwrap_or_else(|| panic!("{}: no `// expect:` line", marked.display()));
    let expect = expectation(line, &marked);
    let node_expect = marked_line(&source, "node expects").map(|l| expectation(l, &marked));
    let runs = run_four_ways(&root);
    let name = program.display();
    let mut problems = Vec::new();
    if let Err(e) = transparency(&root, &runs) {
        problems.push(e);
    }
    for (engine, p, expect) in [
        ("boa", &runs.profiled_boa.profile, &expect),
        (
            "node",
            &runs.profiled_node.profile,
            node_expect.as_ref().unwrap_or(&expect),
        ),
    ] {
        if let Err(e) = meets(p, expect, engine) {
            problems.push(format!("{name}: {e}"));
        }
    }
    let (b, n) = (&runs.profiled_boa.profile, &runs.profiled_node.profile);
    if let Some(why) = marked_line(&source, "engines differ") {
        eprintln!("{name}: the engines' profiles are not compared: {why}");
    } else if jsproject::compare::canonical(b) != jsproject::compare::canonical(n) {
        let diff = jsproject::compare::differences(b, n, ("boa", "node"));
        problems.push(format!(
            "{name}: the engines' profiles differ: {}",
            match diff.is_empty() {
                true => "in tests' branch points".to_string(),
                false => diff.join("; "),
            }
        ));
    }
    match problems.is_empty() {
        true => Ok(()),
        false => Err(problems.join("\n")),
    }
}

/// Checks every program of `category`, at least `at_least` of them.
fn check_category(category: &str, at_least: usize) {
    let list = programs(category);
    assert!(
        list.len() >= at_least,
        "{category}: {} programs",
        list.len()
    );
    let tmp = tempfile::tempdir().expect("temp dir");
    let failures: Vec<String> = list
        .iter()
        .filter_map(|p| check(p, tmp.path()).err())
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} programs:\n{}",
        failures.len(),
        list.len(),
        failures.join("\n\n")
    );
}

#[test]
fn every_write_of_a_speculated_check_is_undone_in_both_engines() {
    check_category("undo", 50);
}

#[test]
fn effects_that_cannot_be_undone_exclude_their_decision_naming_them_in_both_engines() {
    check_category("effects", 12);
}

#[test]
fn code_the_runtime_refuses_to_speculate_excludes_its_decision_in_both_engines() {
    check_category("refusals", 6);
}

#[test]
fn built_in_calls_in_checks_charge_the_same_work_in_both_engines() {
    check_category("costs", 4);
}

//! Undo completeness: every program of `corpus/transparency/effects/` has a decision whose
//! short-circuited check has one kind of effect (a generator advanced, a typed array filled, a
//! private field written, a property deleted, a callback of a test file called, …). Each prints
//! the same under node, plain in Boa and profiled in Boa, and its `// expect:` line says what the
//! profile must show: `undone` (speculation ran and its writes were undone: the decision is not
//! excluded) or `excluded, <effect>` (the decision is excluded with a reason naming the effect).

mod engine_support;

use std::path::{Path, PathBuf};

use engine_support::{boa, check_transparency, project_of, repo};

/// What a program's `// expect:` line asks for.
#[derive(Debug)]
enum Expect {
    Undone,
    Excluded(String),
}

fn expectation(source: &str, file: &Path) -> Expect {
    let line = source
        .lines()
        .find_map(|l| l.strip_prefix("// expect: "))
        .unwrap_or_else(|| panic!("{}: no `// expect:` line", file.display()));
    match line.strip_prefix("excluded, ") {
        Some(what) => Expect::Excluded(what.to_string()),
        None if line == "undone" => Expect::Undone,
        None => panic!("{}: unknown expectation {line}", file.display()),
    }
}

/// The programs: single files (run as a project whose workload is that file) and projects.
fn programs() -> Vec<PathBuf> {
    let dir = repo().join("corpus/transparency/effects");
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("corpus/transparency/effects")
        .flatten()
        .map(|e| e.path())
        .collect();
    out.sort();
    out
}

/// Checks one program; an error names what differs.
fn check(program: &Path, tmp: &Path) -> Result<(), String> {
    let (root, marked) = if program.is_dir() {
        (program.to_path_buf(), program.join("lib/index.js"))
    } else {
        (project_of(program, tmp), program.to_path_buf())
    };
    let source = std::fs::read_to_string(&marked).expect("readable program");
    let expect = expectation(&source, &marked);
    check_transparency(&root)?;
    let profiled = boa(&root, true);
    let name = program.display();
    let decisions = &profiled.profile.decisions;
    if decisions.is_empty() || decisions.iter().all(|d| d.executions == 0) {
        return Err(format!("{name}: no decision executed"));
    }
    match &expect {
        Expect::Undone => match decisions.iter().find(|d| !d.excluded.is_empty()) {
            Some(d) => Err(format!(
                "{name}: expected undone, excluded: {:?}",
                d.excluded
            )),
            None => Ok(()),
        },
        Expect::Excluded(what) => {
            let found = decisions
                .iter()
                .flat_map(|d| &d.excluded)
                .any(|r| r.contains(what.as_str()));
            if found {
                Ok(())
            } else {
                let all: Vec<&Vec<String>> = decisions.iter().map(|d| &d.excluded).collect();
                Err(format!(
                    "{name}: expected excluded naming '{what}', got {all:?}"
                ))
            }
        }
    }
}

#[test]
fn every_effect_is_undone_or_its_decision_excluded_naming_it() {
    let list = programs();
    assert!(list.len() >= 60, "{} programs", list.len());
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

//! The jvm-blow corpus pairs (`corpus/java/blow/`): each planted-problem program and its twin
//! compile and, on the same input, print the same output — they differ only in the planted
//! memory problem, which is what the amplification oracle must tell apart.

#[path = "../../bytecode/tests/jvm_support/mod.rs"]
mod jvm_support;

use std::process::Command;

const PAIRS: [(&str, &str); 4] = [
    ("LeakProblem", "LeakTwin"),
    ("UnderutilizedProblem", "UnderutilizedTwin"),
    ("OverpopulatedProblem", "OverpopulatedTwin"),
    ("UnclosedProblem", "UnclosedTwin"),
];

/// Runs `class` from `classes` with one argument and returns its stdout.
fn run(classes: &std::path::Path, class: &str, arg: &str) -> String {
    let out = Command::new("java")
        .arg(jvm_bytecode::jdk::NO_PERF_DATA) // no hsperfdata warning on stdout
        .arg("-cp")
        .arg(classes)
        .args([class, arg])
        .output()
        .expect("java runs");
    assert!(
        out.status.success(),
        "{class}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn each_problem_program_prints_what_its_twin_prints() {
    let dir = jvm_support::root().join("corpus/java/blow");
    let classes = tempfile::tempdir().unwrap();
    // each program in a directory of its own: a twin may repeat its problem's helper classes
    let dir_of = |class: &str| classes.path().join(class);
    for class in PAIRS.iter().flat_map(|(p, t)| [p, t]) {
        let sources = [dir.join(format!("{class}.java")), dir.join("Channel.java")];
        jvm_support::javac(&sources, &dir_of(class));
    }
    for (problem, twin) in PAIRS {
        for input in ["1", "3000"] {
            let (a, b) = (
                run(&dir_of(problem), problem, input),
                run(&dir_of(twin), twin, input),
            );
            assert!(!a.trim().is_empty(), "{problem} printed nothing");
            assert_eq!(a, b, "{problem} vs {twin} on {input}");
        }
    }
}

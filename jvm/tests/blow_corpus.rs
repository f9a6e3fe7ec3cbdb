//! The jvm-blow corpus pairs (`corpus/java/blow/`): each planted-problem program and its twin
//! compile and, on the same input, print the same output — they differ only in the planted
//! memory problem, which is what the amplification oracle must tell apart.

mod jvm_support;

use std::process::Command;

const PAIRS: [(&str, &str); 3] = [
    ("LeakProblem", "LeakTwin"),
    ("UnderutilizedProblem", "UnderutilizedTwin"),
    ("OverpopulatedProblem", "OverpopulatedTwin"),
];

/// Runs `class` from `classes` with one argument and returns its stdout.
fn run(classes: &std::path::Path, class: &str, arg: &str) -> String {
    let out = Command::new("java")
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
    let sources: Vec<_> = PAIRS
        .iter()
        .flat_map(|(p, t)| [dir.join(format!("{p}.java")), dir.join(format!("{t}.java"))])
        .collect();
    jvm_support::javac(&sources, classes.path());
    for (problem, twin) in PAIRS {
        for input in ["1", "3000"] {
            let (a, b) = (
                run(classes.path(), problem, input),
                run(classes.path(), twin, input),
            );
            assert!(!a.trim().is_empty(), "{problem} printed nothing");
            assert_eq!(a, b, "{problem} vs {twin} on {input}");
        }
    }
}

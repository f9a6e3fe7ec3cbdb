//! `decisionprof-bench jvm` end to end on a jar built at test time from corpus/java/paper.

use std::process::Command;

use bench::programs::repo_root;
use jvm_bytecode::jdk::compile_jar;

/// The paper's example (`corpus/java/paper/Fig.java`) compiled into a jar without a main class.
fn paper_jar() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().expect("temp dir");
    let jar = dir.path().join("paper.jar");
    let source = repo_root().join("corpus/java/paper/Fig.java");
    compile_jar(&[source], None, None, &jar).expect("javac compiles the paper's example");
    (dir, jar)
}

#[test]
fn bench_jvm_prints_a_row_per_jar() {
    let (_d, jar) = paper_jar();
    let out = Command::new(env!("CARGO_BIN_EXE_decisionprof-bench"))
        .arg("jvm")
        .arg(&jar)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let row = text
        .lines()
        .find(|l| l.starts_with("paper.jar"))
        .expect("row");
    let cols: Vec<&str> = row.split_whitespace().collect();
    assert_eq!(&cols[1..3], &["2", "6"], "{row}");
    assert!(text.contains("phases (ms): parse"));
}

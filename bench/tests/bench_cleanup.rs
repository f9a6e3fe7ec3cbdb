//! Benchmarks leave nothing behind in the temp directory, whether they succeed or fail.

use std::path::Path;
use std::process::Command;

fn run_bench(tmp: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_decisionprof-bench"))
        .args(args)
        .env("TMPDIR", tmp)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .output()
        .expect("decisionprof-bench runs")
}

fn is_empty(dir: &Path) -> bool {
    std::fs::read_dir(dir).unwrap().next().is_none()
}

#[test]
fn bench_profile_removes_its_temp_dirs() {
    let tmp = tempfile::tempdir().unwrap();
    let ok = run_bench(
        tmp.path(),
        &["profile", "corpus/engine/basic", "--runs", "1"],
    );
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    assert!(is_empty(tmp.path()), "left behind after a run");
    // a project that does not load: the benchmark fails, and still cleans up
    let bad = run_bench(
        tmp.path(),
        &["profile", "corpus/engine/bad/syntax", "--runs", "1"],
    );
    assert!(!bad.status.success());
    assert!(is_empty(tmp.path()), "left behind after a failure");
}

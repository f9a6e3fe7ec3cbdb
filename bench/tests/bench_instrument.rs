//! `decisionprof-bench instrument` measures the instrumenter's throughput on the files named.

use std::process::Command;

#[test]
fn bench_instrument_reports_throughput() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a.js");
    std::fs::write(
        &file,
        "function f(a, b) { return a && b || !a; }\nf(1, 2);\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_decisionprof-bench"))
        .args(["instrument", "--millis", "50", file.to_str().unwrap()])
        .output()
        .expect("decisionprof-bench runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("MB/s"), "{stdout}");
}

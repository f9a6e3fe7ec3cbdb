//! The sequential gate's verdicts are stable: `decisionprof suggest` on a planted project run
//! ten times gives each candidate the same verdict in at least nine runs (real Boa, real node).
//! Small samples per process, but the default cap of 20 processes per version: under node the
//! per-process JIT outcome is often bimodal, the between-process spread dominates, and the
//! sequential design stops as soon as the answer is clear, so the cap costs little and buys power.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use serde_json::Value;
use suggest::node::find_node;

/// Repeated runs of `suggest`.
const RUNS: usize = 10;

/// `file:line:column` → suggested, for one JSON report.
fn verdicts(report: &Value) -> BTreeMap<String, bool> {
    let mut out = BTreeMap::new();
    for (key, suggested) in [("suggestions", true), ("rejected", false)] {
        for o in report[key].as_array().expect("an array of outcomes") {
            let l = &o["analysis"]["location"];
            out.insert(
                format!("{}:{}:{}", l["file"], l["line"], l["column"]),
                suggested,
            );
        }
    }
    out
}

#[test]
fn each_planted_candidate_gets_the_same_verdict_in_nine_of_ten_runs() {
    if find_node().is_none() {
        eprintln!("node is not installed; skipping");
        return;
    }
    let project = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/planted/catalog");
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for _ in 0..RUNS {
        let out = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
            .args(["suggest", project.to_str().unwrap(), "--format", "json"])
            .args(["--quiet", "--warmup", "2", "--measure", "5"])
            .output()
            .expect("decisionprof runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.stderr.is_empty(), "--quiet prints nothing on stderr");
        let report: Value = serde_json::from_slice(&out.stdout).expect("JSON report");
        for (loc, suggested) in verdicts(&report) {
            *counts.entry(loc).or_default() += suggested as usize;
        }
    }
    assert!(!counts.is_empty(), "the project has candidates");
    for (loc, suggested) in &counts {
        let same = (*suggested).max(RUNS - suggested);
        assert!(same >= 9, "{loc}: suggested in {suggested} of {RUNS} runs");
    }
}

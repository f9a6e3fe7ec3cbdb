//! Group testing in the gate (real Boa, real node): candidates are validated together, and a group
//! whose variant fails is bisected, so one candidate that changes behaviour (a test prints the
//! source of the function holding it) is found alone while the other is still gated — with
//! `--mode each` (validation together, then timing alone) and `--mode all` (validation and timing
//! together, bisected).

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use suggest::node::find_node;

fn project() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/gate/source_printed")
}

/// `suggest` in `mode` with a short gate: the JSON report and the progress lines.
fn suggest(mode: &str) -> (Value, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .arg("suggest")
        .arg(project())
        .args([
            "--format",
            "json",
            "--mode",
            mode,
            "--vms",
            "3",
            "--no-confirm",
        ])
        .output()
        .expect("decisionprof runs");
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "{err}");
    (serde_json::from_slice(&out.stdout).expect("JSON"), err)
}

/// Line of the decision → (status, reason) over suggestions and rejected candidates.
fn statuses(r: &Value) -> Vec<(u64, String, String)> {
    let mut out: Vec<(u64, String, String)> = ["suggestions", "rejected"]
        .iter()
        .flat_map(|k| r[*k].as_array().cloned().unwrap_or_default())
        .map(|o| {
            (
                o["analysis"]["location"]["line"].as_u64().unwrap(),
                o["status"].as_str().unwrap_or_default().to_string(),
                o["reason"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    out.sort();
    out
}

fn check(mode: &str, progress_line: &str) {
    if find_node().is_none() {
        eprintln!("node is not installed; skipping");
        return;
    }
    let (r, progress) = suggest(mode);
    assert!(progress.contains(progress_line), "{progress}");
    let got = statuses(&r);
    assert_eq!(got.len(), 2, "{got:?}");
    // `flagged` (line 18): its source is printed, so the reorder is caught, alone
    let (line, status, reason) = &got[0];
    assert_eq!((*line, status.as_str()), (18, "invalid"), "{got:?}");
    assert!(
        reason.contains("prints something different") && !reason.contains("together"),
        "{reason}"
    );
    // `urgent` (line 23): validated and timed despite sharing a first group with `flagged`
    let (line, status, _) = &got[1];
    assert_eq!(*line, 23, "{got:?}");
    assert!(
        status == "suggested" || status == "not_faster",
        "{got:?}\n{progress}"
    );
}

#[test]
fn each_mode_validates_together_and_bisects_the_failing_group() {
    check("each", "gate: 2 candidates together: invalid, bisecting");
}

#[test]
fn all_mode_gates_together_and_bisects_the_failing_group() {
    check("all", "2 candidates together: bisecting");
}

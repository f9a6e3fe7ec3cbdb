//! Settling (`engine_boa::settle`, the same rule in the node runtime): once a decision's outcome
//! patterns stop changing it is sampled, and its rows stand for the executions counted only. Checked through the binary: the suggestions of every planted project are the
//! same decisions in the same orders as with `--exact`, each estimate within a few points of the
//! exact one (the planted frequencies are apart by more than sampling error; checks or arms
//! whose frequencies tie within it may change places, see docs/how-it-works/settling.md); a
//! decision whose behaviour changes part-way through the workload (`corpus/settle/shift`) is
//! recorded again after the change and gets the order the whole workload calls for; both
//! engines settle alike; `--exact` records every execution.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn corpus(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(rel)
}

/// `suggest --gate none --format json` on `root` with `extra`: the report.
fn suggest(root: &Path, extra: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .args(["suggest", "--gate", "none", "--format", "json", "--quiet"])
        .args(extra)
        .arg(root)
        .output()
        .expect("decisionprof runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{}: {stderr}", root.display());
    serde_json::from_slice(&out.stdout).expect("a JSON report")
}

/// `(location, kind, best order) -> (estimated saving, its margin)` of every suggestion, by
/// location: the report ranks by branch points saved, and two close estimates may trade places.
fn suggestions(r: &Value) -> Vec<(String, (f64, f64))> {
    let mut all: Vec<(String, (f64, f64))> = r["suggestions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            let a = &o["analysis"];
            let key = format!("{} {} {}", a["location"], a["kind"], a["optimized"]);
            let margin = a["saving_margin"].as_f64().unwrap_or(0.0);
            (key, (a["saving_percent"].as_f64().unwrap(), margin))
        })
        .collect();
    all.sort_by(|a, b| a.0.cmp(&b.0));
    all
}

#[test]
fn settling_keeps_every_planted_suggestion_and_its_estimate() {
    let mut sampled = 0;
    let mut roots: Vec<PathBuf> = std::fs::read_dir(corpus("planted"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("package.json").is_file())
        .collect();
    roots.sort();
    roots.push(corpus("settle/shift"));
    for root in &roots {
        let settled = suggest(root, &[]);
        let exact = suggest(root, &["--exact"]);
        let (s, e) = (suggestions(&settled), suggestions(&exact));
        let keys =
            |v: &[(String, (f64, f64))]| v.iter().map(|(k, _)| k.clone()).collect::<Vec<_>>();
        assert_eq!(keys(&s), keys(&e), "{}", root.display());
        for ((k, (a, margin)), (_, (b, none))) in s.iter().zip(&e) {
            // the exact saving lies within the settled estimate's stated 99 % interval
            // (an unsampled estimate is exact); the printed figures have one decimal
            eprintln!("{}: {k}: {a:.2} ± {margin:.2} vs {b:.2}", root.display());
            assert!(
                (a - b).abs() <= margin + 0.05,
                "{}: {k}: {a} ± {margin} vs {b}",
                root.display()
            );
            assert_eq!(*none, 0.0, "{k}: --exact gives no interval");
        }
        let counted_only = |r: &Value| {
            r["suggestions"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|o| o["analysis"]["unrecorded"].as_u64().unwrap_or(0) > 0)
                .count()
        };
        assert_eq!(counted_only(&exact), 0, "{}", root.display());
        sampled += counted_only(&settled);
    }
    // the planted arms and the shifting decision run often enough to settle
    assert!(sampled >= 4, "{sampled}");
}

#[test]
fn a_decision_whose_behaviour_changes_is_recorded_again_and_ordered_for_the_whole_workload() {
    let root = corpus("settle/shift");
    let p = profile(&root, &[]);
    let d = p["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["decision"]["location"]["line"] == 17)
        .expect("the decision of `accepted`");
    assert_eq!(d["executions"], 30000);
    let unrecorded = d["unrecorded"].as_u64().unwrap();
    assert!(unrecorded > 10_000, "{d}");
    // per test, the rows stand for every execution (up to a stride's remainder); the test that
    // changes half-way records the new behaviour: its rows hold both patterns
    let slices = d["slices"].as_array().unwrap();
    assert_eq!(slices.len(), 3);
    for (s, n) in slices.iter().zip([3000u64, 12000, 15000]) {
        let rows = s["rows"].as_array().unwrap();
        let total: u64 = rows.iter().map(|r| r["count"].as_u64().unwrap()).sum();
        assert!(n.abs_diff(total) < 1024, "{s}");
    }
    let values = |r: &Value| r["cells"][0]["value"].as_bool().unwrap();
    let last = slices[2]["rows"].as_array().unwrap();
    assert!(
        last.iter().any(values) && !last.iter().all(values),
        "{last:?}"
    );
    let r = suggest(&root, &[]);
    assert_eq!(
        r["suggestions"][0]["analysis"]["optimized"],
        "word.length > 40 && known(word)"
    );
    // both engines settle alike
    let out = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .args(["profile", ".", "--engine", "both"])
        .current_dir(&root)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
}

/// `profile --json` of `root` with `extra`: the profile.
fn profile(root: &Path, extra: &[&str]) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("p.json");
    let out = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .args(["profile", ".", "--json", json.to_str().unwrap()])
        .args(extra)
        .current_dir(root)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap()
}

#[test]
fn statically_pruned_decisions_are_only_counted_but_under_exact() {
    let root = corpus("planted/records");
    // (line, executions, rows) of each executed `&&`/`||` decision that static pruning dropped
    let pruned = |p: &Value| -> Vec<(Value, u64, usize)> {
        p["decisions"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| {
                let dec = &d["decision"];
                dec["pruned"].as_array().is_some_and(|r| !r.is_empty())
                    && dec["shape"]["kind"] == "logical"
                    && d["executions"].as_u64() > Some(0)
            })
            .map(|d| {
                let rows = d["slices"].as_array().map_or(0, |s| {
                    s.iter().map(|s| s["rows"].as_array().unwrap().len()).sum()
                });
                let line = d["decision"]["location"]["line"].clone();
                (line, d["executions"].as_u64().unwrap(), rows)
            })
            .collect()
    };
    let settled = pruned(&profile(&root, &[]));
    let exact = pruned(&profile(&root, &["--exact"]));
    assert!(settled.len() >= 2, "{settled:?}");
    assert_eq!(settled.len(), exact.len());
    for ((line, n, rows), (line2, n2, rows2)) in settled.iter().zip(&exact) {
        assert_eq!((line, n), (line2, n2));
        assert_eq!(*rows, 0, "line {line}: counted only");
        assert!(*rows2 > 0, "line {line}: recorded under --exact");
    }
}

#[test]
fn the_report_says_what_was_recorded_and_the_interval_of_a_sampled_saving() {
    let out = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .args(["suggest", "--gate", "none", "--quiet"])
        .arg(corpus("planted/arms"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    let line = text
        .lines()
        .find(|l| l.contains("estimated saving") && l.contains("40002 evaluations"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(line.contains(" at 99 % ("), "{line}");
    assert!(line.contains("; recorded "), "{line}");
    // and --exact states an exact saving
    let out = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .args(["suggest", "--gate", "none", "--quiet", "--exact"])
        .arg(corpus("planted/arms"))
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("estimated saving") && !text.contains(" at 99 %"),
        "{text}"
    );
}

/// An excluded decision can never be reordered: after the execution that excluded it, it is only
/// counted, in both engines alike; `--exact` still records every execution.
#[test]
fn excluded_decisions_are_only_counted_once_excluded_but_under_exact() {
    let root = corpus("planted/basic");
    // (line, executions, unrecorded, first reason) of each excluded decision
    let excluded = |p: &Value| -> Vec<(Value, u64, u64, Value)> {
        p["decisions"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|d| d["excluded"].as_array().is_some_and(|e| !e.is_empty()))
            .map(|d| {
                (
                    d["decision"]["location"]["line"].clone(),
                    d["executions"].as_u64().unwrap(),
                    d["unrecorded"].as_u64().unwrap_or(0),
                    d["excluded"][0].clone(),
                )
            })
            .collect()
    };
    let boa = excluded(&profile(&root, &[]));
    let node = excluded(&profile(&root, &["--engine", "node"]));
    let exact = excluded(&profile(&root, &["--exact"]));
    assert!(boa.len() >= 2, "{boa:?}");
    // the engines word a thrown error each their own way: the counts are the same
    let counts = |v: &[(Value, u64, u64, Value)]| -> Vec<(Value, u64, u64)> {
        v.iter().map(|(l, n, u, _)| (l.clone(), *n, *u)).collect()
    };
    assert_eq!(counts(&boa), counts(&node), "the engines count alike");
    assert_eq!(boa.len(), exact.len());
    for ((line, n, unrecorded, why), (line2, n2, unrecorded2, why2)) in boa.iter().zip(&exact) {
        assert_eq!((line, n, why), (line2, n2, why2));
        assert!(
            *unrecorded > 0 && unrecorded < n,
            "line {line}: {unrecorded} of {n}"
        );
        assert_eq!(*unrecorded2, 0, "line {line}: recorded under --exact");
    }
}

//! `decisionprof js-flow` on corpus/objflow: planted waste gets its verdict and its exact object
//! count, planted non-waste no waste verdict; the Java program with the same shapes gets the same
//! verdicts through the same client code (`graph::flow`); profiling stays invisible to the tests.

mod jvm_flow_support;

use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Output};

use jvm_flow_support::{flow_jar, producer_at as producer, profiled, report, root, site_line};

/// Every verdict list of `report.json`.
const VERDICTS: [&str; 9] = [
    "reuse_no_escape",
    "reuse_producer_only",
    "nath",
    "mostly_nath",
    "never_used",
    "unknown_use",
    "rarely_used",
    "wri_2",
    "wri_inf",
];

/// The verdicts that call a site wasteful (NATH and mostly-NATH only describe a lifetime).
const WASTE: [&str; 7] = [
    "reuse_no_escape",
    "reuse_producer_only",
    "never_used",
    "unknown_use",
    "rarely_used",
    "wri_2",
    "wri_inf",
];

const SITES: [&str; 4] = ["options", "pair", "entry", "point"];

fn js_flow(project: &Path, format: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .arg("js-flow")
        .arg(project)
        .args(["--format", format])
        .output()
        .expect("decisionprof runs")
}

fn js_report(project: &Path) -> serde_json::Value {
    let o = js_flow(project, "json");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("(0 failed)"), "{err}");
    serde_json::from_slice(&o.stdout).expect("JSON report")
}

fn verdicts_of(r: &serde_json::Value, i: usize) -> BTreeSet<&'static str> {
    VERDICTS
        .into_iter()
        .filter(|k| {
            r[*k]
                .as_array()
                .unwrap_or_else(|| panic!("no list {k}"))
                .iter()
                .any(|x| x.as_u64() == Some(i as u64))
        })
        .collect()
}

fn waste_js() -> std::path::PathBuf {
    root().join("corpus/objflow/waste")
}

fn js_site(name: &str) -> String {
    let line = site_line(&waste_js().join("lib/waste.js"), name);
    format!("lib/waste.js:{line}:")
}

#[test]
fn planted_waste_gets_its_verdict_and_count_and_returned_objects_none() {
    let r = js_report(&waste_js());
    let count = |p: &serde_json::Value, k: &str| p["counts"][k].as_u64().unwrap();
    let (i, options) = producer(&r, &js_site("options"));
    assert_eq!(count(options, "objects"), 12_000);
    assert_eq!(count(options, "used_objects"), 0);
    assert!(verdicts_of(&r, i).contains("never_used"), "{options}");
    let (i, pair) = producer(&r, &js_site("pair"));
    assert_eq!(pair["ty"], "Array");
    assert_eq!(count(pair, "objects"), 12_000);
    assert_eq!(count(pair, "used_objects"), 12_000);
    let v = verdicts_of(&r, i);
    assert!(
        v.contains("reuse_no_escape") && !v.contains("never_used"),
        "{v:?}"
    );
    let (i, entry) = producer(&r, &js_site("entry"));
    assert_eq!(count(entry, "objects"), 500);
    assert_eq!(count(entry, "heap_writes"), 500);
    assert_eq!(count(entry, "heap_reads"), 0);
    let v = verdicts_of(&r, i);
    assert!(v.contains("wri_inf") && v.contains("never_used"), "{v:?}");
    // returned to the caller and used there: no waste verdict, and the caller is named
    let (i, point) = producer(&r, &js_site("point"));
    assert_eq!(count(point, "objects"), 1_000);
    assert_eq!(count(point, "used_objects"), 1_000);
    let v = verdicts_of(&r, i);
    assert!(WASTE.iter().all(|w| !v.contains(w)), "{v:?}");
    assert!(point["called_from"]
        .as_str()
        .unwrap()
        .starts_with("called from lib/waste.js:"));
    assert_eq!(point["tests"][0][0], "points total");
    // the exported object goes to the tests, which are not instrumented: use unknown, not never used
    let exported = r["producers"]
        .as_array()
        .unwrap()
        .iter()
        .position(|p| p["passed_to"][0] == "the module's importers")
        .expect("module.exports is a producer");
    assert!(verdicts_of(&r, exported).contains("unknown_use"));
    assert!(!verdicts_of(&r, exported).contains("never_used"));
    // the flow graph of the reuse candidate: creation → its two element reads → exit
    let g = &r["graphs"][pair["site"].to_string()];
    assert_eq!(g["objects"], 12_000);
}

#[test]
fn java_and_javascript_with_the_same_waste_get_the_same_verdicts() {
    let js = js_report(&waste_js());
    let dir = tempfile::tempdir().unwrap();
    let jar = flow_jar(dir.path(), "Waste");
    let out = dir.path().join("out");
    let o = profiled(&jar, &[], &out, &["12000"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let java = report(&out);
    let src = jvm_flow_support::flow_source("Waste");
    for name in SITES {
        let (ji, _) = producer(&js, &js_site(name));
        let (vi, _) = producer(&java, &format!("Waste.java:{}", site_line(&src, name)));
        assert_eq!(
            verdicts_of(&js, ji),
            verdicts_of(&java, vi),
            "site {name}: JavaScript and Java disagree"
        );
    }
}

#[test]
fn profiling_is_invisible_to_the_tests() {
    let project = root().join("corpus/objflow/transparent");
    let r = js_report(&project);
    assert!(r["producers"].as_array().unwrap().len() >= 8, "{r}");
    // the same tests pass under node, unprofiled
    let node = Command::new("node")
        .arg("--test")
        .current_dir(&project)
        .output()
        .expect("node runs");
    assert!(
        node.status.success(),
        "{}",
        String::from_utf8_lossy(&node.stdout)
    );
}

#[test]
fn text_dot_and_sarif_name_the_planted_sites() {
    let text = js_flow(&waste_js(), "text");
    let text = String::from_utf8_lossy(&text.stdout).into_owned();
    assert!(text.starts_with("decisionprof js-flow:"), "{text}");
    assert!(text.contains("Never-used sites: 2"), "{text}");
    assert!(text.contains(&js_site("options")), "{text}");
    assert!(
        text.contains("most allocated by: render scales (12000)"),
        "{text}"
    );
    let dot = js_flow(&waste_js(), "dot");
    assert!(String::from_utf8_lossy(&dot.stdout).contains("digraph site"));
    let sarif = js_flow(&waste_js(), "sarif");
    let v: serde_json::Value = serde_json::from_slice(&sarif.stdout).unwrap();
    let uris: Vec<&str> = v["runs"][0]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                .as_str()
                .unwrap()
        })
        .collect();
    assert!(uris.contains(&"lib/waste.js"), "{uris:?}");
}

#[test]
fn a_project_that_is_not_there_is_a_clear_error() {
    let o = js_flow(Path::new("/no/such/project"), "text");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("not a project directory"));
}

/// `profile --plain`'s test summary line: (passed, failed).
fn plain_results(project: &Path) -> (u64, u64) {
    let o = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .args(["profile", "--plain"])
        .arg(project)
        .output()
        .expect("decisionprof runs");
    let out = String::from_utf8_lossy(&o.stdout);
    let line = out
        .lines()
        .find(|l| l.starts_with("tests: "))
        .unwrap_or_else(|| panic!("no summary: {out}"));
    let nums: Vec<u64> = line
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|x| x.parse().ok())
        .collect();
    (nums[0], nums[1])
}

#[test]
fn every_runner_esm_and_typescript_project_gives_the_same_test_results_profiled() {
    let projects = [
        "corpus/runners/ava",
        "corpus/runners/jest",
        "corpus/runners/mochactx",
        "corpus/runners/nodetest",
        "corpus/runners/tape",
        "corpus/runners/vitest",
        "corpus/esm/detect",
        "corpus/typescript/app",
    ];
    for p in projects {
        let dir = root().join(p);
        let (passed, failed) = plain_results(&dir);
        let o = js_flow(&dir, "json");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(o.status.success(), "{p}: {err}");
        let want = format!("{} tests ({failed} failed)", passed + failed);
        assert!(err.contains(&want), "{p}: expected {want}: {err}");
        let r: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON report");
        assert!(r["producers"].is_array(), "{p}");
    }
}

#[test]
fn dot_of_one_site_draws_its_flow_graph() {
    let at = js_site("entry");
    let at = at.trim_end_matches(':');
    let o = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .arg("js-flow")
        .arg(waste_js())
        .args(["--format", "dot", "--site", at])
        .output()
        .expect("decisionprof runs");
    let dot = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(dot.matches("digraph").count(), 1, "{dot}");
    assert!(
        dot.contains("HeapWrite") && dot.contains("(500 objects)"),
        "{dot}"
    );
    let o = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .arg("js-flow")
        .arg(waste_js())
        .args(["--format", "dot", "--site", "lib/waste.js:1"])
        .output()
        .expect("decisionprof runs");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no allocation site there"));
}

//! `decisionprof jvm-flow` end to end on a jar built at test time from corpus/java/paper.

mod jvm_flow_support;

use std::process::Command;

use jvm_flow_support::*;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_decisionprof"))
}

/// `paper.jar` (and the classes it was packed from, in `paper-classes`) in a directory of its own;
/// `javac` and `jar` run once for all the tests here.
fn paper_jar() -> (tempfile::TempDir, std::path::PathBuf) {
    let files = once("paper jar", || {
        let tmp = tempfile::tempdir().expect("temp dir");
        let jar = jar(
            tmp.path(),
            "paper",
            &[root().join("corpus/java/paper/Fig.java")],
            None,
            None,
        );
        let mut files = vec![("paper.jar".into(), std::fs::read(jar).unwrap())];
        for e in std::fs::read_dir(tmp.path().join("paper-classes")).unwrap() {
            let p = e.unwrap().path();
            let rel = std::path::Path::new("paper-classes").join(p.file_name().unwrap());
            files.push((rel, std::fs::read(&p).unwrap()));
        }
        files
    });
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir(dir.path().join("paper-classes")).unwrap();
    for (rel, bytes) in files.iter() {
        std::fs::write(dir.path().join(rel), bytes).unwrap();
    }
    let jar = dir.path().join("paper.jar");
    (dir, jar)
}

#[test]
fn text_report_lists_methods_and_totals() {
    let (_d, jar) = paper_jar();
    let out = bin()
        .arg("jvm-flow")
        .arg(&jar)
        .arg("--static")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let line = text
        .lines()
        .find(|l| l.ends_with("Fig.fig4(I)V"))
        .expect("fig4 listed");
    let cols: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(cols[7], "3", "three paths: {line}");
    assert!(text.contains("total: 2 classes"), "{text}");
    assert!(text.contains("time: parse"), "{text}");
}

#[test]
fn json_report_has_per_method_figures() {
    let (_d, jar) = paper_jar();
    let out = bin()
        .args(["jvm-flow", "--static", "--format", "json"])
        .arg(&jar)
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    let fig8 = v["methods"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["method"] == "Fig.fig8(I)V")
        .expect("fig8");
    assert_eq!(fig8["bypass_edges"], 1);
    assert_eq!(fig8["slices"], 1);
    assert_eq!(v["totals"]["classes"], 2);
    assert!(v["totals"]["times"]["total"].as_f64().unwrap() > 0.0);
}

#[test]
fn dot_draws_one_method() {
    let (_d, jar) = paper_jar();
    let out = bin()
        .args([
            "jvm-flow", "--static", "--format", "dot", "--method", "Fig.fig4",
        ])
        .arg(&jar)
        .output()
        .unwrap();
    assert!(out.status.success());
    let dot = String::from_utf8(out.stdout).unwrap();
    assert_eq!(dot.matches("digraph").count(), 1);
    assert!(dot.contains("cluster_cfg") && dot.contains("cluster_merged"));
    assert!(dot.contains("merged HFG, 3 paths"), "{dot}");
}

#[test]
fn bad_input_exits_2_with_a_message() {
    let (d, jar) = paper_jar();
    let missing = d.path().join("nope.jar");
    let out = bin()
        .arg("jvm-flow")
        .arg(&missing)
        .arg("--static")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nope.jar"));

    let notzip = d.path().join("bad.jar");
    std::fs::write(&notzip, b"not a zip").unwrap();
    let out = bin()
        .arg("jvm-flow")
        .arg(&notzip)
        .arg("--static")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad.jar"));

    let out = bin()
        .args(["jvm-flow", "--static", "--format", "dot"])
        .arg(&jar)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = bin().args(["jvm-flow"]).arg(&jar).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = bin()
        .args(["jvm-flow", "--static", "--method", "Fig.nothing"])
        .arg(&jar)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_broken_class_is_a_warning_not_a_failure() {
    let (d, jar) = paper_jar();
    // copy the jar's classes plus one truncated class file into a new jar
    let classes = d.path().join("paper-classes");
    std::fs::write(classes.join("Broken.class"), [0xCA, 0xFE, 0xBA, 0xBE, 0, 0]).unwrap();
    let jar2 = d.path().join("mixed.jar");
    assert!(Command::new("jar")
        .arg("cf")
        .arg(&jar2)
        .arg("-C")
        .arg(&classes)
        .arg(".")
        .status()
        .unwrap()
        .success());
    let _ = jar;
    let out = bin()
        .arg("jvm-flow")
        .arg(&jar2)
        .arg("--static")
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("warning: skipped class Broken.class"), "{err}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("Fig.fig4(I)V"));
}

#[test]
fn json_of_one_method_exports_the_numbered_hfg() {
    let (_d, jar) = paper_jar();
    let out = bin()
        .args([
            "jvm-flow", "--static", "--format", "json", "--method", "Fig.fig4",
        ])
        .arg(&jar)
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let flows = v["flows"].as_array().unwrap();
    assert_eq!(flows.len(), 1);
    let f = &flows[0];
    assert_eq!(f["paths"], 3);
    assert_eq!(f["edges"].as_array().unwrap().len(), 7);
    assert_eq!(f["slices"].as_array().unwrap().len(), 2);
    // the increments along each path sum to distinct ids 0, 1, 2
    let incs: Vec<u64> = f["edges"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["increment"].as_u64().unwrap())
        .collect();
    assert_eq!(incs.iter().sum::<u64>(), 3, "{incs:?}");
}

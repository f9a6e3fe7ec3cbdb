//! Every output of `suggest` comes from one model: the SARIF log of corpus/planted/basic has the
//! fields SARIF 2.1.0 requires, and its fixes, applied by hand, make exactly the files the
//! unified diff makes; the JSON carries the same findings. Arms only observed exclusive are an
//! unsafe fix: in the report, out of the patch unless `--unsafe-fixes`.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn project() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/planted/basic")
}

fn suggest(format: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .args([
            "suggest",
            project().to_str().unwrap(),
            "--gate",
            "none",
            "--format",
            format,
        ])
        .output()
        .expect("decisionprof runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `obj[key]` that must exist and not be null.
fn req<'a>(obj: &'a Value, key: &str) -> &'a Value {
    let v = &obj[key];
    assert!(!v.is_null(), "required property {key} missing in {obj}");
    v
}

/// The byte offset of a 1-based line and column (columns count characters).
fn offset(text: &str, line: u64, col: u64) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line as usize - 1)
        .map(str::len)
        .sum();
    let rest = &text[start..];
    rest.char_indices()
        .nth(col as usize - 1)
        .map_or(text.len(), |(i, _)| start + i)
}

/// Applies the SARIF replacements of every result to the files (in memory).
fn apply_fixes(log: &Value) -> std::collections::BTreeMap<String, String> {
    let mut files = std::collections::BTreeMap::new();
    let mut edits: Vec<(String, usize, usize, String)> = Vec::new();
    for r in req(&req(log, "runs")[0], "results").as_array().unwrap() {
        for fix in req(r, "fixes").as_array().unwrap() {
            let changes = req(fix, "artifactChanges").as_array().unwrap();
            assert!(
                !changes.is_empty(),
                "a fix needs at least one artifactChange"
            );
            for ch in changes {
                let uri = req(req(ch, "artifactLocation"), "uri")
                    .as_str()
                    .unwrap()
                    .to_string();
                let text = files
                    .entry(uri.clone())
                    .or_insert_with(|| std::fs::read_to_string(project().join(&uri)).unwrap());
                for rep in req(ch, "replacements").as_array().unwrap() {
                    let d = req(rep, "deletedRegion");
                    let n = |k: &str| req(d, k).as_u64().unwrap();
                    let lo = offset(text, n("startLine"), n("startColumn"));
                    let hi = offset(text, n("endLine"), n("endColumn"));
                    let new = req(req(rep, "insertedContent"), "text").as_str().unwrap();
                    edits.push((uri.clone(), lo, hi, new.to_string()));
                }
            }
        }
    }
    edits.sort_by(|a, b| (&a.0, b.1).cmp(&(&b.0, a.1)));
    for (uri, lo, hi, new) in edits {
        files.get_mut(&uri).unwrap().replace_range(lo..hi, &new);
    }
    files
}

#[test]
fn sarif_has_the_required_fields_and_its_fixes_equal_the_diff() {
    let log: Value = serde_json::from_str(&suggest("sarif")).expect("SARIF is JSON");
    assert_eq!(req(&log, "version"), "2.1.0");
    assert!(req(&log, "$schema")
        .as_str()
        .unwrap()
        .contains("sarif-2.1.0"));
    let run = &req(&log, "runs")[0];
    let driver = req(req(run, "tool"), "driver");
    assert_eq!(req(driver, "name"), "decisionprof");
    let rules = req(driver, "rules").as_array().unwrap();
    let results = req(run, "results").as_array().unwrap();
    assert_eq!(results.len(), 2, "the two planted suggestions");
    for r in results {
        assert!(!req(req(r, "message"), "text").as_str().unwrap().is_empty());
        let rule = req(r, "ruleId").as_str().unwrap();
        let idx = req(r, "ruleIndex").as_u64().unwrap() as usize;
        assert_eq!(req(&rules[idx], "id"), rule);
        assert!(["note", "warning", "error"].contains(&req(r, "level").as_str().unwrap()));
        let loc = req(&req(r, "locations")[0], "physicalLocation");
        assert_eq!(req(req(loc, "artifactLocation"), "uri"), "lib/basic.js");
        assert!(req(req(loc, "region"), "startLine").as_u64().unwrap() >= 1);
        assert_eq!(req(req(r, "properties"), "applicability"), "unverified");
    }
    // the fixes, applied by hand, give the same file as the diff applied by git
    let fixed = apply_fixes(&log);
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("lib")).unwrap();
    std::fs::copy(
        project().join("lib/basic.js"),
        dir.path().join("lib/basic.js"),
    )
    .unwrap();
    let patch = dir.path().join("p.diff");
    std::fs::write(&patch, suggest("diff")).unwrap();
    let st = Command::new("git")
        .args(["apply", "--unsafe-paths", "p.diff"])
        .current_dir(dir.path())
        .status()
        .expect("git runs");
    assert!(st.success());
    let by_git = std::fs::read_to_string(dir.path().join("lib/basic.js")).unwrap();
    assert_eq!(fixed["lib/basic.js"], by_git);
    assert_ne!(
        by_git,
        std::fs::read_to_string(project().join("lib/basic.js")).unwrap()
    );
}

#[test]
fn json_carries_the_findings_with_their_fixes() {
    let r: Value = serde_json::from_str(&suggest("json")).unwrap();
    let findings = r["findings"].as_array().unwrap();
    assert_eq!(findings.len(), r["suggestions"].as_array().unwrap().len());
    for f in findings {
        assert_eq!(f["fix"]["applicability"], "unverified");
        let edits = f["fix"]["edits"].as_array().unwrap();
        assert!(!edits.is_empty());
        assert!(edits.iter().all(|e| e["file"] == "lib/basic.js"));
    }
}

/// `suggest --gate none` on `root` with `extra`: stdout.
fn suggest_in(root: &Path, extra: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .args(["suggest", "--gate", "none", "--quiet"])
        .args(extra)
        .arg(root)
        .output()
        .expect("decisionprof runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn arms_only_observed_exclusive_stay_out_of_the_patch_unless_asked() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/gate/observedarms");
    let text = suggest_in(&root, &[]);
    assert!(
        text.contains("isSpace(c) ; isUpper(c) ; isDigit(c)"),
        "{text}"
    );
    assert!(text.contains("not proven"), "{text}");
    let json: Value = serde_json::from_str(&suggest_in(&root, &["--format", "json"])).unwrap();
    let fix = &json["findings"][0]["fix"];
    assert_eq!(fix["applicability"], "unsafe", "{json}");
    assert_eq!(suggest_in(&root, &["--format", "diff"]), "");
    let patch = suggest_in(&root, &["--format", "diff", "--unsafe-fixes"]);
    assert!(patch.contains("+  if (isSpace(c)) {"), "{patch}");
}

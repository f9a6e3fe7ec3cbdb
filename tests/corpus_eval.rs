//! `decisionprof eval` and the corpus: every planted opportunity is found in its expected order and
//! validated under node, no decoy is suggested, every npm workload passes under node, `--target`
//! profiles and patches exactly the dependency, and a failing project is a row, not the end.
//!
//! Transparency of the profiled runs (same output and test results as plain Boa and node) is
//! checked for every planted, npm and bench project by `tests/engines_agree.rs`; together with
//! `npm_workloads_pass_under_node` below it also proves that every npm workload passes in Boa,
//! profiled and plain.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

use instrument::model::{Decision, Reorder, Shape, Tree};
use jsproject::workload::Workload;
use serde_json::Value;
use suggest::gate;
use suggest::node::{find_node, NodeRunner};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn decisionprof(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .args(args)
        .output()
        .expect("decisionprof runs")
}

/// Folders with a package.json directly under `corpus/<group>`.
fn projects(group: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(repo().join("corpus").join(group))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("package.json").is_file())
        .collect();
    out.sort();
    out
}

fn squash(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A logical tree in the manifest's format: parentheses only around an `||` operand of `&&`.
fn render(t: &Tree, d: &Decision) -> String {
    match t {
        Tree::Leaf(i) => squash(&d.leaves[*i].text),
        Tree::Node { op, left, right } => {
            let side = |c: &Tree| match c {
                Tree::Node { op: inner, .. } if inner.as_str() == "||" && op.as_str() == "&&" => {
                    format!("({})", render(c, d))
                }
                _ => render(c, d),
            };
            format!("{} {} {}", side(left), op.as_str(), side(right))
        }
    }
}

/// The order `reorder` gives decision `d`, in the manifest's format (string or case-label list).
fn manifest_order(d: &Decision, reorder: &Reorder) -> Value {
    match (&d.shape, reorder) {
        (Shape::Logical { .. }, Reorder::Logical(t)) => Value::String(render(t, d)),
        (Shape::Switch(sw), Reorder::Switch(groups)) => Value::Array(
            groups
                .iter()
                .flat_map(|g| sw.groups[*g].iter())
                .map(|&c| Value::String(sw.cases[c].test.clone().unwrap_or("default".into())))
                .collect(),
        ),
        (Shape::Chain(_), Reorder::Chain(order)) => Value::Array(
            order
                .iter()
                .map(|&i| Value::String(squash(&d.leaves[i].text)))
                .collect(),
        ),
        _ => panic!("{}: reorder does not fit the shape", d.id),
    }
}

fn normalise(v: &Value) -> Value {
    match v {
        Value::String(s) => Value::String(squash(s)),
        v => v.clone(),
    }
}

/// The decision of `file` that starts on `line`.
fn decision_at(root: &Path, file: &str, line: u64) -> Decision {
    let src = std::fs::read_to_string(root.join(file)).unwrap();
    instrument::find_decisions(&src, file)
        .unwrap()
        .into_iter()
        .find(|d| u64::from(d.location.line) == line)
        .unwrap_or_else(|| panic!("{}/{file}: no decision on line {line}", root.display()))
}

/// Checks one planted project's `suggest` report against its manifest; returns the problems.
fn check_planted(root: &Path, report: &Value) -> Vec<String> {
    let name = root.file_name().unwrap().to_string_lossy().into_owned();
    let m: Value =
        serde_json::from_str(&std::fs::read_to_string(root.join("expect.json")).unwrap()).unwrap();
    let analyses = report["decisions"].as_array().unwrap();
    let outcomes: Vec<&Value> = report["suggestions"]
        .as_array()
        .unwrap()
        .iter()
        .chain(report["rejected"].as_array().unwrap())
        .collect();
    let at = |e: &Value| {
        let (file, line) = (e["file"].as_str().unwrap(), e["line"].as_u64().unwrap());
        let a = analyses.iter().find(|a| {
            a["location"]["file"].as_str() == Some(file)
                && a["location"]["line"].as_u64() == Some(line)
        });
        let o = a.and_then(|a| outcomes.iter().find(|o| o["analysis"]["id"] == a["id"]));
        (format!("{name} {file}:{line}"), a, o.copied())
    };
    let mut problems = Vec::new();
    if !report["failing_tests"].as_array().unwrap().is_empty() {
        problems.push(format!(
            "{name}: tests fail in Boa: {}",
            report["failing_tests"]
        ));
    }
    for e in m["opportunities"].as_array().unwrap() {
        let (loc, a, o) = at(e);
        let Some(a) = a else {
            problems.push(format!("{loc}: opportunity not profiled"));
            continue;
        };
        if a["verdict"]["verdict"] != "candidate" {
            problems.push(format!("{loc}: not a candidate: {}", a["verdict"]));
            continue;
        }
        let d = decision_at(
            root,
            e["file"].as_str().unwrap(),
            e["line"].as_u64().unwrap(),
        );
        let reorder: Reorder = serde_json::from_value(a["reorder"].clone()).unwrap();
        let got = manifest_order(&d, &reorder);
        if got != normalise(&e["expected"]) {
            problems.push(format!(
                "{loc}: order {got} instead of {}",
                normalise(&e["expected"])
            ));
        }
        match o.map(|o| o["status"].as_str().unwrap_or_default()) {
            // `unverified`: run with `--gate none`
            Some("suggested") | Some("not_faster") | Some("unverified") => {}
            other => problems.push(format!(
                "{loc}: did not pass validation under node: {other:?} {}",
                o.map(|o| o["reason"].to_string()).unwrap_or_default()
            )),
        }
    }
    for e in m["decoys"].as_array().unwrap() {
        let (loc, a, o) = at(e);
        if a.is_none() {
            problems.push(format!("{loc}: decoy not profiled"));
        }
        if let Some(o) = o {
            // A decoy that reaches the gate must be stopped there (its tempting order fails the workload).
            if o["status"] != "invalid" {
                problems.push(format!(
                    "{loc}: decoy reached the gate and was {}",
                    o["status"]
                ));
            }
        }
    }
    problems
}

#[test]
fn eval_over_the_planted_corpus_finds_every_opportunity_and_no_decoy() {
    if find_node().is_none() {
        eprintln!("node is not installed; skipping");
        return;
    }
    let tmp = tempfile::tempdir().unwrap();
    let json = tmp.path().join("eval.json");
    let dir = repo().join("corpus/planted");
    // The minimal gate: every candidate is validated under node; timing is as short as allowed.
    let out = decisionprof(&[
        "eval",
        dir.to_str().unwrap(),
        "--vms",
        "2",
        "--warmup",
        "0",
        "--measure",
        "1",
        "--cost-runs",
        "1",
        "--json",
        json.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let planted = projects("planted");
    let rows = r["projects"].as_array().unwrap();
    assert_eq!(rows.len(), planted.len(), "{stdout}");
    let mut problems = Vec::new();
    for root in &planted {
        let name = format!("planted/{}", root.file_name().unwrap().to_string_lossy());
        let row = rows
            .iter()
            .find(|p| p["project"] == name.as_str())
            .unwrap_or_else(|| panic!("{name} missing from the eval report"));
        match row["report"].as_object() {
            None => problems.push(format!("{name} failed: {}", row["error"])),
            Some(_) => problems.extend(check_planted(root, &row["report"])),
        }
        assert!(
            row["node"]["means"]
                .as_array()
                .is_some_and(|m| !m.is_empty()),
            "{name}: the original was not timed under node: {}",
            row["node_error"]
        );
        assert!(!row["points"].as_array().unwrap().is_empty(), "{name}");
    }
    assert!(problems.is_empty(), "{}\n\n{stdout}", problems.join("\n"));

    // The text report: the table with a row per project and totals, the list, the cost model.
    for p in &planted {
        let name = format!("planted/{}", p.file_name().unwrap().to_string_lossy());
        assert!(stdout.lines().any(|l| l.starts_with(&name)), "{stdout}");
    }
    for needle in [
        "LogExp",
        "Boa/node",
        "Total (",
        "Pearson r = ",
        "paper: 0.98",
    ] {
        assert!(stdout.contains(needle), "{needle}: {stdout}");
    }
    let t = &r["totals"];
    let suggested = t["opportunities_total"].as_u64().unwrap();
    assert_eq!(
        suggested as usize,
        r["suggestions"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| s["status"] == "suggested")
            .count()
    );
    assert_eq!(t["failed"], 0);
    assert!(r["cost_model"]["tests_all"]["n"].as_u64().unwrap() >= planted.len() as u64);
}

#[test]
fn npm_workloads_pass_under_node() {
    if find_node().is_none() {
        eprintln!("node is not installed; skipping");
        return;
    }
    let list = projects("npm");
    assert!(list.len() >= 6, "at least six npm libraries");
    for root in list {
        assert!(
            root.join("node_modules").is_dir(),
            "{}: dependencies not installed; run scripts/setup.sh",
            root.display()
        );
        let workload = Workload::of(&root).unwrap();
        let runner = NodeRunner::new(Duration::from_secs(300))
            .unwrap()
            .for_workload(&workload);
        let (abs, files) = (&workload.root, workload.rel_files());
        let base = gate::baseline(&runner, abs, &files)
            .unwrap_or_else(|e| panic!("{}: {e}", root.display()));
        assert!(
            base.tests.len() >= 20,
            "{}: dozens of tests",
            root.display()
        );
        let failed: Vec<&String> = base.tests.iter().filter(|t| !t.2).map(|t| &t.0).collect();
        assert!(failed.is_empty(), "{}: {failed:?}", root.display());
    }
}

/// A project that depends on `ms` without naming a target in its package.json.
fn dependent_project() -> tempfile::TempDir {
    let lib = repo().join("corpus/npm/ms");
    assert!(
        lib.join("node_modules/ms").is_dir(),
        "run scripts/setup.sh first"
    );
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(
        tmp.path().join("package.json"),
        r#"{"name": "uses-ms", "private": true, "decisionprof": {"workload": ["test/*.js"]}}"#,
    )
    .unwrap();
    std::fs::create_dir(tmp.path().join("test")).unwrap();
    std::fs::copy(
        lib.join("test/ms.test.js"),
        tmp.path().join("test/ms.test.js"),
    )
    .unwrap();
    std::os::unix::fs::symlink(lib.join("node_modules"), tmp.path().join("node_modules")).unwrap();
    tmp
}

#[test]
fn target_flag_profiles_and_patches_only_that_dependency() {
    let tmp = dependent_project();
    let root = tmp.path().to_str().unwrap();

    let out = decisionprof(&["profile", root, "--target", "node_modules/ms"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("failed") && text.contains(" 0 failed"),
        "{text}"
    );
    assert!(text.contains("node_modules/ms/index.js:"), "{text}");

    let out = decisionprof(&[
        "suggest",
        root,
        "--target",
        "node_modules/ms",
        "--gate",
        "none",
        "--format",
        "json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r: Value = serde_json::from_slice(&out.stdout).unwrap();
    let decisions = r["decisions"].as_array().unwrap();
    assert!(!decisions.is_empty());
    for d in decisions {
        let file = d["location"]["file"].as_str().unwrap();
        assert!(file.starts_with("node_modules/ms/"), "{file}");
    }
    let patch = r["patch"].as_str().unwrap();
    assert!(!patch.is_empty(), "ms has a candidate on this workload");
    for l in patch
        .lines()
        .filter(|l| l.starts_with("+++ ") || l.starts_with("--- "))
    {
        assert!(
            l[4..].starts_with("a/node_modules/ms/") || l[4..].starts_with("b/node_modules/ms/"),
            "{l}"
        );
    }

    // Without the flag (and no package.json entry) node_modules is left alone.
    let out = decisionprof(&["suggest", root, "--gate", "none", "--format", "json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(r["decisions"].as_array().unwrap().len(), 0);

    for cmd in ["profile", "suggest"] {
        let out = decisionprof(&[cmd, root, "--target", "node_modules/nope"]);
        assert_eq!(out.status.code(), Some(2), "{cmd}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("node_modules/nope"));
    }
}

#[test]
fn eval_reports_a_failing_project_as_a_row_and_goes_on() {
    let tmp = tempfile::tempdir().unwrap();
    let write = |rel: &str, text: &str| {
        let p = tmp.path().join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    };
    let pkg = r#"{"private": true, "decisionprof": {"workload": ["test/*.js"]}}"#;
    write("broken/package.json", pkg);
    write(
        "broken/lib/a.js",
        "exports.f = function (x) { return x && ; };\n",
    );
    write(
        "broken/test/a.test.js",
        "const a = require('../lib/a');\nit('f', () => a.f(1));\n",
    );
    write("good/package.json", pkg);
    write(
        "good/lib/b.js",
        "function slow(x) { let s = 0; for (let i = 0; i < 200; i++) s += i; return s > 0 && x > -1; }\n\
         exports.pick = function (x) { return slow(x) && x % 10 === 0; };\n",
    );
    write(
        "good/test/b.test.js",
        "const assert = require('assert');\nconst b = require('../lib/b');\n\
         it('picks', () => { let n = 0; for (let x = 0; x < 300; x++) if (b.pick(x)) n++; assert.strictEqual(n, 30); });\n",
    );
    let json = tmp.path().join("out.json");
    let out = decisionprof(&[
        "eval",
        tmp.path().to_str().unwrap(),
        "--gate",
        "none",
        "--cost-runs",
        "0",
        "--json",
        json.to_str().unwrap(),
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let broken = stdout
        .lines()
        .find(|l| l.contains("/broken"))
        .unwrap_or_else(|| panic!("{stdout}"));
    assert!(
        broken.contains("FAILED") && broken.contains("a.js"),
        "{broken}"
    );
    let r: Value = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(r["totals"]["projects"], 2);
    assert_eq!(r["totals"]["failed"], 1);
    let good = &r["projects"].as_array().unwrap()[1];
    assert_eq!(
        good["report"]["table"]["opportunities_total"], 1,
        "{stdout}"
    );
    assert_eq!(
        r["suggestions"][0]["optimized"], "x % 10 === 0 && slow(x)",
        "{stdout}"
    );

    let out = decisionprof(&["eval", tmp.path().join("missing").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
}

/// Arm chains' decoys are never candidates, even without the gate: overlapping conditions and
/// related classes keep their order, a condition with an effect and a dependent guard are
/// excluded; the suggestions are exactly the opportunities, in their expected orders.
#[test]
fn arm_chain_decoys_are_never_suggested_even_without_the_gate() {
    let root = repo().join("corpus/planted/arms");
    let out = decisionprof(&[
        "suggest",
        root.to_str().unwrap(),
        "--gate",
        "none",
        "--format",
        "json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let problems = check_planted(&root, &report);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let m: Value =
        serde_json::from_str(&std::fs::read_to_string(root.join("expect.json")).unwrap()).unwrap();
    let lines = |v: &Value| -> Vec<u64> {
        let mut l: Vec<u64> = v
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                e["line"]
                    .as_u64()
                    .or(e["analysis"]["location"]["line"].as_u64())
                    .unwrap()
            })
            .collect();
        l.sort();
        l
    };
    assert_eq!(lines(&report["suggestions"]), lines(&m["opportunities"]));
}

//! End to end: `decisionprof suggest` on corpus/planted/basic (real Boa, real node, real git apply).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Duration;

use instrument::model::Shape;
use serde_json::Value;
use suggest::gate;
use suggest::node::{find_node, NodeRunner};

fn project() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/planted/basic")
}

fn decisionprof(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .args(args)
        .output()
        .expect("decisionprof runs")
}

/// Every file under `dir` with its bytes (the project's full state).
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.insert(p.clone(), std::fs::read(&p).unwrap());
            }
        }
    }
    out
}

/// A digest of the snapshot, to report a change compactly.
fn digest(s: &BTreeMap<PathBuf, Vec<u8>>) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    s.hash(&mut h);
    h.finish()
}

fn expect() -> Value {
    serde_json::from_str(&std::fs::read_to_string(project().join("expect.json")).unwrap()).unwrap()
}

fn squash(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The decision's order as the manifest writes it: leaf texts with operators, or case labels.
fn order_of(source: &str, line: u64) -> Value {
    let ds = instrument::find_decisions(source, "lib/basic.js").unwrap();
    let d = ds
        .iter()
        .find(|d| u64::from(d.location.line) == line && !matches!(d.shape, Shape::Chain(_)))
        .unwrap_or_else(|| panic!("no decision on line {line}"));
    match &d.shape {
        Shape::Switch(sw) => Value::Array(
            sw.cases
                .iter()
                .map(|c| Value::String(c.test.clone().unwrap_or_else(|| "default".into())))
                .collect(),
        ),
        Shape::Logical { .. } => {
            Value::String(squash(&source[d.span.lo as usize..d.span.hi as usize]))
        }
        Shape::Chain(_) => unreachable!("arm chains are not in the manifest"),
    }
}

/// Copies the project, applies `patch` with `git apply`, and returns the copy.
fn apply(patch: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    for (p, bytes) in snapshot(&project()) {
        let rel = p.strip_prefix(project()).unwrap();
        let dest = tmp.path().join(rel);
        std::fs::create_dir_all(dest.parent().unwrap()).unwrap();
        std::fs::write(dest, bytes).unwrap();
    }
    let pf = tmp.path().join("suggest.patch");
    std::fs::write(&pf, patch).unwrap();
    for args in [vec!["apply", "--check"], vec!["apply"]] {
        let out = Command::new("git")
            .args(&args)
            .arg(&pf)
            .current_dir(tmp.path())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "git {args:?}: {}\n{patch}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    std::fs::remove_file(&pf).unwrap();
    tmp
}

/// The patched copy passes its whole workload under node.
fn assert_workload_passes(dir: &Path) {
    let workload = jsproject::workload::Workload::of(dir).unwrap();
    let runner = NodeRunner::new(Duration::from_secs(300))
        .unwrap()
        .for_workload(&workload);
    let files = vec!["test/basic.test.js".to_string()];
    let reference = gate::baseline(&runner, dir, &files).unwrap();
    assert_eq!(reference.tests.len(), 7);
    for (name, _, passed) in &reference.tests {
        assert!(passed, "{name} fails on the patched project");
    }
}

/// The patched file has each opportunity in its expected order and every decoy untouched.
fn assert_patched_orders(dir: &Path) {
    let m = expect();
    let patched = std::fs::read_to_string(dir.join("lib/basic.js")).unwrap();
    let original = std::fs::read_to_string(project().join("lib/basic.js")).unwrap();
    for o in m["opportunities"].as_array().unwrap() {
        let line = o["line"].as_u64().unwrap();
        let want = match &o["expected"] {
            Value::String(s) => Value::String(squash(s)),
            v => v.clone(),
        };
        assert_eq!(order_of(&patched, line), want, "line {line}");
    }
    for d in m["decoys"].as_array().unwrap() {
        let line = d["line"].as_u64().unwrap();
        assert_eq!(
            order_of(&patched, line),
            order_of(&original, line),
            "decoy on line {line} changed"
        );
    }
}

/// Timing tests run alone: a gate timing node on a 2-core machine while another gate, or another
/// test's profiling run, takes the cores measures that instead (the sequential test then gives up
/// as futile on a real speed-up). Timing tests take the write lock, the other tests that run the
/// pipeline the read lock.
static TIMING: std::sync::RwLock<()> = std::sync::RwLock::new(());

/// The turn of a test that runs the pipeline without timing anything.
fn untimed_turn() -> std::sync::RwLockReadGuard<'static, ()> {
    TIMING.read().unwrap_or_else(|e| e.into_inner())
}

/// The turn of a test whose gate times node: no other test of this file runs meanwhile.
fn timed_turn() -> std::sync::RwLockWriteGuard<'static, ()> {
    TIMING.write().unwrap_or_else(|e| e.into_inner())
}

#[test]
fn suggest_gated_by_node_finds_exactly_the_planted_opportunities() {
    if find_node().is_none() {
        eprintln!("node is not installed; skipping");
        return;
    }
    let _turn = timed_turn();
    let before = snapshot(&project());
    let out = decisionprof(&[
        "suggest",
        project().to_str().unwrap(),
        "--format",
        "json",
        "--vms",
        "8",
    ]);
    let after = snapshot(&project());
    assert_eq!(digest(&before), digest(&after), "the project tree changed");
    assert_eq!(before, after);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r: Value = serde_json::from_slice(&out.stdout).unwrap();
    let m = expect();

    let mut got: Vec<u64> = r["suggestions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["analysis"]["location"]["line"].as_u64().unwrap())
        .collect();
    got.sort();
    let mut want: Vec<u64> = m["opportunities"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["line"].as_u64().unwrap())
        .collect();
    want.sort();
    assert_eq!(
        got,
        want,
        "{}",
        serde_json::to_string_pretty(&r["rejected"]).unwrap()
    );
    for s in r["suggestions"].as_array().unwrap() {
        assert_eq!(s["status"], "suggested");
        let g = &s["gate"];
        assert!(g["positive"].as_u64().unwrap() > g["negative"].as_u64().unwrap());
        assert!(g["failed"].is_null());
    }

    // Decoys are not even candidates (each stopped before the gate).
    for d in m["decoys"].as_array().unwrap() {
        let line = d["line"].as_u64();
        let a = r["decisions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["location"]["line"].as_u64() == line)
            .unwrap_or_else(|| panic!("decoy on line {line:?} not profiled"));
        assert_ne!(a["verdict"]["verdict"], "candidate", "decoy {line:?}: {a}");
    }

    let t = &r["table"];
    assert_eq!(t["files"], 1);
    assert_eq!(t["logical"], 6);
    assert_eq!(t["switches"], 1);
    assert_eq!(t["statically_pruned"], 2);
    assert_eq!(t["evaluated"], 5);
    assert_eq!(t["dynamically_pruned"], 2);
    assert_eq!(t["candidates"], 2);
    assert_eq!(t["opportunities_logical"], 1);
    assert_eq!(t["opportunities_switch"], 1);
    assert_eq!(t["opportunities_total"], 2);

    let copy = apply(r["patch"].as_str().unwrap());
    assert_patched_orders(copy.path());
    assert_workload_passes(copy.path());
}

#[test]
fn suggest_without_gate_prints_a_patch_that_applies_and_passes() {
    let _turn = untimed_turn();
    let before = snapshot(&project());
    let out = decisionprof(&[
        "suggest",
        project().to_str().unwrap(),
        "--gate",
        "none",
        "--format",
        "diff",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(before, snapshot(&project()));
    let patch = String::from_utf8(out.stdout).unwrap();
    assert!(patch.starts_with(
        "diff --git a/lib/basic.js b/lib/basic.js\n--- a/lib/basic.js\n+++ b/lib/basic.js\n"
    ));
    assert_eq!(
        patch.matches("\n@@ ").count(),
        2,
        "one hunk per suggestion:\n{patch}"
    );
    let copy = apply(&patch);
    assert_patched_orders(copy.path());
    if find_node().is_some() {
        assert_workload_passes(copy.path());
    }
}

#[test]
fn suggest_text_labels_unverified_suggestions_and_writes_out_file() {
    let _turn = untimed_turn();
    let tmp = tempfile::tempdir().unwrap();
    let out_file = tmp.path().join("report.txt");
    let out = decisionprof(&[
        "suggest",
        project().to_str().unwrap(),
        "--gate",
        "none",
        "--out",
        out_file.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stdout.is_empty());
    let text = std::fs::read_to_string(&out_file).unwrap();
    assert!(text.contains("LogExp"), "{text}");
    assert_eq!(text.matches("[unverified]").count(), 2, "{text}");
    assert!(text.contains("lib/basic.js:19:"), "{text}");
    assert!(
        text.contains("→ order.total > 900 && mentionsKnownWord(order.note)"),
        "{text}"
    );
}

#[test]
fn suggest_input_errors_exit_2() {
    let out = decisionprof(&["suggest", "/nonexistent/project"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/project"));
    let p = project();
    let out = decisionprof(&["suggest", p.to_str().unwrap(), "--confidence", "1.5"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--confidence"));
    let out = decisionprof(&["suggest", p.to_str().unwrap(), "--format", "yaml"]);
    assert_eq!(out.status.code(), Some(2));
    let out = decisionprof(&["suggest", p.to_str().unwrap(), "--workload", "nothing/*.js"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("nothing/*.js"));
}

#[test]
fn suggest_without_node_says_how_to_install_it() {
    let empty = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .args(["suggest", project().to_str().unwrap()])
        .env("PATH", empty.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("install"), "{err}");
    assert!(err.contains("--gate none"), "{err}");
}

#[test]
fn suggest_mode_all_gates_every_candidate_in_one_variant() {
    if find_node().is_none() {
        eprintln!("node is not installed; skipping");
        return;
    }
    let _turn = timed_turn();
    let before = snapshot(&project());
    let out = decisionprof(&[
        "suggest",
        project().to_str().unwrap(),
        "--format",
        "json",
        "--mode",
        "all",
        "--vms",
        "6",
    ]);
    assert_eq!(before, snapshot(&project()));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r: Value = serde_json::from_slice(&out.stdout).unwrap();
    let suggestions = r["suggestions"].as_array().unwrap();
    assert_eq!(
        suggestions.len(),
        2,
        "{}",
        serde_json::to_string_pretty(&r["rejected"]).unwrap()
    );
    // One variant, one gate result shared by both, covering the tests of both decisions.
    assert_eq!(suggestions[0]["gate"], suggestions[1]["gate"]);
    let timed: Vec<&str> = suggestions[0]["gate"]["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert!(
        timed.contains(&"review > flags only large orders"),
        "{timed:?}"
    );
    assert!(timed.contains(&"events > weighs every event"), "{timed:?}");
    let copy = apply(r["patch"].as_str().unwrap());
    assert_patched_orders(copy.path());
}

#[test]
fn suggest_caps_the_gated_candidates_at_max_suggestions() {
    let _turn = untimed_turn();
    let out = decisionprof(&[
        "suggest",
        project().to_str().unwrap(),
        "--gate",
        "none",
        "--format",
        "json",
        "--max-suggestions",
        "1",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let r: Value = serde_json::from_slice(&out.stdout).unwrap();
    // The larger estimated saving (the && decision, 108862 branch points) is kept.
    let s = r["suggestions"].as_array().unwrap();
    assert_eq!(s.len(), 1);
    assert_eq!(s[0]["analysis"]["location"]["line"], 19);
    assert_eq!(s[0]["status"], "unverified");
    let rej = r["rejected"].as_array().unwrap();
    assert_eq!(rej.len(), 1);
    assert_eq!(rej[0]["status"], "skipped");
    assert!(rej[0]["reason"]
        .as_str()
        .unwrap()
        .contains("--max-suggestions"));
    assert_eq!(r["patch"].as_str().unwrap().matches("\n@@ ").count(), 1);
}

/// `suggest --format json --no-confirm` with `args` on the corpus project `rel`: every
/// candidate's outcome, suggested or not, and stderr; the run must exit 0.
fn quick_json(rel: &str, args: &[&str]) -> (Vec<Value>, String) {
    let (r, stderr) = report_json(rel, args);
    let outcomes = ["suggestions", "rejected"]
        .iter()
        .flat_map(|k| r[k].as_array().unwrap().clone())
        .collect();
    (outcomes, stderr)
}

/// `suggest --format json --no-confirm` with `args` on the corpus project `rel`: the report and
/// stderr; the run must exit 0.
fn report_json(rel: &str, args: &[&str]) -> (Value, String) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(rel);
    let out = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .args(["suggest", "--format", "json", "--no-confirm"])
        .args(args)
        .arg(&dir)
        .output()
        .expect("decisionprof runs");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let r: Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
    (r, stderr)
}

/// With no flags, a project that ships a benchmark.js benchmark is profiled and timed on its
/// cases (all candidates together first) while its tests validate: the ladder its unit tests
/// cannot show (each type once: already in its best order there) is a candidate, gated on the
/// benchmark's case; `--no-bench` profiles the tests and finds nothing.
#[test]
fn a_project_with_a_benchmark_is_timed_on_its_cases() {
    let (r, stderr) = report_json("corpus/gate/benchmarked", &["--vms", "6"]);
    assert_eq!(r["settings"]["workload"], "benchmarks", "{r}");
    assert_eq!(r["settings"]["mode"], "all", "{r}");
    assert!(
        stderr.contains("validating on its 1 test file(s)"),
        "{stderr}"
    );
    // gated on the benchmark's case, accepted or not: whether a 0.07 ms case shows the change
    // with 6 processes depends on the machine's load (gate_stable checks verdicts)
    let s = r["suggestions"].as_array().unwrap();
    let rejected = r["rejected"].as_array().unwrap();
    let gated: Vec<&Value> = s.iter().chain(rejected).collect();
    assert_eq!(gated.len(), 1, "{r}");
    assert_eq!(gated[0]["analysis"]["location"]["line"], 7);
    assert_eq!(gated[0]["analysis"]["kind"], "if-else");
    let timed = &gated[0]["gate"]["tests"][0];
    assert_eq!(timed["name"], "media > a day of responses", "{timed}");
    assert!(timed["interval_percent"].as_f64().is_some(), "{timed}");
    assert_eq!(timed["file"], "benchmark/index.js", "{timed}");
    let (r, _) = report_json("corpus/gate/benchmarked", &["--no-bench", "--vms", "4"]);
    assert_eq!(r["settings"]["workload"], "tests");
    assert!(r["suggestions"].as_array().unwrap().is_empty(), "{r}");
}

/// A benchmark whose cases all fail (it loads a build nobody ran) is not the workload: the tests
/// are profiled instead, and a note says why.
#[test]
fn a_benchmark_that_cannot_run_falls_back_to_the_tests() {
    let (r, _) = report_json("corpus/discovery/bench-broken", &["--gate", "none"]);
    assert_eq!(r["settings"]["workload"], "tests");
    let notes = r["notes"].as_array().unwrap();
    assert!(
        notes.iter().any(|n| n
            .as_str()
            .unwrap()
            .contains("could not be profiled (1 of 1 cases failed")),
        "{notes:?}"
    );
    // the tests ran: the one file they load, with its one decision
    assert_eq!(r["table"]["files"], 1, "{r}");
    assert_eq!(r["table"]["logical"], 1, "{r}");
}

/// tap subtests that match snapshots are timed by running each again in one process: every run
/// counts its snapshots from 1 (`… > kind 1`), so the runs pass and the candidate is timed.
#[test]
fn tap_snapshots_count_from_one_in_every_timed_run() {
    let (outcomes, _) = quick_json("corpus/gate/tapsnap-rerun", &["--vms", "3"]);
    let timed = outcomes
        .iter()
        .find(|o| o["analysis"]["original"] == "slow(s) && s.length > 1000")
        .unwrap_or_else(|| panic!("{outcomes:?}"));
    assert!(
        timed["status"] == "suggested" || timed["status"] == "not_faster",
        "{timed}"
    );
    assert!(timed["gate"]["untimed"].is_null(), "{timed}");
    assert!(
        !timed["gate"]["tests"].as_array().unwrap().is_empty(),
        "{timed}"
    );
}

/// A benchmark that runs where the project is but not in the gate's copy (it reads a fixture
/// beside the project) is not the workload either: the tests are profiled and timed instead, and
/// a note says why.
#[test]
fn a_benchmark_that_does_not_run_under_node_falls_back_to_the_tests() {
    let (r, _) = report_json("corpus/discovery/bench-outside", &["--vms", "2"]);
    assert_eq!(r["settings"]["workload"], "tests", "{r}");
    let notes = r["notes"].as_array().unwrap();
    assert!(
        notes.iter().any(|n| n
            .as_str()
            .unwrap()
            .contains("the project's benchmarks (benchmark/index.js) do not run under node")),
        "{notes:?}"
    );
    assert_eq!(r["table"]["chains"], 1, "{r}");
}

/// A benchmark as the workload: it is timed, its printed timings are not compared, and the
/// project's own tests validate every variant.
#[test]
fn a_benchmark_workload_is_timed_while_the_tests_validate() {
    let args = ["--vms", "4", "--workload", "benchmark/index.js"];
    let (outcomes, stderr) = quick_json("corpus/discovery/benches", &args);
    assert!(
        stderr.contains("validating on its 1 test file(s)"),
        "{stderr}"
    );
    // all candidates together (the default on benchmarks): the one that overlaps the other is
    // not timed on its own
    let timed: Vec<&Value> = outcomes.iter().filter(|o| o["gate"].is_object()).collect();
    assert!(!timed.is_empty(), "{outcomes:?}");
    for o in timed {
        assert_ne!(o["status"], "invalid", "{o}");
        let timed = o["gate"]["tests"][0]["name"].as_str();
        assert_eq!(timed, Some("benchmark/index.js"), "{o}");
    }
}

/// Hot decisions first: of two candidates of the same shape, the one in a function the workload
/// hardly runs (no sample of V8's CPU profile, next to nothing of the profile's cost) is listed
/// as cold, not timed; the hot one is timed, with its function's share of the run.
#[test]
fn a_candidate_in_a_cold_function_is_listed_not_timed() {
    let (outcomes, _) = quick_json("corpus/gate/cold", &["--vms", "4"]);
    let by_line = |line: u64| {
        outcomes
            .iter()
            .find(|o| o["analysis"]["location"]["line"] == line)
            .cloned()
            .unwrap_or_else(|| panic!("no outcome at line {line}: {outcomes:?}"))
    };
    let (hot, cold) = (by_line(10), by_line(16));
    assert!(hot["gate"].is_object(), "{hot}");
    assert!(hot["function_share"].as_f64().unwrap() > 0.5, "{hot}");
    assert_eq!(cold["status"], "skipped", "{cold}");
    assert!(
        cold["reason"].as_str().unwrap_or("").starts_with("cold: "),
        "{cold}"
    );
    assert!(cold["gate"].is_null(), "{cold}");
}

/// A suite that prints its own timings (two runs of the original print differently) is validated
/// on its tests' results: the candidate is not rejected as changing the output.
#[test]
fn a_suite_printing_timings_is_validated_on_its_results() {
    let (outcomes, stderr) = quick_json("corpus/gate/timings", &["--vms", "2"]);
    assert!(
        stderr.contains("validation compares the tests' results, not the output"),
        "{stderr}"
    );
    assert_eq!(outcomes.len(), 1, "{outcomes:?}");
    assert_ne!(outcomes[0]["status"], "invalid", "{}", outcomes[0]);
}

/// A test file that cannot load (it needs a package the project does not install) is one failed
/// unit under node as in Boa: the gate validates and times with the other files instead of
/// refusing the whole workload.
#[test]
fn a_test_file_that_cannot_load_does_not_stop_the_gate() {
    let (outcomes, stderr) = quick_json("corpus/gate/missing_dep", &["--vms", "6"]);
    assert_eq!(outcomes.len(), 1, "{stderr}");
    let o = &outcomes[0];
    assert_eq!(o["status"], "suggested", "{o}");
    assert_eq!(
        o["gate"]["tests"][0]["name"],
        "cacheable > screens a day of requests"
    );
}

/// A decision that only code run as a test file loads (no test around it) executes cannot be
/// timed test by test: the report says so and names the file to time as a script, instead of a
/// change of "+0.0 % over 0 timed tests".
#[test]
fn a_candidate_run_only_at_load_time_says_why_it_was_not_timed() {
    let (outcomes, _) = quick_json("corpus/gate/loadtime", &["--vms", "4"]);
    assert_eq!(outcomes.len(), 1);
    let why = outcomes[0]["why_not"].as_str().unwrap_or_default();
    assert!(
        why.starts_with("could not be timed: the code runs as its test files load")
            && why.ends_with("--workload test/checks.js)"),
        "{why}"
    );
}

/// A suite whose printed timing reads the same in the original's two reference runs and
/// differently later (urun's "3 ms" in sqlstring's suite): the variant's different output is not
/// held against it, because the original, run again, prints differently too.
#[test]
fn output_that_the_original_does_not_reproduce_does_not_reject_a_variant() {
    let (outcomes, stderr) = quick_json("corpus/gate/coarse-timings", &["--vms", "2"]);
    assert!(
        stderr.contains("the original printed something different when run again"),
        "{stderr}"
    );
    assert_eq!(outcomes.len(), 1, "{outcomes:?}");
    assert_ne!(outcomes[0]["status"], "invalid", "{}", outcomes[0]);
}

/// Without a gate, a suggestion left out of the patch because it overlaps a larger one says it
/// was not gated (minimist's two checks of one `&&` inside another suggestion), never that it
/// passed the gate.
#[test]
fn without_a_gate_an_overlapping_suggestion_says_it_was_not_gated() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/npm/minimist");
    assert!(
        root.join("node_modules/minimist").is_dir(),
        "run scripts/setup.sh first"
    );
    let out = decisionprof(&["suggest", root.to_str().unwrap(), "--gate", "none"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("overlaps another suggestion (not gated)"),
        "{text}"
    );
    assert!(!text.contains("passed the gate alone"), "{text}");
}

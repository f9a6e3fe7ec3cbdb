//! The node runner, validation and the timing gate on hand-written original/variant projects (real node).

use std::path::Path;
use std::time::Duration;

use suggest::gate::{self, GateOptions};
use suggest::node::{find_node, Mode, NodeRunner, Record};
use suggest::stats::Effect;

const LIB_SLOW_FIRST: &str = r#"'use strict';
function costly(n) { var s = 0; for (var i = 0; i < 2000; i++) s += i % 7; return s >= 0 && n !== 13; }
function cheap(n) { return n % 10 === 0; }
exports.pick = function (n) { return costly(n) && cheap(n); };
"#;

const TEST_JS: &str = r#"'use strict';
var assert = require('assert');
var lib = require('../lib');
describe('pick', function () {
  it('keeps multiples of ten', function () {
    var kept = 0;
    for (var n = 0; n < 200; n++) if (lib.pick(n)) kept++;
    assert.strictEqual(kept, 20);
  });
  it('drops thirteen', function () {
    assert.strictEqual(lib.pick(13), false);
  });
});
"#;

fn project(dir: &Path, lib: &str) {
    std::fs::create_dir_all(dir.join("test")).unwrap();
    std::fs::write(dir.join("lib.js"), lib).unwrap();
    std::fs::write(dir.join("test/pick.test.js"), TEST_JS).unwrap();
}

fn files() -> Vec<String> {
    vec!["test/pick.test.js".to_string()]
}

fn runner() -> Option<NodeRunner> {
    if find_node().is_none() {
        eprintln!("node is not installed; skipping");
        return None;
    }
    Some(NodeRunner::new(Duration::from_secs(120)).unwrap())
}

#[test]
fn validation_accepts_an_equivalent_variant_and_rejects_a_broken_one() {
    let Some(runner) = runner() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let (orig, good, bad, noisy) = (
        tmp.path().join("o"),
        tmp.path().join("g"),
        tmp.path().join("b"),
        tmp.path().join("n"),
    );
    project(&orig, LIB_SLOW_FIRST);
    project(
        &good,
        &LIB_SLOW_FIRST.replace("costly(n) && cheap(n)", "cheap(n) && costly(n)"),
    );
    project(
        &bad,
        &LIB_SLOW_FIRST.replace("costly(n) && cheap(n)", "costly(n) || cheap(n)"),
    );
    project(
        &noisy,
        &LIB_SLOW_FIRST.replace("exports.pick", "console.log('loaded');\nexports.pick"),
    );
    let reference = gate::baseline(&runner, &orig, &files()).unwrap();
    assert_eq!(
        reference.tests,
        vec![
            (
                "pick > keeps multiples of ten".into(),
                "test/pick.test.js".into(),
                true
            ),
            (
                "pick > drops thirteen".into(),
                "test/pick.test.js".into(),
                true
            ),
        ]
    );
    let files = files();
    let check = gate::Check {
        runner: &runner,
        reference: &reference,
        original: &orig,
        files: &files,
    };
    assert_eq!(gate::validate(&check, &good, true).unwrap(), Ok(()));
    let why = gate::validate(&check, &bad, true).unwrap().unwrap_err();
    assert!(why.contains("pick > keeps multiples of ten"), "{why}");
    let why = gate::validate(&check, &noisy, true).unwrap().unwrap_err();
    assert!(why.contains("prints something different"), "{why}");
}

#[test]
fn timing_runs_report_calibrated_samples_per_test() {
    let Some(runner) = runner() else { return };
    let runner = runner.with_min_sample(1_000_000);
    let tmp = tempfile::tempdir().unwrap();
    project(tmp.path(), LIB_SLOW_FIRST);
    let report = runner
        .run(
            tmp.path(),
            &files(),
            Mode::Time {
                warmup: 1,
                measure: 4,
            },
        )
        .unwrap();
    let timings: Vec<_> = report
        .records
        .iter()
        .filter_map(|r| match r {
            Record::Timing {
                name,
                iters,
                samples,
                failed,
                ..
            } => Some((name.clone(), *iters, samples.clone(), failed.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(timings.len(), 2);
    for (name, iters, samples, failed) in timings {
        assert!(failed.is_none(), "{name}: {failed:?}");
        assert!(iters >= 1);
        assert_eq!(samples.len(), 4);
        assert!(samples.iter().all(|s| *s > 0.0));
    }
}

/// A test whose first calls are slow (as while a library compiles) and later ones fast.
const TEST_SLOW_START_JS: &str = r#"'use strict';
var calls = 0;
function spin(ms) { var end = Date.now() + ms; while (Date.now() < end) {} }
describe('warming', function () {
  it('is slow for its first six calls only', function () {
    calls++;
    if (calls <= 6) spin(4);
    var s = 0;
    for (var i = 0; i < 2000; i++) s += i % 7;
    if (s < 0) throw new Error('impossible');
  });
});
"#;

#[test]
fn a_test_slow_in_its_first_calls_is_recalibrated_during_warm_up() {
    let Some(runner) = runner() else { return };
    let min = 2_000_000;
    let runner = runner.with_min_sample(min);
    let tmp = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(tmp.path().join("test")).unwrap();
    std::fs::write(tmp.path().join("test/warm.test.js"), TEST_SLOW_START_JS).unwrap();
    let mode = Mode::Time {
        warmup: 2,
        measure: 3,
    };
    let report = runner
        .run(tmp.path(), &["test/warm.test.js".to_string()], mode)
        .unwrap();
    let (iters, samples) = report
        .records
        .iter()
        .find_map(|r| match r {
            Record::Timing { iters, samples, .. } => Some((*iters, samples.clone())),
            _ => None,
        })
        .expect("a timing record");
    // The first calibrated call took the minimum alone; one iteration per sample would time
    // a few microseconds. Warm-up notices and calibrates again.
    assert!(iters > 1, "iterations per sample: {iters}");
    let fastest = samples.iter().cloned().fold(f64::INFINITY, f64::min);
    assert!(
        fastest * iters as f64 >= min as f64 / 2.0,
        "{iters} iterations of {fastest} ns"
    );
}

#[test]
fn the_gate_compares_every_test_of_interleaved_processes() {
    let Some(runner) = runner() else { return };
    let runner = runner.with_min_sample(1_000_000);
    let tmp = tempfile::tempdir().unwrap();
    let (orig, fast) = (tmp.path().join("o"), tmp.path().join("f"));
    project(&orig, LIB_SLOW_FIRST);
    project(
        &fast,
        &LIB_SLOW_FIRST.replace("costly(n) && cheap(n)", "cheap(n) && costly(n)"),
    );
    let reference = gate::baseline(&runner, &orig, &files()).unwrap();
    let opts = GateOptions {
        vms: 2,
        warmup: 1,
        measure: 3,
        confidence: 0.9,
        script_runs: 4,
        confirm: false,
        design: gate::GateDesign::Fixed,
        parallel: gate::two_cores(),
        timed_tests: 0,
    };
    let ticks = std::cell::Cell::new(0);
    let files = files();
    let cmp = gate::Comparison {
        original: &orig,
        variant: &fast,
        files: &files,
        reference: &reference,
        affected: None,
    };
    let res = gate::measure(&runner, &cmp, &opts, &|| ticks.set(ticks.get() + 1)).unwrap();
    assert_eq!(ticks.get() as u64, gate::processes(&reference, &opts));
    assert_eq!(res.tests.len(), 2);
    // Only the affected tests are timed.
    let only = vec![(
        "pick > drops thirteen".to_string(),
        "test/pick.test.js".to_string(),
    )];
    let cmp = gate::Comparison {
        affected: Some(&only),
        ..cmp
    };
    let res = gate::measure(&runner, &cmp, &opts, &|| {}).unwrap();
    assert_eq!(res.tests.len(), 1);
    assert_eq!(res.tests[0].name, "pick > drops thirteen");
    assert!(res.failed.is_none());
    for t in &res.tests {
        assert!((0.0..=1.0).contains(&t.p));
        assert!(t.mean_original_ns > 0.0 && t.mean_variant_ns > 0.0);
    }
    let pos = res
        .tests
        .iter()
        .filter(|t| t.effect == Effect::Positive)
        .count();
    assert_eq!(res.positive, pos);
    let together = res
        .aggregate
        .as_ref()
        .expect("an aggregate over the timed test");
    assert_eq!(together.name, gate::AGGREGATE);
    assert!(res.confirmation.is_none(), "confirm is off");
    assert_eq!(
        res.accepted,
        res.failed.is_none() && res.positive > res.negative && together.effect == Effect::Positive
    );
}

#[test]
fn scripts_are_timed_as_a_whole() {
    let Some(runner) = runner() else { return };
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(
        tmp.path().join("bench.js"),
        "var s = 0; for (var i = 0; i < 1000; i++) s += i; console.log('sum', s);\n",
    )
    .unwrap();
    let files = vec!["bench.js".to_string()];
    let reference = gate::baseline(&runner, tmp.path(), &files).unwrap();
    assert!(!reference.has_tests());
    assert_eq!(reference.output, "sum 499500\n");
    let opts = GateOptions {
        script_runs: 3,
        ..GateOptions::default()
    };
    let cmp = gate::Comparison {
        original: tmp.path(),
        variant: tmp.path(),
        files: &files,
        reference: &reference,
        affected: None,
    };
    let res = gate::measure(&runner, &cmp, &opts, &|| {}).unwrap();
    assert_eq!(res.tests.len(), 1);
    assert_eq!(res.tests[0].name, "bench.js");
}

/// The script-mode figures of one process: load ns, warm ns per run, and how many times the
/// script ran (each run prints a line).
fn script_figures(runner: &NodeRunner, root: &Path, file: &str) -> (f64, Option<f64>, usize) {
    let mode = Mode::Script {
        warmup: 2,
        measure: 10,
    };
    let rep = runner.run(root, &[file.to_string()], mode).unwrap();
    assert!(rep.load_error().is_none(), "{:?}", rep.load_error());
    let runs = rep.output.lines().filter(|l| *l == "ran").count();
    let (load, warm) = rep
        .records
        .iter()
        .find_map(|r| match r {
            Record::Script { ns, repeated } => Some((*ns, *repeated)),
            _ => None,
        })
        .expect("a script record");
    (load, warm, runs)
}

/// [`script_figures`] of a script that runs again, in one of three processes: a process whose
/// load on the machine changes under it (three slow samples at its end) gives only its load.
fn warm_figures(runner: &NodeRunner, root: &Path, file: &str) -> (f64, f64, usize) {
    (0..3)
        .find_map(|_| match script_figures(runner, root, file) {
            (load, Some(warm), runs) => Some((load, warm, runs)),
            _ => None,
        })
        .unwrap_or_else(|| panic!("{file} ran again"))
}

#[test]
fn short_scripts_run_again_warm_in_their_process_and_a_script_that_cannot_falls_back_to_its_load() {
    let Some(runner) = runner() else { return };
    let runner = runner.with_min_sample(1_000_000);
    let tmp = tempfile::tempdir().unwrap();
    let lib = "exports.sum = function (n) { var s = 0; for (var i = 0; i < n; i++) s += i; return s; };\n";
    std::fs::write(tmp.path().join("lib.js"), lib).unwrap();
    let cjs =
        "require('assert').strictEqual(require('./lib').sum(1000), 499500);\nconsole.log('ran');\n";
    std::fs::write(tmp.path().join("check.js"), cjs).unwrap();
    let esm = "import { strictEqual } from 'node:assert';\nimport lib from './lib.js';\nstrictEqual(lib.sum(1000), 499500);\nconsole.log('ran');\n";
    std::fs::write(tmp.path().join("check.mjs"), esm).unwrap();
    let once = "if (globalThis.ran) throw new Error('runs once');\nglobalThis.ran = true;\nconsole.log('ran');\n";
    std::fs::write(tmp.path().join("once.js"), once).unwrap();
    for file in ["check.js", "check.mjs"] {
        let (load, warm, runs) = warm_figures(&runner, tmp.path(), file);
        // the first load, two untimed runs, calibration, then 12 samples of 1 ms or more
        assert!(runs > 7, "{file} ran {runs} times");
        assert!(load > 0.0 && warm > 0.0, "{file}: {load} {warm}");
        assert!(
            warm < load,
            "{file}: a warm run ({warm} ns) is shorter than the first load ({load} ns)"
        );
    }
    let (load, warm, runs) = script_figures(&runner, tmp.path(), "once.js");
    assert!(load > 0.0);
    assert_eq!(runs, 1);
    assert_eq!(
        warm, None,
        "a script that fails when run again is timed by its load"
    );
    // work a run leaves to a timer belongs to the run: each run waits for it
    let later = "setTimeout(() => { require('./lib').sum(1000); console.log('ran'); }, 5);\n";
    std::fs::write(tmp.path().join("later.js"), later).unwrap();
    let (_, warm, runs) = warm_figures(&runner, tmp.path(), "later.js");
    assert!(warm >= 3e6, "a run lasts its timer: {warm}");
    assert!(runs > 7, "later.js ran {runs} times");
    // a script that adds to a list a cached module keeps, and runs the whole list, does more at
    // every run: timed by its load (each entry spins 4 ms of wall time, which a busy machine
    // cannot stretch or a tier-up shorten, so that the rise outgrows what a busy machine adds
    // to the first samples)
    std::fs::write(tmp.path().join("registry.js"), "exports.list = [];\n").unwrap();
    let grows = "const r = require('./registry');\nr.list.push(() => { const t = process.hrtime.bigint(); while (process.hrtime.bigint() - t < 4000000n); });\nPromise.resolve().then(() => { r.list.forEach((f) => f()); console.log('ran'); });\n";
    std::fs::write(tmp.path().join("grows.js"), grows).unwrap();
    // a busy machine can slow the first samples past the rise: one of three processes suffices,
    // as for the warm runs above
    let warm: Vec<(Option<f64>, usize)> = (0..3)
        .map(|_| script_figures(&runner, tmp.path(), "grows.js"))
        .map(|(_, warm, runs)| (warm, runs))
        .take_while(|(warm, _)| warm.is_some())
        .collect();
    assert!(
        warm.len() < 3,
        "runs that grow are timed by the load, in one of three processes: {warm:?}"
    );
}

#[test]
fn a_missing_workload_is_a_baseline_error() {
    let Some(runner) = runner() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let err = gate::baseline(&runner, tmp.path(), &["nope.js".to_string()]).unwrap_err();
    assert!(err.to_string().contains("nope.js"), "{err}");
}

#[test]
fn a_node_process_past_the_timeout_is_stopped() {
    if find_node().is_none() {
        return;
    }
    let runner = NodeRunner::new(Duration::from_millis(1500)).unwrap();
    let tmp = tempfile::tempdir().unwrap();
    project(tmp.path(), "exports.pick = function () { for (;;) {} };\n");
    let err = runner
        .run(tmp.path(), &files(), Mode::Validate)
        .expect_err("a spinning workload cannot finish");
    assert!(matches!(err, suggest::SuggestError::Timeout(_)), "{err}");
}

#[test]
fn tests_titled_by_an_absolute_path_name_the_project_in_every_copy() {
    let Some(runner) = runner() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let (own, copy_a, copy_b) = (
        tmp.path().join("project"),
        tmp.path().join("copy-a"),
        tmp.path().join("copy-b"),
    );
    // remarkable titles its fixture tests by the fixture's absolute path
    let titled = "'use strict';\nvar path = require('path');\nvar lib = require('../lib');\nvar fixture = path.join(__dirname, 'fixtures', 'one.txt');\nconsole.log('reading ' + fixture);\ndescribe(fixture, function () {\n  it('line 1', function () { require('assert').strictEqual(lib.pick(20), true); });\n});\n";
    for dir in [&own, &copy_a, &copy_b] {
        project(dir, LIB_SLOW_FIRST);
        std::fs::write(dir.join("test/pick.test.js"), titled).unwrap();
        std::fs::write(
            dir.join("package.json"),
            r#"{"name":"titled","scripts":{"test":"mocha"}}"#,
        )
        .unwrap();
    }
    let workload = jsproject::workload::Workload::of(&own).unwrap();
    let runner = runner.for_workload(&workload);
    let reference = gate::baseline(&runner, &copy_a, &files()).unwrap();
    let fixture = workload.root.join("test/fixtures/one.txt");
    let title = format!("{} > line 1", fixture.display());
    assert_eq!(
        reference.tests,
        vec![(title, "test/pick.test.js".into(), true)]
    );
    assert!(
        reference.output.contains(&fixture.display().to_string()),
        "{}",
        reference.output
    );
    let files = files();
    let check = gate::Check {
        runner: &runner,
        reference: &reference,
        original: &copy_a,
        files: &files,
    };
    assert_eq!(gate::validate(&check, &copy_b, true).unwrap(), Ok(()));
}

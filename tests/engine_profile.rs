//! What a profile records: cost-value rows per test (real and speculative cells), switch rows with
//! the matched clause and each case test's cost, the all-boolean flag, per-test branch points,
//! totals, and the JSON written by `decisionprof profile --json`.

mod engine_support;

use std::process::Command;

use engine_support::{boa, check_transparency, corpus, workload};
use jsproject::profile::{Cell, Profile, SwitchRow};

fn test_index(p: &Profile, name: &str) -> usize {
    p.tests
        .iter()
        .position(|t| t.name == name)
        .unwrap_or_else(|| panic!("no test {name}"))
}

#[test]
fn logical_rows_hold_real_and_speculative_cells_per_test() {
    let out = boa(&corpus("engine/basic"), true);
    let p = &out.profile;
    let d = p
        .decisions
        .iter()
        .find(|d| d.decision.leaves.iter().any(|l| l.text == "n % 2 === 0"))
        .expect("classify's && decision");
    assert_eq!(d.executions, 3);
    let rows_of = |test: &str| {
        let t = test_index(p, test);
        d.slices
            .iter()
            .find(|s| s.test == t)
            .map(|s| s.rows.clone())
            .unwrap_or_default()
    };
    let cell = |cost, value| Cell { cost, value };
    // n = 12: both checks run for real.
    let big_even = rows_of("classify > big even");
    assert_eq!(big_even.len(), 1);
    assert_eq!(big_even[0].cells, vec![cell(1, true), cell(1, true)]);
    // n = -11: the second check is short-circuited and measured speculatively.
    let big = rows_of("classify > big");
    assert_eq!(big[0].cells, vec![cell(1, false), cell(1, false)]);
    assert!(p.tests[test_index(p, "classify > big")].branch_points > 0);
    assert!(d.all_boolean);
    assert_eq!(p.totals.logical, 2);
    // classify's two `if`s are also a guard sequence (an arm chain).
    assert_eq!(p.totals.chains, 1);
    assert_eq!(p.totals.executed, 3);
}

/// A speculated check gets the locals its thunk takes in order, whether they are three (passed
/// one by one) or five (passed as an array).
#[test]
fn speculated_checks_read_their_locals_in_order() {
    let out = boa(&corpus("engine/locals"), true);
    let p = &out.profile;
    let values = |first: &str| {
        let d = p
            .decisions
            .iter()
            .find(|d| d.decision.leaves.len() == 5 && d.decision.leaves[1].text == first)
            .unwrap_or_else(|| panic!("no decision testing {first}"));
        let rows = &d.slices[0].rows;
        assert_eq!(rows.len(), 1, "{rows:?}");
        rows[0].cells.iter().map(|c| c.value).collect::<Vec<_>>()
    };
    // only the first check runs for real: the others are speculated
    assert_eq!(values("b.length > 2"), [true, false, true, true, false]);
    let narrow = p
        .decisions
        .iter()
        .filter(|d| d.decision.leaves.len() == 3)
        .map(|d| {
            d.slices[0].rows[0]
                .cells
                .iter()
                .map(|c| c.value)
                .collect::<Vec<_>>()
        })
        .collect::<Vec<_>>();
    assert_eq!(narrow, [vec![true, true, false]]);
}

#[test]
fn switch_rows_name_the_match_and_each_case_test_cost() {
    let out = boa(&corpus("engine/tape"), true);
    let p = &out.profile;
    let d = p
        .decisions
        .iter()
        .find(|d| matches!(&d.decision.shape, instrument::model::Shape::Switch(s) if s.discriminant == "c"))
        .expect("the switch on c");
    let t = test_index(p, "kinds");
    let rows: Vec<SwitchRow> = d
        .slices
        .iter()
        .find(|s| s.test == t)
        .map(|s| s.switch_rows.clone())
        .unwrap_or_default();
    let find = |matched: usize| rows.iter().find(|r| r.matched == Some(matched)).cloned();
    // 'a' matches the first clause after one case test; ' ' is clause 5 after six; ',' clause 7
    // after eight; 'z' runs every case test and enters the default (clause 8).
    assert_eq!(find(0).map(|r| r.case_costs), Some(vec![1]));
    assert_eq!(find(5).map(|r| r.case_costs.len()), Some(6));
    assert_eq!(find(7).map(|r| r.case_costs.len()), Some(8));
    assert_eq!(find(8).map(|r| r.case_costs.len()), Some(8));
    assert_eq!(rows.iter().map(|r| r.count).sum::<u64>(), 4);
    assert_eq!(p.totals.switches, 2);
}

/// A switch whose labels are all literals is reported in one call (`sw`): it gives the rows the
/// same switch gives with each case test reported as it runs, whatever the discriminant's type.
#[test]
fn a_switch_of_literals_reports_what_its_case_tests_report() {
    let opts = jsproject::ProfileOptions {
        exact: true,
        ..jsproject::ProfileOptions::default()
    };
    let root = corpus("engine/switches");
    let out = engines::run(engines::Engine::Boa, &workload(&root), &opts).expect("profile");
    let p = &out.profile;
    let rows = |line: u32, test: &str| {
        let d = p
            .decisions
            .iter()
            .find(|d| d.decision.location.line == line)
            .unwrap_or_else(|| panic!("no switch at line {line}"));
        let t = test_index(p, test);
        let mut rows: Vec<(Option<usize>, Vec<u64>, u64)> = d
            .slices
            .iter()
            .filter(|s| s.test == t)
            .flat_map(|s| s.switch_rows.iter())
            .map(|r| (r.matched, r.case_costs.clone(), r.count))
            .collect();
        rows.sort();
        rows
    };
    let literal = rows(6, "literal");
    assert_eq!(literal, rows(20, "opened"));
    let costs = |n| vec![1u64; n];
    // '1', undefined and NaN run all seven tests and take the default (clause 3); 0 and -0 the
    // last clause after seven tests
    assert!(literal.contains(&(Some(3), costs(7), 3)), "{literal:?}");
    assert!(literal.contains(&(Some(7), costs(7), 2)), "{literal:?}");
    // `-2` is the third label; `t` the fourth, after the default in clause order
    assert!(literal.contains(&(Some(2), costs(3), 1)), "{literal:?}");
    assert!(literal.contains(&(Some(4), costs(4), 1)), "{literal:?}");
    // no default: 'z' leaves after both tests, no clause taken
    let none = rows(35, "no default");
    assert!(none.contains(&(None, costs(2), 1)), "{none:?}");
    assert!(none.contains(&(Some(0), costs(1), 1)), "{none:?}");
}

#[test]
fn value_context_decisions_with_non_boolean_leaves_are_flagged() {
    // `counts[k] || 0` is statically pruned: only `--exact` records its checks
    let opts = jsproject::ProfileOptions {
        exact: true,
        ..jsproject::ProfileOptions::default()
    };
    let root = corpus("engine/tape");
    let out = engines::run(engines::Engine::Boa, &workload(&root), &opts).unwrap();
    let d = out
        .profile
        .decisions
        .iter()
        .find(|d| d.decision.leaves.iter().any(|l| l.text == "counts[k]"))
        .expect("counts[k] || 0");
    assert!(d.executions > 0);
    assert!(!d.all_boolean);
}

#[test]
fn json_output_is_the_profile() {
    let dir = tempfile::tempdir().expect("temp dir");
    let json = dir.path().join("p.json");
    let status = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .args(["profile"])
        .arg(corpus("engine/script"))
        .arg("--json")
        .arg(&json)
        .output()
        .expect("run decisionprof");
    assert_eq!(status.status.code(), Some(0));
    let p: Profile =
        serde_json::from_str(&std::fs::read_to_string(&json).expect("written")).expect("a Profile");
    // A benchmark script is one unit named after the script.
    assert_eq!(p.tests.len(), 1);
    assert_eq!(p.tests[0].name, "bench.js");
    assert!(p.tests[0].passed);
    assert!(p.tests[0].branch_points > 2000);
    let executions: Vec<u64> = p
        .decisions
        .iter()
        .filter(|d| matches!(d.decision.shape, instrument::model::Shape::Logical { .. }))
        .map(|d| d.executions)
        .collect();
    // score()'s two `||` decisions; the polling `finish` decision runs a machine-dependent number
    // of times. score()'s else-if ladder is an arm chain, run once per iteration.
    let chain = p
        .decisions
        .iter()
        .find(|d| matches!(d.decision.shape, instrument::model::Shape::Chain(_)));
    assert_eq!(chain.map(|d| d.executions), Some(2000));
    assert_eq!(executions[..2], [2000, 1600]);
    assert!(
        executions.len() == 3 && executions[2] >= 1,
        "{executions:?}"
    );
    assert!(!p.timed_out);
}

/// A decision of 10,000 leaves loads and runs (the thunk dispatches with a flat `switch`; a nested
/// `?:` chain took Boa 64 s to parse). `decisionprof bench chain` prints the load times side by
/// side; here only that it works, every leaf speculated.
#[test]
fn a_ten_thousand_leaf_chain_loads_and_is_speculated() {
    let dir = tempfile::tempdir().expect("temp dir");
    let chain: Vec<String> = (0..10_000).map(|i| format!("x === {i}")).collect();
    let files = [
        (
            "lib.js",
            format!("module.exports = (x) => {};\n", chain.join(" || ")),
        ),
        (
            "prog.js",
            "console.log(require('./lib')(-1));\n".to_string(),
        ),
        (
            "package.json",
            r#"{ "private": true, "decisionprof": { "workload": ["prog.js"] } }"#.to_string(),
        ),
    ];
    for (name, text) in files {
        std::fs::write(dir.path().join(name), text).expect("write");
    }
    let out = engines::run(
        engines::Engine::Boa,
        &engine_support::workload(dir.path()),
        &jsproject::ProfileOptions::default(),
    )
    .expect("profile");
    assert_eq!(out.stdout.trim(), "false");
    let d = &out.profile.decisions[0];
    assert_eq!(d.executions, 1);
    assert!(d.excluded.is_empty(), "{:?}", d.excluded);
    let cells: usize = d
        .slices
        .iter()
        .flat_map(|s| &s.rows)
        .map(|r| r.cells.len())
        .sum();
    assert_eq!(cells, 10_000);
}

/// A check that throws inside `assert.throws` or `expect().toThrow` (uninstrumented code catches
/// it) leaves no decision open: the test's later `console.log` is not taken for the check's
/// effect, in Boa and under node.
#[test]
fn a_check_thrown_out_of_into_an_assertion_leaves_no_decision_open() {
    let root = corpus("engine/throwingcheck");
    for engine in ["boa", "node"] {
        let out = engine_support::decisionprof(&["profile", ".", "--engine", engine], &root);
        let stdout = engine_support::text(&out.stdout);
        assert!(stdout.contains("3 passed, 0 failed"), "{engine}: {stdout}");
        assert!(
            stdout.contains("lib/index.js:3:16 4 executions") && !stdout.contains("excluded"),
            "{engine}: {stdout}"
        );
    }
}

/// A speculative check that throws from inside a helper it calls, while the calling expression is
/// still evaluating its arguments: the test goes on as under node (Boa 0.22 left the value stack
/// wrong when the native running the check caught the error: "not a callable function"), and the
/// decision is excluded with what the check threw.
#[test]
fn a_check_throwing_from_a_helper_leaves_its_caller_intact() {
    let root = corpus("engine/deepthrow");
    check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    let out = engine_support::decisionprof(&["profile", "."], &root);
    let stdout = engine_support::text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("tests: 3 passed, 0 failed"), "{stdout}");
    assert!(
        stdout.contains("lib/index.js:6:36 3 executions, excluded: speculative evaluation of check 2 (`has(exclude, key)`) threw TypeError"),
        "{stdout}"
    );
}

/// Functions as the program sees them, in both engines: `toString` gives the source text as
/// written (project and test files are instrumented and printed again), built-ins keep theirs,
/// and a class extending `Function` is built through `super()` by the guarded constructor.
#[test]
fn functions_keep_their_source_text_and_can_be_subclassed() {
    let root = corpus("engine/functions");
    check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    let out = engine_support::decisionprof(&["profile", ".", "--engine", "both"], &root);
    let stdout = engine_support::text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("tests: 5 passed, 0 failed"), "{stdout}");
    assert!(
        stdout.contains("engines: 0 difference(s) between the boa and the node profile"),
        "{stdout}"
    );
}

/// A module loaded again (a test deletes it from `require.cache` and requires it) evaluates the
/// text prepared the first time: one decision, whose executions add up over both loads, in Boa
/// and under node (Boa instrumented the file again, numbering its decision a second time).
#[test]
fn a_module_loaded_twice_is_one_file_with_one_decision() {
    let root = corpus("engine/reload");
    for engine in ["boa", "node"] {
        let out = engine_support::decisionprof(&["profile", ".", "--engine", engine], &root);
        let stdout = engine_support::text(&out.stdout);
        assert!(
            stdout.contains("tests: 1 passed, 0 failed"),
            "{engine}: {stdout}"
        );
        assert!(
            stdout.contains("decisions: 1 found (1 logical, 0 switch) in 1 files"),
            "{engine}: {stdout}"
        );
        assert!(
            stdout.contains("src/flag.js:5:7 2 executions"),
            "{engine}: {stdout}"
        );
    }
}

//! The native-cost model: built-in calls charge calibrated work, so a check that lower-cases a
//! long string is no longer "one branch point". On `corpus/costmodel/lowercase` branch points
//! alone keep the expensive check first; the native model moves the cheap, rarely-true check
//! first, and the node gate confirms that order faster.

mod engine_support;

use engine_support::{corpus, decisionprof, text};

fn suggest(root: &std::path::Path, extra: &[&str]) -> (serde_json::Value, String) {
    let mut args = vec!["suggest", ".", "--format", "json"];
    args.extend_from_slice(extra);
    let out = decisionprof(&args, root);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    (
        serde_json::from_slice(&out.stdout).expect("JSON report"),
        stderr,
    )
}

#[test]
fn native_costs_pick_the_order_branch_points_miss_and_the_gate_confirms_it() {
    let root = corpus("costmodel/lowercase");
    let (bp, _) = suggest(&root, &["--gate", "none", "--cost-model", "branch-points"]);
    assert_eq!(
        bp["suggestions"].as_array().map(Vec::len),
        Some(0),
        "branch points alone see the current order as the cheapest: {bp}"
    );
    let args = [
        "--vms",
        "3",
        "--warmup",
        "1",
        "--measure",
        "3",
        "--no-confirm",
    ];
    let (native, progress) = suggest(&root, &args);
    // stderr is not a terminal here: every phase is a line
    for phase in [
        "profile: plain run of the workload in Boa",
        "profile: instrumented run of the workload in Boa",
        "gate: validating the original under node",
        "gate: measuring the noise floor (3 of the 3 tests to time)",
        "gate [1/1] lib/filter.js:16:9: suggested",
    ] {
        assert!(progress.contains(phase), "{phase} in {progress}");
    }
    let found = native["suggestions"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|c| {
            c["diff"].as_str().is_some_and(|d| {
                d.contains(
                    "+    if (hasUrgentTag(e.tags) && e.message.toLowerCase().includes('error'))",
                )
            })
        });
    let found = found.unwrap_or_else(|| panic!("the native model's order is suggested: {native}"));
    assert_eq!(found["status"], "suggested", "{found}");
    assert_eq!(native["settings"]["cost_model"], "native");
    let notes = native["notes"].to_string();
    assert!(
        notes.contains("noise floor of the timed tests under node"),
        "the measured noise floor is reported: {notes}"
    );
}

#[test]
fn unary_plus_in_a_check_charges_the_string_it_parses() {
    let dir = tempfile::tempdir().expect("temp dir");
    let files = [
        ("package.json", r#"{ "private": true }"#),
        (
            "lib/num.js",
            "exports.numeric = (flag, s) => flag && s === String(+s);\n",
        ),
        (
            "test/num.test.js",
            "const { numeric } = require('../lib/num');\nconst long = '1'.repeat(200);\nit('short', () => { for (let i = 0; i < 100; i++) numeric(true, '1'); });\nit('long', () => { for (let i = 0; i < 100; i++) numeric(true, long); });\n",
        ),
    ];
    for (p, body) in files {
        let path = dir.path().join(p);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, body).unwrap();
    }
    let json = dir.path().join("profile.json");
    let out = decisionprof(
        &["profile", ".", "--json", json.to_str().unwrap()],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let p: jsproject::profile::Profile =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let units = |name: &str| {
        p.tests
            .iter()
            .find(|t| t.name == name)
            .map(|t| t.native_units)
            .unwrap_or_else(|| panic!("test {name} in {:?}", p.tests))
    };
    let (short, long) = (units("short"), units("long"));
    assert!(
        long > short,
        "parsing 200 digits costs more: {long} vs {short}"
    );
    assert_eq!(p.cost_model, jsproject::CostModel::Native);
}

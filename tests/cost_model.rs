//! The native-cost model: built-in calls charge calibrated work, so a check that lower-cases a
//! long string is no longer "one branch point". On `corpus/costmodel/lowercase` branch points
//! alone keep the expensive check first; the native model moves the cheap, rarely-true check
//! first, and the node gate confirms that order faster.

mod engine_support;

use engine_support::{corpus, decisionprof, profile_json, text};

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
        "6",
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

/// A temporary project of `files` (path, text).
fn project(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    for (p, body) in files {
        let path = dir.path().join(p);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, body).unwrap();
    }
    dir
}

/// Profiles `root` in `engine`; the profile and each test's native units by name.
fn native_units(
    root: &std::path::Path,
    engine: &str,
) -> (jsproject::profile::Profile, Vec<(String, f64)>) {
    let p: jsproject::profile::Profile =
        serde_json::from_value(profile_json(root, engine, root)).expect("a profile");
    let units = p
        .tests
        .iter()
        .map(|t| (t.name.clone(), t.native_units as f64))
        .collect();
    (p, units)
}

/// The native units of test `name`.
fn of(units: &[(String, f64)], name: &str) -> f64 {
    units
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, u)| *u)
        .unwrap_or_else(|| panic!("test {name} in {units:?}"))
}

#[test]
fn unary_plus_in_a_check_charges_the_string_it_parses() {
    let dir = project(&[
        ("package.json", r#"{ "private": true }"#),
        (
            "lib/num.js",
            "exports.numeric = (flag, s) => flag && s === String(+s);\n",
        ),
        (
            "test/num.test.js",
            "const { numeric } = require('../lib/num');\nconst long = '1'.repeat(200);\nit('short', () => { for (let i = 0; i < 100; i++) numeric(true, '1'); });\nit('long', () => { for (let i = 0; i < 100; i++) numeric(true, long); });\n",
        ),
    ]);
    let (p, units) = native_units(dir.path(), "boa");
    let (short, long) = (of(&units, "short"), of(&units, "long"));
    assert!(
        long > short,
        "parsing 200 digits costs more: {long} vs {short}"
    );
    assert_eq!(p.cost_model, jsproject::CostModel::Native);
}

#[test]
fn a_caught_exception_charges_what_v8_pays_for_it_in_both_engines() {
    let dir = project(&[
        ("package.json", r#"{ "private": true }"#),
        (
            "lib/kind.js",
            "function isSym(x) {\n  try {\n    Symbol.prototype.toString.call(x);\n    return true;\n  } catch (e) {\n    return false;\n  }\n}\nexports.kind = (x) => {\n  if (isSym(x)) return 'symbol';\n  if (Array.isArray(x)) return 'array';\n  return 'other';\n};\n",
        ),
        (
            "test/kind.test.js",
            "const { kind } = require('../lib/kind');\nit('arrays', () => { for (let i = 0; i < 100; i++) kind([i]); });\nit('symbols', () => { for (let i = 0; i < 100; i++) kind(Symbol.iterator); });\n",
        ),
    ]);
    let caught = jsproject::cost_table::table().costs["Catch"].units(0.0);
    for engine in ["boa", "node"] {
        let (_, units) = native_units(dir.path(), engine);
        let (thrown, quiet) = (of(&units, "arrays"), of(&units, "symbols"));
        assert!(
            thrown >= 100.0 * caught && quiet < caught,
            "{engine}: 100 exceptions caught charge {caught} each: {thrown} vs {quiet}"
        );
    }
    let (report, _) = suggest(dir.path(), &["--gate", "none"]);
    assert_eq!(
        report["suggestions"][0]["analysis"]["optimized"], "Array.isArray(x) ; isSym(x)",
        "the check that throws and catches moves last: {report}"
    );
}

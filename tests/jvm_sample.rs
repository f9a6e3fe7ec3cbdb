//! Sampled jvm-flow (`--sample RATE`, `--property SITE|CLASS`) on corpus programs run on a real
//! `java` with `-Xverify:all`: output unchanged, objects counted exactly, the sample's counts
//! marked as estimates whose intervals hold full profiling's counts, and no verdict of full
//! profiling contradicted.

mod jvm_flow_support;

use std::collections::BTreeSet;
use std::sync::Arc;

use jvm_flow_support::*;

const N: &str = "20000";

/// A profiled run of the corpus program `name` with `opts` on [`N`]: its output, report and
/// instrumented jar. Several tests here make the same run (full profiling of a program, the same
/// property): it runs once per test binary ([`once`]).
struct Run {
    stdout: Vec<u8>,
    report: serde_json::Value,
    jar: Vec<u8>,
}

/// The run of `name` under `jvm-flow opts` ([`Run`]), the profiler's exit status checked.
fn run_of(name: &str, opts: &[&str]) -> Arc<Run> {
    once(&format!("{name} {opts:?}"), || {
        let dir = tempfile::tempdir().unwrap();
        let jar = flow_jar(dir.path(), name);
        let out = dir.path().join("out");
        let r = profiled(&jar, opts, &out, &[N]);
        assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
        Run {
            stdout: r.stdout,
            report: report(&out),
            jar: std::fs::read(out.join("instrumented.jar")).unwrap(),
        }
    })
}

/// Runs `name` plain, fully profiled and with `opts`; returns (full report, other report).
fn full_and(name: &str, opts: &[&str]) -> (serde_json::Value, serde_json::Value) {
    let p = plain_flow(name, &[N]);
    assert!(p.status.success(), "{}", String::from_utf8_lossy(&p.stderr));
    let mut reports = Vec::new();
    for o in [&[][..], opts] {
        let r = run_of(name, o);
        assert_eq!(
            String::from_utf8_lossy(&p.stdout),
            String::from_utf8_lossy(&r.stdout),
            "output differs under {o:?}"
        );
        reports.push(r.report.clone());
    }
    let other = reports.pop().unwrap();
    (reports.pop().unwrap(), other)
}

fn locations(r: &serde_json::Value, key: &str) -> BTreeSet<String> {
    listed(r, key).into_iter().collect()
}

#[test]
fn a_sample_estimates_within_its_intervals_and_never_contradicts_a_verdict() {
    let (full, s) = full_and("JdkUse", &["--sample", "0.1", "--seed", "7"]);
    let plan = &s["sampling"];
    assert_eq!(plan["rate"], 0.1);
    assert_eq!(plan["seed"], 7);
    assert!(full.get("sampling").is_none(), "a full run is not sampled");
    let followed = plan["followed"].as_u64().unwrap();
    let objects = s["objects"].as_u64().unwrap();
    assert_eq!(
        objects,
        full["objects"].as_u64().unwrap(),
        "objects are exact"
    );
    // about a tenth of the objects followed
    assert!(
        followed * 20 > objects && followed * 4 < objects,
        "{followed} of {objects}"
    );
    let mut checked = 0;
    for p in s["producers"].as_array().unwrap() {
        let at = p["location"].as_str().unwrap();
        let ty = p["ty"].as_str().unwrap();
        let f = producer_of(
            &full,
            at.split(':').next().unwrap(),
            at.rsplit(':').next().unwrap().parse().unwrap(),
            ty,
        );
        assert_eq!(count(p, "objects"), count(f, "objects"), "{at}");
        let e = &p["estimate"];
        assert!(e["followed"].as_u64().unwrap() <= count(p, "objects"));
        assert!(e["random"].as_u64().unwrap() <= e["followed"].as_u64().unwrap());
        if e["complete"] == true {
            // every object followed (a site's first objects always are): exact counts
            for key in ["used_objects", "heap_objects", "heap_writes", "heap_reads"] {
                assert_eq!(count(p, key), count(f, key), "{at} {ty} {key}");
            }
        }
        if e["complete"] != true && e["random"].as_u64().unwrap() < 30 {
            continue;
        }
        for key in ["used_objects", "heap_objects"] {
            let (lo, hi) = (
                e[key]["lo"].as_u64().unwrap(),
                e[key]["hi"].as_u64().unwrap(),
            );
            let v = count(f, key);
            assert!(lo <= v && v <= hi, "{at} {ty} {key}: {v} not in {lo}..{hi}");
            assert_eq!(e[key]["value"].as_u64(), Some(count(p, key)));
        }
        checked += 1;
    }
    assert!(checked >= 5, "only {checked} producers with enough objects");
    // every verdict of the full run is reproduced or not observed, and the sample adds none
    let unseen = locations(&s, "not_observed");
    for key in [
        "never_used",
        "library_use",
        "unknown_use",
        "nath",
        "rarely_used",
    ] {
        let (f, g) = (locations(&full, key), locations(&s, key));
        for at in &f {
            assert!(
                g.contains(at) || unseen.contains(at),
                "{key} {at} contradicted"
            );
        }
        assert!(
            g.is_subset(&f),
            "{key}: the sample claims {:?}",
            g.difference(&f)
        );
    }
    // the planted never-used site keeps its verdict, or the sample says it saw too little
    let unused = format!(
        "JdkUse.java:{}",
        site_line(&flow_source("JdkUse"), "unused")
    );
    assert!(locations(&full, "never_used").contains(&unused), "{unused}");
    assert!(
        locations(&s, "never_used").contains(&unused) || unseen.contains(&unused),
        "{unused}"
    );
}

#[test]
fn a_property_restricts_the_run_to_its_sites() {
    let line = site_line(&flow_source("LoopTemp"), "point");
    let at = format!("LoopTemp.java:{line}");
    let (full, s) = full_and("LoopTemp", &["--property", &at]);
    let producers = s["producers"].as_array().unwrap();
    assert_eq!(producers.len(), 1, "{producers:?}");
    assert_eq!(producers[0]["location"], at.as_str());
    assert_eq!(s["sampling"]["property"], at.as_str());
    let (_, f) = producer(&full, "LoopTemp.java", line);
    // every object of the property followed: the counts are exact
    for key in ["objects", "used_objects", "heap_objects", "heap_writes"] {
        assert_eq!(count(&producers[0], key), count(f, key), "{key}");
    }
    // a class name selects its sites too
    let (_, c) = full_and(
        "LoopTemp",
        &["--property", "LoopTemp$Point", "--sample", "0.5"],
    );
    let tys: BTreeSet<&str> = c["producers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["ty"].as_str().unwrap())
        .collect();
    assert_eq!(tys, BTreeSet::from(["LoopTemp$Point"]));
}

/// Calls into the profiling runtime in the methods of `class` of an instrumented jar (bytes).
fn runtime_calls(jar: &[u8], class: &str) -> usize {
    runtime_calls_to(jar, class, None, None)
}

/// Calls into the profiling runtime (directly or through a probe gate) in `class` of an
/// instrumented jar, only in the methods named `method` and only of runtime method `probe` when
/// given.
fn runtime_calls_to(jar: &[u8], class: &str, method: Option<&str>, probe: Option<&str>) -> usize {
    probe_calls(jar, class, method, probe, |_| true)
}

/// [`runtime_calls_to`], counting only the calls whose owner (`decisionprof/DpRt`, or the tag
/// root whose gate is called) `owner` accepts.
fn probe_calls(
    jar: &[u8],
    class: &str,
    method: Option<&str>,
    probe: Option<&str>,
    owner: impl Fn(&str) -> bool,
) -> usize {
    use ristretto_classfile::attributes::{Attribute, Instruction};
    use ristretto_classfile::{ClassFile, Constant};
    let bytes = class_bytes_in(jar, class);
    let cf = ClassFile::from_bytes(&bytes).unwrap();
    let cp = &cf.constant_pool;
    let to_runtime = |i: u16| match cp.try_get(i) {
        Ok(Constant::MethodRef {
            class_index,
            name_and_type_index,
        }) => {
            let called = match cp.try_get(*name_and_type_index) {
                Ok(Constant::NameAndType { name_index, .. }) => {
                    cp.try_get_utf8(*name_index).unwrap().to_string()
                }
                _ => String::new(),
            };
            // a probe gate (`__dp$use` on a tag root) stands for its runtime probe
            let gate = called.strip_prefix("__dp$");
            let to = cp.try_get_class(*class_index).unwrap().to_string();
            (to == "decisionprof/DpRt" || gate.is_some())
                && owner(&to)
                && probe.is_none_or(|p| p == gate.unwrap_or(&called))
        }
        _ => false,
    };
    cf.methods
        .iter()
        .filter(|m| {
            let name = cp.try_get_utf8(m.name_index).unwrap().to_string();
            // the gates' own calls are not the program's probes
            !name.starts_with("__dp$") && method.is_none_or(|n| name == n)
        })
        .flat_map(|m| &m.attributes)
        .filter_map(|a| match a {
            Attribute::Code { code, .. } => Some(code),
            _ => None,
        })
        .flatten()
        .filter(|i| matches!(i, Instruction::Invokestatic(x) if to_runtime(*x)))
        .count()
}

/// Full profiling and a run with `opts` of `name` (output and object count checked); their
/// reports and instrumented jars (bytes).
fn full_and_with(name: &str, opts: &[&str]) -> Vec<(serde_json::Value, Vec<u8>)> {
    let p = plain_flow(name, &[N]);
    let mut runs = Vec::new();
    for opts in [&[][..], opts] {
        let r = run_of(name, opts);
        assert_eq!(p.stdout, r.stdout, "output differs under {opts:?}");
        runs.push((r.report.clone(), r.jar.clone()));
    }
    runs
}

/// [`full_and_with`] a property.
fn full_and_property(name: &str, property: &str) -> Vec<(serde_json::Value, Vec<u8>)> {
    full_and_with(name, &["--property", property])
}

#[test]
fn a_sampled_run_gives_profiled_methods_a_copy_without_path_probes() {
    let runs = full_and_with("LoopTemp", &["--sample", "0.02"]);
    for (rep, _) in &runs {
        assert_eq!(rep["objects"].as_u64(), Some(N.parse::<u64>().unwrap()));
    }
    let jars: Vec<_> = runs.iter().map(|(_, j)| j).collect();
    let calls =
        |k: usize, probe: &str| runtime_calls_to(jars[k], "LoopTemp", Some("main"), Some(probe));
    // the method entry, with or without its first parameters
    let entries = |k: usize| calls(k, "enter") + calls(k, "enter1") + calls(k, "enter2");
    // full profiling: one body, no switch
    assert_eq!(calls(0, "on") + calls(0, "stay"), 0);
    assert_eq!(entries(0), 1);
    // sampled: the switch at the entry and at the loop header of either copy; the path probes
    // (entry, accesses) only in the traced copy, the allocation probe in both
    assert_eq!(calls(1, "on"), 1);
    assert_eq!(calls(1, "stay"), 2);
    assert_eq!(entries(1), 1);
    assert_eq!(calls(1, "acc"), calls(0, "acc"));
    assert!(calls(0, "acc") > 0);
    assert_eq!(calls(1, "alloc"), 2 * calls(0, "alloc"));
}

#[test]
fn a_property_keeps_only_the_probes_its_objects_can_reach() {
    let runs = full_and_property("Rotation", "Rotation$Transform");
    let (full, full_jar) = &runs[0];
    let (prop, prop_jar) = &runs[1];
    // the Transform objects are counted exactly, through the probes left
    let line = site_line(&flow_source("Rotation"), "transform");
    let producers = prop["producers"].as_array().unwrap();
    assert_eq!(producers.len(), 1, "{producers:?}");
    let (_, f) = producer(full, "Rotation.java", line);
    for key in ["objects", "used_objects", "heap_objects", "heap_writes"] {
        assert_eq!(count(&producers[0], key), count(f, key), "{key}");
    }
    assert_eq!(count(&producers[0], "objects"), N.parse::<u64>().unwrap());
    // Transform's constructor only touches a Matrix: no probe of it can see a Transform
    assert!(runtime_calls(full_jar, "Rotation$Transform") > 0);
    assert_eq!(runtime_calls(prop_jar, "Rotation$Transform"), 0);
    // getRotation keeps the Transform's allocation and its use, not the Matrix's
    let (f_all, p_all) = (
        runtime_calls(full_jar, "Rotation"),
        runtime_calls(prop_jar, "Rotation"),
    );
    assert!(0 < p_all && p_all < f_all, "{p_all} of {f_all} probes kept");
}

#[test]
fn a_property_drops_probes_on_values_whose_definitions_rule_it_out() {
    // Threads stores each Item into an Object[]: with int[] the property, the store needs no
    // heap-write probe (the stored value is a new Item); the arrays keep theirs
    let runs = full_and_property("Threads", "int[]");
    let calls =
        |k: usize, probe| runtime_calls_to(&runs[k].1, "Threads", Some("work"), Some(probe));
    assert!(calls(0, "hw") > 0);
    assert_eq!(calls(1, "hw"), 0);
    assert!(calls(1, "use") > 0);
    // Chart casts what the listener iterator returns to Listener, which no event is: no
    // heap-read probe there with the events the property
    let runs = full_and_property("Chart", "Chart$SeriesChangeEvent");
    let calls = |k: usize| runtime_calls_to(&runs[k].1, "Chart", Some("fire"), Some("hr"));
    assert!(calls(0) > 0);
    assert_eq!(calls(1), 0);
    // the event's figures are full profiling's all the same
    let line = site_line(&flow_source("Chart"), "event");
    let (_, f) = producer(&runs[0].0, "Chart.java", line);
    let (_, p) = producer(&runs[1].0, "Chart.java", line);
    for key in [
        "objects",
        "used_objects",
        "heap_objects",
        "heap_writes",
        "heap_reads",
    ] {
        assert_eq!(count(p, key), count(f, key), "{key}");
    }
}

#[test]
fn probes_on_the_jars_own_objects_call_their_roots_gates() {
    let runs = full_and_with("Euler", &["--sample", "0.02"]);
    for (_, jar) in &runs {
        // `sub`'s uses of `this` and of `o` (both Vecs) test the tag in Vec's gate
        let gated = probe_calls(jar, "Euler$Vec", Some("sub"), Some("use"), |o| {
            o == "Euler$Vec"
        });
        let direct = probe_calls(jar, "Euler$Vec", Some("sub"), Some("use"), |o| {
            o == "decisionprof/DpRt"
        });
        assert!(gated >= 2, "{gated}");
        assert_eq!(direct, 0);
    }
    // and the used Vecs are counted exactly all the same (`a_value_used_twice…` below)
    let line = site_line(&flow_source("Euler"), "sub");
    let (_, f) = producer(&runs[0].0, "Euler.java", line);
    assert_eq!(count(f, "used_objects"), 18_001);
}

#[test]
fn a_value_used_twice_in_a_block_gets_one_use_probe() {
    let runs = full_and_property("Euler", "Euler$Vec");
    // `sub` reads o.x and o.y in one block: one use probe on o, and this one at the entry
    let uses = |k: usize| runtime_calls_to(&runs[k].1, "Euler$Vec", Some("sub"), Some("use"));
    assert_eq!(uses(0), 2);
    assert_eq!(uses(1), 2);
    // the Vecs used are counted as before
    let line = site_line(&flow_source("Euler"), "sub");
    let (_, f) = producer(&runs[0].0, "Euler.java", line);
    let (_, p) = producer(&runs[1].0, "Euler.java", line);
    assert_eq!(count(f, "used_objects"), count(p, "used_objects"));
    // all but the one in ten stored in `kept` and never read back (the last one is)
    assert_eq!(count(f, "used_objects"), 18_001);
}

#[test]
fn straight_line_code_over_two_lines_gets_one_use_probe_per_value() {
    let runs = full_and_property("Threads", "int[]");
    // `work` writes a[0] on one line and reads it on the next, one way from the first to the
    // second: a single use probe on `a`
    let uses = runtime_calls_to(&runs[1].1, "Threads", Some("work"), Some("use"));
    assert_eq!(uses, 1);
    // and every array still counts as used, as under full profiling
    let line = site_line(&flow_source("Threads"), "array");
    let (_, f) = producer(&runs[0].0, "Threads.java", line);
    let (_, p) = producer(&runs[1].0, "Threads.java", line);
    assert_eq!(count(p, "used_objects"), count(f, "used_objects"));
    assert_eq!(count(p, "used_objects"), count(p, "objects"));
}

#[test]
fn a_property_naming_no_site_or_a_bad_rate_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let jar = flow_jar(dir.path(), "LoopTemp");
    let out = dir.path().join("out");
    let r = profiled(&jar, &["--property", "Nowhere.java:3"], &out, &[N]);
    assert!(!r.status.success());
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(
        err.contains("no allocation site matches the property `Nowhere.java:3`"),
        "{err}"
    );
    let r = profiled(&jar, &["--sample", "1.5"], &out, &[N]);
    assert!(!r.status.success());
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(err.contains("at most 1"), "{err}");
}

#[test]
fn the_text_report_marks_estimates_with_their_intervals() {
    let dir = tempfile::tempdir().unwrap();
    let jar = flow_jar(dir.path(), "LoopTemp");
    let out = dir.path().join("out");
    let r = profiled(&jar, &["--sample", "0.05"], &out, &[N]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let text = std::fs::read_to_string(out.join("report.txt")).unwrap();
    assert!(text.contains("sampled (rate 0.05, seed 1)"), "{text}");
    assert!(text.contains(" ± "), "{text}");
}

/// Objects whose flows start at each parameter site (`method name`, parameter index) of a full
/// run of `Params`: the path segments the runtime counted from the method's start.
fn parameter_flows(jar: &std::path::Path, out: &std::path::Path) -> BTreeSet<(String, usize, u64)> {
    use jvm_profile::sites::SiteKind;
    let copy = out.join("again.jar");
    let inst = jvm_profile::instrument_jar::instrument_jar(jar, &copy).unwrap();
    let prof = jvm_profile::runtime::read_profile(&out.join("profile.txt")).unwrap();
    inst.sites
        .iter()
        .filter_map(|s| match s.kind {
            SiteKind::Param { index } => {
                let started = prof
                    .paths
                    .iter()
                    .filter(|p| p.site == s.id && p.from == 0)
                    .map(|p| p.count)
                    .sum();
                let m = &inst.methods[s.method as usize].flow.method;
                Some((format!("{}.{}", m.class, m.name), index, started))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn a_methods_entry_takes_its_first_two_parameters_and_an_object_passed_twice_is_one_flow() {
    let dir = tempfile::tempdir().unwrap();
    let jar = flow_jar(dir.path(), "Params");
    let p = plain(&jar.display().to_string(), "Params", &["1000"]);
    let out = dir.path().join("out");
    let r = profiled(&jar, &[], &out, &["1000"]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    assert_eq!(p.stdout, r.stdout);
    let inst = std::fs::read(out.join("instrumented.jar")).unwrap();
    let calls =
        |class: &str, m: &str, probe: &str| runtime_calls_to(&inst, class, Some(m), Some(probe));
    // one call enters a method and starts the flows of its first two parameters; a third one
    // starts its own
    for (class, m, two, more) in [
        ("Params", "pair", 1, 0),
        ("Params", "triple", 1, 1),
        ("Params$Box", "plus", 1, 0),
    ] {
        assert_eq!(calls(class, m, "enter2"), two, "{m}");
        assert_eq!(calls(class, m, "param"), more, "{m}");
        assert_eq!(
            calls(class, m, "enter") + calls(class, m, "enter1"),
            0,
            "{m}"
        );
    }
    assert_eq!(calls("Params", "main", "enter1"), 1);
    // per loop iteration: pair(x, y), pair(x, x), pair(y, null), triple(x, y, x), x.plus(y);
    // an object passed again is the flow of its first parameter, null is no flow
    let flows = parameter_flows(&jar, &out);
    let expected = [
        ("Params.pair", 0, 3000),
        ("Params.pair", 1, 1000),
        ("Params.triple", 0, 1000),
        ("Params.triple", 1, 1000),
        ("Params.triple", 2, 0),
        ("Params$Box.plus", 0, 1000),
        ("Params$Box.plus", 1, 1000),
        ("Params.main", 0, 1),
    ];
    for (m, k, n) in expected {
        assert!(flows.contains(&(m.to_string(), k, n)), "{m} {k}: {flows:?}");
    }
}

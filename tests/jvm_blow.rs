//! `decisionprof jvm-blow` end to end on a real JVM: each corpus pair (a program with a planted
//! memory problem and its twin without it, corpus/java/blow) runs under the matching built-in
//! spec on the same small input. The problem program must fail the oracle with a VSO at least 5×
//! its twin's, name the planted allocation site and the field that keeps it alive; the twin must
//! pass; both print what they print without the tool. Bad specs exit 2 naming file:line.

mod jvm_flow_support;

use std::path::Path;
use std::process::{Command, Output};

use jvm_flow_support::{jar, root};

/// The helper class the pairs share, compiled with each of them.
const HELPER: &str = "Channel.java";

/// The input every pair runs on (the benchmark uses the same).
const INPUT: &str = "20000";

fn blow(jar: &Path, spec: &str, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .arg("jvm-blow")
        .arg(jar)
        .args(["--spec", spec, "--format", "json"])
        .args(extra)
        .args(["--", INPUT])
        .output()
        .expect("decisionprof runs")
}

/// The JSON report at the end of stderr.
fn report(out: &Output) -> serde_json::Value {
    let err = String::from_utf8_lossy(&out.stderr);
    let at = err
        .find("\n{")
        .map(|i| i + 1)
        .or_else(|| err.starts_with('{').then_some(0))
        .unwrap_or_else(|| panic!("no JSON report in stderr:\n{err}"));
    serde_json::from_str(&err[at..]).unwrap_or_else(|e| panic!("{e}:\n{err}"))
}

fn plain(jar: &Path) -> Vec<u8> {
    let out = Command::new("java")
        .arg(jvm_bytecode::jdk::NO_PERF_DATA) // no hsperfdata warning on stdout
        .arg("-jar")
        .arg(jar)
        .arg(INPUT)
        .output()
        .expect("java runs");
    assert!(out.status.success());
    out.stdout
}

/// Runs one pair and checks the oracle's verdicts, ratio, site and path; returns the twin's report.
fn check_pair(kind: &str, spec: &str, planted: &str, field: &str) -> serde_json::Value {
    let dir = tempfile::tempdir().unwrap();
    let src = root().join("corpus/java/blow");
    let build = |main: &str| {
        let sources = [src.join(format!("{main}.java")), src.join(HELPER)];
        jar(dir.path(), main, &sources, None, Some(main))
    };
    let (problem, twin) = (
        build(&format!("{kind}Problem")),
        build(&format!("{kind}Twin")),
    );
    let (p, t) = (blow(&problem, spec, &[]), blow(&twin, spec, &[]));
    let (pr, tr) = (report(&p), report(&t));
    assert_eq!(p.status.code(), Some(1), "{kind}Problem must fail: {pr:#}");
    assert_eq!(t.status.code(), Some(0), "{kind}Twin must pass: {tr:#}");
    assert_eq!(
        p.stdout,
        plain(&problem),
        "the program's output passes through"
    );
    assert_eq!(
        t.stdout,
        plain(&twin),
        "the program's output passes through"
    );
    let (pv, tv) = (
        pr["max_vso"].as_f64().unwrap(),
        tr["max_vso"].as_f64().unwrap(),
    );
    assert!(
        pv >= 5.0 * tv,
        "{kind}: VSO {pv:.2} vs twin {tv:.2}: {pr:#}"
    );
    assert!(pr["timeline"].as_array().unwrap().len() >= 5, "{pr:#}");

    let top = &pr["sites"][0];
    assert!(
        top["site"].as_str().unwrap().starts_with(planted),
        "{kind}: top site {top} is not {planted}"
    );
    let path = top["path"].as_str().unwrap_or("");
    assert!(
        path.contains(field),
        "{kind}: path {path:?} does not name {field}"
    );
    tr
}

#[test]
fn a_leaking_cache_fails_and_its_bounded_twin_passes() {
    check_pair(
        "Leak",
        "leak",
        "LeakProblem.java:11 new long[]",
        "LeakProblem.CACHE",
    );
}

#[test]
fn oversized_lists_fail_and_right_sized_ones_pass() {
    check_pair(
        "Underutilized",
        "underutilized",
        "UnderutilizedProblem.java:11 new java.util.ArrayList",
        "UnderutilizedProblem.GROUPS",
    );
}

#[test]
fn a_growing_history_read_at_its_end_fails_and_a_single_field_passes() {
    check_pair(
        "Overpopulated",
        "overpopulated",
        "OverpopulatedProblem.java:6 new java.util.ArrayList",
        "OverpopulatedProblem.HISTORY",
    );
}

/// A jar class that extends `ArrayList` is an ArrayList: its allocations are tracked, and the
/// methods it inherits (`get`, `add`, `iterator`) report reads and writes like the library's.
#[test]
fn a_subclassed_list_is_tracked_through_the_methods_it_inherits() {
    let twin = check_pair(
        "Subclassed",
        "overpopulated",
        "SubclassedProblem.java:14 new SubclassedProblem$History",
        "SubclassedProblem.HISTORY",
    );
    // the twin's list is watched as it grows: it passes because its full reads are seen
    assert!(twin["timeline"].as_array().unwrap().len() >= 5, "{twin:#}");
}

/// Method events: channels kept open (a jar class's `open`/`close`) whose `Deflater`s are never
/// `end()`ed (calls into the JDK) fail the `unclosed` spec; the twin keeps as many, closed.
#[test]
fn channels_kept_open_fail_and_closed_ones_pass() {
    let spec = root().join("corpus/java/blow/unclosed.spec");
    check_pair(
        "Unclosed",
        spec.to_str().unwrap(),
        "Channel.java:9 new java.util.zip.Deflater",
        "UnclosedProblem.KEPT -> ArrayList.elementData -> [0] -> Channel.z",
    );
}

/// A method that throws still exits: handles whose `use()` fails half the time are all seen
/// leaving it, so nothing stays penalized, and the exceptions reach the program as before.
#[test]
fn exceptional_exits_count_as_exits() {
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("Throwing.java");
    std::fs::write(
        &src,
        "import java.util.ArrayList;\nimport java.util.List;\n\
         public class Throwing {\n\
         static final List<Handle> KEPT = new ArrayList<>();\n\
         public static void main(String[] a) {\n\
         int n = Integer.parseInt(a[0]), failed = 0;\n\
         for (int i = 0; i < n; i++) {\n\
         Handle h = new Handle(i);\n\
         if (i % 100 == 0) KEPT.add(h);\n\
         try { h.use(); } catch (IllegalStateException e) { failed++; }\n\
         }\n\
         System.out.println(\"failed \" + failed);\n\
         }\n}\n\
         class Handle {\n\
         final int id;\n\
         Handle(int id) { this.id = id; }\n\
         void use() { if (id % 2 == 0) throw new IllegalStateException(\"busy\"); }\n}\n",
    )
    .unwrap();
    let spec = dir.path().join("inuse.spec");
    std::fs::write(
        &spec,
        "spec inuse \"handles left inside use()\";\ntrack Handle;\n\
         on enter use -> amplify(100000);\non exit use -> deamplify;\n",
    )
    .unwrap();
    let j = jar(dir.path(), "Throwing", &[src], None, Some("Throwing"));
    let out = blow(&j, spec.to_str().unwrap(), &["--max-vso", "1.1"]);
    let r = report(&out);
    assert_eq!(String::from_utf8_lossy(&out.stdout), "failed 10000\n");
    assert_eq!(out.status.code(), Some(0), "{r:#}");
    assert_eq!(r["sites"].as_array().map(Vec::len), Some(0), "{r:#}");
}

#[test]
fn bad_specs_exit_2_naming_the_place() {
    let dir = tempfile::tempdir().unwrap();
    let src = root().join("corpus/java/blow/LeakTwin.java");
    let j = jar(dir.path(), "LeakTwin", &[src], None, Some("LeakTwin"));
    let run = |spec: &str| {
        let out = blow(&j, spec, &[]);
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, err) = run("no-such-spec");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("no-such-spec"), "{err}");
    let bad = dir.path().join("bad.spec");
    std::fs::write(
        &bad,
        "spec x \"y\";\ntrack *;\non gc when idle_gcs >= -> amplify(size);\n",
    )
    .unwrap();
    let (code, err) = run(bad.to_str().unwrap());
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains(&format!("{}:3:", bad.display())), "{err}");
    let out = blow(&j, "leak", &["--max-vso", "0.5"]);
    assert_eq!(out.status.code(), Some(2));
}

/// Debian's HSQLDB under the `leak` spec, driven by the corpus workload (the jar is the one
/// instrumented, the driver is on the classpath): the output is unchanged, the oracle fails, and
/// the top site is one of the hash tables that `ValuePool`'s static caches create large and never
/// read — the problem the PerfBlower paper reports for hsqldb.
#[test]
fn debian_hsqldb_leak_run_names_the_value_pool_caches() {
    let lib = Path::new("/usr/share/java/hsqldb.jar");
    if !lib.exists() {
        eprintln!(
            "{} not installed (scripts/setup.sh installs it): skipped",
            lib.display()
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let src = root().join("corpus/java/flow/HsqlWorkload.java");
    let driver = jar(
        dir.path(),
        "HsqlWorkload",
        &[src],
        Some(lib.to_str().unwrap()),
        None,
    );
    let cp = driver.display().to_string();
    let out = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .arg("jvm-blow")
        .arg(lib)
        .args([
            "--spec",
            "leak",
            "--format",
            "json",
            "--main",
            "HsqlWorkload",
        ])
        .args(["--classpath", &cp, "--", "3000"])
        .output()
        .unwrap();
    let plain = Command::new("java")
        .arg(jvm_bytecode::jdk::NO_PERF_DATA) // no hsperfdata warning on stdout
        .arg("-cp")
        .arg(format!("{}:{cp}", lib.display()))
        .args(["HsqlWorkload", "3000"])
        .output()
        .unwrap();
    assert_eq!(
        out.stdout, plain.stdout,
        "the program's output passes through"
    );
    let r = report(&out);
    assert_eq!(out.status.code(), Some(1), "{r:#}");
    let path = r["sites"][0]["path"].as_str().unwrap_or("");
    assert!(
        path.starts_with("ValuePool."),
        "top site's path: {path:?}\n{r:#}"
    );
}

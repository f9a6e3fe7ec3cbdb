//! Verifier robustness: a program with lambdas, invokedynamic, constructors that allocate in
//! their `super(…)` arguments, try/catch/finally, table and lookup switches, string switches,
//! long/double values and arrays, monitors and multi-dimensional arrays runs under
//! `-Xverify:all` with the same output and exit status as without instrumentation, and no class
//! is left uninstrumented; real workloads on Debian jars (hsqldb, xalan with > 32767 site ids).

mod jvm_flow_support;

use std::path::Path;

use jvm_flow_support::*;

fn same_run(
    jar: &Path,
    main: &str,
    cp: Option<&str>,
    args: &[&str],
) -> (std::path::PathBuf, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let full_cp = match cp {
        Some(c) => format!("{}:{c}", jar.display()),
        None => jar.display().to_string(),
    };
    let p = plain(&full_cp, main, args);
    let out = dir.path().join("out");
    let mut opts = vec!["--main", main];
    if let Some(c) = cp {
        opts.push("--classpath");
        opts.push(c);
    }
    let r = profiled(jar, &opts, &out, args);
    assert_eq!(
        String::from_utf8_lossy(&p.stdout),
        String::from_utf8_lossy(&r.stdout),
        "stdout differs; stderr:\n{}",
        String::from_utf8_lossy(&r.stderr)
    );
    assert_eq!(p.status.code(), r.status.code(), "exit status differs");
    let perr = String::from_utf8_lossy(&p.stderr).to_string();
    let rerr = String::from_utf8_lossy(&r.stderr).to_string();
    assert!(
        rerr.starts_with(&perr),
        "the program's stderr must pass through unchanged:\nplain:\n{perr}\ninstrumented:\n{rerr}"
    );
    assert!(!rerr.contains("VerifyError"), "{rerr}");
    (out, dir)
}

#[test]
fn hard_shapes_verify_and_behave_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let jar = jar(
        dir.path(),
        "Hard",
        &[flow_source("Hard")],
        None,
        Some("Hard"),
    );
    let (out, _d) = same_run(&jar, "Hard", None, &["60"]);
    let w = std::fs::read_to_string(out.join("warnings.txt")).unwrap();
    assert!(w.trim().is_empty(), "every class is instrumented: {w}");
    let r = report(&out);
    assert!(r["objects"].as_u64().unwrap() > 60);
    assert_eq!(r["undecoded"], 0);
    // exceptional exits close their paths: the Object in thrower() is counted once per call
    let total_thrower: u64 = r["producers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| {
            p["ty"] == "java.lang.Object" && p["method"].as_str().unwrap().contains("thrower")
        })
        .map(|p| count(p, "objects"))
        .sum();
    assert_eq!(total_thrower, 61);
}

#[test]
fn exit_status_and_uncaught_exceptions_pass_through() {
    let dir = tempfile::tempdir().unwrap();
    let jar = jar(
        dir.path(),
        "Hard",
        &[flow_source("Hard")],
        None,
        Some("Hard"),
    );
    let (out, _d) = same_run(&jar, "Hard", None, &["5", "3"]);
    assert!(
        out.join("profile.txt").exists(),
        "System.exit still dumps the profile"
    );
    let (out, _d) = same_run(&jar, "Hard", None, &["-1"]);
    assert!(
        out.join("profile.txt").exists(),
        "an uncaught exception still dumps the profile"
    );
}

#[test]
fn hsqldb_in_memory_workload_runs_instrumented() {
    let hsqldb = "/usr/share/java/hsqldb.jar";
    assert!(
        Path::new(hsqldb).exists(),
        "run scripts/setup.sh (libhsqldb-java)"
    );
    let dir = tempfile::tempdir().unwrap();
    let driver = jar(
        dir.path(),
        "HsqlWorkload",
        &[flow_source("HsqlWorkload")],
        Some(hsqldb),
        None,
    );
    let (out, _d) = same_run(
        Path::new(hsqldb),
        "HsqlWorkload",
        Some(&driver.display().to_string()),
        &["400"],
    );
    let r = report(&out);
    assert!(r["objects"].as_u64().unwrap() > 1000, "{}", r["objects"]);
    assert!(r["distinct_paths"].as_u64().unwrap() > 100);
    assert!(!r["nath"].as_array().unwrap().is_empty());
    let text = std::fs::read_to_string(out.join("report.txt")).unwrap();
    assert!(text.contains("org.hsqldb."), "{text}");
    assert!(std::fs::read_to_string(out.join("flows.dot"))
        .unwrap()
        .starts_with("digraph"));
}

#[test]
fn xalan_transform_runs_instrumented_with_large_ids() {
    let xalan = "/usr/share/java/xalan2.jar";
    assert!(
        Path::new(xalan).exists(),
        "run scripts/setup.sh (libxalan2-java)"
    );
    let dir = tempfile::tempdir().unwrap();
    let driver = jar(
        dir.path(),
        "XalanWorkload",
        &[flow_source("XalanWorkload")],
        Some(xalan),
        None,
    );
    let (out, _d) = same_run(
        Path::new(xalan),
        "XalanWorkload",
        Some(&driver.display().to_string()),
        &["200", "2"],
    );
    // the binary side file: magic, then the number of sites (big-endian)
    let labels = std::fs::read(out.join("labels.bin")).unwrap();
    assert_eq!(labels[..4], jvm_profile::runtime::SIDE_MAGIC.to_be_bytes());
    let sites = u32::from_be_bytes(labels[4..8].try_into().unwrap());
    assert!(
        sites > 32767,
        "ids beyond sipush range are exercised ({sites} sites)"
    );
    let r = report(&out);
    assert!(r["objects"].as_u64().unwrap() > 1000);
}

//! The static analysis over real Debian jars (installed by `scripts/setup.sh` from
//! `scripts/apt-packages.txt`): every class parses, no method makes the analysis panic, and the
//! figures are sane.

use std::path::Path;
use std::sync::{Arc, OnceLock};

use jvm_bytecode::{analyze_jar, HfgOptions, JarReport};

/// Jars of the Debian packages listed in scripts/apt-packages.txt.
const JARS: &[(&str, &str)] = &[
    ("libcommons-lang3-java", "/usr/share/java/commons-lang3.jar"),
    ("libguava-java", "/usr/share/java/guava.jar"),
    ("libhsqldb-java", "/usr/share/java/hsqldb.jar"),
    ("libxalan2-java", "/usr/share/java/xalan2.jar"),
];

/// The jar both tests here analyse with the default options.
const LANG3: &str = "/usr/share/java/commons-lang3.jar";

/// [`analyze_jar`] of `jar` with the default options; commons-lang3's is made once for both
/// tests.
fn analyze_default(jar: &str) -> Arc<Result<JarReport, String>> {
    static LANG3_REPORT: OnceLock<Arc<Result<JarReport, String>>> = OnceLock::new();
    let analyze = || {
        let res = analyze_jar(Path::new(jar), &HfgOptions::default(), None, |_| false);
        Arc::new(res.map(|(r, _)| r).map_err(|e| e.to_string()))
    };
    match jar == LANG3 {
        true => LANG3_REPORT.get_or_init(analyze).clone(),
        false => analyze(),
    }
}

fn apt_available() -> bool {
    Path::new("/usr/bin/apt-get").exists()
}

#[test]
fn real_jars_are_analysed_without_panics() {
    let mut analysed = 0;
    for (pkg, jar) in JARS {
        if !Path::new(jar).exists() {
            if apt_available() {
                panic!("{jar} is missing: run scripts/setup.sh (installs Debian package {pkg})");
            }
            eprintln!("SKIP {jar}: Debian package {pkg} is not installed and apt is unavailable");
            continue;
        }
        let shared = analyze_default(jar);
        let report = shared
            .as_ref()
            .as_ref()
            .unwrap_or_else(|e| panic!("{jar}: {e}"));
        let t = &report.totals;
        eprintln!(
            "{jar}: {} classes, {} methods, CFG {}/{} , HFG {}/{} ({} bypass), {} overflowed, {:.0} ms",
            t.classes,
            t.methods,
            t.cfg_nodes,
            t.cfg_edges,
            t.hfg_nodes,
            t.hfg_edges,
            t.bypass_edges,
            t.overflowed,
            t.times.total().as_secs_f64() * 1e3
        );
        let panics: Vec<&String> = report
            .warnings
            .iter()
            .filter(|w| w.contains("panicked"))
            .collect();
        assert!(panics.is_empty(), "{jar}: {panics:?}");
        assert_eq!(t.skipped_classes, 0, "{jar}: {:?}", report.warnings);
        assert!(
            t.classes > 100 && t.methods > 1000,
            "{jar}: too few classes/methods"
        );
        assert!(
            t.skipped_methods * 100 <= t.methods,
            "{jar}: more than 1% of methods skipped: {:?}",
            &report.warnings[..report.warnings.len().min(5)]
        );
        for m in &report.methods {
            assert!(m.hfg_nodes <= m.cfg_nodes, "{}", m.method);
            assert!(
                m.paths.is_some()
                    || m.numbering_error
                        .as_deref()
                        .is_some_and(|e| e.contains("exceeds")),
                "{}: {:?}",
                m.method,
                m.numbering_error
            );
        }
        analysed += 1;
    }
    if apt_available() {
        assert_eq!(analysed, JARS.len());
    }
}

#[test]
fn stopping_the_access_walk_early_keeps_every_edge() {
    // the walk that adds access edges stops after the object's last possible access; walking to
    // the exit instead must give exactly the same graphs (commons-lang3: loops, locals reused)
    let jar = Path::new(LANG3);
    if !jar.exists() {
        assert!(!apt_available(), "run scripts/setup.sh");
        return;
    }
    let edges = |report: &JarReport| {
        report
            .methods
            .iter()
            .map(|m| (m.method.clone(), m.hfg_edges, m.bypass_edges, m.paths))
            .collect::<Vec<_>>()
    };
    // the default walk stops early (`full_access_walk: false`), the analysis the other test makes
    let stop = edges(analyze_default(LANG3).as_ref().as_ref().unwrap());
    let opts = HfgOptions {
        full_access_walk: true,
        ..HfgOptions::default()
    };
    let (full, _) = analyze_jar(jar, &opts, None, |_| false).unwrap();
    let full = edges(&full);
    assert_eq!(stop.len(), full.len());
    for (a, b) in stop.iter().zip(&full) {
        assert_eq!(a, b);
    }
}

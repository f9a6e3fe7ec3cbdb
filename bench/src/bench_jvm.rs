//! `decisionprof-bench jvm`: the static object-flow analysis of jars (CFG, slices, HFG,
//! Ball–Larus numbering): figures and phase times per jar, and with `--fragments` the
//! property-aware sampling figures of every allocation site's slice.

use std::process::ExitCode;

use anyhow::{bail, Context};
use jvm_bytecode::{analyze_jar, slice_fragments, HfgOptions};

use crate::cli::BenchJvmArgs;

/// The Debian jars `bench jvm` measures when none are named.
const DEFAULT_JARS: &[&str] = &[
    "/usr/share/java/commons-lang3.jar",
    "/usr/share/java/guava.jar",
    "/usr/share/java/hsqldb.jar",
    "/usr/share/java/xalan2.jar",
];

/// `decisionprof-bench jvm`: per-jar figures and phase times of the static analysis.
pub fn run(args: BenchJvmArgs) -> anyhow::Result<ExitCode> {
    let jars: Vec<std::path::PathBuf> = if args.jars.is_empty() {
        let found: Vec<_> = DEFAULT_JARS
            .iter()
            .map(std::path::PathBuf::from)
            .filter(|p| p.exists())
            .collect();
        if found.is_empty() {
            bail!("none of {DEFAULT_JARS:?} is installed: run scripts/setup.sh or name jars");
        }
        found
    } else {
        args.jars
    };
    print!(
        "{:<40} {:>7} {:>7} {:>8} {:>8} {:>8} {:>8} {:>7} {:>5} {:>9}",
        "jar", "classes", "methods", "cfg-n", "cfg-e", "hfg-n", "hfg-e", "bypass", "ovfl", "ms\n"
    );
    for jar in &jars {
        let start = std::time::Instant::now();
        let keep = args.fragments;
        let (r, flows) = analyze_jar(jar, &HfgOptions::default(), None, |_| keep)
            .with_context(|| format!("analysing {}", jar.display()))?;
        let wall = start.elapsed();
        let t = &r.totals;
        let name = jar
            .file_name()
            .map_or_else(|| jar.display().to_string(), |n| n.to_string_lossy().into());
        println!(
            "{:<40} {:>7} {:>7} {:>8} {:>8} {:>8} {:>8} {:>7} {:>5} {:>9.1}",
            name,
            t.classes,
            t.methods,
            t.cfg_nodes,
            t.cfg_edges,
            t.hfg_nodes,
            t.hfg_edges,
            t.bypass_edges,
            t.overflowed,
            wall.as_secs_f64() * 1e3
        );
        let phases: Vec<String> = t
            .times
            .phases()
            .iter()
            .map(|(k, d)| format!("{k} {:.1}", d.as_secs_f64() * 1e3))
            .collect();
        println!("    phases (ms): {}", phases.join(", "));
        if args.fragments {
            let f = slice_fragments::fragment_totals(&flows);
            println!(
                "    allocation-site slices {}, mean slice {:.1} statements, fragments {} \
                 (mean {:.1} per slice; {} slices over {}), reduced cover {} (mean {:.2} per \
                 slice), {:.1} statements per sample",
                f.slices,
                f.slice_nodes as f64 / f.slices.max(1) as f64,
                f.fragments,
                f.fragments as f64 / (f.slices - f.over_limit).max(1) as f64,
                f.over_limit,
                slice_fragments::FRAGMENT_LIMIT,
                f.cover,
                f.cover as f64 / (f.slices - f.over_limit).max(1) as f64,
                f.statements_per_sample()
            );
            let b = f.branching.max(1) as f64;
            println!(
                "    paths one sample observes, over the {} slices with two or more fragments: \
                 {:.1}% by a reduced-cover fragment, {:.1}% by as many random statements",
                f.branching,
                100.0 * f.paths_by_cover / b,
                100.0 * f.paths_by_statements / b
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

//! `decisionprof jvm-flow --static`: the static object-flow analysis of a jar (CFG, slices, HFG,
//! Ball–Larus numbering), printed as text, JSON or Graphviz. Without `--static` the jar is
//! profiled ([`super::jvm_run`]).

use std::process::ExitCode;

use anyhow::{bail, Context};
use jvm_bytecode::dot::method_dot;
use jvm_bytecode::{analyze_jar, HfgOptions};

use crate::cli::{BypassMode, FlowFormat, JvmFlowArgs};
use crate::cmd::emit;

/// Runs `jvm-flow`.
pub fn run(args: JvmFlowArgs) -> anyhow::Result<ExitCode> {
    if !args.static_only {
        return super::jvm_run::run(args);
    }
    if args.format == FlowFormat::Sarif {
        bail!("--format sarif lists the findings of a profiled run: drop --static");
    }
    if args.format == FlowFormat::Dot && args.method.is_none() {
        bail!("--format dot draws single methods: add --method CLASS.NAME");
    }
    let opts = HfgOptions {
        loop_restarts: args.loop_restarts,
        complete_bypass: args.bypass == BypassMode::Complete,
        ..HfgOptions::default()
    };
    let want_flows = args.format == FlowFormat::Dot || args.method.is_some();
    let (report, flows) = analyze_jar(&args.jar, &opts, args.method.as_deref(), |_| want_flows)
        .with_context(|| format!("analysing {}", args.jar.display()))?;
    for w in &report.warnings {
        eprintln!("warning: {w}");
    }
    if let Some(m) = &args.method {
        if report.methods.is_empty() {
            bail!("{}: no analysable method {m}", args.jar.display());
        }
    }
    match args.format {
        FlowFormat::Dot => {
            let text: String = flows.iter().map(method_dot).collect();
            emit(&text)?;
        }
        FlowFormat::Json => {
            let v = report.json(&args.jar.display().to_string(), &opts, &flows);
            emit(&(serde_json::to_string_pretty(&v)? + "\n"))?;
        }
        FlowFormat::Text | FlowFormat::Sarif => {
            emit(&report.text(&args.jar.display().to_string()))?
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// The Debian jars `bench jvm` measures when none are named.
const DEFAULT_JARS: &[&str] = &[
    "/usr/share/java/commons-lang3.jar",
    "/usr/share/java/guava.jar",
    "/usr/share/java/hsqldb.jar",
    "/usr/share/java/xalan2.jar",
];

/// `decisionprof bench jvm`: per-jar figures and phase times of the static analysis.
pub fn bench(args: crate::cli::BenchJvmArgs) -> anyhow::Result<ExitCode> {
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
    emit(&format!(
        "{:<40} {:>7} {:>7} {:>8} {:>8} {:>8} {:>8} {:>7} {:>5} {:>9}",
        "jar", "classes", "methods", "cfg-n", "cfg-e", "hfg-n", "hfg-e", "bypass", "ovfl", "ms\n"
    ))?;
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
        emit(&format!(
            "{:<40} {:>7} {:>7} {:>8} {:>8} {:>8} {:>8} {:>7} {:>5} {:>9.1}\n",
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
        ))?;
        let phases: Vec<String> = t
            .times
            .phases()
            .iter()
            .map(|(k, d)| format!("{k} {:.1}", d.as_secs_f64() * 1e3))
            .collect();
        emit(&format!("    phases (ms): {}\n", phases.join(", ")))?;
        if args.fragments {
            let f = jvm_bytecode::slice_fragments::fragment_totals(&flows);
            emit(&format!(
                "    allocation-site slices {}, mean slice {:.1} statements, fragments {} \
                 (mean {:.1} per slice; {} slices over {}), reduced cover {} (mean {:.2} per \
                 slice), {:.1} statements per sample\n",
                f.slices,
                f.slice_nodes as f64 / f.slices.max(1) as f64,
                f.fragments,
                f.fragments as f64 / (f.slices - f.over_limit).max(1) as f64,
                f.over_limit,
                jvm_bytecode::slice_fragments::FRAGMENT_LIMIT,
                f.cover,
                f.cover as f64 / (f.slices - f.over_limit).max(1) as f64,
                f.statements_per_sample()
            ))?;
            let b = f.branching.max(1) as f64;
            emit(&format!(
                "    paths one sample observes, over the {} slices with two or more fragments: \
                 {:.1}% by a reduced-cover fragment, {:.1}% by as many random statements\n",
                f.branching,
                100.0 * f.paths_by_cover / b,
                100.0 * f.paths_by_statements / b
            ))?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

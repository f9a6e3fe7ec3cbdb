//! `decisionprof bench profile`: profiling overhead (instrumented / plain Boa) and Boa / node, per project.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

use anyhow::Context as _;

use crate::cli::{BenchProfileArgs, EngineArg};
use jsproject::ProfileOptions;

/// Default project groups, relative to the repository root.
const GROUPS: &[&str] = &[
    "corpus/engine",
    "corpus/planted",
    "corpus/bench",
    "corpus/npm",
];

/// Runs the benchmark and prints one line per project, then median and range.
pub fn run(args: BenchProfileArgs) -> anyhow::Result<ExitCode> {
    let projects = chosen_projects(&args.projects, GROUPS)?;
    let runs = args.runs.max(1);
    let helper = write_node_helper()?;
    if matches!(args.engine, EngineArg::Node | EngineArg::Both) {
        return node_engine(&projects, runs, helper.path());
    }
    println!(
        "{:<28} {:>10} {:>10} {:>9} {:>10} {:>9}",
        "project", "plain Boa", "profiled", "overhead", "node", "Boa/node"
    );
    let mut overheads = Vec::new();
    let mut ratios = Vec::new();
    for p in &projects {
        let plain = best(runs, || time_boa(p, false))?;
        let profiled = best(runs, || time_boa(p, true))?;
        let node = best(runs, || time_node(p, helper.path()))?;
        let overhead = profiled.as_secs_f64() / plain.as_secs_f64();
        let ratio = plain.as_secs_f64() / node.as_secs_f64();
        overheads.push(overhead);
        ratios.push(ratio);
        println!(
            "{:<28} {:>9.3}s {:>9.3}s {:>8.1}x {:>9.3}s {:>8.1}x",
            short(p),
            plain.as_secs_f64(),
            profiled.as_secs_f64(),
            overhead,
            node.as_secs_f64(),
            ratio
        );
    }
    println!(
        "profiling overhead (instrumented/plain Boa): median {:.1}x, range {:.1}x-{:.1}x over {} projects",
        median(&overheads),
        min(&overheads),
        max(&overheads),
        overheads.len()
    );
    println!(
        "Boa/node (plain runs, node includes process start): median {:.1}x, range {:.1}x-{:.1}x",
        median(&ratios),
        min(&ratios),
        max(&ratios)
    );
    drop(helper);
    Ok(ExitCode::SUCCESS)
}

/// `--engine node`: node profiled / node plain per project (the same harness, one process each,
/// process start and our instrumenting included), and Boa profiled / node plain beside it.
fn node_engine(projects: &[PathBuf], runs: usize, helper: &Path) -> anyhow::Result<ExitCode> {
    println!(
        "{:<28} {:>10} {:>13} {:>9} {:>12} {:>10}",
        "project", "node plain", "node profiled", "overhead", "Boa profiled", "Boa/node"
    );
    let (mut overheads, mut boa_ratios) = (Vec::new(), Vec::new());
    for p in projects {
        let plain = best(runs, || time_node(p, helper))?;
        let profiled = best(runs, || {
            let start = Instant::now();
            engines::run(
                engines::Engine::Node,
                &jsproject::workload::Workload::of(p)?,
                &ProfileOptions::default(),
            )
            .with_context(|| format!("profiling {} under node", p.display()))?;
            Ok(start.elapsed())
        })?;
        let boa = best(runs, || time_boa(p, true))?;
        let overhead = profiled.as_secs_f64() / plain.as_secs_f64();
        let boa_ratio = boa.as_secs_f64() / plain.as_secs_f64();
        overheads.push(overhead);
        boa_ratios.push(boa_ratio);
        println!(
            "{:<28} {:>9.3}s {:>12.3}s {:>8.1}x {:>11.3}s {:>9.1}x",
            short(p),
            plain.as_secs_f64(),
            profiled.as_secs_f64(),
            overhead,
            boa.as_secs_f64(),
            boa_ratio
        );
    }
    println!(
        "node engine overhead (node profiled/node plain): median {:.1}x, range {:.1}x-{:.1}x over {} projects",
        median(&overheads),
        min(&overheads),
        max(&overheads),
        overheads.len()
    );
    println!(
        "Boa profiled/node plain: median {:.1}x, range {:.1}x-{:.1}x",
        median(&boa_ratios),
        min(&boa_ratios),
        max(&boa_ratios)
    );
    Ok(ExitCode::SUCCESS)
}

/// The projects named on the command line, else those under `groups`; none is an error.
pub(super) fn chosen_projects(given: &[PathBuf], groups: &[&str]) -> anyhow::Result<Vec<PathBuf>> {
    let projects = if given.is_empty() {
        projects_in(groups)?
    } else {
        given.to_vec()
    };
    if projects.is_empty() {
        anyhow::bail!(
            "no projects found (run from the repository root or name project directories)"
        );
    }
    Ok(projects)
}

/// The project directories (with a package.json) directly under each of `groups`, sorted per group.
fn projects_in(groups: &[&str]) -> anyhow::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for g in groups {
        let dir = Path::new(g);
        if !dir.is_dir() {
            continue;
        }
        let mut list: Vec<PathBuf> = std::fs::read_dir(dir)
            .with_context(|| format!("reading {}", dir.display()))?
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.join("package.json").is_file())
            .collect();
        list.sort();
        out.extend(list);
    }
    Ok(out)
}

/// The project path without the leading `corpus/`.
pub(super) fn short(p: &Path) -> String {
    let s = p.to_string_lossy();
    s.strip_prefix("corpus/").unwrap_or(&s).to_string()
}

pub(super) fn best(
    runs: usize,
    mut f: impl FnMut() -> anyhow::Result<Duration>,
) -> anyhow::Result<Duration> {
    let mut best = Duration::MAX;
    for _ in 0..runs {
        best = best.min(f()?);
    }
    Ok(best)
}

fn time_boa(project: &Path, instrument: bool) -> anyhow::Result<Duration> {
    let opts = ProfileOptions {
        instrument,
        ..ProfileOptions::default()
    };
    let workload = jsproject::workload::Workload::of(project)?;
    let out = engines::run(engines::Engine::Boa, &workload, &opts)
        .with_context(|| format!("profiling {}", project.display()))?;
    Ok(Duration::from_secs_f64(out.profile.seconds))
}

/// Writes the harness and the node runner to a fresh temp directory, removed when dropped (also
/// when the benchmark stops on an error).
fn write_node_helper() -> anyhow::Result<tempfile::TempDir> {
    let dir = tempfile::Builder::new()
        .prefix("decisionprof-bench-")
        .tempdir()
        .context("creating a temp dir")?;
    let path = dir.path();
    jsproject::harness::write_harness(&path.join("harness"))
        .with_context(|| format!("writing {}", path.join("harness").display()))?;
    std::fs::write(path.join("runner.js"), jsproject::harness::NODE_RUNNER_JS)
        .with_context(|| format!("writing {}", path.join("runner.js").display()))?;
    Ok(dir)
}

fn time_node(project: &Path, helper: &Path) -> anyhow::Result<Duration> {
    let workload = jsproject::workload::Workload::of(project)?;
    let (root, files) = (&workload.root, &workload.files);
    let start = Instant::now();
    let out = Command::new("node")
        .arg(helper.join("runner.js"))
        .arg(helper.join("harness/index.js"))
        .arg(root)
        .args(workload.node_runner_args())
        .args(files)
        .current_dir(root)
        .output()
        .context("running node (is it installed?)")?;
    let took = start.elapsed();
    if !String::from_utf8_lossy(&out.stderr).contains("__DP_RESULTS__") {
        anyhow::bail!("{}: the node run printed no results", project.display());
    }
    Ok(took)
}

fn sorted(v: &[f64]) -> Vec<f64> {
    let mut s = v.to_vec();
    s.sort_by(|a, b| a.total_cmp(b));
    s
}

/// Median of `v` (NaN when empty).
pub(super) fn median(v: &[f64]) -> f64 {
    suggest::stats::median(v).unwrap_or(f64::NAN)
}

pub(super) fn min(v: &[f64]) -> f64 {
    sorted(v).first().copied().unwrap_or(f64::NAN)
}

pub(super) fn max(v: &[f64]) -> f64 {
    sorted(v).last().copied().unwrap_or(f64::NAN)
}

//! `decisionprof bench js-flow`: what object-flow profiling costs, as js-flow / plain Boa run
//! time per project, both measured in this run.

use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context as _;

use crate::bench_profile::{best, chosen_projects, max, median, min, short};
use crate::cli::BenchJsFlowArgs;
use jsproject::ProfileOptions;

/// Default project groups, relative to the repository root.
const GROUPS: &[&str] = &[
    "corpus/objflow",
    "corpus/planted",
    "corpus/bench",
    "corpus/npm",
];

/// Runs the benchmark: one line per project, then median and range.
pub fn run(args: BenchJsFlowArgs) -> anyhow::Result<ExitCode> {
    let projects = chosen_projects(&args.projects, GROUPS)?;
    let runs = args.runs.max(1);
    println!(
        "{:<28} {:>10} {:>10} {:>9} {:>9}",
        "project", "plain Boa", "js-flow", "overhead", "objects"
    );
    let mut overheads = Vec::new();
    for p in &projects {
        let plain = best(runs, || time(p, false).map(|(t, _)| t))?;
        let mut objects = 0;
        let flow = best(runs, || {
            let (t, n) = time(p, true)?;
            objects = n;
            Ok(t)
        })?;
        let overhead = flow.as_secs_f64() / plain.as_secs_f64();
        overheads.push(overhead);
        println!(
            "{:<28} {:>9.3}s {:>9.3}s {:>8.1}x {:>9}",
            short(p),
            plain.as_secs_f64(),
            flow.as_secs_f64(),
            overhead,
            objects
        );
    }
    println!(
        "js-flow overhead (js-flow/plain Boa): median {:.1}x, range {:.1}x-{:.1}x over {} projects",
        median(&overheads),
        min(&overheads),
        max(&overheads),
        overheads.len()
    );
    Ok(ExitCode::SUCCESS)
}

/// Run time of the project's workload in Boa, plain or profiled for object flow, and the
/// objects the profiled run counted.
fn time(project: &Path, flow: bool) -> anyhow::Result<(Duration, u64)> {
    let opts = ProfileOptions {
        instrument: flow,
        flow,
        ..ProfileOptions::default()
    };
    let workload = jsproject::workload::Workload::of(project)?;
    let out = engines::run(engines::Engine::Boa, &workload, &opts)
        .with_context(|| format!("running {}", project.display()))?;
    let objects = out
        .flow
        .map(|f| f.counters.rows.iter().map(|r| r[2]).sum())
        .unwrap_or(0);
    Ok((Duration::from_secs_f64(out.profile.seconds), objects))
}

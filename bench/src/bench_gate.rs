//! `decisionprof bench gate`: `suggest` wall time with the earlier gate (a fixed number of processes,
//! every affected test timed) and with today's defaults (sequential, the most changed tests timed),
//! side by side in one run, with the suggestions each accepts.

use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use suggest::gate::GateDesign;
use suggest::project::{run_project, Options};

use crate::bench_profile::short;
use crate::cli::BenchGateArgs;
use engines::EngineProfiler;

/// Default project groups, relative to the repository root.
const GROUPS: &[&str] = &["corpus/planted", "corpus/npm"];

/// One `suggest` run, with the earlier gate (`vms` processes per version) or today's defaults:
/// wall seconds and the accepted suggestions' locations.
fn suggest_once(project: &Path, earlier: bool, vms: u32) -> anyhow::Result<(f64, Vec<String>)> {
    let mut opts = Options::default();
    if earlier {
        opts.gate_options.design = GateDesign::Fixed;
        opts.gate_options.timed_tests = 0;
        opts.gate_options.vms = vms;
    }
    let start = Instant::now();
    let report = run_project(project, &opts, &EngineProfiler::new(engines::Engine::Boa))?.report;
    let secs = start.elapsed().as_secs_f64();
    let mut accepted: Vec<String> = report
        .suggestions
        .iter()
        .map(|o| o.analysis.location.to_string())
        .collect();
    accepted.sort();
    Ok((secs, accepted))
}

/// Runs both gates on every project, alternating which goes first, and prints one line each.
pub fn run(args: BenchGateArgs) -> anyhow::Result<ExitCode> {
    let projects = crate::bench_profile::chosen_projects(&args.projects, GROUPS)?;
    suggest::progress::set_quiet(true);
    jsproject::set_progress_lines(false);
    println!(
        "{:<24} {:>9} {:>9} {:>6} {:>6} {:>6}  same",
        "project", "earlier", "now", "ratio", "#earl", "#now"
    );
    let (mut total_fixed, mut total_seq, mut differ) = (0.0, 0.0, Vec::new());
    for (k, p) in projects.iter().enumerate() {
        // Alternate the order so that drift on a shared machine does not favour one design.
        let order = if k % 2 == 0 {
            [true, false]
        } else {
            [false, true]
        };
        let mut fixed = (0.0, Vec::new());
        let mut seq = (0.0, Vec::new());
        for earlier in order {
            let r = suggest_once(p, earlier, args.vms)?;
            if earlier {
                fixed = r;
            } else {
                seq = r;
            }
        }
        total_fixed += fixed.0;
        total_seq += seq.0;
        let same = fixed.1 == seq.1;
        if !same {
            differ.push(format!(
                "{}: the earlier gate accepts [{}], today's [{}]",
                short(p),
                fixed.1.join(", "),
                seq.1.join(", ")
            ));
        }
        println!(
            "{:<24} {:>8.1}s {:>8.1}s {:>5.2}x {:>6} {:>6}  {}",
            short(p),
            fixed.0,
            seq.0,
            seq.0 / fixed.0.max(1e-9),
            fixed.1.len(),
            seq.1.len(),
            if same { "yes" } else { "no" }
        );
    }
    println!(
        "total: earlier {total_fixed:.1}s, now {total_seq:.1}s, ratio {:.2}x over {} projects",
        total_seq / total_fixed.max(1e-9),
        projects.len()
    );
    for d in &differ {
        println!("  {d}");
    }
    Ok(ExitCode::SUCCESS)
}

//! `decisionprof suggest`: profile, optimise check orders, validate and gate them under node, print.
//!
//! Exit codes: 0 the run completed (with or without suggestions), 2 bad input, a workload that does
//! not run, node missing with `--gate node`, or a timeout. The user's project is only ever read:
//! variants are built and run in temp dirs.

use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context as _;

use crate::cli::{GateArgs, GateDesignArg, SuggestArgs, SuggestFormat, SuggestGate, SuggestMode};
use engines::EngineProfiler;
use suggest::gate::{GateDesign, GateOptions};
use suggest::pipeline::{Batch, GateKind};
use suggest::project::{run_project, Options};
use suggest::render::sarif::render_sarif;
use suggest::render::text::render_text;

/// Runs `decisionprof suggest`.
pub fn run(args: SuggestArgs) -> anyhow::Result<ExitCode> {
    let mut opts = options(&args.gate)?;
    opts.workload = args.workload.clone();
    opts.target = args.target.clone();
    suggest::interrupt::install()?;
    let rep = run_project(
        &args.project,
        &opts,
        &EngineProfiler::new(args.gate.engine.engine()),
    )?
    .report;
    let text = match args.format {
        SuggestFormat::Text => render_text(&rep),
        SuggestFormat::Diff => {
            report::emit::diff::diff(&args.project, &rep.findings, args.unsafe_fixes)?
        }
        SuggestFormat::Json => {
            report::emit::json::pretty(&rep).context("serialising the report")?
        }
        SuggestFormat::Sarif => {
            render_sarif(&rep, &args.project).context("serialising the SARIF log")?
        }
    };
    match &args.out {
        Some(path) => {
            std::fs::write(path, &text).with_context(|| format!("writing {}", path.display()))?
        }
        None => crate::cmd::emit(&text)?,
    }
    if let Some(why) = &rep.interrupted {
        eprintln!("decisionprof: gating stopped early ({why}); finished verdicts reported");
        return Ok(ExitCode::from(2));
    }
    Ok(ExitCode::SUCCESS)
}

/// The library options of the gate arguments; rejects out-of-range numbers before any work starts.
pub fn options(g: &GateArgs) -> anyhow::Result<Options> {
    suggest::progress::set_quiet(g.quiet);
    jsproject::set_progress_lines(!g.quiet);
    if !(g.confidence > 0.0 && g.confidence < 1.0) {
        anyhow::bail!("--confidence must be between 0 and 1 (e.g. 0.90)");
    }
    if g.vms < 2 || g.measure == 0 {
        anyhow::bail!("--vms must be at least 2 and --measure at least 1 (one figure per node process is compared)");
    }
    if !(g.threshold >= 0.0 && g.threshold.is_finite()) {
        anyhow::bail!("--threshold must be a non-negative percentage");
    }
    if let Some(t) = g.timeout {
        if !(t > 0.0 && t.is_finite()) {
            anyhow::bail!("--timeout must be a positive number of seconds");
        }
    }
    Ok(Options {
        include_deps: g.include_deps,
        threshold: g.threshold / 100.0,
        timeout: g.timeout.map(Duration::from_secs_f64),
        gate: match g.gate {
            SuggestGate::Node => GateKind::Node,
            SuggestGate::None => GateKind::None,
        },
        batch: g.mode.map(|m| match m {
            SuggestMode::Each => Batch::Each,
            SuggestMode::All => Batch::All,
        }),
        use_benchmarks: !g.no_bench,
        exact: g.exact,
        gate_options: GateOptions {
            vms: g.vms,
            warmup: g.warmup,
            measure: g.measure,
            confidence: g.confidence,
            confirm: !g.no_confirm,
            design: match g.gate_design {
                GateDesignArg::Sequential => GateDesign::Sequential,
                GateDesignArg::Fixed => GateDesign::Fixed,
            },
            parallel: !g.serial && suggest::gate::two_cores(),
            timed_tests: g.timed_tests,
            ..GateOptions::default()
        },
        max_suggestions: g.max_suggestions,
        no_build: g.no_build,
        all_candidates: g.all_candidates,
        cost_model: g.cost_model.model(),
        test_timeout: crate::cli::test_timeout(g.test_timeout)?,
        ..Options::default()
    })
}

//! `decisionprof js-flow`: object flow of a JavaScript project's own tests, in Boa, through the
//! client analyses `jvm-flow` uses (`graph::flow`). Exit codes: 0 the report was made (whatever
//! the tests did), 2 bad input or the run hit `--timeout` (the report of what was gathered is
//! still printed).

use std::process::ExitCode;
use std::time::Duration;

use anyhow::{bail, Context as _};
use graph::flow::analyze;
use graph::flow::render::{report_dot, report_dot_at, report_json, report_sarif, report_text};

use crate::cli::{FlowFormat, JsFlowArgs};
use crate::cmd::emit;

/// Runs `decisionprof js-flow`.
pub fn run(args: JsFlowArgs) -> anyhow::Result<ExitCode> {
    if !args.project.is_dir() {
        bail!("{}: not a project directory", args.project.display());
    }
    if args.site.is_some() && args.format != FlowFormat::Dot {
        bail!("--site selects the flow graph to draw: add --format dot");
    }
    let timeout = match args.timeout {
        Some(t) if !(t > 0.0 && t.is_finite()) => {
            bail!("--timeout must be a positive number of seconds")
        }
        Some(t) => Some(Duration::from_secs_f64(t)),
        None => None,
    };
    let opts = jsproject::ProfileOptions {
        timeout,
        test_timeout: crate::cli::test_timeout(args.test_timeout)?,
        flow: true,
        ..jsproject::ProfileOptions::default()
    };
    let workload =
        jsproject::workload::Workload::open(&args.project, &args.workload, args.target.as_deref())
            .with_context(|| format!("profiling the object flow of {}", args.project.display()))?;
    let outcome = engines::run(engines::Engine::Boa, &workload, &opts)
        .with_context(|| format!("profiling the object flow of {}", args.project.display()))?;
    eprint!("{}", outcome.stdout);
    let p = &outcome.profile;
    for n in &p.notes {
        eprintln!("decisionprof: note: {n}");
    }
    let c = jsproject::profile::TestCounts::of(&p.tests);
    eprintln!(
        "decisionprof: {} tests ({} failed), {} files instrumented, {:.2}s",
        c.passed + c.failed,
        c.failed,
        p.totals.files,
        p.seconds
    );
    for t in p.tests.iter().filter(|t| !t.passed) {
        eprintln!(
            "decisionprof:   FAIL {} [{}]: {}",
            t.name,
            t.file,
            t.error.as_deref().unwrap_or("failed")
        );
    }
    let Some(flow) = &outcome.flow else {
        bail!("the run recorded no object flow (it was stopped before any test ran)");
    };
    let copts = args.report.options(args.threshold);
    let report = analyze(&flow.to_profile(), &copts);
    let text = match args.format {
        FlowFormat::Text => report_text(&report, "js-flow"),
        FlowFormat::Json => report::emit::json::pretty(&report_json(&report))?,
        FlowFormat::Dot => match &args.site {
            Some(at) => report_dot_at(report, at).ok_or_else(|| {
                anyhow::anyhow!("--site {at}: no allocation site there had objects in this run")
            })?,
            None => report_dot(&report, 10),
        },
        FlowFormat::Sarif => report::emit::json::pretty(&report_sarif(&report))?,
    };
    emit(&text)?;
    if p.timed_out {
        eprintln!("decisionprof: the run hit --timeout; the report covers what ran before");
        return Ok(ExitCode::from(2));
    }
    Ok(ExitCode::SUCCESS)
}

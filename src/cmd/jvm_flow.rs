//! `decisionprof jvm-flow <JAR> [-- ARGS]`: instrument a copy of the jar, run it on `java`,
//! rebuild the object-flow profiles and report ([`jvm_profile::profile_jar`]); the program's
//! stdout, stderr and exit status pass through, the report goes to stderr after the program's own
//! output, or into `--out DIR`. With `--static`, the static object-flow analysis of the jar (CFG,
//! slices, HFG, Ball–Larus numbering; [`jvm_bytecode::analyze_jar`]), printed as text, JSON or
//! Graphviz.

use std::process::ExitCode;

use anyhow::{bail, Context};
use jvm_bytecode::method_drawing::method_dot;
use jvm_bytecode::{analyze_jar, HfgOptions};
use jvm_profile::profile_jar::{profile_jar, render, FlowOptions, ReportFormat};
use jvm_profile::sample_plan::SamplePlan;

use crate::cli::{BypassMode, FlowFormat, JvmFlowArgs};
use crate::cmd::{emit, java_program};

/// Runs `jvm-flow`.
pub fn run(args: JvmFlowArgs) -> anyhow::Result<ExitCode> {
    if !args.static_only {
        return profiled(args);
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
            emit(&report::emit::json::pretty(&v)?)?;
        }
        FlowFormat::Text | FlowFormat::Sarif => {
            emit(&report.text(&args.jar.display().to_string()))?
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Runs `jvm-flow` on a profiled run ([`profile_jar`]).
fn profiled(args: JvmFlowArgs) -> anyhow::Result<ExitCode> {
    let opts = FlowOptions {
        run: java_program(
            &args.jar,
            &args.main,
            &args.classpath,
            &args.args,
            &args.jvm_args,
        ),
        context: args.context,
        stack_depth: args.stack_depth,
        plan: SamplePlan {
            rate: args.sample.unwrap_or(1.0),
            seed: args.seed,
            period_ms: args.sample_period.max(1),
            property: args.property.clone(),
        },
        report: args.report.options(args.threshold),
        out: args.out.clone(),
    };
    let profiled = profile_jar(&opts)?;
    if args.timings {
        let t = &profiled.timings;
        eprintln!(
            "decisionprof: timings: analysis and instrumentation {:.3} s, run {:.3} s, \
             summaries {:.3} s (during the run; waited {:.3} s after it), reconstruction and \
             report {:.3} s",
            t.instrument.as_secs_f64(),
            t.run.as_secs_f64(),
            t.summaries.as_secs_f64(),
            t.waited.as_secs_f64(),
            t.report.as_secs_f64()
        );
    }
    let warnings = &profiled.warnings;
    match &profiled.out {
        Some(dir) => eprintln!(
            "decisionprof: {} warnings; report in {}",
            warnings.len(),
            dir.display()
        ),
        None => {
            for w in warnings {
                eprintln!("decisionprof: warning: {w}");
            }
            if let Some(r) = &profiled.report {
                let format = match args.format {
                    FlowFormat::Text => ReportFormat::Text,
                    FlowFormat::Json => ReportFormat::Json,
                    FlowFormat::Dot => ReportFormat::Dot,
                    FlowFormat::Sarif => ReportFormat::Sarif,
                };
                eprint!("{}", render(r, format)?);
            }
        }
    }
    let (code, exit) = (profiled.code(), profiled.exit_code());
    if code != 0 {
        eprintln!("decisionprof: the program exited with status {code}");
    }
    // the process ends here: freeing the analyses' millions of small allocations one by one
    // would only add to the user's wait (tens of milliseconds on ANTLR 4)
    std::mem::forget(profiled);
    Ok(ExitCode::from(exit))
}

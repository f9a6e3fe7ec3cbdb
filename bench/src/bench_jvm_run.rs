//! `decisionprof-bench jvm-run`: the overhead of jvm-flow's profiling per program (instrumented
//! against plain `java`: wall and CPU time, peak RSS, end to end as the user waits), the Table 3
//! figures and the agreement of our allocated bytes with the JDK Flight Recorder's samples; and
//! the hidden `jvm-flow` command its end-to-end figure times, `decisionprof jvm-flow` on a jar as
//! the user runs it (the same library call, warnings and text report).

use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;
use bench::programs::bench_programs;
use jvm_bytecode::jdk::{run_plain, RunSpec};
use jvm_profile::flow_profile::{analyze, ClientOptions};
use jvm_profile::profile_jar::{profile_jar, render, FlowOptions, ReportFormat};
use jvm_profile::profiled_run::{run_profiled, STACK_DEPTH};
use jvm_profile::sample_plan::SamplePlan;
use jvm_profile::summary::Summaries;

use crate::cli::{BenchJvmRunArgs, JvmFlowArgs};

/// `decisionprof jvm-flow JAR [--main C] [--classpath CP] [--jvm-arg OPT]... -- ARGS` with every
/// other option at its default: the program's output passes through, the text report goes to
/// stderr, the exit status is the program's.
pub fn jvm_flow(args: JvmFlowArgs) -> anyhow::Result<ExitCode> {
    let opts = FlowOptions {
        run: RunSpec::passing_through(
            args.jar,
            args.main,
            args.classpath,
            args.args,
            args.jvm_args,
        ),
        context: 1,
        stack_depth: STACK_DEPTH,
        plan: SamplePlan::default(),
        report: ClientOptions::default(),
        out: None,
    };
    let profiled = profile_jar(&opts)?;
    let text = match &profiled.report {
        Some(r) => render(r, ReportFormat::Text)?,
        None => String::new(),
    };
    eprint!("{}{text}", warning_lines(&profiled.warnings));
    let code = profiled.exit_code();
    // as decisionprof does: the process ends without freeing the analyses one by one
    std::mem::forget(profiled);
    Ok(ExitCode::from(code))
}

/// The warnings as `decisionprof jvm-flow` prints them before its report.
fn warning_lines(warnings: &[String]) -> String {
    warnings
        .iter()
        .map(|w| format!("decisionprof: warning: {w}\n"))
        .collect()
}

/// End to end as the user waits: the wall time of a whole `jvm-flow` command on `spec` (static
/// analysis and instrumentation, the run, summaries, reconstruction, the text report), this
/// binary's [`jvm_flow`] run as a child with its output captured.
fn command_wall(spec: &RunSpec) -> anyhow::Result<f64> {
    let exe = std::env::current_exe().context("finding the decisionprof-bench binary")?;
    let mut cmd = std::process::Command::new(exe);
    cmd.arg("jvm-flow").arg(&spec.jar);
    if let Some(m) = &spec.main {
        cmd.arg("--main").arg(m);
    }
    if let Some(cp) = &spec.classpath {
        cmd.arg("--classpath").arg(cp);
    }
    for a in &spec.jvm_args {
        cmd.arg(format!("--jvm-arg={a}"));
    }
    cmd.arg("--").args(&spec.args);
    let m = jvm_bytecode::usage::run_measured(&mut cmd, true)
        .context("running decisionprof jvm-flow")?;
    Ok(m.wall.as_secs_f64())
}

/// Our estimated bytes over the Flight Recorder's sampled bytes, for the ten classes of the jar
/// we attribute most bytes to (only the jar allocates them), in one instrumented run recorded by
/// both (NaN without a profile or with under 1 MiB sampled).
fn jfr_agreement(spec: &RunSpec, dir: &Path) -> anyhow::Result<f64> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let (args, recording) = bench::jfr::recording_args(dir)?;
    let mut recorded = spec.clone();
    recorded.jvm_args.extend(args);
    let r = run_profiled(&recorded, &dir.join("work"), 1)?;
    let Some(prof) = &r.profile else {
        return Ok(f64::NAN);
    };
    let mut lib = Summaries::for_jar_or_none(&spec.jar, spec.classpath.as_deref(), &mut Vec::new());
    let rep = analyze(&r.instrumented, prof, &ClientOptions::default(), &mut lib);
    let sampled = bench::jfr::sampled_bytes(&recording)?;
    let own = |c: &str| r.instrumented.jar_classes.contains(c);
    let rows = bench::jfr::agreement(&rep, &sampled, 10, own);
    // a few samples say nothing: under 1 MiB sampled, no figure
    if rows.iter().map(|r| r.sampled).sum::<u64>() < 1 << 20 {
        return Ok(f64::NAN);
    }
    Ok(bench::jfr::ratio(&rows))
}

/// Median of the runs (NaN without runs).
fn median(v: Vec<f64>) -> f64 {
    suggest::stats::median(&v).unwrap_or(f64::NAN)
}

/// `decisionprof-bench jvm-run`: instrumented / plain wall time and Table 3 figures per program.
pub fn run(args: BenchJvmRunArgs) -> anyhow::Result<ExitCode> {
    // removed when dropped, also when a run fails
    let tmp = tempfile::Builder::new()
        .prefix("decisionprof-bench-")
        .tempdir()
        .context("creating a temp dir")?;
    let dir = tmp.path().to_path_buf();
    let programs = bench_programs(&dir)?;
    let runs = args.runs.max(1);
    println!(
        "{:<24} {:>9} {:>9} {:>7} {:>7} {:>9} {:>9} {:>7} {:>9} {:>7} {:>10} {:>10} {:>7} {:>6} {:>6}",
        "program",
        "plain s",
        "instr s",
        "ratio",
        "e2e x",
        "plain cpu",
        "instr cpu",
        "ratio",
        "plain MiB",
        "rss x",
        "objects",
        "accesses",
        "paths",
        "same",
        "jfr"
    );
    let mut ratios = Vec::new();
    let mut cpu_ratios = Vec::new();
    for (name, spec) in &programs {
        let mut plain = Vec::new();
        let mut instr = Vec::new();
        let mut e2e = Vec::new();
        let (mut plain_cpu, mut instr_cpu) = (Vec::new(), Vec::new());
        let (mut plain_rss, mut instr_rss) = (Vec::new(), Vec::new());
        let mut figures = (0, 0, 0);
        let mut same = true;
        for k in 0..runs {
            let p = run_plain(spec)?;
            let work = dir.join(format!("work-{k}"));
            let r = run_profiled(spec, &work, 1)?;
            same &= p.stdout == r.outcome.stdout && p.code == r.outcome.code;
            plain.push(p.wall.as_secs_f64());
            instr.push(r.outcome.wall.as_secs_f64());
            plain_cpu.extend(p.cpu.map(|d| d.as_secs_f64()));
            instr_cpu.extend(r.outcome.cpu.map(|d| d.as_secs_f64()));
            plain_rss.extend(p.max_rss.map(|b| b as f64 / (1 << 20) as f64));
            instr_rss.extend(r.outcome.max_rss.map(|b| b as f64 / (1 << 20) as f64));
            if let Some(prof) = &r.profile {
                let mut lib = Summaries::for_jar_or_none(
                    &spec.jar,
                    spec.classpath.as_deref(),
                    &mut Vec::new(),
                );
                let rep = analyze(&r.instrumented, prof, &ClientOptions::default(), &mut lib);
                figures = (rep.objects, rep.accesses, rep.distinct_paths);
            }
            e2e.push(command_wall(spec)?);
        }
        let (pm, im) = (median(plain), median(instr));
        let ratio = im / pm.max(1e-9);
        ratios.push(ratio);
        let e2e_ratio = median(e2e) / pm.max(1e-9);
        // CPU time (all JVM threads) is steadier than wall time on a shared machine
        let (pc, ic) = if plain_cpu.len() == runs && instr_cpu.len() == runs {
            (median(plain_cpu), median(instr_cpu))
        } else {
            (f64::NAN, f64::NAN)
        };
        let cpu_ratio = ic / pc.max(1e-9);
        if cpu_ratio.is_finite() {
            cpu_ratios.push(cpu_ratio);
        }
        // peak resident set of the JVM, from the kernel's accounting of each child
        let (pr, ir) = if plain_rss.len() == runs && instr_rss.len() == runs {
            (median(plain_rss), median(instr_rss))
        } else {
            (f64::NAN, f64::NAN)
        };
        println!(
            "{:<24} {:>9.3} {:>9.3} {:>7.2} {:>7.2} {:>9.2} {:>9.2} {:>7.2} {:>9.1} {:>7.2} {:>10} {:>10} {:>7} {:>6} {:>6.2}",
            name,
            pm,
            im,
            ratio,
            e2e_ratio,
            pc,
            ic,
            cpu_ratio,
            pr,
            ir / pr.max(1e-9),
            figures.0,
            figures.1,
            figures.2,
            same,
            jfr_agreement(spec, &dir.join("jfr"))?
        );
    }
    if !ratios.is_empty() {
        let avg = ratios.iter().sum::<f64>() / ratios.len() as f64;
        let geo = (ratios.iter().map(|r| r.ln()).sum::<f64>() / ratios.len() as f64).exp();
        println!(
            "average overhead {avg:.2}x (geometric mean {geo:.2}x), median of {runs} runs each"
        );
    }
    if !cpu_ratios.is_empty() {
        let avg = cpu_ratios.iter().sum::<f64>() / cpu_ratios.len() as f64;
        println!("average CPU-time overhead {avg:.2}x");
    }
    drop(tmp);
    Ok(ExitCode::SUCCESS)
}

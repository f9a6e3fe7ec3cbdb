//! `decisionprof-bench jvm-blow`: jvm-blow's overhead (amplified against plain `java` wall time
//! and peak RSS) and maximal VSO per program: the corpus pairs (a planted problem and its twin,
//! per built-in spec) and the Debian workloads under each built-in spec.

use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;
use bench::programs::{debian_workloads, repo_root};
use jvm_blow::amplified_run::{run_blown, BlowOptions, BLOW_JVM_ARGS};
use jvm_blow::builtin::load_spec;
use jvm_blow::vso_report::max_vso;
use jvm_bytecode::jdk::{compile_jar, run_plain, RunSpec};

use crate::cli::BenchJvmBlowArgs;

/// One program `bench jvm-blow` measures, with the spec it is amplified under.
struct BenchProgram {
    name: String,
    /// A built-in spec's name or a spec file.
    spec: String,
    run: RunSpec,
    /// A Debian workload (its ratios are summarized apart from the tiny corpus pairs).
    real: bool,
}

/// The corpus pairs (problem and twin, per built-in spec) and the Debian workloads.
fn bench_programs(dir: &Path) -> anyhow::Result<Vec<BenchProgram>> {
    let blow = repo_root().join("corpus/java/blow");
    let mut out = Vec::new();
    let unclosed = blow.join("unclosed.spec").display().to_string();
    for (kind, spec) in [
        ("Leak", "leak"),
        ("Underutilized", "underutilized"),
        ("Overpopulated", "overpopulated"),
        ("Unclosed", unclosed.as_str()),
    ] {
        for variant in ["Problem", "Twin"] {
            let main = format!("{kind}{variant}");
            let jar = dir.join(format!("{main}.jar"));
            let sources = [blow.join(format!("{main}.java")), blow.join("Channel.java")];
            compile_jar(&sources, None, Some(&main), &jar)?;
            out.push(BenchProgram {
                name: main,
                spec: spec.to_string(),
                run: RunSpec {
                    jar,
                    args: vec![PAIR_INPUT.into()],
                    capture: true,
                    ..RunSpec::default()
                },
                real: false,
            });
        }
    }
    for (_, main, run) in debian_workloads(dir)? {
        for spec in ["leak", "underutilized", "overpopulated"] {
            out.push(BenchProgram {
                name: format!("{main}/{spec}"),
                spec: spec.to_string(),
                run: run.clone(),
                real: true,
            });
        }
    }
    Ok(out)
}

/// Input of the corpus pairs in the benchmark and the tests.
pub const PAIR_INPUT: &str = "20000";

/// Median of the runs (NaN without runs).
fn median(v: &[f64]) -> f64 {
    suggest::stats::median(v).unwrap_or(f64::NAN)
}

/// `decisionprof-bench jvm-blow`: amplified / plain wall time and peak RSS, max VSO per program.
pub fn run(args: BenchJvmBlowArgs) -> anyhow::Result<ExitCode> {
    let tmp = tempfile::Builder::new()
        .prefix("decisionprof-bench-")
        .tempdir()
        .context("creating a temp dir")?;
    let programs = bench_programs(tmp.path())?;
    let runs = args.runs.max(1);
    println!(
        "{:<28} {:<14} {:>8} {:>8} {:>7} {:>9} {:>7} {:>5} {:>8} {:>5}",
        "program",
        "spec",
        "plain s",
        "blown s",
        "time x",
        "plain MiB",
        "rss x",
        "GCs",
        "max VSO",
        "same"
    );
    // [corpus pairs, Debian workloads] x [time, peak RSS]
    let mut ratios: [[Vec<f64>; 2]; 2] = Default::default();
    for p in &programs {
        let spec = load_spec(&p.spec)?;
        let (mut plain, mut blown) = (Vec::new(), Vec::new());
        let (mut plain_rss, mut blown_rss) = (Vec::new(), Vec::new());
        let (mut gcs, mut vso, mut same) = (0, 1.0, true);
        for k in 0..runs {
            // the plain run gets the same JVM options, so only the amplification differs
            let mut plain_spec = p.run.clone();
            plain_spec.jvm_args = BLOW_JVM_ARGS.iter().map(|s| s.to_string()).collect();
            let a = run_plain(&plain_spec)?;
            let work = tmp.path().join(format!("work-{k}"));
            let b = run_blown(&p.run, &spec, &work, BlowOptions::default())?;
            same &= a.stdout == b.outcome.stdout && a.code == b.outcome.code;
            plain.push(a.wall.as_secs_f64());
            blown.push(b.outcome.wall.as_secs_f64());
            plain_rss.extend(a.max_rss.map(|r| r as f64 / (1 << 20) as f64));
            blown_rss.extend(b.outcome.max_rss.map(|r| r as f64 / (1 << 20) as f64));
            gcs = b.timeline.len();
            vso = max_vso(&b.timeline);
        }
        let (pt, bt) = (median(&plain), median(&blown));
        let (pr, br) = (median(&plain_rss), median(&blown_rss));
        let group = &mut ratios[usize::from(p.real)];
        group[0].push(bt / pt.max(1e-9));
        if (br / pr).is_finite() {
            group[1].push(br / pr);
        }
        println!(
            "{:<28} {:<14} {:>8.3} {:>8.3} {:>7.2} {:>9.1} {:>7.2} {:>5} {:>8.2} {:>5}",
            p.name,
            spec.name,
            pt,
            bt,
            bt / pt.max(1e-9),
            pr,
            br / pr,
            gcs,
            vso,
            same
        );
    }
    let geo = |v: &[f64]| (v.iter().map(|r| r.ln()).sum::<f64>() / v.len().max(1) as f64).exp();
    for (label, [time, rss]) in ["corpus pairs", "Debian workloads"].iter().zip(&ratios) {
        if !time.is_empty() {
            println!(
                "geometric mean, {label}: time {:.2}x, peak RSS {:.2}x (median of {runs} runs each)",
                geo(time),
                geo(rss)
            );
        }
    }
    println!("paper (PerfBlower on Jikes RVM, DaCapo): 2.4-2.7x time, 1.23x space");
    drop(tmp);
    Ok(ExitCode::SUCCESS)
}

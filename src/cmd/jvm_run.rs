//! `decisionprof jvm-flow <JAR> [-- ARGS]`: instrument a copy of the jar, run it on `java`,
//! rebuild the object-flow profiles and report; and `decisionprof bench jvm-run`, the overhead
//! figures. The program's stdout, stderr and exit status pass through; the report goes to
//! stderr after the program's own output, or into `--out DIR`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use jvm_bytecode::jdk::{compile_jar, run_plain, RunSpec};
use jvm_profile::flow_profile::{analyze, ClientOptions};
use jvm_profile::profile_jar::{profile_jar, render, FlowOptions, ReportFormat};
use jvm_profile::profiled_run::run_profiled;
use jvm_profile::programs::real_programs;
use jvm_profile::sample_plan::SamplePlan;
use jvm_profile::summary::Summaries;

use crate::cli::{BenchJvmRunArgs, FlowFormat, JvmFlowArgs};

/// Runs the dynamic `jvm-flow`.
pub fn run(args: JvmFlowArgs) -> anyhow::Result<ExitCode> {
    let opts = FlowOptions {
        run: RunSpec {
            jar: args.jar.clone(),
            main: args.main.clone(),
            classpath: args.classpath.clone(),
            args: args.args.clone(),
            jvm_args: args.jvm_args.clone(),
            capture: false,
        },
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
    let code = profiled.code();
    if code != 0 {
        eprintln!("decisionprof: the program exited with status {code}");
    }
    // the process ends here: freeing the analyses' millions of small allocations one by one
    // would only add to the user's wait (tens of milliseconds on ANTLR 4)
    std::mem::forget(profiled);
    Ok(ExitCode::from(
        u8::try_from(code.clamp(0, 255)).unwrap_or(1),
    ))
}

/// End to end as the user waits: the wall time of a whole `decisionprof jvm-flow` command on
/// `spec` (static analysis and instrumentation, the run, summaries, reconstruction, the text
/// report), this binary run as a child with its output captured.
fn command_wall(spec: &RunSpec) -> anyhow::Result<f64> {
    let exe = std::env::current_exe().context("finding the decisionprof binary")?;
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

/// Summaries of the JDK and the classpath for the verdicts ([`Summaries::for_jar_or_none`]).
pub(crate) fn summaries(
    jar: &Path,
    classpath: Option<&str>,
    warnings: &mut Vec<String>,
) -> Summaries {
    Summaries::for_jar_or_none(jar, classpath, warnings)
}

/// The programs `bench jvm-run` measures: corpus programs and the real workload.
/// The Debian jar workloads of the benchmarks, `(name, driver class, run)`: the Debian jar
/// (HSQLDB, Xalan) is the one instrumented, its corpus driver (`corpus/java/flow`), compiled into
/// `dir`, is on the classpath. A jar that is not installed is skipped with a message.
pub(crate) fn debian_workloads(
    dir: &Path,
) -> anyhow::Result<Vec<(&'static str, &'static str, RunSpec)>> {
    let flow = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/java/flow");
    let mut out = Vec::new();
    for (name, lib, main, args) in [
        (
            "hsqldb",
            "/usr/share/java/hsqldb.jar",
            "HsqlWorkload",
            &["3000"][..],
        ),
        (
            "xalan",
            "/usr/share/java/xalan2.jar",
            "XalanWorkload",
            &["2000", "10"][..],
        ),
    ] {
        if !Path::new(lib).exists() {
            eprintln!("decisionprof: {lib} not installed (scripts/setup.sh): {name} skipped");
            continue;
        }
        let driver = dir.join(format!("{main}.jar"));
        compile_jar(
            &[flow.join(format!("{main}.java"))],
            Some(lib),
            None,
            &driver,
        )?;
        let spec = RunSpec {
            jar: PathBuf::from(lib),
            main: Some(main.into()),
            classpath: Some(driver.display().to_string()),
            args: args.iter().map(|a| a.to_string()).collect(),
            capture: true,
            ..RunSpec::default()
        };
        out.push((name, main, spec));
    }
    Ok(out)
}

pub(crate) fn bench_programs(dir: &Path) -> anyhow::Result<Vec<(String, RunSpec)>> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/java/flow");
    let mut out = Vec::new();
    for (name, main) in [
        ("LoopTemp", "LoopTemp"),
        ("Rotation", "Rotation"),
        ("Euler", "Euler"),
        ("Mst", "Mst"),
        ("Chart", "Chart"),
        ("Threads", "Threads"),
    ] {
        let jar = dir.join(format!("{name}.jar"));
        compile_jar(&[root.join(format!("{name}.java"))], None, Some(main), &jar)?;
        out.push((
            name.to_string(),
            RunSpec {
                jar,
                args: vec!["200000".into()],
                capture: true,
                ..RunSpec::default()
            },
        ));
    }
    for (name, main, spec) in debian_workloads(dir)? {
        out.push((format!("{main} ({name})"), spec));
    }
    for p in real_programs(&PathBuf::from(env!("CARGO_MANIFEST_DIR")), dir) {
        out.push((p.name.to_string(), p.spec));
    }
    Ok(out)
}

/// Our estimated bytes over the Flight Recorder's sampled bytes, for the ten classes of the jar
/// we attribute most bytes to (only the jar allocates them), in one instrumented run recorded by
/// both (NaN without a profile or with under 1 MiB sampled).
fn jfr_agreement(spec: &RunSpec, dir: &Path) -> anyhow::Result<f64> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let (args, recording) = jvm_profile::jfr::recording_args(dir)?;
    let mut recorded = spec.clone();
    recorded.jvm_args.extend(args);
    let r = run_profiled(&recorded, &dir.join("work"), 1)?;
    let Some(prof) = &r.profile else {
        return Ok(f64::NAN);
    };
    let mut lib = summaries(&spec.jar, spec.classpath.as_deref(), &mut Vec::new());
    let rep = analyze(&r.instrumented, prof, &ClientOptions::default(), &mut lib);
    let sampled = jvm_profile::jfr::sampled_bytes(&recording)?;
    let own = |c: &str| r.instrumented.jar_classes.contains(c);
    let rows = jvm_profile::jfr::agreement(&rep, &sampled, 10, own);
    // a few samples say nothing: under 1 MiB sampled, no figure
    if rows.iter().map(|r| r.sampled).sum::<u64>() < 1 << 20 {
        return Ok(f64::NAN);
    }
    Ok(jvm_profile::jfr::ratio(&rows))
}

/// Median of the runs (NaN without runs).
fn median(v: Vec<f64>) -> f64 {
    suggest::stats::median(&v).unwrap_or(f64::NAN)
}

/// `decisionprof bench jvm-run`: instrumented / plain wall time and Table 3 figures per program.
pub fn bench(args: BenchJvmRunArgs) -> anyhow::Result<ExitCode> {
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
                let mut lib = summaries(&spec.jar, spec.classpath.as_deref(), &mut Vec::new());
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

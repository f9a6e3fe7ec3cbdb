//! `decisionprof jvm-flow <JAR> [-- ARGS]`: instrument a copy of the jar, run it on `java`,
//! rebuild the object-flow profiles and report; and `decisionprof bench jvm-run`, the overhead
//! figures. The program's stdout, stderr and exit status pass through; the report goes to
//! stderr after the program's own output, or into `--out DIR`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context};
use jvm_profile::flow_profile::{analyze, report_dot, report_json, report_sarif, report_text, ClientOptions};
use jvm_profile::sites::{Instrumented, SiteKind};
use jvm_profile::programs::real_programs;
use jvm_bytecode::jdk::{compile_jar, run_plain, RunSpec};
use jvm_profile::profiled_run::{run_profiled, run_profiled_observed};
use jvm_profile::sample_plan::SamplePlan;
use jvm_profile::sampling::analyze_run;
use jvm_profile::summary::Summaries;

use crate::cli::{BenchJvmRunArgs, FlowFormat, JvmFlowArgs};

/// Runs the dynamic `jvm-flow`.
pub fn run(args: JvmFlowArgs) -> anyhow::Result<ExitCode> {
    if !args.jar.is_file() {
        bail!("{}: no such jar file", args.jar.display());
    }
    if args.context == 0 {
        bail!("--context must be at least 1");
    }
    let spec = RunSpec {
        jar: args.jar.clone(),
        main: args.main.clone(),
        classpath: args.classpath.clone(),
        args: args.args.clone(),
        jvm_args: args.jvm_args.clone(),
        capture: false,
    };
    let (work, keep) = match &args.out {
        Some(d) => (d.clone(), true),
        // a fresh directory (not named by the pid: processes in other pid namespaces may share
        // the temp dir), removed at the end
        None => (
            tempfile::Builder::new()
                .prefix("decisionprof-run-")
                .tempdir()
                .context("creating a temporary directory")?
                .keep(),
            false,
        ),
    };
    let plan = SamplePlan {
        rate: args.sample.unwrap_or(1.0),
        seed: args.seed,
        period_ms: args.sample_period.max(1),
        property: args.property.clone(),
    };
    // the library summaries need only the jar and the classpath: read them while the program
    // runs, and the class layouts the report sizes objects by once the sites are known
    let (jar, cp) = (args.jar.clone(), args.classpath.clone());
    let (types_tx, types_rx) = std::sync::mpsc::channel::<Vec<String>>();
    let lib_thread = std::thread::spawn(move || {
        let t = std::time::Instant::now();
        let mut w = Vec::new();
        let mut lib = summaries(&jar, cp.as_deref(), &mut w);
        let mut spent = t.elapsed();
        // nothing comes when the instrumentation failed
        let types = types_rx.recv().unwrap_or_default();
        let t = std::time::Instant::now();
        for ty in types {
            lib.instance_bytes(&ty);
        }
        spent += t.elapsed();
        (lib, w, spent)
    });
    let mut send_types = |inst: &Instrumented| {
        let _ = types_tx.send(allocated_classes(inst));
    };
    let res = run_profiled_observed(
        &spec,
        &work,
        args.context,
        args.stack_depth,
        &plan,
        &mut send_types,
    )
    .with_context(|| format!("profiling {}", args.jar.display()));
    let run = match res {
        Ok(r) => r,
        Err(e) => {
            if !keep {
                let _ = std::fs::remove_dir_all(&work);
            }
            return Err(e);
        }
    };
    let opts = args.report.options(args.threshold);
    let mut warnings = run.instrumented.warnings.clone();
    let t = std::time::Instant::now();
    let (mut lib, lib_warnings, lib_time) = match lib_thread.join() {
        Ok(x) => x,
        Err(_) => bail!("reading the library summaries panicked (a bug)"),
    };
    warnings.extend(lib_warnings);
    // how long the report still waited for the summaries after the run
    let waited = t.elapsed();
    let t = std::time::Instant::now();
    let report = run.profile.as_ref().map(|raw| {
        analyze_run(
            &run.instrumented,
            raw,
            &opts,
            &mut lib,
            plan.property.as_deref(),
        )
    });
    if args.timings {
        eprintln!(
            "decisionprof: timings: analysis and instrumentation {:.3} s, run {:.3} s, \
             summaries {:.3} s (during the run; waited {:.3} s after it), reconstruction and \
             report {:.3} s",
            run.instrument_time.as_secs_f64(),
            run.outcome.wall.as_secs_f64(),
            lib_time.as_secs_f64(),
            waited.as_secs_f64(),
            t.elapsed().as_secs_f64()
        );
    }
    if run.profile.is_none() {
        warnings.push(
            "the JVM wrote no profile (no instrumented code ran, or the JVM was killed)".into(),
        );
    }
    if keep {
        std::fs::write(work.join("warnings.txt"), warnings.join("\n") + "\n")
            .with_context(|| format!("writing {}", work.join("warnings.txt").display()))?;
        if let Some(r) = &report {
            let files = [
                ("report.txt", report_text(r, "jvm-flow")),
                (
                    "report.json",
                    serde_json::to_string_pretty(&report_json(r))? + "\n",
                ),
                ("flows.dot", report_dot(r, 10)),
                (
                    "report.sarif",
                    serde_json::to_string_pretty(&report_sarif(r))? + "\n",
                ),
            ];
            for (name, text) in files {
                let p = work.join(name);
                std::fs::write(&p, text).with_context(|| format!("writing {}", p.display()))?;
            }
        }
        eprintln!(
            "decisionprof: {} warnings; report in {}",
            warnings.len(),
            work.display()
        );
    } else {
        for w in &warnings {
            eprintln!("decisionprof: warning: {w}");
        }
        if let Some(r) = &report {
            let text = match args.format {
                FlowFormat::Text => report_text(r, "jvm-flow"),
                FlowFormat::Json => serde_json::to_string_pretty(&report_json(r))? + "\n",
                FlowFormat::Dot => report_dot(r, 10),
                FlowFormat::Sarif => serde_json::to_string_pretty(&report_sarif(r))? + "\n",
            };
            eprint!("{text}");
        }
        let _ = std::fs::remove_dir_all(&work);
    }
    let code = run.outcome.code;
    if code != 0 {
        eprintln!("decisionprof: the program exited with status {code}");
    }
    // the process ends here: freeing the analyses' millions of small allocations one by one
    // would only add to the user's wait (tens of milliseconds on ANTLR 4)
    std::mem::forget((run, report, lib));
    Ok(ExitCode::from(
        u8::try_from(code.clamp(0, 255)).unwrap_or(1),
    ))
}

/// The classes (not arrays) the instrumented sites allocate, internal names.
fn allocated_classes(inst: &Instrumented) -> Vec<String> {
    let classes: std::collections::BTreeSet<&str> = inst
        .sites
        .iter()
        .filter_map(|s| match &s.kind {
            SiteKind::Alloc { ty, .. } if !ty.starts_with('[') => Some(ty.as_str()),
            _ => None,
        })
        .collect();
    classes.into_iter().map(str::to_string).collect()
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
    let m = jvm_bytecode::usage::run_measured(&mut cmd, true).context("running decisionprof jvm-flow")?;
    Ok(m.wall.as_secs_f64())
}

/// Summaries of the JDK and the classpath for the verdicts; without them (no JDK image could be
/// read) every call into the JDK stays "use unknown", with a warning.
pub(crate) fn summaries(
    jar: &Path,
    classpath: Option<&str>,
    warnings: &mut Vec<String>,
) -> Summaries {
    Summaries::for_jar(jar, classpath).unwrap_or_else(|e| {
        warnings.push(format!("no summaries of library code: {e}"));
        Summaries::none()
    })
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

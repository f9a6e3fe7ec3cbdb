//! `decisionprof workload`: which tests a project runs and why, as `profile` and `suggest` find
//! them, and the benchmarks it ships. Exit codes: 0 found, 2 no tests found (the message says what
//! was looked at), or with `--bench` no benchmarks.

use std::process::ExitCode;

use anyhow::Context as _;

use crate::cli::WorkloadArgs;
use jsproject::discover::benchmarks::Benchmark;

/// Runs `decisionprof workload`.
pub fn run(args: WorkloadArgs) -> anyhow::Result<ExitCode> {
    if !args.project.is_dir() {
        anyhow::bail!("{}: not a project directory", args.project.display());
    }
    let root = args
        .project
        .canonicalize()
        .with_context(|| format!("resolving {}", args.project.display()))?;
    let benchmarks = jsproject::discover::benchmarks(&root);
    if args.bench {
        return print_benchmarks(&args, &benchmarks);
    }
    let d = jsproject::discover::discover(&root, &args.workload)?;
    let files: Vec<String> = jsproject::globs::resolve(&root, &d.globs())?
        .iter()
        .map(|f| {
            f.strip_prefix(&root)
                .unwrap_or(f)
                .to_string_lossy()
                .replace('\\', "/")
        })
        .collect();
    if args.json {
        let v = serde_json::json!({
            "project": args.project.display().to_string(),
            "runner": d.runner,
            "patterns": d.patterns,
            "setup": d.setup,
            "files": files,
            "reasons": d.reasons,
            "notes": d.notes,
            "benchmarks": benchmarks,
        });
        crate::cmd::emit(&report::emit::json::pretty(&v)?)?;
    } else {
        println!(
            "runner: {}",
            serde_json::to_value(d.runner)?.as_str().unwrap_or("?")
        );
        for r in &d.reasons {
            println!("  because: {r}");
        }
        println!("patterns: {}", d.patterns.join(" "));
        for s in &d.setup {
            println!("setup: {s}");
        }
        for n in &d.notes {
            println!("note: {n}");
        }
        println!("files ({}):", files.len());
        for f in &files {
            println!("  {f}");
        }
        if !benchmarks.is_empty() {
            println!("benchmarks ({}):", benchmarks.len());
            print_list(&benchmarks);
        }
    }
    if files.is_empty() {
        eprintln!(
            "decisionprof: no file matches {}; name the tests with --workload 'GLOB'",
            d.patterns.join(", ")
        );
        return Ok(ExitCode::from(2));
    }
    Ok(ExitCode::SUCCESS)
}

/// `workload --bench`: the benchmarks alone.
fn print_benchmarks(args: &WorkloadArgs, benchmarks: &[Benchmark]) -> anyhow::Result<ExitCode> {
    if args.json {
        crate::cmd::emit(&report::emit::json::pretty(&benchmarks)?)?;
    } else if benchmarks.is_empty() {
        println!("no benchmarks: looked at scripts.bench (benchmark, perf, bench:*), the folders benchmark/, benchmarks/, bench/, perf/ and *.bench.* files");
    } else {
        print_list(benchmarks);
    }
    Ok(match benchmarks.is_empty() {
        true => ExitCode::from(2),
        false => ExitCode::SUCCESS,
    })
}

fn print_list(benchmarks: &[Benchmark]) {
    for b in benchmarks {
        let library = b
            .library
            .as_deref()
            .map(|l| format!(", {l}"))
            .unwrap_or_default();
        println!("  {}  ({}{library})", b.file, b.found);
    }
}

//! `decisionprof workload`: which tests a project runs and why, as `profile` and `suggest` find
//! them. Exit codes: 0 found, 2 no tests found (the message says what was looked at).

use std::process::ExitCode;

use anyhow::Context as _;

use crate::cli::WorkloadArgs;

/// Runs `decisionprof workload`.
pub fn run(args: WorkloadArgs) -> anyhow::Result<ExitCode> {
    if !args.project.is_dir() {
        anyhow::bail!("{}: not a project directory", args.project.display());
    }
    let root = args
        .project
        .canonicalize()
        .with_context(|| format!("resolving {}", args.project.display()))?;
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

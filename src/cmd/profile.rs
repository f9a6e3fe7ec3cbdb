//! `decisionprof profile`: run a project's workload instrumented (in Boa or under node, or both
//! and compare), and summarise the profile.
//!
//! The program's own output (what it prints to stdout) is echoed to our stderr after the run, so
//! that stdout carries only the summary. Exit codes: 0 all tests passed, 1 some test failed,
//! 2 bad input or the run hit `--timeout` (the profile gathered so far is still written).

use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context as _;

use crate::cli::ProfileArgs;
use engines::Engine;
use jsproject::workload::Workload;
use jsproject::ProfileOptions;

/// Runs `decisionprof profile`.
pub fn run(args: ProfileArgs) -> anyhow::Result<ExitCode> {
    if !args.project.is_dir() {
        anyhow::bail!("{}: not a project directory", args.project.display());
    }
    if let Some(t) = &args.target {
        if !args.project.join(t).exists() {
            anyhow::bail!(
                "--target {}: no such path in {}",
                t.display(),
                args.project.display()
            );
        }
    }
    let timeout = match args.timeout {
        Some(t) if !(t > 0.0 && t.is_finite()) => {
            anyhow::bail!("--timeout must be a positive number of seconds")
        }
        Some(t) => Some(Duration::from_secs_f64(t)),
        None => None,
    };
    let workload = Workload::open(&args.project, &args.workload, args.target.as_deref())?;
    let opts = ProfileOptions {
        include_deps: args.include_deps,
        timeout,
        spec_budget: args.budget,
        instrument: !args.plain,
        cost_model: args.cost_model.model(),
        test_timeout: crate::cli::test_timeout(args.test_timeout)?,
        cancel: None,
        flow: false,
        exact: args.exact,
    };
    let (engine, why) = engines::choose(args.engine.engine(), &workload);
    let mut outcome = engines::run(engine, &workload, &opts)?;
    outcome.profile.notes.splice(0..0, why);
    eprint!("{}", outcome.stdout);
    let p = &outcome.profile;
    let differences = if engine == Engine::Both {
        let node = engines::run(Engine::Node, &workload, &opts)?;
        jsproject::compare::differences(p, &node.profile, ("boa", "node"))
    } else {
        Vec::new()
    };
    for n in &p.notes {
        eprintln!("decisionprof: note: {n}");
    }
    print!("{}", p.summary());
    if let Some(path) = &args.json {
        let text = report::emit::json::pretty(p).context("serialising the profile")?;
        std::fs::write(path, text).with_context(|| format!("writing {}", path.display()))?;
    }
    if p.timed_out {
        eprintln!(
            "error: the workload did not finish within --timeout {}s; the data gathered so far was kept",
            args.timeout.unwrap_or_default()
        );
        return Ok(ExitCode::from(2));
    }
    if engine == Engine::Both {
        println!(
            "engines: {} difference(s) between the boa and the node profile",
            differences.len()
        );
        for d in &differences {
            println!("  {d}");
        }
        if !differences.is_empty() {
            return Ok(ExitCode::from(1));
        }
    }
    if p.tests.iter().any(|t| !t.passed) {
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

//! `decisionprof eval`: `suggest` on every project under a directory, then one Table 2, the list of
//! suggestions (predicted vs measured change) and the cost-model check of the paper's section 6.4.
//!
//! A project that fails (does not run in Boa, times out, does not run under node) becomes a row
//! with the reason; the others go on. Exit codes: 0 the evaluation ran, 2 bad input.

use std::path::Path;
use std::process::ExitCode;

use anyhow::Context as _;

use crate::cli::{EvalArgs, SuggestGate};
use crate::cmd::suggest::options;
use engines::EngineProfiler;
use suggest::eval::project::evaluate_project;
use suggest::eval::{self, projects, render};
use suggest::node::find_node;

/// Runs `decisionprof eval`.
pub fn run(args: EvalArgs) -> anyhow::Result<ExitCode> {
    if !args.dir.is_dir() {
        anyhow::bail!("{}: not a directory", args.dir.display());
    }
    let projects = projects::projects(&args.dir)?;
    if projects.is_empty() {
        anyhow::bail!(
            "{}: no project found (a folder with a package.json that has a \"decisionprof\" entry or a scripts.test, or a test/ or tests/ folder)",
            args.dir.display()
        );
    }
    if args.gate.gate == SuggestGate::Node && find_node().is_none() {
        anyhow::bail!("{}", suggest::node::INSTALL_HINT);
    }
    let opts = options(&args.gate)?;
    let mut results = Vec::new();
    for (i, root) in projects.iter().enumerate() {
        let name = display_name(&args.dir, root);
        eprintln!("eval: [{}/{}] {name}", i + 1, projects.len());
        results.push(evaluate_project(
            root,
            name,
            &opts,
            args.cost_runs,
            &EngineProfiler::new(args.gate.engine.engine()),
        ));
    }
    let report = eval::build(args.dir.display().to_string(), opts.settings(), results);
    crate::cmd::emit(&render::render_text(&report))?;
    if let Some(path) = &args.json {
        let text = report::emit::json::pretty(&report).context("serialising the report")?;
        std::fs::write(path, text + "\n").with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The project's path below the evaluated directory, prefixed with that directory's name.
fn display_name(dir: &Path, root: &Path) -> String {
    let base = dir
        .canonicalize()
        .ok()
        .and_then(|d| d.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_else(|| dir.display().to_string());
    match root.strip_prefix(dir) {
        Ok(rel) if !rel.as_os_str().is_empty() => {
            format!("{base}/{}", rel.to_string_lossy().replace('\\', "/"))
        }
        _ => base,
    }
}

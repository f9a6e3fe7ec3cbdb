//! `decisionprof eval`: `suggest` on every project under a directory, then one Table 2, the list of
//! suggestions (predicted vs measured change) and the cost-model check of the paper's section 6.4.
//!
//! A project that fails (does not run in Boa, times out, does not run under node) becomes a row
//! with the reason; the others go on. Exit codes: 0 the evaluation ran, 2 bad input.

use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context as _;

use crate::cli::{EvalArgs, SuggestArgs, SuggestFormat, SuggestGate};
use crate::cmd::suggest::{produce, settings};
use suggest::eval::costmodel::{self, WorkloadKind};
use suggest::eval::{self, discover, render, ProjectResult};
use suggest::node::{find_node, NodeRunner};

/// Node processes get this long when no `--timeout` is given.
const DEFAULT_NODE_TIMEOUT: Duration = Duration::from_secs(600);

/// Runs `decisionprof eval`.
pub fn run(args: EvalArgs) -> anyhow::Result<ExitCode> {
    if !args.dir.is_dir() {
        anyhow::bail!("{}: not a directory", args.dir.display());
    }
    let projects = discover::projects(&args.dir)?;
    if projects.is_empty() {
        anyhow::bail!(
            "{}: no project found (a folder with a package.json that has a \"decisionprof\" entry or a test/ folder)",
            args.dir.display()
        );
    }
    if args.gate.gate == SuggestGate::Node && find_node().is_none() {
        anyhow::bail!("{}", suggest::node::INSTALL_HINT);
    }
    let mut results = Vec::new();
    for (i, root) in projects.iter().enumerate() {
        let name = display_name(&args.dir, root);
        eprintln!("eval: [{}/{}] {name}", i + 1, projects.len());
        results.push(evaluate_project(&args, root, name));
    }
    let settings = settings(&args.gate);
    let report = eval::build(args.dir.display().to_string(), settings, results);
    print!("{}", render::render_text(&report));
    if let Some(path) = &args.json {
        let text = serde_json::to_string_pretty(&report).context("serialising the report")?;
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

/// `suggest` on one project, then the original timed under node for the cost model.
fn evaluate_project(args: &EvalArgs, root: &Path, name: String) -> ProjectResult {
    let sargs = SuggestArgs {
        project: root.to_path_buf(),
        workload: Vec::new(),
        format: SuggestFormat::Json,
        out: None,
        target: None,
        gate: args.gate.clone(),
    };
    let produced = match produce(&sargs) {
        Ok(p) => p,
        Err(e) => return ProjectResult::failed(name, format!("{e:#}")),
    };
    let tests = produced
        .profile
        .tests
        .iter()
        .filter(|t| !(t.passed && t.name.ends_with(" (load)")))
        .count();
    let mut result = ProjectResult {
        project: name,
        tests,
        report: Some(produced.report),
        error: None,
        node: None,
        node_error: None,
        points: Vec::new(),
    };
    if args.cost_runs == 0 {
        result.node_error = Some("--cost-runs 0".into());
        return result;
    }
    let timeout = args
        .gate
        .timeout
        .map_or(DEFAULT_NODE_TIMEOUT, Duration::from_secs_f64);
    let timed = NodeRunner::new(engine::harness::HARNESS_JS, timeout).and_then(|runner| {
        costmodel::time_original(
            &runner,
            root,
            &produced.files,
            args.gate.warmup,
            args.gate.measure,
            args.cost_runs,
        )
    });
    match timed {
        Ok(t) => {
            result.points = costmodel::points(&produced.profile, &t);
            if t.kind == WorkloadKind::Script {
                result.tests = 1;
            }
            result.node = Some(t);
        }
        Err(e) => result.node_error = Some(e.to_string()),
    }
    result
}

//! `decisionprof suggest`: profile, optimise check orders, validate and gate them under node, print.
//!
//! Exit codes: 0 the run completed (with or without suggestions), 2 bad input, a workload that does
//! not run, node missing with `--gate node`, or a timeout. The user's project is only ever read:
//! variants are built and run in temp dirs.

use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context as _;

use crate::cli::{GateArgs, SuggestArgs, SuggestFormat, SuggestGate, SuggestMode};
use engine::{profile_project, ProfileOptions};
use suggest::candidate;
use suggest::gate::GateOptions;
use suggest::pipeline::{self, Batch, GateKind, SuggestOptions};
use suggest::report::{self, RunFacts, Settings};

/// Node processes get this long when no `--timeout` is given.
const DEFAULT_NODE_TIMEOUT: Duration = Duration::from_secs(600);

/// Runs `decisionprof suggest`.
pub fn run(args: SuggestArgs) -> anyhow::Result<ExitCode> {
    let rep = produce(&args)?.report;
    let text = match args.format {
        SuggestFormat::Text => report::render_text(&rep),
        SuggestFormat::Diff => rep.patch.clone(),
        SuggestFormat::Json => {
            serde_json::to_string_pretty(&rep).context("serialising the report")? + "\n"
        }
    };
    match &args.out {
        Some(path) => {
            std::fs::write(path, &text).with_context(|| format!("writing {}", path.display()))?
        }
        None => print!("{text}"),
    }
    Ok(ExitCode::SUCCESS)
}

/// What one `suggest` run produced, for callers that need more than the printed report.
pub struct Produced {
    /// The report `suggest` prints.
    pub report: report::Report,
    /// The instrumented run's profile (per-test branch points included).
    pub profile: engine::profile::Profile,
    /// Workload files relative to the project root, in load order.
    pub files: Vec<String>,
}

/// Profiles, analyses and gates one project as `suggest` does, without printing.
pub fn produce(args: &SuggestArgs) -> anyhow::Result<Produced> {
    check_args(args)?;
    let timeout = args.gate.timeout.map(Duration::from_secs_f64);
    if args.gate.gate == SuggestGate::Node && suggest::node::find_node().is_none() {
        anyhow::bail!("{}", suggest::node::INSTALL_HINT);
    }
    let root = args.project.as_path();
    let mut opts = ProfileOptions {
        root: root.to_path_buf(),
        workload: args.workload.clone(),
        include_deps: args.gate.include_deps,
        timeout,
        spec_budget: engine::DEFAULT_SPEC_BUDGET,
        instrument: false,
        target: args.target.clone(),
    };
    let files = workload_files(root, &args.workload)?;

    let spin = suggest::progress::spinner("profile");
    spin.set_message("plain run in Boa");
    let plain = profile_project(&opts).context("plain run of the workload")?;
    spin.set_message("instrumented run in Boa");
    opts.instrument = true;
    let profiled = profile_project(&opts).context("profiled run of the workload")?;
    spin.finish_and_clear();
    let profile = profiled.profile;
    if plain.profile.timed_out || profile.timed_out {
        anyhow::bail!(
            "the workload did not finish within --timeout {}s",
            args.gate.timeout.unwrap_or_default()
        );
    }

    let analyses = candidate::analyze(&profile, args.gate.threshold / 100.0);
    let gate_options = GateOptions {
        vms: args.gate.vms,
        warmup: args.gate.warmup,
        measure: args.gate.measure,
        confidence: args.gate.confidence,
        confirm: !args.gate.no_confirm,
        ..GateOptions::default()
    };
    let sopts = SuggestOptions {
        gate: match args.gate.gate {
            SuggestGate::Node => GateKind::Node,
            SuggestGate::None => GateKind::None,
        },
        batch: match args.gate.mode {
            SuggestMode::Each => Batch::Each,
            SuggestMode::All => Batch::All,
        },
        gate_options,
        max_suggestions: args.gate.max_suggestions,
        timeout: timeout.unwrap_or(DEFAULT_NODE_TIMEOUT),
    };
    let eval = pipeline::evaluate(
        root,
        &profile,
        &analyses,
        &files,
        engine::harness::HARNESS_JS,
        &sopts,
    )?;
    let facts = RunFacts {
        project: args.project.display().to_string(),
        settings: settings(&args.gate),
        totals: profile.totals.clone(),
        t_base: plain.profile.seconds,
        t_prof: profile.seconds,
        failing_tests: profile
            .tests
            .iter()
            .filter(|t| !t.passed)
            .map(|t| t.name.clone())
            .collect(),
    };
    let report = report::build(facts, analyses, eval);
    Ok(Produced {
        report,
        profile,
        files,
    })
}

/// Rejects out-of-range numbers before any work starts.
fn check_args(args: &SuggestArgs) -> anyhow::Result<()> {
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
    if !(args.gate.confidence > 0.0 && args.gate.confidence < 1.0) {
        anyhow::bail!("--confidence must be between 0 and 1 (e.g. 0.90)");
    }
    if args.gate.vms < 2 || args.gate.measure == 0 {
        anyhow::bail!("--vms must be at least 2 and --measure at least 1 (one figure per node process is compared)");
    }
    if !(args.gate.threshold >= 0.0 && args.gate.threshold.is_finite()) {
        anyhow::bail!("--threshold must be a non-negative percentage");
    }
    if let Some(t) = args.gate.timeout {
        if !(t > 0.0 && t.is_finite()) {
            anyhow::bail!("--timeout must be a positive number of seconds");
        }
    }
    Ok(())
}

/// The workload files relative to the project root, as the engine resolves them.
fn workload_files(root: &Path, given: &[String]) -> anyhow::Result<Vec<String>> {
    let root = root
        .canonicalize()
        .with_context(|| format!("resolving {}", root.display()))?;
    let patterns = engine::workload::patterns(&root, given)?;
    let files = engine::workload::resolve(&root, &patterns)?;
    if files.is_empty() {
        anyhow::bail!(
            "{}: no workload files match {}",
            root.display(),
            patterns.join(", ")
        );
    }
    Ok(files
        .iter()
        .map(|f| {
            f.strip_prefix(&root)
                .unwrap_or(f)
                .to_string_lossy()
                .replace('\\', "/")
        })
        .collect())
}

/// The gate options as the report records them.
pub fn settings(g: &GateArgs) -> Settings {
    Settings {
        gate: format!("{:?}", g.gate).to_lowercase(),
        mode: format!("{:?}", g.mode).to_lowercase(),
        confidence: g.confidence,
        vms: g.vms,
        warmup: g.warmup,
        measure: g.measure,
        confirm: !g.no_confirm,
    }
}

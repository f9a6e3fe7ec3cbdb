//! The command line: one subcommand per job, parsed with clap.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

/// A profiler that does not just say where time goes but hands you a patch.
#[derive(Debug, Parser)]
#[command(name = "decisionprof", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// List every decision (&&/|| chain, switch, arm chain) in a JS file or project, with its pruning verdict.
    Decisions(DecisionsArgs),
    /// Print the instrumented version of one JS file.
    Instrument(InstrumentArgs),
    /// Run a project's workload in embedded Boa, instrumented, and record cost-value histories.
    Profile(ProfileArgs),
    /// Profile a project, find better check orders, validate and time them under node, print a patch.
    Suggest(SuggestArgs),
    /// Object-flow analysis of a jar: CFG, slices, hybrid flow graphs, Ball–Larus path numbering.
    JvmFlow(JvmFlowArgs),
    /// Object flow of a JS project's own tests: where each allocation site's objects went, and
    /// which sites are wasteful (never used, never read back, reusable).
    JsFlow(JsFlowArgs),
    /// Amplify memory problems of a jar's run (PerfBlower): VSO timeline, suspicious sites, pass/fail.
    JvmBlow(JvmBlowArgs),
    /// Run `suggest` on every project under a directory: Table 2, suggestions, cost-model check.
    Eval(EvalArgs),
    /// Show which tests a project runs and why (runner, files, setup files), as profile/suggest find them.
    Workload(WorkloadArgs),
}

/// Arguments of `decisionprof workload`.
#[derive(Debug, clap::Args)]
pub struct WorkloadArgs {
    /// The project directory.
    pub project: PathBuf,
    /// Test globs relative to the project (overrides discovery).
    #[arg(long = "workload", value_name = "GLOB")]
    pub workload: Vec<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// List only the project's benchmarks (scripts.bench, bench/ and benchmark/ folders,
    /// *.bench.* files); exit 2 when it has none.
    #[arg(long)]
    pub bench: bool,
}

/// Arguments of `decisionprof decisions`.
#[derive(Debug, clap::Args)]
pub struct DecisionsArgs {
    /// A .js/.cjs/.mjs file or a project directory.
    pub path: PathBuf,
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// Arguments of `decisionprof instrument`.
#[derive(Debug, clap::Args)]
pub struct InstrumentArgs {
    /// The JS file to instrument.
    #[arg(required_unless_present = "serve")]
    pub file: Option<PathBuf>,
    /// Instrument for object flow (`js-flow`) instead of decisions.
    #[arg(long)]
    pub flow: bool,
    /// Instrument for write logging only (no decisions), as dependencies are under `--engine node`.
    #[arg(long, conflicts_with = "flow")]
    pub log_only: bool,
    /// The first binding number (a run numbers the logged bindings of all its files as one).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub first_binding: u32,
    /// Print `{"code": …, "bindings": [names]}` instead of the code alone.
    #[arg(long)]
    pub json: bool,
    /// Instrument file after file for write logging, as `--engine node` loads dependencies: one
    /// request per line on stdin (`{"file": …, "first": N}`), one `--json` answer (or
    /// `{"error": …}`) per line on stdout, until stdin ends.
    #[arg(long, conflicts_with_all = ["file", "flow", "json"], requires = "log_only")]
    pub serve: bool,
}

/// Which engine runs the workload.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum EngineArg {
    /// Boa, or node when the tests need what Boa cannot run: a DOM (jsdom, happy-dom) the
    /// project has installed, network, processes or threads, a Node built-in Boa lacks.
    Auto,
    /// The embedded Boa engine: hermetic, exact undo.
    Boa,
    /// Real node (servers, child processes, native addons; close to node's speed).
    Node,
    /// Both, and the differences between their profiles.
    Both,
}

impl EngineArg {
    /// The engine the library runs.
    pub fn engine(self) -> engines::Engine {
        match self {
            EngineArg::Auto => engines::Engine::Auto,
            EngineArg::Boa => engines::Engine::Boa,
            EngineArg::Node => engines::Engine::Node,
            EngineArg::Both => engines::Engine::Both,
        }
    }
}

/// Arguments of `decisionprof profile`.
#[derive(Debug, clap::Args)]
pub struct ProfileArgs {
    /// The project directory.
    pub project: PathBuf,
    /// Workload glob relative to the project (repeatable); default: package.json "decisionprof.workload", else test/**/*.js.
    #[arg(long = "workload", value_name = "GLOB")]
    pub workload: Vec<String>,
    /// Write the profile as JSON to this file.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Stop the run after this many seconds (default 900; exit 2; data gathered so far is still written).
    #[arg(long, value_name = "SECS")]
    pub timeout: Option<f64>,
    /// Instrument node_modules too.
    #[arg(long)]
    pub include_deps: bool,
    /// Branch points allowed per speculative evaluation.
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    pub budget: u64,
    /// Run without instrumentation (plain Boa).
    #[arg(long)]
    pub plain: bool,
    /// How a check's cost is counted: branch points plus the calibrated work of built-in calls,
    /// or branch points alone (the paper's model).
    #[arg(long, value_enum, default_value_t = CostModelArg::Native)]
    pub cost_model: CostModelArg,
    /// Longest one test may run while profiling, in seconds: past it the test fails as timed out
    /// and the others go on (0: no limit but --timeout).
    #[arg(long, value_name = "SECS", default_value_t = 120.0)]
    pub test_timeout: f64,
    /// Only instrument files under this sub-path of the project (e.g. node_modules/x); default: package.json "decisionprof.target".
    #[arg(long, value_name = "PATH")]
    pub target: Option<PathBuf>,
    /// The engine that runs the workload; `both` runs each and prints where their profiles differ
    /// (exit 1 when they do).
    #[arg(long, value_enum, default_value_t = EngineArg::Auto)]
    pub engine: EngineArg,
    /// Record every execution of every decision (default: a decision settled within a test is
    /// sampled, its counts scaled).
    #[arg(long)]
    pub exact: bool,
}

/// Arguments of `decisionprof jvm-blow`.
#[derive(Debug, clap::Args)]
pub struct JvmBlowArgs {
    /// The jar to run (a copy is instrumented; the jar itself is never written).
    pub jar: std::path::PathBuf,
    /// Symptom spec: a built-in (leak, underutilized, overpopulated) or a spec file.
    #[arg(long, value_name = "NAME|FILE")]
    pub spec: String,
    /// Fail (exit 1) when the maximal VSO exceeds this bound.
    #[arg(long, value_name = "X", default_value_t = 2.0)]
    pub max_vso: f64,
    /// Main class to run (default: the manifest's Main-Class).
    #[arg(long, value_name = "CLASS")]
    pub main: Option<String>,
    /// Extra classpath entries for the run (not instrumented).
    #[arg(long, value_name = "CP")]
    pub classpath: Option<String>,
    /// Force a full GC after every N tracked allocations (0: only the JVM's own GCs).
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub gc_every: u64,
    /// How many suspicious allocation sites to report.
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub top: usize,
    /// Report format (on stderr, after the program's own output).
    #[arg(long, value_enum, default_value_t = BlowFormat::Text)]
    pub format: BlowFormat,
    /// Extra JVM option for the run (repeatable), e.g. -Xmx64m.
    #[arg(long = "jvm-arg", value_name = "OPT", allow_hyphen_values = true)]
    pub jvm_args: Vec<String>,
    /// Arguments of the program (after `--`).
    #[arg(last = true, value_name = "ARGS")]
    pub args: Vec<String>,
}

/// Report formats of `decisionprof jvm-blow`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum BlowFormat {
    /// Timeline, verdict and sites for a reader.
    Text,
    /// The same as one JSON object.
    Json,
}

/// `--test-timeout` as a limit: `None` for 0; an error for a negative or non-finite number.
pub fn test_timeout(secs: f64) -> anyhow::Result<Option<std::time::Duration>> {
    if !(secs >= 0.0 && secs.is_finite()) {
        anyhow::bail!("--test-timeout must be a non-negative number of seconds");
    }
    Ok((secs > 0.0).then(|| std::time::Duration::from_secs_f64(secs)))
}

/// How a check's cost is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum CostModelArg {
    /// Branch points plus the work of built-in calls (weights calibrated under node).
    Native,
    /// Branch points alone (the paper's model).
    BranchPoints,
}

impl CostModelArg {
    /// The engine's value.
    pub fn model(self) -> jsproject::CostModel {
        match self {
            CostModelArg::Native => jsproject::CostModel::Native,
            CostModelArg::BranchPoints => jsproject::CostModel::BranchPoints,
        }
    }
}

/// Output format of `decisionprof suggest`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SuggestFormat {
    /// Summary table and one entry per suggestion.
    Text,
    /// One unified diff (`git apply`-able) of every suggestion.
    Diff,
    /// Everything, machine-readable.
    Json,
    /// SARIF 2.1.0 (GitHub code scanning, IDEs): one result per suggestion with its fix.
    Sarif,
}

/// Which gate `decisionprof suggest` uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SuggestGate {
    /// Validate and time every variant under node.
    Node,
    /// No validation or timing: suggestions are unverified.
    None,
}

/// How `decisionprof suggest` batches candidates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SuggestMode {
    /// One variant per candidate.
    Each,
    /// One variant with all candidates.
    All,
}

/// How many node processes a timing round runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum GateDesignArg {
    /// Up to --vms processes per version, stopping as soon as the comparison is significant or
    /// futile (Lan-DeMets O'Brien-Fleming boundaries).
    Sequential,
    /// Always --vms processes per version (the earlier gate).
    Fixed,
}

/// Arguments of `decisionprof suggest`.
#[derive(Debug, clap::Args)]
pub struct SuggestArgs {
    /// The project directory.
    pub project: PathBuf,
    /// Workload glob relative to the project (repeatable); default: package.json "decisionprof.workload", else test/**/*.js.
    #[arg(long = "workload", value_name = "GLOB")]
    pub workload: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = SuggestFormat::Text)]
    pub format: SuggestFormat,
    /// Write the output to this file instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Only profile and patch files under this sub-path of the project (e.g. node_modules/x); default: package.json "decisionprof.target".
    #[arg(long, value_name = "PATH")]
    pub target: Option<PathBuf>,
    /// Also put in the patch (`--format diff`) the arm reorders whose arms were only observed exclusive, never proven: they may change what the program computes on inputs the workload lacks.
    #[arg(long)]
    pub unsafe_fixes: bool,
    /// How candidates are found, validated and timed.
    #[command(flatten)]
    pub gate: GateArgs,
}

/// The options `suggest` and `eval` share: candidate selection, validation and the timing gate.
#[derive(Debug, Clone, clap::Args)]
pub struct GateArgs {
    /// The engine that profiles the workload; `both` also profiles under node and prints where the
    /// profiles differ (the suggestions come from Boa's).
    #[arg(long, value_enum, default_value_t = EngineArg::Auto)]
    pub engine: EngineArg,
    /// Validate and time candidates under node, or not at all.
    #[arg(long, value_enum, default_value_t = SuggestGate::Node)]
    pub gate: SuggestGate,
    /// Gate each candidate alone or all together, then bisect [default: all when timing on the
    /// project's benchmarks, else each].
    #[arg(long, value_enum)]
    pub mode: Option<SuggestMode>,
    /// Profile and time the tests even when the project ships benchmarks that a benchmark
    /// library (benchmark.js, tinybench, mitata) drives.
    #[arg(long)]
    pub no_bench: bool,
    /// Record every execution of every decision while profiling (default: a decision settled
    /// within a test is sampled, its counts scaled).
    #[arg(long)]
    pub exact: bool,
    /// Confidence level of Welch's t-test.
    #[arg(long, default_value_t = 0.90)]
    pub confidence: f64,
    /// Fresh node processes per version, at most (the sequential gate stops earlier when the
    /// answer is clear).
    #[arg(long, default_value_t = suggest::gate::DEFAULT_VMS)]
    pub vms: u32,
    /// Accept a candidate on one timing round (default: an accepted round is repeated with fresh
    /// processes and must hold again).
    #[arg(long)]
    pub no_confirm: bool,
    /// Sequential (stops early) or fixed number of processes per timing round.
    #[arg(long, value_enum, default_value_t = GateDesignArg::Sequential)]
    pub gate_design: GateDesignArg,
    /// No progress on stderr (by default: bars on a terminal, a line per candidate and phase
    /// otherwise).
    #[arg(long)]
    pub quiet: bool,
    /// Warm-up samples per test and process.
    #[arg(long, default_value_t = 5)]
    pub warmup: u32,
    /// Measured samples per test and process.
    #[arg(long, default_value_t = 10)]
    pub measure: u32,
    /// At most this many of a candidate's affected tests are timed, those whose cost the new order
    /// changes most (by the profile) first; 0 times every affected test.
    #[arg(long, value_name = "N", default_value_t = suggest::gate::TIMED_TESTS)]
    pub timed_tests: usize,
    /// At most this many candidates are gated per project (largest estimated saving first).
    #[arg(long, default_value_t = 20)]
    pub max_suggestions: usize,
    /// Minimum estimated saving of a candidate, in percent of its measured cost.
    #[arg(long, value_name = "PERCENT", default_value_t = 1.0)]
    pub threshold: f64,
    /// Time limit in seconds for each profiling run and each node process (default: 900 for a
    /// profiling run, 600 for a node process).
    #[arg(long, value_name = "SECS")]
    pub timeout: Option<f64>,
    /// Instrument node_modules too.
    #[arg(long)]
    pub include_deps: bool,
    /// Never run the project's build step: when its tests load build output (dist/…), the node
    /// gate's working copies are built with `npm run build` unless this is given.
    #[arg(long)]
    pub no_build: bool,
    /// Gate every candidate, also those in functions that take less than 0.5 % of the
    /// workload's time under node and those predicted to save more than 10× less than the
    /// noise floor (by default they are listed, not timed).
    #[arg(long)]
    pub all_candidates: bool,
    /// Run the gate's node processes one at a time (by default the original's and the variant's
    /// process of a round run together when the machine has two cores).
    #[arg(long)]
    pub serial: bool,
    /// How a check's cost is counted: branch points plus the calibrated work of built-in calls,
    /// or branch points alone (the paper's model).
    #[arg(long, value_enum, default_value_t = CostModelArg::Native)]
    pub cost_model: CostModelArg,
    /// Longest one test may run while profiling, in seconds: past it the test fails as timed out
    /// and the others go on (0: no limit but --timeout).
    #[arg(long, value_name = "SECS", default_value_t = 120.0)]
    pub test_timeout: f64,
}

/// Arguments of `decisionprof eval`.
#[derive(Debug, clap::Args)]
pub struct EvalArgs {
    /// A project, or a directory whose sub-folders hold projects (node_modules is skipped).
    pub dir: PathBuf,
    /// Also write the whole report as JSON to this file.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Node processes timing the original for the cost-model check (0: skip the check).
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub cost_runs: u32,
    /// How candidates are found, validated and timed in every project.
    #[command(flatten)]
    pub gate: GateArgs,
}

/// Output formats of `decisionprof jvm-flow`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum FlowFormat {
    /// A table per method and totals.
    Text,
    /// The same figures as JSON.
    Json,
    /// Graphviz drawings of the selected methods (needs --method).
    Dot,
    /// SARIF 2.1.0 findings of a profiled run (never-used, rarely-used, reuse, imbalance).
    Sarif,
}

/// Arguments of `decisionprof jvm-flow`.
#[derive(Debug, clap::Args)]
pub struct JvmFlowArgs {
    /// The jar to analyse.
    pub jar: std::path::PathBuf,
    /// Static analysis only (no instrumentation, no run).
    #[arg(long = "static")]
    pub static_only: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FlowFormat::Text)]
    pub format: FlowFormat,
    /// Only methods named CLASS.NAME (dotted class name, all overloads).
    #[arg(long, value_name = "CLASS.NAME")]
    pub method: Option<String>,
    /// Keep entry edges to nodes where a loop iteration restarts an object's path.
    #[arg(long)]
    pub loop_restarts: bool,
    /// Bypass edges: the paper's Algorithm 2 only, or completed so Property 1 holds.
    #[arg(long, value_enum, default_value_t = BypassMode::Complete)]
    pub bypass: BypassMode,
    /// Main class to run (default: the manifest's Main-Class).
    #[arg(long, value_name = "CLASS")]
    pub main: Option<String>,
    /// Extra classpath entries for the run.
    #[arg(long, value_name = "CP")]
    pub classpath: Option<String>,
    /// Reuse candidates need at least this many objects.
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    pub threshold: u64,
    /// Which producers the verdicts list.
    #[command(flatten)]
    pub report: ReportArgs,
    /// Write the instrumented jar, profile and reports (text, JSON, DOT) into DIR.
    #[arg(long, value_name = "DIR")]
    pub out: Option<std::path::PathBuf>,
    /// Object-sensitive producers: allocation site x receiver's site, in C classes.
    #[arg(long, value_name = "C", default_value_t = 1)]
    pub context: u32,
    /// Callers kept per sampled allocation stack (the first 8 objects of a site and one in 256
    /// after them, 16,384 with --sample, have their stack taken); 0: no stacks.
    #[arg(long, value_name = "N", default_value_t = jvm_profile::profiled_run::STACK_DEPTH)]
    pub stack_depth: u32,
    /// Extra JVM option for the run (repeatable), e.g. -Xverify:all.
    #[arg(long = "jvm-arg", value_name = "OPT", allow_hyphen_values = true)]
    pub jvm_args: Vec<String>,
    /// Print the seconds each phase took (analysis and instrumentation, run, summaries, report).
    #[arg(long)]
    pub timings: bool,
    /// Sampled profiling: follow this share of objects (and run the path probes in this share
    /// of time windows); every figure that depends on the sample is an estimate with a 95%
    /// interval. Objects and bytes stay exact.
    #[arg(long, value_name = "RATE", num_args = 0..=1, default_missing_value = jvm_profile::sample_plan::DEFAULT_RATE,
          value_parser = jvm_profile::sample_plan::parse_rate)]
    pub sample: Option<f64>,
    /// Seed of the sampling plan.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Path window of the sampling plan, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = jvm_profile::sample_plan::DEFAULT_PERIOD_MS)]
    pub sample_period: u32,
    /// Profile only the allocation sites of a property: `File.java:line` or a class name; only
    /// the probes that can see its objects are inserted.
    #[arg(long, value_name = "SITE|CLASS")]
    pub property: Option<String>,
    /// Arguments of the program (after `--`).
    #[arg(last = true, value_name = "ARGS")]
    pub args: Vec<String>,
}

/// Arguments of `decisionprof js-flow`.
#[derive(Debug, clap::Args)]
pub struct JsFlowArgs {
    /// The project directory.
    pub project: PathBuf,
    /// Workload glob relative to the project (repeatable); default: the project's tests as
    /// `decisionprof workload` finds them.
    #[arg(long = "workload", value_name = "GLOB")]
    pub workload: Vec<String>,
    /// Output format (DOT: the flow graphs of the top producers).
    #[arg(long, value_enum, default_value_t = FlowFormat::Text)]
    pub format: FlowFormat,
    /// Reuse candidates need at least this many objects.
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    pub threshold: u64,
    /// Which producers the verdicts list.
    #[command(flatten)]
    pub report: ReportArgs,
    /// With `--format dot`: draw the flow graph of the sites at this location only
    /// (`lib/a.js:12` or `lib/a.js:12:7`).
    #[arg(long, value_name = "FILE:LINE")]
    pub site: Option<String>,
    /// Stop the run after this many seconds (default 900; exit 2; what was gathered is reported).
    #[arg(long, value_name = "SECS")]
    pub timeout: Option<f64>,
    /// Longest one test may run, in seconds (0: no limit but --timeout).
    #[arg(long, value_name = "SECS", default_value_t = 120.0)]
    pub test_timeout: f64,
    /// Only instrument files under this sub-path of the project; default: package.json
    /// "decisionprof.target", else the project's own code.
    #[arg(long, value_name = "PATH")]
    pub target: Option<PathBuf>,
}

/// Thresholds of an object-flow report (`jvm-flow`, `js-flow`).
#[derive(Debug, Clone, clap::Args)]
pub struct ReportArgs {
    /// List at most N producers per verdict, the largest by bytes (text default: 20 shown).
    #[arg(long, value_name = "N")]
    pub top: Option<usize>,
    /// Leave out producers below this share of all allocated bytes, in percent.
    #[arg(long, value_name = "PERCENT", default_value_t = 0.0)]
    pub min_share: f64,
}

impl ReportArgs {
    /// The client options with these thresholds and the reuse threshold `threshold`.
    pub fn options(&self, threshold: u64) -> graph::flow::ClientOptions {
        graph::flow::ClientOptions {
            threshold,
            min_share: self.min_share / 100.0,
            top: self.top,
            ..graph::flow::ClientOptions::default()
        }
    }
}

/// Which bypass edges `decisionprof jvm-flow` adds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum BypassMode {
    /// Algorithm 2 of the paper as written.
    Paper,
    /// Algorithm 2 plus every most-recent-access edge Property 1 needs (default).
    Complete,
}

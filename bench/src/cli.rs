//! The command line of `decisionprof-bench`: one subcommand per benchmark, the names and flags
//! `decisionprof bench` had for them.

use clap::{Parser, Subcommand};
use jvm_profile::sample_plan::{parse_rate, DEFAULT_RATE};

/// decisionprof's benchmarks: throughput and overhead figures measured side by side in one run
/// (use a release build).
#[derive(Debug, Parser)]
#[command(name = "decisionprof-bench", version, about, long_about = None)]
pub struct Cli {
    /// What to measure.
    #[command(subcommand)]
    pub what: BenchCommand,
}

/// The benchmarks.
#[derive(Debug, Subcommand)]
pub enum BenchCommand {
    /// Instrumenter throughput (parse + instrument + print) in MB/s.
    Instrument(BenchInstrumentArgs),
    /// Profiling overhead: time(instrumented Boa) / time(plain Boa) per project, and Boa / node.
    Profile(BenchProfileArgs),
    /// js-flow overhead: object-flow profiled / plain Boa run time per project.
    JsFlow(BenchJsFlowArgs),
    /// `suggest` wall time with the fixed gate vs the sequential one, and what each accepts.
    Gate(BenchGateArgs),
    /// Load time of one `||` chain against its number of leaves (linear: ratios side by side).
    Chain(BenchChainArgs),
    /// The native-cost calibration under node, measured again beside the stored weights.
    Natives(BenchNativesArgs),
    /// Static object-flow analysis of jars: figures and phase times per jar.
    Jvm(BenchJvmArgs),
    /// JVM flow profiling overhead: instrumented / plain `java` wall time per program.
    JvmRun(BenchJvmRunArgs),
    /// Sampled against full jvm-flow per program: overheads, top ten, verdicts kept, unobserved
    /// or contradicted, counts within the intervals, slice coverage.
    JvmSample(BenchJvmSampleArgs),
    /// The reference-propagation paper's Tables I and II (graph properties, graph sizes by
    /// context classes) on the corpus and the real programs.
    JvmRp,
    /// jvm-blow overhead: amplified / plain `java` wall time and peak RSS, and VSO per program.
    JvmBlow(BenchJvmBlowArgs),
    /// `decisionprof jvm-flow` on a jar with its default options, as `jvm-run` times it end to
    /// end.
    #[command(hide = true)]
    JvmFlow(JvmFlowArgs),
}

/// Arguments of `decisionprof-bench jvm`.
#[derive(Debug, clap::Args)]
pub struct BenchJvmArgs {
    /// Jars to analyse (default: the Debian jars of scripts/apt-packages.txt that are installed).
    pub jars: Vec<std::path::PathBuf>,
    /// Also the property-aware sampling figures of every allocation site's slice: slice size,
    /// slice fragments, reduced cover, statements per sample.
    #[arg(long)]
    pub fragments: bool,
}

/// Arguments of `decisionprof-bench jvm-run`.
#[derive(Debug, clap::Args)]
pub struct BenchJvmRunArgs {
    /// Runs per program and mode (the median is reported).
    #[arg(long, default_value_t = 3)]
    pub runs: usize,
}

/// Arguments of `decisionprof-bench jvm-sample`.
#[derive(Debug, clap::Args)]
pub struct BenchJvmSampleArgs {
    /// Runs per program and mode (the median time is reported; verdicts from the last run).
    #[arg(long, default_value_t = 3)]
    pub runs: usize,
    /// Sampling rate.
    #[arg(long, default_value = DEFAULT_RATE, value_parser = parse_rate)]
    pub rate: f64,
    /// Seed of the sampling plan.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

/// Arguments of `decisionprof-bench jvm-blow`.
#[derive(Debug, clap::Args)]
pub struct BenchJvmBlowArgs {
    /// Runs per program and mode (the median is reported).
    #[arg(long, default_value_t = 3)]
    pub runs: usize,
}

/// Arguments of the hidden `decisionprof-bench jvm-flow`: those of `decisionprof jvm-flow` that
/// `jvm-run` passes.
#[derive(Debug, clap::Args)]
pub struct JvmFlowArgs {
    /// The jar to profile.
    pub jar: std::path::PathBuf,
    /// Main class to run (default: the manifest's Main-Class).
    #[arg(long, value_name = "CLASS")]
    pub main: Option<String>,
    /// Extra classpath entries for the run.
    #[arg(long, value_name = "CP")]
    pub classpath: Option<String>,
    /// Extra JVM option for the run (repeatable).
    #[arg(long = "jvm-arg", value_name = "OPT", allow_hyphen_values = true)]
    pub jvm_args: Vec<String>,
    /// Arguments of the program (after `--`).
    #[arg(last = true, value_name = "ARGS")]
    pub args: Vec<String>,
}

/// The engine that runs a profiled workload.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum EngineArg {
    /// The embedded Boa engine.
    Boa,
    /// Real node.
    Node,
    /// Both.
    Both,
}

/// Arguments of `decisionprof-bench gate`.
#[derive(Debug, clap::Args)]
pub struct BenchGateArgs {
    /// Project directories (default: every project under corpus/planted and corpus/npm).
    pub projects: Vec<std::path::PathBuf>,
    /// Fresh node processes per version of the earlier, fixed gate (today's gate runs suggest's
    /// defaults).
    #[arg(long, default_value_t = 10)]
    pub vms: u32,
}

/// Arguments of `decisionprof-bench instrument`.
#[derive(Debug, clap::Args)]
pub struct BenchInstrumentArgs {
    /// JS files to measure (default: the largest .js file under corpus/robustness/node_modules).
    pub files: Vec<std::path::PathBuf>,
    /// Minimum measuring time per file, in milliseconds.
    #[arg(long, default_value_t = 1000)]
    pub millis: u64,
}

/// Arguments of `decisionprof-bench natives`.
#[derive(Debug, clap::Args)]
pub struct BenchNativesArgs {
    /// Write the measured table here (e.g. jsproject/calibrate/native_costs.json, then rebuild).
    #[arg(long, value_name = "FILE")]
    pub write: Option<std::path::PathBuf>,
}

/// Arguments of `decisionprof-bench chain`.
#[derive(Debug, clap::Args)]
pub struct BenchChainArgs {
    /// Chain lengths (leaves) to measure.
    #[arg(long, value_delimiter = ',', default_values_t = [1000, 2000, 5000, 10000])]
    pub leaves: Vec<usize>,
}

/// Arguments of `decisionprof-bench js-flow`.
#[derive(Debug, clap::Args)]
pub struct BenchJsFlowArgs {
    /// Project directories (default: every project under corpus/objflow, corpus/planted,
    /// corpus/bench, corpus/npm).
    pub projects: Vec<std::path::PathBuf>,
    /// Runs per configuration; the fastest counts.
    #[arg(long, default_value_t = 3)]
    pub runs: usize,
}

/// Arguments of `decisionprof-bench profile`.
#[derive(Debug, clap::Args)]
pub struct BenchProfileArgs {
    /// Project directories (default: every project under corpus/engine, corpus/planted, corpus/bench, corpus/npm).
    pub projects: Vec<std::path::PathBuf>,
    /// Runs per configuration; the fastest counts.
    #[arg(long, default_value_t = 3)]
    pub runs: usize,
    /// `node`: the node engine's overhead (node profiled / node plain on the same harness), with
    /// Boa profiled / node plain beside it.
    #[arg(long, value_enum, default_value_t = EngineArg::Boa)]
    pub engine: EngineArg,
}

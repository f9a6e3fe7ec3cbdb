//! The command line of `decisionprof-bench`: one subcommand per JVM benchmark, the names and
//! flags `decisionprof bench` had for them.

use clap::{Parser, Subcommand};
use jvm_profile::sample_plan::{parse_rate, DEFAULT_RATE};

/// decisionprof's JVM benchmarks: throughput and overhead figures measured in the run (use a
/// release build).
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

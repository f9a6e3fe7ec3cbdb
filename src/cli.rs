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
    /// List every decision (&&/|| chain, switch) in a JS file or project, with its pruning verdict.
    Decisions(DecisionsArgs),
    /// Print the instrumented version of one JS file.
    Instrument(InstrumentArgs),
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
    pub file: PathBuf,
}

//! One module per subcommand; each turns parsed arguments into work and an exit code.

use std::process::ExitCode;

use crate::cli::Command;

mod bench;
mod boa;
mod decisions;
mod eval;
mod instrument;
mod jvm_flow;
mod jvm_run;

mod bench_gate;
mod bench_profile;
mod profile;
mod suggest;

/// Runs one subcommand.
pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Decisions(args) => decisions::run(args),
        Command::Instrument(args) => instrument::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Profile(args) => profile::run(args),
        Command::JvmFlow(args) => jvm_flow::run(args),
        Command::Suggest(args) => suggest::run(args),
        Command::Eval(args) => eval::run(args),
    }
}

//! One module per subcommand; each turns parsed arguments into work and an exit code.

use std::process::ExitCode;

use crate::cli::Command;

/// Runs one subcommand.
pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    match command {
        Command::Decisions(_args) => anyhow::bail!("not yet"),
        Command::Instrument(_args) => anyhow::bail!("not yet"),
    }
}

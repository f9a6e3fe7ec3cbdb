//! `decisionprof instrument`: print the instrumented version of one JS file.

use std::process::ExitCode;

use anyhow::Context as _;
use instrument::InstrumentOptions;

use crate::cli::InstrumentArgs;

/// Runs `decisionprof instrument` (decision and binding numbers start at 0).
pub fn run(args: InstrumentArgs) -> anyhow::Result<ExitCode> {
    let source = std::fs::read_to_string(&args.file)
        .with_context(|| format!("reading {}", args.file.display()))?;
    let name = args.file.to_string_lossy().replace('\\', "/");
    let out = instrument::instrument_source(&source, &name, &InstrumentOptions::default())?;
    crate::cmd::emit(&out.code)?;
    Ok(ExitCode::SUCCESS)
}

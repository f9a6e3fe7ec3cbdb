//! `decisionprof instrument`: print the instrumented version of one JS file.

use std::process::ExitCode;

use anyhow::Context as _;
use instrument::InstrumentOptions;

use crate::cli::InstrumentArgs;

/// Runs `decisionprof instrument` (decision and binding numbers start at 0, flow points at 1).
pub fn run(args: InstrumentArgs) -> anyhow::Result<ExitCode> {
    let source = std::fs::read_to_string(&args.file)
        .with_context(|| format!("reading {}", args.file.display()))?;
    let name = args.file.to_string_lossy().replace('\\', "/");
    let code = if args.flow {
        instrument::instrument_flow(&source, &name, 1)?.code
    } else {
        let opts = InstrumentOptions {
            log_only: args.log_only,
            ..InstrumentOptions::default()
        };
        instrument::instrument_source(&source, &name, &opts)?.code
    };
    crate::cmd::emit(&code)?;
    Ok(ExitCode::SUCCESS)
}

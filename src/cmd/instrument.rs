//! `decisionprof instrument`: print the instrumented version of one JS file.

use std::process::ExitCode;

use anyhow::Context as _;
use instrument::InstrumentOptions;

use crate::cli::InstrumentArgs;

/// Runs `decisionprof instrument` (decision numbers start at 0, binding numbers at
/// `--first-binding`, flow points at 1).
pub fn run(args: InstrumentArgs) -> anyhow::Result<ExitCode> {
    let Some(file) = &args.file else {
        return serve();
    };
    let source =
        std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
    let name = file.to_string_lossy().replace('\\', "/");
    if args.flow {
        let code = instrument::instrument_flow(&source, &name, 1)?.code;
        crate::cmd::emit(&code)?;
        return Ok(ExitCode::SUCCESS);
    }
    let opts = InstrumentOptions {
        log_only: args.log_only,
        first_binding: args.first_binding,
        ..InstrumentOptions::default()
    };
    let inst = instrument::instrument_source(&source, &name, &opts)?;
    if args.json {
        let out = serde_json::json!({ "code": inst.code, "bindings": inst.bindings });
        crate::cmd::emit(&out.to_string())?;
    } else {
        crate::cmd::emit(&inst.code)?;
    }
    Ok(ExitCode::SUCCESS)
}

/// `--serve`: answers each request line on stdin with a line on stdout until stdin ends
/// ([`instrument::serve`]).
fn serve() -> anyhow::Result<ExitCode> {
    instrument::serve::serve(std::io::stdin().lock(), std::io::stdout().lock())
        .context("serving instrumentation on stdin and stdout")?;
    Ok(ExitCode::SUCCESS)
}

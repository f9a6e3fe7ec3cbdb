//! `decisionprof instrument`: print the instrumented version of one JS file.

use std::io::{BufRead as _, Write as _};
use std::path::PathBuf;
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

/// One request of `--serve`.
#[derive(serde::Deserialize)]
struct Request {
    file: PathBuf,
    first: u32,
}

/// `--serve`: answers each request line on stdin with a line on stdout until stdin ends; one
/// process instruments every dependency a node run loads (a process per file cost about 10 ms
/// each, seconds for a package such as jsdom).
fn serve() -> anyhow::Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    for line in std::io::stdin().lock().lines() {
        let line = line.context("reading a request on stdin")?;
        if line.trim().is_empty() {
            continue;
        }
        let answer = answer(&line).unwrap_or_else(|e| {
            let text = format!("error: {e:#}");
            serde_json::json!({ "error": text.lines().next().unwrap_or_default() })
        });
        writeln!(out, "{answer}").context("writing an answer on stdout")?;
        out.flush().context("writing an answer on stdout")?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The answer to one request line: the file instrumented for write logging.
fn answer(line: &str) -> anyhow::Result<serde_json::Value> {
    let req: Request =
        serde_json::from_str(line).context("a request must be {\"file\", \"first\"}")?;
    let source = std::fs::read_to_string(&req.file)
        .with_context(|| format!("reading {}", req.file.display()))?;
    let name = req.file.to_string_lossy().replace('\\', "/");
    let opts = InstrumentOptions {
        log_only: true,
        first_binding: req.first,
        ..InstrumentOptions::default()
    };
    let inst = instrument::instrument_source(&source, &name, &opts)?;
    Ok(serde_json::json!({ "code": inst.code, "bindings": inst.bindings }))
}

//! `decisionprof decisions`: list the decisions of a file or project with their pruning verdicts.

use std::path::Path;
use std::process::ExitCode;

use anyhow::Context as _;
use instrument::listing;

use crate::cli::DecisionsArgs;

/// Runs `decisionprof decisions`: exit 0, or 1 when some files of a project did not parse (2 for a lone file).
pub fn run(args: DecisionsArgs) -> anyhow::Result<ExitCode> {
    let meta = std::fs::metadata(&args.path)
        .with_context(|| format!("reading {}", args.path.display()))?;
    let (root, files) = if meta.is_dir() {
        (args.path.clone(), listing::js_files(&args.path)?)
    } else {
        let root = args
            .path
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        (root, vec![args.path.clone()])
    };
    let found = listing::list(&root, &files)?;
    for e in &found.parse_errors {
        eprintln!("{}:{}:{}: {}", e.file, e.line, e.col, e.message);
    }
    match args.json {
        true => crate::cmd::emit(&report::emit::json::pretty(&found)?)?,
        false => crate::cmd::emit(&found.text())?,
    }
    if found.parse_errors.is_empty() {
        Ok(ExitCode::SUCCESS)
    } else if meta.is_dir() {
        eprintln!(
            "{} file(s) skipped because they do not parse",
            found.parse_errors.len()
        );
        Ok(ExitCode::from(1))
    } else {
        Ok(ExitCode::from(2))
    }
}

//! `decisionprof decisions`: list the decisions of a file or project with their pruning verdicts.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context as _;
use instrument::model::{Context, Decision, PruneReason, Shape};
use serde::Serialize;

use crate::cli::DecisionsArgs;

/// The JS and TypeScript files of a project directory (`.js`, `.cjs`, `.mjs`, `.ts`, `.mts`,
/// `.cts`; not `.d.ts`), skipping `node_modules` and dot-dirs, sorted.
pub fn js_files(root: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries = std::fs::read_dir(&dir)
            .with_context(|| format!("reading directory {}", dir.display()))?;
        for entry in entries {
            let entry = entry.with_context(|| format!("reading directory {}", dir.display()))?;
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            let ty = entry
                .file_type()
                .with_context(|| format!("reading {}", path.display()))?;
            if ty.is_dir() {
                if name != "node_modules" && !name.starts_with('.') {
                    stack.push(path);
                }
            } else if ty.is_file() && is_source(&name) {
                out.push(path);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Whether a file name is a JS or TypeScript source (declaration files are not).
fn is_source(name: &str) -> bool {
    let js = name.ends_with(".js") || name.ends_with(".cjs") || name.ends_with(".mjs");
    let declaration =
        name.ends_with(".d.ts") || name.ends_with(".d.mts") || name.ends_with(".d.cts");
    js || (instrument::typescript::needs_stripping(name) && !declaration)
}

/// `path` relative to `root`, `/`-separated.
pub fn rel_path(root: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(root).unwrap_or(path);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

#[derive(Serialize)]
struct ParseFailure {
    file: String,
    line: u32,
    col: u32,
    message: String,
}

#[derive(Serialize)]
struct Report {
    decisions: Vec<Decision>,
    parse_errors: Vec<ParseFailure>,
}

fn verdict(d: &Decision) -> String {
    if d.pruned.is_empty() {
        return "kept".into();
    }
    let reasons: Vec<String> = d
        .pruned
        .iter()
        .map(|r| match r {
            PruneReason::NullGuard { path, guard, user } => {
                format!("null-guard {path} (leaf {guard} guards leaf {user})")
            }
            PruneReason::DefaultValue => "default-value".into(),
            PruneReason::Unrepeatable { what, leaf } => format!("{what} in leaf {leaf}"),
            PruneReason::NonConstantCase { case } => format!("non-constant case {case}"),
            PruneReason::DuplicateCase { case } => format!("duplicate case {case}"),
            PruneReason::DefaultPosition => "default position matters".into(),
        })
        .collect();
    format!("pruned: {}", reasons.join("; "))
}

fn describe(d: &Decision) -> String {
    match &d.shape {
        Shape::Logical { context, .. } => format!(
            "logical, {} checks, {}",
            d.leaves.len(),
            match context {
                Context::Test => "test",
                Context::Value => "value",
            }
        ),
        Shape::Switch(s) => format!(
            "switch, {} clauses in {} groups{}",
            s.cases.len(),
            s.groups.len(),
            if s.default_index.is_some() {
                ", default"
            } else {
                ""
            }
        ),
    }
}

/// Runs `decisionprof decisions`: exit 0, or 1 when some files of a project did not parse (2 for a lone file).
pub fn run(args: DecisionsArgs) -> anyhow::Result<ExitCode> {
    let meta = std::fs::metadata(&args.path)
        .with_context(|| format!("reading {}", args.path.display()))?;
    let (root, files) = if meta.is_dir() {
        (args.path.clone(), js_files(&args.path)?)
    } else {
        let root = args
            .path
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_default();
        (root, vec![args.path.clone()])
    };
    let mut report = Report {
        decisions: Vec::new(),
        parse_errors: Vec::new(),
    };
    for file in &files {
        let source =
            std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
        let rel = rel_path(&root, file);
        match instrument::find_decisions(&source, &rel) {
            Ok(ds) => report.decisions.extend(ds),
            Err(e) => {
                eprintln!("{e}");
                report.parse_errors.push(ParseFailure {
                    file: e.file,
                    line: e.line,
                    col: e.col,
                    message: e.message,
                });
            }
        }
    }
    if args.json {
        crate::cmd::emit(&report::emit::json::pretty(&report)?)?;
    } else {
        for d in &report.decisions {
            println!("{}\t{}\t{}\t{}", d.id, d.location, describe(d), verdict(d));
        }
        let kept = report.decisions.iter().filter(|d| d.is_kept()).count();
        println!(
            "{} decisions in {} files, {} kept, {} pruned",
            report.decisions.len(),
            files.len() - report.parse_errors.len(),
            kept,
            report.decisions.len() - kept
        );
    }
    if report.parse_errors.is_empty() {
        Ok(ExitCode::SUCCESS)
    } else if meta.is_dir() {
        eprintln!(
            "{} file(s) skipped because they do not parse",
            report.parse_errors.len()
        );
        Ok(ExitCode::from(1))
    } else {
        Ok(ExitCode::from(2))
    }
}

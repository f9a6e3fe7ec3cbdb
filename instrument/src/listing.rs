//! The decisions of a file or of a project's sources, with their pruning verdicts, as the
//! `decisions` command lists them.

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::model::{ChainKind, Context, Decision, PruneReason, Shape};

/// The JS and TypeScript files of a project directory (`.js`, `.cjs`, `.mjs`, `.ts`, `.mts`,
/// `.cts`; not `.d.ts`), skipping `node_modules` and dot-dirs, sorted.
pub fn js_files(root: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries =
            std::fs::read_dir(&dir).map_err(|e| in_context(e, "reading directory", &dir))?;
        for entry in entries {
            let entry = entry.map_err(|e| in_context(e, "reading directory", &dir))?;
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            let ty = entry
                .file_type()
                .map_err(|e| in_context(e, "reading", &path))?;
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
    js || (crate::typescript::needs_stripping(name) && !declaration)
}

/// `path` relative to `root`, `/`-separated.
pub fn rel_path(root: &Path, path: &Path) -> String {
    let rel = path.strip_prefix(root).unwrap_or(path);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

/// A file that does not parse.
#[derive(Debug, Serialize)]
pub struct ParseFailure {
    /// Its path relative to the root.
    pub file: String,
    /// 1-based line.
    pub line: u32,
    /// 1-based column.
    pub col: u32,
    /// What the parser said.
    pub message: String,
}

/// The decisions of some files, and the files that do not parse.
#[derive(Debug, Serialize)]
pub struct Listing {
    /// Every decision, file by file.
    pub decisions: Vec<Decision>,
    /// The files that do not parse.
    pub parse_errors: Vec<ParseFailure>,
    /// How many files were read.
    #[serde(skip)]
    pub files: usize,
}

/// A decision's pruning verdict in words.
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

/// A decision's kind in words.
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
        Shape::Chain(c) => match c.kind {
            ChainKind::IfElse => format!("if-else ladder, {} arms", c.arms.len()),
            ChainKind::Guards => format!("guard sequence, {} guards", c.arms.len()),
            ChainKind::Conditional => format!("conditional chain, {} arms", c.arms.len()),
        },
    }
}

/// `e` saying what was being done to which path.
fn in_context(e: std::io::Error, doing: &str, path: &Path) -> std::io::Error {
    std::io::Error::new(e.kind(), format!("{doing} {}: {e}", path.display()))
}

/// The decisions of `files` (their names relative to `root`).
pub fn list(root: &Path, files: &[PathBuf]) -> std::io::Result<Listing> {
    let mut listing = Listing {
        decisions: Vec::new(),
        parse_errors: Vec::new(),
        files: files.len(),
    };
    for file in files {
        let source = std::fs::read_to_string(file).map_err(|e| in_context(e, "reading", file))?;
        match crate::find_decisions(&source, &rel_path(root, file)) {
            Ok(ds) => listing.decisions.extend(ds),
            Err(e) => listing.parse_errors.push(ParseFailure {
                file: e.file,
                line: e.line,
                col: e.col,
                message: e.message,
            }),
        }
    }
    Ok(listing)
}

impl Listing {
    /// One line per decision (id, location, kind, verdict) and a line of totals.
    pub fn text(&self) -> String {
        let mut s = String::new();
        for d in &self.decisions {
            s.push_str(&format!(
                "{}\t{}\t{}\t{}\n",
                d.id,
                d.location,
                describe(d),
                verdict(d)
            ));
        }
        let kept = self.decisions.iter().filter(|d| d.is_kept()).count();
        s.push_str(&format!(
            "{} decisions in {} files, {} kept, {} pruned\n",
            self.decisions.len(),
            self.files - self.parse_errors.len(),
            kept,
            self.decisions.len() - kept
        ));
        s
    }
}

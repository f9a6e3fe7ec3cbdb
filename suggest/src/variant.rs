//! Builds rewritten copies of a project in temp dirs; the user's tree is only ever read.

use std::collections::BTreeMap;
use std::path::Path;

use instrument::model::{Decision, DecisionId, Reorder};

use jsproject::discover::Runner;

use crate::error::SuggestError;
use report::emit::diff::FileChange;

/// Result of rewriting a set of decisions: the changed files and the decisions that could not be applied.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Rewritten {
    /// Changed files, sorted by path.
    pub changes: Vec<FileChange>,
    /// Decisions left out, with the reason.
    pub skipped: Vec<(DecisionId, String)>,
}

/// Rewrites every `(decision, order)` in the project at `root`, file by file, in memory.
///
/// A decision whose edits overlap those of an earlier one in the list is skipped.
pub fn rewrite_all(
    root: &Path,
    wanted: &[(&Decision, &Reorder)],
) -> Result<Rewritten, SuggestError> {
    let mut by_file: BTreeMap<&str, Vec<(&Decision, &Reorder)>> = BTreeMap::new();
    for (d, r) in wanted {
        by_file
            .entry(d.location.file.as_str())
            .or_default()
            .push((d, r));
    }
    let mut out = Rewritten::default();
    for (file, list) in by_file {
        let path = root.join(file);
        let before = std::fs::read_to_string(&path)
            .map_err(|e| SuggestError::io(format!("reading {}", path.display()), e))?;
        let mut edits: Vec<instrument::Edit> = Vec::new();
        for (d, r) in list {
            match instrument::rewrite(&before, d, r) {
                Ok(new) => {
                    let overlaps = new.iter().any(|e| {
                        edits
                            .iter()
                            .any(|o| e.span.lo < o.span.hi && o.span.lo < e.span.hi)
                    });
                    if overlaps {
                        out.skipped
                            .push((d.id.clone(), "overlaps another suggestion".into()));
                    } else {
                        edits.extend(new);
                    }
                }
                Err(e) => out
                    .skipped
                    .push((d.id.clone(), format!("cannot rewrite: {e}"))),
            }
        }
        let after = instrument::apply_edits(&before, &edits);
        if after != before {
            out.changes.push(FileChange {
                file: file.to_string(),
                before,
                after,
            });
        }
    }
    Ok(out)
}

/// Copies the project at `root` into `dest` (without `.git`), writes `changes` into the copy and,
/// when the tests load build output, runs the project's `build` step there, so node runs the
/// same (changed) code Boa profiled through the sources.
///
/// `node_modules` folders are linked rather than copied unless a change lies inside them.
pub fn materialize(
    root: &Path,
    runner: Option<Runner>,
    dest: &Path,
    changes: &[FileChange],
    build: Option<&crate::build::BuildStep>,
) -> Result<(), SuggestError> {
    // Links must point at absolute paths: a relative root would leave them dangling in the copy.
    let root = root
        .canonicalize()
        .map_err(|e| SuggestError::io(format!("resolving {}", root.display()), e))?;
    let touched = |rel: &str| {
        changes
            .iter()
            .any(|c| c.file.starts_with(&format!("{rel}/")))
    };
    jsproject::copy::copy_project(&root, dest, &touched)
        .map_err(|e| SuggestError::io(format!("{} {}", e.doing, e.path.display()), e.source))?;
    jsproject::copy::link_hoisted_modules(&root, dest)
        .map_err(|e| SuggestError::io(format!("{} {}", e.doing, e.path.display()), e.source))?;
    for ch in changes {
        let p = dest.join(&ch.file);
        // Never follow a link back into the user's tree.
        if std::fs::symlink_metadata(&p).is_ok_and(|m| m.file_type().is_symlink()) {
            std::fs::remove_file(&p)
                .map_err(|e| SuggestError::io(format!("unlinking {}", p.display()), e))?;
        }
        std::fs::write(&p, &ch.after)
            .map_err(|e| SuggestError::io(format!("writing {}", p.display()), e))?;
    }
    if let Some(step) = build {
        step.run(dest)?;
    }
    let ts = jsproject::tsconfig::ts_options(dest);
    strip_typescript(dest, Path::new(""), &ts)?;
    // a name a module imports that its target lacks is `undefined`, and module mocks come first,
    // as the engines ran it
    jsproject::missing_imports::runner_rewrites_in_copy(dest, &root, runner)
        .map_err(|e| SuggestError::io(format!("rewriting the imports in {}", dest.display()), e))
}

/// Replaces every TypeScript source of the copy at `dest` (outside `node_modules`) by its
/// JavaScript, types blanked in place and JSX lowered (in `.js` files too), so node runs the same
/// code Boa profiled.
fn strip_typescript(
    dest: &Path,
    rel: &Path,
    ts: &instrument::typescript::TsOptions,
) -> Result<(), SuggestError> {
    let dir = dest.join(rel);
    let entries = std::fs::read_dir(&dir)
        .map_err(|e| SuggestError::io(format!("listing {}", dir.display()), e))?;
    for entry in entries {
        let entry = entry.map_err(|e| SuggestError::io(format!("listing {}", dir.display()), e))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let child = rel.join(&name);
        let ty = entry
            .file_type()
            .map_err(|e| SuggestError::io(format!("inspecting {}", entry.path().display()), e))?;
        if ty.is_dir() && name != "node_modules" {
            strip_typescript(dest, &child, ts)?;
            continue;
        }
        let declaration =
            name.ends_with(".d.ts") || name.ends_with(".d.mts") || name.ends_with(".d.cts");
        let js = name.ends_with(".js") || name.ends_with(".mjs") || name.ends_with(".cjs");
        if !ty.is_file() || declaration || !(js || instrument::typescript::needs_stripping(&name)) {
            continue;
        }
        let p = entry.path();
        let text = match std::fs::read_to_string(&p) {
            Ok(t) => t,
            // JavaScript that is not UTF-8 runs as it is
            Err(_) if js => continue,
            Err(e) => return Err(SuggestError::io(format!("reading {}", p.display()), e)),
        };
        let shown = child.to_string_lossy().replace('\\', "/");
        // JavaScript without JSX runs as it is
        if !instrument::typescript::needs_lowering(&shown, &text) {
            continue;
        }
        // a file that does not strip is left as it is: node reports it as the project's error
        if let Ok(js) = instrument::typescript::strip_types_with(&text, &shown, ts) {
            std::fs::write(&p, js.code())
                .map_err(|e| SuggestError::io(format!("writing {}", p.display()), e))?;
        }
    }
    Ok(())
}

//! The findings' fixes as one unified diff that `git apply` accepts.

use std::collections::BTreeMap;
use std::path::Path;

use crate::finding::Finding;
use crate::patch::{unified_diff, FileChange};
use crate::SuggestError;

/// Applies every finding's edits to the files under `root` (read only) and diffs the result.
pub fn render_diff(root: &Path, findings: &[Finding]) -> Result<String, SuggestError> {
    let mut by_file: BTreeMap<&str, Vec<instrument::Edit>> = BTreeMap::new();
    for e in findings.iter().flat_map(|f| &f.fix.edits) {
        by_file
            .entry(e.file.as_str())
            .or_default()
            .push(instrument::Edit {
                span: instrument::model::Span { lo: e.lo, hi: e.hi },
                replacement: e.replacement.clone(),
            });
    }
    let mut changes = Vec::new();
    for (file, edits) in by_file {
        let path = root.join(file);
        let before = std::fs::read_to_string(&path)
            .map_err(|e| SuggestError::io(format!("reading {}", path.display()), e))?;
        let after = instrument::apply_edits(&before, &edits);
        changes.push(FileChange {
            file: file.to_string(),
            before,
            after,
        });
    }
    Ok(unified_diff(&changes))
}

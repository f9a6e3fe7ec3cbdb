//! The findings' fixes as one unified diff that `git apply` accepts.

use std::collections::BTreeMap;
use std::path::Path;

use similar::TextDiff;

use crate::{Applicability, Finding};

/// One file's text before and after the fixes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileChange {
    /// Path relative to the project root, `/`-separated.
    pub file: String,
    /// Original text.
    pub before: String,
    /// Changed text.
    pub after: String,
}

/// Context lines around each hunk (as `diff -u`).
pub const CONTEXT: usize = 3;

/// One unified diff with `a/` and `b/` paths for every changed file, in the order given.
pub fn unified_diff(changes: &[FileChange]) -> String {
    let mut out = String::new();
    for ch in changes.iter().filter(|c| c.before != c.after) {
        let diff = TextDiff::from_lines(&ch.before, &ch.after);
        out.push_str(&format!("diff --git a/{0} b/{0}\n", ch.file));
        out.push_str(
            &diff
                .unified_diff()
                .context_radius(CONTEXT)
                .missing_newline_hint(true)
                .header(&format!("a/{}", ch.file), &format!("b/{}", ch.file))
                .to_string(),
        );
    }
    out
}

/// `text` with the byte ranges `lo..hi` of `edits` replaced, in byte order; an edit that overlaps
/// an earlier one or reaches past the end is left out.
pub fn apply(text: &str, edits: &[(u32, u32, &str)]) -> String {
    let mut edits = edits.to_vec();
    edits.sort_by_key(|e| (e.0, e.1));
    let mut out = String::with_capacity(text.len());
    let mut at = 0usize;
    for (lo, hi, replacement) in edits {
        let (lo, hi) = (lo as usize, hi as usize);
        if lo < at || hi > text.len() {
            continue;
        }
        out.push_str(&text[at..lo]);
        out.push_str(replacement);
        at = hi;
    }
    out.push_str(&text[at..]);
    out
}

/// Applies every finding's fix to the files under `root` (read only) and diffs the result.
pub fn diff(root: &Path, findings: &[Finding], unsafe_fixes: bool) -> std::io::Result<String> {
    let mut by_file: BTreeMap<&str, Vec<(u32, u32, &str)>> = BTreeMap::new();
    for e in findings
        .iter()
        .filter_map(|f| f.fix.as_ref())
        .filter(|f| unsafe_fixes || f.applicability != Applicability::Unsafe)
        .flat_map(|f| &f.edits)
    {
        by_file
            .entry(e.file.as_str())
            .or_default()
            .push((e.lo, e.hi, e.replacement.as_str()));
    }
    let mut changes = Vec::new();
    for (file, edits) in by_file {
        let path = root.join(file);
        let before = std::fs::read_to_string(&path).map_err(|e| {
            std::io::Error::new(e.kind(), format!("reading {}: {e}", path.display()))
        })?;
        let after = apply(&before, &edits);
        changes.push(FileChange {
            file: file.to_string(),
            before,
            after,
        });
    }
    Ok(unified_diff(&changes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_and_hunks() {
        let before = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\n".to_string();
        let after = before.replace("b\n", "B\n").replace("l\n", "L\n");
        let d = unified_diff(&[FileChange {
            file: "lib/x.js".into(),
            before,
            after,
        }]);
        assert!(d.starts_with("diff --git a/lib/x.js b/lib/x.js\n--- a/lib/x.js\n+++ b/lib/x.js\n"));
        assert_eq!(d.matches("\n@@ ").count(), 2, "{d}");
        assert!(d.contains("-b\n+B\n"));
    }

    #[test]
    fn unchanged_files_are_left_out() {
        let same = FileChange {
            file: "a.js".into(),
            before: "x\n".into(),
            after: "x\n".into(),
        };
        assert_eq!(unified_diff(&[same]), "");
    }

    #[test]
    fn edits_apply_in_byte_order_whatever_order_they_come_in() {
        let text = "if (a && b) f();";
        let out = apply(text, &[(9, 10, "a"), (4, 5, "b")]);
        assert_eq!(out, "if (b && a) f();");
        // an overlapping edit and one past the end are left out
        let out = apply(text, &[(4, 10, "x"), (5, 6, "y"), (15, 99, "z")]);
        assert_eq!(out, "if (x) f();");
    }
}

//! Unified diffs of rewritten files that `git apply` accepts.

use similar::TextDiff;

/// One file's text before and after the suggested rewrites.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileChange {
    /// Path relative to the project root, `/`-separated.
    pub file: String,
    /// Original text.
    pub before: String,
    /// Rewritten text.
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
}

//! Which loaded files are the project's own code, instrumented and patchable: not its tests,
//! fixtures, build output (`dist/`, `build/`, `coverage/`), vendored copies of other projects
//! (`vendor/`, `third_party/`, `name@1.2.3.js`) or files its `.gitignore` names.
//! Dependencies (`node_modules`) are decided by the caller (`--include-deps`, `--target`).

use std::path::{Component, Path};

use ignore::gitignore::{Gitignore, GitignoreBuilder};

/// The project's own-code rules for one root.
#[derive(Debug)]
pub struct ProjectFiles {
    gitignore: Option<Gitignore>,
}

/// The reason [`ProjectFiles::why_not`] gives for a file `.gitignore` names.
pub const IGNORED: &str = "named by .gitignore";

/// Folders whose files are not the project's own code, by name, with the reason notes give:
/// build output and coverage reports, test fixtures, and copies of other projects' code (a patch
/// for them belongs upstream).
const NOT_OWN_DIRS: &[(&[&str], &str)] = &[
    (
        &["dist", "build", "coverage", ".nyc_output", "lib-cov"],
        "build output",
    ),
    (&["fixtures", "fixture", "__fixtures__"], "test fixtures"),
    (
        &["vendor", "vendored", "third_party", "third-party"],
        VENDORED,
    ),
];

/// The reason for vendored code.
const VENDORED: &str = "vendored code of another project";

/// True for a file named as a pinned copy of a package, `name@1.2.3.js` (TinyColor ships
/// `deno_asserts@0.168.0.mjs`).
fn versioned_copy(name: &str) -> bool {
    let stem = name.rsplit_once('.').map_or(name, |(s, _)| s);
    stem.rsplit_once('@').is_some_and(|(pkg, version)| {
        !pkg.is_empty()
            && version.split('.').count() >= 2
            && version
                .split('.')
                .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    })
}

impl ProjectFiles {
    /// Reads the root's `.gitignore`, if any.
    pub fn new(root: &Path) -> Self {
        let file = root.join(".gitignore");
        let gitignore = file.is_file().then(|| {
            let mut b = GitignoreBuilder::new(root);
            // a malformed line only loses that line
            let _ = b.add(&file);
            b.build().ok()
        });
        ProjectFiles {
            gitignore: gitignore.flatten(),
        }
    }

    /// Why the file at `rel` (relative to the root, `/`-separated) is not the project's own code,
    /// as `(the folder or file named in notes, reason)`, or `None` when it is.
    pub fn why_not(&self, rel: &str) -> Option<(String, &'static str)> {
        let parts: Vec<&str> = rel.split('/').collect();
        let dirs = &parts[..parts.len().saturating_sub(1)];
        for (i, d) in dirs.iter().enumerate() {
            if let Some((_, why)) = NOT_OWN_DIRS.iter().find(|(names, _)| names.contains(d)) {
                return Some((format!("{}/", parts[..=i].join("/")), why));
            }
        }
        if parts.last().is_some_and(|name| versioned_copy(name)) {
            return Some((rel.to_string(), VENDORED));
        }
        let ignored = self
            .gitignore
            .as_ref()
            .is_some_and(|g| g.matched_path_or_any_parents(rel, false).is_ignore());
        ignored.then(|| (rel.to_string(), IGNORED))
    }
}

/// True for files that look like tests (never instrumented: they are the workload, not the
/// project): under `test/`, `tests/`, `__tests__/`, `spec/`, or named `*.test.*`, `*.spec.*`,
/// `*_test.*` with a JavaScript or TypeScript extension.
pub fn looks_like_test(rel: &str) -> bool {
    let parts: Vec<&str> = rel.split('/').collect();
    let dirs = &parts[..parts.len().saturating_sub(1)];
    let name = parts.last().copied().unwrap_or("");
    let stem = name
        .rsplit_once('.')
        .filter(|(_, ext)| matches!(*ext, "js" | "cjs" | "mjs" | "ts" | "cts" | "mts" | "tsx"))
        .map_or(name, |(s, _)| s);
    dirs.iter()
        .any(|d| matches!(*d, "test" | "tests" | "__tests__" | "spec" | "specs"))
        || matches!(stem, "test" | "tests" | "spec" | "specs")
        || stem.ends_with(".test")
        || stem.ends_with(".spec")
        || stem.ends_with("_test")
}

/// True for the files the engines load as scripts: JavaScript and TypeScript.
pub fn is_script(rel: &str) -> bool {
    rel.ends_with(".js")
        || rel.ends_with(".cjs")
        || rel.ends_with(".mjs")
        || instrument::typescript::needs_stripping(rel)
}

/// `path` relative to `root`, `/`-separated (absolute if outside).
pub fn rel_path(root: &Path, path: &Path) -> String {
    match path.strip_prefix(root) {
        Ok(r) => r
            .components()
            .filter_map(|c| match c {
                Component::Normal(s) => Some(s.to_string_lossy().into_owned()),
                _ => None,
            })
            .collect::<Vec<_>>()
            .join("/"),
        Err(_) => path.to_string_lossy().into_owned(),
    }
}

/// What a run instruments for decisions: the project's own code, or `--target`, or with
/// `--include-deps` dependencies too.
pub struct Rules<'a> {
    /// The project root.
    pub root: &'a Path,
    /// `--include-deps`.
    pub include_deps: bool,
    /// `--target`, relative to the root.
    pub target: Option<&'a str>,
    /// The own-code rules of the root.
    pub files: &'a ProjectFiles,
}

impl Rules<'_> {
    /// The file's relative path when its decisions are instrumented; otherwise `None`, with a
    /// note (once per folder or file) when it is left out as not the project's own code.
    pub fn own_code(&self, abs: &Path, notes: &mut Vec<String>) -> Option<String> {
        abs.strip_prefix(self.root).ok()?;
        let rel = rel_path(self.root, abs);
        if !is_script(&rel) || looks_like_test(&rel) {
            return None;
        }
        let in_deps = rel.starts_with("node_modules/") || rel.contains("/node_modules/");
        if let Some(t) = self.target {
            let t = t.trim_end_matches('/');
            if !(rel == t || rel.starts_with(&format!("{t}/"))) {
                return None;
            }
        } else if in_deps && !self.include_deps {
            return None;
        } else if let Some((what, why)) = self.files.why_not(&rel) {
            let note = format!("{what}: {why}, not instrumented (not the project's own code)");
            if !notes.contains(&note) {
                notes.push(note);
            }
            return None;
        }
        Some(rel)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn build_output_fixtures_vendored_and_ignored_files_are_not_project_code() {
        let d = tempfile::tempdir().unwrap();
        std::fs::write(d.path().join(".gitignore"), "generated/\n*.min.js\n").unwrap();
        let p = ProjectFiles::new(d.path());
        assert_eq!(p.why_not("lib/a.js"), None);
        assert_eq!(
            p.why_not("dist/a.js"),
            Some(("dist/".into(), "build output"))
        );
        assert_eq!(
            p.why_not("src/fixtures/x/a.js"),
            Some(("src/fixtures/".into(), "test fixtures"))
        );
        assert_eq!(
            p.why_not("src/vendor/deno_asserts/asserts.js"),
            Some(("src/vendor/".into(), "vendored code of another project"))
        );
        assert_eq!(
            p.why_not("npm/deno_asserts@0.168.0.mjs"),
            Some((
                "npm/deno_asserts@0.168.0.mjs".into(),
                "vendored code of another project"
            ))
        );
        assert_eq!(p.why_not("lib/user@host.js"), None);
        assert_eq!(
            p.why_not("third_party/x.js"),
            Some(("third_party/".into(), "vendored code of another project"))
        );
        assert_eq!(
            p.why_not("generated/a.js"),
            Some(("generated/a.js".into(), "named by .gitignore"))
        );
        assert_eq!(
            p.why_not("lib/a.min.js"),
            Some(("lib/a.min.js".into(), "named by .gitignore"))
        );
    }

    #[test]
    fn tests_are_recognized_in_javascript_and_typescript() {
        for t in [
            "test/a.js",
            "src/a.test.ts",
            "a.spec.mjs",
            "x_test.cjs",
            "lib/__tests__/b.js",
            "test.js",
            "spec.ts",
        ] {
            assert!(looks_like_test(t), "{t}");
        }
        for t in ["lib/a.js", "src/test-utils.ts", "contest.js"] {
            assert!(!looks_like_test(t), "{t}");
        }
    }
}

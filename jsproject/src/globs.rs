//! Workload globs matched against a project's files, as the runners match them: `*` within a
//! path segment, `**` across them, `!glob` negations, a file named as it is always taken.

use std::path::{Path, PathBuf};

use crate::EngineError;

/// Files matching the globs, each pattern's matches sorted, in pattern order, without duplicates.
///
/// `*` and `?` stay within one path segment, `**` spans any number; a pattern without wildcards
/// names a file, or a folder whose `.js` files are all taken. Hidden folders and `node_modules`
/// are only entered when the pattern names them before its first wildcard. Symbolic links are
/// not followed (a link loop is visited once). A `!glob` entry removes its matches from the other
/// patterns' matches; a file named without wildcards stays (vitest's `setupFiles` under an
/// `exclude` that covers them).
pub fn resolve(root: &Path, patterns: &[String]) -> Result<Vec<PathBuf>, EngineError> {
    let mut out: Vec<PathBuf> = Vec::new();
    // `!glob` entries (ava's negations, vitest's exclude) take files out of the others' matches
    let (negated, patterns): (Vec<&String>, Vec<&String>) =
        patterns.iter().partition(|p| p.starts_with('!'));
    let mut set = globset::GlobSetBuilder::new();
    for neg in negated {
        let pat = neg[1..].trim_start_matches("./");
        set.add(glob(pat)?);
    }
    let excluded = set
        .build()
        .map_err(|e| EngineError::Input(format!("workload globs: {e}")))?;
    let excluded = |f: &Path| excluded.is_match(f.strip_prefix(root).unwrap_or(f));
    for pat in patterns {
        let pat = pat.trim_start_matches("./");
        let mut found = Vec::new();
        if !pat.contains(['*', '?', '[', '{']) {
            let p = root.join(pat);
            if p.is_file() {
                // a file named as it is (a setup file) is taken even where a negation matches
                if !out.contains(&p) {
                    out.push(p);
                }
                continue;
            } else if p.is_dir() {
                let all = format!("{}/**/*.js", pat.trim_end_matches('/'));
                found = matching(root, &all)?;
            }
        } else {
            found = matching(root, pat)?;
        }
        found.sort();
        for f in found {
            if !out.contains(&f) && !excluded(&f) {
                out.push(f);
            }
        }
    }
    Ok(out)
}

/// The glob `pat` as workloads read it: `*` stays within a path segment.
fn glob(pat: &str) -> Result<globset::Glob, EngineError> {
    globset::GlobBuilder::new(pat)
        .literal_separator(true)
        .build()
        .map_err(|e| EngineError::Input(format!("workload glob {pat}: {e}")))
}

/// The files under `root` whose relative path matches the glob `pat`.
fn matching(root: &Path, pat: &str) -> Result<Vec<PathBuf>, EngineError> {
    let glob = glob(pat)?.compile_matcher();
    // walk from the literal folders before the first wildcard
    let fixed: Vec<&str> = pat
        .split('/')
        .take_while(|s| !s.contains(['*', '?', '[', '{']))
        .collect();
    let base = root.join(fixed.join("/"));
    if !base.is_dir() {
        return Ok(Vec::new());
    }
    let walk = ignore::WalkBuilder::new(&base)
        .standard_filters(false)
        .hidden(true)
        .follow_links(false)
        .filter_entry(|e| e.depth() == 0 || e.file_name() != "node_modules")
        .build();
    let mut found = Vec::new();
    for entry in walk.flatten() {
        let path = entry.path();
        if !entry.file_type().is_some_and(|t| t.is_file()) {
            continue;
        }
        let rel = path.strip_prefix(root).unwrap_or(path);
        // declaration files hold types only: nothing to run
        if glob.is_match(rel) && !instrument::typescript::is_declaration(&rel.to_string_lossy()) {
            found.push(path.to_path_buf());
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::resolve;

    #[test]
    fn globs_match_by_segment_and_skip_dependencies() {
        let d = tempfile::tempdir().unwrap();
        for f in [
            "test/a.test.js",
            "test/sub/b.test.js",
            "test/a.json",
            "test/node_modules/x/c.test.js",
            "test/.hidden/d.test.js",
            "lib/x.js",
        ] {
            let p = d.path().join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "").unwrap();
        }
        let rel = |pats: &[&str]| -> Vec<String> {
            let pats: Vec<String> = pats.iter().map(|s| s.to_string()).collect();
            resolve(d.path(), &pats)
                .unwrap()
                .iter()
                .map(|p| {
                    p.strip_prefix(d.path())
                        .unwrap()
                        .to_string_lossy()
                        .into_owned()
                })
                .collect()
        };
        assert_eq!(rel(&["test/*.js"]), vec!["test/a.test.js"]);
        assert_eq!(
            rel(&["test/**/*.test.js"]),
            vec!["test/a.test.js", "test/sub/b.test.js"]
        );
        assert_eq!(
            rel(&["./test"]),
            vec!["test/a.test.js", "test/sub/b.test.js"]
        );
        assert_eq!(
            rel(&["test/node_modules/x/*.js"]),
            vec!["test/node_modules/x/c.test.js"]
        );
        // pattern order, no duplicates
        assert_eq!(
            rel(&["test/sub/*.js", "test/**/*.js"]),
            vec!["test/sub/b.test.js", "test/a.test.js"]
        );
        assert!(rel(&["nothing/**/*.js"]).is_empty());
        // a negation takes glob matches out, not a file named as it is (a setup file)
        assert_eq!(
            rel(&["test/a.json", "test/**/*.js", "!test/sub/**", "!test/a.*"]),
            vec!["test/a.json"]
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_loop_is_visited_once() {
        let d = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(d.path().join("test/sub")).unwrap();
        std::fs::write(d.path().join("test/sub/a.test.js"), "").unwrap();
        std::os::unix::fs::symlink("..", d.path().join("test/sub/loop")).unwrap();
        let found = resolve(d.path(), &["test/**/*.js".to_string()]).unwrap();
        assert_eq!(found.len(), 1);
    }
}

//! A project's workload, discovered once: how the project runs its tests ([`crate::discover`]),
//! the globs and the files they match, the target to instrument, and what the runner gives its
//! tests. Every engine, the gate and `eval` read this one value.

use std::path::{Path, PathBuf};

use crate::discover::environment::TestEnvironment;
use crate::discover::{Discovery, Runner};
use crate::EngineError;

/// What a run of the project loads and why, discovered once.
#[derive(Debug, Clone)]
pub struct Workload {
    /// The project root, canonical.
    pub root: PathBuf,
    /// How the globs were found: given (`--workload`, `decisionprof.workload`) or discovered.
    pub discovery: Discovery,
    /// How the project itself runs its tests, whatever globs were given; `None` when discovery
    /// finds no tests.
    pub own: Option<Discovery>,
    /// The sub-path to instrument (`--target`, else package.json `decisionprof.target`).
    pub target: Option<PathBuf>,
    /// The workload files, setup files first, absolute.
    pub files: Vec<PathBuf>,
}

impl Workload {
    /// The workload of the project at `root`: the `given` globs (else discovery's), the
    /// `given_target` (else package.json's); an error when no file matches.
    pub fn open(
        root: &Path,
        given: &[String],
        given_target: Option<&Path>,
    ) -> Result<Workload, EngineError> {
        let root = root.canonicalize().map_err(|e| EngineError::Io {
            path: root.to_path_buf(),
            source: e,
        })?;
        let target = target(&root, given_target)?;
        let own = crate::discover::discover(&root, &[]);
        let (discovery, own) = if given.is_empty() {
            let own = own?;
            (own.clone(), Some(own))
        } else {
            (crate::discover::discover(&root, given)?, own.ok())
        };
        let patterns = discovery.globs();
        let files = resolve(&root, &patterns)?;
        if files.is_empty() {
            return Err(EngineError::Input(format!(
                "{}: no workload files match {}",
                root.display(),
                patterns.join(", ")
            )));
        }
        Ok(Workload {
            root,
            discovery,
            own,
            target,
            files,
        })
    }

    /// The project's own workload at `root` (discovered globs, package.json's target).
    pub fn of(root: &Path) -> Result<Workload, EngineError> {
        Workload::open(root, &[], None)
    }

    /// The workload files relative to the root, `/`-separated, in load order.
    pub fn rel_files(&self) -> Vec<String> {
        self.files
            .iter()
            .map(|f| crate::classify::rel_path(&self.root, f))
            .collect()
    }

    /// The environment the project's test runner gives its tests beyond the user's (see
    /// [`Discovery::env`]); empty when discovery finds no runner.
    pub fn environment(&self) -> Vec<(String, String)> {
        self.own.as_ref().map(|d| d.env.clone()).unwrap_or_default()
    }

    /// The test runner the project uses, when discovery finds one.
    pub fn runner(&self) -> Option<Runner> {
        self.own.as_ref().map(|d| d.runner)
    }

    /// What the project's tests lack under node because of their runner's test environment (see
    /// [`TestEnvironment::node_note`]).
    pub fn node_environment_note(&self) -> Option<String> {
        self.own
            .as_ref()?
            .environment
            .as_ref()?
            .node_note(&self.root)
    }

    /// The project's test environment when it is a DOM (jsdom, happy-dom) the project has
    /// installed: its tests need node, as Boa cannot run the DOM's package.
    pub fn installed_dom(&self) -> Option<&TestEnvironment> {
        self.own
            .as_ref()?
            .environment
            .as_ref()
            .filter(|e| e.dom.is_some_and(|d| d.find(&self.root).is_some()))
    }

    /// How jest and vitest load each test file, for a runner under node (harness/node_side.js
    /// `nodePerFile`), in the copy at `root` whose workload files are `files`: `{ fresh, setup,
    /// dom }`, whether each test file gets its own modules, the setup files among `files` that
    /// run before each, and the DOM to lay over the globals; `None` for other runners.
    pub fn per_file(&self, root: &Path, files: &[PathBuf]) -> Option<serde_json::Value> {
        let d = self.own.as_ref().filter(|d| d.runner.setup_per_file())?;
        let setup: Vec<&PathBuf> = files
            .iter()
            .filter(|f| {
                f.strip_prefix(root)
                    .is_ok_and(|r| d.setup.iter().any(|s| Path::new(s) == r))
            })
            .collect();
        let dom = TestEnvironment::per_file(d.environment.as_ref(), d.runner, root);
        Some(serde_json::json!({ "fresh": d.isolated, "setup": setup, "dom": dom }))
    }
}

/// The `decisionprof.target` entry of the project's package.json, if any.
pub fn package_target(root: &Path) -> Option<String> {
    let text = std::fs::read_to_string(root.join("package.json")).ok()?;
    let json: serde_json::Value = serde_json::from_str(&text).ok()?;
    json.get("decisionprof")?
        .get("target")?
        .as_str()
        .map(str::to_string)
}

/// The sub-path of `root` to instrument: `given` (`--target`), else `decisionprof.target`; an
/// error when it names nothing that exists.
pub fn target(root: &Path, given: Option<&Path>) -> Result<Option<PathBuf>, EngineError> {
    let (t, from) = match given {
        Some(t) => (t.to_path_buf(), "--target".to_string()),
        None => match package_target(root) {
            Some(t) => (
                PathBuf::from(t),
                format!(
                    "{}: decisionprof.target",
                    root.join("package.json").display()
                ),
            ),
            None => return Ok(None),
        },
    };
    let abs = if t.is_absolute() {
        t.clone()
    } else {
        root.join(&t)
    };
    if !abs.exists() {
        return Err(EngineError::Input(format!(
            "{from} names {}, which does not exist in {}",
            t.display(),
            root.display()
        )));
    }
    Ok(Some(t))
}

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

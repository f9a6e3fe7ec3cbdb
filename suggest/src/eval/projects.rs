//! Finding the projects under an `eval` directory.

use std::path::{Path, PathBuf};

use crate::error::SuggestError;

/// True if `dir` is a project: a `package.json` with a `decisionprof` entry or a `scripts.test`,
/// or one next to a `test/` or `tests/` folder.
pub fn is_project(dir: &Path) -> bool {
    let pkg = dir.join("package.json");
    let Ok(text) = std::fs::read_to_string(&pkg) else {
        return false;
    };
    let v = serde_json::from_str::<serde_json::Value>(&text).ok();
    let has_entry = v.as_ref().is_some_and(|v| {
        v.get("decisionprof").is_some() || v.pointer("/scripts/test").is_some_and(|t| t.is_string())
    });
    has_entry || dir.join("test").is_dir() || dir.join("tests").is_dir()
}

/// Every project under `dir` (or `dir` itself), sorted; `node_modules` and hidden folders are skipped.
pub fn projects(dir: &Path) -> Result<Vec<PathBuf>, SuggestError> {
    if !dir.is_dir() {
        return Err(SuggestError::io(
            format!("{}", dir.display()),
            std::io::Error::new(std::io::ErrorKind::NotFound, "not a directory"),
        ));
    }
    let mut out = Vec::new();
    walk(dir, &mut out)?;
    out.sort();
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), SuggestError> {
    if is_project(dir) {
        out.push(dir.to_path_buf());
        return Ok(());
    }
    let entries = std::fs::read_dir(dir)
        .map_err(|e| SuggestError::io(format!("listing {}", dir.display()), e))?;
    for entry in entries {
        let entry = entry.map_err(|e| SuggestError::io(format!("listing {}", dir.display()), e))?;
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name == "node_modules" || name.starts_with('.') {
            continue;
        }
        let path = entry.path();
        if path.is_dir() {
            walk(&path, out)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_projects_and_skips_node_modules() {
        let tmp = tempfile::tempdir().unwrap();
        let mk = |rel: &str, pkg: Option<&str>| {
            let d = tmp.path().join(rel);
            std::fs::create_dir_all(&d).unwrap();
            if let Some(p) = pkg {
                std::fs::write(d.join("package.json"), p).unwrap();
            }
            d
        };
        mk("a", Some(r#"{"decisionprof": {"workload": ["x.js"]}}"#));
        let b = mk("group/b", Some(r#"{"name": "b"}"#));
        std::fs::create_dir_all(b.join("test")).unwrap();
        mk("group/c", Some(r#"{"name": "c"}"#)); // no entry, no test/: not a project
        mk("node_modules/d", Some(r#"{"decisionprof": {}}"#));
        mk("a/sub", Some(r#"{"decisionprof": {}}"#)); // inside a project: not descended into
        let got = projects(tmp.path()).unwrap();
        assert_eq!(got, vec![tmp.path().join("a"), tmp.path().join("group/b")]);
        assert_eq!(
            projects(&tmp.path().join("a")).unwrap(),
            vec![tmp.path().join("a")]
        );
        assert!(projects(&tmp.path().join("missing")).is_err());
    }
}

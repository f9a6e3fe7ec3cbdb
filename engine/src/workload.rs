//! Finds the workload files: `--workload` globs, else package.json `decisionprof.workload`, else `test/**/*.js`.

use std::path::{Path, PathBuf};

use crate::EngineError;

/// Default workload when neither the caller nor package.json names one.
pub const DEFAULT_WORKLOAD: &str = "test/**/*.js";

/// The workload globs for a project: the given ones, else package.json's, else the default.
pub fn patterns(root: &Path, given: &[String]) -> Result<Vec<String>, EngineError> {
    if !given.is_empty() {
        return Ok(given.to_vec());
    }
    let pkg = root.join("package.json");
    if pkg.is_file() {
        let text = std::fs::read_to_string(&pkg).map_err(|e| EngineError::Io {
            path: pkg.clone(),
            source: e,
        })?;
        let json: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
            EngineError::Input(format!(
                "{}:{}:{}: {}",
                pkg.display(),
                e.line(),
                e.column(),
                e
            ))
        })?;
        if let Some(w) = json.get("decisionprof").and_then(|d| d.get("workload")) {
            let list: Vec<String> = match w {
                serde_json::Value::String(s) => vec![s.clone()],
                serde_json::Value::Array(a) => a
                    .iter()
                    .filter_map(|v| v.as_str().map(str::to_string))
                    .collect(),
                _ => Vec::new(),
            };
            if !list.is_empty() {
                return Ok(list);
            }
        }
    }
    Ok(vec![DEFAULT_WORKLOAD.to_string()])
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

/// Files matching the globs, each pattern's matches sorted, in pattern order, without duplicates.
pub fn resolve(root: &Path, patterns: &[String]) -> Result<Vec<PathBuf>, EngineError> {
    let mut out: Vec<PathBuf> = Vec::new();
    for pat in patterns {
        let pat = pat.trim_start_matches("./");
        let mut found = Vec::new();
        if !pat.contains(['*', '?', '[']) {
            let p = root.join(pat);
            if p.is_file() {
                found.push(p);
            } else if p.is_dir() {
                walk(&p, &["**".to_string(), "*.js".to_string()], &mut found)?;
            }
        } else {
            let segs: Vec<String> = pat.split('/').map(str::to_string).collect();
            walk(root, &segs, &mut found)?;
        }
        found.sort();
        for f in found {
            if !out.contains(&f) {
                out.push(f);
            }
        }
    }
    Ok(out)
}

fn walk(dir: &Path, segs: &[String], found: &mut Vec<PathBuf>) -> Result<(), EngineError> {
    let Some((first, rest)) = segs.split_first() else {
        return Ok(());
    };
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(_) => return Ok(()),
    };
    if first == "**" {
        walk(dir, rest, found)?;
    }
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        let is_dir = path.is_dir();
        if first == "**" {
            if is_dir && !name.starts_with('.') && name != "node_modules" {
                walk(&path, segs, found)?;
            }
            continue;
        }
        if !wildcard(first, &name) {
            continue;
        }
        if rest.is_empty() {
            if path.is_file() {
                found.push(path);
            }
        } else if is_dir {
            walk(&path, rest, found)?;
        }
    }
    Ok(())
}

/// Matches one path segment against a pattern with `*` and `?`.
pub fn wildcard(pat: &str, name: &str) -> bool {
    let p: Vec<char> = pat.chars().collect();
    let n: Vec<char> = name.chars().collect();
    let (mut pi, mut ni) = (0usize, 0usize);
    let (mut star, mut mark) = (None, 0usize);
    while ni < n.len() {
        if pi < p.len() && (p[pi] == '?' || p[pi] == n[ni]) {
            pi += 1;
            ni += 1;
        } else if pi < p.len() && p[pi] == '*' {
            star = Some(pi);
            mark = ni;
            pi += 1;
        } else if let Some(s) = star {
            pi = s + 1;
            mark += 1;
            ni = mark;
        } else {
            return false;
        }
    }
    while pi < p.len() && p[pi] == '*' {
        pi += 1;
    }
    pi == p.len()
}

#[cfg(test)]
mod tests {
    use super::wildcard;

    #[test]
    fn wildcards_match_one_segment() {
        assert!(wildcard("*.js", "a.test.js"));
        assert!(wildcard("a?c", "abc"));
        assert!(!wildcard("*.js", "a.json"));
        assert!(wildcard("*", ""));
        assert!(!wildcard("x*", "yx"));
    }
}

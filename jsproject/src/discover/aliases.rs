//! Module aliases a runner's configuration gives: jest's `moduleNameMapper` and vitest's (vite's)
//! `resolve.alias` and `test.alias`. The harness applies them in both engines' resolvers
//! (`js/harness/module_mocks.js` `aliasOf`); each is JSON `{ kind, find, flags, to }`:
//! `jest` (a regular expression over the whole request, `$1`… in `to`), `prefix` (vite's string:
//! the request itself or it followed by `/…`) or `regex` (vite's regular expression, replaced in
//! the request). A path in `to` that starts with `<root>/` is the project's, wherever it runs.

use std::path::Path;

use serde_json::{json, Value};

/// The name of the variable that carries the aliases to the harness.
pub const ALIAS_VAR: &str = "DECISIONPROF_ALIAS";

/// jest's `moduleNameMapper` (`<rootDir>` is `root_prefix`, the root's path from the project).
pub(super) fn jest(cfg: &Value, root_prefix: &str) -> Vec<Value> {
    let Some(map) = cfg["moduleNameMapper"].as_object() else {
        return Vec::new();
    };
    map.iter()
        .filter_map(|(find, to)| {
            let to = match to {
                Value::String(s) => s.as_str(),
                Value::Array(a) => a.first()?.as_str()?,
                _ => return None,
            };
            let to = match to.strip_prefix("<rootDir>/") {
                Some(tail) => format!("<root>/{root_prefix}{tail}"),
                None => to.to_string(),
            };
            Some(json!({ "kind": "jest", "find": find, "flags": "", "to": to }))
        })
        .collect()
}

/// jest's `moduleDirectories` beyond `node_modules` (folders of the root, `src`) and
/// `modulePaths` (`<rootDir>/shared`): each module or folder at their top is a prefix alias of
/// its path, so that `require('lib/price')` finds `src/lib/price.js` as jest finds it; a name
/// a package in the root's `node_modules` takes is left to that package, which jest looks in
/// first. `root` is the project's folder and `root_prefix` the root's path from it.
pub(super) fn jest_module_dirs(root: &Path, cfg: &Value, root_prefix: &str) -> Vec<Value> {
    let names = cfg["moduleDirectories"].as_array().into_iter().flatten();
    let paths = cfg["modulePaths"].as_array().into_iter().flatten();
    let dirs: Vec<String> = names
        .filter_map(Value::as_str)
        .filter(|d| *d != "node_modules" && !d.contains('/'))
        .map(|d| format!("{root_prefix}{d}"))
        .chain(paths.filter_map(Value::as_str).filter_map(|p| {
            let tail = p.strip_prefix("<rootDir>/")?;
            Some(format!("{root_prefix}{}", tail.trim_end_matches('/')))
        }))
        .collect();
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(root.join(&dir)) else {
            continue;
        };
        let mut names: Vec<String> = entries
            .filter_map(Result::ok)
            .filter_map(|e| module_name(&e.path()))
            .collect();
        names.sort();
        for name in names {
            if root.join("node_modules").join(&name).exists() || !seen.insert(name.clone()) {
                continue;
            }
            let to = format!("<root>/{dir}/{name}");
            out.push(json!({ "kind": "prefix", "find": name, "flags": "", "to": to }));
        }
    }
    out
}

/// The name a module or folder at the top of a module directory is required by: `price` for
/// `price.js`, `lib` for `lib/`; none for hidden entries and other files.
fn module_name(path: &Path) -> Option<String> {
    let file = path.file_name()?.to_str()?;
    if file.starts_with('.') {
        return None;
    }
    if path.is_dir() {
        return Some(file.to_string());
    }
    let (stem, ext) = file.rsplit_once('.')?;
    let module = ["js", "cjs", "mjs", "jsx", "ts", "tsx", "cts", "mts", "json"];
    (module.contains(&ext) && !stem.ends_with(".d")).then(|| stem.to_string())
}

/// vite's `resolve.alias` of the whole configuration, then vitest's `test.alias`.
pub(super) fn vitest(config: &Value) -> Vec<Value> {
    let mut out = entries(&config["resolve"]["alias"]);
    out.extend(entries(&config["test"]["alias"]));
    out
}

/// An alias object (`{ '@': './src' }`) or list (`[{ find, replacement }]`).
fn entries(alias: &Value) -> Vec<Value> {
    match alias {
        Value::Object(map) => map
            .iter()
            .filter_map(|(find, to)| entry(&Value::String(find.clone()), to))
            .collect(),
        Value::Array(list) => list
            .iter()
            .filter_map(|e| entry(&e["find"], &e["replacement"]))
            .collect(),
        _ => Vec::new(),
    }
}

fn entry(find: &Value, to: &Value) -> Option<Value> {
    let to = to.as_str()?;
    let to = match to.strip_prefix("./") {
        Some(tail) => format!("<root>/{tail}"),
        None if to == "." => "<root>".to_string(),
        None => to.to_string(),
    };
    match find {
        Value::String(s) => Some(json!({ "kind": "prefix", "find": s, "flags": "", "to": to })),
        Value::Object(r) => Some(json!({
            "kind": "regex",
            "find": r.get("$regex")?.as_str()?,
            "flags": r.get("flags").and_then(Value::as_str).unwrap_or(""),
            "to": to,
        })),
        _ => None,
    }
}

/// The aliases as the tests' environment carries them (nothing when there are none).
pub(super) fn pass(aliases: &[Value], env: &mut Vec<(String, String)>) {
    if !aliases.is_empty() {
        env.push((
            ALIAS_VAR.to_string(),
            Value::from(aliases.to_vec()).to_string(),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jest_mappers_and_vite_aliases_are_read() {
        let cfg = json!({ "moduleNameMapper": { "^@/(.*)$": "<rootDir>/src/$1", "\\.css$": ["identity-obj-proxy"] } });
        assert_eq!(
            jest(&cfg, "app/"),
            vec![
                json!({ "kind": "jest", "find": "\\.css$", "flags": "", "to": "identity-obj-proxy" }),
                json!({ "kind": "jest", "find": "^@/(.*)$", "flags": "", "to": "<root>/app/src/$1" }),
            ]
        );
        let vite = json!({
            "resolve": { "alias": { "@": "./src", "lib": "/abs/lib" } },
            "test": { "alias": [{ "find": { "$regex": "^#(.*)$", "flags": "" }, "replacement": "./x/$1" }] }
        });
        assert_eq!(
            vitest(&vite),
            vec![
                json!({ "kind": "prefix", "find": "@", "flags": "", "to": "<root>/src" }),
                json!({ "kind": "prefix", "find": "lib", "flags": "", "to": "/abs/lib" }),
                json!({ "kind": "regex", "find": "^#(.*)$", "flags": "", "to": "<root>/x/$1" }),
            ]
        );
    }

    #[test]
    fn jest_module_directories_and_paths_alias_what_they_hold() {
        let tmp = tempfile::tempdir().expect("temp dir");
        let root = tmp.path();
        for f in [
            "src/lib/price.js",
            "src/tax.ts",
            "src/types.d.ts",
            "src/.hidden.js",
            "shared/format.js",
            "src/react.js",
            "node_modules/react/index.js",
        ] {
            let p = root.join(f);
            std::fs::create_dir_all(p.parent().expect("parent")).expect("dirs");
            std::fs::write(p, "").expect("write");
        }
        let cfg = json!({ "moduleDirectories": ["node_modules", "src"], "modulePaths": ["<rootDir>/shared"] });
        let found: Vec<(String, String)> = jest_module_dirs(root, &cfg, "")
            .iter()
            .map(|a| {
                (
                    a["find"].as_str().unwrap_or("").to_string(),
                    a["to"].as_str().unwrap_or("").to_string(),
                )
            })
            .collect();
        let want = [
            ("lib", "<root>/src/lib"),
            ("tax", "<root>/src/tax"),
            ("format", "<root>/shared/format"),
        ];
        assert_eq!(found, want.map(|(a, b)| (a.to_string(), b.to_string())));
    }
}

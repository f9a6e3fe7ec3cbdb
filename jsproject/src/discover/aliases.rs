//! Module aliases a runner's configuration gives: jest's `moduleNameMapper` and vitest's (vite's)
//! `resolve.alias` and `test.alias`. The harness applies them in both engines' resolvers
//! (`js/harness/module_mocks.js` `aliasOf`); each is JSON `{ kind, find, flags, to }`:
//! `jest` (a regular expression over the whole request, `$1`… in `to`), `prefix` (vite's string:
//! the request itself or it followed by `/…`) or `regex` (vite's regular expression, replaced in
//! the request). A path in `to` that starts with `<root>/` is the project's, wherever it runs.

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
}

//! Build output the tests ask for that is not there, mapped to its source for the node runner
//! (the embedded engine asks [`jsproject::sources`] as it resolves; node's resolver cannot): a test
//! that imports `dist/index.js`, or the package by its own name, runs `src/index.ts` when the
//! project was not built. The candidates are the files the manifest names (`main`, `module`,
//! `exports`, `bin`) and the relative specifiers written in the project's scripts.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use jsproject::sources::normalize;

use serde_json::Value;

/// Missing build-output file → the source to run instead, for the project copy at `root`.
pub(crate) fn missing_build_output(root: &Path) -> BTreeMap<PathBuf, PathBuf> {
    let mut candidates = manifest_files(root);
    candidates.extend(specified_files(root));
    candidates
        .into_iter()
        .filter(|p| !p.exists() && !is_declaration(p))
        .filter_map(|p| jsproject::sources::source_for(root, &p).map(|s| (p, s)))
        .collect()
}

/// A type declaration file (`exports`' `types` condition), which nothing loads.
fn is_declaration(p: &Path) -> bool {
    let s = p.to_string_lossy();
    [".d.ts", ".d.mts", ".d.cts"].iter().any(|e| s.ends_with(e))
}

/// The files `dir/package.json` names: `main`, `module`, every string under `exports` and
/// `bin`.
fn manifest_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(text) = std::fs::read_to_string(dir.join("package.json")) else {
        return Vec::new();
    };
    let Ok(pkg) = serde_json::from_str::<Value>(&text) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for key in ["main", "module", "exports", "bin"] {
        if let Some(v) = pkg.get(key) {
            strings(v, &mut out);
        }
    }
    out.into_iter()
        .filter(|s| s.starts_with("./") || !s.contains(':'))
        .flat_map(|s| spellings(&normalize(&dir.join(s))))
        .collect()
}

fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|x| strings(x, out)),
        Value::Object(o) => o.values().for_each(|x| strings(x, out)),
        _ => {}
    }
}

/// The files the relative specifiers in the project's scripts (outside `node_modules`) name.
fn specified_files(root: &Path) -> Vec<PathBuf> {
    let Ok(re) = regex::Regex::new(r#"['"](\.\.?/[^'"\s]+)['"]"#) else {
        return Vec::new();
    };
    let walker = ignore::WalkBuilder::new(root)
        .standard_filters(false)
        .filter_entry(|e| e.file_name() != ".git" && e.file_name() != "node_modules")
        .build();
    let mut out = Vec::new();
    let mut packages = std::collections::HashSet::new();
    for entry in walker.flatten() {
        let abs = entry.path();
        let rel = jsproject::classify::rel_path(root, abs);
        if !entry.file_type().is_some_and(|t| t.is_file()) || !jsproject::classify::is_script(&rel)
        {
            continue;
        }
        let (Ok(text), Some(dir)) = (std::fs::read_to_string(abs), abs.parent()) else {
            continue;
        };
        for c in re.captures_iter(&text) {
            let p = normalize(&dir.join(&c[1]));
            if p.starts_with(root) {
                // a folder that is a package (`require('../acorn')`): what its manifest names,
                // read once
                if p != root && !packages.contains(&p) && p.join("package.json").is_file() {
                    out.extend(manifest_files(&p));
                    packages.insert(p.clone());
                }
                out.extend(spellings(&p));
            }
        }
    }
    out
}

/// `p` and, without an extension, what `require` would try: `p.js`, `p/index.js`.
fn spellings(p: &Path) -> Vec<PathBuf> {
    match p.extension() {
        Some(_) => vec![p.to_path_buf()],
        None => vec![p.to_path_buf(), p.with_extension("js"), p.join("index.js")],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_output_the_manifest_or_a_test_names_maps_to_its_source() {
        let dir = tempfile::tempdir().expect("temp dir");
        let root = dir.path().canonicalize().expect("root");
        let write = |rel: &str, text: &str| {
            let p = root.join(rel);
            std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
            std::fs::write(p, text).expect("write");
        };
        write(
            "package.json",
            r#"{ "name": "p", "exports": { ".": { "types": "./dist/index.d.ts", "import": "./dist/index.js" } } }"#,
        );
        write("src/index.ts", "export const a = 1;\n");
        write("src/util.ts", "export const b = 2;\n");
        write("src/kept.ts", "export const c = 3;\n");
        write("dist/kept.js", "exports.c = 3;\n");
        write(
            "test/a.test.js",
            "import { b } from '../dist/util.js';\nimport { c } from '../dist/kept.js';\n",
        );
        let map = missing_build_output(&root);
        let pairs: Vec<(String, String)> = map
            .iter()
            .map(|(k, v)| {
                (
                    jsproject::classify::rel_path(&root, k),
                    jsproject::classify::rel_path(&root, v),
                )
            })
            .collect();
        assert_eq!(
            pairs,
            [
                ("dist/index.js".to_string(), "src/index.ts".to_string()),
                ("dist/util.js".to_string(), "src/util.ts".to_string())
            ]
        );
    }
}

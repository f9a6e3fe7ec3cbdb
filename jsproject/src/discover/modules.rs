//! The module systems a project's files are written in, as a label for reports (`CJS`, `ESM`,
//! `TS`, joined with `+`): by extension, then `"type": "module"` or `import`/`export` lines.

use std::collections::BTreeSet;
use std::path::Path;

/// The label for `files` (relative to `root`), e.g. `CJS`, `ESM+TS`; `-` for none.
pub fn module_system(root: &Path, files: &[String]) -> String {
    let mut kinds = BTreeSet::new();
    for f in files {
        let p = root.join(f);
        let kind = match p.extension().and_then(|e| e.to_str()) {
            Some("ts" | "mts" | "cts" | "tsx") => "TS",
            Some("mjs") => "ESM",
            Some("cjs") => "CJS",
            Some("js") if typed_module(&p) || module_lines(&p) => "ESM",
            Some("js") => "CJS",
            _ => continue,
        };
        kinds.insert(kind);
    }
    if kinds.is_empty() {
        return "-".into();
    }
    kinds.into_iter().collect::<Vec<_>>().join("+")
}

/// Whether the nearest `package.json` above `p` says `"type": "module"`.
fn typed_module(p: &Path) -> bool {
    p.ancestors().skip(1).find_map(|d| {
        let text = std::fs::read_to_string(d.join("package.json")).ok()?;
        let v: serde_json::Value = serde_json::from_str(&text).ok()?;
        Some(v.get("type").and_then(|t| t.as_str()) == Some("module"))
    }) == Some(true)
}

/// Whether a line of `p` starts with an `import`/`export` declaration.
fn module_lines(p: &Path) -> bool {
    std::fs::read_to_string(p).is_ok_and(|text| {
        text.lines().map(str::trim_start).any(|l| {
            ["import ", "import{", "export ", "export{"]
                .iter()
                .any(|w| l.starts_with(w))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_by_extension_type_and_syntax() {
        let dir = tempfile::tempdir().unwrap();
        let w = |f: &str, t: &str| std::fs::write(dir.path().join(f), t).unwrap();
        w("package.json", "{}");
        w("a.js", "module.exports = 1;\n");
        w("b.js", "import x from './a.js';\nexport default x;\n");
        w("c.ts", "export const c: number = 1;\n");
        let label = |fs: &[&str]| {
            module_system(
                dir.path(),
                &fs.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            )
        };
        assert_eq!(label(&["a.js"]), "CJS");
        assert_eq!(label(&["a.js", "b.js", "c.ts"]), "CJS+ESM+TS");
        assert_eq!(label(&[]), "-");
        w("package.json", r#"{"type":"module"}"#);
        assert_eq!(label(&["a.js"]), "ESM");
    }
}

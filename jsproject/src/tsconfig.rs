//! What a project's `tsconfig.json` (with the files it `extends`) says about emitting JavaScript
//! from its TypeScript: whether class fields keep define semantics and whether decorators record
//! metadata ([`instrument::typescript::TsOptions`]).

use std::path::{Path, PathBuf};

use instrument::jsx::JsxRuntime;
use instrument::typescript::TsOptions;
use serde_json::{Map, Value};

/// The options of the project at `root`; the defaults when it has no `tsconfig.json`.
pub fn ts_options(root: &Path) -> TsOptions {
    let mut options = Map::new();
    if !merge(&root.join("tsconfig.json"), root, &mut options, 0) {
        return TsOptions::default();
    }
    let flag = |k: &str| options.get(k).and_then(Value::as_bool);
    let define_fields = flag("useDefineForClassFields").unwrap_or_else(|| {
        options
            .get("target")
            .and_then(Value::as_str)
            .is_some_and(target_defines_fields)
    });
    TsOptions {
        define_fields,
        decorator_metadata: flag("emitDecoratorMetadata").unwrap_or(false),
        legacy_decorators: flag("experimentalDecorators").unwrap_or(false),
        jsx: jsx_runtime(&options),
    }
}

/// What JSX compiles to: tsc's classic factory for `"jsx": "react"`, else React's automatic
/// runtime from `jsxImportSource` (`react` by default; `preserve` leaves it to a bundler, which
/// compiles for the automatic runtime too).
fn jsx_runtime(options: &Map<String, Value>) -> JsxRuntime {
    let text = |k: &str| options.get(k).and_then(Value::as_str).map(str::to_string);
    match text("jsx").as_deref() {
        Some("react") => JsxRuntime::Classic {
            factory: text("jsxFactory").unwrap_or_else(|| "React.createElement".into()),
            fragment: text("jsxFragmentFactory").unwrap_or_else(|| "React.Fragment".into()),
        },
        _ => JsxRuntime::Automatic {
            source: text("jsxImportSource").unwrap_or_else(|| "react".into()),
        },
    }
}

/// Whether tsc's default for `useDefineForClassFields` is on for `target` (ES2022 and later).
fn target_defines_fields(target: &str) -> bool {
    let t = target.to_ascii_lowercase();
    if t == "esnext" || t == "latest" {
        return true;
    }
    t.strip_prefix("es")
        .and_then(|y| y.parse::<u32>().ok())
        .is_some_and(|y| y >= 2022)
}

/// Adds the `compilerOptions` of the configuration at `path` to `into`, those it extends first
/// (so its own win); false when the file cannot be read.
fn merge(path: &Path, root: &Path, into: &mut Map<String, Value>, depth: u32) -> bool {
    let Ok(text) = std::fs::read_to_string(path) else {
        return false;
    };
    let v: Value = serde_json::from_str(&crate::jsonc::to_json(&text)).unwrap_or(Value::Null);
    let dir = path.parent().unwrap_or(root);
    let bases: Vec<&str> = match v.get("extends") {
        Some(Value::String(s)) => vec![s.as_str()],
        Some(Value::Array(a)) => a.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    for base in bases {
        if let Some(p) = extended(base, dir, root).filter(|_| depth < 16) {
            merge(&p, root, into, depth + 1);
        }
    }
    if let Some(Value::Object(opts)) = v.get("compilerOptions") {
        for (k, val) in opts {
            into.insert(k.clone(), val.clone());
        }
    }
    true
}

/// The file an `extends` entry names: a path next to the configuration, or a package's file
/// under the project's `node_modules`.
fn extended(base: &str, dir: &Path, root: &Path) -> Option<PathBuf> {
    let start = match base.starts_with('.') || Path::new(base).is_absolute() {
        true => dir.join(base),
        false => root.join("node_modules").join(base),
    };
    [
        start.clone(),
        start.with_extension("json"),
        PathBuf::from(format!("{}.json", start.display())),
        start.join("tsconfig.json"),
    ]
    .into_iter()
    .find(|p| p.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_files::project;

    #[test]
    fn options_follow_extends_and_the_target() {
        let none = project(&[]);
        assert_eq!(ts_options(none.path()), TsOptions::default());
        let p = project(&[
            (
                "tsconfig.json",
                "{ // own\n \"extends\": \"./config/base\", \"compilerOptions\": { \"target\": \"es2018\", } }",
            ),
            (
                "config/base.json",
                "{ \"extends\": \"@tsconfig/strict/tsconfig.json\", \"compilerOptions\": { \"target\": \"ESNext\", \"emitDecoratorMetadata\": true } }",
            ),
            (
                "node_modules/@tsconfig/strict/tsconfig.json",
                "{ \"compilerOptions\": { \"useDefineForClassFields\": false, \"emitDecoratorMetadata\": false } }",
            ),
        ]);
        let o = ts_options(p.path());
        assert!(!o.define_fields, "es2018, and false in the package's file");
        assert!(o.decorator_metadata, "the nearer file wins");
        let modern = project(&[(
            "tsconfig.json",
            "{\"compilerOptions\":{\"target\":\"ES2022\"}}",
        )]);
        let o = ts_options(modern.path());
        assert!(
            o.define_fields && !o.decorator_metadata && !o.legacy_decorators,
            "{o:?}"
        );
        let no_target = project(&[("tsconfig.json", "{}")]);
        assert!(
            !ts_options(no_target.path()).define_fields,
            "tsc's default target, ES5"
        );
    }
}

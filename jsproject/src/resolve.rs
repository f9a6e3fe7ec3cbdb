//! ES module resolution as node 20 does it: relative and absolute paths, bare package names through
//! `node_modules` with `package.json` `exports` (conditions `import`, `node`, `default`), `imports`
//! (`#name`), `main`, and the module kind of a resolved file (`.mjs`, `.cjs`, `"type"`, `.json`).

use std::path::{Path, PathBuf};

use serde_json::Value;

/// What a resolved file is loaded as.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// An ES module (`.mjs`, or `.js` under `"type": "module"`).
    Esm,
    /// A CommonJS module, loaded through the host's `require`.
    Cjs,
    /// A JSON file: its value is the default export.
    Json,
}

/// The conditions an `import` matches in `exports`/`imports`, in node's order of preference.
pub const IMPORT_CONDITIONS: &[&str] = &["import", "node", "default"];

/// Why a specifier did not resolve (node's wording).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotFound(pub String);

/// The nearest `package.json` at or above `dir`, parsed.
pub fn nearest_package(dir: &Path) -> Option<(PathBuf, Value)> {
    let mut d = Some(dir);
    while let Some(cur) = d {
        let p = cur.join("package.json");
        if let Ok(text) = std::fs::read_to_string(&p) {
            if let Ok(v) = serde_json::from_str::<Value>(&text) {
                return Some((cur.to_path_buf(), v));
            }
        }
        d = cur.parent();
    }
    None
}

/// The kind of the file at `path`: by extension, else by the nearest `package.json` `"type"`.
pub fn kind_of(path: &Path) -> Kind {
    match path.extension().and_then(|e| e.to_str()) {
        Some("mjs") | Some("mts") => Kind::Esm,
        Some("cjs") | Some("cts") => Kind::Cjs,
        Some("json") => Kind::Json,
        ext => {
            let dir = path.parent().unwrap_or(Path::new("/"));
            match nearest_package(dir) {
                Some((_, pkg)) if pkg.get("type").and_then(Value::as_str) == Some("module") => {
                    Kind::Esm
                }
                // TypeScript written with `import`/`export` runs as a module whatever the package
                // says (as tsx and ts-node's ESM loader run it)
                _ if matches!(ext, Some("ts" | "tsx" | "jsx")) && ts_module_syntax(path) => {
                    Kind::Esm
                }
                // node 20.19+ detects module syntax in a `.js` file of a package without "type"
                // (so do the `esm` and babel loaders such projects run their tests with)
                _ if ext == Some("js") && js_module_syntax(path) => Kind::Esm,
                _ => Kind::Cjs,
            }
        }
    }
}

/// Whether the file at `path` is written as an ES module: `uses_modules(text, name)` on its text,
/// cached per file per thread (a file is asked about on every import of it).
fn module_syntax(path: &Path, uses_modules: fn(&str, &str) -> bool) -> bool {
    thread_local! {
        static SEEN: std::cell::RefCell<std::collections::HashMap<PathBuf, bool>> =
            Default::default();
    }
    if let Some(k) = SEEN.with(|s| s.borrow().get(path).copied()) {
        return k;
    }
    let name = path.to_string_lossy();
    let k = std::fs::read_to_string(path).is_ok_and(|text| uses_modules(&text, &name));
    SEEN.with(|s| s.borrow_mut().insert(path.to_path_buf(), k));
    k
}

/// Whether the TypeScript (or `.jsx`) file at `path` uses `import`/`export`; a file that does not strip
/// loads as a module, whose loading reports the error.
fn ts_module_syntax(path: &Path) -> bool {
    module_syntax(path, |text, name| {
        instrument::typescript::strip_types(text, name).is_err()
            || instrument::has_module_syntax(text, name)
    })
}

/// Whether the JavaScript file at `path` has `import`/`export` declarations; only files with a
/// line starting with either word are parsed.
fn js_module_syntax(path: &Path) -> bool {
    module_syntax(path, |text, name| {
        let starts = |l: &str, w: &str| {
            l.strip_prefix(w)
                .is_some_and(|r| r.starts_with([' ', '{', '*', '"', '\'']))
        };
        text.lines()
            .map(str::trim_start)
            .any(|l| starts(l, "import") || starts(l, "export"))
            && instrument::has_module_syntax(text, name)
    })
}

thread_local! {
    /// Conditions the runner adds for this thread's run (vite's `resolve.conditions`), tried first.
    static EXTRA_CONDITIONS: std::cell::RefCell<Vec<String>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Sets the conditions this thread's resolutions try before node's: `--conditions` in the
/// run's `NODE_OPTIONS` (`environment`), as node has them.
pub fn use_conditions_of(environment: &[(String, String)]) {
    let extra: Vec<String> = environment
        .iter()
        .filter(|(k, _)| k == "NODE_OPTIONS")
        .flat_map(|(_, v)| v.split_whitespace())
        .filter_map(|o| o.strip_prefix("--conditions="))
        .map(str::to_string)
        .collect();
    EXTRA_CONDITIONS.with(|c| *c.borrow_mut() = extra);
}

/// The target of a conditional `exports`/`imports` value for `conditions`.
pub fn pick_condition(v: &Value, conditions: &[&str]) -> Option<String> {
    match v {
        Value::String(s) => Some(s.clone()),
        Value::Array(items) => items.iter().find_map(|i| pick_condition(i, conditions)),
        // serde_json's maps are sorted, not in file order: conditions are tried in our order
        // (right for `default`, which node requires last; see docs/notes/esm.md).
        Value::Object(map) => {
            let extra = EXTRA_CONDITIONS.with(|c| c.borrow().clone());
            extra
                .iter()
                .map(String::as_str)
                .chain(conditions.iter().copied())
                .filter_map(|c| map.get(c))
                .find_map(|v| pick_condition(v, conditions))
        }
        _ => None,
    }
}

/// The target of subpath `sub` (`"."`, `"./x"`, `"#x"`) in an `exports` or `imports` map.
pub fn map_target(map: &Value, sub: &str, conditions: &[&str]) -> Option<String> {
    let obj = match map {
        Value::Object(o) if o.keys().any(|k| k.starts_with('.') || k.starts_with('#')) => o,
        _ if sub == "." => return pick_condition(map, conditions),
        _ => return None,
    };
    if let Some(v) = obj.get(sub) {
        return pick_condition(v, conditions);
    }
    for (key, v) in obj {
        if let Some(star) = key.find('*') {
            let (pre, post) = (&key[..star], &key[star + 1..]);
            if sub.len() >= pre.len() + post.len() && sub.starts_with(pre) && sub.ends_with(post) {
                let mid = &sub[pre.len()..sub.len() - post.len()];
                if let Some(t) = pick_condition(v, conditions) {
                    return Some(t.replace('*', mid));
                }
            }
        }
    }
    None
}

/// Where a package folder links to, when it is a symbolic link to a folder outside every
/// `node_modules` (a workspace's link to one of the project's packages).
fn workspace_link(pkg_dir: &Path) -> Option<PathBuf> {
    let meta = std::fs::symlink_metadata(pkg_dir).ok()?;
    if !meta.file_type().is_symlink() {
        return None;
    }
    let target = std::fs::canonicalize(pkg_dir).ok()?;
    let inside_deps = target.components().any(|c| c.as_os_str() == "node_modules");
    (!inside_deps).then_some(target)
}

/// Lexically normalised `base.join(rel)` (no symlinks resolved).
pub fn join(base: &Path, rel: &str) -> PathBuf {
    let mut out = if rel.starts_with('/') {
        PathBuf::from("/")
    } else {
        base.to_path_buf()
    };
    for part in rel.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                out.pop();
            }
            p => out.push(p),
        }
    }
    out
}

/// The TypeScript source a `.js`/`.mjs`/`.cjs` specifier means when only that exists
/// (TypeScript's resolution: `./x.js` names `./x.ts`).
pub fn ts_source_for(p: &Path) -> Option<PathBuf> {
    let s = p.to_string_lossy();
    let (stem, ts) = [(".js", ".ts"), (".mjs", ".mts"), (".cjs", ".cts")]
        .into_iter()
        .find_map(|(js, ts)| s.strip_suffix(js).map(|stem| (stem.to_string(), ts)))?;
    [ts, ".tsx", ".jsx"]
        .into_iter()
        .map(|ext| PathBuf::from(format!("{stem}{ext}")))
        .find(|c| c.is_file())
}

/// A file with TypeScript's and node's legacy fallbacks: exact, then `.js`/`.json`/`index.js`,
/// then TypeScript sources.
fn legacy_file(p: &Path) -> Option<PathBuf> {
    if p.is_file() {
        return Some(p.to_path_buf());
    }
    if let Some(ts) = ts_source_for(p) {
        return Some(ts);
    }
    let s = p.to_string_lossy();
    for ext in [
        ".js",
        ".json",
        ".cjs",
        ".mjs",
        "/index.js",
        ".ts",
        "/index.ts",
        ".jsx",
        "/index.jsx",
    ] {
        let c = PathBuf::from(format!("{s}{ext}"));
        if c.is_file() {
            return Some(c);
        }
    }
    None
}

/// Resolves `specifier` imported from a file in `from_dir` (builtins are handled by the caller).
pub fn resolve(specifier: &str, from_dir: &Path) -> Result<PathBuf, NotFound> {
    let spec = specifier
        .strip_prefix("file://")
        .map(str::to_string)
        .unwrap_or_else(|| specifier.to_string());
    if spec.starts_with("./")
        || spec.starts_with("../")
        || spec.starts_with('/')
        || spec == "."
        || spec == ".."
    {
        let p = join(from_dir, &spec);
        if p.is_file() {
            return Ok(p);
        }
        if let Some(ts) = ts_source_for(&p) {
            return Ok(ts);
        }
        // TypeScript sources import each other without extensions (`moduleResolution: bundler`)
        for ext in [
            ".ts",
            ".mts",
            ".tsx",
            "/index.ts",
            "/index.tsx",
            ".jsx",
            "/index.jsx",
        ] {
            let c = PathBuf::from(format!("{}{ext}", p.display()));
            if c.is_file() {
                return Ok(c);
            }
        }
        // a module in a package without "type" is one only by its syntax: written for a loader
        // (`-r esm`, babel) that resolves as `require` does, extensions and index files included
        let typeless = nearest_package(from_dir)
            .is_none_or(|(_, pkg)| pkg.get("type").and_then(Value::as_str) != Some("module"));
        // … a folder by its package.json "main" first (perhaps build output not built yet, which
        // the caller maps to its source)
        let main = p
            .join("package.json")
            .is_file()
            .then(|| std::fs::read_to_string(p.join("package.json")).ok())
            .flatten()
            .and_then(|t| serde_json::from_str::<Value>(&t).ok())
            .and_then(|pkg| pkg.get("main")?.as_str().map(str::to_string));
        if let Some(main) = main.filter(|_| typeless) {
            let m = join(&p, &main);
            return Ok(legacy_file(&m).unwrap_or(m));
        }
        if let Some(found) = legacy_file(&p).filter(|_| typeless) {
            return Ok(found);
        }
        if p.is_dir() {
            return Err(NotFound(format!(
                "Directory import '{}' is not supported resolving ES modules (name the file, e.g. '{}/index.js')",
                p.display(),
                spec.trim_end_matches('/')
            )));
        }
        return Err(NotFound(format!("Cannot find module '{}'", p.display())));
    }
    if let Some(name) = spec.strip_prefix('#') {
        let found = nearest_package(from_dir).and_then(|(dir, pkg)| {
            let t = map_target(pkg.get("imports")?, &format!("#{name}"), IMPORT_CONDITIONS)?;
            if t.starts_with("./") {
                Some(join(&dir, &t))
            } else {
                resolve(&t, &dir).ok()
            }
        });
        return found.filter(|p| p.is_file()).ok_or_else(|| {
            NotFound(format!(
                "Package import specifier '{spec}' is not defined in package.json \"imports\""
            ))
        });
    }
    resolve_package(&spec, from_dir)
}

/// Whether `p` is a dependency's file (under a `node_modules` folder).
pub fn in_node_modules(p: &Path) -> bool {
    p.components().any(|c| c.as_os_str() == "node_modules")
}

/// A bare `name[/sub]` through `node_modules` up the tree.
/// The file a folder with a `package.json` stands for when imported as a folder (vite's
/// directory import): its `exports` `.`, else its `main`, else `index`.
pub fn package_dir_entry(dir: &Path) -> Option<PathBuf> {
    let pkg: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("package.json")).ok()?).ok()?;
    if let Some(t) = pkg
        .get("exports")
        .filter(|e| !e.is_null())
        .and_then(|e| map_target(e, ".", IMPORT_CONDITIONS))
    {
        return Some(join(dir, &t));
    }
    let main = pkg
        .get("main")
        .and_then(Value::as_str)
        .unwrap_or("index.js");
    legacy_file(&join(dir, main))
        .or_else(|| legacy_file(&dir.join("index")))
        .or_else(|| Some(join(dir, main)))
}

fn resolve_package(spec: &str, from_dir: &Path) -> Result<PathBuf, NotFound> {
    let slash = if spec.starts_with('@') {
        spec.match_indices('/').nth(1).map(|(i, _)| i)
    } else {
        spec.find('/')
    };
    let (name, sub) = match slash {
        Some(i) => (&spec[..i], format!(".{}", &spec[i..])),
        None => (spec, ".".to_string()),
    };
    // the package's own name through its "exports" (node's self-reference); the target may be
    // build output not built yet, which the caller maps to its source
    if let Some((dir, pkg)) = nearest_package(from_dir) {
        if pkg.get("name").and_then(Value::as_str) == Some(name) {
            if let Some(t) = pkg
                .get("exports")
                .filter(|e| !e.is_null())
                .and_then(|e| map_target(e, &sub, IMPORT_CONDITIONS))
            {
                return Ok(join(&dir, &t));
            }
        }
    }
    let mut d = Some(from_dir);
    while let Some(cur) = d {
        let pkg_dir = cur.join("node_modules").join(name);
        if pkg_dir.is_dir() {
            let pkg: Value = std::fs::read_to_string(pkg_dir.join("package.json"))
                .ok()
                .and_then(|t| serde_json::from_str(&t).ok())
                .unwrap_or(Value::Null);
            if let Some(exports) = pkg.get("exports").filter(|e| !e.is_null()) {
                // a workspace's link to a package of the project: its target may be build
                // output not built yet, which the caller maps to its source
                return map_target(exports, &sub, IMPORT_CONDITIONS)
                    .and_then(|t| {
                        let p = join(&pkg_dir, &t);
                        match p.is_file() {
                            true => Some(p),
                            false => workspace_link(&pkg_dir).map(|link| join(&link, &t)),
                        }
                    })
                    .ok_or_else(|| {
                        NotFound(format!(
                            "Package subpath '{sub}' is not defined by \"exports\" in {}",
                            pkg_dir.join("package.json").display()
                        ))
                    });
            }
            let target = if sub == "." {
                let main = pkg
                    .get("main")
                    .and_then(Value::as_str)
                    .unwrap_or("index.js");
                legacy_file(&join(&pkg_dir, main)).or_else(|| legacy_file(&pkg_dir.join("index")))
            } else {
                legacy_file(&join(&pkg_dir, &sub))
            };
            if let Some(t) = target {
                return Ok(t);
            }
        }
        d = cur.parent();
    }
    Err(NotFound(format!("Cannot find package '{name}'")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conditions_prefer_import_over_require() {
        let v: Value = serde_json::from_str(
            r#"{".": {"require": "./c.cjs", "import": "./m.mjs"}, "./x/*": {"default": "./lib/*.js"}}"#,
        )
        .unwrap();
        assert_eq!(
            map_target(&v, ".", IMPORT_CONDITIONS).as_deref(),
            Some("./m.mjs")
        );
        assert_eq!(
            map_target(&v, ".", &["require", "node", "default"]).as_deref(),
            Some("./c.cjs")
        );
        assert_eq!(
            map_target(&v, "./x/a", IMPORT_CONDITIONS).as_deref(),
            Some("./lib/a.js")
        );
        assert_eq!(map_target(&v, "./y", IMPORT_CONDITIONS), None);
    }

    #[test]
    fn join_normalises() {
        assert_eq!(
            join(Path::new("/a/b"), "../c/./d.js"),
            PathBuf::from("/a/c/d.js")
        );
    }
}

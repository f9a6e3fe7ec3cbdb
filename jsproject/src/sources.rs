//! Build output mapped back to the project's sources: a test that loads `dist/index.js` (tsc,
//! babel, tshy, rollup) runs `src/index.ts` instead, so that decisions are found, profiled and
//! patched in the source. The source comes from the output file's source map (one source), else
//! from `tsconfig.json` `outDir`/`rootDir`, else from the convention `dist|build|out|lib|esm|cjs/X`
//! → `src/X` (`lib/` only when the output is missing, since many projects keep sources there), or
//! for a bundle named after the package (`dist/NAME.mjs`), `src/index`.

use std::path::{Component, Path, PathBuf};

use serde_json::Value;

/// Folders build tools write to, by name (at the project root).
const OUT_DIRS: &[&str] = &["dist", "build", "out", "esm", "cjs", "lib"];

/// Folders that hold output flavours inside an output folder (`dist/cjs/x.js`).
const FLAVOURS: &[&str] = &["cjs", "esm", "mjs", "src", "commonjs", "module", "node"];

/// Extensions a source may have, in order of preference.
const SOURCE_EXTS: &[&str] = &["ts", "mts", "cts", "js", "mjs", "cjs"];

/// The source file the build output at `p` (absolute, inside `root`, existing or not) was built
/// from, when the project has one; `None` for files that are not build output.
pub fn source_for(root: &Path, p: &Path) -> Option<PathBuf> {
    let rel = p.strip_prefix(root).ok()?;
    let parts: Vec<String> = rel
        .components()
        .map(|c| match c {
            Component::Normal(s) => Some(s.to_string_lossy().into_owned()),
            _ => None,
        })
        .collect::<Option<_>>()?;
    if parts.iter().any(|c| c == "node_modules") {
        return None;
    }
    let ts = TsConfig::cached(root);
    let rel_text = parts.join("/");
    if let Some((_, entry)) = ts.bundles.iter().find(|(out, _)| *out == rel_text) {
        return Some(root.join(entry)).filter(|p| p.is_file());
    }
    if parts.len() < 2 {
        return None;
    }
    // most files resolved are not build output: no file-system call for them
    let tail: Vec<String> = match ts.out_dir.as_deref().and_then(|o| strip_dir(&parts, o)) {
        Some(t) => t,
        None if OUT_DIRS.contains(&parts[0].as_str()) => parts[1..].to_vec(),
        None => return None,
    };
    let exists = p.is_file();
    if parts[0] == "lib" && exists && ts.out_dir.as_deref() != Some("lib") {
        return None;
    }
    if exists {
        if let Some(s) = from_source_map(root, p) {
            return Some(s);
        }
    }
    let out_top = &parts[0];
    let mut tails = vec![tail.clone()];
    if tail.len() > 1 && FLAVOURS.contains(&tail[0].as_str()) {
        tails.push(tail[1..].to_vec());
    }
    let mut bases: Vec<String> = Vec::new();
    if let Some(r) = &ts.root_dir {
        bases.push(r.clone());
    }
    bases.extend(["src".to_string(), "source".to_string(), String::new()]);
    for base in &bases {
        if base == out_top {
            continue;
        }
        for t in &tails {
            if let Some(found) = with_source_ext(&root.join(base).join(t.join("/"))) {
                return Some(found);
            }
        }
    }
    bundle_entry(root, &tail)
}

/// The bundles package scripts write, wherever they are written (chai's `esbuild --bundle
/// --outfile=index.js lib/chai.js`, `rollup -i src/x.js -o x.js`): (output, entry), both relative
/// to the root, for a bundler command line that names one entry.
fn scripted_bundles(root: &Path) -> Vec<(String, String)> {
    let pkg: Value = std::fs::read_to_string(root.join("package.json"))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or(Value::Null);
    let Some(scripts) = pkg.get("scripts").and_then(Value::as_object) else {
        return Vec::new();
    };
    let clean = |p: &str| p.trim_start_matches("./").to_string();
    let mut found = Vec::new();
    for script in scripts.values().filter_map(Value::as_str) {
        for command in script.split(['&', '|', ';']) {
            let words: Vec<&str> = command.split_whitespace().collect();
            let Some((at, tool)) = words
                .iter()
                .enumerate()
                .find_map(|(i, w)| Some((i, bundler(w)?)))
            else {
                continue;
            };
            let (out, entries) = bundle_args(tool, &words[at + 1..]);
            if let (Some(out), [entry]) = (out, entries.as_slice()) {
                found.push((clean(&out), clean(entry)));
            }
        }
    }
    found
}

/// `esbuild` or `rollup`, for a command word that runs one (`npx esbuild`, `./node_modules/.bin/rollup`).
fn bundler(word: &str) -> Option<&'static str> {
    match word.rsplit('/').next() {
        Some("esbuild") => Some("esbuild"),
        Some("rollup") => Some("rollup"),
        _ => None,
    }
}

/// A bundler's output file and entry points, from its arguments.
fn bundle_args(tool: &str, args: &[&str]) -> (Option<String>, Vec<String>) {
    let (out_flags, in_flags): (&[&str], &[&str]) = match tool {
        "esbuild" => (&["--outfile"], &[]),
        _ => (&["-o", "--file"], &["-i", "--input"]),
    };
    let mut out = None;
    let mut entries = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i];
        let (flag, inline) = match a.split_once('=') {
            Some((f, v)) if f.starts_with('-') => (f, Some(v)),
            _ => (a, None),
        };
        let value = |i: &mut usize| match inline {
            Some(v) => Some(v.to_string()),
            None => {
                *i += 1;
                args.get(*i).map(|v| v.to_string())
            }
        };
        if out_flags.contains(&flag) {
            out = value(&mut i);
        } else if in_flags.contains(&flag) {
            entries.extend(value(&mut i));
        } else if !a.starts_with('-') && tool == "esbuild" {
            entries.push(a.to_string());
        }
        i += 1;
    }
    (out, entries)
}

/// A bundle named after the package (`dist/reselect.mjs` of `reselect`, tsup's and rollup's
/// habit) is built from the package's entry, `src/index.*`.
fn bundle_entry(root: &Path, tail: &[String]) -> Option<PathBuf> {
    let [file] = tail else { return None };
    let stem = file.split('.').next()?;
    let text = std::fs::read_to_string(root.join("package.json")).ok()?;
    let pkg: Value = serde_json::from_str(&text).ok()?;
    let name = pkg.get("name")?.as_str()?;
    let short = name.rsplit('/').next()?;
    (stem == short).then(|| with_source_ext(&root.join("src/index")))?
}

/// `parts` below the folder `dir` (`dist` or `build/out`), when they are under it.
fn strip_dir(parts: &[String], dir: &str) -> Option<Vec<String>> {
    let d: Vec<&str> = dir
        .trim_start_matches("./")
        .trim_end_matches('/')
        .split('/')
        .filter(|s| !s.is_empty() && *s != ".")
        .collect();
    if d.is_empty() || parts.len() <= d.len() {
        return None;
    }
    d.iter()
        .zip(parts)
        .all(|(a, b)| *a == b)
        .then(|| parts[d.len()..].to_vec())
}

/// `x.js`/`x.mjs`/`x.cjs`/`x` (or `x/index`) as a source file that exists: `x.ts`, `x.mts`, ….
fn with_source_ext(p: &Path) -> Option<PathBuf> {
    let s = p.to_string_lossy();
    let stem = [".d.ts", ".js", ".mjs", ".cjs"]
        .iter()
        .find_map(|e| s.strip_suffix(e))
        .unwrap_or(&s);
    SOURCE_EXTS
        .iter()
        .map(|e| PathBuf::from(format!("{stem}.{e}")))
        .chain(
            SOURCE_EXTS
                .iter()
                .map(|e| PathBuf::from(format!("{stem}/index.{e}"))),
        )
        .find(|c| c.is_file())
}

/// The one source named by the source map of `p` (`p.map`, or its `sourceMappingURL` file),
/// when it is a file of the project outside `node_modules`.
fn from_source_map(root: &Path, p: &Path) -> Option<PathBuf> {
    let text = std::fs::read_to_string(p).ok()?;
    let named = text.lines().rev().take(3).find_map(|l| {
        let u = l.trim().strip_prefix("//# sourceMappingURL=")?;
        (!u.starts_with("data:")).then(|| p.parent().map(|d| d.join(u)))?
    });
    let map_path = named.unwrap_or_else(|| PathBuf::from(format!("{}.map", p.display())));
    let map: Value = serde_json::from_str(&std::fs::read_to_string(&map_path).ok()?).ok()?;
    let sources = map.get("sources")?.as_array()?;
    let [only] = sources.as_slice() else {
        return None;
    };
    let dir = map_path.parent()?;
    let source_root = map.get("sourceRoot").and_then(Value::as_str).unwrap_or("");
    let found = normalize(&dir.join(source_root).join(only.as_str()?));
    let inside = found.strip_prefix(root).ok()?;
    let ok = found.is_file() && !crate::resolve::in_node_modules(inside);
    ok.then_some(found)
}

/// `a/b/../c` as `a/c`, without touching the disk.
pub fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// `tsconfig.json` `compilerOptions.outDir` and `rootDir`, when set.
#[derive(Debug, Default)]
struct TsConfig {
    out_dir: Option<String>,
    root_dir: Option<String>,
    /// What package scripts bundle where ([`scripted_bundles`]).
    bundles: Vec<(String, String)>,
}

impl TsConfig {
    /// The root's configuration, read once per thread.
    fn cached(root: &Path) -> std::rc::Rc<TsConfig> {
        thread_local! {
            static SEEN: std::cell::RefCell<std::collections::HashMap<PathBuf, std::rc::Rc<TsConfig>>> =
                Default::default();
        }
        SEEN.with(|s| {
            if let Some(c) = s.borrow().get(root) {
                return c.clone();
            }
            let c = std::rc::Rc::new(TsConfig::read(root));
            s.borrow_mut().insert(root.to_path_buf(), c.clone());
            c
        })
    }

    fn read(root: &Path) -> TsConfig {
        let bundles = scripted_bundles(root);
        let Ok(text) = std::fs::read_to_string(root.join("tsconfig.json")) else {
            return TsConfig {
                bundles,
                ..TsConfig::default()
            };
        };
        let v: Value = serde_json::from_str(&crate::jsonc::to_json(&text)).unwrap_or(Value::Null);
        let opt = |k: &str| {
            v.get("compilerOptions")
                .and_then(|c| c.get(k))
                .and_then(Value::as_str)
                .map(|s| s.trim_start_matches("./").trim_end_matches('/').to_string())
        };
        TsConfig {
            out_dir: opt("outDir"),
            root_dir: opt("rootDir").filter(|r| !r.is_empty() && r != "."),
            bundles,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_files::project;

    #[test]
    fn a_bundle_a_script_writes_maps_to_its_entry() {
        let pkg = r#"{ "scripts": {
            "build": "esbuild --bundle --format=esm --outfile=index.js lib/main.js",
            "umd": "npm run build && rollup -i ./src/umd.js -o dist/x.umd.js --format umd",
            "two": "esbuild a.js b.js --outdir=out"
        } }"#;
        let d = project(&[
            ("package.json", pkg),
            ("index.js", ""),
            ("lib/main.js", ""),
            ("src/umd.js", ""),
        ]);
        let r = d.path();
        assert_eq!(
            source_for(r, &r.join("index.js")),
            Some(r.join("lib/main.js"))
        );
        assert_eq!(
            source_for(r, &r.join("dist/x.umd.js")),
            Some(r.join("src/umd.js"))
        );
        assert_eq!(source_for(r, &r.join("out/a.js")), None);
        assert_eq!(source_for(r, &r.join("lib/main.js")), None);
    }

    #[test]
    fn missing_output_maps_to_the_source_by_convention_and_tsconfig() {
        let d = project(&[("src/index.ts", ""), ("src/util/a.ts", "")]);
        let r = d.path();
        assert_eq!(
            source_for(r, &r.join("dist/index.js")),
            Some(r.join("src/index.ts"))
        );
        assert_eq!(
            source_for(r, &r.join("dist/cjs/util/a.js")),
            Some(r.join("src/util/a.ts"))
        );
        assert_eq!(
            source_for(r, &r.join("lib/index.js")),
            Some(r.join("src/index.ts"))
        );
        assert_eq!(source_for(r, &r.join("src/index.ts")), None);
        assert_eq!(source_for(r, &r.join("dist/nothing.js")), None);
        // a bundle named after the package comes from its entry
        let d = project(&[
            ("src/index.ts", ""),
            ("package.json", r#"{"name":"@s/sel"}"#),
        ]);
        let r = d.path();
        assert_eq!(
            source_for(r, &r.join("dist/sel.mjs")),
            Some(r.join("src/index.ts"))
        );
        assert_eq!(source_for(r, &r.join("dist/other.mjs")), None);
        let d = project(&[
            ("code/main.ts", ""),
            ("tsconfig.json", "{ // c\n \"compilerOptions\": { \"outDir\": \"./built/\", \"rootDir\": \"code\", },\n}"),
        ]);
        let r = d.path();
        assert_eq!(
            source_for(r, &r.join("built/main.js")),
            Some(r.join("code/main.ts"))
        );
    }

    #[test]
    fn existing_output_maps_through_its_source_map_and_lib_sources_stay() {
        let d = project(&[
            ("dist/bundle.js", "x\n//# sourceMappingURL=bundle.js.map\n"),
            (
                "dist/bundle.js.map",
                r#"{"version":3,"sources":["../src/entry.js"],"mappings":""}"#,
            ),
            ("src/entry.js", ""),
            ("lib/index.js", ""),
            ("src/index.ts", ""),
        ]);
        let r = d.path();
        assert_eq!(
            source_for(r, &r.join("dist/bundle.js")),
            Some(r.join("src/entry.js"))
        );
        assert_eq!(source_for(r, &r.join("lib/index.js")), None);
    }
}

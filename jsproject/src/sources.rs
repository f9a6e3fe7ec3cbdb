//! Build output mapped back to the project's sources: a test that loads `dist/index.js` (tsc,
//! babel, tshy, rollup) runs `src/index.ts` instead, so that decisions are found, profiled and
//! patched in the source. The source comes from what the build scripts write where
//! (`build_scripts`: a bundle's entry, a compiled folder's source folder), else the output file's
//! source map (one source), else `tsconfig.json` `outDir`/`rootDir`, else the convention
//! `dist|build|out|lib|esm|cjs/X` → `src/X` (`lib/` only when the output is missing or ignored by
//! git, since many projects keep sources there), or for a bundle named after the package
//! (`dist/NAME.mjs`), `src/index`; an ignored `x.js` beside a kept `x.mjs` comes from it. An
//! output file that is committed, named by no source map or `outDir`, in a project with no build
//! script, is not build output: nothing would rebuild it, so it is the code the tests run.

use std::path::{Component, Path, PathBuf};

use serde_json::Value;

use crate::build_scripts::BuildScripts;
use crate::classify::ProjectFiles;

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
    if let Some((_, entry)) = ts.scripts.bundles.iter().find(|(out, _)| *out == rel_text) {
        return Some(root.join(entry)).filter(|p| p.is_file());
    }
    if let Some(found) = scripted_folder(root, &ts, &parts, p) {
        return Some(found);
    }
    if let Some(found) = ignored_sibling(&ts, &rel_text, p) {
        return Some(found);
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
    if parts[0] == "lib" && exists && ts.out_dir.as_deref() != Some("lib") && !ts.ignored(&rel_text)
    {
        return None;
    }
    if exists {
        if let Some(s) = from_source_map(root, p) {
            return Some(s);
        }
        // committed output that no script of the project rebuilds (a generated package checked
        // in, as TinyColor's `npm/cjs/`): the tests run it as it is, and so must the gate
        if !ts.ignored(&rel_text) && ts.out_dir.is_none() && !ts.scripts.builds {
            return None;
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

/// The source of `parts` (the output at `p`) when a build script compiles a folder into the
/// folder it is in (`tsc --outDir libesm`, `babel src -d .`): the same path below the source
/// folder. Into the root (`.`), only a file that is missing or that `.gitignore` names counts.
fn scripted_folder(root: &Path, ts: &TsConfig, parts: &[String], p: &Path) -> Option<PathBuf> {
    let rel = parts.join("/");
    ts.scripts.folders.iter().find_map(|(out, src)| {
        let src = src
            .as_deref()
            .or(ts.root_dir.as_deref())
            .unwrap_or("src")
            .trim_end_matches('/');
        if out == src || strip_dir(parts, src).is_some() {
            return None;
        }
        let tail = if out == "." {
            if p.is_file() && !ts.ignored(&rel) {
                return None;
            }
            parts.to_vec()
        } else {
            strip_dir(parts, out)?
        };
        with_source_ext(&root.join(src).join(tail.join("/")))
    })
}

/// The source beside an ignored `x.js`/`x.cjs`: `x.mjs`/`x.ts`/`x.mts` that git keeps (trouter's
/// `bundt index.mjs` writes the ignored `index.js`).
fn ignored_sibling(ts: &TsConfig, rel: &str, p: &Path) -> Option<PathBuf> {
    let stem = [".js", ".cjs"].iter().find_map(|e| rel.strip_suffix(e))?;
    if !p.is_file() || !ts.ignored(rel) {
        return None;
    }
    let dir = p.parent()?;
    let file_stem = stem.rsplit('/').next()?;
    ["mjs", "ts", "mts"].iter().find_map(|e| {
        let candidate = dir.join(format!("{file_stem}.{e}"));
        let kept = !ts.ignored(&format!("{stem}.{e}"));
        (kept && candidate.is_file()).then_some(candidate)
    })
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

/// `tsconfig.json` `compilerOptions.outDir` and `rootDir`, when set, what the build scripts
/// write, and the `.gitignore`.
#[derive(Debug, Default)]
struct TsConfig {
    out_dir: Option<String>,
    root_dir: Option<String>,
    /// What package scripts build where.
    scripts: BuildScripts,
    /// The root's `.gitignore` (build output nobody commits).
    files: Option<ProjectFiles>,
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

    /// True when `.gitignore` names `rel`.
    fn ignored(&self, rel: &str) -> bool {
        self.files
            .as_ref()
            .and_then(|f| f.why_not(rel))
            .is_some_and(|(_, why)| why == crate::classify::IGNORED)
    }

    fn read(root: &Path) -> TsConfig {
        let scripts = BuildScripts::read(root);
        let files = Some(ProjectFiles::new(root));
        let Ok(text) = std::fs::read_to_string(root.join("tsconfig.json")) else {
            return TsConfig {
                scripts,
                files,
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
            scripts,
            files,
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
    fn committed_output_nothing_rebuilds_is_run_as_it_is() {
        // TinyColor's npm package: `cjs/tinycolor.js` checked in beside `tinycolor.js`, no build
        let files = [("cjs/tinycolor.js", "x"), ("tinycolor.js", "x")];
        let d = project(&files);
        let r = d.path();
        assert_eq!(source_for(r, &r.join("cjs/tinycolor.js")), None);
        // with a build script it is output the gate rebuilds
        let d = project(&[
            ("cjs/tinycolor.js", "x"),
            ("tinycolor.js", "x"),
            ("package.json", r#"{"scripts":{"build":"node build.js"}}"#),
        ]);
        let r = d.path();
        assert_eq!(
            source_for(r, &r.join("cjs/tinycolor.js")),
            Some(r.join("tinycolor.js"))
        );
        // and ignored output is output whatever the scripts
        let d = project(&[
            ("cjs/tinycolor.js", "x"),
            ("tinycolor.js", "x"),
            (".gitignore", "/cjs\n"),
        ]);
        let r = d.path();
        assert_eq!(
            source_for(r, &r.join("cjs/tinycolor.js")),
            Some(r.join("tinycolor.js"))
        );
    }

    #[test]
    fn folders_build_scripts_compile_into_map_back_to_their_sources() {
        // jsdiff: `tsc --outDir libesm`, the source folder from tsconfig's rootDir
        let d = project(&[
            (
                "package.json",
                r#"{"scripts":{"esm":"tsc --module nodenext --outDir libesm"}}"#,
            ),
            ("tsconfig.json", r#"{"compilerOptions":{"rootDir":"src/"}}"#),
            ("src/index.ts", ""),
            ("src/diff/line.ts", ""),
        ]);
        let r = d.path();
        assert_eq!(
            source_for(r, &r.join("libesm/diff/line.js")),
            Some(r.join("src/diff/line.ts"))
        );
        // validator.js: `babel src -d .` writes the root's index.js and lib/, both ignored
        let d = project(&[
            (
                "package.json",
                r#"{"scripts":{"build:node":"babel src -d ."}}"#,
            ),
            (".gitignore", "/index.js\n/lib\n"),
            ("index.js", "built"),
            ("lib/isInt.js", "built"),
            ("src/index.js", ""),
            ("src/lib/isInt.js", ""),
            ("README.js", ""),
        ]);
        let r = d.path();
        assert_eq!(
            source_for(r, &r.join("index.js")),
            Some(r.join("src/index.js"))
        );
        assert_eq!(
            source_for(r, &r.join("lib/isInt.js")),
            Some(r.join("src/lib/isInt.js"))
        );
        assert_eq!(source_for(r, &r.join("src/lib/isInt.js")), None);
        assert_eq!(source_for(r, &r.join("README.js")), None);
        // trouter: `bundt index.mjs` writes the ignored `index.js`
        let d = project(&[
            (".gitignore", "/index.js\n"),
            ("index.js", "built"),
            ("index.mjs", ""),
            ("other.js", ""),
            ("other.mjs", ""),
        ]);
        let r = d.path();
        assert_eq!(
            source_for(r, &r.join("index.js")),
            Some(r.join("index.mjs"))
        );
        assert_eq!(source_for(r, &r.join("other.js")), None);
        // mri: `lib/` is ignored build output of `src/` (by convention, no script says so)
        let d = project(&[
            (".gitignore", "/lib\n"),
            ("lib/index.js", "built"),
            ("src/index.js", ""),
        ]);
        let r = d.path();
        assert_eq!(
            source_for(r, &r.join("lib/index.js")),
            Some(r.join("src/index.js"))
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

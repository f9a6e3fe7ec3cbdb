//! Names a project module imports or re-exports that the module it names does not export, bound
//! to `undefined` as vitest and jest bind them. Both load a module as an object (vite-node's
//! transform; CommonJS after ts-jest or babel), so `import { Options } from './options'` of a
//! TypeScript type not marked `type` (TypeScript elides it with the type information
//! `isolatedModules` does without) reads a missing property; an ES module linked as the language
//! says (Boa, node) fails the whole file instead. Only modules of the project whose exports their
//! text spells out are checked; every dropped name is noted. [`runner_rewrites`] also places a
//! file's module mocks first, as the runners hoist them.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use instrument::imports::{drop_requests, module_exports, named_requests, NamedRequest};

use crate::discover::Runner;
use crate::resolve::{self, Kind};

/// Whether the project's runner tolerates a missing named import (vitest and jest do).
pub fn runner_tolerates(runner: Option<Runner>) -> bool {
    matches!(runner, Some(Runner::Vitest | Runner::Jest))
}

/// What project modules export, read once per run: `None` when not known (not a project ES
/// module, or one that exports names its text does not spell).
#[derive(Debug, Default)]
pub struct ExportCache {
    known: HashMap<PathBuf, Option<BTreeSet<String>>>,
    /// A copy's folder and the project it copies: a module of the copy is read where the project
    /// has it (the copy's TypeScript is stripped already, and a module of types only is empty).
    original: Option<(PathBuf, PathBuf)>,
    /// The runner compiles modules to CommonJS with babel (jest): a module that assigns
    /// `exports.x` beside its `import`s exports those names ([`babel_commonjs`]).
    babel: bool,
}

impl ExportCache {
    /// The cache for a project the runner `runner` tests.
    pub fn for_runner(runner: Option<Runner>) -> Self {
        ExportCache {
            babel: runner == Some(Runner::Jest),
            ..ExportCache::default()
        }
    }
}

impl ExportCache {
    /// The names the ES module at `abs` exports (those of its `export *` targets included).
    fn exports(&mut self, abs: &Path) -> Option<BTreeSet<String>> {
        if let Some(k) = self.known.get(abs) {
            return k.clone();
        }
        // a cycle of `export *` reads as unknown while it is being read
        self.known.insert(abs.to_path_buf(), None);
        let found = self.read(abs);
        self.known.insert(abs.to_path_buf(), found.clone());
        found
    }

    /// Where the module at `abs` is read: in the project, for a module of the gate's copy.
    fn original_of(&self, abs: &Path) -> PathBuf {
        match &self.original {
            Some((copy, original)) => abs
                .strip_prefix(copy)
                .map_or_else(|_| abs.to_path_buf(), |rel| original.join(rel)),
            None => abs.to_path_buf(),
        }
    }

    /// Whether the TypeScript module at `abs` declares `name` as a type.
    fn declares_type(&self, abs: &Path, name: &str) -> bool {
        instrument::typescript::is_typescript(&abs.to_string_lossy())
            && std::fs::read_to_string(self.original_of(abs))
                .is_ok_and(|s| instrument::typescript::declares_type(&s, name))
    }

    fn read(&mut self, abs: &Path) -> Option<BTreeSet<String>> {
        if resolve::in_node_modules(abs) {
            return None;
        }
        let source = std::fs::read_to_string(self.original_of(abs)).ok()?;
        if resolve::kind_of(abs) != Kind::Esm {
            // a TypeScript module whose imports and exports all named types exports nothing
            // (node's hooks still load it as a module, and jest reads its names as undefined)
            let shown = abs.to_string_lossy();
            let spelled = source.lines().map(str::trim_start).any(|l| {
                ["import ", "export ", "import{", "export{"]
                    .iter()
                    .any(|w| l.starts_with(w))
            });
            return (instrument::typescript::is_typescript(&shown) && spelled).then(BTreeSet::new);
        }
        if self.babel {
            if let Some(names) = assigned_exports(&source, &abs.to_string_lossy()) {
                return Some(names.into_iter().chain(["default".to_string()]).collect());
            }
        }
        let e = module_exports(&source, &abs.to_string_lossy())?;
        if e.open {
            return None;
        }
        let mut names = e.names;
        let dir = abs.parent()?;
        // a name re-exported from a project module that lacks it is dropped from the
        // re-export too (`export { default as Options } from './options'` of an interface)
        for (name, asked, spec) in &e.renamed_from {
            if !(spec.starts_with("./") || spec.starts_with("../")) {
                continue;
            }
            let Ok(target) = resolve::resolve(spec, dir) else {
                continue;
            };
            if self.exports(&target).is_some_and(|t| !t.contains(asked)) {
                names.remove(name);
            }
        }
        for spec in &e.star_from {
            let target = resolve::resolve(spec, dir).ok()?;
            let more = self.exports(&target)?;
            names.extend(more.into_iter().filter(|n| n != "default"));
        }
        Some(names)
    }
}

/// Which missing names a file's imports and re-exports drop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tolerance {
    /// Every one (jest and vitest read a missing name as `undefined`).
    Any,
    /// Only the types a TypeScript module declares (`export { Op } from './utils'` of `type Op`,
    /// which TypeScript elides with the type information `isolatedModules` does without).
    Types,
}

/// `source` (the file `abs`, shown as `shown`) without the names it asks of project modules that
/// do not export them (only their types, by `tolerance`), and a note for each; `None` when
/// nothing is missing.
pub fn tolerate_missing(
    abs: &Path,
    shown: &str,
    source: &str,
    cache: &mut ExportCache,
    tolerance: Tolerance,
) -> Option<(String, Vec<String>)> {
    let requests = named_requests(source, shown);
    let dir = abs.parent()?;
    let mut missing: Vec<&NamedRequest> = Vec::new();
    for r in &requests {
        if !(r.from.starts_with("./") || r.from.starts_with("../")) {
            continue;
        }
        let Ok(target) = resolve::resolve(&r.from, dir) else {
            continue;
        };
        let lacks = cache
            .exports(&target)
            .is_some_and(|names| !names.contains(&r.name));
        if lacks && (tolerance == Tolerance::Any || cache.declares_type(&target, &r.name)) {
            missing.push(r);
        }
    }
    if missing.is_empty() {
        return None;
    }
    let notes = missing
        .iter()
        .map(|r| match tolerance {
            Tolerance::Any => format!(
                "{shown}: `{}` is not exported by '{}' (a type imported without `type`?): it is `undefined` here, as under vitest and jest",
                r.name, r.from
            ),
            Tolerance::Types => format!(
                "{shown}: `{}` is a type of '{}' named without `type`: elided, as TypeScript elides it",
                r.name, r.from
            ),
        })
        .collect();
    Some((drop_requests(source, &missing), notes))
}

/// The names an ES module without `export`s assigns to `exports.x` (or `module.exports.x`) at the
/// start of a line: babel compiles such a module to CommonJS, where they are its exports; `None`
/// for any other module, or one that replaces `module.exports` whole.
fn assigned_exports(source: &str, shown: &str) -> Option<BTreeSet<String>> {
    if !source.contains("exports.") {
        return None;
    }
    let lines = source.lines().map(str::trim_start);
    let mut names = BTreeSet::new();
    for line in lines {
        let rest = line.strip_prefix("module.").unwrap_or(line);
        if rest.starts_with("exports =") || rest.starts_with("exports=") {
            return None;
        }
        let Some(rest) = rest.strip_prefix("exports.") else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$')
            .collect();
        let after = rest[name.len()..].trim_start();
        if !name.is_empty() && after.starts_with('=') && !after.starts_with("==") {
            names.insert(name);
        }
    }
    if names.is_empty() {
        return None;
    }
    let e = module_exports(source, shown)?;
    (e.names.is_empty() && !e.open && e.star_from.is_empty()).then_some(names)
}

/// A module of `import`s and `exports.x = …` as babel runs it (see [`assigned_exports`]): `module`
/// and `exports` declared before its first line, and after its last the object as its default
/// export and each name assigned as a named one. `None` when the module is not one, or its first
/// line has a decision (the declarations would move it).
fn babel_commonjs(source: &str, shown: &str) -> Option<String> {
    let names = assigned_exports(source, shown)?;
    let first = source.lines().next().unwrap_or("");
    // `?` also stands for `??` and `?.`
    if ["&&", "||", "?", "switch"]
        .iter()
        .any(|d| first.contains(d))
    {
        return None;
    }
    let mut out = String::from("var module = { exports: {} }, exports = module.exports; ");
    out.push_str(source);
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str("export default module.exports;\n");
    for (i, n) in names.iter().enumerate() {
        out.push_str(&format!(
            "var __dp_export{i} = module.exports.{n}; export {{ __dp_export{i} as {n} }};\n"
        ));
    }
    Some(out)
}

/// What jest and vitest do to a project file before it runs (`shown`, at `abs`): names its
/// imports ask of modules that lack them dropped ([`tolerate_missing`]) and its module mocks
/// placed first ([`instrument::mocks::hoist_mocks`]); `None` when neither changes it.
pub fn runner_rewrites(
    abs: &Path,
    shown: &str,
    source: &str,
    cache: &mut ExportCache,
) -> Option<(String, Vec<String>)> {
    let compiled = cache.babel.then(|| babel_commonjs(source, shown)).flatten();
    let source = compiled.as_deref().unwrap_or(source);
    let tolerated = tolerate_missing(abs, shown, source, cache, Tolerance::Any);
    let tolerated = match (tolerated, &compiled) {
        (None, Some(c)) => Some((c.clone(), Vec::new())),
        (t, _) => t,
    };
    let text = tolerated.as_ref().map_or(source, |(t, _)| t.as_str());
    // the file as the harness finds it from the project's root, wherever the project runs
    match instrument::mocks::hoist_mocks(text, shown) {
        Some(hoisted) => Some((hoisted, tolerated.map(|(_, n)| n).unwrap_or_default())),
        None => tolerated,
    }
}

/// What the engines do to a project file (`shown`, at `abs`) before it runs: the runner's
/// rewrites under jest and vitest ([`runner_rewrites`]); else, in a TypeScript file, the types
/// it names without `type` elided ([`Tolerance::Types`]); `None` when nothing changes.
pub fn project_rewrites(
    abs: &Path,
    shown: &str,
    source: &str,
    cache: &mut ExportCache,
    tolerant: bool,
) -> Option<(String, Vec<String>)> {
    if tolerant {
        runner_rewrites(abs, shown, source, cache)
    } else if instrument::typescript::is_typescript(shown) {
        tolerate_missing(abs, shown, source, cache, Tolerance::Types)
    } else {
        None
    }
}

/// Rewrites, in the copy at `root` of the project at `original` (the gate's variants), every
/// script outside `node_modules` as the engines ran it ([`project_rewrites`]).
pub fn runner_rewrites_in_copy(
    root: &Path,
    original: &Path,
    runner: Option<Runner>,
) -> std::io::Result<()> {
    let tolerant = runner_tolerates(runner);
    let mut cache = ExportCache {
        original: Some((root.to_path_buf(), original.to_path_buf())),
        ..ExportCache::for_runner(runner)
    };
    let walker = ignore::WalkBuilder::new(root)
        .standard_filters(false)
        .filter_entry(|e| e.file_name() != ".git" && e.file_name() != "node_modules")
        .sort_by_file_name(|a, b| a.cmp(b))
        .build();
    for entry in walker.flatten() {
        let abs = entry.path();
        let rel = crate::classify::rel_path(root, abs);
        if !entry.file_type().is_some_and(|t| t.is_file()) || !crate::classify::is_script(&rel) {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(abs) else {
            continue;
        };
        if let Some((fixed, _)) = project_rewrites(abs, &rel, &text, &mut cache, tolerant) {
            std::fs::write(abs, fixed)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_the_target_lacks_is_dropped_and_noted() {
        let dir = tempfile::tempdir().expect("temp dir");
        let write = |name: &str, text: &str| {
            std::fs::write(dir.path().join(name), text).expect("write");
        };
        write("package.json", r#"{ "type": "module" }"#);
        write(
            "options.ts",
            "export type Options = { n: number };\nexport const defaults = { n: 1 };\n",
        );
        write("all.ts", "export * from './options.js';\n");
        write("dynamic.js", "export const { a } = { a: 1 };\n");
        let main = "import { defaults, Options } from './all.js';\nimport { a, b } from './dynamic.js';\nexport { Options };\nexport const n: number = defaults.n + a + b;\n";
        let abs = dir.path().join("main.ts");
        let mut cache = ExportCache::default();
        let (out, notes) = tolerate_missing(&abs, "main.ts", main, &mut cache, Tolerance::Any)
            .expect("a missing name");
        assert_eq!(
            out.lines().next().map(str::len),
            main.lines().next().map(str::len)
        );
        assert!(out.starts_with("import { defaults "), "{out}");
        assert!(
            !out.lines().next().unwrap_or("").contains("Options"),
            "{out}"
        );
        // `dynamic.js` spells no export list: its names are left to the engine
        assert!(out.contains("import { a, b } from './dynamic.js'"), "{out}");
        assert!(out.ends_with("var Options;\n"), "{out}");
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(notes[0].starts_with("main.ts: `Options` is not exported by './all.js'"));
        let fine = "import { defaults } from './options.js';\n";
        assert!(tolerate_missing(&abs, "main.ts", fine, &mut cache, Tolerance::Any).is_none());
    }
}

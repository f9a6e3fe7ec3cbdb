//! A project's benchmarks, found the way its maintainers run them: the files `scripts.bench`
//! (`benchmark`, `benchmarks`, `perf`, `bench:*`) runs, the scripts in `benchmark/`, `benchmarks/`,
//! `bench/` and `perf/`, and `*.bench.*` files (vitest's `bench`); each with the benchmark library
//! it uses (benchmark.js, tinybench, mitata, vitest), when it names one.

use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::script::words;

/// One benchmark a project ships.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Benchmark {
    /// The file, relative to the root, `/`-separated.
    pub file: String,
    /// How it was found (`scripts.bench runs it`, `in bench/`, `a *.bench.* file`).
    pub found: String,
    /// The benchmark library it loads, when it loads one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub library: Option<String>,
}

const SCRIPT_NAMES: [&str; 4] = ["bench", "benchmark", "benchmarks", "perf"];
const FOLDERS: [&str; 4] = ["benchmark", "benchmarks", "bench", "perf"];
const EXTENSIONS: [&str; 6] = ["js", "mjs", "cjs", "ts", "mts", "cts"];
/// How deep `*.bench.*` files are looked for.
const BENCH_FILE_DEPTH: usize = 5;
/// How much of a file is read to see which library it loads.
const READ_LIMIT: usize = 64 * 1024;

/// The benchmarks of the project at `root` (whose `package.json` is `pkg`), sorted by file.
pub fn benchmarks(root: &Path, pkg: &Value) -> Vec<Benchmark> {
    let mut out: Vec<Benchmark> = Vec::new();
    for (name, cmd) in bench_scripts(pkg) {
        for w in words(&cmd) {
            let w = w.trim_start_matches("./");
            if is_script(w) && root.join(w).is_file() {
                add(
                    root,
                    &mut out,
                    w.to_string(),
                    format!("scripts.{name} runs it"),
                );
            }
        }
    }
    let run_by_scripts = out.len();
    for folder in FOLDERS {
        for file in scripts_in(&root.join(folder)) {
            add(
                root,
                &mut out,
                format!("{folder}/{file}"),
                format!("in {folder}/"),
            );
        }
    }
    for file in bench_files(root) {
        add(root, &mut out, file, "a *.bench.* file".into());
    }
    fold_imported(root, &mut out, run_by_scripts);
    out.sort_by(|a, b| a.file.cmp(&b.file));
    out
}

/// Adds `file` to `out` unless it is there, with the library it loads.
fn add(root: &Path, out: &mut Vec<Benchmark>, file: String, found: String) {
    if !out.iter().any(|b| b.file == file) {
        let library = library_of(&root.join(&file));
        out.push(Benchmark {
            file,
            found,
            library,
        });
    }
}

/// Drops the benchmarks after the first `entries` (those a script runs) that one of those imports
/// by a relative path: they define suites the entry runs (luxon's `benchmarks/index.js` runs
/// the suites `datetime.js` exports), and loaded alone they run nothing. The entry takes the
/// library of what it imports when it names none itself.
fn fold_imported(root: &Path, out: &mut Vec<Benchmark>, entries: usize) {
    let mut i = entries;
    while i < out.len() {
        let importer = (0..entries).find(|&e| imports(root, &out[e].file, &out[i].file));
        match importer {
            Some(e) => {
                let folded = out.remove(i);
                if out[e].library.is_none() {
                    out[e].library = folded.library;
                }
            }
            None => i += 1,
        }
    }
}

/// Whether the script `from` names `file` (both relative to `root`) in a quoted relative path
/// from its own folder, with or without the extension.
fn imports(root: &Path, from: &str, file: &str) -> bool {
    let dir = Path::new(from).parent().unwrap_or(Path::new(""));
    let Ok(rel) = Path::new(file).strip_prefix(dir) else {
        return false;
    };
    let rel = rel.to_string_lossy().replace('\\', "/");
    let stem = rel.rsplit_once('.').map_or(rel.as_str(), |(s, _)| s);
    let Ok(text) = std::fs::read_to_string(root.join(from)) else {
        return false;
    };
    ["'", "\"", "`"].iter().any(|q| {
        text.contains(&format!("{q}./{rel}{q}")) || text.contains(&format!("{q}./{stem}{q}"))
    })
}

/// `(name, command)` of the package's benchmark scripts.
fn bench_scripts(pkg: &Value) -> Vec<(String, String)> {
    let Some(scripts) = pkg.get("scripts").and_then(Value::as_object) else {
        return Vec::new();
    };
    scripts
        .iter()
        .filter(|(name, _)| {
            SCRIPT_NAMES.contains(&name.as_str())
                || SCRIPT_NAMES
                    .iter()
                    .any(|s| name.starts_with(&format!("{s}:")))
        })
        .filter_map(|(name, cmd)| Some((name.clone(), cmd.as_str()?.to_string())))
        .collect()
}

fn is_script(name: &str) -> bool {
    Path::new(name)
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| EXTENSIONS.contains(&e))
}

/// The scripts directly in `dir`, and each sub-folder's `index` script, sorted.
fn scripts_in(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let path = e.path();
        if path.is_file() && is_script(&name) && !name.ends_with(".d.ts") {
            out.push(name);
        } else if path.is_dir() && name != "node_modules" && !name.starts_with('.') {
            for ext in EXTENSIONS {
                if path.join(format!("index.{ext}")).is_file() {
                    out.push(format!("{name}/index.{ext}"));
                    break;
                }
            }
        }
    }
    out.sort();
    out
}

/// `*.bench.<ext>` files outside `node_modules` and hidden folders.
fn bench_files(root: &Path) -> Vec<String> {
    let walk = ignore::WalkBuilder::new(root)
        .max_depth(Some(BENCH_FILE_DEPTH))
        .filter_entry(|e| {
            let n = e.file_name().to_string_lossy();
            n != "node_modules" && (e.depth() == 0 || !n.starts_with('.'))
        })
        .build();
    walk.flatten()
        .filter(|e| e.file_type().is_some_and(|t| t.is_file()))
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let stem = Path::new(&name).file_stem()?.to_string_lossy().into_owned();
            (is_script(&name) && stem.ends_with(".bench"))
                .then(|| crate::classify::rel_path(root, e.path()))
        })
        .collect()
}

/// The benchmark library `file` loads, by the module names it imports or requires.
fn library_of(file: &Path) -> Option<String> {
    let text = std::fs::read(file).ok()?;
    let text = String::from_utf8_lossy(&text[..text.len().min(READ_LIMIT)]);
    let loads = |m: &str| {
        ["'", "\""]
            .iter()
            .any(|q| text.contains(&format!("{q}{m}{q}")))
    };
    // `benchmarked` (jonschlinkert's fixtures-by-code runner) drives benchmark.js suites
    if loads("benchmark") || loads("benchmarked") {
        Some("benchmark.js".into())
    } else if loads("tinybench") {
        Some("tinybench".into())
    } else if loads("mitata") {
        Some("mitata".into())
    } else if loads("vitest") && text.contains("bench(") {
        Some("vitest".into())
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(root: &Path, rel: &str, text: &str) {
        let p = root.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }

    #[test]
    fn scripts_folders_and_bench_files_with_their_libraries() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let pkg = serde_json::json!({"scripts": {
            "test": "node test.js",
            "bench": "node ./scripts/speed.js --fast",
            "bench:parse": "node benchmark/parse.mjs"
        }});
        write(
            root,
            "scripts/speed.js",
            "const Benchmark = require('benchmark');",
        );
        write(
            root,
            "benchmark/parse.mjs",
            "import { Bench } from \"tinybench\";",
        );
        write(root, "benchmark/fixtures/data.json", "{}");
        write(
            root,
            "benchmark/run/index.js",
            "import { run, bench } from 'mitata';",
        );
        write(
            root,
            "src/lexer.bench.ts",
            "import { bench } from 'vitest'; bench('x', () => {});",
        );
        write(
            root,
            "benchmark/index.js",
            "var suite = require('benchmarked');\nsuite.run({ fixtures: 'fixtures/*.js', code: 'code/*.js' });",
        );
        write(root, "node_modules/x/y.bench.js", "");
        write(root, "bench/types.d.ts", "");
        let found = benchmarks(root, &pkg);
        let seen: Vec<(&str, &str, Option<&str>)> = found
            .iter()
            .map(|b| (b.file.as_str(), b.found.as_str(), b.library.as_deref()))
            .collect();
        assert_eq!(
            seen,
            [
                ("benchmark/index.js", "in benchmark/", Some("benchmark.js")),
                (
                    "benchmark/parse.mjs",
                    "scripts.bench:parse runs it",
                    Some("tinybench")
                ),
                ("benchmark/run/index.js", "in benchmark/", Some("mitata")),
                (
                    "scripts/speed.js",
                    "scripts.bench runs it",
                    Some("benchmark.js")
                ),
                ("src/lexer.bench.ts", "a *.bench.* file", Some("vitest")),
            ]
        );
    }

    #[test]
    fn suites_a_scripts_entry_imports_are_run_by_it_not_alone() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let pkg = serde_json::json!({"scripts": {"benchmark": "node benchmarks/index.js"}});
        write(
            root,
            "benchmarks/index.js",
            "import dateTimeSuites from \"./datetime.js\";\nimport infoSuites from './info';\nfor (const s of [...dateTimeSuites, ...infoSuites]) await s();",
        );
        write(
            root,
            "benchmarks/datetime.js",
            "import Benchmark from \"benchmark\";",
        );
        write(
            root,
            "benchmarks/info.js",
            "import Benchmark from \"benchmark\";",
        );
        write(
            root,
            "benchmarks/alone.js",
            "import Benchmark from \"benchmark\";",
        );
        let found = benchmarks(root, &pkg);
        let seen: Vec<(&str, &str, Option<&str>)> = found
            .iter()
            .map(|b| (b.file.as_str(), b.found.as_str(), b.library.as_deref()))
            .collect();
        assert_eq!(
            seen,
            [
                (
                    "benchmarks/alone.js",
                    "in benchmarks/",
                    Some("benchmark.js")
                ),
                (
                    "benchmarks/index.js",
                    "scripts.benchmark runs it",
                    Some("benchmark.js")
                ),
            ]
        );
    }

    #[test]
    fn a_project_without_benchmarks_has_none() {
        let dir = tempfile::tempdir().unwrap();
        write(dir.path(), "test/a.js", "require('assert')");
        assert!(benchmarks(dir.path(), &Value::Null).is_empty());
    }
}

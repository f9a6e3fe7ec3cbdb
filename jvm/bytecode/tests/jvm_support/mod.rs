//! Shared helpers of the JVM tests: compile Java with `javac`, analyse methods, name nodes by the
//! `// S<k>` markers of the source.

#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use jvm_bytecode::classfile::{parse_class, MethodCode};
use jvm_bytecode::{HfgOptions, MethodFlow};

/// The repository root (the crates of these tests are two levels below it).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Compiles Java sources with `javac -g` into `out`; panics with javac's output on failure.
pub fn javac(sources: &[PathBuf], out: &Path) {
    let o = Command::new("javac")
        .arg("-g")
        .arg("-d")
        .arg(out)
        .args(sources)
        .output()
        .expect("javac must be installed (JDK 17)");
    assert!(
        o.status.success(),
        "javac failed:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// Class files `javac` made, read into memory: compiled once per test binary ([`javac_once`])
/// and shared by its tests.
pub struct Classes {
    /// Paths relative to the output directory, and contents.
    files: Vec<(PathBuf, Vec<u8>)>,
}

impl Classes {
    /// The method called `method` of class `class` ([`method`]).
    pub fn method(&self, class: &str, method: &str) -> MethodCode {
        let rel = PathBuf::from(format!("{class}.class"));
        let (_, bytes) = self
            .files
            .iter()
            .find(|(p, _)| *p == rel)
            .unwrap_or_else(|| panic!("no class {class}"));
        method_of(class, bytes, method)
    }

    /// Writes the class files into `out` (a class path for `java`).
    pub fn write_to(&self, out: &Path) {
        for (rel, bytes) in &self.files {
            let p = out.join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(&p, bytes).unwrap();
        }
    }
}

/// [`javac`] of `sources` into a temporary directory, the class files read into memory.
pub fn compile_classes(sources: &[PathBuf]) -> Classes {
    let dir = tempfile::tempdir().expect("temp dir");
    javac(sources, dir.path());
    let mut files = Vec::new();
    let mut stack = vec![dir.path().to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let rel = p.strip_prefix(dir.path()).unwrap().to_path_buf();
                files.push((rel, std::fs::read(&p).unwrap()));
            }
        }
    }
    Classes { files }
}

/// [`compile_classes`] once per test binary: the first call compiles and keeps the class files
/// in `cell`, later calls (from any test) get them.
pub fn javac_once(cell: &'static OnceLock<Classes>, sources: &[PathBuf]) -> &'static Classes {
    cell.get_or_init(|| compile_classes(sources))
}

/// Parses the class file `out/<name>.class` and returns the method called `method`.
pub fn method(out: &Path, class: &str, method: &str) -> MethodCode {
    let path = out.join(format!("{class}.class"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    method_of(class, &bytes, method)
}

/// Parses the class file `bytes` of `class` and returns the method called `method`.
fn method_of(class: &str, bytes: &[u8], method: &str) -> MethodCode {
    let (c, skipped) = parse_class(class, bytes).expect("class parses");
    assert!(skipped.is_empty(), "{skipped:?}");
    c.methods
        .into_iter()
        .find(|m| m.name == method)
        .unwrap_or_else(|| panic!("no method {method} in {class}"))
}

/// Runs the static pipeline on a method.
pub fn analyze(m: &MethodCode) -> MethodFlow {
    MethodFlow::analyze(m, &HfgOptions::default()).expect("analysis succeeds")
}

/// Source line → marker (`S3`) for every line of `src` ending in `// S<k>`.
pub fn markers(src: &Path) -> BTreeMap<u32, String> {
    let text = std::fs::read_to_string(src).expect("source readable");
    text.lines()
        .enumerate()
        .filter_map(|(i, l)| {
            let m = l.rsplit("// ").next()?.trim();
            (m.starts_with('S') && m[1..].chars().all(|c| c.is_ascii_digit()) && m.len() > 1)
                .then(|| (i as u32 + 1, m.to_string()))
        })
        .collect()
}

/// A name for a CFG node: `start`, `exit`, its marker, or `L<line>`.
pub fn name(flow: &MethodFlow, marks: &BTreeMap<u32, String>, n: usize) -> String {
    if n == flow.cfg.start() {
        return "start".into();
    }
    if n == flow.cfg.exit() {
        return "exit".into();
    }
    match flow.cfg.line(n) {
        Some(l) => marks.get(&l).cloned().unwrap_or(format!("L{l}")),
        None => format!("@{n}"),
    }
}

/// Edges renamed with [`name`].
pub fn named(
    flow: &MethodFlow,
    marks: &BTreeMap<u32, String>,
    edges: impl IntoIterator<Item = (usize, usize)>,
) -> BTreeSet<(String, String)> {
    edges
        .into_iter()
        .map(|(a, b)| (name(flow, marks, a), name(flow, marks, b)))
        .collect()
}

/// Builds a set of named edges from `"a->b"` strings.
pub fn edges(list: &[&str]) -> BTreeSet<(String, String)> {
    list.iter()
        .map(|s| {
            let (a, b) = s.split_once("->").expect("a->b");
            (a.to_string(), b.to_string())
        })
        .collect()
}

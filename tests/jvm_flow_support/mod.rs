//! Shared helpers of the jvm-flow run tests: compile corpus programs into jars, run them plain
//! and under `decisionprof jvm-flow`, read the JSON report; work done once per test binary and
//! shared by its tests ([`once`]).

#![allow(dead_code)]

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::{Arc, Mutex, OnceLock};

/// `make()` once per test binary for each `key` (and result type): the first test to ask runs
/// it, the others (waiting while it runs) share its result. A `make` that panics fails the test
/// that ran it and leaves nothing behind, so the next test to ask runs it again and fails alike.
pub fn once<T: Send + Sync + 'static>(key: &str, make: impl FnOnce() -> T) -> Arc<T> {
    type Cells = HashMap<(TypeId, String), Arc<dyn Any + Send + Sync>>;
    static CELLS: OnceLock<Mutex<Cells>> = OnceLock::new();
    let cell = {
        let mut cells = CELLS
            .get_or_init(Mutex::default)
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        cells
            .entry((TypeId::of::<T>(), key.to_string()))
            .or_insert_with(|| Arc::new(OnceLock::<Arc<T>>::new()))
            .clone()
    };
    let cell = cell
        .downcast::<OnceLock<Arc<T>>>()
        .expect("a key holds one type");
    cell.get_or_init(|| Arc::new(make())).clone()
}

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A corpus source under corpus/java/flow.
pub fn flow_source(name: &str) -> PathBuf {
    root().join("corpus/java/flow").join(format!("{name}.java"))
}

/// Compiles the corpus program `name` (corpus/java/flow) into `dir/<name>.jar` with its main class
/// (compiled once per test binary: later calls write the same jar).
pub fn flow_jar(dir: &Path, name: &str) -> PathBuf {
    let bytes = once(&format!("flow jar {name}"), || {
        let tmp = tempfile::tempdir().unwrap();
        let jar = jar(tmp.path(), name, &[flow_source(name)], None, Some(name));
        std::fs::read(jar).unwrap()
    });
    let path = dir.join(format!("{name}.jar"));
    std::fs::write(&path, bytes.as_slice()).unwrap();
    path
}

/// [`plain`] of the corpus program `name` ([`flow_jar`]) with `args`, run once per test binary.
pub fn plain_flow(name: &str, args: &[&str]) -> Arc<Output> {
    once(&format!("plain {name} {args:?}"), || {
        let tmp = tempfile::tempdir().unwrap();
        let jar = flow_jar(tmp.path(), name);
        plain(&jar.display().to_string(), name, args)
    })
}

/// Compiles sources with `javac -g` and packs them into `dir/<name>.jar` (manifest `Main-Class`
/// when `main` is given).
pub fn jar(
    dir: &Path,
    name: &str,
    sources: &[PathBuf],
    cp: Option<&str>,
    main: Option<&str>,
) -> PathBuf {
    let classes = dir.join(format!("{name}-classes"));
    std::fs::create_dir_all(&classes).unwrap();
    let mut c = Command::new("javac");
    c.arg("-g").arg("-nowarn").arg("-d").arg(&classes);
    if let Some(cp) = cp {
        c.arg("-cp").arg(cp);
    }
    let o = c
        .args(sources)
        .output()
        .expect("javac must be installed (JDK 17)");
    assert!(
        o.status.success(),
        "javac failed:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let jar = dir.join(format!("{name}.jar"));
    let mut c = Command::new("jar");
    match main {
        Some(m) => c
            .arg("--create")
            .arg("--file")
            .arg(&jar)
            .arg("--main-class")
            .arg(m),
        None => c.arg("--create").arg("--file").arg(&jar),
    };
    let o = c
        .arg("-C")
        .arg(&classes)
        .arg(".")
        .output()
        .expect("jar must be installed");
    assert!(
        o.status.success(),
        "jar failed:\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    jar
}

/// Runs `java -cp <cp> main args` plain.
pub fn plain(cp: &str, main: &str, args: &[&str]) -> Output {
    Command::new("java")
        .arg(jvm_bytecode::jdk::NO_PERF_DATA) // no hsperfdata warning on stdout
        .arg("-cp")
        .arg(cp)
        .arg(main)
        .args(args)
        .output()
        .expect("java must be installed")
}

/// Runs `decisionprof jvm-flow <jar> <opts> --out <out> --jvm-arg=-Xverify:all -- <args>`.
pub fn profiled(jar: &Path, opts: &[&str], out: &Path, args: &[&str]) -> Output {
    profiling(jar, opts, out, args)
        .output()
        .expect("decisionprof runs")
}

/// The `jvm-flow` command [`profiled`] runs, to add to (an environment variable, say).
pub fn profiling(jar: &Path, opts: &[&str], out: &Path, args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_decisionprof"));
    cmd.arg("jvm-flow")
        .arg(jar)
        .args(opts)
        .arg("--out")
        .arg(out)
        .arg("--jvm-arg=-Xverify:all")
        .arg("--")
        .args(args);
    cmd
}

/// The JSON report written into `out`.
pub fn report(out: &Path) -> serde_json::Value {
    let p = out.join("report.json");
    let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    serde_json::from_str(&text).expect("report.json is JSON")
}

/// The line of `// SITE <name>` in a source file.
pub fn site_line(src: &Path, name: &str) -> u64 {
    let text = std::fs::read_to_string(src).unwrap();
    let mark = format!("// SITE {name}");
    text.lines()
        .position(|l| l.trim_end().ends_with(&mark))
        .unwrap_or_else(|| panic!("no {mark} in {}", src.display())) as u64
        + 1
}

/// The producer at `File.java:line` (panics if there is not exactly one).
pub fn producer<'a>(
    r: &'a serde_json::Value,
    file: &str,
    line: u64,
) -> (usize, &'a serde_json::Value) {
    producer_at(r, &format!("{file}:{line}"))
}

/// The one producer of type `ty` (`Mst$Dist`, `java.lang.Integer`) at `file:line`.
pub fn producer_of<'a>(
    r: &'a serde_json::Value,
    file: &str,
    line: u64,
    ty: &str,
) -> &'a serde_json::Value {
    let at = format!("{file}:{line}");
    let found: Vec<&serde_json::Value> = r["producers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["location"] == at.as_str() && p["ty"] == ty)
        .collect();
    assert_eq!(found.len(), 1, "{ty} producers at {at}: {found:?}");
    found[0]
}

/// The one producer at `at`: `File.java:line` exactly, or a JavaScript site `file.js:line:`
/// (any column).
pub fn producer_at<'a>(r: &'a serde_json::Value, at: &str) -> (usize, &'a serde_json::Value) {
    let found: Vec<(usize, &serde_json::Value)> = r["producers"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .filter(|(_, p)| {
            let loc = p["location"].as_str().unwrap();
            loc == at || (at.ends_with(':') && loc.starts_with(at))
        })
        .collect();
    assert_eq!(found.len(), 1, "producers at {at}: {found:?}");
    found[0]
}

/// The producers (as `File.java:line` strings) listed under `key`.
pub fn listed(r: &serde_json::Value, key: &str) -> Vec<String> {
    r[key]
        .as_array()
        .unwrap_or_else(|| panic!("no list {key}"))
        .iter()
        .map(|i| {
            r["producers"][i.as_u64().unwrap() as usize]["location"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect()
}

/// A counter of a producer.
pub fn count(p: &serde_json::Value, key: &str) -> u64 {
    p["counts"][key]
        .as_u64()
        .unwrap_or_else(|| panic!("no count {key} in {p}"))
}

/// The bytes of `class` (internal name) in a jar.
pub fn class_bytes(jar: &Path, class: &str) -> Vec<u8> {
    class_bytes_in(&std::fs::read(jar).unwrap(), class)
}

/// The bytes of `class` (internal name) in a jar's bytes.
pub fn class_bytes_in(jar: &[u8], class: &str) -> Vec<u8> {
    use std::io::Read;
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(jar)).unwrap();
    let mut bytes = Vec::new();
    zip.by_name(&format!("{class}.class"))
        .unwrap()
        .read_to_end(&mut bytes)
        .unwrap();
    bytes
}

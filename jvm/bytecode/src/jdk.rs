//! The JDK on the machine: running `java` on a jar (plain, or with extra classpath entries, a boot
//! class path and system properties, measuring its time and peak memory), compiling Java sources
//! into jars for corpus programs, and building the helper classes of ours (`decisionprof.NAME`)
//! once per source version into a cache under the temp dir.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::classfile::ClassError;
use crate::jar::main_class;
use crate::usage::run_measured;

/// Errors of the JDK's tools.
#[derive(Debug, thiserror::Error)]
pub enum JdkError {
    /// A JDK tool is missing.
    #[error("`{tool}` not found: install a JDK (Java 17 or later) and put it on PATH ({source})")]
    NoTool {
        /// `java` or `javac`.
        tool: String,
        /// The spawn error.
        source: std::io::Error,
    },
    /// File I/O failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The error.
        source: std::io::Error,
    },
    /// `javac` rejected a class of ours or a corpus program.
    #[error("javac failed on the runtime class: {0}")]
    Javac(String),
    /// Library class files (the JDK's, the classpath's) could not be read.
    #[error("library classes: {0}")]
    Library(String),
    /// The jar could not be read.
    #[error(transparent)]
    Class(#[from] ClassError),
    /// No main class.
    #[error("{0}: the manifest has no Main-Class: pass --main CLASS")]
    NoMain(String),
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> JdkError + '_ {
    move |source| JdkError::Io {
        path: path.display().to_string(),
        source,
    }
}

/// What to run.
#[derive(Debug, Clone, Default)]
pub struct RunSpec {
    /// The user's jar (never written).
    pub jar: PathBuf,
    /// Main class (default: the manifest's `Main-Class`).
    pub main: Option<String>,
    /// Extra classpath entries.
    pub classpath: Option<String>,
    /// Program arguments.
    pub args: Vec<String>,
    /// Extra JVM options (e.g. `-Xverify:all`).
    pub jvm_args: Vec<String>,
    /// Capture stdout/stderr instead of inheriting them.
    pub capture: bool,
}

impl RunSpec {
    /// The user's program as a command names it: its output and exit status pass through (not
    /// captured).
    pub fn passing_through(
        jar: PathBuf,
        main: Option<String>,
        classpath: Option<String>,
        args: Vec<String>,
        jvm_args: Vec<String>,
    ) -> RunSpec {
        RunSpec {
            jar,
            main,
            classpath,
            args,
            jvm_args,
            capture: false,
        }
    }
}

/// How a `java` process ended.
#[derive(Debug, Clone)]
pub struct JavaOutcome {
    /// Exit code (128 + signal number when killed).
    pub code: i32,
    /// Wall time of the process.
    pub wall: Duration,
    /// CPU time (user + system, all of the JVM's threads), where the platform tells it.
    pub cpu: Option<Duration>,
    /// Peak resident set in bytes, where the platform tells it.
    pub max_rss: Option<u64>,
    /// Captured stdout (empty unless capturing).
    pub stdout: Vec<u8>,
    /// Captured stderr (empty unless capturing).
    pub stderr: Vec<u8>,
}

/// The main class to run.
pub fn resolve_main(spec: &RunSpec) -> Result<String, JdkError> {
    if let Some(m) = &spec.main {
        return Ok(m.clone());
    }
    main_class(&spec.jar)
        .map_err(JdkError::from)?
        .ok_or_else(|| JdkError::NoMain(spec.jar.display().to_string()))
}

/// Keeps the JVM from sharing performance counters in `/tmp/hsperfdata_<user>`: when another
/// process holds a file of the same pid (pid namespaces share `/tmp`), the JVM prints a warning
/// on the program's stdout. Given first, so a `--jvm-arg=-XX:+UsePerfData` still wins.
pub const NO_PERF_DATA: &str = "-XX:-UsePerfData";

/// Runs `java` on `main` with class path `cp`, `boot` appended to the boot class path (the
/// runtime: no verification, visible from every class loader) and system properties `props`.
pub fn java(
    spec: &RunSpec,
    main: &str,
    cp: &[&Path],
    boot: Option<&Path>,
    props: &[(String, String)],
) -> Result<JavaOutcome, JdkError> {
    let sep = if cfg!(windows) { ";" } else { ":" };
    let mut entries: Vec<String> = cp.iter().map(|p| p.display().to_string()).collect();
    if let Some(c) = &spec.classpath {
        entries.push(c.clone());
    }
    let mut cmd = Command::new("java");
    cmd.arg(NO_PERF_DATA).args(&spec.jvm_args);
    if let Some(b) = boot {
        cmd.arg(format!("-Xbootclasspath/a:{}", b.display()));
    }
    for (k, v) in props {
        cmd.arg(format!("-D{k}={v}"));
    }
    cmd.arg("-cp")
        .arg(entries.join(sep))
        .arg(main)
        .args(&spec.args);
    let no_java = |source| JdkError::NoTool {
        tool: "java".into(),
        source,
    };
    let m = run_measured(&mut cmd, spec.capture).map_err(no_java)?;
    let status = m.status;
    let code = status.code().unwrap_or_else(|| {
        #[cfg(unix)]
        {
            use std::os::unix::process::ExitStatusExt;
            128 + status.signal().unwrap_or(0)
        }
        #[cfg(not(unix))]
        {
            1
        }
    });
    Ok(JavaOutcome {
        code,
        wall: m.wall,
        cpu: m.cpu,
        max_rss: m.max_rss,
        stdout: m.stdout,
        stderr: m.stderr,
    })
}

/// Runs the program plain (no instrumentation).
pub fn run_plain(spec: &RunSpec) -> Result<JavaOutcome, JdkError> {
    let main = resolve_main(spec)?;
    java(spec, &main, &[&spec.jar], None, &[])
}

/// Environment variables the `java` launcher reads JVM options from.
const JAVA_OPTION_VARS: &[&str] = &["JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS"];

/// Whether one of `options` selects a garbage collector (`-XX:+UseG1GC`, `-XX:+UseZGC`, …):
/// a second choice would stop the JVM with "multiple garbage collectors selected".
fn selects_collector<'a>(options: impl IntoIterator<Item = &'a str>) -> bool {
    options
        .into_iter()
        .any(|o| o.starts_with("-XX:+Use") && o.ends_with("GC"))
}

/// Whether the user chose a collector, in `args` or in the launcher's environment.
pub fn collector_chosen(args: &[String]) -> bool {
    let env: Vec<String> = JAVA_OPTION_VARS
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .collect();
    selects_collector(args.iter().map(String::as_str))
        || selects_collector(env.iter().flat_map(|e| e.split_whitespace()))
}

/// Runs a `javac` command: its diagnostics are the error when it fails.
fn javac(cmd: &mut Command) -> Result<(), JdkError> {
    let out = cmd.output().map_err(|source| JdkError::NoTool {
        tool: "javac".into(),
        source,
    })?;
    if !out.status.success() {
        return Err(JdkError::Javac(
            String::from_utf8_lossy(&out.stderr).into_owned(),
        ));
    }
    Ok(())
}

/// Compiles Java sources (with `javac -g`) into a jar whose manifest names `main`.
pub fn compile_jar(
    sources: &[PathBuf],
    classpath: Option<&str>,
    main: Option<&str>,
    jar: &Path,
) -> Result<(), JdkError> {
    let tmp = jar.with_extension("classes");
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).map_err(io(&tmp))?;
    let mut cmd = Command::new("javac");
    cmd.arg("-g").arg("-nowarn").arg("-d").arg(&tmp);
    if let Some(cp) = classpath {
        cmd.arg("-cp").arg(cp);
    }
    javac(cmd.args(sources))?;
    let file = std::fs::File::create(jar).map_err(io(jar))?;
    let mut w = zip::ZipWriter::new(std::io::BufWriter::new(file));
    let opts = zip::write::SimpleFileOptions::default();
    let werr = |e: zip::result::ZipError| JdkError::Io {
        path: jar.display().to_string(),
        source: std::io::Error::other(e.to_string()),
    };
    use std::io::Write as _;
    w.start_file("META-INF/MANIFEST.MF", opts).map_err(werr)?;
    let mut manifest = "Manifest-Version: 1.0\r\n".to_string();
    if let Some(m) = main {
        manifest.push_str(&format!("Main-Class: {m}\r\n"));
    }
    manifest.push_str("\r\n");
    w.write_all(manifest.as_bytes()).map_err(io(jar))?;
    let mut files = Vec::new();
    let mut stack = vec![tmp.clone()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).map_err(io(&d))? {
            let p = e.map_err(io(&d))?.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                files.push(p);
            }
        }
    }
    files.sort();
    for f in files {
        let rel = f
            .strip_prefix(&tmp)
            .map(|r| r.to_string_lossy().replace('\\', "/"))
            .unwrap_or_default();
        w.start_file(rel, opts).map_err(werr)?;
        let bytes = std::fs::read(&f).map_err(io(&f))?;
        w.write_all(&bytes).map_err(io(jar))?;
    }
    w.finish().map_err(werr)?;
    let _ = std::fs::remove_dir_all(&tmp);
    Ok(())
}

/// FNV-1a of a text: a stable name for a cache directory.
pub fn source_hash(source: &str) -> u64 {
    // FNV-1a: a stable name for the cache directory
    let mut h: u64 = 0xcbf29ce484222325;
    for b in source.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x100000001b3);
    }
    h
}

/// Compiles the runtime class `decisionprof.NAME` from `source` (once per source version) into
/// a cache directory under the system temp dir and returns that classpath entry.
pub fn build_runtime_class(name: &str, source: &str) -> Result<PathBuf, JdkError> {
    let hash = source_hash(source);
    let class_file = format!("decisionprof/{name}.class");
    let dir = std::env::temp_dir().join(format!("decisionprof-rt-{hash:016x}"));
    if dir.join(&class_file).is_file() {
        return Ok(dir);
    }
    // a fresh directory: threads of one process, and processes in other pid namespaces
    // sharing this temp dir, may build at the same time
    let build = tempfile::Builder::new()
        .prefix("decisionprof-rt-build-")
        .tempdir()
        .map_err(io(&std::env::temp_dir()))?;
    let tmp = build.path();
    std::fs::create_dir_all(tmp.join("src")).map_err(io(tmp))?;
    let src = tmp.join(format!("src/{name}.java"));
    std::fs::write(&src, source).map_err(io(&src))?;
    let classes = tmp.join("classes");
    javac(
        Command::new("javac")
            .arg("-nowarn")
            // VarHandle needs 9; string concatenation without invokedynamic (start-up time)
            .arg("--release")
            .arg("9")
            .arg("-XDstringConcat=inline")
            .arg("-d")
            .arg(&classes)
            .arg(&src),
    )?;
    match std::fs::rename(&classes, &dir) {
        Ok(()) => {}
        Err(_) if dir.join(&class_file).is_file() => {}
        Err(e) => return Err(io(&dir)(e)),
    }
    Ok(dir)
}

#[cfg(test)]
mod tests {
    use super::{build_runtime_class, selects_collector};

    #[test]
    fn collector_choices_are_recognised() {
        assert!(selects_collector(["-Xmx64m", "-XX:+UseG1GC"]));
        assert!(selects_collector(["-XX:+UseSerialGC"]));
        assert!(selects_collector(["-XX:+UseZGC"]));
        assert!(!selects_collector(["-XX:-UseGCOverheadLimit", "-Xmx64m"]));
        assert!(!selects_collector(["-XX:+UseStringDeduplication"]));
        assert!(!selects_collector(["-XX:-UseG1GC"]));
    }

    #[test]
    fn threads_building_one_new_runtime_at_once_all_get_it() {
        // a source no earlier run compiled: every thread finds no cache and builds it
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        let source =
            format!("package decisionprof;\npublic final class Fresh {{ /* {nanos} */ }}\n");
        let dirs: Vec<_> = std::thread::scope(|s| {
            let hs: Vec<_> = (0..4)
                .map(|_| s.spawn(|| build_runtime_class("Fresh", &source)))
                .collect();
            hs.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let dir = dirs[0].as_ref().unwrap().clone();
        for d in &dirs {
            assert_eq!(d.as_ref().unwrap(), &dir);
        }
        assert!(dir.join("decisionprof/Fresh.class").is_file());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

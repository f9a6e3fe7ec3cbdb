//! Running a program under profiling: instrument a copy of the jar into a work directory, start
//! `java` on it with the runtime on the classpath, read the dumped profile; and running it plain
//! (for comparisons and the overhead benchmark). Compiling Java sources into a jar, for corpus
//! programs.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use super::instrument::Instrumented;
use super::jar::{instrument_jar_for, main_class, manifest_class_path, JarError, PropertyScope};
use super::property::Property;
use super::runtime::{build_runtime, read_profile, write_side_file, RawProfile, RuntimeError};
use super::sample::{property_sites, SamplePlan};
use super::summary::Library;
use super::usage::run_measured;

/// Errors of a profiling run.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The jar could not be read or instrumented.
    #[error(transparent)]
    Jar(#[from] JarError),
    /// The runtime could not be built, or `java` is missing.
    #[error(transparent)]
    Runtime(#[from] RuntimeError),
    /// No main class.
    #[error("{0}: the manifest has no Main-Class: pass --main CLASS")]
    NoMain(String),
    /// `--property` names no allocation site of the jar.
    #[error("{0}")]
    Property(String),
    /// Work-directory I/O.
    #[error("{path}: {source}")]
    Io {
        /// The path.
        path: String,
        /// The error.
        source: std::io::Error,
    },
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

/// The result of an instrumented run.
#[derive(Debug)]
pub struct ProfiledRun {
    /// What was instrumented.
    pub instrumented: Instrumented,
    /// The profile, if the JVM wrote one.
    pub profile: Option<RawProfile>,
    /// The process outcome.
    pub outcome: JavaOutcome,
    /// Time spent analysing and instrumenting.
    pub instrument_time: Duration,
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> RunError + '_ {
    move |source| RunError::Io {
        path: path.display().to_string(),
        source,
    }
}

/// The main class to run.
pub fn resolve_main(spec: &RunSpec) -> Result<String, RunError> {
    if let Some(m) = &spec.main {
        return Ok(m.clone());
    }
    main_class(&spec.jar)
        .map_err(JarError::from)?
        .ok_or_else(|| RunError::NoMain(spec.jar.display().to_string()))
}

/// Keeps the JVM from sharing performance counters in `/tmp/hsperfdata_<user>`: when another
/// process holds a file of the same pid (pid namespaces share `/tmp`), the JVM prints a warning
/// on the program's stdout. Given first, so a `--jvm-arg=-XX:+UsePerfData` still wins.
pub const NO_PERF_DATA: &str = "-XX:-UsePerfData";

/// Runs `java` on `main` with class path `cp`, `boot` appended to the boot class path (the
/// runtime: no verification, visible from every class loader) and system properties `props`.
pub(crate) fn java(
    spec: &RunSpec,
    main: &str,
    cp: &[&Path],
    boot: Option<&Path>,
    props: &[(String, String)],
) -> Result<JavaOutcome, RunError> {
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
    let no_java = |source| {
        RunError::Runtime(RuntimeError::NoTool {
            tool: "java".into(),
            source,
        })
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
pub fn run_plain(spec: &RunSpec) -> Result<JavaOutcome, RunError> {
    let main = resolve_main(spec)?;
    java(spec, &main, &[&spec.jar], None, &[])
}

/// JVM options of a profiled run: the runtime's probes are called, never inlined (C2 compiled
/// the program's hot loops with every probe's body inside; on short runs that compilation cost
/// more than the calls: 1.61x to 1.36x plain on `LoopTemp`, 4.4x to 2.7x on `Threads`), and
/// the compile command is not echoed on the program's standard output.
const RUNTIME_JVM_ARGS: &[&str] = &[
    "-XX:CompileCommand=quiet",
    "-XX:CompileCommand=dontinline,decisionprof.DpRt::*",
    // the switch between a method's two copies is a flag test: inlined
    "-XX:CompileCommand=inline,decisionprof.DpRt::on",
    "-XX:CompileCommand=inline,decisionprof.DpRt::stay",
];

/// More JVM options of a full (unsampled) run, where every probe does its work: the runtime's
/// small helpers inlined into its probes (a call each was a tenth of Rhino's run: 5.3 s to
/// 4.6 s; on the corpus' short runs no change beyond noise), and the bodies of the path probes
/// (`accOn` into `acc`, `exitOn` with the frame's flows ended and counted into `exit`, …: in a
/// full run the probe's first test always passes, so the body was a second call every time;
/// Rhino's run 5–8 % less wall and CPU time, round 22). Sampled runs keep them out of line:
/// their probes mostly return at the first test, and larger probe bodies only cost compile time.
/// The probes themselves stay calls (`RUNTIME_JVM_ARGS`).
const FULL_RUN_JVM_ARGS: &[&str] = &[
    "-XX:CompileCommand=inline,decisionprof.DpRt::tracing",
    "-XX:CompileCommand=inline,decisionprof.DpRt::local",
    "-XX:CompileCommand=inline,decisionprof.DpRt::current",
    "-XX:CompileCommand=inline,decisionprof.DpRt::label",
    "-XX:CompileCommand=inline,decisionprof.DpRt::stripe",
    "-XX:CompileCommand=inline,decisionprof.DpRt::mix",
    "-XX:CompileCommand=inline,decisionprof.DpRt::accOn",
    "-XX:CompileCommand=inline,decisionprof.DpRt::enterOn",
    "-XX:CompileCommand=inline,decisionprof.DpRt::exitOn",
    "-XX:CompileCommand=inline,decisionprof.DpRt::frame",
    "-XX:CompileCommand=inline,decisionprof.DpRt::finish",
    "-XX:CompileCommand=inline,decisionprof.DpRt::end",
    "-XX:CompileCommand=inline,decisionprof.DpRt::count",
    "-XX:CompileCommand=inline,decisionprof.DpRt::track",
];

/// The collector of a profiled run, unless the user chose one. The probes keep a young object
/// in the runtime's long-lived tables at every tracked reference (a frame's objects, the last
/// miss of the weak table): under G1 each such store dirties a card its refinement threads scan
/// again, work that competed with the program for two cores. Rhino's run: 3.9 to 3.5 s;
/// `Threads` 17.3x to 12.6x plain; short runs unchanged beyond noise. Its card marks are
/// conditional: an unconditional mark writes the card byte at every reference store, and threads
/// storing into one shared object on two cores passed that byte's cache line back and forth
/// (plain `Threads` with 2 million iterations: 0.53 s against G1's 0.14 s; conditional, 0.12 s).
const PROFILED_COLLECTOR: &[&str] = &["-XX:+UseParallelGC", "-XX:+UseCondCardMark"];

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
pub(crate) fn collector_chosen(args: &[String]) -> bool {
    let env: Vec<String> = JAVA_OPTION_VARS
        .iter()
        .filter_map(|v| std::env::var(v).ok())
        .collect();
    selects_collector(args.iter().map(String::as_str))
        || selects_collector(env.iter().flat_map(|e| e.split_whitespace()))
}

/// Allocation-stack frames [`run_profiled`] samples by default.
pub const STACK_DEPTH: u32 = 3;

/// Instruments a copy of the jar in `work`, runs it, and reads the profile (`context` classes,
/// allocation stacks of [`STACK_DEPTH`] callers).
pub fn run_profiled(spec: &RunSpec, work: &Path, context: u32) -> Result<ProfiledRun, RunError> {
    run_profiled_with(spec, work, context, STACK_DEPTH, &SamplePlan::default())
}

/// [`run_profiled`] with `stack_depth` callers per sampled allocation stack (0: none).
pub fn run_profiled_with(
    spec: &RunSpec,
    work: &Path,
    context: u32,
    stack_depth: u32,
    plan: &SamplePlan,
) -> Result<ProfiledRun, RunError> {
    run_profiled_observed(spec, work, context, stack_depth, plan, &mut |_| {})
}

/// [`run_profiled_with`]; `observe` sees what was instrumented before the program starts, so
/// that work which needs it can go on while the program runs.
pub fn run_profiled_observed(
    spec: &RunSpec,
    work: &Path,
    context: u32,
    stack_depth: u32,
    plan: &SamplePlan,
    observe: &mut dyn FnMut(&Instrumented),
) -> Result<ProfiledRun, RunError> {
    let main = resolve_main(spec)?;
    std::fs::create_dir_all(work).map_err(io(work))?;
    let rt = build_runtime()?;
    let t = Instant::now();
    let jar = work.join("instrumented.jar");
    let instrumented = instrument_for_plan(spec, &jar, plan)?;
    let side = work.join("labels.bin");
    write_side_file(&instrumented, context, stack_depth, &side)?;
    let instrument_time = t.elapsed();
    observe(&instrumented);
    let prof = work.join("profile.txt");
    let _ = std::fs::remove_file(&prof);
    let sites = match &plan.property {
        Some(p) => Some(property_sites(&instrumented, p).map_err(RunError::Property)?),
        None => None,
    };
    let mut props = vec![
        ("decisionprof.side".to_string(), side.display().to_string()),
        ("decisionprof.out".to_string(), prof.display().to_string()),
    ];
    props.extend(plan.jvm_props(sites.as_deref()));
    let extra = manifest_class_path(&spec.jar).map_err(JarError::from)?;
    let mut cp: Vec<&Path> = vec![&jar];
    cp.extend(extra.iter().map(|p| p.as_path()));
    let mut tuned = spec.clone();
    let full: &[&str] = if plan.rate < 1.0 {
        &[]
    } else {
        FULL_RUN_JVM_ARGS
    };
    let collector: &[&str] = if collector_chosen(&spec.jvm_args) {
        &[]
    } else {
        PROFILED_COLLECTOR
    };
    tuned.jvm_args.splice(
        0..0,
        RUNTIME_JVM_ARGS
            .iter()
            .chain(full)
            .chain(collector)
            .map(|s| s.to_string()),
    );
    let outcome = java(&tuned, &main, &cp, Some(&rt), &props)?;
    let profile = if prof.exists() {
        Some(read_profile(&prof)?)
    } else {
        None
    };
    Ok(ProfiledRun {
        instrumented,
        profile,
        outcome,
        instrument_time,
    })
}

/// Instruments a copy of the jar into `out`: with a property, only the probes and slices that
/// can see its objects (the supertypes of its classes are looked up in the jar, the classpath
/// and the JDK; without those class files every probe is kept, with a warning).
fn instrument_for_plan(
    spec: &RunSpec,
    out: &Path,
    plan: &SamplePlan,
) -> Result<Instrumented, RunError> {
    let dual = plan.rate < 1.0;
    let Some(text) = &plan.property else {
        return Ok(instrument_jar_for(&spec.jar, out, None, dual)?);
    };
    let property = Property::parse(text);
    match Library::for_jar(&spec.jar, spec.classpath.as_deref()) {
        Ok(mut library) => {
            let scope = PropertyScope {
                property: &property,
                library: &mut library,
            };
            Ok(instrument_jar_for(&spec.jar, out, Some(scope), dual)?)
        }
        Err(e) => {
            let mut inst = instrument_jar_for(&spec.jar, out, None, dual)?;
            inst.warnings
                .push(format!("every probe kept for the property: {e}"));
            Ok(inst)
        }
    }
}

/// Compiles Java sources (with `javac -g`) into a jar whose manifest names `main`.
pub fn compile_jar(
    sources: &[PathBuf],
    classpath: Option<&str>,
    main: Option<&str>,
    jar: &Path,
) -> Result<(), RunError> {
    let tmp = jar.with_extension("classes");
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).map_err(io(&tmp))?;
    let mut cmd = Command::new("javac");
    cmd.arg("-g").arg("-nowarn").arg("-d").arg(&tmp);
    if let Some(cp) = classpath {
        cmd.arg("-cp").arg(cp);
    }
    let out = cmd.args(sources).output().map_err(|source| {
        RunError::Runtime(RuntimeError::NoTool {
            tool: "javac".into(),
            source,
        })
    })?;
    if !out.status.success() {
        return Err(RunError::Runtime(RuntimeError::Javac(
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )));
    }
    let file = std::fs::File::create(jar).map_err(io(jar))?;
    let mut w = zip::ZipWriter::new(std::io::BufWriter::new(file));
    let opts = zip::write::SimpleFileOptions::default();
    let werr = |e: zip::result::ZipError| RunError::Io {
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

#[cfg(test)]
mod tests {
    use super::{selects_collector, FULL_RUN_JVM_ARGS, RUNTIME_JVM_ARGS};
    use crate::runtime::RUNTIME_SOURCE;

    /// Every method a compile command names is a method of the runtime: a renamed one would
    /// silently lose its inlining.
    #[test]
    fn compile_commands_name_methods_of_the_runtime() {
        for arg in RUNTIME_JVM_ARGS.iter().chain(FULL_RUN_JVM_ARGS) {
            let Some((_, method)) = arg.split_once("decisionprof.DpRt::") else {
                continue;
            };
            if method == "*" {
                continue;
            }
            let declared = RUNTIME_SOURCE.lines().any(|l| {
                let l = l.trim_start();
                (l.starts_with("private static") || l.starts_with("public static"))
                    && l.contains(&format!(" {method}("))
            });
            assert!(declared, "{arg}: no static method `{method}` in DpRt.java");
        }
    }

    #[test]
    fn collector_choices_are_recognised() {
        assert!(selects_collector(["-Xmx64m", "-XX:+UseG1GC"]));
        assert!(selects_collector(["-XX:+UseSerialGC"]));
        assert!(selects_collector(["-XX:+UseZGC"]));
        assert!(!selects_collector(["-XX:-UseGCOverheadLimit", "-Xmx64m"]));
        assert!(!selects_collector(["-XX:+UseStringDeduplication"]));
        assert!(!selects_collector(["-XX:-UseG1GC"]));
    }
}

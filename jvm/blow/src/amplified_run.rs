//! Running a program under amplification: instrument a copy of the jar for the spec, start `java`
//! with `decisionprof.BlowRt` on the classpath, read the trace it writes at exit, and replay it
//! into the VSO timeline and the most penalized sites.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use super::event_probes::{instrument_blow_jar, BlowInstrumented};
use super::spec::Spec;
use super::trace::{
    parse_trace, replay, top_sites, SiteReport, Trace, TraceError, BLOW_RUNTIME_SOURCE,
};
use super::vso::GcPoint;
use jvm_bytecode::jar::{manifest_class_path, JarError};
use jvm_bytecode::jdk::{build_runtime_class, java, resolve_main, JavaOutcome, JdkError, RunSpec};

/// Errors of an amplified run.
#[derive(Debug, thiserror::Error)]
pub enum BlowError {
    /// The jar could not be read or instrumented.
    #[error(transparent)]
    Jar(#[from] JarError),
    /// The runtime could not be built, `java` is missing, or there is no main class.
    #[error(transparent)]
    Jdk(#[from] JdkError),
    /// The runtime's trace is malformed.
    #[error(transparent)]
    Trace(#[from] TraceError),
    /// Work-directory I/O.
    #[error("{path}: {source}")]
    Io {
        /// The path.
        path: String,
        /// The error.
        source: std::io::Error,
    },
}

/// How to amplify.
#[derive(Debug, Clone, Copy)]
pub struct BlowOptions {
    /// Force a full GC after this many tracked allocations (0: only the JVM's own GCs).
    pub gc_every: u64,
    /// How many suspicious sites to report.
    pub top: usize,
}

impl Default for BlowOptions {
    fn default() -> Self {
        BlowOptions {
            gc_every: 1000,
            top: 5,
        }
    }
}

/// The result of an amplified run.
#[derive(Debug)]
pub struct BlownRun {
    /// What was instrumented.
    pub instrumented: BlowInstrumented,
    /// The trace, when the JVM wrote one.
    pub trace: Option<Trace>,
    /// VSO after every recorded GC.
    pub timeline: Vec<GcPoint>,
    /// The most penalized allocation sites.
    pub top: Vec<SiteReport>,
    /// The process outcome.
    pub outcome: JavaOutcome,
    /// Time spent instrumenting.
    pub instrument_time: Duration,
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> BlowError + '_ {
    move |source| BlowError::Io {
        path: path.display().to_string(),
        source,
    }
}

/// JVM options the runtime needs: reflection into `java.util` for container capacities and
/// reference paths.
pub const BLOW_JVM_ARGS: &[&str] = &["--add-opens", "java.base/java.util=ALL-UNNAMED"];

/// Instruments a copy of the jar in `work` for `spec`, runs it, and replays the trace.
pub fn run_blown(
    run: &RunSpec,
    spec: &Spec,
    work: &Path,
    opts: BlowOptions,
) -> Result<BlownRun, BlowError> {
    let main = resolve_main(run)?;
    std::fs::create_dir_all(work).map_err(io(work))?;
    let rt: PathBuf = build_runtime_class("BlowRt", BLOW_RUNTIME_SOURCE)?;
    let t = Instant::now();
    let jar = work.join("blown.jar");
    let instrumented = instrument_blow_jar(&run.jar, &jar, spec)?;
    let instrument_time = t.elapsed();
    let out = work.join("blow-trace.txt");
    let _ = std::fs::remove_file(&out);
    let props = vec![
        (
            "decisionprof.blow.out".to_string(),
            out.display().to_string(),
        ),
        (
            "decisionprof.blow.every".to_string(),
            opts.gc_every.to_string(),
        ),
    ];
    let extra = manifest_class_path(&run.jar).map_err(JarError::from)?;
    let mut cp: Vec<&Path> = vec![&jar, &rt];
    cp.extend(extra.iter().map(|p| p.as_path()));
    let mut with_opens = run.clone();
    with_opens
        .jvm_args
        .splice(0..0, BLOW_JVM_ARGS.iter().map(|s| s.to_string()));
    let outcome = java(&with_opens, &main, &cp, None, &props)?;
    let trace = match out.exists() {
        true => {
            let text = std::fs::read_to_string(&out).map_err(io(&out))?;
            Some(parse_trace(&out.display().to_string(), &text)?)
        }
        false => None,
    };
    let (timeline, top) = match &trace {
        Some(tr) => {
            let (points, states) = replay(spec, tr);
            (points, top_sites(tr, &states, opts.top))
        }
        None => (Vec::new(), Vec::new()),
    };
    Ok(BlownRun {
        instrumented,
        trace,
        timeline,
        top,
        outcome,
        instrument_time,
    })
}

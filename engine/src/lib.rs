//! Runs a JavaScript workload in an embedded Boa engine with the decisionprof runtime.
//!
//! Without the default `boa` feature the crate is only what every engine and the optimizer share:
//! the [`profile`] model, the test [`harness`] and [`workload`] resolution — so `suggest` can read
//! profiles without linking Boa.

mod classify;
pub mod compare;
pub mod copy;
pub mod discover;
#[cfg(feature = "boa")]
mod dp;
#[cfg(feature = "boa")]
mod esm;
pub mod flow;
#[cfg(feature = "boa")]
mod fntext;
#[cfg(feature = "boa")]
mod guard;
pub mod harness;
mod heartbeat;
pub mod imports;
pub use heartbeat::set_progress_lines;
#[cfg(feature = "boa")]
mod host;
pub use profile::CostModel;

#[cfg(feature = "boa")]
pub mod costs;
#[cfg(feature = "boa")]
mod internals;
#[cfg(feature = "boa")]
mod jobs;
mod jsonc;
#[cfg(feature = "boa")]
mod mutators;
#[cfg(feature = "boa")]
mod natives;
pub mod node;
pub mod profile;
// node's module resolution (the embedded engine's loader; imports checked for both engines)
#[cfg(feature = "boa")]
mod replace;
#[cfg_attr(not(feature = "boa"), allow(dead_code))]
mod resolve;
#[cfg(feature = "boa")]
mod rt;
#[cfg(feature = "boa")]
mod run;
pub mod sources;
#[cfg(feature = "boa")]
mod state;
pub mod tsconfig;
pub mod workload;

use std::path::PathBuf;
#[cfg(feature = "boa")]
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;
#[cfg(feature = "boa")]
use std::time::Instant;

use thiserror::Error;

/// Time limit of a profiling run when none is given (`--timeout`).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(900);

/// How the error of a test stopped by `--test-timeout` starts.
pub const TEST_TIMED_OUT: &str = "timed out: the test ran longer than --test-timeout";

/// Default limit of one test of a profiling run (Boa runs tests tens of times slower than node).
pub const DEFAULT_TEST_TIMEOUT: Duration = Duration::from_secs(120);

/// Default branch-point budget of one speculative evaluation.
pub const DEFAULT_SPEC_BUDGET: u64 = 1_000_000;

/// What to run and how.
#[derive(Debug, Clone)]
pub struct ProfileOptions {
    /// Project root (ids relative to it).
    pub root: PathBuf,
    /// Globs relative to root; empty = package.json "decisionprof.workload", else test/**/*.js.
    pub workload: Vec<String>,
    /// Instrument node_modules too.
    pub include_deps: bool,
    /// Stop the run after this long (`None`: [`DEFAULT_TIMEOUT`]).
    pub timeout: Option<Duration>,
    /// Branch points per speculative evaluation.
    pub spec_budget: u64,
    /// False = plain run (for overhead figures and transparency).
    pub instrument: bool,
    /// Only files under this sub-path of root are instrumented (e.g. node_modules/x).
    pub target: Option<PathBuf>,
    /// How a check's cost is counted.
    pub cost_model: CostModel,
    /// Longest one test (or the loading of one workload file) may run; past it the test fails
    /// as timed out and the run goes on (`None`: no limit but the run's).
    pub test_timeout: Option<Duration>,
    /// Set from outside (Ctrl-C) to stop the run as if its time were up; the data so far is kept.
    pub cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// Instrument for object flow (`js-flow`) instead of decisions.
    pub flow: bool,
}

impl ProfileOptions {
    /// Options for an instrumented run of `root` with the default workload.
    pub fn new(root: impl Into<PathBuf>) -> Self {
        ProfileOptions {
            root: root.into(),
            workload: Vec::new(),
            include_deps: false,
            timeout: None,
            spec_budget: DEFAULT_SPEC_BUDGET,
            instrument: true,
            target: None,
            cost_model: CostModel::default(),
            test_timeout: Some(DEFAULT_TEST_TIMEOUT),
            cancel: None,
            flow: false,
        }
    }
}

/// The result of a run.
#[derive(Debug, Clone)]
pub struct RunOutcome {
    /// Everything recorded.
    pub profile: profile::Profile,
    /// What the program printed to stdout (console.log/info/debug/dir, process.stdout.write), in order.
    pub stdout: String,
    /// What an object-flow run recorded (`ProfileOptions::flow`).
    pub flow: Option<flow::FlowRun>,
}

/// Why a run could not happen.
#[derive(Debug, Error)]
pub enum EngineError {
    /// A file could not be read.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// Bad input (no workload, bad package.json, ...).
    #[error("{0}")]
    Input(String),
    /// A loaded file does not parse (`file:line:col: message`).
    #[error("syntax error: {0}")]
    Syntax(String),
    /// The engine failed.
    #[error("engine: {0}")]
    Engine(String),
}

/// Runs the project's workload (instrumented unless `opts.instrument` is false) and profiles it.
#[cfg(feature = "boa")]
pub fn profile_project(opts: &ProfileOptions) -> Result<RunOutcome, EngineError> {
    let (root, target, files) = workload::of_run(opts)?;
    let timeout = opts.timeout.unwrap_or(DEFAULT_TIMEOUT);
    let deadline = Some(Instant::now() + timeout);
    let stdout = Arc::new(Mutex::new(String::new()));
    let progress = Arc::new(Mutex::new(run::Progress::default()));
    let (tx, rx) = mpsc::channel();
    let worker = {
        let mut opts = opts.clone();
        opts.target = target;
        let root = root.clone();
        let stdout = stdout.clone();
        let progress = progress.clone();
        std::thread::Builder::new()
            .name("decisionprof-boa".into())
            .stack_size(1 << 30)
            .spawn(move || {
                // a Boa bug that panics (linking some cycles of ES modules) ends this run, not
                // the process, and is named
                let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    run::run(&opts, &root, &files, deadline, stdout, progress)
                }))
                .unwrap_or_else(|p| Err(EngineError::Engine(boa_failed(p.as_ref()))));
                let _ = tx.send(r);
            })
            .map_err(|e| EngineError::Engine(format!("cannot start the engine thread: {e}")))?
    };
    let t = timeout;
    // Runs stop themselves: at the deadline in instrumented code, and through the loop-iteration
    // limit elsewhere (about half a minute of spinning); the grace covers both, so that the data
    // gathered so far comes back with the run.
    let what = heartbeat::run_name(opts, "");
    let waiting = Waiting {
        limit: t + Duration::from_secs(90),
        cancel: opts.cancel.as_deref(),
        progress: &progress,
        what: &what,
    };
    let result = match wait_for_engine(&rx, &waiting) {
        Ok(r) => r,
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            return Err(EngineError::Engine("the engine thread died".into()))
        }
        Err(mpsc::RecvTimeoutError::Timeout) => {
            let mut tests = Vec::new();
            if let Ok(p) = progress.lock() {
                tests = p.tests.clone();
                if let Some((name, file)) = &p.current {
                    tests.push(profile::TestResult {
                        name: name.clone(),
                        file: file.clone(),
                        passed: false,
                        error: Some("stopped: the run exceeded --timeout".into()),
                        branch_points: 0,
                        native_units: 0,
                    });
                }
            }
            let out = stdout.lock().map(|s| s.clone()).unwrap_or_default();
            return Ok(RunOutcome {
                profile: profile::Profile {
                    root: root.to_string_lossy().into_owned(),
                    tests,
                    seconds: t.as_secs_f64(),
                    timed_out: true,
                    ..profile::Profile::default()
                },
                stdout: out,
                flow: None,
            });
        }
    };
    let _ = worker.join();
    let (profile, flow) = result?;
    let out = stdout.lock().map(|s| s.clone()).unwrap_or_default();
    Ok(RunOutcome {
        profile,
        stdout: out,
        flow,
    })
}

/// The error for a panic inside Boa: its message and what to try.
#[cfg(feature = "boa")]
fn boa_failed(payload: &(dyn std::any::Any + Send)) -> String {
    let msg = payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied())
        .unwrap_or("a panic");
    format!(
        "the embedded engine (Boa 0.22) failed inside itself: {msg}; profile under node with \
         --engine node"
    )
}

/// What [`wait_for_engine`] waits for and with.
#[cfg(feature = "boa")]
struct Waiting<'a> {
    /// The longest wait.
    limit: Duration,
    /// Set on Ctrl-C or SIGTERM.
    cancel: Option<&'a std::sync::atomic::AtomicBool>,
    /// The run's tests so far, for progress lines.
    progress: &'a Mutex<run::Progress>,
    /// Which run, for progress lines.
    what: &'a str,
}

/// The engine thread's result, waiting at most `w.limit`; once `w.cancel` is set (Ctrl-C,
/// SIGTERM), at most two seconds more: instrumented code stops itself at once, but code that
/// checks no clock (a plain run, one long built-in call) would keep the user waiting.
#[cfg(feature = "boa")]
fn wait_for_engine<T>(rx: &mpsc::Receiver<T>, w: &Waiting) -> Result<T, mpsc::RecvTimeoutError> {
    let started = Instant::now();
    let mut give_up = started + w.limit;
    let mut beat = heartbeat::Beat::new();
    let mut cancelled = false;
    loop {
        let left = give_up.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left.min(Duration::from_millis(100))) {
            Err(mpsc::RecvTimeoutError::Timeout) if Instant::now() < give_up => {
                if !cancelled
                    && w.cancel
                        .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed))
                {
                    cancelled = true;
                    give_up = give_up.min(Instant::now() + Duration::from_secs(2));
                }
                if beat.due() {
                    eprintln!("{}", progress_line(w, started.elapsed()));
                }
            }
            other => return other,
        }
    }
}

/// The line [`heartbeat::line`] prints for a Boa run.
#[cfg(feature = "boa")]
fn progress_line(w: &Waiting, elapsed: Duration) -> String {
    let (done, failed, current) = match w.progress.lock() {
        Ok(p) => (
            p.tests.len(),
            p.tests.iter().filter(|t| !t.passed).count(),
            p.current.clone(),
        ),
        Err(_) => (0, 0, None),
    };
    heartbeat::line(w.what, elapsed, done, failed, current.as_ref())
}

/// Files for unit tests.
#[cfg(test)]
pub(crate) mod test_files {
    /// A temporary folder holding `files` (path, text).
    pub fn project(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (f, text) in files {
            let p = dir.path().join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        dir
    }
}

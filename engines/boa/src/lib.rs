//! The embedded Boa engine: runs a JavaScript workload with the decisionprof runtime as `__dp`
//! (branch points counted, checks speculated and undone, histories recorded) over a host that
//! gives Boa CommonJS, ES modules, Node built-ins and the test harness.

mod cjs_names;
mod costs;
mod dp;
mod embedded;
mod fn_source;
mod guard;
mod host;
mod internals;
mod intl_bridge;
mod jobs;
mod link_error;
mod made;
mod module_loader;
mod mutators;
mod natives;
mod plain_array;
mod regex_watch;
mod replace;
mod restored;
mod rt;
mod run;
mod settle;
mod state;
mod string_search;
mod time_zone;
mod units;

use std::sync::{mpsc, Arc, Mutex};
use std::time::{Duration, Instant};

use jsproject::workload::Workload;
use jsproject::{heartbeat, profile, EngineError, ProfileOptions, RunOutcome, DEFAULT_TIMEOUT};

/// How long past `--timeout` the engine may take to come back with its whole profile.
const RETURN_GRACE: Duration = Duration::from_secs(5);

/// Runs the project's workload (instrumented unless `opts.instrument` is false) and profiles it.
pub fn profile_project(
    workload: &Workload,
    opts: &ProfileOptions,
) -> Result<RunOutcome, EngineError> {
    let root = workload.root.clone();
    let timeout = opts.timeout.unwrap_or(DEFAULT_TIMEOUT);
    let deadline = Some(Instant::now() + timeout);
    let stdout = Arc::new(Mutex::new(String::new()));
    let progress = Arc::new(Mutex::new(units::Progress::default()));
    let (tx, rx) = mpsc::channel();
    let worker = {
        let opts = opts.clone();
        let workload = workload.clone();
        let stdout = stdout.clone();
        let progress = progress.clone();
        std::thread::Builder::new()
            .name("decisionprof-boa".into())
            .stack_size(1 << 30)
            .spawn(move || {
                // a Boa bug that panics (linking some cycles of ES modules) ends this run, not
                // the process, and is named
                let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    run::run(&opts, &workload, deadline, stdout, progress)
                }))
                .unwrap_or_else(|p| Err(EngineError::Engine(boa_failed(p.as_ref()))));
                let _ = tx.send(r);
            })
            .map_err(|e| EngineError::Engine(format!("cannot start the engine thread: {e}")))?
    };
    let t = timeout;
    // Runs stop themselves at the deadline in instrumented code, and through the loop-iteration
    // limit elsewhere; a run still inside a built-in after the grace is reported from the
    // profile kept when its last test ended.
    let what = heartbeat::run_name(opts, "");
    let waiting = Waiting {
        limit: t + RETURN_GRACE,
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
            let mut kept = None;
            if let Ok(mut p) = progress.lock() {
                tests = p.tests.clone();
                kept = p.snapshot.take();
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
            // the engine never came back (a built-in running on): the profile as of the last
            // test it finished, with every test's result
            let kept = kept.unwrap_or_else(|| profile::Profile {
                root: root.to_string_lossy().into_owned(),
                ..profile::Profile::default()
            });
            return Ok(RunOutcome {
                profile: profile::Profile {
                    tests,
                    seconds: t.as_secs_f64(),
                    timed_out: true,
                    ..kept
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
struct Waiting<'a> {
    /// The longest wait.
    limit: Duration,
    /// Set on Ctrl-C or SIGTERM.
    cancel: Option<&'a std::sync::atomic::AtomicBool>,
    /// The run's tests so far, for progress lines.
    progress: &'a Mutex<units::Progress>,
    /// Which run, for progress lines.
    what: &'a str,
}

/// The engine thread's result, waiting at most `w.limit`; once `w.cancel` is set (Ctrl-C,
/// SIGTERM), at most two seconds more: instrumented code stops itself at once, but code that
/// checks no clock (a plain run, one long built-in call) would keep the user waiting.
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

//! Progress lines of long runs: every half minute (`DECISIONPROF_PROGRESS_SECS`), a run in Boa or
//! under node says on stderr how many tests are done and which one runs, so a user waiting on a
//! slow workload sees it move. Off unless the CLI turns it on.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

static ON: AtomicBool = AtomicBool::new(false);

/// Turns progress lines on or off (the CLI turns them on, `suggest --quiet` off).
pub fn set_progress_lines(on: bool) {
    ON.store(on, Ordering::Relaxed);
}

/// Which run a line speaks of: `the instrumented run`, `the plain run under node`, ….
pub fn run_name(opts: &crate::ProfileOptions, engine: &str) -> String {
    let run = match (opts.flow, opts.instrument) {
        (true, _) => "the js-flow run",
        (false, true) => "the instrumented run",
        (false, false) => "the plain run",
    };
    format!("{run}{engine}")
}

/// When the next line is due.
pub struct Beat {
    every: Duration,
    next: Instant,
}

impl Default for Beat {
    fn default() -> Self {
        Beat::new()
    }
}

impl Beat {
    /// A beat starting now, at `DECISIONPROF_PROGRESS_SECS` (default 30 s).
    pub fn new() -> Self {
        let secs = std::env::var("DECISIONPROF_PROGRESS_SECS")
            .ok()
            .and_then(|v| v.trim().parse::<u64>().ok())
            .filter(|&s| s > 0)
            .unwrap_or(30);
        let every = Duration::from_secs(secs);
        Beat {
            every,
            next: Instant::now() + every,
        }
    }

    /// Whether a line is due now (and lines are on); the next is then one interval later.
    pub fn due(&mut self) -> bool {
        if Instant::now() < self.next {
            return false;
        }
        self.next += self.every;
        ON.load(Ordering::Relaxed)
    }
}

/// `decisionprof: the instrumented run, 60 s in: 12 tests done (1 failed); running NAME [FILE]`.
pub fn line(
    what: &str,
    elapsed: Duration,
    done: usize,
    failed: usize,
    current: Option<&(String, String)>,
) -> String {
    let failed = match failed {
        0 => String::new(),
        n => format!(" ({n} failed)"),
    };
    let now = match current {
        Some((name, file)) => format!("; running {name} [{file}]"),
        None => String::new(),
    };
    format!(
        "decisionprof: {what}, {} s in: {done} tests done{failed}{now}",
        elapsed.as_secs()
    )
}

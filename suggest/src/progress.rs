//! Progress on stderr: bars when stderr is a terminal, plain lines with an estimate of the time
//! left otherwise; `set_quiet` silences both.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

static QUIET: AtomicBool = AtomicBool::new(false);

/// Silences all progress output (`--quiet`).
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

fn target() -> ProgressDrawTarget {
    if !quiet() && std::io::stderr().is_terminal() {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    }
}

/// A bar of `len` steps labelled `what`; draws nothing unless stderr is a terminal.
pub fn bar(len: u64, what: &str) -> ProgressBar {
    let pb = ProgressBar::with_draw_target(Some(len), target());
    if let Ok(style) =
        ProgressStyle::with_template("{prefix:>10} [{bar:30}] {pos}/{len} {msg} ({elapsed})")
    {
        pb.set_style(style.progress_chars("=> "));
    }
    pb.set_prefix(what.to_string());
    pb
}

/// A spinner labelled `what`; draws nothing unless stderr is a terminal.
pub fn spinner(what: &str) -> ProgressBar {
    let pb = ProgressBar::with_draw_target(None, target());
    if let Ok(style) = ProgressStyle::with_template("{prefix:>10} {spinner} {msg} ({elapsed})") {
        pb.set_style(style);
    }
    pb.set_prefix(what.to_string());
    pb.enable_steady_tick(std::time::Duration::from_millis(120));
    pb
}

/// Shows `message` on a spinner made by [`spinner`]; when stderr is not a terminal (so the
/// spinner draws nothing) prints `what: message` as a line instead, unless quiet.
pub fn step(pb: &ProgressBar, what: &str, message: &str) {
    pb.set_message(message.to_string());
    if pb.is_hidden() && !quiet() {
        eprintln!("{what}: {message}");
    }
}

/// Prints `what: message` as a line on stderr unless quiet (a phase with no bar of its own).
pub fn note(what: &str, message: &str) {
    if !quiet() {
        eprintln!("{what}: {message}");
    }
}

/// One stderr line per candidate and phase, with an estimate of the time left.
#[derive(Debug)]
pub struct Lines {
    start: Instant,
    total: usize,
}

impl Lines {
    /// Starts the clock for `total` candidates.
    pub fn new(total: usize) -> Self {
        Lines {
            start: Instant::now(),
            total,
        }
    }

    /// Prints `[k/total] what: phase`, with the time left once `done` candidates are finished.
    pub fn say(&self, pb: &ProgressBar, k: usize, done: usize, what: &str, phase: &str) {
        if quiet() {
            return;
        }
        let left = eta(self.start.elapsed(), done, self.total)
            .map(|d| format!(" (about {} left)", short(d)))
            .unwrap_or_default();
        let line = format!("gate [{}/{}] {what}: {phase}{left}", k + 1, self.total);
        if pb.is_hidden() {
            eprintln!("{line}");
        } else {
            pb.println(line);
        }
    }
}

/// Time left after `done` of `total` items took `elapsed`, `None` before the first is done.
pub fn eta(elapsed: Duration, done: usize, total: usize) -> Option<Duration> {
    (done > 0 && done < total).then(|| elapsed.mul_f64((total - done) as f64 / done as f64))
}

/// `1h02m`, `3m05s` or `42s`.
fn short(d: Duration) -> String {
    let s = d.as_secs();
    match (s / 3600, s / 60 % 60, s % 60) {
        (0, 0, s) => format!("{s}s"),
        (0, m, s) => format!("{m}m{s:02}s"),
        (h, m, _) => format!("{h}h{m:02}m"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_left_scales_the_mean_time_per_item() {
        assert_eq!(eta(Duration::from_secs(30), 0, 4), None);
        assert_eq!(eta(Duration::from_secs(30), 4, 4), None);
        assert_eq!(
            eta(Duration::from_secs(30), 1, 4),
            Some(Duration::from_secs(90))
        );
        assert_eq!(short(Duration::from_secs(42)), "42s");
        assert_eq!(short(Duration::from_secs(185)), "3m05s");
        assert_eq!(short(Duration::from_secs(3720)), "1h02m");
    }
}

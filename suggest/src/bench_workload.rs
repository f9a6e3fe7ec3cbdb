//! Timing on the project's benchmarks: when a project ships benchmarks that a benchmark library
//! drives (benchmark.js, tinybench, mitata, vitest's `bench`), `suggest` profiles and times their
//! cases, each a unit the harness runs (`jsproject/js/harness/benchmarks.js`), while the project's
//! tests validate every variant.

use jsproject::profile::Profile;
use jsproject::workload::Workload;

/// The project's library-driven benchmarks as a workload; `None` when it ships none (a plain
/// timing script is only run when named with `--workload`: it may run for minutes).
pub fn benchmark_workload(own: &Workload) -> Option<Workload> {
    let files: Vec<String> = own
        .benchmarks
        .iter()
        .filter(|b| b.library.is_some())
        .map(|b| b.file.clone())
        .collect();
    if files.is_empty() || own.own.is_none() {
        return None;
    }
    Workload::open(&own.root, &files, own.target.as_deref()).ok()
}

/// Why the plain and profiled runs of the benchmarks cannot stand for the project (no case ran,
/// most failed, a deadline), or `None` when they can.
pub fn unusable(plain: &Profile, profile: &Profile) -> Option<String> {
    if plain.timed_out || profile.timed_out {
        return Some("they did not finish within the run's limit".into());
    }
    if profile.tests.is_empty() {
        return Some("they registered no case".into());
    }
    crate::project::most_failed(profile).map(|m| {
        format!(
            "{} of {} cases failed, first {}: {}",
            m.failed, m.total, m.first.name, m.message
        )
    })
}

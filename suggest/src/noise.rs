//! The machine's noise floor, measured once per run: how much the original's timed tests vary
//! between fresh node processes. A candidate predicted to save far less is not timed.

use std::path::Path;

use statrs::statistics::Statistics;

use crate::error::SuggestError;
use crate::gate::GateOptions;
use crate::node::{Mode, NodeRunner, Record};
use crate::stats::median;

/// Fresh processes of the original that measure the noise floor.
pub const NOISE_PROCESSES: u32 = 3;

/// A predicted saving this many times below the noise floor is not timed.
pub const FAR_BELOW: f64 = 10.0;

/// Coefficient of variation, in percent, of the per-process sums of the `tests` (harness indices)
/// over [`NOISE_PROCESSES`] fresh processes of the original; `None` without usable figures.
pub fn measure(
    runner: &NodeRunner,
    original: &Path,
    files: &[String],
    tests: &[usize],
    opts: &GateOptions,
) -> Result<Option<f64>, SuggestError> {
    if tests.is_empty() {
        return Ok(None);
    }
    let mode = Mode::Time {
        warmup: opts.warmup,
        measure: opts.measure,
    };
    let mut per_process: Vec<Vec<(usize, f64)>> = Vec::new();
    for _ in 0..NOISE_PROCESSES {
        let report = runner.run_only(original, files, mode, Some(tests))?;
        let figures = report
            .records
            .iter()
            .filter_map(|r| match r {
                Record::Timing {
                    index,
                    samples,
                    failed: None,
                    ..
                } => median(samples).map(|m| (*index, m)),
                _ => None,
            })
            .collect();
        per_process.push(figures);
    }
    Ok(coefficient_of_variation(&per_process))
}

/// CV in percent of the sums over the tests every process has a figure for.
fn coefficient_of_variation(per_process: &[Vec<(usize, f64)>]) -> Option<f64> {
    let first = per_process.first()?;
    let common: Vec<usize> = first
        .iter()
        .map(|(i, _)| *i)
        .filter(|i| per_process.iter().all(|p| p.iter().any(|(j, _)| j == i)))
        .collect();
    if common.is_empty() || per_process.len() < 2 {
        return None;
    }
    let sums: Vec<f64> = per_process
        .iter()
        .map(|p| {
            p.iter()
                .filter(|(i, _)| common.contains(i))
                .map(|(_, m)| m)
                .sum()
        })
        .collect();
    let mean = (&sums).mean();
    (mean > 0.0).then(|| 100.0 * (&sums).std_dev() / mean)
}

/// The reason to skip a candidate predicted to save `predicted` percent when the noise floor is
/// `floor` percent, or `None` when it may be measurable.
pub fn below(predicted: f64, floor: f64) -> Option<String> {
    (predicted * FAR_BELOW < floor)
        .then(|| format!("below measurable: predicted {predicted:.1} %, noise floor {floor:.1} %"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cv_of_the_sums_over_common_tests() {
        let procs = vec![
            vec![(0, 90.0), (1, 10.0), (2, 5.0)],
            vec![(0, 100.0), (1, 10.0)],
            vec![(0, 110.0), (1, 10.0)],
        ];
        // Sums 100, 110, 120: mean 110, sd 10.
        let cv = coefficient_of_variation(&procs).unwrap();
        assert!((cv - 100.0 * 10.0 / 110.0).abs() < 1e-9, "{cv}");
        assert_eq!(coefficient_of_variation(&procs[..1]), None);
    }

    #[test]
    fn far_below_the_floor_is_skipped_with_both_figures() {
        assert_eq!(
            below(0.1, 2.0).as_deref(),
            Some("below measurable: predicted 0.1 %, noise floor 2.0 %")
        );
        assert_eq!(below(0.3, 2.0), None);
        assert_eq!(below(5.0, 2.0), None);
    }
}

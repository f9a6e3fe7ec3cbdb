//! The machine's noise floor, measured once per run: how much the original's timed tests vary
//! between fresh node processes. A candidate predicted to save far less is not timed.

use std::path::Path;

use statrs::statistics::Statistics;

use crate::error::SuggestError;
use crate::gate::{run_pair, GateOptions};
use crate::node::{Mode, NodeRunner, Record};
use crate::stats::median;

/// Fresh processes of the original that measure the noise floor.
pub const NOISE_PROCESSES: u32 = 3;

/// At most this many tests are timed for the noise floor (a median over them is stable enough).
pub const NOISE_TESTS: usize = 24;

/// A predicted saving this many times below the noise floor is not timed.
pub const FAR_BELOW: f64 = 10.0;

/// Median coefficient of variation, in percent, of at most [`NOISE_TESTS`] of the `tests` (harness
/// indices) over [`NOISE_PROCESSES`] fresh processes of the original (two at a time when the gate
/// runs pairs); `None` without usable figures.
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
    let tests = spread(tests, NOISE_TESTS);
    let mode = Mode::Time {
        warmup: opts.warmup,
        measure: opts.measure,
    };
    let mut reports = Vec::new();
    while reports.len() < NOISE_PROCESSES as usize {
        if reports.len() + 1 < NOISE_PROCESSES as usize {
            let roots = (original, original);
            let (a, b) = run_pair(runner, roots, files, mode, Some(&tests), opts.parallel)?;
            reports.extend([a, b]);
        } else {
            reports.push(runner.run_only(original, files, mode, Some(&tests))?);
        }
    }
    let per_process: Vec<Vec<(usize, f64)>> = reports.iter().map(figures).collect();
    Ok(coefficient_of_variation(&per_process))
}

/// Test index → median time of one process's timed tests that passed.
fn figures(report: &crate::node::RunReport) -> Vec<(usize, f64)> {
    report
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
        .collect()
}

/// At most `n` of `tests`, evenly spread over them in order (all of them when there are no more).
fn spread(tests: &[usize], n: usize) -> Vec<usize> {
    if tests.len() <= n {
        return tests.to_vec();
    }
    (0..n).map(|k| tests[k * tests.len() / n]).collect()
}

/// Median over the tests every process has a figure for of each test's coefficient of variation
/// (in percent) between processes: the typical test's noise, which one slow outlier test cannot
/// inflate the way it would inflate the CV of the sums.
fn coefficient_of_variation(per_process: &[Vec<(usize, f64)>]) -> Option<f64> {
    let first = per_process.first()?;
    if per_process.len() < 2 {
        return None;
    }
    let cvs: Vec<f64> = first
        .iter()
        .filter_map(|&(i, _)| {
            let figures: Vec<f64> = per_process
                .iter()
                .map(|p| p.iter().find(|(j, _)| *j == i).map(|(_, m)| *m))
                .collect::<Option<_>>()?;
            let mean = (&figures).mean();
            (mean > 0.0).then(|| 100.0 * (&figures).std_dev() / mean)
        })
        .collect();
    median(&cvs)
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
    fn median_cv_of_the_tests_every_process_timed() {
        let procs = vec![
            vec![(0, 90.0), (1, 10.0), (2, 5.0), (3, 1.0)],
            vec![(0, 100.0), (1, 10.0), (3, 2.0)],
            vec![(0, 110.0), (1, 10.0), (3, 6.0)],
        ];
        // Test 0: mean 100, sd 10 → 10 %; test 1: 0 %; test 3: mean 3, sd √7 → 88 %; test 2 is
        // missing from two processes. The median is test 0's.
        let cv = coefficient_of_variation(&procs).unwrap();
        assert!((cv - 10.0).abs() < 1e-9, "{cv}");
        assert_eq!(coefficient_of_variation(&procs[..1]), None);
    }

    #[test]
    fn at_most_n_tests_evenly_spread() {
        let tests: Vec<usize> = (10..20).collect();
        assert_eq!(spread(&tests, 4), [10, 12, 15, 17]);
        assert_eq!(spread(&tests[..3], 4), [10, 11, 12]);
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

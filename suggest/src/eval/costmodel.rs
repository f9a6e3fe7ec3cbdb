//! The cost-model check of the paper's section 6.4: branch points counted in Boa against wall time under node.

use std::collections::HashMap;
use std::time::Instant;

use jsproject::profile::Profile;
use jsproject::workload::Workload;
use serde::{Deserialize, Serialize};

use crate::error::SuggestError;
use crate::node::{Mode, NodeRunner, Record};
use crate::stats::median;
use crate::variant::materialize;

/// Whether a workload registers tests or is a benchmark script timed as a whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WorkloadKind {
    /// A test suite (mocha/tape style).
    Tests,
    /// A script without tests.
    Script,
}

/// How the original project runs under node.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NodeTiming {
    /// Tests or script.
    pub kind: WorkloadKind,
    /// Wall time of one plain node process running the workload once, process start included, in seconds.
    pub t_node: f64,
    /// Per test `(name, file, mean ns per run)`; one entry named after the files for a script.
    pub means: Vec<(String, String, f64)>,
    /// Tests that passed in the validation run under node (the shared harness); `None` for a script.
    #[serde(default)]
    pub passed: Option<usize>,
}

/// One test's point of the cost-model check.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TestPoint {
    /// Test name (the workload files for a script).
    pub name: String,
    /// Workload file.
    pub file: String,
    /// Branch points counted in the profiled Boa run.
    pub branch_points: u64,
    /// Work of built-in calls in the profiled Boa run, in branch-point units.
    #[serde(default)]
    pub native_units: u64,
    /// Mean wall time under node, in ns.
    pub node_mean_ns: f64,
}

/// Which count predicts time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Predictor {
    /// Branch points alone (the paper's model).
    BranchPoints,
    /// Branch points plus the calibrated work of built-in calls.
    Native,
}

impl TestPoint {
    /// The point's predicted cost.
    pub fn predicted(&self, by: Predictor) -> f64 {
        match by {
            Predictor::BranchPoints => self.branch_points as f64,
            Predictor::Native => (self.branch_points + self.native_units) as f64,
        }
    }
}

/// Pearson correlation over the points at or above a minimum time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Correlation {
    /// Points used.
    pub n: usize,
    /// Minimum node time of a point, in ms.
    pub min_ms: f64,
    /// The coefficient, `None` with fewer than two points or no variance.
    pub r: Option<f64>,
}

/// Times the original workload under node, in a copy of `root` (built first when `build` is
/// given): one validation process, then `runs`
/// timing processes (`warmup`/`measure` samples per test, or one run per process for a script).
pub fn time_original(
    runner: &NodeRunner,
    workload: &Workload,
    build: Option<&crate::build::BuildStep>,
    warmup: u32,
    measure: u32,
    runs: u32,
) -> Result<NodeTiming, SuggestError> {
    let work = tempfile::Builder::new()
        .prefix("decisionprof-eval-")
        .tempdir()
        .map_err(|e| SuggestError::io("creating a temp dir", e))?;
    let copy = work.path().join("original");
    materialize(&workload.root, workload.runner(), &copy, &[], build)?;
    let files = workload.rel_files();
    let files = &files[..];
    let started = Instant::now();
    let first = runner.run(&copy, files, Mode::Validate)?;
    let t_node = started.elapsed().as_secs_f64();
    if let Some(e) = first.load_error() {
        return Err(SuggestError::Baseline(e.to_string()));
    }
    let passed = first
        .records
        .iter()
        .filter(|r| matches!(r, Record::Test { passed: true, .. }))
        .count();
    let tests: Vec<(String, String)> = first
        .records
        .iter()
        .filter_map(|r| match r {
            Record::Test { name, file, .. } => Some((name.clone(), file.clone())),
            _ => None,
        })
        .collect();
    if tests.is_empty() {
        let mut ns = Vec::new();
        for _ in 0..runs.max(1) {
            let rep = runner.run(
                &copy,
                files,
                Mode::Script {
                    warmup: 0,
                    measure: 0,
                },
            )?;
            ns.extend(rep.records.iter().filter_map(|r| match r {
                Record::Script { ns, .. } => Some(*ns),
                _ => None,
            }));
        }
        let name = files.join(" ");
        return Ok(NodeTiming {
            kind: WorkloadKind::Script,
            t_node,
            means: mean(&ns)
                .map(|m| (name.clone(), name, m))
                .into_iter()
                .collect(),
            passed: None,
        });
    }
    let mut per_test: Vec<Vec<f64>> = vec![Vec::new(); tests.len()];
    let mode = Mode::Time {
        warmup,
        measure: measure.max(1),
    };
    for _ in 0..runs.max(1) {
        let rep = runner.run(&copy, files, mode)?;
        for r in &rep.records {
            if let Record::Timing {
                index,
                samples,
                failed: None,
                ..
            } = r
            {
                if let (Some(into), Some(m)) = (per_test.get_mut(*index), median(samples)) {
                    into.push(m);
                }
            }
        }
    }
    let means = tests
        .into_iter()
        .zip(per_test)
        .filter_map(|((name, file), xs)| mean(&xs).map(|m| (name, file, m)))
        .collect();
    Ok(NodeTiming {
        kind: WorkloadKind::Tests,
        t_node,
        means,
        passed: Some(passed),
    })
}

/// Pairs each timed test with its branch points in `profile` (by name and file); a script gets the
/// branch points of the whole run.
pub fn points(profile: &Profile, timing: &NodeTiming) -> Vec<TestPoint> {
    match timing.kind {
        WorkloadKind::Script => timing
            .means
            .iter()
            .map(|(name, file, ns)| TestPoint {
                name: name.clone(),
                file: file.clone(),
                branch_points: profile.tests.iter().map(|t| t.branch_points).sum(),
                native_units: profile.tests.iter().map(|t| t.native_units).sum(),
                node_mean_ns: *ns,
            })
            .collect(),
        WorkloadKind::Tests => {
            let bp: HashMap<(&str, &str), (u64, u64)> = profile
                .tests
                .iter()
                .map(|t| {
                    (
                        (t.name.as_str(), t.file.as_str()),
                        (t.branch_points, t.native_units),
                    )
                })
                .collect();
            timing
                .means
                .iter()
                .filter_map(|(name, file, ns)| {
                    bp.get(&(name.as_str(), file.as_str()))
                        .map(|&(b, native)| TestPoint {
                            name: name.clone(),
                            file: file.clone(),
                            branch_points: b,
                            native_units: native,
                            node_mean_ns: *ns,
                        })
                })
                .collect()
        }
    }
}

/// The correlation of predicted cost and node time over the points that take at least `min_ms`.
pub fn correlate<'a>(
    points: impl IntoIterator<Item = &'a TestPoint>,
    min_ms: f64,
    by: Predictor,
) -> Correlation {
    let (xs, ys): (Vec<f64>, Vec<f64>) = points
        .into_iter()
        .filter(|p| p.node_mean_ns >= min_ms * 1e6)
        .map(|p| (p.predicted(by), p.node_mean_ns))
        .unzip();
    Correlation {
        n: xs.len(),
        min_ms,
        r: pearson(&xs, &ys),
    }
}

/// Pearson's correlation coefficient; `None` for fewer than two pairs, unequal lengths or no variance.
pub fn pearson(xs: &[f64], ys: &[f64]) -> Option<f64> {
    let n = xs.len();
    if n < 2 || ys.len() != n {
        return None;
    }
    let mx = xs.iter().sum::<f64>() / n as f64;
    let my = ys.iter().sum::<f64>() / n as f64;
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (x, y) in xs.iter().zip(ys) {
        let (dx, dy) = (x - mx, y - my);
        sxy += dx * dy;
        sxx += dx * dx;
        syy += dy * dy;
    }
    if sxx == 0.0 || syy == 0.0 {
        return None;
    }
    Some(sxy / (sxx * syy).sqrt())
}

fn mean(xs: &[f64]) -> Option<f64> {
    (!xs.is_empty()).then(|| xs.iter().sum::<f64>() / xs.len() as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pearson_matches_known_values() {
        // Perfect linear relations.
        assert!((pearson(&[1.0, 2.0, 3.0], &[2.0, 4.0, 6.0]).unwrap() - 1.0).abs() < 1e-12);
        assert!((pearson(&[1.0, 2.0, 3.0], &[3.0, 2.0, 1.0]).unwrap() + 1.0).abs() < 1e-12);
        // Worked by hand: x = 1..5, y = 2 4 5 4 5: sxy = 6, sxx = 10, syy = 6.
        let r = pearson(&[1.0, 2.0, 3.0, 4.0, 5.0], &[2.0, 4.0, 5.0, 4.0, 5.0]).unwrap();
        assert!((r - 6.0 / 60f64.sqrt()).abs() < 1e-12, "{r}");
        assert!((r - 0.774_596_669_241_483_4).abs() < 1e-12);
        // Anscombe's first quartet: r = 0.81642 (to five places).
        let x = [10.0, 8.0, 13.0, 9.0, 11.0, 14.0, 6.0, 4.0, 12.0, 7.0, 5.0];
        let y = [
            8.04, 6.95, 7.58, 8.81, 8.33, 9.96, 7.24, 4.26, 10.84, 4.82, 5.68,
        ];
        assert!((pearson(&x, &y).unwrap() - 0.81642).abs() < 5e-5);
        // Uncorrelated.
        assert!(
            pearson(&[1.0, 2.0, 3.0, 4.0], &[1.0, -1.0, -1.0, 1.0])
                .unwrap()
                .abs()
                < 1e-12
        );
        // Degenerate inputs.
        assert_eq!(pearson(&[1.0], &[2.0]), None);
        assert_eq!(pearson(&[1.0, 1.0, 1.0], &[1.0, 2.0, 3.0]), None);
        assert_eq!(pearson(&[1.0, 2.0], &[1.0]), None);
    }

    #[test]
    fn correlate_keeps_only_points_of_at_least_min_ms() {
        let p = |b: u64, ms: f64| TestPoint {
            name: String::new(),
            file: String::new(),
            branch_points: b,
            native_units: 0,
            node_mean_ns: ms * 1e6,
        };
        let pts = [p(100, 10.0), p(200, 20.0), p(300, 31.0), p(1_000_000, 1.0)];
        let c = correlate(&pts, 5.0, Predictor::BranchPoints);
        assert_eq!(c.n, 3);
        assert!(c.r.unwrap() > 0.99);
        let all = correlate(&pts, 0.0, Predictor::BranchPoints);
        assert_eq!(all.n, 4);
        assert!(all.r.unwrap() < 0.0);
    }

    #[test]
    fn points_pair_tests_by_name_and_file_and_sum_a_script() {
        let mut profile = Profile::default();
        for (name, file, bp) in [("a", "t.js", 10), ("b", "t.js", 20), ("a", "u.js", 30)] {
            profile.tests.push(jsproject::profile::TestResult {
                name: name.into(),
                file: file.into(),
                passed: true,
                error: None,
                branch_points: bp,
                native_units: 0,
            });
        }
        let timing = NodeTiming {
            kind: WorkloadKind::Tests,
            t_node: 0.1,
            means: vec![
                ("a".into(), "u.js".into(), 5.0),
                ("c".into(), "t.js".into(), 1.0),
            ],
            passed: Some(2),
        };
        let pts = points(&profile, &timing);
        assert_eq!(pts.len(), 1);
        assert_eq!((pts[0].branch_points, pts[0].node_mean_ns), (30, 5.0));
        let script = NodeTiming {
            kind: WorkloadKind::Script,
            t_node: 0.1,
            means: vec![("s.js".into(), "s.js".into(), 7.0)],
            passed: None,
        };
        assert_eq!(points(&profile, &script)[0].branch_points, 60);
    }
}

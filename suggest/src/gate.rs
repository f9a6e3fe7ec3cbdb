//! Testing-based validation and the timing gate: original vs variant in fresh node processes.

use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::error::SuggestError;
use crate::node::{Mode, NodeRunner, Record, RunReport};
use crate::sequential::{Design, Spending, Step};
use crate::stats::{median, welch, Effect};

/// Runs of each version for a workload without tests (a benchmark script).
pub const SCRIPT_RUNS: u32 = 50;

/// Default cap on the affected tests timed per candidate.
pub const TIMED_TESTS: usize = 12;

/// Default cap of node processes per version in a timing round (the sequential design stops
/// earlier when the answer is clear).
pub const DEFAULT_VMS: u32 = 20;

/// Parameters of the timing gate (the paper's methodology).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct GateOptions {
    /// Fresh node processes per version.
    pub vms: u32,
    /// Warm-up samples per test and process.
    pub warmup: u32,
    /// Measured samples per test and process.
    pub measure: u32,
    /// Confidence level of the t-test, e.g. 0.90.
    pub confidence: f64,
    /// Runs of each version for a benchmark script.
    pub script_runs: u32,
    /// Repeat an accepted comparison with fresh processes and accept only if it holds again.
    pub confirm: bool,
    /// Fixed number of processes, or a group-sequential design that stops early.
    #[serde(default)]
    pub design: GateDesign,
    /// Run the original's and the variant's process of a round at the same time (each on a core
    /// of its own, so both see the same machine), when there are two cores.
    #[serde(default)]
    pub parallel: bool,
    /// At most this many of a candidate's affected tests are timed, those with the largest
    /// predicted change first (0: every affected test).
    #[serde(default)]
    pub timed_tests: usize,
}

/// Whether the machine has at least two cores for a pair of node processes.
pub fn two_cores() -> bool {
    std::thread::available_parallelism().is_ok_and(|n| n.get() >= 2)
}

/// Runs the original's and the variant's process of one round: at the same time when `parallel`
/// (the pair starts together, so drift and load hit both alike), else original first.
pub(crate) fn run_pair(
    runner: &NodeRunner,
    roots: (&Path, &Path),
    files: &[String],
    mode: Mode,
    only: Option<&[usize]>,
    parallel: bool,
) -> Result<(RunReport, RunReport), SuggestError> {
    if !parallel {
        let a = runner.run_only(roots.0, files, mode, only)?;
        let b = runner.run_only(roots.1, files, mode, only)?;
        return Ok((a, b));
    }
    let (a, b) = std::thread::scope(|s| {
        let a = s.spawn(|| runner.run_only(roots.0, files, mode, only));
        let b = runner.run_only(roots.1, files, mode, only);
        (a.join(), b)
    });
    let a = a.map_err(|_| SuggestError::Runner("a node process thread panicked".into()))?;
    Ok((a?, b?))
}

/// How many processes a timing round runs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GateDesign {
    /// Always `vms` processes per version; all tests together significant at the confidence level.
    Fixed,
    /// Up to `vms` processes per version with Lan–DeMets O'Brien–Fleming boundaries over all timed
    /// tests together (see [`crate::sequential`]): stops when significant or futile.
    #[default]
    Sequential,
}

impl Default for GateOptions {
    fn default() -> Self {
        GateOptions {
            vms: DEFAULT_VMS,
            warmup: 5,
            measure: 10,
            confidence: 0.90,
            script_runs: SCRIPT_RUNS,
            confirm: true,
            design: GateDesign::Sequential,
            parallel: two_cores(),
            timed_tests: TIMED_TESTS,
        }
    }
}

/// How the original workload behaves under node: the reference for validation.
#[derive(Debug, Clone, PartialEq)]
pub struct Baseline {
    /// `(name, file, passed)` per test, in order.
    pub tests: Vec<(String, String, bool)>,
    /// The workload's own output.
    pub output: String,
    /// Two runs of the original printed different output: it is not compared.
    pub output_varies: bool,
}

impl Baseline {
    /// True if the workload registered tests (otherwise it is timed as a script).
    pub fn has_tests(&self) -> bool {
        !self.tests.is_empty()
    }
}

/// The timing comparison of one test (or of the whole script).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TestEffect {
    /// Test name (the script path for scripts).
    pub name: String,
    /// Workload file.
    pub file: String,
    /// Mean time of the original, ns.
    pub mean_original_ns: f64,
    /// Mean time of the variant, ns.
    pub mean_variant_ns: f64,
    /// Change of the mean in percent (negative = faster).
    pub change_percent: f64,
    /// Two-sided p-value of Welch's t-test.
    pub p: f64,
    /// Significantly faster, slower, or neither.
    pub effect: Effect,
    /// Half-width of the confidence interval of `change_percent` (the gate's confidence), when
    /// measured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interval_percent: Option<f64>,
    /// What the profile predicts: the saved branch points in percent of the test's branch points
    /// (negative = faster), when known; a measured change far beyond it is likely noise.
    #[serde(default)]
    pub estimated_percent: Option<f64>,
}

/// Outcome of gating one variant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GateResult {
    /// Per test.
    pub tests: Vec<TestEffect>,
    /// Significantly faster tests.
    pub positive: usize,
    /// Significantly slower tests.
    pub negative: usize,
    /// A test that failed while being timed, with its error.
    pub failed: Option<String>,
    /// All timed tests together: per process the sum of their figures (the script itself for scripts).
    #[serde(default)]
    pub aggregate: Option<TestEffect>,
    /// The repeated comparison with fresh processes, run when this one was accepted and
    /// `confirm` is on.
    #[serde(default)]
    pub confirmation: Option<Box<GateResult>>,
    /// Suggested: positive tests outnumber negative ones, none failed, all timed tests together are
    /// significantly faster, and the confirmation (if run) accepted too.
    pub accepted: bool,
    /// Processes per version actually run and why a sequential round stopped, when it did.
    #[serde(default)]
    pub stopped: Option<(u32, Step)>,
    /// Why no timed test gave figures, when none did (they fail when run again in one process).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub untimed: Option<String>,
    /// Tests chosen to time that gave no figure to compare: not found in the validating run
    /// under node, failing when run again without the tests before them, or not run in every
    /// process.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub unfigured: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl GateResult {
    /// Some tests significantly faster and others significantly slower.
    ///
    /// A trade-off is suggested only under the usual rule: more faster tests than slower ones,
    /// all timed tests together significantly faster, and the confirmation round holding.
    pub fn trade_off(&self) -> bool {
        self.positive > 0 && self.negative > 0
    }
}

/// A process's end in words: `exit code 3`, or `killed by a signal` when there is no code.
fn exit_text(code: Option<i32>) -> String {
    code.map_or("killed by a signal".into(), |c| format!("exit code {c}"))
}

/// Runs the original once and records its test results and output.
pub fn baseline(
    runner: &NodeRunner,
    root: &Path,
    files: &[String],
) -> Result<Baseline, SuggestError> {
    let report = runner.run(root, files, Mode::Validate)?;
    if let Some(e) = report.load_error() {
        return Err(SuggestError::Baseline(e.to_string()));
    }
    if !report.finished() {
        return Err(SuggestError::Baseline(format!(
            "the runner stopped early ({}): {}",
            exit_text(report.status),
            report.stderr.trim()
        )));
    }
    Ok(to_baseline(&report))
}

fn to_baseline(report: &RunReport) -> Baseline {
    let tests = report
        .records
        .iter()
        .filter_map(|r| match r {
            Record::Test {
                name, file, passed, ..
            } => Some((name.clone(), file.clone(), *passed)),
            _ => None,
        })
        .collect();
    Baseline {
        tests,
        output: report.output.clone(),
        output_varies: false,
    }
}

/// What a variant is validated against: the original's results on `files`, and the original's
/// copy to run again.
pub struct Check<'a> {
    /// The node runner of the workload.
    pub runner: &'a NodeRunner,
    /// The original's results and output.
    pub reference: &'a Baseline,
    /// The original's copy.
    pub original: &'a Path,
    /// The workload files, relative to a copy.
    pub files: &'a [String],
}

/// Testing-based validation: `Err(reason)` unless the variant gives the same results and output.
/// With `same_output` false the workload's output is not compared (a benchmark prints its
/// timings). Output that differs counts only when the original, run once more, prints the
/// reference's again: a suite printing its timings can print the same twice by chance.
pub fn validate(
    check: &Check,
    variant_root: &Path,
    same_output: bool,
) -> Result<Result<(), String>, SuggestError> {
    let (runner, reference, files) = (check.runner, check.reference, check.files);
    let report = runner.run(variant_root, files, Mode::Validate)?;
    if let Some(e) = report.load_error() {
        return Ok(Err(format!("the workload no longer loads: {e}")));
    }
    if !report.finished() {
        return Ok(Err(format!(
            "the workload stopped early ({}): {}",
            exit_text(report.status),
            first_line(&report.stderr)
        )));
    }
    let got = to_baseline(&report);
    if got.tests.len() != reference.tests.len() {
        return Ok(Err(format!(
            "{} tests instead of {}",
            got.tests.len(),
            reference.tests.len()
        )));
    }
    for (a, b) in reference.tests.iter().zip(&got.tests) {
        if a != b {
            let error = report.records.iter().find_map(|r| match r {
                Record::Test {
                    name,
                    error: Some(e),
                    ..
                } if *name == b.0 => Some(e.clone()),
                _ => None,
            });
            return Ok(Err(format!(
                "test \"{}\" {} (originally {}){}",
                b.0,
                if b.2 { "passes" } else { "fails" },
                if a.2 { "passes" } else { "fails" },
                error.map(|e| format!(": {e}")).unwrap_or_default()
            )));
        }
    }
    if same_output && !reference.output_varies && got.output != reference.output {
        let again = runner.run(check.original, files, Mode::Validate)?;
        if again.output == reference.output {
            return Ok(Err("the workload prints something different".into()));
        }
        crate::progress::note(
            "gate",
            "the original printed something different when run again (timings, dates): the variant's output is not compared",
        );
    }
    Ok(Ok(()))
}

fn first_line(s: &str) -> &str {
    s.lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .trim()
}

/// The two versions to compare and the tests to time.
#[derive(Debug, Clone, Copy)]
pub struct Comparison<'a> {
    /// Copy of the original project.
    pub original: &'a Path,
    /// Rewritten copy.
    pub variant: &'a Path,
    /// Workload files relative to the roots.
    pub files: &'a [String],
    /// How the original behaves.
    pub reference: &'a Baseline,
    /// Tests `(name, file)` that executed the changed decisions; `None` times every test.
    pub affected: Option<&'a [(String, String)]>,
}

impl Comparison<'_> {
    /// Harness indices of the tests to time.
    fn timed(&self) -> Vec<usize> {
        (0..self.reference.tests.len())
            .filter(|&i| {
                let (name, file, _) = &self.reference.tests[i];
                self.affected
                    .is_none_or(|a| a.iter().any(|(n, f)| n == name && f == file))
            })
            .collect()
    }
}

/// Times original and variant in interleaved fresh processes and applies Welch's t-test per test.
///
/// Only the affected tests are timed (a test that never ran a changed decision cannot be affected,
/// and timing it could only add false effects). Tests: each process gives one figure per test, the
/// median of its measured samples (ns per iteration); the t-test compares the `vms` figures of the
/// original with those of the variant, so the samples are independent (Georges et al. compare
/// per-VM figures too) and a preempted sample cannot swing the verdict. Scripts: one figure per run.
///
/// With `confirm`, an accepted comparison is repeated once with fresh processes and stays accepted
/// only if the repetition accepts too: a false positive then needs two independent flukes.
///
/// `tick` is called after every node process (for progress bars).
pub fn measure(
    runner: &NodeRunner,
    cmp: &Comparison,
    opts: &GateOptions,
    tick: &dyn Fn(),
) -> Result<GateResult, SuggestError> {
    let first = measure_once(runner, cmp, opts, tick)?;
    if !(opts.confirm && first.accepted) {
        return Ok(first);
    }
    let second = measure_once(runner, cmp, opts, tick)?;
    Ok(confirmed(first, second))
}

/// `first` with `second` attached as its confirmation; accepted only if both are.
pub fn confirmed(mut first: GateResult, second: GateResult) -> GateResult {
    first.accepted = first.accepted && second.accepted;
    first.confirmation = Some(Box::new(second));
    first
}

fn measure_once(
    runner: &NodeRunner,
    cmp: &Comparison,
    opts: &GateOptions,
    tick: &dyn Fn(),
) -> Result<GateResult, SuggestError> {
    if cmp.reference.has_tests() {
        measure_tests(runner, cmp, opts, tick)
    } else {
        measure_script(runner, cmp.original, cmp.variant, cmp.files, opts, tick)
    }
}

/// Node processes one round of the gate runs (a confirmation round runs as many again).
pub fn processes(reference: &Baseline, opts: &GateOptions) -> u64 {
    if reference.has_tests() {
        2 * opts.vms as u64 + 1
    } else {
        2 * opts.script_runs as u64
    }
}

/// Figures collected so far in one timing round of tests.
struct Figures {
    /// Per test, the per-process figures of the original / the variant.
    a: Vec<Vec<f64>>,
    b: Vec<Vec<f64>>,
    /// Per process of each version: test index → figure, for the aggregate.
    procs_a: Vec<Vec<(usize, f64)>>,
    procs_b: Vec<Vec<(usize, f64)>>,
    /// Per test: failed while timed in the original / in the variant (first error kept).
    fail_a: Vec<bool>,
    fail_b: Vec<Option<String>>,
    /// The first failure of a test in the original while timed.
    first_fail_a: Option<String>,
}

impl Figures {
    fn new(n: usize) -> Self {
        Figures {
            a: vec![Vec::new(); n],
            b: vec![Vec::new(); n],
            procs_a: Vec::new(),
            procs_b: Vec::new(),
            fail_a: vec![false; n],
            fail_b: vec![None; n],
            first_fail_a: None,
        }
    }

    /// Adds one process's timing records.
    fn add(&mut self, report: &RunReport, is_variant: bool) -> Result<(), SuggestError> {
        if let Some(e) = report.load_error() {
            return Err(SuggestError::Runner(format!(
                "timing run failed to load: {e}"
            )));
        }
        let n = self.a.len();
        let mut figures = Vec::new();
        for r in &report.records {
            let Record::Timing {
                index,
                name,
                samples,
                failed,
                ..
            } = r
            else {
                continue;
            };
            if *index >= n {
                continue;
            }
            match (failed, is_variant) {
                (Some(e), false) => {
                    self.fail_a[*index] = true;
                    self.first_fail_a
                        .get_or_insert_with(|| format!("test \"{name}\": {e}"));
                }
                (Some(e), true) => {
                    self.fail_b[*index]
                        .get_or_insert_with(|| format!("test \"{name}\" failed while timed: {e}"));
                }
                (None, _) => {
                    let into = if is_variant { &mut self.b } else { &mut self.a };
                    if let Some(m) = median(samples) {
                        into[*index].push(m);
                        figures.push((*index, m));
                    }
                }
            }
        }
        if is_variant {
            self.procs_b.push(figures);
        } else {
            self.procs_a.push(figures);
        }
        Ok(())
    }

    /// Timed tests with a figure from every process of both versions, so that sums compare alike.
    fn together(&self, timed: &[usize]) -> Vec<usize> {
        let full = self.procs_b.len();
        timed
            .iter()
            .copied()
            .filter(|&i| !self.fail_a[i] && self.a[i].len() == full && self.b[i].len() == full)
            .collect()
    }

    /// Per-process sums of the original and of the variant over [`Figures::together`].
    fn sums(&self, timed: &[usize]) -> (Vec<f64>, Vec<f64>) {
        let together = self.together(timed);
        (
            sums(&self.procs_a, &together),
            sums(&self.procs_b, &together),
        )
    }
}

fn measure_tests(
    runner: &NodeRunner,
    cmp: &Comparison,
    opts: &GateOptions,
    tick: &dyn Fn(),
) -> Result<GateResult, SuggestError> {
    let reference = cmp.reference;
    let timed = cmp.timed();
    let mut f = Figures::new(reference.tests.len());
    let mode = Mode::Time {
        warmup: opts.warmup,
        measure: opts.measure,
    };
    let design = sequential_design(opts);
    let mut stopped = None;
    // One untimed process first when the versions run one after the other: the first process
    // after building a variant is often slower (caches, CPU frequency), and with A B A B it would
    // always be the original's. Run in parallel pairs, the first pair shares that start.
    if !opts.parallel {
        runner.run_only(cmp.original, cmp.files, mode, Some(&timed))?;
    }
    tick();
    for round in 1..=opts.vms {
        let roots = (cmp.original, cmp.variant);
        let (a, b) = run_pair(runner, roots, cmp.files, mode, Some(&timed), opts.parallel)?;
        for (report, is_variant) in [(a, false), (b, true)] {
            tick();
            f.add(&report, is_variant)?;
        }
        if let Some(step) = design.as_ref().and_then(|d| look(d, round, &f, &timed)) {
            stopped = Some((round, step));
            if matches!(step, Step::Accept | Step::Futile) {
                break;
            }
        }
    }
    if std::env::var_os("DECISIONPROF_GATE_DEBUG").is_some() {
        for &i in &timed {
            eprintln!(
                "gate: {}: original {:?} variant {:?}",
                reference.tests[i].0, f.a[i], f.b[i]
            );
        }
    }
    // A test that also fails in the original when timed (e.g. it depends on tests that were not
    // re-run) says nothing about the variant.
    let failed = (0..f.a.len()).find_map(|i| {
        if f.fail_a[i] {
            None
        } else {
            f.fail_b[i].clone()
        }
    });
    let tests = timed
        .iter()
        .filter(|&&i| !f.fail_a[i])
        .filter_map(|&i| {
            let (name, file, _) = &reference.tests[i];
            effect(name, file, &f.a[i], &f.b[i], opts.confidence)
        })
        .collect();
    let (sum_a, sum_b) = f.sums(&timed);
    let mut aggregate = match f.together(&timed).is_empty() {
        true => None,
        false => effect(AGGREGATE, "", &sum_a, &sum_b, opts.confidence),
    };
    if design.is_some() {
        // The sequential boundary, not the fixed-level test, decides "all together faster".
        if let Some(agg) = aggregate.as_mut() {
            let accepted = matches!(stopped, Some((_, Step::Accept)));
            if agg.effect == Effect::Positive && !accepted {
                agg.effect = Effect::None;
            } else if accepted {
                agg.effect = Effect::Positive;
            }
        }
    }
    let mut result = finish(tests, aggregate, failed);
    result.stopped = stopped;
    let chosen = cmp.affected.map_or(timed.len(), |a| a.len());
    result.unfigured = chosen.saturating_sub(result.tests.len());
    if result.tests.is_empty() {
        // the affected units that are code a test file runs as it loads: no test to time
        let at_load = cmp.affected.unwrap_or_default();
        let at_load = match at_load
            .iter()
            .all(|(n, f)| n == f || n.ends_with(" (load)"))
        {
            true => at_load.first().map(|(_, file)| file.as_str()),
            false => None,
        };
        result.untimed = Some(match (f.first_fail_a.clone(), at_load) {
            (Some(e), _) => format!("every timed test fails when run again in one process (first: {e})"),
            (None, Some(file)) => format!(
                "the code runs as its test files load, outside any test, so there is no test to time (time one file as a script: --workload {file})"
            ),
            (None, None) => "no timed test gave a figure in every process".into(),
        });
    }
    Ok(result)
}

/// The group-sequential design of a round, `None` for the fixed design.
///
/// One-sided level `(1 - confidence) / 2`: the fixed gate's two-sided test accepts "faster" at
/// that rate, so the sequential gate is as strict.
fn sequential_design(opts: &GateOptions) -> Option<Design> {
    (opts.design == GateDesign::Sequential).then(|| {
        Design::new(
            FIRST_LOOK,
            opts.vms,
            (1.0 - opts.confidence) / 2.0,
            Spending::OBrienFleming,
        )
    })
}

/// Processes per version before the first sequential look (Welch needs a few degrees of freedom).
pub const FIRST_LOOK: u32 = 3;

/// The sequential decision after `round` processes per version, `None` between looks.
fn look(design: &Design, round: u32, f: &Figures, timed: &[usize]) -> Option<Step> {
    let (a, b) = f.sums(timed);
    match design.step(round, &welch(&a, &b)?) {
        Step::Continue => None,
        s => Some(s),
    }
}

/// Name of the aggregate comparison in reports.
pub const AGGREGATE: &str = "all timed tests together";

/// Per process, the sum of the figures of the tests in `together`.
fn sums(procs: &[Vec<(usize, f64)>], together: &[usize]) -> Vec<f64> {
    procs
        .iter()
        .map(|figures| {
            figures
                .iter()
                .filter(|(i, _)| together.contains(i))
                .map(|(_, m)| m)
                .sum()
        })
        .collect()
}

fn measure_script(
    runner: &NodeRunner,
    original_root: &Path,
    variant_root: &Path,
    files: &[String],
    opts: &GateOptions,
    tick: &dyn Fn(),
) -> Result<GateResult, SuggestError> {
    let mode = Mode::Script {
        warmup: opts.warmup,
        measure: opts.measure,
    };
    let mut a = ScriptFigures::default();
    let mut b = ScriptFigures::default();
    let mut failed = None;
    for _ in 0..opts.script_runs {
        let roots = (original_root, variant_root);
        let (ra, rb) = run_pair(runner, roots, files, mode, None, opts.parallel)?;
        for (report, into) in [(ra, &mut a), (rb, &mut b)] {
            tick();
            if let Some(e) = report.load_error() {
                failed.get_or_insert_with(|| format!("the script failed: {e}"));
            }
            for r in &report.records {
                if let Record::Script { ns, repeated } = r {
                    into.loads.push(*ns);
                    into.warm.push(*repeated);
                }
            }
        }
    }
    let name = files.join(" ");
    let (a, b) = ScriptFigures::compared(a, b);
    let whole = effect(&name, &name, &a, &b, opts.confidence);
    Ok(finish(whole.clone().into_iter().collect(), whole, failed))
}

/// Per process of one version, the scripts' load time and their warm run time (if they ran again).
#[derive(Default)]
struct ScriptFigures {
    loads: Vec<f64>,
    warm: Vec<Option<f64>>,
}

impl ScriptFigures {
    /// The figures to compare: the warm run times of the process pairs that have both, when at
    /// least half of the pairs do (the scripts' own work, without node's start and the modules'
    /// first load); else every process's load time.
    fn compared(a: ScriptFigures, b: ScriptFigures) -> (Vec<f64>, Vec<f64>) {
        let (wa, wb): (Vec<f64>, Vec<f64>) = a
            .warm
            .iter()
            .zip(&b.warm)
            .filter_map(|(x, y)| Some(((*x)?, (*y)?)))
            .unzip();
        let pairs = a.warm.len().min(b.warm.len());
        if wa.len() >= FIRST_LOOK as usize && 2 * wa.len() >= pairs {
            (wa, wb)
        } else {
            (a.loads, b.loads)
        }
    }
}

fn effect(name: &str, file: &str, a: &[f64], b: &[f64], confidence: f64) -> Option<TestEffect> {
    let w = welch(a, b)?;
    Some(TestEffect {
        name: name.to_string(),
        file: file.to_string(),
        mean_original_ns: w.mean_a,
        mean_variant_ns: w.mean_b,
        change_percent: w.change_percent(),
        interval_percent: Some(w.interval_percent(confidence)),
        p: w.p,
        effect: w.effect(confidence),
        estimated_percent: None,
    })
}

/// The verdict of one round: the paper's rule (more significantly faster tests than slower ones,
/// none failed) and, against many small per-test flukes, all timed tests together significantly
/// faster.
pub fn finish(
    tests: Vec<TestEffect>,
    aggregate: Option<TestEffect>,
    failed: Option<String>,
) -> GateResult {
    let positive = tests
        .iter()
        .filter(|t| t.effect == Effect::Positive)
        .count();
    let negative = tests
        .iter()
        .filter(|t| t.effect == Effect::Negative)
        .count();
    let together = aggregate
        .as_ref()
        .is_some_and(|t| t.effect == Effect::Positive);
    GateResult {
        accepted: failed.is_none() && positive > negative && together,
        tests,
        positive,
        negative,
        failed,
        aggregate,
        confirmation: None,
        stopped: None,
        untimed: None,
        unfigured: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn process_ends_read_as_words() {
        assert_eq!(exit_text(Some(3)), "exit code 3");
        assert_eq!(exit_text(None), "killed by a signal");
    }

    fn t(name: &str, effect: Effect) -> TestEffect {
        TestEffect {
            name: name.into(),
            file: "t.js".into(),
            mean_original_ns: 100.0,
            mean_variant_ns: 50.0,
            change_percent: -50.0,
            interval_percent: None,
            p: 0.01,
            effect,
            estimated_percent: None,
        }
    }

    fn figures(loads: &[f64], warm: &[Option<f64>]) -> ScriptFigures {
        ScriptFigures {
            loads: loads.to_vec(),
            warm: warm.to_vec(),
        }
    }

    #[test]
    fn scripts_compare_warm_runs_of_the_pairs_that_have_them_when_most_do() {
        let loads = [9.0; 8];
        // three of five pairs ran again in both processes: those are compared
        let a = figures(
            &loads[..5],
            &[Some(1.0), Some(2.0), None, Some(3.0), Some(7.0)],
        );
        let b = figures(
            &loads[..5],
            &[Some(4.0), None, Some(5.0), Some(6.0), Some(8.0)],
        );
        let warm = (vec![1.0, 3.0, 7.0], vec![4.0, 6.0, 8.0]);
        assert_eq!(ScriptFigures::compared(a, b), warm);
        // two pairs are too few for the t-test's first look: the loads
        let a = figures(&loads[..4], &[Some(1.0), Some(2.0), None, Some(3.0)]);
        let b = figures(&loads[..4], &[Some(4.0), None, Some(5.0), Some(6.0)]);
        assert_eq!(ScriptFigures::compared(a, b), (vec![9.0; 4], vec![9.0; 4]));
        // three of eight is under half: the loads
        let mut ran = vec![None; 8];
        ran[..3].fill(Some(1.0));
        let (a, b) = (figures(&loads, &ran), figures(&loads, &ran));
        assert_eq!(ScriptFigures::compared(a, b), (vec![9.0; 8], vec![9.0; 8]));
    }

    #[test]
    fn the_paper_rule_alone_is_not_enough_without_the_aggregate() {
        let tests = vec![t("a", Effect::Positive), t("b", Effect::None)];
        let with = finish(tests.clone(), Some(t(AGGREGATE, Effect::Positive)), None);
        assert!(with.accepted);
        let flat = finish(tests.clone(), Some(t(AGGREGATE, Effect::None)), None);
        assert!(!flat.accepted, "one fluky test must not carry a flat total");
        let unknown = finish(tests, None, None);
        assert!(!unknown.accepted);
    }

    #[test]
    fn more_negative_tests_or_a_failure_reject() {
        let agg = Some(t(AGGREGATE, Effect::Positive));
        let tests = vec![
            t("a", Effect::Positive),
            t("b", Effect::Negative),
            t("c", Effect::Negative),
        ];
        assert!(!finish(tests, agg.clone(), None).accepted);
        let failed = finish(vec![t("a", Effect::Positive)], agg, Some("boom".into()));
        assert!(!failed.accepted);
    }

    #[test]
    fn a_confirmation_must_accept_too() {
        let agg = || Some(t(AGGREGATE, Effect::Positive));
        let yes = || finish(vec![t("a", Effect::Positive)], agg(), None);
        let no = finish(vec![t("a", Effect::None)], agg(), None);
        assert!(confirmed(yes(), yes()).accepted);
        let r = confirmed(yes(), no);
        assert!(!r.accepted);
        assert!(!r.confirmation.as_ref().unwrap().accepted);
    }

    #[test]
    fn sums_add_only_the_tests_measured_everywhere() {
        let procs = vec![
            vec![(0, 1.0), (1, 10.0), (2, 100.0)],
            vec![(0, 2.0), (2, 200.0)],
        ];
        assert_eq!(sums(&procs, &[0, 2]), vec![101.0, 202.0]);
    }
}

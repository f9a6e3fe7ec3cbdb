//! The report of `decisionprof suggest`: the paper's Table 2 row, suggestions and candidates not
//! suggested, and their findings (rendered by [`crate::render`] and [`report::emit`]).

use jsproject::profile::Totals;
use serde::{Deserialize, Serialize};

use crate::candidate::{Analysis, Verdict};
use crate::pipeline::{Evaluation, Outcome};
use crate::stats::Effect;
use report::Finding;

/// The paper's Table 2 columns for one project.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Table2 {
    /// Files instrumented.
    pub files: usize,
    /// Logical decisions found (LogExp).
    pub logical: usize,
    /// Switch decisions found (Switch).
    pub switches: usize,
    /// Arm chains found (Chain: else-if ladders, guard sequences, conditional chains).
    #[serde(default)]
    pub chains: usize,
    /// Statically pruned decisions (StaPru).
    pub statically_pruned: usize,
    /// Decisions kept by static pruning and executed by the workload (Ev).
    pub evaluated: usize,
    /// Of those, the ones excluded at run time (DynPru).
    pub dynamically_pruned: usize,
    /// Candidates that passed testing-based validation (Cand; all candidates without a gate).
    pub candidates: usize,
    /// Seconds of the plain Boa run (t_base).
    pub t_base: f64,
    /// Seconds of the profiled Boa run (t_prof).
    pub t_prof: f64,
    /// `t_prof / t_base`.
    pub overhead: f64,
    /// Suggested logical decisions.
    pub opportunities_logical: usize,
    /// Suggested switches.
    pub opportunities_switch: usize,
    /// Suggested arm chains.
    #[serde(default)]
    pub opportunities_chain: usize,
    /// All suggestions.
    pub opportunities_total: usize,
    /// Smallest speed-up (%) of a positively affected test among the suggestions.
    pub improvement_min: Option<f64>,
    /// Largest speed-up (%) of a positively affected test among the suggestions.
    pub improvement_max: Option<f64>,
}

/// Settings the run used, echoed in the report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// `node` or `none`.
    pub gate: String,
    /// `each` or `all`.
    pub mode: String,
    /// Confidence of the t-test.
    pub confidence: f64,
    /// Node processes per version.
    pub vms: u32,
    /// Warm-up samples.
    pub warmup: u32,
    /// Measured samples.
    pub measure: u32,
    /// An accepted timing round is repeated and must hold again.
    #[serde(default)]
    pub confirm: bool,
    /// `sequential` or `fixed`.
    #[serde(default)]
    pub design: String,
    /// How check costs were counted: `native` or `branch-points`.
    #[serde(default)]
    pub cost_model: String,
    /// What was profiled and timed: `tests`, or `benchmarks` (the project's, validated by its
    /// tests).
    #[serde(default = "tests_workload")]
    pub workload: String,
}

fn tests_workload() -> String {
    "tests".into()
}

impl Settings {
    /// What one unit of the cost figures is, for messages.
    pub fn cost_unit(&self) -> &'static str {
        if self.cost_model == "branch-points" {
            "branch points"
        } else {
            "cost units (branch points + built-in work)"
        }
    }
}

/// Everything `suggest` found, ready to print as text or JSON.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// Project root as given.
    pub project: String,
    /// How the run was configured.
    pub settings: Settings,
    /// Table 2 row.
    pub table: Table2,
    /// Suggested changes (validated and faster, or unverified without a gate).
    pub suggestions: Vec<Outcome>,
    /// Candidates that were not suggested, with why.
    pub rejected: Vec<Outcome>,
    /// Every decision the profile saw, with the optimizer's verdict.
    pub decisions: Vec<Analysis>,
    /// The unified diff of every suggestion.
    pub patch: String,
    /// Tests of the profiled workload that failed in Boa.
    pub failing_tests: Vec<String>,
    /// The suggestions as findings with fixes (every output is rendered from these).
    #[serde(default)]
    pub findings: Vec<Finding>,
    /// What the profiling run passed over and why.
    #[serde(default)]
    pub notes: Vec<String>,
    /// Why gating stopped early; the candidates it did not reach are listed as not gated.
    #[serde(default)]
    pub interrupted: Option<String>,
}

/// Facts about the run that are not in the evaluation.
#[derive(Debug, Clone, PartialEq)]
pub struct RunFacts {
    /// Project root as given.
    pub project: String,
    /// How the run was configured.
    pub settings: Settings,
    /// Table 2 counts of the profile.
    pub totals: Totals,
    /// Seconds of the plain Boa run.
    pub t_base: f64,
    /// Seconds of the profiled Boa run.
    pub t_prof: f64,
    /// Tests that failed while profiling.
    pub failing_tests: Vec<String>,
}

/// Builds the report from the run's facts, the analyses and the gate's evaluation.
pub fn build(facts: RunFacts, analyses: Vec<Analysis>, eval: Evaluation) -> Report {
    let RunFacts {
        project,
        settings,
        totals,
        t_base,
        t_prof,
        failing_tests,
    } = facts;
    let (suggestions, rejected): (Vec<Outcome>, Vec<Outcome>) =
        eval.outcomes.into_iter().partition(|o| o.is_suggested());
    let gains: Vec<f64> = suggestions
        .iter()
        .filter_map(|o| o.gate.as_ref())
        .flat_map(|g| g.tests.iter())
        .filter(|t| t.effect == Effect::Positive)
        .map(|t| -t.change_percent)
        .collect();
    let fold = |f: fn(f64, f64) -> f64| gains.iter().copied().reduce(f);
    let table = Table2 {
        files: totals.files,
        logical: totals.logical,
        switches: totals.switches,
        chains: totals.chains,
        statically_pruned: totals.statically_pruned,
        // As in the paper: Ev counts the executed decisions that static pruning kept, DynPru those
        // of them excluded at run time.
        evaluated: analyses
            .iter()
            .filter(|a| a.executions > 0 && !matches!(a.verdict, Verdict::StaticallyPruned(_)))
            .count(),
        dynamically_pruned: analyses
            .iter()
            .filter(|a| matches!(a.verdict, Verdict::DynamicallyPruned(_)))
            .count(),
        candidates: eval.validated,
        t_base,
        t_prof,
        overhead: if t_base > 0.0 { t_prof / t_base } else { 0.0 },
        opportunities_logical: suggestions
            .iter()
            .filter(|o| o.analysis.kind == "logical")
            .count(),
        opportunities_switch: suggestions
            .iter()
            .filter(|o| o.analysis.kind == "switch")
            .count(),
        opportunities_chain: suggestions
            .iter()
            .filter(|o| crate::candidate::is_chain(&o.analysis.kind))
            .count(),
        opportunities_total: suggestions.len(),
        improvement_min: fold(f64::min),
        improvement_max: fold(f64::max),
    };
    Report {
        project,
        settings,
        table,
        suggestions,
        rejected,
        decisions: analyses,
        patch: eval.patch,
        failing_tests,
        findings: Vec::new(),
        notes: Vec::new(),
        interrupted: eval.interrupted,
    }
}

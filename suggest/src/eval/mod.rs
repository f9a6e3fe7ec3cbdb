//! `decisionprof eval`: `suggest` over every project of a directory, one Table 2, the suggestion
//! list with predicted against measured changes, and the cost-model check.

pub mod costmodel;
pub mod kinds;
pub mod project;
pub mod projects;
pub mod render;

use serde::{Deserialize, Serialize};

use crate::report::{Report, Settings};
use crate::stats::Effect;
use costmodel::{Correlation, NodeTiming, TestPoint, WorkloadKind};

/// Tests shorter than this under node are left out of the cost-model correlation (the paper's 5 ms).
pub const MIN_TEST_MS: f64 = 5.0;

/// The shorter floor of a second correlation: tests and benchmark cases of at least 1 ms, which
/// real suites have many more of.
pub const MIN_UNIT_MS: f64 = 1.0;

/// One project's outcome.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ProjectResult {
    /// Project path as shown.
    pub project: String,
    /// Tests of the profiled run (a script counts as one).
    pub tests: usize,
    /// Tests that passed profiled in Boa.
    #[serde(default)]
    pub passed: usize,
    /// The test runner found (`decisionprof workload`), when one was.
    #[serde(default)]
    pub runner: Option<String>,
    /// Module systems of the workload and of the files with decisions (`CJS`, `ESM+TS`, …).
    #[serde(default)]
    pub modules: Option<String>,
    /// The `suggest` report, when the run completed.
    pub report: Option<Report>,
    /// Why the project has no report (does not run in Boa, timed out, …).
    pub error: Option<String>,
    /// The original under node, when it could be timed.
    pub node: Option<NodeTiming>,
    /// Why the original was not timed under node.
    pub node_error: Option<String>,
    /// Cost-model points (every timed test, whatever its time).
    pub points: Vec<TestPoint>,
}

impl ProjectResult {
    /// A project whose `suggest` run failed.
    pub fn failed(project: String, error: String) -> Self {
        ProjectResult {
            project,
            tests: 0,
            passed: 0,
            runner: None,
            modules: None,
            report: None,
            error: Some(error),
            node: None,
            node_error: None,
            points: Vec::new(),
        }
    }

    /// Tests or script, when known from the node run.
    pub fn kind(&self) -> Option<WorkloadKind> {
        self.node.as_ref().map(|n| n.kind)
    }
}

/// One candidate that went through the gate (or was suggested without one), predicted vs measured.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SuggestionLine {
    /// Project path as shown.
    pub project: String,
    /// `file:line:col`.
    pub location: String,
    /// Original order.
    pub original: String,
    /// Optimized order.
    pub optimized: String,
    /// `suggested`, `unverified` or `not_faster`.
    pub status: String,
    /// Branch points of the decision the new order saves, in percent.
    pub decision_saving_percent: f64,
    /// Predicted change of the affected tests, in percent of their branch points (min, max; negative = faster).
    pub predicted_percent: Option<(f64, f64)>,
    /// Measured change of the mean under node over the timed tests (min, max; negative = faster).
    pub measured_percent: Option<(f64, f64)>,
    /// Smallest and largest p-value of the timed tests.
    pub p: Option<(f64, f64)>,
    /// Significantly faster / slower tests.
    pub positive: usize,
    /// Significantly slower tests.
    pub negative: usize,
    /// A significantly faster test beats the profile's prediction by more than twice: likely noise.
    pub beyond_prediction: bool,
}

/// Sums over every project with a report.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Totals {
    /// Projects evaluated / failed.
    pub projects: usize,
    /// Projects without a report.
    pub failed: usize,
    /// Table 2 sums, in the order of [`crate::report::Table2`].
    pub tests: usize,
    /// Files.
    pub files: usize,
    /// LogExp.
    pub logical: usize,
    /// Switch.
    pub switches: usize,
    /// Chain.
    #[serde(default)]
    pub chains: usize,
    /// StaPru.
    pub statically_pruned: usize,
    /// Ev.
    pub evaluated: usize,
    /// DynPru.
    pub dynamically_pruned: usize,
    /// Cand.
    pub candidates: usize,
    /// Seconds of plain Boa runs.
    pub t_base: f64,
    /// Seconds of profiled Boa runs.
    pub t_prof: f64,
    /// Seconds of one node run per project (projects timed under node only).
    pub t_node: f64,
    /// Suggested logical decisions.
    pub opportunities_logical: usize,
    /// Suggested switches.
    pub opportunities_switch: usize,
    /// Suggested arm chains.
    #[serde(default)]
    pub opportunities_chain: usize,
    /// All suggestions.
    pub opportunities_total: usize,
    /// Smallest speed-up of a positively affected test, percent.
    pub improvement_min: Option<f64>,
    /// Largest speed-up of a positively affected test, percent.
    pub improvement_max: Option<f64>,
}

/// The cost-model check: separately for test suites and benchmark scripts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CostModel {
    /// Tests of test-suite projects (paper: 0.98).
    pub tests: Correlation,
    /// Benchmark scripts (paper: 0.92).
    pub scripts: Correlation,
    /// Every timed test of test-suite projects, however short (most unit tests run well under 5 ms).
    pub tests_all: Correlation,
    /// Tests and benchmark cases of at least [`MIN_UNIT_MS`].
    #[serde(default = "no_points")]
    pub tests_1ms: Correlation,
    /// The same three with the native-cost model (branch points plus built-in work).
    #[serde(default)]
    pub native: Option<Box<CostModel>>,
}

/// Everything `eval` found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EvalReport {
    /// The directory given.
    pub dir: String,
    /// The suggest settings every project ran with.
    pub settings: Settings,
    /// Per project.
    pub projects: Vec<ProjectResult>,
    /// Sums.
    pub totals: Totals,
    /// Decisions, candidates, gated and accepted per decision kind.
    #[serde(default)]
    pub by_kind: Vec<kinds::KindRow>,
    /// Every gated or suggested candidate.
    pub suggestions: Vec<SuggestionLine>,
    /// Branch points vs node time.
    pub cost_model: CostModel,
}

fn no_points() -> Correlation {
    Correlation {
        n: 0,
        min_ms: MIN_UNIT_MS,
        r: None,
    }
}

/// Assembles the report from the per-project results.
pub fn build(dir: String, settings: Settings, projects: Vec<ProjectResult>) -> EvalReport {
    let totals = totals(&projects);
    let by_kind = kinds::by_kind(&projects);
    let suggestions = projects.iter().flat_map(suggestion_lines).collect();
    let of_kind = |k: WorkloadKind| {
        projects
            .iter()
            .filter(move |p| p.kind() == Some(k))
            .flat_map(|p| p.points.iter())
    };
    let by = |p: costmodel::Predictor| CostModel {
        tests: costmodel::correlate(of_kind(WorkloadKind::Tests), MIN_TEST_MS, p),
        scripts: costmodel::correlate(of_kind(WorkloadKind::Script), MIN_TEST_MS, p),
        tests_all: costmodel::correlate(of_kind(WorkloadKind::Tests), 0.0, p),
        tests_1ms: costmodel::correlate(of_kind(WorkloadKind::Tests), MIN_UNIT_MS, p),
        native: None,
    };
    let cost_model = CostModel {
        native: Some(Box::new(by(costmodel::Predictor::Native))),
        ..by(costmodel::Predictor::BranchPoints)
    };
    EvalReport {
        dir,
        settings,
        projects,
        totals,
        by_kind,
        suggestions,
        cost_model,
    }
}

fn totals(projects: &[ProjectResult]) -> Totals {
    let mut t = Totals {
        projects: projects.len(),
        ..Totals::default()
    };
    for p in projects {
        let Some(r) = &p.report else {
            t.failed += 1;
            continue;
        };
        let row = &r.table;
        t.tests += p.tests;
        t.files += row.files;
        t.logical += row.logical;
        t.switches += row.switches;
        t.chains += row.chains;
        t.statically_pruned += row.statically_pruned;
        t.evaluated += row.evaluated;
        t.dynamically_pruned += row.dynamically_pruned;
        t.candidates += row.candidates;
        t.t_base += row.t_base;
        t.t_prof += row.t_prof;
        t.t_node += p.node.as_ref().map_or(0.0, |n| n.t_node);
        t.opportunities_logical += row.opportunities_logical;
        t.opportunities_switch += row.opportunities_switch;
        t.opportunities_chain += row.opportunities_chain;
        t.opportunities_total += row.opportunities_total;
        t.improvement_min = fold(t.improvement_min, row.improvement_min, f64::min);
        t.improvement_max = fold(t.improvement_max, row.improvement_max, f64::max);
    }
    t
}

fn fold(a: Option<f64>, b: Option<f64>, f: fn(f64, f64) -> f64) -> Option<f64> {
    match (a, b) {
        (Some(x), Some(y)) => Some(f(x, y)),
        (x, y) => x.or(y),
    }
}

/// Lines for the suggested candidates and the validated ones the gate found not faster.
fn suggestion_lines(p: &ProjectResult) -> Vec<SuggestionLine> {
    let Some(r) = &p.report else {
        return Vec::new();
    };
    r.suggestions
        .iter()
        .chain(r.rejected.iter().filter(|o| o.gate.is_some()))
        .map(|o| {
            let a = &o.analysis;
            let tests = o.gate.as_ref().map(|g| g.tests.as_slice()).unwrap_or(&[]);
            let range = |xs: Vec<f64>| {
                let lo = xs.iter().copied().reduce(f64::min)?;
                let hi = xs.iter().copied().reduce(f64::max)?;
                Some((lo, hi))
            };
            let beyond_prediction = tests.iter().any(|t| {
                t.effect == Effect::Positive
                    && t.estimated_percent
                        .is_some_and(|e| t.change_percent < 2.0 * e.min(0.0))
            });
            SuggestionLine {
                project: p.project.clone(),
                location: a.location.to_string(),
                original: a.original.clone(),
                optimized: a.optimized.clone(),
                status: match o.status {
                    crate::pipeline::Status::Suggested => "suggested",
                    crate::pipeline::Status::Unverified => "unverified",
                    _ => "not_faster",
                }
                .to_string(),
                decision_saving_percent: a.saving_percent,
                predicted_percent: range(
                    tests.iter().filter_map(|t| t.estimated_percent).collect(),
                ),
                measured_percent: range(tests.iter().map(|t| t.change_percent).collect()),
                p: range(tests.iter().map(|t| t.p).collect()),
                positive: o.gate.as_ref().map_or(0, |g| g.positive),
                negative: o.gate.as_ref().map_or(0, |g| g.negative),
                beyond_prediction,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::candidate::{Analysis, Verdict};
    use crate::gate::{GateResult, TestEffect};
    use crate::pipeline::{Outcome, Status};
    use crate::report::Table2;
    use instrument::model::{DecisionId, Location, Reorder};

    fn settings() -> Settings {
        Settings {
            gate: "node".into(),
            mode: "each".into(),
            confidence: 0.9,
            vms: 5,
            warmup: 5,
            measure: 10,
            confirm: true,
            design: "sequential".into(),
            cost_model: "native".into(),
            workload: "tests".into(),
        }
    }

    fn effect(change: f64, estimated: f64, e: Effect) -> TestEffect {
        TestEffect {
            name: "t".into(),
            file: "test/a.js".into(),
            mean_original_ns: 100.0,
            mean_variant_ns: 100.0 + change,
            change_percent: change,
            interval_percent: None,
            p: if e == Effect::None { 0.5 } else { 0.01 },
            effect: e,
            estimated_percent: Some(estimated),
        }
    }

    fn outcome(line: u32, status: Status, tests: Vec<TestEffect>) -> Outcome {
        let positive = tests
            .iter()
            .filter(|t| t.effect == Effect::Positive)
            .count();
        Outcome {
            analysis: Analysis {
                id: DecisionId(format!("lib/a.js@{line}-{}", line + 5)),
                location: Location {
                    file: "lib/a.js".into(),
                    line,
                    col: 3,
                },
                kind: "logical".into(),
                executions: 10,
                unrecorded: 0,
                original: "a() && b".into(),
                optimized: "b && a()".into(),
                cost_before: 100,
                cost_after: 40,
                saving_percent: 60.0,
                saving_margin: None,
                reorder: Reorder::Switch(vec![]),
                strategy: None,
                exclusivity: None,
                verdict: Verdict::Candidate,
            },
            status,
            gate: Some(GateResult {
                accepted: positive > 0,
                positive,
                negative: 0,
                failed: None,
                tests,
                aggregate: None,
                confirmation: None,
                stopped: None,
                untimed: None,
                unfigured: 0,
            }),
            diff: String::new(),
            function_share: None,
            why_not: None,
        }
    }

    fn project(name: &str, impr: (f64, f64), suggestions: Vec<Outcome>) -> ProjectResult {
        let table = Table2 {
            files: 1,
            logical: 3,
            switches: 1,
            chains: 0,
            statically_pruned: 1,
            evaluated: 2,
            dynamically_pruned: 0,
            candidates: 2,
            t_base: 1.0,
            t_prof: 3.0,
            overhead: 3.0,
            opportunities_logical: suggestions.len(),
            opportunities_switch: 0,
            opportunities_chain: 0,
            opportunities_total: suggestions.len(),
            improvement_min: Some(impr.0),
            improvement_max: Some(impr.1),
        };
        let decisions = suggestions.iter().map(|o| o.analysis.clone()).collect();
        let (suggestions, rejected) = suggestions.into_iter().partition(|o| o.is_suggested());
        ProjectResult {
            project: name.into(),
            tests: 4,
            passed: 4,
            runner: Some("mocha".into()),
            modules: Some("CJS".into()),
            report: Some(Report {
                project: name.into(),
                settings: settings(),
                table,
                suggestions,
                rejected,
                decisions,
                patch: String::new(),
                failing_tests: Vec::new(),
                findings: Vec::new(),
                notes: Vec::new(),
                interrupted: None,
            }),
            error: None,
            node: Some(NodeTiming {
                kind: WorkloadKind::Tests,
                t_node: 0.5,
                means: Vec::new(),
                passed: None,
            }),
            node_error: None,
            points: vec![
                TestPoint {
                    name: "t".into(),
                    file: "test/a.js".into(),
                    branch_points: 1000,
                    native_units: 0,
                    node_mean_ns: 6e6,
                },
                TestPoint {
                    name: "u".into(),
                    file: "test/a.js".into(),
                    branch_points: 2000,
                    native_units: 0,
                    node_mean_ns: 12e6,
                },
            ],
        }
    }

    #[test]
    fn totals_lines_noise_flag_and_failed_rows() {
        let a = project(
            "x/a",
            (10.0, 20.0),
            vec![
                outcome(
                    3,
                    Status::Suggested,
                    vec![effect(-20.0, -15.0, Effect::Positive)],
                ),
                outcome(
                    9,
                    Status::NotFaster,
                    vec![effect(-5.0, -10.0, Effect::None)],
                ),
            ],
        );
        let b = project(
            "x/b",
            (5.0, 60.0),
            vec![outcome(
                4,
                Status::Suggested,
                vec![
                    effect(-60.0, -12.0, Effect::Positive),
                    effect(1.0, -1.0, Effect::None),
                ],
            )],
        );
        let c = ProjectResult::failed("x/c".into(), "lib/c.js:1:2: syntax error".into());
        let r = build("x".into(), settings(), vec![a, b, c]);
        let t = &r.totals;
        assert_eq!((t.projects, t.failed, t.tests, t.logical), (3, 1, 8, 6));
        assert_eq!((t.t_base, t.t_prof, t.t_node), (2.0, 6.0, 1.0));
        assert_eq!(
            (t.improvement_min, t.improvement_max),
            (Some(5.0), Some(60.0))
        );
        // Suggested and not-faster candidates are listed; only x/b's beats its prediction by > 2x.
        assert_eq!(r.suggestions.len(), 3);
        let flags: Vec<(&str, u32, bool)> = r
            .suggestions
            .iter()
            .map(|l| {
                (
                    l.status.as_str(),
                    l.location.split(':').nth(1).unwrap().parse().unwrap(),
                    l.beyond_prediction,
                )
            })
            .collect();
        assert_eq!(
            flags,
            vec![
                ("suggested", 3, false),
                ("not_faster", 9, false),
                ("suggested", 4, true)
            ]
        );
        let l = &r.suggestions[2];
        assert_eq!(l.measured_percent, Some((-60.0, 1.0)));
        assert_eq!(l.predicted_percent, Some((-12.0, -1.0)));
        assert_eq!(l.p, Some((0.01, 0.5)));
        // Four points of >= 5 ms on one line: r = 1.
        assert_eq!(r.cost_model.tests.n, 4);
        assert!((r.cost_model.tests.r.unwrap() - 1.0).abs() < 1e-9);
        assert_eq!(r.cost_model.scripts.n, 0);
        let text = render::render_text(&r);
        assert!(
            text.contains("x/c") && text.contains("FAILED: lib/c.js:1:2"),
            "{text}"
        );
        assert!(text.contains("likely noise"), "{text}");
        assert!(text.contains("Total (2)"), "{text}");
        // Per kind: the three logical candidates, all gated, two accepted; the other kinds listed
        // with none.
        let kinds: Vec<(&str, usize, usize, usize, usize)> = r
            .by_kind
            .iter()
            .map(|k| {
                (
                    k.kind.as_str(),
                    k.decisions,
                    k.candidates,
                    k.gated,
                    k.accepted,
                )
            })
            .collect();
        assert_eq!(
            kinds,
            [
                ("logical", 3, 3, 3, 2),
                ("switch", 0, 0, 0, 0),
                ("if-else", 0, 0, 0, 0),
                ("guards", 0, 0, 0, 0),
                ("conditional", 0, 0, 0, 0)
            ]
        );
        assert!(
            text.contains("logical              3          3      3        2"),
            "{text}"
        );
    }
}

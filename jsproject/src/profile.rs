//! What a profiling run produces: cost-value histories per decision, per test, and totals.

use instrument::model::{Decision, DecisionId};
use serde::{Deserialize, Serialize};

/// Cost and value of one evaluation of one check (the paper's `(c, v)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Cell {
    /// Branch points counted while the check ran (at least 1).
    pub cost: u64,
    /// Its truthiness.
    pub value: bool,
}

/// One distinct execution of a logical decision (one cell per leaf) and how often it occurred.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Row {
    /// Cell per leaf, in leaf order; every leaf measured (real or speculative).
    pub cells: Vec<Cell>,
    /// How many executions had exactly these cells.
    pub count: u64,
}

/// One distinct execution of a switch decision and how often it occurred.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SwitchRow {
    /// Index of the clause whose body was entered first, `None` when no clause ran.
    pub matched: Option<usize>,
    /// Cost of each case test that was evaluated, in clause order.
    pub case_costs: Vec<u64>,
    /// How many executions were like this.
    pub count: u64,
}

/// The histories of one decision recorded during one test (unit of the workload).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestSlice {
    /// Index into [`Profile::tests`].
    pub test: usize,
    /// Logical decisions: distinct executions with counts (order does not change any order's cost).
    pub rows: Vec<Row>,
    /// Switch decisions: distinct executions with counts.
    pub switch_rows: Vec<SwitchRow>,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// Everything recorded about one decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DecisionProfile {
    /// The decision as the instrumenter found it.
    pub decision: Decision,
    /// How often it was evaluated for real.
    pub executions: u64,
    /// Of those, executions counted but not recorded (the decision had settled; its rows'
    /// counts are estimates scaled from the recorded ones).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub unrecorded: u64,
    /// Sum of `w (w - 1)` over the recorded executions, each of weight `w` (the executions its
    /// row stands for): how much sampling widens the estimates (0 when all were recorded).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub spread: u64,
    /// Histories, per test.
    pub slices: Vec<TestSlice>,
    /// Why the run excluded it (exception or budget in speculation, check conflicts, ...); empty if none.
    pub excluded: Vec<String>,
    /// For value-context decisions: every value of every leaf was a boolean.
    pub all_boolean: bool,
    /// Writes its checks make that are visible outside them (``check 2 (`bump()`) writes global
    /// variable `count` ``): a reorder would move them, so the decision is never suggested.
    #[serde(default)]
    pub effects: Vec<String>,
}

impl DecisionProfile {
    /// The profile of `decision` with the engine's reasons, whose checks are numbered from 0
    /// (`check 1 threw …`), naming each check as a reader does: counted from 1, with its text
    /// (``check 2 (`data instanceof Map`) threw …``).
    pub fn new(
        decision: Decision,
        executions: u64,
        slices: Vec<TestSlice>,
        excluded: &[String],
        all_boolean: bool,
        effects: &[String],
    ) -> Self {
        let named = |reasons: &[String]| -> Vec<String> {
            reasons.iter().map(|r| name_checks(r, &decision)).collect()
        };
        DecisionProfile {
            excluded: named(excluded),
            effects: named(effects),
            decision,
            executions,
            unrecorded: 0,
            spread: 0,
            slices,
            all_boolean,
        }
    }

    /// Executions recorded in full (the others were counted only).
    pub fn recorded(&self) -> u64 {
        self.executions - self.unrecorded
    }

    /// Id of the decision.
    pub fn id(&self) -> &DecisionId {
        &self.decision.id
    }
}

/// Outcome of one test (or of the whole benchmark script).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestResult {
    /// Full name (`describe` titles and `it` title joined by spaces), or the script path.
    pub name: String,
    /// Workload file it came from, relative to the project root.
    pub file: String,
    /// Passed or failed.
    pub passed: bool,
    /// Failure message, if it failed.
    pub error: Option<String>,
    /// Branch points counted while it ran.
    pub branch_points: u64,
    /// Work of built-in calls while it ran, in branch-point units (the native-cost model).
    #[serde(default)]
    pub native_units: u64,
}

impl TestResult {
    /// The test's cost under `model`: branch points, plus native units under the native model.
    pub fn cost(&self, model: CostModel) -> u64 {
        match model {
            CostModel::Native => self.branch_points + self.native_units,
            CostModel::BranchPoints => self.branch_points,
        }
    }
}

impl TestResult {
    /// Whether this unit is a file that ran as it loaded rather than a test the runner
    /// registered: a test file's load phase, or a whole script run as one unit.
    pub fn is_load(&self) -> bool {
        self.name == self.file || self.name.ends_with(" (load)")
    }
}

/// How a run's units count as a test runner counts them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TestCounts {
    /// Tests that passed.
    pub passed: usize,
    /// Tests that failed, and files that failed to load.
    pub failed: usize,
    /// Files that loaded without error and are listed only for the decisions they ran.
    pub loads: usize,
}

impl TestCounts {
    /// The counts of `tests`: a file that loaded is a test only when no test was registered.
    pub fn of(tests: &[TestResult]) -> TestCounts {
        let scripts_only = tests.iter().all(TestResult::is_load);
        let mut c = TestCounts::default();
        for t in tests {
            if !t.passed {
                c.failed += 1;
            } else if t.is_load() && !scripts_only {
                c.loads += 1;
            } else {
                c.passed += 1;
            }
        }
        c
    }
}

/// Counts of the paper's Table 2 pruning columns.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Totals {
    /// Files instrumented.
    pub files: usize,
    /// Logical decisions found.
    pub logical: usize,
    /// Switch decisions found.
    pub switches: usize,
    /// Arm chains found (else-if ladders, guard sequences, conditional chains).
    #[serde(default)]
    pub chains: usize,
    /// Statically pruned.
    pub statically_pruned: usize,
    /// Executed at least once.
    pub executed: usize,
    /// Dynamically pruned (excluded at run time).
    pub dynamically_pruned: usize,
}

/// The result of `decisionprof profile`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Profile {
    /// Project root the ids are relative to.
    pub root: String,
    /// Every decision found in the loaded project files, executed or not.
    pub decisions: Vec<DecisionProfile>,
    /// Tests in run order.
    pub tests: Vec<TestResult>,
    /// Table 2 counts.
    pub totals: Totals,
    /// Wall time of the profiled run in seconds.
    pub seconds: f64,
    /// Set when the run stopped at `--timeout`.
    pub timed_out: bool,
    /// What the run passed over and why (a file left uninstrumented, …), one line each.
    #[serde(default)]
    pub notes: Vec<String>,
    /// Build output the tests load, run as its source instead: `(output, source)`, relative.
    #[serde(default)]
    pub redirects: Vec<(String, String)>,
    /// How check costs were counted.
    #[serde(default)]
    pub cost_model: CostModel,
}

/// How the cost of a check is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CostModel {
    /// Branch points plus the work of built-in calls, in branch-point units from a table
    /// calibrated under node (`engine/calibrate/`).
    #[default]
    Native,
    /// Branch points alone (the paper's model).
    BranchPoints,
}

/// `reason` with each `check N` (from 0) named as [`DecisionProfile::new`] names it.
fn name_checks(reason: &str, decision: &Decision) -> String {
    static CHECK: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let re = CHECK.get_or_init(|| regex::Regex::new(r"\bcheck (\d+)\b").expect("a valid pattern"));
    re.replace_all(reason, |c: &regex::Captures| {
        let i: usize = c[1].parse().unwrap_or(0);
        match decision.leaves.get(i) {
            Some(leaf) => format!("check {} (`{}`)", i + 1, short_text(&leaf.text)),
            None => format!("check {}", i + 1),
        }
    })
    .into_owned()
}

/// A check's source text on one line, cut to 40 characters.
fn short_text(text: &str) -> String {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.chars().count() <= 40 {
        return line;
    }
    let cut: String = line.chars().take(39).collect();
    format!("{cut}…")
}

impl Profile {
    /// The human summary: tests, Table 2 totals, per decision executions and exclusions.
    pub fn summary(&self) -> String {
        let p = self;
        use std::fmt::Write as _;
        let mut s = String::new();
        let c = TestCounts::of(&p.tests);
        let _ = write!(s, "tests: {} passed, {} failed", c.passed, c.failed);
        match c.loads {
            0 => {}
            1 => s.push_str("; 1 test file ran decisions as it loaded"),
            n => {
                let _ = write!(s, "; {n} test files ran decisions as they loaded");
            }
        }
        let _ = writeln!(s, " ({:.2}s)", p.seconds);
        for t in p.tests.iter().filter(|t| !t.passed) {
            let _ = writeln!(
                s,
                "  FAIL {} [{}]: {}",
                t.name,
                t.file,
                t.error.as_deref().unwrap_or("failed")
            );
        }
        let t = &p.totals;
        let _ = writeln!(
            s,
            "decisions: {} found ({} logical, {} switch{}) in {} files, {} statically pruned, {} executed, {} dynamically pruned",
            t.logical + t.switches + t.chains,
            t.logical,
            t.switches,
            match t.chains {
                0 => String::new(),
                n => format!(", {n} arm chain"),
            },
            t.files,
            t.statically_pruned,
            t.executed,
            t.dynamically_pruned
        );
        for d in p.decisions.iter().filter(|d| d.executions > 0) {
            let _ = write!(s, "  {} {} executions", d.decision.location, d.executions);
            if !d.decision.pruned.is_empty() {
                let _ = write!(s, ", statically pruned");
            }
            if !d.excluded.is_empty() {
                let _ = write!(s, ", excluded: {}", d.excluded.join("; "));
            } else if !d.effects.is_empty() {
                let _ = write!(s, ", not reorderable: {}", d.effects.join("; "));
            }
            let _ = writeln!(s);
        }
        if p.timed_out {
            let _ = writeln!(s, "timed out");
        }
        s
    }
}

/// A logical decision `a.js@0-1` whose checks have the texts `texts` (for tests of the crates
/// that read profiles).
#[doc(hidden)]
pub fn test_decision(texts: &[&str]) -> Decision {
    use instrument::model::{Context, Leaf, Location, LogicalOp, Shape, Span, Tree};
    Decision {
        id: DecisionId("a.js@0-1".into()),
        location: Location {
            file: "a.js".into(),
            line: 1,
            col: 1,
        },
        span: Span { lo: 0, hi: 1 },
        shape: Shape::Logical {
            tree: Tree::Node {
                op: LogicalOp::And,
                left: Box::new(Tree::Leaf(0)),
                right: Box::new(Tree::Leaf(1)),
            },
            context: Context::Test,
        },
        leaves: texts
            .iter()
            .map(|t| Leaf {
                span: Span { lo: 0, hi: 1 },
                text: (*t).into(),
                low_precedence: false,
            })
            .collect(),
        pruned: Vec::new(),
        function_line: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_name_checks_from_one_with_their_text() {
        let long = "someObject.withAVeryLongName.andAnother(argument, other)";
        let d = test_decision(&["typeof Map !== 'undefined'", long]);
        assert_eq!(
            name_checks("check 1 reads what check 0 writes", &d),
            "check 2 (`someObject.withAVeryLongName.andAnother…`) reads what check 1 (`typeof Map !== 'undefined'`) writes"
        );
        assert_eq!(
            name_checks("a check prints (console.log)", &d),
            "a check prints (console.log)"
        );
        assert_eq!(name_checks("check 7 threw", &d), "check 8 threw");
        let multi = test_decision(&["a &&\n   b", "c"]);
        assert_eq!(
            name_checks("check 0 threw", &multi),
            "check 1 (`a && b`) threw"
        );
    }
}

//! Per-decision verdicts: best order, estimated saving, and whether it is a reordering candidate.

use instrument::model::{
    ChainKind, ChainShape, Context, Decision, DecisionId, Location, Reorder, Shape, SwitchShape,
};
use jsproject::profile::{DecisionProfile, Profile, Row, SwitchRow};
use serde::{Deserialize, Serialize};

use crate::chain::Exclusivity;
use crate::logical::{self, Strategy};
use crate::replay::{leaf_count, render};
use crate::switch;

/// Default minimum estimated saving, as a fraction of the decision's measured cost.
pub const DEFAULT_THRESHOLD: f64 = 0.01;

/// Why a decision is or is not a candidate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "verdict", content = "detail")]
pub enum Verdict {
    /// Best order differs and saves at least the threshold.
    Candidate,
    /// Statically pruned by the instrumenter.
    StaticallyPruned(Vec<String>),
    /// Never evaluated by the workload.
    NotExecuted,
    /// Excluded at run time (dynamic pruning).
    DynamicallyPruned(Vec<String>),
    /// Value context with a leaf that was not always boolean.
    NotBoolean,
    /// A check writes something visible outside it: a reorder would move the write.
    HasEffects(Vec<String>),
    /// The original order is already the cheapest.
    AlreadyOptimal,
    /// A cheaper order exists but saves less than the threshold.
    BelowThreshold,
}

/// Everything the optimizer concluded about one decision.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    /// Decision id.
    pub id: DecisionId,
    /// Where it starts.
    pub location: Location,
    /// `logical`, `switch` or `chain`.
    pub kind: String,
    /// How often it was evaluated for real.
    pub executions: u64,
    /// Of those, counted but not recorded (settled within their tests): the costs are estimates
    /// scaled from the recorded executions.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub unrecorded: u64,
    /// The original order, rendered.
    pub original: String,
    /// The best order, rendered.
    pub optimized: String,
    /// Replayed (estimated) cost of the original order, in branch points.
    pub cost_before: u64,
    /// Replayed (estimated) cost of the best order.
    pub cost_after: u64,
    /// `100 * (before - after) / before`.
    pub saving_percent: f64,
    /// Half-width of the saving's 99 % interval, in percentage points, when the decision was
    /// sampled once settled (absent: every execution was recorded, the saving is exact).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub saving_margin: Option<f64>,
    /// What to ask the rewriter for.
    pub reorder: Reorder,
    /// Search that produced a logical or arm chain's order.
    pub strategy: Option<Strategy>,
    /// Why an arm chain's arms may change places (arm chains only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exclusivity: Option<Exclusivity>,
    /// The verdict.
    pub verdict: Verdict,
}

impl Analysis {
    /// True if this decision should be validated and gated.
    pub fn is_candidate(&self) -> bool {
        self.verdict == Verdict::Candidate
    }
}

/// Analyses every decision of `profile`; a candidate must save at least `threshold` of its cost.
pub fn analyze(profile: &Profile, threshold: f64) -> Vec<Analysis> {
    profile
        .decisions
        .iter()
        .map(|dp| analyze_one(dp, threshold))
        .collect()
}

/// Analyses one decision profile.
pub fn analyze_one(dp: &DecisionProfile, threshold: f64) -> Analysis {
    let d = &dp.decision;
    let mut a = match &d.shape {
        Shape::Logical { tree, .. } => {
            let rows = logical_rows(dp, leaf_count_needed(d));
            let best = logical::optimize(tree, &rows);
            let texts: Vec<String> = d
                .leaves
                .iter()
                .map(|l| {
                    if l.low_precedence {
                        format!("({})", l.text)
                    } else {
                        l.text.clone()
                    }
                })
                .collect();
            Analysis {
                id: d.id.clone(),
                location: d.location.clone(),
                kind: "logical".into(),
                executions: dp.executions,
                unrecorded: 0,
                original: render(tree, &texts),
                optimized: render(&best.tree, &texts),
                cost_before: best.cost_before,
                cost_after: best.cost_after,
                saving_percent: 0.0,
                saving_margin: None,
                reorder: Reorder::Logical(best.tree.clone()),
                strategy: Some(best.strategy),
                exclusivity: None,
                verdict: Verdict::AlreadyOptimal,
            }
        }
        Shape::Switch(shape) => {
            let rows: Vec<SwitchRow> = dp
                .slices
                .iter()
                .flat_map(|s| s.switch_rows.iter().cloned())
                .collect();
            let best = switch::optimize(shape, &rows);
            let identity: Vec<usize> = (0..shape.groups.len()).collect();
            Analysis {
                id: d.id.clone(),
                location: d.location.clone(),
                kind: "switch".into(),
                executions: dp.executions,
                unrecorded: 0,
                original: render_switch(shape, &identity),
                optimized: render_switch(shape, &best.groups),
                cost_before: best.cost_before,
                cost_after: best.cost_after,
                saving_percent: 0.0,
                saving_margin: None,
                reorder: Reorder::Switch(best.groups.clone()),
                strategy: None,
                exclusivity: None,
                verdict: Verdict::AlreadyOptimal,
            }
        }
        Shape::Chain(chain) => chain_analysis(dp, chain),
    };
    if a.cost_before > 0 {
        a.saving_percent = 100.0 * (a.cost_before - a.cost_after) as f64 / a.cost_before as f64;
    }
    a.verdict = verdict(dp, &a, threshold);
    a.unrecorded = dp.unrecorded;
    a.saving_margin = crate::estimate::saving_margin(dp, &a.reorder);
    a
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// An arm chain's best order (see [`crate::chain`]).
fn chain_analysis(dp: &DecisionProfile, chain: &ChainShape) -> Analysis {
    let d = &dp.decision;
    let rows = logical_rows(dp, d.leaves.len());
    let arms = crate::chain::Arms {
        count: chain.arms.len(),
        same_body: &chain.same_body,
        proven: &chain.proven_exclusive,
    };
    let best = crate::chain::optimize(&arms, &rows);
    let identity: Vec<usize> = (0..chain.arms.len()).collect();
    Analysis {
        id: d.id.clone(),
        location: d.location.clone(),
        kind: chain_kind(chain.kind).into(),
        executions: dp.executions,
        unrecorded: 0,
        original: render_chain(d, &identity),
        optimized: render_chain(d, &best.order),
        cost_before: best.cost_before,
        cost_after: best.cost_after,
        saving_percent: 0.0,
        saving_margin: None,
        reorder: Reorder::Chain(best.order),
        strategy: Some(best.strategy),
        exclusivity: Some(best.exclusivity),
        verdict: Verdict::AlreadyOptimal,
    }
}

/// The kind an arm chain is reported as: `if-else`, `guards` or `conditional`.
pub fn chain_kind(kind: ChainKind) -> &'static str {
    match kind {
        ChainKind::IfElse => "if-else",
        ChainKind::Guards => "guards",
        ChainKind::Conditional => "conditional",
    }
}

/// Whether an analysis' `kind` is an arm chain's.
pub fn is_chain(kind: &str) -> bool {
    matches!(kind, "if-else" | "guards" | "conditional")
}

/// An arm chain's conditions in `order`, e.g. `c === 32 ; c === 10 ; c === 9`.
fn render_chain(d: &Decision, order: &[usize]) -> String {
    order
        .iter()
        .map(|&i| d.leaves[i].text.as_str())
        .collect::<Vec<_>>()
        .join(" ; ")
}

/// The verdict for a decision whose costs are already in `a`.
fn verdict(dp: &DecisionProfile, a: &Analysis, threshold: f64) -> Verdict {
    let d = &dp.decision;
    if !d.is_kept() {
        let reasons = d
            .pruned
            .iter()
            .map(|r| serde_json::to_string(r).unwrap_or_else(|_| format!("{r:?}")))
            .collect();
        return Verdict::StaticallyPruned(reasons);
    }
    if dp.executions == 0 {
        return Verdict::NotExecuted;
    }
    if !dp.excluded.is_empty() {
        return Verdict::DynamicallyPruned(dp.excluded.clone());
    }
    if matches!(
        d.shape,
        Shape::Logical {
            context: Context::Value,
            ..
        }
    ) && !dp.all_boolean
    {
        return Verdict::NotBoolean;
    }
    if !dp.effects.is_empty() {
        return Verdict::HasEffects(dp.effects.clone());
    }
    if a.cost_after >= a.cost_before {
        return Verdict::AlreadyOptimal;
    }
    let saving = (a.cost_before - a.cost_after) as f64;
    if saving < threshold * a.cost_before as f64 {
        return Verdict::BelowThreshold;
    }
    Verdict::Candidate
}

/// Number of cells a usable row must have.
fn leaf_count_needed(d: &Decision) -> usize {
    match &d.shape {
        Shape::Logical { tree, .. } => d.leaves.len().max(leaf_count(tree)),
        Shape::Switch(_) | Shape::Chain(_) => 0,
    }
}

/// All recorded rows of a logical decision, across tests, keeping only complete ones.
pub(crate) fn logical_rows(dp: &DecisionProfile, leaves: usize) -> Vec<Row> {
    dp.slices
        .iter()
        .flat_map(|s| s.rows.iter())
        .filter(|r| r.cells.len() >= leaves && r.count > 0)
        .cloned()
        .collect()
}

/// Renders a switch's clauses in group order, e.g. `'b', 'a' | 'c', default`.
pub fn render_switch(shape: &SwitchShape, order: &[usize]) -> String {
    order
        .iter()
        .map(|&g| {
            shape.groups[g]
                .iter()
                .map(|&c| match shape.cases.get(c).and_then(|k| k.test.clone()) {
                    Some(t) => t,
                    None => "default".to_string(),
                })
                .collect::<Vec<_>>()
                .join(" | ")
        })
        .collect::<Vec<_>>()
        .join(", ")
}

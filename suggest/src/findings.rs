//! A suggestion as a [`report::Finding`] with a fix: where, what, the measured figures (the
//! finding's `decision` and `figures` properties), and the rewriter's edits with their
//! applicability. Every output format (text, diff, JSON, SARIF) is rendered from these.

use std::collections::BTreeMap;
use std::path::Path;

use jsproject::profile::Profile;
use report::{Applicability, Edit, Finding, Fix, Lines};
use serde::{Deserialize, Serialize};

use crate::chain::Exclusivity;
use crate::pipeline::{Outcome, Status};
use crate::SuggestError;

/// What the profile predicted and the gate measured for a suggestion.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Figures {
    /// Times the decision was evaluated in the workload.
    pub executions: u64,
    /// Replayed cost of the original order, in branch points.
    pub cost_before: u64,
    /// Replayed cost of the suggested order.
    pub cost_after: u64,
    /// Predicted saving, percent of the decision's cost.
    pub saving_percent: f64,
    /// Half-width of its 99 % interval in percentage points, when the decision was sampled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub saving_margin: Option<f64>,
    /// Tests significantly faster under node.
    pub tests_faster: usize,
    /// Tests significantly slower under node.
    pub tests_slower: usize,
    /// Change of all timed tests together (percent, negative = faster), when gated.
    pub measured_percent: Option<f64>,
    /// Its p-value (Welch's t-test).
    pub p: Option<f64>,
}

/// The findings of the suggested outcomes, their edits made by the rewriter on the sources
/// under `root`.
pub fn findings(
    root: &Path,
    profile: &Profile,
    suggestions: &[Outcome],
) -> Result<Vec<Finding>, SuggestError> {
    let decisions: BTreeMap<String, &instrument::model::Decision> = profile
        .decisions
        .iter()
        .map(|d| (d.decision.id.to_string(), &d.decision))
        .collect();
    let mut sources: BTreeMap<String, String> = BTreeMap::new();
    let mut out = Vec::new();
    for o in suggestions {
        let a = &o.analysis;
        let Some(d) = decisions.get(&a.id.to_string()) else {
            continue;
        };
        let file = &d.location.file;
        if !sources.contains_key(file) {
            let path = root.join(file);
            let text = std::fs::read_to_string(&path)
                .map_err(|e| SuggestError::io(format!("reading {}", path.display()), e))?;
            sources.insert(file.clone(), text);
        }
        let text = &sources[file];
        let lines = Lines::new(text);
        let Ok(edits) = instrument::rewrite(text, d, &a.reorder) else {
            continue;
        };
        let mut edits: Vec<Edit> = edits
            .into_iter()
            .map(|e| Edit {
                file: file.clone(),
                lo: e.span.lo,
                hi: e.span.hi,
                start: lines.at(e.span.lo),
                end: lines.at(e.span.hi),
                replacement: e.replacement,
            })
            .collect();
        edits.sort_by_key(|e| (e.lo, e.hi));
        let gate = o.gate.as_ref();
        let agg = gate.and_then(|g| g.aggregate.as_ref());
        let (rule, what) = match a.kind.as_str() {
            "switch" => ("reorder-cases", "cases"),
            k if crate::candidate::is_chain(k) => ("reorder-arms", "arms"),
            _ => ("reorder-checks", "checks"),
        };
        // arms only observed exclusive may overlap on other inputs: reordering them may change
        // what the program computes, whatever the gate measured
        let proven = !matches!(a.exclusivity, Some(Exclusivity::Observed(_)));
        let applicability = match o.status {
            _ if !proven => Applicability::Unsafe,
            Status::Suggested => Applicability::Safe,
            _ => Applicability::Unverified,
        };
        let figures = Figures {
            executions: a.executions,
            cost_before: a.cost_before,
            cost_after: a.cost_after,
            saving_percent: a.saving_percent,
            saving_margin: a.saving_margin,
            tests_faster: gate.map_or(0, |g| g.positive),
            tests_slower: gate.map_or(0, |g| g.negative),
            measured_percent: agg.map(|t| t.change_percent),
            p: agg.map(|t| t.p),
        };
        let mut properties = serde_json::Map::new();
        properties.insert("decision".into(), a.id.to_string().into());
        if let Some(x) = a.exclusivity {
            properties.insert("exclusivity".into(), x.to_string().into());
        }
        properties.insert(
            "figures".into(),
            serde_json::to_value(&figures).unwrap_or_default(),
        );
        out.push(Finding {
            rule: rule.into(),
            level: report::emit::sarif::level_of(applicability),
            file: file.clone(),
            start: lines.at(d.span.lo),
            end: Some(lines.at(d.span.hi)),
            properties,
            message: format!(
                "Evaluate the {what} as `{}` instead of `{}`: {:.1}% fewer branch points in this decision{}",
                a.optimized,
                a.original,
                a.saving_percent,
                agg.map_or(String::new(), |t| format!(
                    ", tests {:.1}% {} under node",
                    t.change_percent.abs(),
                    if t.change_percent <= 0.0 { "faster" } else { "slower" }
                ))
            ),
            fix: Some(Fix {
                edits,
                applicability,
            }),
        });
    }
    Ok(out)
}

/// The id of the decision a suggestion's finding reorders.
pub fn decision_of(f: &Finding) -> Option<&str> {
    f.properties.get("decision")?.as_str()
}

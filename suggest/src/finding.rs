//! A suggestion as a finding with a fix (the model ruff uses): where, what, the measured figures,
//! and a [`Fix`] of byte-range [`Edit`]s with an [`Applicability`]. Every output format (text,
//! diff, JSON, SARIF) is rendered from these.

use std::collections::BTreeMap;
use std::path::Path;

use jsproject::profile::Profile;
use serde::{Deserialize, Serialize};

use crate::pipeline::{Outcome, Status};
use crate::SuggestError;

/// Whether a tool may apply the fix unasked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Applicability {
    /// Validated by the project's tests and significantly faster under node.
    Safe,
    /// Not validated or timed (`--gate none`): review before applying.
    Unverified,
}

/// A position in a file: 1-based line and column (columns count characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// 1-based line.
    pub line: u32,
    /// 1-based column in characters.
    pub col: u32,
}

/// One replacement: the byte range `lo..hi` of the original file becomes `replacement`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Edit {
    /// Path relative to the project root, `/`-separated.
    pub file: String,
    /// First byte replaced.
    pub lo: u32,
    /// One past the last byte replaced.
    pub hi: u32,
    /// Where the range starts.
    pub start: Position,
    /// Where the range ends (exclusive).
    pub end: Position,
    /// The new text.
    pub replacement: String,
}

/// The edits that carry out a suggestion, and whether they may be applied unasked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fix {
    /// Non-overlapping edits, in file and byte order.
    pub edits: Vec<Edit>,
    /// Safe (gated) or unverified.
    pub applicability: Applicability,
}

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
    /// Tests significantly faster under node.
    pub tests_faster: usize,
    /// Tests significantly slower under node.
    pub tests_slower: usize,
    /// Change of all timed tests together (percent, negative = faster), when gated.
    pub measured_percent: Option<f64>,
    /// Its p-value (Welch's t-test).
    pub p: Option<f64>,
}

/// One suggestion.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Finding {
    /// `reorder-checks` (a `&&`/`||` chain) or `reorder-cases` (a switch).
    pub rule: String,
    /// The decision's id.
    pub decision: String,
    /// Path relative to the project root.
    pub file: String,
    /// Where the decision starts.
    pub start: Position,
    /// Where it ends (exclusive).
    pub end: Position,
    /// One sentence for people.
    pub message: String,
    /// Predicted and measured figures.
    pub figures: Figures,
    /// The edits.
    pub fix: Fix,
}

/// The line and column of every byte offset of a text, computed once per file.
struct Lines<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    fn new(text: &'a str) -> Self {
        // a byte-order mark is not a column
        let mut starts = vec![if text.starts_with('\u{feff}') { 3 } else { 0 }];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Lines { text, starts }
    }

    fn at(&self, byte: u32) -> Position {
        let b = (byte as usize).min(self.text.len());
        let line = self.starts.partition_point(|&s| s <= b).saturating_sub(1);
        let from = self.starts[line];
        let b = b.max(from);
        let col = self
            .text
            .get(from..b)
            .map_or(b - from, |s| s.chars().count());
        Position {
            line: line as u32 + 1,
            col: col as u32 + 1,
        }
    }
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
            _ => ("reorder-checks", "checks"),
        };
        out.push(Finding {
            rule: rule.into(),
            decision: a.id.to_string(),
            file: file.clone(),
            start: lines.at(d.span.lo),
            end: lines.at(d.span.hi),
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
            figures: Figures {
                executions: a.executions,
                cost_before: a.cost_before,
                cost_after: a.cost_after,
                saving_percent: a.saving_percent,
                tests_faster: gate.map_or(0, |g| g.positive),
                tests_slower: gate.map_or(0, |g| g.negative),
                measured_percent: agg.map(|t| t.change_percent),
                p: agg.map(|t| t.p),
            },
            fix: Fix {
                edits,
                applicability: match o.status {
                    Status::Suggested => Applicability::Safe,
                    _ => Applicability::Unverified,
                },
            },
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_lines_and_characters() {
        let l = Lines::new("ab\né x\n");
        assert_eq!(l.at(0), Position { line: 1, col: 1 });
        assert_eq!(l.at(3), Position { line: 2, col: 1 });
        // `é` is two bytes, one character
        assert_eq!(l.at(6), Position { line: 2, col: 3 });
        assert_eq!(l.at(99), Position { line: 3, col: 1 });
        let bom = Lines::new("\u{feff}ab");
        assert_eq!(bom.at(3), Position { line: 1, col: 1 });
        assert_eq!(bom.at(4), Position { line: 1, col: 2 });
    }
}

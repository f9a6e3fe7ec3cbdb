//! `eval` per decision kind: how many decisions of each kind were found, became candidates, were
//! timed by the gate and were accepted.

use serde::{Deserialize, Serialize};

use super::ProjectResult;
use crate::pipeline::Status;

/// The kinds in the order they are reported (`Analysis::kind`).
pub const KINDS: [&str; 5] = ["logical", "switch", "if-else", "guards", "conditional"];

/// One decision kind's counts over every project with a report.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct KindRow {
    /// `logical`, `switch`, `if-else`, `guards` or `conditional`.
    pub kind: String,
    /// Decisions found.
    pub decisions: usize,
    /// Candidates: executed, kept, with a saving above the threshold.
    pub candidates: usize,
    /// Candidates the gate timed.
    pub gated: usize,
    /// Suggestions the gate accepted.
    pub accepted: usize,
}

/// A row per kind, every kind listed even when none was found.
pub fn by_kind(projects: &[ProjectResult]) -> Vec<KindRow> {
    KINDS
        .iter()
        .map(|&kind| {
            let mut row = KindRow {
                kind: kind.to_string(),
                ..KindRow::default()
            };
            for r in projects.iter().filter_map(|p| p.report.as_ref()) {
                let of_kind = r.decisions.iter().filter(|a| a.kind == kind);
                row.decisions += of_kind.clone().count();
                row.candidates += of_kind.filter(|a| a.is_candidate()).count();
                let outcomes = r.suggestions.iter().chain(&r.rejected);
                let outcomes: Vec<_> = outcomes.filter(|o| o.analysis.kind == kind).collect();
                row.gated += outcomes.iter().filter(|o| o.gate.is_some()).count();
                row.accepted += outcomes
                    .iter()
                    .filter(|o| o.status == Status::Suggested && o.gate.is_some())
                    .count();
            }
            row
        })
        .collect()
}

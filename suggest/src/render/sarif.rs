//! The findings as SARIF 2.1.0: one result per suggestion with its location, the measured figures
//! as properties, and the fix as `artifactChanges` with `replacements`.

use graph::sarif::{
    self, ArtifactChange, ArtifactLocation, Location, Message, PhysicalLocation, Region,
    Replacement, SarifFix, SarifResult,
};

use crate::finding::{Applicability, Finding, Position};
use crate::report::Report;

const BASE: &str = "PROJECTROOT";

fn region(start: Position, end: Position) -> Region {
    Region {
        start_line: start.line,
        start_column: Some(start.col),
        end_line: Some(end.line),
        end_column: Some(end.col),
    }
}

fn artifact(file: &str) -> ArtifactLocation {
    ArtifactLocation {
        uri: file.to_string(),
        uri_base_id: Some(BASE),
    }
}

/// The report's findings as a SARIF log; `root` is the project directory the paths are under.
pub fn render_sarif(r: &Report, root: &std::path::Path) -> Result<String, serde_json::Error> {
    let mut rules = Vec::new();
    let results: Vec<SarifResult> = r.findings.iter().map(|f| result(f, &mut rules)).collect();
    let log = sarif::log(rules, results, Some((BASE, sarif::dir_uri(root))));
    Ok(serde_json::to_string_pretty(&log)? + "\n")
}

fn result(f: &Finding, rules: &mut Vec<sarif::Rule>) -> SarifResult {
    let (short, full) = match f.rule.as_str() {
        "reorder-cases" => (
            "Cheaper order of a switch's cases",
            "The profile shows the cases matched in a different order than written; testing the frequent ones first saves comparisons. The fix keeps every case's behaviour (fall-through groups move together).",
        ),
        _ => (
            "Cheaper order of a && / || chain",
            "The profile shows a cheaper order of the checks with the same outcome in every recorded execution: a check that is cheap or decides the result most often goes first.",
        ),
    };
    let rule_index = sarif::rule_index(rules, &f.rule, short, full);
    let mut properties = serde_json::to_value(&f.figures).unwrap_or_default();
    if let Some(o) = properties.as_object_mut() {
        o.insert("decision".into(), f.decision.clone().into());
        o.insert(
            "applicability".into(),
            serde_json::to_value(f.fix.applicability).unwrap_or_default(),
        );
    }
    let mut changes: Vec<ArtifactChange> = Vec::new();
    for e in &f.fix.edits {
        let rep = Replacement {
            deleted_region: region(e.start, e.end),
            inserted_content: Message::new(&e.replacement),
        };
        match changes
            .iter_mut()
            .find(|c| c.artifact_location.uri == e.file)
        {
            Some(c) => c.replacements.push(rep),
            None => changes.push(ArtifactChange {
                artifact_location: artifact(&e.file),
                replacements: vec![rep],
            }),
        }
    }
    SarifResult {
        rule_id: f.rule.clone(),
        rule_index,
        level: match f.fix.applicability {
            Applicability::Safe => "warning",
            Applicability::Unverified => "note",
        },
        message: Message::new(&f.message),
        locations: vec![Location {
            physical_location: PhysicalLocation {
                artifact_location: artifact(&f.file),
                region: region(f.start, f.end),
            },
        }],
        properties,
        fixes: vec![SarifFix {
            description: Message::new(match f.fix.applicability {
                Applicability::Safe => "Reorder (validated by the tests and faster under node)",
                Applicability::Unverified => "Reorder (unverified: run without the node gate)",
            }),
            artifact_changes: changes,
        }],
    }
}

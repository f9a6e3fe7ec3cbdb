//! The findings as SARIF 2.1.0 ([`report::emit::sarif`]): one result per suggestion with its
//! location, the measured figures as properties, and the fix as `artifactChanges`.

use report::emit::sarif::{self, Base};
use report::{Applicability, Finding, Rule};

use crate::report::Report;

/// The rules of `suggest`'s findings.
pub const RULES: [Rule; 3] = [
    Rule {
        id: "reorder-checks",
        short: "Cheaper order of a && / || chain",
        full: "The profile shows a cheaper order of the checks with the same outcome in every recorded execution: a check that is cheap or decides the result most often goes first.",
    },
    Rule {
        id: "reorder-cases",
        short: "Cheaper order of a switch's cases",
        full: "The profile shows the cases matched in a different order than written; testing the frequent ones first saves comparisons. The fix keeps every case's behaviour (fall-through groups move together).",
    },
    Rule {
        id: "reorder-arms",
        short: "Cheaper order of an else-if ladder, guard sequence or conditional chain",
        full: "The profile shows the arms taken in a different order than written; testing the frequent ones first saves conditions. Only arms whose conditions are exclusive (proven from their text, or never true together in the profile) or whose bodies are the same move; each body moves with its condition, and the final else stays last.",
    },
];

/// What a suggestion's fix does, by how far it was checked.
fn fix_description(f: &Finding) -> String {
    let observed = f
        .properties
        .get("exclusivity")
        .and_then(|x| x.as_str())
        .filter(|x| x.contains("observed"));
    match (f.fix.as_ref().map(|x| x.applicability), observed) {
        (Some(Applicability::Safe), _) => {
            "Reorder (validated by the tests and faster under node)".to_string()
        }
        (_, Some(x)) => format!("Reorder (its arms are {x}, not proven: review before applying)"),
        _ => "Reorder (unverified: run without the node gate)".to_string(),
    }
}

/// The report's findings as a SARIF log; `root` is the project directory the paths are under.
pub fn render_sarif(r: &Report, root: &std::path::Path) -> Result<String, serde_json::Error> {
    let base = Base {
        id: "PROJECTROOT",
        uri: Some(sarif::dir_uri(root)),
    };
    let log = sarif::log(&r.findings, &RULES, &base, fix_description);
    report::emit::json::pretty(&log)
}

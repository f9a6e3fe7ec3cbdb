//! The findings as SARIF 2.1.0 ([`report::emit::sarif`]): one result per suggestion with its
//! location, the measured figures as properties, and the fix as `artifactChanges`.

use report::emit::sarif::{self, Base};
use report::{Applicability, Finding, Rule};

use crate::report::Report;

/// The rules of `suggest`'s findings.
pub const RULES: [Rule; 2] = [
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
];

/// What a suggestion's fix does, by how far it was checked.
fn fix_description(f: &Finding) -> String {
    match f.fix.as_ref().map(|x| x.applicability) {
        Some(Applicability::Safe) => "Reorder (validated by the tests and faster under node)",
        _ => "Reorder (unverified: run without the node gate)",
    }
    .to_string()
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

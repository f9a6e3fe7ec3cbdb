//! SARIF 2.1.0, the static-analysis results format GitHub code scanning and IDEs read: the subset
//! both pipelines emit (rules, results with a location, properties and fixes), as serde types.

use serde::Serialize;
use serde_json::Value;

/// The schema both pipelines' SARIF logs validate against.
pub const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// A SARIF log with one run.
#[derive(Debug, Clone, Serialize)]
pub struct Log {
    /// The schema URI.
    #[serde(rename = "$schema")]
    pub schema: &'static str,
    /// Always `2.1.0`.
    pub version: &'static str,
    /// The runs (one).
    pub runs: Vec<Run>,
}

/// One run of one tool.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Run {
    /// The tool and its rules.
    pub tool: Tool,
    /// How columns count: `unicodeCodePoints`.
    pub column_kind: &'static str,
    /// Base URIs that artifact locations are relative to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub original_uri_base_ids: Option<Value>,
    /// The findings.
    pub results: Vec<SarifResult>,
}

/// The tool.
#[derive(Debug, Clone, Serialize)]
pub struct Tool {
    /// Its driver.
    pub driver: Driver,
}

/// The tool's driver component.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Driver {
    /// `decisionprof`.
    pub name: &'static str,
    /// Its version.
    pub version: &'static str,
    /// The rules its results refer to.
    pub rules: Vec<Rule>,
}

/// A rule.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Rule {
    /// Stable id (`reorder-checks`, `never-used`, …).
    pub id: String,
    /// One line.
    pub short_description: Message,
    /// What it means and what to do.
    pub full_description: Message,
}

/// A text message.
#[derive(Debug, Clone, Serialize)]
pub struct Message {
    /// The text.
    pub text: String,
}

impl Message {
    /// A message with this text.
    pub fn new(text: impl Into<String>) -> Self {
        Message { text: text.into() }
    }
}

/// A region of a file: 1-based lines and columns, end column exclusive.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Region {
    /// First line.
    pub start_line: u32,
    /// First column.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start_column: Option<u32>,
    /// Last line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_line: Option<u32>,
    /// Column after the region.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_column: Option<u32>,
}

/// A file, relative to a base URI id.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ArtifactLocation {
    /// Relative URI of the file.
    pub uri: String,
    /// The base it is relative to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uri_base_id: Option<&'static str>,
}

/// Where a result is.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Location {
    /// The file and region.
    pub physical_location: PhysicalLocation,
}

/// A file and a region in it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PhysicalLocation {
    /// The file.
    pub artifact_location: ArtifactLocation,
    /// The region.
    pub region: Region,
}

/// One replacement of a fix.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Replacement {
    /// What is removed.
    pub deleted_region: Region,
    /// What is put there.
    pub inserted_content: Message,
}

/// The replacements in one file.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ArtifactChange {
    /// The file.
    pub artifact_location: ArtifactLocation,
    /// Its replacements.
    pub replacements: Vec<Replacement>,
}

/// A proposed fix.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SarifFix {
    /// What it does.
    pub description: Message,
    /// The changes, per file.
    pub artifact_changes: Vec<ArtifactChange>,
}

/// One finding.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SarifResult {
    /// The rule's id.
    pub rule_id: String,
    /// The rule's index in the driver's rules.
    pub rule_index: usize,
    /// `note`, `warning` or `error`.
    pub level: &'static str,
    /// What was found.
    pub message: Message,
    /// Where.
    pub locations: Vec<Location>,
    /// Measured figures.
    pub properties: Value,
    /// Proposed fixes.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fixes: Vec<SarifFix>,
}

/// A log of one run of `decisionprof` with these rules and results.
pub fn log(
    rules: Vec<Rule>,
    results: Vec<SarifResult>,
    base: Option<(&'static str, String)>,
) -> Log {
    Log {
        schema: SCHEMA,
        version: "2.1.0",
        runs: vec![Run {
            tool: Tool {
                driver: Driver {
                    name: "decisionprof",
                    version: env!("CARGO_PKG_VERSION"),
                    rules,
                },
            },
            column_kind: "unicodeCodePoints",
            original_uri_base_ids: base.map(|(id, uri)| serde_json::json!({ id: { "uri": uri } })),
            results,
        }],
    }
}

/// The index of the rule `id` in `rules`, adding it with its descriptions if missing.
pub fn rule_index(rules: &mut Vec<Rule>, id: &str, short: &str, full: &str) -> usize {
    if let Some(i) = rules.iter().position(|r| r.id == id) {
        return i;
    }
    rules.push(Rule {
        id: id.to_string(),
        short_description: Message::new(short),
        full_description: Message::new(full),
    });
    rules.len() - 1
}

/// A `file://` URI of a directory (with a trailing slash), for `originalUriBaseIds`.
pub fn dir_uri(dir: &std::path::Path) -> String {
    let abs = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    let mut s = abs.to_string_lossy().replace('\\', "/");
    if !s.ends_with('/') {
        s.push('/');
    }
    if !s.starts_with('/') {
        s.insert(0, '/');
    }
    format!("file://{}", s.replace(' ', "%20"))
}

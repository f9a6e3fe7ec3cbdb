//! SARIF 2.1.0, the static-analysis results format GitHub code scanning and IDEs read: the subset
//! decisionprof emits (rules, results with a location, properties and fixes), built from
//! [`Finding`]s.

use serde::Serialize;
use serde_json::Value;

use crate::{Applicability, Finding, Level, Position, Rule};

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
    pub rules: Vec<RuleDescriptor>,
}

/// A rule as SARIF describes it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RuleDescriptor {
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

/// Where the artifacts of a log are: relative to a base URI id (`PROJECTROOT`, `SRCROOT`), and
/// the base's own URI when known.
#[derive(Debug, Clone)]
pub struct Base {
    /// The id artifact locations name.
    pub id: &'static str,
    /// A `file://` URI of the base directory ([`dir_uri`]), when known.
    pub uri: Option<String>,
}

/// The log of one run of `decisionprof` reporting `findings`, their rules described by `rules`
/// (a finding whose rule is not there is described by its id), its artifacts relative to `base`;
/// a fix is described by `fix_description`.
pub fn log(
    findings: &[Finding],
    rules: &[Rule],
    base: &Base,
    fix_description: impl Fn(&Finding) -> String,
) -> Log {
    let mut descriptors: Vec<RuleDescriptor> = Vec::new();
    let results = findings
        .iter()
        .map(|f| result(f, rules, &mut descriptors, base, &fix_description))
        .collect();
    Log {
        schema: SCHEMA,
        version: "2.1.0",
        runs: vec![Run {
            tool: Tool {
                driver: Driver {
                    name: "decisionprof",
                    version: env!("CARGO_PKG_VERSION"),
                    rules: descriptors,
                },
            },
            column_kind: "unicodeCodePoints",
            original_uri_base_ids: base
                .uri
                .as_ref()
                .map(|uri| serde_json::json!({ base.id: { "uri": uri } })),
            results,
        }],
    }
}

/// The index of the rule `id` among `descriptors`, adding it (described from `rules`) if missing.
fn rule_index(descriptors: &mut Vec<RuleDescriptor>, rules: &[Rule], id: &str) -> usize {
    if let Some(i) = descriptors.iter().position(|r| r.id == id) {
        return i;
    }
    let (short, full) = rules
        .iter()
        .find(|r| r.id == id)
        .map_or((id, id), |r| (r.short, r.full));
    descriptors.push(RuleDescriptor {
        id: id.to_string(),
        short_description: Message::new(short),
        full_description: Message::new(full),
    });
    descriptors.len() - 1
}

fn region(start: Position, end: Option<Position>) -> Region {
    Region {
        start_line: start.line,
        start_column: end.map(|_| start.col),
        end_line: end.map(|e| e.line),
        end_column: end.map(|e| e.col),
    }
}

fn result(
    f: &Finding,
    rules: &[Rule],
    descriptors: &mut Vec<RuleDescriptor>,
    base: &Base,
    fix_description: &impl Fn(&Finding) -> String,
) -> SarifResult {
    let artifact = |file: &str| ArtifactLocation {
        uri: file.to_string(),
        uri_base_id: Some(base.id),
    };
    let mut properties = Value::Object(f.properties.clone());
    let mut fixes = Vec::new();
    if let Some(fix) = &f.fix {
        if let Some(o) = properties.as_object_mut() {
            o.insert(
                "applicability".into(),
                serde_json::to_value(fix.applicability).unwrap_or_default(),
            );
        }
        let mut changes: Vec<ArtifactChange> = Vec::new();
        for e in &fix.edits {
            let rep = Replacement {
                deleted_region: region(e.start, Some(e.end)),
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
        fixes.push(SarifFix {
            description: Message::new(fix_description(f)),
            artifact_changes: changes,
        });
    }
    SarifResult {
        rule_id: f.rule.clone(),
        rule_index: rule_index(descriptors, rules, &f.rule),
        level: match f.level {
            Level::Warning => "warning",
            Level::Note => "note",
        },
        message: Message::new(&f.message),
        locations: vec![Location {
            physical_location: PhysicalLocation {
                artifact_location: artifact(&f.file),
                region: region(f.start, f.end),
            },
        }],
        properties,
        fixes,
    }
}

/// The level a fix's applicability gives its finding: a safe fix asks for attention.
pub fn level_of(applicability: Applicability) -> Level {
    match applicability {
        Applicability::Safe => Level::Warning,
        Applicability::Unverified | Applicability::Unsafe => Level::Note,
    }
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

//! The finding model (ruff's): where, what, the figures, and a fix of byte-range edits with an
//! applicability.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Whether a tool may apply a fix unasked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Applicability {
    /// Validated by the project's tests and significantly faster under node.
    Safe,
    /// Not validated or timed: review before applying.
    Unverified,
    /// May change what the program computes on inputs the workload did not show (arms reordered
    /// whose exclusivity was only observed): left out of patches unless asked for.
    Unsafe,
}

/// How much a finding asks for attention (SARIF's `level`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// Worth acting on.
    Warning,
    /// Worth knowing.
    Note,
}

/// A position in a file: 1-based line and column (columns count characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// 1-based line.
    pub line: u32,
    /// 1-based column in characters.
    pub col: u32,
}

/// One replacement: the byte range `lo..hi` of a file becomes `replacement`.
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

/// The edits that carry out a finding, and whether they may be applied unasked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fix {
    /// Non-overlapping edits, in file and byte order.
    pub edits: Vec<Edit>,
    /// Safe or unverified.
    pub applicability: Applicability,
}

/// A rule findings refer to, with its descriptions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    /// Stable id (`reorder-checks`, `never-used`, …).
    pub id: &'static str,
    /// One line.
    pub short: &'static str,
    /// What it means and what to do.
    pub full: &'static str,
}

/// Something found at a place in a file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Finding {
    /// The rule's id.
    pub rule: String,
    /// How much it asks for attention.
    pub level: Level,
    /// Path relative to the project root, `/`-separated (or the best artifact known).
    pub file: String,
    /// Where it starts.
    pub start: Position,
    /// Where it ends (exclusive), when more than its line is known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<Position>,
    /// One sentence for people.
    pub message: String,
    /// The figures behind it (SARIF `properties`; fields of its own in JSON).
    #[serde(flatten)]
    pub properties: Map<String, Value>,
    /// The edits that carry it out, when the tool can change the code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fix: Option<Fix>,
}

impl Finding {
    /// A finding of `rule` at `file:line` with no figures and no fix.
    pub fn at_line(rule: &str, level: Level, file: &str, line: u32, message: String) -> Finding {
        Finding {
            rule: rule.to_string(),
            level,
            file: file.to_string(),
            start: Position { line, col: 1 },
            end: None,
            message,
            properties: Map::new(),
            fix: None,
        }
    }

    /// `file:line:col`, as editors and terminals link it.
    pub fn location(&self) -> String {
        format!("{}:{}:{}", self.file, self.start.line, self.start.col)
    }
}

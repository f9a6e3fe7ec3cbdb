//! The report as JSON: everything `suggest` knows, findings with their fixes included.

use crate::report::Report;

/// The report as pretty-printed JSON with a trailing newline.
pub fn render_json(r: &Report) -> Result<String, serde_json::Error> {
    Ok(serde_json::to_string_pretty(r)? + "\n")
}

//! JSON output: every command's machine-readable report, pretty-printed, one trailing newline.

use serde::Serialize;

/// `value` as pretty-printed JSON with a trailing newline.
pub fn pretty<T: Serialize + ?Sized>(value: &T) -> Result<String, serde_json::Error> {
    Ok(serde_json::to_string_pretty(value)? + "\n")
}

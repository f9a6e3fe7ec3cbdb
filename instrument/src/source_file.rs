//! A source file as the instrumenter reads it: a TypeScript file's types blanked in place (or
//! lowered, with an offset map), then parsed, so every span is one of the file as written.

use crate::error::ParseError;
use crate::parse::{parse_mapped, Parsed};
use crate::typescript::{needs_lowering, strip_types_with, Stripped, TsOptions};

/// Parses `source` as the file `rel_path` (`.mjs` module, `.cjs` script, `.js` whichever fits);
/// a TypeScript file is parsed with its types blanked in place, so spans are those of `source`.
pub fn parse(source: &str, rel_path: &str) -> Result<Parsed, ParseError> {
    parse_with(source, rel_path, &TsOptions::default())
}

/// [`parse`], a TypeScript file stripped as the project's options say.
pub fn parse_with(source: &str, rel_path: &str, ts: &TsOptions) -> Result<Parsed, ParseError> {
    if !needs_lowering(rel_path, source) {
        return parse_mapped(source, source, rel_path, None);
    }
    match strip_types_with(source, rel_path, ts)? {
        Stripped::InPlace(code) => parse_mapped(source, &code, rel_path, None),
        Stripped::Lowered { code, map } => parse_mapped(source, &code, rel_path, Some(map)),
        Stripped::Transformed { why, .. } => Err(ParseError {
            file: rel_path.to_string(),
            line: 1,
            col: 1,
            message: format!(
                "needs a TypeScript transform, so its positions cannot be kept: {why}"
            ),
        }),
    }
}

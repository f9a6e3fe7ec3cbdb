//! The paper's three amplifiers as built-in specs, and resolving `--spec NAME|FILE`.

use super::spec::Spec;
use super::spec_parser::{parse_spec, SpecError};
use std::path::Path;

/// Names and texts of the built-in specs.
pub const BUILTIN: [(&str, &str); 3] = [
    ("leak", include_str!("specs/leak.spec")),
    ("underutilized", include_str!("specs/underutilized.spec")),
    ("overpopulated", include_str!("specs/overpopulated.spec")),
];

/// Why a `--spec` argument could not be turned into a spec.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read.
    #[error("cannot read spec file {path}: {source}")]
    Read {
        /// The file.
        path: String,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The file is not a valid spec.
    #[error(transparent)]
    Parse(#[from] SpecError),
}

/// The built-in spec with this name, if there is one.
pub fn builtin(name: &str) -> Option<Spec> {
    let (_, text) = BUILTIN.iter().find(|(n, _)| *n == name)?;
    // The built-in texts are checked by the tests below; a failure here is a build defect.
    parse_spec(&format!("<builtin {name}>"), text).ok()
}

/// A built-in spec by name, or else the spec file at that path.
pub fn load_spec(arg: &str) -> Result<Spec, LoadError> {
    if let Some(spec) = builtin(arg) {
        return Ok(spec);
    }
    let text = std::fs::read_to_string(Path::new(arg)).map_err(|source| LoadError::Read {
        path: arg.to_string(),
        source,
    })?;
    Ok(parse_spec(arg, &text)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_parses_under_its_own_name() {
        for (name, text) in BUILTIN {
            let spec = parse_spec(name, text).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(spec.name, name);
            assert!(builtin(name).is_some());
        }
    }

    #[test]
    fn unknown_name_is_read_as_a_file_and_missing_file_is_an_error() {
        let err = load_spec("/nonexistent/dir/x.spec").unwrap_err();
        assert!(err.to_string().contains("/nonexistent/dir/x.spec"), "{err}");
    }
}

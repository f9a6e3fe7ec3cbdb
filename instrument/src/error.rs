//! Errors of the instrumenter: files that do not parse, reorders that do not fit a decision.

use thiserror::Error;

/// A file that does not parse, with the first error's position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{file}:{line}:{col}: {message}")]
pub struct ParseError {
    /// Path of the file as the caller named it.
    pub file: String,
    /// 1-based line.
    pub line: u32,
    /// 1-based column in characters.
    pub col: u32,
    /// What the parser said.
    pub message: String,
}

/// A reorder request the rewriter cannot honour.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RewriteError {
    /// The requested order does not match the decision's shape.
    #[error("{id}: {message}")]
    Mismatch {
        /// The decision's id.
        id: String,
        /// What does not match.
        message: String,
    },
    /// The rewritten source does not parse any more.
    #[error("{id}: rewritten source does not parse: {message}")]
    Reparse {
        /// The decision's id.
        id: String,
        /// The parse error.
        message: String,
    },
}

//! Errors of the suggest stage.

/// Something that stops `suggest` as a whole (per-candidate problems are verdicts, not errors).
#[derive(Debug, thiserror::Error)]
pub enum SuggestError {
    /// An I/O operation failed.
    #[error("{context}: {source}")]
    Io {
        /// What was being done.
        context: String,
        /// The cause.
        #[source]
        source: std::io::Error,
    },
    /// `node` is not installed.
    #[error("{0}")]
    NodeMissing(&'static str),
    /// A node process ran longer than the timeout.
    #[error("node did not finish within {0} s (raise --timeout)")]
    Timeout(u64),
    /// Ctrl-C or SIGTERM arrived.
    #[error("interrupted by {0}")]
    Interrupted(&'static str),
    /// The node runner misbehaved.
    #[error("node runner: {0}")]
    Runner(String),
    /// The original project does not run under node.
    #[error("the original workload does not run under node: {0}")]
    Baseline(String),
}

impl SuggestError {
    /// Wraps an I/O error with what was being done.
    pub fn io(context: impl Into<String>, source: std::io::Error) -> Self {
        SuggestError::Io {
            context: context.into(),
            source,
        }
    }
}

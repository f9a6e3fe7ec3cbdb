//! Turns profiles into suggestions: optimal orders, the Node timing gate, and patches.

pub mod bench_workload;
pub mod bisect;
pub mod build;
pub mod candidate;
pub mod chain;
pub mod error;
pub mod estimate;
pub mod eval;
pub mod findings;
pub mod gate;
pub mod hot;
pub mod interrupt;
pub mod logical;
pub mod node;
pub mod noise;
pub mod pipeline;
pub mod progress;
pub mod project;
pub mod render;
pub mod replay;
pub mod report;
pub mod sequential;
pub mod stats;
pub mod switch;
pub mod variant;
pub mod why_not;

pub use error::SuggestError;

//! Turns profiles into suggestions: optimal orders, the Node timing gate, and patches.

pub mod candidate;
pub mod logical;
pub mod patch;
pub mod replay;
pub mod stats;
pub mod switch;

//! Turns profiles into suggestions: optimal orders, the Node timing gate, and patches.

pub mod candidate;
pub mod logical;
pub mod replay;
pub mod switch;

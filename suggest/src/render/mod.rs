//! Every output of `suggest`, rendered from one [`Report`](crate::report::Report) and its
//! [`Finding`](crate::finding::Finding)s: one small module per format.

pub mod diff;
pub mod json;
pub mod sarif;
pub mod table2;
pub mod text;

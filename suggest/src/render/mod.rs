//! The outputs of `suggest` that are its own, rendered from one [`Report`](crate::report::Report)
//! and its [`Finding`](report::Finding)s: the text report, Table 2 and the SARIF rules; JSON and
//! the diff are [`report::emit`]'s.

pub mod sarif;
pub mod table2;
pub mod text;

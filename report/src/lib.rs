//! What every command reports, in one model, and one emitter per output format.
//!
//! A [`Finding`] is something found at a place in a file, with a message, figures as properties
//! and, where the tool can change the code, a [`Fix`] of byte-range [`Edit`]s with an
//! [`Applicability`]. `suggest`'s reorders, object-flow verdicts (`js-flow`, `jvm-flow`) and
//! `jvm-blow`'s penalized sites are all findings; the [`emit`] modules render them (text, JSON,
//! unified diff, SARIF, DOT), each format once for every command.

pub mod emit;
mod finding;
mod lines;

pub use finding::{Applicability, Edit, Finding, Fix, Level, Position, Rule};
pub use lines::Lines;

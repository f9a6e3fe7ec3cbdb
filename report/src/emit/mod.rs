//! One emitter per output format, each over the same models: [`text`] (tables and finding
//! entries), [`json`], [`diff`] (the fixes as one unified diff), [`sarif`] and [`dot`].

pub mod diff;
pub mod dot;
pub mod json;
pub mod sarif;
pub mod text;

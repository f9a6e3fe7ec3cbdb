//! Finds decisions in JavaScript, prunes them, instruments them for the runtime, and rewrites them.

pub mod model;

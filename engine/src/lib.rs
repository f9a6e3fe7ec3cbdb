//! Runs a JavaScript workload in an embedded Boa engine with the decisionprof runtime.

pub mod profile;

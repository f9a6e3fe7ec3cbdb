//! The shared graph core and the JVM object-flow pipeline of decisionprof.

pub mod graph;
pub mod jvm;

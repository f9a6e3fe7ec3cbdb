//! Fixtures of decisionprof's JVM benchmarks (`decisionprof-bench`) and of the tests that run
//! real programs: the real Debian programs and the workloads with their fixed inputs
//! ([`programs`]), and the JDK Flight Recorder's allocation samples to check our figures
//! against ([`jfr`]).

pub mod jfr;
pub mod programs;

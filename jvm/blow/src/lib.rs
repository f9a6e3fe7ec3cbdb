//! PerfBlower-style amplification of memory problems (Fang, Dou and Xu, ECOOP 2015) on a stock
//! JVM: a symptom [`spec`] language, its parser ([`spec_parser`]), the paper's amplifiers as
//! [`builtin`] specs, the instrumentation of a jar for the events a spec needs ([`event_probes`]),
//! the amplified run ([`amplified_run`]), the [`vso`]
//! bookkeeping (virtual penalties, per-GC virtual space overhead), the [`trace`] of the Java
//! runtime `decisionprof.BlowRt` and its replay through a spec, and the [`oracle`]'s verdict and
//! [`vso_report`] (maximal VSO against the bound, timeline, sites, JSON).

pub mod amplified_run;
pub mod builtin;
pub mod event_probes;
pub mod oracle;
pub mod spec;
pub mod spec_parser;
pub mod trace;
pub mod vso;
pub mod vso_report;

#[cfg(test)]
mod tests;

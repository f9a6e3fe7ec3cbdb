//! PerfBlower-style amplification of memory problems (Fang, Dou and Xu, ECOOP 2015) on a stock
//! JVM: a symptom [`spec`] language, its [`parse`]r, the paper's amplifiers as [`builtin`] specs,
//! the [`instrument`]ation of a jar for the events a spec needs, the amplified [`run`], the [`vso`]
//! bookkeeping (virtual penalties, per-GC virtual space overhead), the [`trace`] of the Java
//! runtime `decisionprof.BlowRt` and its replay through a spec, and the oracle's [`report`]
//! (maximal VSO against the bound, timeline, sites, JSON).

pub mod builtin;
pub mod instrument;
pub mod parse;
pub mod report;
pub mod run;
pub mod spec;
pub mod trace;
pub mod vso;

#[cfg(test)]
mod tests;

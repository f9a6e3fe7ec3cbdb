//! PerfBlower-style amplification of memory problems (Fang, Dou and Xu, ECOOP 2015) on a stock
//! JVM: a symptom [`spec`] language, its [`parse`]r, the paper's amplifiers as [`builtin`] specs,
//! and the [`vso`] bookkeeping (virtual penalties, per-GC virtual space overhead).

pub mod builtin;
pub mod parse;
pub mod spec;
pub mod vso;

#[cfg(test)]
mod tests;

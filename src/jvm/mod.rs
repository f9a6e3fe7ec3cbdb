//! The JVM object-flow pipeline: jar → classes → CFG → slices → HFG → Ball–Larus numbering.

pub mod analysis;
pub mod cfg;
pub mod classfile;
pub mod defuse;
pub mod dot;
pub mod flow;
pub mod hfg;
pub mod slice;
pub mod write;

pub use analysis::{analyze_jar, FlowExport, JarReport, MethodFlow, MethodSummary, PhaseTimes};
pub use hfg::HfgOptions;

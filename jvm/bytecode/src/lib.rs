//! The static half of the JVM object-flow pipeline: jar → classes → CFG → slices → HFG →
//! Ball–Larus numbering (Mudduluru and Ramanathan, "Efficient Flow Profiling for Detecting
//! Performance Bugs", §3.1–3.6), with what the instrumenters share: reading and rewriting jars
//! ([`jar`], [`splice`], [`write`], [`frames`]), calls and descriptors ([`invoke`],
//! [`descriptor`]), what an instruction does with a reference ([`roles`]), the jar's hierarchy
//! ([`hierarchy`]) and the JDK's tools ([`jdk`]).
//!
//! Choices made where the paper is silent:
//!
//! * **Nodes** are statements as the bytecode shows them: maximal runs of one basic block on one
//!   source line (basic blocks when there is no line table), plus a pseudo start (where parameters
//!   are defined) and exit. [`cfg::Cfg::node_of`] maps instructions to nodes.
//! * **Exceptions**: every node inside a protected range has an edge to the handler; control
//!   dependences use normal edges only (otherwise every statement in a `try` would control the
//!   next one).
//! * **Def-use** is over references only, through locals and the operand stack (no heap): a store
//!   into a local is a new definition; loads, `dup`s and `checkcast` pass definitions through.
//! * **Slices** follow data dependences from uses to the definitions made by the using
//!   instruction, and control dependences from sliced branches to whole nodes.
//! * **HFG start/exit**: Algorithm 1 keeps start and exit; `start → exit` is dropped, and so is
//!   every `start → n` except to the slice target's own node (added if Algorithm 1 did not make
//!   it), which reproduces Figure 9. [`HfgOptions::loop_restarts`] keeps the `start → n` edges
//!   that loop iterations need.
//! * **Bypass edges**: Algorithm 2 as written (immediate dominator in the slice HFG, computed once),
//!   then, by default, every edge the paper's definition of a bypass edge asks for
//!   ([`hfg::add_access_edges`]): Algorithm 2 alone violates Property 1 (see the tests). Bypass
//!   edges against the acyclic order (loop-carried def-use) are not added: the path ends at the
//!   back edge.
//! * **Numbering**: Ball–Larus on the merged HFG, successors in CFG-node order; more than
//!   `i64::MAX` paths: the method is reported as not numbered, with a warning.
//! * **Unsupported** code (`jsr`/`ret`, inconsistent stacks) and unparsable classes are skipped
//!   with a warning naming them.

pub mod analysis;
pub mod cfg;
pub mod classfile;
pub mod defuse;
pub mod descriptor;
pub mod frames;
pub mod hfg;
pub mod hierarchy;
pub mod invoke;
pub mod jar;
pub mod jdk;
pub mod layout;
pub mod method_drawing;
pub mod opcodes;
pub mod roles;
pub mod slice;
pub mod slice_fragments;
pub mod splice;
pub mod usage;
pub mod write;

pub use analysis::{analyze_jar, FlowExport, JarReport, MethodFlow, MethodSummary, PhaseTimes};
pub use hfg::HfgOptions;

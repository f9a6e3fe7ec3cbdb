//! The JVM object-flow pipeline: jar → classes → CFG → slices → HFG → Ball–Larus numbering
//! (Mudduluru and Ramanathan, "Efficient Flow Profiling for Detecting Performance Bugs", §3.1–3.6).
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

//!
//! The dynamic half (Algorithm 3–5 and reference-propagation clients):
//!
//! * [`instrument_jar`] instruments a *copy* of the jar ([`probes`] per class, HFGs built with
//!   `loop_restarts: true`); a class or method that cannot be instrumented safely is left unchanged
//!   with a warning. [`profiled_run`] starts `java` with the runtime `decisionprof.DpRt`
//!   (`runtime/DpRt.java`, compiled by [`runtime::build_runtime`] with the JDK on the machine into a
//!   cache under the temp dir) and the binary side file of HFG labels.
//! * **Runtime protocol** (all `invokestatic decisionprof/DpRt`): `enter(method)` first in every
//!   numbered method; `exit(method)` before every return and in a catch-all handler that rethrows
//!   (exceptional exits); `param(obj, method, site)` for reference parameters (Algorithm 5 roots),
//!   the first two of them taken by the entry itself (`enter1(obj, site, method)`,
//!   `enter2(obj, site, obj2, site2, method)`: one call instead of three);
//!   `alloc(obj, method, site, node, label(start→node))` after the constructor of a `new` (or after
//!   `newarray`, or a boxing `valueOf`), `allocR(…)` with the receiver for `--context`; `acc(obj, method, node)` after
//!   every reference load in an HFG node (the runtime adds `label(last→node)`); `use(obj)` on field
//!   access, array access, calls on the object and instance-method entry; `hw(obj)` before
//!   `putfield`/`putstatic`/`aastore` of a reference and collection writes (`add`, `put`, …);
//!   `hr(obj, method, instruction)` after reference loads from fields, arrays and collection reads
//!   (`get`, `next`, …), naming the load.
//! * **Paths** are counted per `(method, site × context class, from, to, sum)` at method exit. When an edge is
//!   missing (a loop-carried flow), the segment ends at the last node and a new one starts at the
//!   accessing node (`from = node`); segments from any node decode uniquely because Ball–Larus
//!   sums from a node are distinct ([`objflow::decode_segment`]). When a site allocates again in
//!   the same invocation, the previous object's path ends there (its flow through the locals is
//!   over), so frames hold at most one object per site: memory grows with sites and paths, not
//!   with objects.
//! * **Reference-propagation bits** (NATH, used, heap writes/reads) are per object (the paper's
//!   "assigned-to-heap bit"), summed per site (and per context class). Objects of the jar's own
//!   classes keep their slot and bits in a synthetic field `private transient int __dp$tag` that
//!   [`tagfield`] adds to the roots of the jar's hierarchy (not to Cloneable hierarchies, nor
//!   below JDK superclasses); the runtime reads and writes it through
//!   `Unsafe` at an offset found once per class. Probes on values statically of such a class
//!   call the root's probe gates ([`tag_access`] methods), which read the field inline and call the runtime only
//!   when it has work (a tagged object's heap read, a first use). All other objects (arrays, strings, boxes, collections)
//!   keep a weak identity table of tags, consulted only for classes that ever had an object
//!   tagged there. Counters are per thread and merged at exit.
//! * **Runtime costs** kept off the hot paths: no lambdas or `invokedynamic` string concatenation
//!   in the runtime (start-up), the per-thread state behind a one-entry cache in front of the
//!   `ThreadLocal`, a frame's flow records reused by its next invocation.
//! * **Algorithm 4** ([`objflow::flow_graph`]): each HFG edge on a decoded path maps to the def-use
//!   edge from the most recent node on the path defining what the target node uses (walking back
//!   over use-use edges). **Algorithm 5** ([`flow_profile`]): parameter flows give each method
//!   parameter an escape probability (fixed point from 0); call nodes carry it into the callers'
//!   flows. Calls into the JDK escape only through the collection writes above.

pub mod analysis;
pub mod blow;
pub mod cfg;
pub mod classfile;
pub mod defuse;
pub mod descriptor;
pub mod dot;
pub mod dual;
pub mod flow_profile;
pub mod frames;
pub mod hfg;
pub mod hierarchy;
pub mod instrument_jar;
pub mod invoke;
pub mod jar;
pub mod jdk;
pub mod jfr;
pub mod layout;
pub mod objflow;
pub mod opcodes;
pub mod probes;
pub mod profiled_run;
pub mod programs;
pub mod property;
pub mod returns;
pub mod roles;
pub mod runtime;
pub mod sample_plan;
pub mod sampling;
pub mod sites;
pub mod slice;
pub mod slice_fragments;
pub mod splice;
pub mod summary;
pub mod tag_access;
pub mod tagfield;
pub mod usage;
pub mod write;

pub use analysis::{analyze_jar, FlowExport, JarReport, MethodFlow, MethodSummary, PhaseTimes};
pub use hfg::HfgOptions;

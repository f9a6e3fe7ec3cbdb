//! The dynamic half of the JVM object-flow pipeline (Algorithm 3–5 and reference-propagation
//! clients), on the static half of [`jvm_bytecode`]:
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

pub mod dual;
pub mod flow_profile;
pub mod instrument_jar;
pub mod objflow;
pub mod probes;
pub mod profile_jar;
pub mod profiled_run;
pub mod property;
pub mod returns;
pub mod runtime;
pub mod sample_plan;
pub mod sampling;
pub mod sites;
pub mod summary;
pub mod tag_access;
pub mod tagfield;

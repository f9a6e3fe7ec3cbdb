//! What a front end hands the client analyses: sites, their runtime counters, and per profiled
//! site the object-flow graph reconstructed from its paths.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use crate::NodeId;

/// What a node does with an object.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub enum NodeKind {
    /// The object is created here.
    Alloc,
    /// Stored into a local variable (stack-only reference assignment).
    Assign,
    /// Used: a field or element read or written on it, a method called on it, a lock.
    Use,
    /// Written into a field, static, array element or collection (stack-to-heap).
    HeapWrite,
    /// Passed to a method (call node).
    Call,
    /// Passed to the constructor of another object (the node produces an object from it).
    Producer,
    /// Returned (return node).
    Return,
    /// Thrown.
    Throw,
}

/// An object passed to a call: the methods it may reach (resolved by the front end) and the
/// parameter index it arrives at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CallArg {
    /// The called method as reports name it (`java.util.HashMap.put`).
    pub callee: String,
    /// Method ids the call may dispatch to (none: code that is not profiled, such as the JDK).
    pub callees: Vec<u32>,
    /// Parameter index in the callee (`this` is 0).
    pub param: usize,
    /// The object is the call's receiver (an instance call's `this`).
    pub receiver: bool,
    /// What the callee does with the argument, where a summary of code outside the profile
    /// says (`None`: no summary, the use is unknown).
    pub effect: Option<CallEffect>,
}

/// What code outside the profile (the JDK, a library) does with an argument, from a summary of
/// that code (Algorithm 5's interprocedural summaries).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct CallEffect {
    /// It uses the object (a field or element access, a method called on it).
    pub used: bool,
    /// It stores the object into the heap (a field, an array, a collection).
    pub stored: bool,
    /// It returns the object to the caller.
    pub returned: bool,
    /// Somewhere the summary cannot follow it (native code, an unresolved call, a throw).
    pub unknown: bool,
}

impl CallEffect {
    /// Merges what another path or callee does.
    pub fn join(&mut self, o: CallEffect) {
        self.used |= o.used;
        self.stored |= o.stored;
        self.returned |= o.returned;
        self.unknown |= o.unknown;
    }

    /// Whether a use may happen later where profiling does not see it (stored, returned or
    /// lost), while the summary does not show one.
    pub fn hides_use(&self) -> bool {
        !self.used && (self.stored || self.returned || self.unknown)
    }
}

/// One node of an object-flow graph.
#[derive(Debug, Clone, Serialize)]
pub struct FlowNode {
    /// Node id within the method (0 is the start).
    pub node: NodeId,
    /// Source line.
    pub line: Option<u32>,
    /// What the node does with the object.
    pub kinds: BTreeSet<NodeKind>,
    /// Objects whose path went through the node.
    pub objects: u64,
    /// Calls the object is passed to here.
    #[serde(skip)]
    pub calls: Vec<CallArg>,
}

/// A decoded path segment of one site's objects.
#[derive(Debug, Clone, Serialize)]
pub struct Segment {
    /// Nodes in order.
    pub nodes: Vec<NodeId>,
    /// Objects that took it.
    pub count: u64,
    /// Whether it starts at the object's creation (not a restarted loop iteration).
    pub first: bool,
}

/// The object-flow graph of one site: def-use edges weighted by object counts.
#[derive(Debug, Clone, Serialize)]
pub struct FlowGraph {
    /// The site id.
    pub site: u32,
    /// Nodes by id.
    pub nodes: BTreeMap<NodeId, FlowNode>,
    /// Def-use edges `(from, to)` with object counts (`to` is the exit node for last uses).
    #[serde(serialize_with = "edges_as_list")]
    pub edges: BTreeMap<(NodeId, NodeId), u64>,
    /// Decoded segments.
    pub segments: Vec<Segment>,
    /// Objects counted on first segments.
    pub objects: u64,
    /// Path records that could not be decoded.
    pub undecoded: u64,
}

#[derive(Serialize)]
struct EdgeRow {
    from: NodeId,
    to: NodeId,
    objects: u64,
}

fn edges_as_list<S: serde::Serializer>(
    edges: &BTreeMap<(NodeId, NodeId), u64>,
    ser: S,
) -> Result<S::Ok, S::Error> {
    ser.collect_seq(
        edges
            .iter()
            .map(|(&(from, to), &objects)| EdgeRow { from, to, objects }),
    )
}

/// Per-site object counters from a runtime (one row per site and context class).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct SiteCounts {
    /// Objects allocated.
    pub objects: u64,
    /// Objects written to the heap at least once.
    pub heap_objects: u64,
    /// Objects used at least once (field access, method call, element access).
    pub used_objects: u64,
    /// Heap writes of the site's objects.
    pub heap_writes: u64,
    /// Heap reads of the site's objects.
    pub heap_reads: u64,
    /// Estimated bytes of the site's objects (0: the front end does not estimate them).
    #[serde(skip_serializing_if = "is_zero")]
    pub bytes: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// Where a reference a method returns goes in the methods that call it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReturnFlow {
    /// Some caller may let it escape (store it, throw it, hand it to code whose summary keeps
    /// it), or a caller is not known (the JDK, reflection).
    pub escapes: bool,
    /// Otherwise: the parameters `(method, index)` callers pass it to; it escapes as often as
    /// their profiled flows let it.
    pub params: Vec<(u32, usize)>,
    /// Code outside the profile that callers hand it to (or return it to), with what a summary
    /// says that code does with it: a use there, or a place it goes unseen.
    pub outside: Vec<CallArg>,
}

/// How a front end follows objects, which decides what an unseen place may hide.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Tracking {
    /// Path profiles of the profiled methods (the JVM): a use after a heap read may happen in
    /// code that is not profiled, and calls into such code are judged by their summaries.
    #[default]
    Paths,
    /// Tags that follow each object wherever instrumented code touches it (JavaScript): every
    /// use in instrumented code is seen, so only a call into code that is not instrumented can
    /// hide a use, and such a call lets the object escape.
    Objects,
}

/// What a site produces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FlowSiteKind {
    /// An allocation of objects of this type.
    Alloc {
        /// The allocated type as reports show it.
        ty: String,
    },
    /// A reference parameter of a method (the root of its flows in the callee).
    Param {
        /// Parameter index (`this` is 0).
        index: usize,
    },
}

/// One site as the reports name it.
#[derive(Debug, Clone)]
pub struct FlowSite {
    /// Site id (its index in [`FlowProfile::sites`]).
    pub id: u32,
    /// Id of the method it is in.
    pub method: u32,
    /// What it produces.
    pub kind: FlowSiteKind,
    /// The method as reports name it.
    pub method_name: String,
    /// `file:line` of the site, or the best the front end knows.
    pub location: String,
    /// The source file (relative to the source root: `com/x/Foo.java`, `lib/a.js`) and line,
    /// where known.
    pub source: Option<(String, u32)>,
    /// The exit node of its method.
    pub exit: NodeId,
}

/// Everything the client analyses read.
#[derive(Debug, Clone, Default)]
pub struct FlowProfile {
    /// Every site, indexed by id.
    pub sites: Vec<FlowSite>,
    /// Counters per `(site, context class)`.
    pub counts: BTreeMap<(u32, u32), SiteCounts>,
    /// Object-flow graphs of the profiled sites that had paths (all context classes together).
    pub graphs: BTreeMap<u32, FlowGraph>,
    /// With context classes: the graph of each `(site, context class)`, the paths of that
    /// producer's objects only (the reference-propagation paper's per-context nodes).
    pub ctx_graphs: BTreeMap<(u32, u32), FlowGraph>,
    /// Context classes.
    pub context: u32,
    /// Distinct path segments recorded.
    pub distinct_paths: usize,
    /// How the front end followed the objects.
    pub tracking: Tracking,
    /// Per site, the tests (or other units of the workload) that allocated most of its objects,
    /// most first.
    pub tests: BTreeMap<u32, Vec<(String, u64)>>,
    /// Context classes the front end can name (`called from lib/a.js:3:5`).
    pub contexts: BTreeMap<u32, String>,
    /// Per `(site, context class)`, sampled allocation stacks (callers, innermost first, `;`
    /// between frames) with the objects each stands for.
    pub stacks: BTreeMap<(u32, u32), Vec<(String, u64)>>,
    /// Per method, where a reference it returns goes in its callers, where the front end knows
    /// (a method without an entry: a returned object escapes).
    pub returns: BTreeMap<u32, ReturnFlow>,
    /// Per `(site, context class)`, where its objects were read back from the heap (heap-to-stack
    /// reference assignments: `File.java:line`) and how often.
    pub loads: BTreeMap<(u32, u32), Vec<(String, u64)>>,
}

impl FlowProfile {
    /// The parameter sites by `(method, parameter index)`.
    pub fn param_sites(&self) -> BTreeMap<(u32, usize), u32> {
        self.sites
            .iter()
            .filter_map(|s| match s.kind {
                FlowSiteKind::Param { index } => Some(((s.method, index), s.id)),
                FlowSiteKind::Alloc { .. } => None,
            })
            .collect()
    }
}

//! The graph core shared by both pipelines: directed graphs with typed nodes and edges, DFS with
//! edge classification, dominators, reachability, acyclic conversion, node removal that bridges
//! predecessors to successors, and Ball–Larus path numbering.

pub mod acyclic;
pub mod ball_larus;
pub mod bridge;
pub mod dfs;
pub mod digraph;
pub mod dominators;
pub mod flow;
pub mod fragments;
pub mod reach;

pub use acyclic::{remove_cycles, Acyclic, DummyEdge};
pub use ball_larus::{PathNumbering, MAX_PATHS};
pub use bridge::{bridged_edges, bridged_edges_acyclic, bridged_edges_spanned};
pub use dfs::{classify_edges, DfsResult, EdgeClass};
pub use digraph::{Digraph, EdgeId, NodeId};
pub use dominators::{Direction, Dominators};
pub use fragments::{
    fragment_stats, path_coverage, reduced_cover, FragmentStats, PathCoverage, SlicePruned,
};
pub use reach::{reachable_from, topological_order};

/// Errors of the graph algorithms.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GraphError {
    /// The graph has a cycle where a DAG was required.
    #[error("the graph is not acyclic")]
    NotAcyclic,
    /// The number of entry-to-exit paths does not fit in 64 bits (or the configured limit).
    #[error("the number of paths exceeds {limit} (at node {node})")]
    PathOverflow {
        /// The node where the count first overflowed.
        node: NodeId,
        /// The largest path count allowed.
        limit: u64,
    },
    /// A path id outside `[0, paths)` was given to the decoder.
    #[error("path id {id} is out of range (the graph has {paths} paths)")]
    PathIdOutOfRange {
        /// The id that was asked for.
        id: u64,
        /// The number of paths.
        paths: u64,
    },
    /// A node sequence is not an entry-to-exit path of the graph.
    #[error("not an entry-to-exit path of the graph")]
    NotAPath,
    /// A node id does not exist in the graph.
    #[error("node {0} does not exist")]
    NoSuchNode(NodeId),
}

//! Acyclic conversion: every back edge `s → d` is replaced by `entry → d` and `s → exit`.

use super::dfs::classify_edges;
use super::digraph::{Digraph, NodeId};

/// Why an edge of the acyclic graph exists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum DummyEdge {
    /// `entry → d` standing for the back edge `s → d`.
    FromEntry {
        /// Source of the replaced back edge.
        back_source: NodeId,
    },
    /// `s → exit` standing for the back edge `s → d`.
    ToExit {
        /// Target of the replaced back edge.
        back_target: NodeId,
    },
}

/// An acyclic version of a graph (same node ids) and what was replaced.
#[derive(Debug, Clone)]
pub struct Acyclic<N, E> {
    /// The DAG.
    pub graph: Digraph<N, E>,
    /// The back edges that were removed, as `(source, target)`.
    pub back_edges: Vec<(NodeId, NodeId)>,
}

/// Removes back edges (found by DFS from `entry`) and adds their two replacement edges, whose data
/// is made by `dummy`; an existing edge with the same endpoints is kept as it is.
pub fn remove_cycles<N: Clone, E: Clone>(
    g: &Digraph<N, E>,
    entry: NodeId,
    exit: NodeId,
    mut dummy: impl FnMut(DummyEdge) -> E,
) -> Acyclic<N, E> {
    let dfs = classify_edges(g, entry);
    let mut out: Digraph<N, E> = Digraph::new();
    for n in g.nodes() {
        out.add_node(n.clone());
    }
    let mut back_edges = Vec::new();
    for (id, e) in g.edges().iter().enumerate() {
        if dfs.class[id] == super::dfs::EdgeClass::Back {
            back_edges.push((e.from, e.to));
        } else {
            out.add_edge(e.from, e.to, e.data.clone());
        }
    }
    for &(s, d) in &back_edges {
        out.add_edge(entry, d, dummy(DummyEdge::FromEntry { back_source: s }));
        out.add_edge(s, exit, dummy(DummyEdge::ToExit { back_target: d }));
    }
    Acyclic {
        graph: out,
        back_edges,
    }
}

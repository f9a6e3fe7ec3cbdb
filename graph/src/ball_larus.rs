//! Ball–Larus path numbering on a DAG: edge increments whose sums along entry-to-exit paths are
//! exactly the ids `0..paths`, and decoding of an id back to its node sequence.

use super::digraph::{Digraph, EdgeId, NodeId};
use super::reach::topological_order;
use super::GraphError;

/// The largest number of paths a numbering accepts by default (ids must fit in an `i64` counter
/// on the JVM side, so the count is capped at `i64::MAX`).
pub const MAX_PATHS: u64 = i64::MAX as u64;

/// Edge increments and per-node path counts of one DAG.
#[derive(Debug, Clone, serde::Serialize)]
pub struct PathNumbering {
    /// The entry node.
    pub entry: NodeId,
    /// The exit node.
    pub exit: NodeId,
    /// Number of paths from each node to the exit.
    pub paths_from: Vec<u64>,
    /// The increment of each edge, indexed by edge id of the numbered graph.
    pub increment: Vec<u64>,
}

impl PathNumbering {
    /// Numbers the entry-to-exit paths of the DAG `g` (successors in out-edge order); fails with
    /// `PathOverflow` when the number of paths exceeds `limit`, never wrapping.
    pub fn compute<N, E>(
        g: &Digraph<N, E>,
        entry: NodeId,
        exit: NodeId,
        limit: u64,
    ) -> Result<PathNumbering, GraphError> {
        for v in [entry, exit] {
            if v >= g.node_count() {
                return Err(GraphError::NoSuchNode(v));
            }
        }
        let order = topological_order(g)?;
        let mut paths_from = vec![0u64; g.node_count()];
        let mut increment = vec![0u64; g.edge_count()];
        for &v in order.iter().rev() {
            if v == exit {
                paths_from[v] = 1;
                continue;
            }
            let mut sum: u64 = 0;
            for &e in g.out_edges(v) {
                increment[e] = sum;
                let w = g.edge(e).to;
                sum = sum
                    .checked_add(paths_from[w])
                    .filter(|&s| s <= limit)
                    .ok_or(GraphError::PathOverflow { node: v, limit })?;
            }
            paths_from[v] = sum;
        }
        Ok(PathNumbering {
            entry,
            exit,
            paths_from,
            increment,
        })
    }

    /// The number of entry-to-exit paths.
    pub fn path_count(&self) -> u64 {
        self.paths_from[self.entry]
    }

    /// The increment of the edge `from → to` in `g`, if that edge exists.
    pub fn increment_of<N, E>(&self, g: &Digraph<N, E>, from: NodeId, to: NodeId) -> Option<u64> {
        g.find_edge(from, to).map(|e| self.increment[e])
    }

    /// The id of an entry-to-exit node sequence.
    pub fn encode<N, E>(&self, g: &Digraph<N, E>, path: &[NodeId]) -> Result<u64, GraphError> {
        if path.first() != Some(&self.entry) || path.last() != Some(&self.exit) {
            return Err(GraphError::NotAPath);
        }
        let mut id: u64 = 0;
        for w in path.windows(2) {
            let e: EdgeId = g.find_edge(w[0], w[1]).ok_or(GraphError::NotAPath)?;
            id += self.increment[e];
        }
        Ok(id)
    }

    /// The node sequence (entry to exit) of path `id`.
    pub fn decode<N, E>(&self, g: &Digraph<N, E>, id: u64) -> Result<Vec<NodeId>, GraphError> {
        let paths = self.path_count();
        if id >= paths {
            return Err(GraphError::PathIdOutOfRange { id, paths });
        }
        let mut v = self.entry;
        let mut rest = id;
        let mut out = vec![v];
        while v != self.exit {
            // the edge with the largest increment <= rest among those leading to some path
            let mut chosen: Option<EdgeId> = None;
            for &e in g.out_edges(v) {
                let w = g.edge(e).to;
                if self.paths_from[w] > 0 && self.increment[e] <= rest {
                    match chosen {
                        Some(c) if self.increment[c] >= self.increment[e] => {}
                        _ => chosen = Some(e),
                    }
                }
            }
            let e = chosen.ok_or(GraphError::NotAPath)?;
            rest -= self.increment[e];
            v = g.edge(e).to;
            out.push(v);
        }
        if rest != 0 {
            return Err(GraphError::NotAPath);
        }
        Ok(out)
    }
}

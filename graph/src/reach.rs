//! Reachability and topological order.

use super::digraph::{Digraph, NodeId};
use super::GraphError;

/// Marks every node reachable from `roots` (forward, or backward when `backward` is set).
pub fn reachable_from<N, E>(g: &Digraph<N, E>, roots: &[NodeId], backward: bool) -> Vec<bool> {
    let mut seen = vec![false; g.node_count()];
    let mut stack: Vec<NodeId> = Vec::new();
    for &r in roots {
        if r < seen.len() && !seen[r] {
            seen[r] = true;
            stack.push(r);
        }
    }
    while let Some(v) = stack.pop() {
        let next: Vec<NodeId> = if backward {
            g.predecessors(v).collect()
        } else {
            g.successors(v).collect()
        };
        for w in next {
            if !seen[w] {
                seen[w] = true;
                stack.push(w);
            }
        }
    }
    seen
}

/// A topological order of all nodes (Kahn's algorithm), or `NotAcyclic`.
pub fn topological_order<N, E>(g: &Digraph<N, E>) -> Result<Vec<NodeId>, GraphError> {
    let n = g.node_count();
    let mut indeg: Vec<usize> = (0..n).map(|v| g.in_edges(v).len()).collect();
    let mut ready: Vec<NodeId> = (0..n).rev().filter(|&v| indeg[v] == 0).collect();
    let mut order = Vec::with_capacity(n);
    while let Some(v) = ready.pop() {
        order.push(v);
        for w in g.successors(v) {
            indeg[w] -= 1;
            if indeg[w] == 0 {
                ready.push(w);
            }
        }
    }
    if order.len() == n {
        Ok(order)
    } else {
        Err(GraphError::NotAcyclic)
    }
}

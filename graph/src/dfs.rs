//! Depth-first search with edge classification (tree, back, forward, cross).

use super::digraph::{Digraph, EdgeId, NodeId};

/// The DFS class of an edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum EdgeClass {
    /// The edge discovered its target.
    Tree,
    /// The target is an ancestor on the DFS stack (closes a cycle).
    Back,
    /// The target is a descendant already finished.
    Forward,
    /// Any other edge.
    Cross,
}

/// What one DFS computed.
#[derive(Debug, Clone)]
pub struct DfsResult {
    /// Class of every edge, indexed by edge id.
    pub class: Vec<EdgeClass>,
    /// Nodes in preorder.
    pub preorder: Vec<NodeId>,
    /// Nodes in postorder.
    pub postorder: Vec<NodeId>,
}

impl DfsResult {
    /// Ids of the back edges.
    pub fn back_edges(&self) -> Vec<EdgeId> {
        (0..self.class.len())
            .filter(|&e| self.class[e] == EdgeClass::Back)
            .collect()
    }

    /// Reverse postorder.
    pub fn reverse_postorder(&self) -> Vec<NodeId> {
        self.postorder.iter().rev().copied().collect()
    }
}

/// Runs an iterative DFS from `root`, then from every still-unvisited node in id order, and
/// classifies every edge; successors are visited in edge order.
pub fn classify_edges<N, E>(g: &Digraph<N, E>, root: NodeId) -> DfsResult {
    let n = g.node_count();
    // 0 = white, 1 = on stack, 2 = done
    let mut color = vec![0u8; n];
    let mut pre = vec![usize::MAX; n];
    let mut class = vec![EdgeClass::Cross; g.edge_count()];
    let mut preorder = Vec::with_capacity(n);
    let mut postorder = Vec::with_capacity(n);
    let roots = std::iter::once(root).chain(0..n);
    for r in roots {
        if r >= n || color[r] != 0 {
            continue;
        }
        let mut stack: Vec<(NodeId, usize)> = vec![(r, 0)];
        color[r] = 1;
        pre[r] = preorder.len();
        preorder.push(r);
        while let Some(&mut (v, ref mut i)) = stack.last_mut() {
            let outs = g.out_edges(v);
            if *i < outs.len() {
                let e = outs[*i];
                *i += 1;
                let w = g.edge(e).to;
                match color[w] {
                    0 => {
                        class[e] = EdgeClass::Tree;
                        color[w] = 1;
                        pre[w] = preorder.len();
                        preorder.push(w);
                        stack.push((w, 0));
                    }
                    1 => class[e] = EdgeClass::Back,
                    _ => {
                        class[e] = if pre[w] > pre[v] {
                            EdgeClass::Forward
                        } else {
                            EdgeClass::Cross
                        }
                    }
                }
            } else {
                color[v] = 2;
                postorder.push(v);
                stack.pop();
            }
        }
    }
    DfsResult {
        class,
        preorder,
        postorder,
    }
}

//! Dominators and post-dominators (Cooper, Harvey and Kennedy's iterative algorithm).

use super::digraph::{Digraph, NodeId};

/// Which way edges are followed: dominators use `Forward`, post-dominators `Backward`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// Follow edges as they are (dominators from an entry).
    Forward,
    /// Follow edges reversed (post-dominators from an exit).
    Backward,
}

/// The dominator tree of the nodes reachable from a root.
#[derive(Debug, Clone)]
pub struct Dominators {
    root: NodeId,
    idom: Vec<Option<NodeId>>,
    depth: Vec<u32>,
}

impl Dominators {
    /// Computes (post-)dominators of `g` from `root`; unreachable nodes get no dominator.
    pub fn compute<N, E>(g: &Digraph<N, E>, root: NodeId, dir: Direction) -> Dominators {
        let n = g.node_count();
        let succ = |v: NodeId| -> Vec<NodeId> {
            match dir {
                Direction::Forward => g.successors(v).collect(),
                Direction::Backward => g.predecessors(v).collect(),
            }
        };
        let pred = |v: NodeId| -> Vec<NodeId> {
            match dir {
                Direction::Forward => g.predecessors(v).collect(),
                Direction::Backward => g.successors(v).collect(),
            }
        };
        // postorder numbering from root
        let mut po_num = vec![usize::MAX; n];
        let mut order: Vec<NodeId> = Vec::new();
        let mut visited = vec![false; n];
        if root < n {
            let mut stack: Vec<(NodeId, Vec<NodeId>, usize)> = vec![(root, succ(root), 0)];
            visited[root] = true;
            while let Some((v, ws, i)) = stack.last_mut() {
                if *i < ws.len() {
                    let w = ws[*i];
                    *i += 1;
                    if !visited[w] {
                        visited[w] = true;
                        let sw = succ(w);
                        stack.push((w, sw, 0));
                    }
                } else {
                    po_num[*v] = order.len();
                    order.push(*v);
                    stack.pop();
                }
            }
        }
        let mut idom: Vec<Option<NodeId>> = vec![None; n];
        if root < n {
            idom[root] = Some(root);
        }
        let preds: Vec<Vec<NodeId>> = (0..n).map(&pred).collect();
        let mut changed = true;
        while changed {
            changed = false;
            for &v in order.iter().rev() {
                if v == root {
                    continue;
                }
                let mut new_idom: Option<NodeId> = None;
                for &p in &preds[v] {
                    if idom[p].is_none() {
                        continue;
                    }
                    new_idom = Some(match new_idom {
                        None => p,
                        Some(cur) => {
                            let (mut a, mut b) = (p, cur);
                            while a != b {
                                while po_num[a] < po_num[b] {
                                    a = idom[a].expect("processed");
                                }
                                while po_num[b] < po_num[a] {
                                    b = idom[b].expect("processed");
                                }
                            }
                            a
                        }
                    });
                }
                if new_idom.is_some() && idom[v] != new_idom {
                    idom[v] = new_idom;
                    changed = true;
                }
            }
        }
        let mut depth = vec![0u32; n];
        for &v in order.iter().rev() {
            if v != root {
                if let Some(d) = idom[v] {
                    depth[v] = depth[d] + 1;
                }
            }
        }
        Dominators { root, idom, depth }
    }

    /// The root the tree was computed from.
    pub fn root(&self) -> NodeId {
        self.root
    }

    /// The immediate dominator of `v` (`None` for the root and unreachable nodes).
    pub fn idom(&self, v: NodeId) -> Option<NodeId> {
        match self.idom.get(v).copied().flatten() {
            Some(d) if v != self.root => Some(d),
            _ => None,
        }
    }

    /// Whether `v` is reachable from the root.
    pub fn is_reachable(&self, v: NodeId) -> bool {
        self.idom.get(v).copied().flatten().is_some()
    }

    /// Whether `a` dominates `b` (reflexive); false if either is unreachable.
    pub fn dominates(&self, a: NodeId, b: NodeId) -> bool {
        if !self.is_reachable(a) || !self.is_reachable(b) {
            return false;
        }
        let mut x = b;
        while self.depth[x] > self.depth[a] {
            x = self.idom[x].expect("reachable");
        }
        x == a
    }

    /// The dominators of `v` from `v` up to the root (empty if unreachable).
    pub fn chain(&self, v: NodeId) -> Vec<NodeId> {
        let mut out = Vec::new();
        if !self.is_reachable(v) {
            return out;
        }
        let mut x = v;
        out.push(x);
        while x != self.root {
            x = self.idom[x].expect("reachable");
            out.push(x);
        }
        out
    }
}

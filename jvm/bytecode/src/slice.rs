//! Control dependences (post-dominator based, over normal edges) and forward slices from the
//! paper's slicing targets (new objects, reference parameters, references returned by calls).

use std::collections::BTreeSet;

use super::cfg::{Cfg, CfgEdge};
use super::defuse::{DefId, DefUse};
use graph::{Digraph, Direction, Dominators, NodeId};

/// For every CFG node, the nodes control-dependent on it.
#[derive(Debug, Clone)]
pub struct ControlDeps {
    /// `dependents[a]` = nodes whose execution is decided by the branch at the end of `a`.
    pub dependents: Vec<Vec<NodeId>>,
}

impl ControlDeps {
    /// Computes control dependences from the post-dominator tree of the normal-edge CFG.
    pub fn compute(cfg: &Cfg) -> ControlDeps {
        let g = &cfg.graph;
        let mut normal: Digraph<(), ()> = Digraph::new();
        for _ in 0..g.node_count() {
            normal.add_node(());
        }
        for e in g.edges() {
            if e.data == CfgEdge::Normal {
                normal.add_edge(e.from, e.to, ());
            }
        }
        let pdom = Dominators::compute(&normal, cfg.exit(), Direction::Backward);
        let mut dependents: Vec<BTreeSet<NodeId>> = vec![BTreeSet::new(); g.node_count()];
        for (a, deps) in dependents.iter_mut().enumerate() {
            if normal.out_edges(a).len() < 2 {
                continue;
            }
            let stop = pdom.idom(a);
            for b in normal.successors(a) {
                let mut r = Some(b);
                while let Some(x) = r {
                    if Some(x) == stop {
                        break;
                    }
                    if !deps.insert(x) {
                        break;
                    }
                    r = pdom.idom(x);
                }
            }
        }
        ControlDeps {
            dependents: dependents
                .into_iter()
                .map(|s| s.into_iter().collect())
                .collect(),
        }
    }
}

/// The forward slice of one target.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Slice {
    /// The slicing target.
    pub target: DefId,
    /// CFG nodes in the slice (sorted).
    pub nodes: Vec<NodeId>,
    /// Definitions in the slice (sorted).
    pub defs: Vec<DefId>,
}

/// Computes the forward slice of `target`: its uses, the definitions those uses make, the nodes
/// control-dependent on sliced branches, transitively.
pub fn forward_slice(cfg: &Cfg, du: &DefUse, cd: &ControlDeps, target: DefId) -> Slice {
    let nn = cfg.graph.node_count();
    let mut node_in = vec![false; nn];
    let mut whole_node = vec![false; nn];
    let mut insn_in = vec![false; du.uses.len()];
    let mut def_in = vec![false; du.defs.len()];
    let mut defs_work: Vec<DefId> = vec![target];
    let mut insn_work: Vec<usize> = Vec::new();
    // the nodes and definitions marked, in the order marked (a slice is small; its method may
    // not be: no pass over all of them at the end)
    let mut nodes: Vec<NodeId> = Vec::new();
    let mut defs: Vec<DefId> = vec![target];
    let mut mark = |n: NodeId, node_in: &mut [bool]| {
        if !std::mem::replace(&mut node_in[n], true) {
            nodes.push(n);
        }
    };
    def_in[target as usize] = true;
    mark(du.defs[target as usize].node, &mut node_in);
    while !defs_work.is_empty() || !insn_work.is_empty() {
        while let Some(d) = defs_work.pop() {
            for &u in &du.users[d as usize] {
                if !insn_in[u] {
                    insn_in[u] = true;
                    insn_work.push(u);
                }
            }
        }
        while let Some(u) = insn_work.pop() {
            let node = cfg.node_of[u];
            mark(node, &mut node_in);
            if let Some(d) = du.def_of_insn[u] {
                if !def_in[d as usize] {
                    def_in[d as usize] = true;
                    defs_work.push(d);
                    defs.push(d);
                }
            }
            if cfg.insns(node).end == u + 1 {
                for &dep in &cd.dependents[node] {
                    if whole_node[dep] {
                        continue;
                    }
                    whole_node[dep] = true;
                    mark(dep, &mut node_in);
                    for i in cfg.insns(dep) {
                        if !insn_in[i] {
                            insn_in[i] = true;
                            insn_work.push(i);
                        }
                    }
                }
            }
        }
    }
    nodes.sort_unstable();
    defs.sort_unstable();
    Slice {
        target,
        nodes,
        defs,
    }
}

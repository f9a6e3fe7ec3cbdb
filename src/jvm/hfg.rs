//! Hybrid flow graphs: Algorithm 1 (slice-pruned acyclic CFG), Algorithm 2 (bypass edges), the
//! merged per-method HFG and its Ball–Larus numbering.

use std::collections::{BTreeMap, BTreeSet};

use super::cfg::{CfgEdge, CfgNode};
use super::defuse::{DefId, DefUse};
use super::slice::Slice;
use crate::graph::{
    bridged_edges, reachable_from, topological_order, Digraph, Direction, Dominators, GraphError,
    NodeId, PathNumbering,
};

/// Choices where the paper leaves room.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct HfgOptions {
    /// Keep `start → n` edges that exist only because a loop restarts at `n` (via the acyclic
    /// conversion's `start → loop header` edges). The paper's Figure 9 leaves them out, so the
    /// default is `false`; instrumenting loop-carried flows needs them.
    pub loop_restarts: bool,
    /// Largest path count accepted by the numbering (more: the method is not numbered).
    pub max_paths: u64,
}

impl Default for HfgOptions {
    fn default() -> Self {
        HfgOptions {
            loop_restarts: false,
            max_paths: crate::graph::MAX_PATHS,
        }
    }
}

/// The HFG of one slice: CFG node ids, flow edges (Algorithm 1) and bypass edges (Algorithm 2).
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
pub struct Hfg {
    /// Nodes (CFG ids, sorted), always including start and exit.
    pub nodes: BTreeSet<NodeId>,
    /// Edges from Algorithm 1.
    pub edges: BTreeSet<(NodeId, NodeId)>,
    /// Edges added by Algorithm 2 that Algorithm 1 did not make.
    pub bypass: BTreeSet<(NodeId, NodeId)>,
}

impl Hfg {
    /// All edges (flow and bypass).
    pub fn all_edges(&self) -> BTreeSet<(NodeId, NodeId)> {
        self.edges.union(&self.bypass).copied().collect()
    }

    fn digraph(&self) -> (Digraph<NodeId, ()>, BTreeMap<NodeId, NodeId>) {
        let mut g = Digraph::new();
        let mut id = BTreeMap::new();
        for &n in &self.nodes {
            id.insert(n, g.add_node(n));
        }
        for &(a, b) in self.edges.iter().chain(&self.bypass) {
            g.add_edge(id[&a], id[&b], ());
        }
        (g, id)
    }
}

/// Algorithm 1: removes from the acyclic CFG every node outside the slice (start and exit are
/// kept), joining predecessors to successors; then drops `start → exit` and, unless
/// `loop_restarts`, every `start → n` edge except to the target's own node.
pub fn construct_hfg(
    acyclic: &Digraph<CfgNode, CfgEdge>,
    slice: &Slice,
    target_node: NodeId,
    opts: &HfgOptions,
) -> Hfg {
    let n = acyclic.node_count();
    let (start, exit) = (0, n - 1);
    let mut keep = vec![false; n];
    keep[start] = true;
    keep[exit] = true;
    for &v in &slice.nodes {
        keep[v] = true;
    }
    let mut hfg = Hfg {
        nodes: (0..n).filter(|&v| keep[v]).collect(),
        ..Hfg::default()
    };
    for (a, b) in bridged_edges(acyclic, &keep) {
        if a == start
            && (b == exit || (b != target_node && target_node != start && !opts.loop_restarts))
        {
            continue;
        }
        hfg.edges.insert((a, b));
    }
    hfg
}

/// The def-use sets of a slice: for each sliced definition, its node and the other nodes using it.
pub fn def_use_sets(
    du: &DefUse,
    node_of: &[NodeId],
    slice: &Slice,
) -> Vec<(NodeId, BTreeSet<NodeId>)> {
    slice
        .defs
        .iter()
        .map(|&d: &DefId| {
            let dn = du.defs[d as usize].node;
            let uses = du.users[d as usize]
                .iter()
                .map(|&u| node_of[u])
                .filter(|&u| u != dn)
                .collect();
            (dn, uses)
        })
        .collect()
}

/// The acyclic CFG with a topological rank per node, for ordered reachability queries.
#[derive(Debug, Clone)]
pub struct AcyclicOrder<'a> {
    graph: &'a Digraph<CfgNode, CfgEdge>,
    rank: Vec<usize>,
}

impl<'a> AcyclicOrder<'a> {
    /// Ranks the nodes of an acyclic CFG (`None` if it has a cycle).
    pub fn new(graph: &'a Digraph<CfgNode, CfgEdge>) -> Option<AcyclicOrder<'a>> {
        let order = topological_order(graph).ok()?;
        let mut rank = vec![0; graph.node_count()];
        for (r, &v) in order.iter().enumerate() {
            rank[v] = r;
        }
        Some(AcyclicOrder { graph, rank })
    }

    /// Whether the acyclic CFG has a path from `a` to `b` (`a != b`).
    pub fn reaches(&self, a: NodeId, b: NodeId) -> bool {
        if a == b || self.rank[a] >= self.rank[b] {
            return false;
        }
        let mut seen = vec![false; self.rank.len()];
        let mut stack = vec![a];
        while let Some(v) = stack.pop() {
            for w in self.graph.successors(v) {
                if w == b {
                    return true;
                }
                if !seen[w] && self.rank[w] < self.rank[b] {
                    seen[w] = true;
                    stack.push(w);
                }
            }
        }
        false
    }
}

/// Algorithm 2: for each use `u` of each def-use set `(d, U)`, adds `v → u` when the immediate
/// dominator `v` of `u` in the HFG (from start) is itself in `U`, else `d → u`. Dominators are
/// computed once on the Algorithm 1 graph. An edge is only added where the acyclic CFG has a path
/// from its source to its target: a loop-carried def-use crosses a back edge, where the path
/// ends and a new one starts, and an edge against the acyclic order would close a cycle.
pub fn add_bypass_edges(
    hfg: &mut Hfg,
    sets: &[(NodeId, BTreeSet<NodeId>)],
    order: &AcyclicOrder<'_>,
) {
    let (g, id) = hfg.digraph();
    let back: BTreeMap<NodeId, NodeId> = id.iter().map(|(&a, &b)| (b, a)).collect();
    let dom = Dominators::compute(&g, id[&0], Direction::Forward);
    for (d, uses) in sets {
        if !hfg.nodes.contains(d) {
            continue;
        }
        for &u in uses {
            let Some(&ui) = id.get(&u) else { continue };
            let v = dom
                .idom(ui)
                .map(|x| back[&x])
                .filter(|v| *v != u && uses.contains(v))
                .unwrap_or(*d);
            if v == u || hfg.edges.contains(&(v, u)) || hfg.bypass.contains(&(v, u)) {
                continue;
            }
            if !order.reaches(v, u) {
                continue;
            }
            hfg.bypass.insert((v, u));
        }
    }
}

/// The union of a method's slice HFGs, numbered with Ball–Larus.
#[derive(Debug, Clone, serde::Serialize)]
pub struct MergedHfg {
    /// The graph; node data is the CFG node id, edge data whether the edge is a bypass edge only.
    #[serde(skip)]
    pub graph: Digraph<NodeId, bool>,
    /// Graph node of each CFG node in the merged HFG.
    pub index: BTreeMap<NodeId, NodeId>,
    /// Ball–Larus numbering from start to exit, unless the paths overflowed.
    pub numbering: Option<PathNumbering>,
    /// Why there is no numbering, if there is none.
    pub numbering_error: Option<String>,
}

impl MergedHfg {
    /// Merges slice HFGs (union of nodes and edges; an edge is a bypass edge only if no slice made
    /// it by Algorithm 1) and numbers the result.
    pub fn merge(hfgs: &[Hfg], exit: NodeId, opts: &HfgOptions) -> MergedHfg {
        let mut nodes: BTreeSet<NodeId> = [0, exit].into_iter().collect();
        let mut flow = BTreeSet::new();
        let mut bypass = BTreeSet::new();
        for h in hfgs {
            nodes.extend(&h.nodes);
            flow.extend(&h.edges);
            bypass.extend(&h.bypass);
        }
        let mut graph = Digraph::new();
        let mut index = BTreeMap::new();
        for &n in &nodes {
            index.insert(n, graph.add_node(n));
        }
        for &(a, b) in &flow {
            graph.add_edge(index[&a], index[&b], false);
        }
        for &(a, b) in bypass.difference(&flow) {
            graph.add_edge(index[&a], index[&b], true);
        }
        graph.sort_successors();
        let (numbering, numbering_error) =
            match PathNumbering::compute(&graph, index[&0], index[&exit], opts.max_paths) {
                Ok(p) => (Some(p), None),
                Err(e @ GraphError::PathOverflow { .. }) => (None, Some(e.to_string())),
                Err(e) => (None, Some(e.to_string())),
            };
        MergedHfg {
            graph,
            index,
            numbering,
            numbering_error,
        }
    }

    /// Number of nodes other than start and exit.
    pub fn inner_nodes(&self) -> usize {
        self.graph.node_count().saturating_sub(2)
    }

    /// Number of bypass-only edges.
    pub fn bypass_count(&self) -> usize {
        self.graph.edges().iter().filter(|e| e.data).count()
    }

    /// Nodes on some start-to-exit path.
    pub fn on_paths(&self) -> Vec<bool> {
        let s = self.index[&0];
        let e = self.graph.node_count() - 1;
        let f = reachable_from(&self.graph, &[s], false);
        let b = reachable_from(&self.graph, &[e], true);
        f.iter().zip(&b).map(|(x, y)| *x && *y).collect()
    }

    /// Decodes a path id into CFG node ids (start to exit).
    pub fn decode(&self, id: u64) -> Result<Vec<NodeId>, GraphError> {
        let p = self
            .numbering
            .as_ref()
            .ok_or(GraphError::PathOverflow { node: 0, limit: 0 })?;
        Ok(p.decode(&self.graph, id)?
            .into_iter()
            .map(|v| *self.graph.node(v))
            .collect())
    }

    /// The Ball–Larus increment of the edge `from → to` (CFG node ids).
    pub fn increment(&self, from: NodeId, to: NodeId) -> Option<u64> {
        let p = self.numbering.as_ref()?;
        p.increment_of(&self.graph, *self.index.get(&from)?, *self.index.get(&to)?)
    }
}

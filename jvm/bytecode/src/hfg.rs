//! Hybrid flow graphs: Algorithm 1 (slice-pruned acyclic CFG), Algorithm 2 (bypass edges), the
//! merged per-method HFG and its Ball–Larus numbering.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};

use super::cfg::{CfgEdge, CfgNode};
use super::defuse::{DefId, DefKind, DefUse};
use super::slice::Slice;
use fixedbitset::FixedBitSet;
use graph::{
    bridged_edges_acyclic, bridged_edges_spanned, reachable_from, topological_order, Digraph,
    Direction, Dominators, GraphError, NodeId, PathNumbering,
};

/// Choices where the paper leaves room.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct HfgOptions {
    /// Keep `start → n` edges that exist only because a loop restarts at `n` (via the acyclic
    /// conversion's `start → loop header` edges). The paper's Figure 9 leaves them out, so the
    /// default is `false`; instrumenting loop-carried flows needs them.
    pub loop_restarts: bool,
    /// After Algorithm 2, also add every bypass edge the paper's definition asks for (the most
    /// recent access on any path), which Algorithm 2 alone can miss; see [`add_access_edges`].
    pub complete_bypass: bool,
    /// Largest path count accepted by the numbering (more: the method is not numbered).
    pub max_paths: u64,
    /// Walk every node after the object's creation when adding access edges, instead of
    /// stopping after its last possible access (the same edges, slower; for checking the stop).
    pub full_access_walk: bool,
    /// Slice from references returned by calls too (the paper's targets). Profiling follows
    /// only allocations and parameters, so the instrumenter leaves these slices out: smaller
    /// graphs, fewer probes, the same profiles.
    pub call_results: bool,
}

impl Default for HfgOptions {
    fn default() -> Self {
        HfgOptions {
            loop_restarts: false,
            complete_bypass: true,
            max_paths: graph::MAX_PATHS,
            full_access_walk: false,
            call_results: true,
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

/// Whether node 0 reaches every node of `graph` and every node reaches the last one.
fn start_reaches_all_and_all_reach_exit(graph: &Digraph<CfgNode, CfgEdge>) -> bool {
    let n = graph.node_count();
    n > 0
        && reachable_from(graph, &[0], false)
            .into_iter()
            .chain(reachable_from(graph, &[n - 1], true))
            .all(|b| b)
}

/// Algorithm 1: removes from the acyclic CFG every node outside the slice (start and exit are
/// kept), joining predecessors to successors; then drops `start → exit` and, unless
/// `loop_restarts`, every `start → n` edge except to the target's own node, which is always
/// present.
pub fn construct_hfg(
    order: &AcyclicOrder<'_>,
    slice: &Slice,
    target_node: NodeId,
    opts: &HfgOptions,
) -> Hfg {
    let acyclic = order.graph;
    let n = acyclic.node_count();
    let (start, exit) = (0, n - 1);
    let mut hfg = Hfg {
        nodes: slice.nodes.iter().copied().chain([start, exit]).collect(),
        ..Hfg::default()
    };
    // start -> exit, the one edge the spanned bridging leaves out, is dropped below anyway
    let bridged = match order.spanned {
        true => {
            let kept: Vec<NodeId> = hfg.nodes.iter().copied().collect();
            bridged_edges_spanned(acyclic, &order.order, &order.rank, (start, exit), &kept)
        }
        false => {
            let mut keep = vec![false; n];
            for &v in &hfg.nodes {
                keep[v] = true;
            }
            bridged_edges_acyclic(acyclic, &keep, &order.order)
        }
    };
    for (a, b) in bridged {
        if a == start
            && (b == exit || (b != target_node && target_node != start && !opts.loop_restarts))
        {
            continue;
        }
        hfg.edges.insert((a, b));
    }
    // Algorithm 3 starts an object's path with the label of start → creation: make sure it exists
    // even when other slice nodes precede the creation.
    if target_node != start {
        hfg.edges.insert((start, target_node));
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
    order: Vec<NodeId>,
    rank: Vec<usize>,
    /// Per node, the nodes it reaches (methods of up to [`REACH_TABLE_NODES`] nodes).
    reach: Option<Vec<FixedBitSet>>,
    /// Scratch marks of the search used without a table: `seen[v] == stamp` marks v as visited.
    seen: RefCell<(Vec<u32>, u32)>,
    /// Whether start (node 0) reaches every node and every node reaches exit (the last node),
    /// so slices are bridged over their span ([`bridged_edges_spanned`]).
    spanned: bool,
}

/// Methods with at most this many CFG nodes get a reachability table (n² bits: 2 MiB here);
/// larger ones are searched per query.
pub const REACH_TABLE_NODES: usize = 4096;

impl<'a> AcyclicOrder<'a> {
    /// Ranks the nodes of an acyclic CFG (`None` if it has a cycle).
    pub fn new(graph: &'a Digraph<CfgNode, CfgEdge>) -> Option<AcyclicOrder<'a>> {
        let order = topological_order(graph).ok()?;
        let n = graph.node_count();
        let mut rank = vec![0; n];
        for (r, &v) in order.iter().enumerate() {
            rank[v] = r;
        }
        let reach = (n <= REACH_TABLE_NODES).then(|| {
            let mut reach = vec![FixedBitSet::with_capacity(n); n];
            for &v in order.iter().rev() {
                let mut r = FixedBitSet::with_capacity(n);
                for w in graph.successors(v) {
                    r.insert(w);
                    r.union_with(&reach[w]);
                }
                reach[v] = r;
            }
            reach
        });
        let spanned = start_reaches_all_and_all_reach_exit(graph);
        Some(AcyclicOrder {
            graph,
            order,
            rank,
            reach,
            seen: RefCell::new((vec![0; n], 0)),
            spanned,
        })
    }

    /// Whether the acyclic CFG has a path from `a` to `b` (`a != b`).
    pub fn reaches(&self, a: NodeId, b: NodeId) -> bool {
        if a == b || self.rank[a] >= self.rank[b] {
            return false;
        }
        if let Some(reach) = &self.reach {
            return reach[a].contains(b);
        }
        let mut guard = self.seen.borrow_mut();
        let (seen, stamp) = &mut *guard;
        *stamp += 1;
        let mut stack = vec![a];
        while let Some(v) = stack.pop() {
            for w in self.graph.successors(v) {
                if w == b {
                    return true;
                }
                if seen[w] != *stamp && self.rank[w] < self.rank[b] {
                    seen[w] = *stamp;
                    stack.push(w);
                }
            }
        }
        false
    }
}

/// Completes the bypass edges of one slice from their definition in the paper (Section 3.5.3):
/// `x → y` whenever `x` and `y` may access the object made by `target` and `x` is the most
/// recent access before `y` on some acyclic path, plus `x → exit` for last accesses. The object is
/// followed from its creation along the acyclic CFG with, per candidate last access, the set of
/// local variables that surely hold it: a node surely accesses it (and ends older candidates)
/// when an operand's definitions all write one such variable, or are the creation itself; it may
/// access it when an operand has a definition that may carry it (through local copies).
/// `walk` is the method's [`AccessWalk`] (made once per method). Returns the number of edges
/// added.
pub fn add_access_edges(
    hfg: &mut Hfg,
    du: &DefUse,
    target: DefId,
    order: &AcyclicOrder<'_>,
    node_of: &[NodeId],
    full_walk: bool,
    walk: &mut AccessWalk,
) -> usize {
    let code_len = node_of.len();
    let t = target as usize;
    // may[d]: d may hold the object (the target or a local copy of something that may).
    walk.clear();
    du.may_hold_each(target, |d| walk.may.mark(d as usize));
    let (by_slot, may) = (&walk.by_slot, &walk.may);
    let slots = by_slot.len();
    // the operand is surely the object, given which locals surely hold it
    let surely = |ds: &[DefId], holds: &[bool]| -> bool {
        if ds.is_empty() {
            return false;
        }
        if ds == [target] {
            return true;
        }
        let Some(k) = du.defs[ds[0] as usize].local else {
            return false;
        };
        ds.iter().all(|&d| {
            let s = du.defs[d as usize];
            s.local == Some(k) && (s.kind == DefKind::Local || matches!(s.kind, DefKind::Param(_)))
        }) && holds.get(k).copied().unwrap_or(false)
    };
    let creation = du.defs[t].node;
    let exit = order.rank.len() - 1;
    // state: last access -> locals surely holding the object
    type State = BTreeMap<NodeId, Vec<bool>>;
    // Past the last node that uses anything that may hold the object, or a local slot that may
    // hold it, nothing accesses it: the walk stops there and every candidate still open goes to
    // exit (every node reaches exit).
    let r0 = order.rank[creation];
    let touched = may_touch(du, by_slot, t, may, &mut walk.touched);
    let last_rank = touched
        .iter()
        .flat_map(|x| du.users[*x].iter().filter(|&&i| i < code_len))
        .map(|&i| order.rank[node_of[i]])
        .fold(r0, usize::max)
        .max(if full_walk { order.order.len() - 1 } else { r0 });
    let mut states: Vec<Option<State>> = vec![None; last_rank - r0 + 1];
    let merge = |into: &mut State, from: &State| {
        for (k, h) in from {
            match into.get_mut(k) {
                Some(cur) => {
                    for (a, b) in cur.iter_mut().zip(h) {
                        *a = *a && *b;
                    }
                }
                None => {
                    into.insert(*k, h.clone());
                }
            }
        }
    };
    let mut added = 0;
    for &v in &order.order[r0..=last_rank] {
        let mut inn: State = BTreeMap::new();
        let mut first = 0;
        if v == creation {
            let mut holds = vec![false; slots];
            match du.defs[t].insn {
                Some(i) => first = i + 1,
                None => {
                    if let Some(k) = du.defs[t].local {
                        holds[k] = true;
                    }
                }
            }
            inn.insert(v, holds);
        } else {
            for p in order.graph.predecessors(v) {
                let rp = order.rank[p];
                if let Some(Some(st)) = rp.checked_sub(r0).map(|k| &states[k]) {
                    merge(&mut inn, st);
                }
            }
            if inn.is_empty() {
                continue;
            }
        }
        let range = match order.graph.node(v) {
            CfgNode::Code { first: f, last, .. } => (*f).max(first)..(*last + 1).min(code_len),
            _ => 0..0,
        };
        let mut out: State = BTreeMap::new();
        for (last, holds) in inn {
            let mut h = holds;
            let mut sure = false;
            let mut maybe = false;
            for i in range.clone() {
                for ds in &du.operands[i] {
                    if ds.iter().any(|&d| may.get(d as usize)) {
                        maybe = true;
                    }
                    if !ds.is_empty() && surely(ds, &h) {
                        sure = true;
                    }
                }
                if let Some(d) = du.def_of_insn[i] {
                    let s = du.defs[d as usize];
                    if let (DefKind::Local, Some(k)) = (s.kind, s.local) {
                        let stored = du.operands[i].first().is_some_and(|ds| surely(ds, &h));
                        if k < h.len() {
                            h[k] = stored;
                        }
                    }
                }
            }
            if (v == exit || maybe)
                && last != v
                && !hfg.edges.contains(&(last, v))
                && hfg.bypass.insert((last, v))
            {
                added += 1;
            }
            if v == exit {
                continue;
            }
            if sure || v == creation {
                merge(&mut out, &[(v, h)].into_iter().collect());
            } else if maybe {
                merge(&mut out, &[(v, h.clone())].into_iter().collect());
                merge(&mut out, &[(last, h)].into_iter().collect());
            } else {
                merge(&mut out, &[(last, h)].into_iter().collect());
            }
        }
        let leaves = order.graph.successors(v).any(|w| order.rank[w] > last_rank);
        if leaves && v != exit {
            for &last in out.keys() {
                if last != exit
                    && !hfg.edges.contains(&(last, exit))
                    && hfg.bypass.insert((last, exit))
                {
                    added += 1;
                }
            }
        }
        states[order.rank[v] - r0] = Some(out);
    }
    added
}

/// Marks over a method's definitions, set one by one and cleared by the list of those set: a
/// slice's access walk costs what it marks, not the size of its method (ANTLR 4's generated
/// `UnicodeData` methods have thousands of slices over thousands of definitions each).
#[derive(Debug, Clone, Default)]
struct Marks {
    on: Vec<bool>,
    set: Vec<usize>,
}

impl Marks {
    /// No marks over `n` entries.
    fn new(n: usize) -> Marks {
        Marks {
            on: vec![false; n],
            set: Vec::new(),
        }
    }

    /// Marks `i`; true if it was not marked.
    fn mark(&mut self, i: usize) -> bool {
        if std::mem::replace(&mut self.on[i], true) {
            return false;
        }
        self.set.push(i);
        true
    }

    /// Whether `i` is marked.
    fn get(&self, i: usize) -> bool {
        self.on.get(i).copied().unwrap_or(false)
    }

    /// The marked entries, in the order marked.
    fn marked(&self) -> &[usize] {
        &self.set
    }

    /// Unmarks everything.
    fn clear(&mut self) {
        for &i in &self.set {
            self.on[i] = false;
        }
        self.set.clear();
    }
}

/// What [`add_access_edges`] keeps for all slices of one method: the definitions of each local
/// slot ([`DefUse::defs_by_slot`]) and scratch marks over the definitions (those that may hold
/// the object, and those the walk must watch).
#[derive(Debug, Clone, Default)]
pub struct AccessWalk {
    by_slot: Vec<Vec<usize>>,
    may: Marks,
    touched: Marks,
}

impl AccessWalk {
    /// The walk's tables for the method of `du`.
    pub fn new(du: &DefUse) -> AccessWalk {
        AccessWalk {
            by_slot: du.defs_by_slot(),
            may: Marks::new(du.defs.len()),
            touched: Marks::new(du.defs.len()),
        }
    }

    fn clear(&mut self) {
        self.may.clear();
        self.touched.clear();
    }
}

/// The definitions an operand made of which could be taken for the object by the access
/// walk: a definition that may hold it, or any definition of a local slot that may hold it (the
/// walk tracks slots, and a loop restart reaches a slot's later loads with the slot still held).
fn may_touch(
    du: &DefUse,
    of_slot: &[Vec<usize>],
    target: usize,
    may: &Marks,
    touched: &mut Marks,
) -> Vec<usize> {
    let mut held = vec![false; of_slot.len()];
    let mut todo: Vec<usize> = may.marked().to_vec();
    for &d in &todo {
        touched.mark(d);
    }
    let mut hold = |k: usize, touched: &mut Marks, todo: &mut Vec<usize>| {
        if std::mem::replace(&mut held[k], true) {
            return;
        }
        for &e in &of_slot[k] {
            if touched.mark(e) {
                todo.push(e);
            }
        }
    };
    let seeds: Vec<usize> = du.defs[target]
        .local
        .into_iter()
        .chain(todo.iter().filter_map(|&d| du.defs[d].local))
        .collect();
    for k in seeds {
        hold(k, touched, &mut todo);
    }
    // a slot is held once something touched is stored into it (or a parameter slot uses it)
    while let Some(e) = todo.pop() {
        for &i in &du.users[e] {
            let Some(d) = du.def_of_insn[i] else {
                continue;
            };
            if let Some(k) = du.defs[d as usize].local {
                hold(k, touched, &mut todo);
            }
        }
    }
    // every definition touched, in the order found
    touched.marked().to_vec()
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

//! A simple directed graph (at most one edge per ordered node pair) with typed node and edge data.

/// Index of a node in a [`Digraph`].
pub type NodeId = usize;
/// Index of an edge in a [`Digraph`].
pub type EdgeId = usize;

/// One edge: its endpoints and its data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edge<E> {
    /// Source node.
    pub from: NodeId,
    /// Target node.
    pub to: NodeId,
    /// The edge's payload.
    pub data: E,
}

/// A directed graph with node data `N` and edge data `E`; parallel edges are merged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Digraph<N, E> {
    nodes: Vec<N>,
    edges: Vec<Edge<E>>,
    out: Vec<Vec<EdgeId>>,
    inc: Vec<Vec<EdgeId>>,
}

impl<N, E> Default for Digraph<N, E> {
    fn default() -> Self {
        Self::new()
    }
}

impl<N, E> Digraph<N, E> {
    /// An empty graph.
    pub fn new() -> Self {
        Digraph {
            nodes: Vec::new(),
            edges: Vec::new(),
            out: Vec::new(),
            inc: Vec::new(),
        }
    }

    /// Adds a node and returns its id (ids are dense, in insertion order).
    pub fn add_node(&mut self, data: N) -> NodeId {
        self.nodes.push(data);
        self.out.push(Vec::new());
        self.inc.push(Vec::new());
        self.nodes.len() - 1
    }

    /// Adds the edge `from → to` unless it exists; returns its id either way.
    pub fn add_edge(&mut self, from: NodeId, to: NodeId, data: E) -> EdgeId {
        if let Some(e) = self.find_edge(from, to) {
            return e;
        }
        self.edges.push(Edge { from, to, data });
        let id = self.edges.len() - 1;
        self.out[from].push(id);
        self.inc[to].push(id);
        id
    }

    /// The id of the edge `from → to`, if present.
    pub fn find_edge(&self, from: NodeId, to: NodeId) -> Option<EdgeId> {
        self.out
            .get(from)?
            .iter()
            .copied()
            .find(|&e| self.edges[e].to == to)
    }

    /// Number of nodes.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// Number of edges.
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// The data of node `n`.
    pub fn node(&self, n: NodeId) -> &N {
        &self.nodes[n]
    }

    /// Mutable data of node `n`.
    pub fn node_mut(&mut self, n: NodeId) -> &mut N {
        &mut self.nodes[n]
    }

    /// All node data, indexed by node id.
    pub fn nodes(&self) -> &[N] {
        &self.nodes
    }

    /// The edge with id `e`.
    pub fn edge(&self, e: EdgeId) -> &Edge<E> {
        &self.edges[e]
    }

    /// All edges, indexed by edge id.
    pub fn edges(&self) -> &[Edge<E>] {
        &self.edges
    }

    /// Ids of the edges leaving `n`, in insertion order.
    pub fn out_edges(&self, n: NodeId) -> &[EdgeId] {
        &self.out[n]
    }

    /// Ids of the edges entering `n`, in insertion order.
    pub fn in_edges(&self, n: NodeId) -> &[EdgeId] {
        &self.inc[n]
    }

    /// Successors of `n`, in edge insertion order.
    pub fn successors(&self, n: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        self.out[n].iter().map(move |&e| self.edges[e].to)
    }

    /// Predecessors of `n`, in edge insertion order.
    pub fn predecessors(&self, n: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        self.inc[n].iter().map(move |&e| self.edges[e].from)
    }

    /// Sorts every node's out-edge list by target id (a canonical order for path numbering).
    pub fn sort_successors(&mut self) {
        let edges = &self.edges;
        for list in &mut self.out {
            list.sort_by_key(|&e| edges[e].to);
        }
        for list in &mut self.inc {
            list.sort_by_key(|&e| edges[e].from);
        }
    }

    /// The edge list as `(from, to)` pairs, sorted.
    pub fn edge_pairs(&self) -> Vec<(NodeId, NodeId)> {
        let mut v: Vec<_> = self.edges.iter().map(|e| (e.from, e.to)).collect();
        v.sort_unstable();
        v
    }
}

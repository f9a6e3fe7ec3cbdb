//! Per-method control-flow graph over statement nodes (runs of one basic block on one source
//! line), with normal and exceptional edges and pseudo start and exit nodes.

use std::collections::BTreeSet;

use super::classfile::{ClassError, MethodCode};
use super::opcodes::{is_unsupported, transfer};
use graph::{Digraph, DummyEdge, NodeId};

/// What a CFG node stands for.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub enum CfgNode {
    /// The pseudo entry (where parameters are defined).
    Start,
    /// The pseudo exit (after every return and uncaught throw).
    Exit,
    /// Instructions `first..=last` (indices into the method's code), all on `line`.
    Code {
        /// First instruction index.
        first: usize,
        /// Last instruction index (inclusive).
        last: usize,
        /// Source line, if known.
        line: Option<u32>,
    },
}

/// Why a CFG edge exists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum CfgEdge {
    /// Normal control flow.
    Normal,
    /// From a protected node to its exception handler.
    Exceptional,
    /// A replacement edge made by acyclic conversion.
    Dummy(DummyEdge),
}

/// The control-flow graph of one method and the node of every instruction.
#[derive(Debug, Clone)]
pub struct Cfg {
    /// The graph; node 0 is the start, the last node the exit.
    pub graph: Digraph<CfgNode, CfgEdge>,
    /// Node id of every instruction.
    pub node_of: Vec<NodeId>,
}

impl Cfg {
    /// The start node id.
    pub fn start(&self) -> NodeId {
        0
    }

    /// The exit node id.
    pub fn exit(&self) -> NodeId {
        self.graph.node_count() - 1
    }

    /// Instruction range of a node (empty for start and exit).
    pub fn insns(&self, n: NodeId) -> std::ops::Range<usize> {
        match self.graph.node(n) {
            CfgNode::Code { first, last, .. } => *first..*last + 1,
            _ => 0..0,
        }
    }

    /// Source line of a node.
    pub fn line(&self, n: NodeId) -> Option<u32> {
        match self.graph.node(n) {
            CfgNode::Code { line, .. } => *line,
            _ => None,
        }
    }

    /// A short label: `S`, `E`, `L<line>` or `@<first insn>`.
    pub fn label(&self, n: NodeId) -> String {
        match self.graph.node(n) {
            CfgNode::Start => "S".into(),
            CfgNode::Exit => "E".into(),
            CfgNode::Code {
                first,
                line: Some(l),
                ..
            } => format!("L{l}@{first}"),
            CfgNode::Code { first, .. } => format!("@{first}"),
        }
    }

    /// Builds the CFG; fails for code with `jsr`/`ret` or out-of-range targets.
    pub fn build(m: &MethodCode) -> Result<Cfg, ClassError> {
        let n = m.code.len();
        let unsupported = |msg: String| ClassError::Unsupported {
            method: m.display_name(),
            message: msg,
        };
        if n == 0 {
            return Err(unsupported("empty code".into()));
        }
        let mut leaders: BTreeSet<usize> = BTreeSet::new();
        leaders.insert(0);
        let mut transfers = Vec::with_capacity(n);
        for (i, insn) in m.code.iter().enumerate() {
            if is_unsupported(insn) {
                return Err(unsupported(format!(
                    "instruction {i}: {insn:?} not supported"
                )));
            }
            let t = transfer(insn, i);
            for &x in &t.targets {
                if x >= n {
                    return Err(unsupported(format!(
                        "instruction {i}: target {x} out of range"
                    )));
                }
                leaders.insert(x);
            }
            if !t.targets.is_empty() || !t.falls_through || t.exits {
                leaders.insert(i + 1);
            }
            if t.falls_through && i + 1 >= n {
                return Err(unsupported("control falls off the end of the code".into()));
            }
            transfers.push(t);
        }
        for h in &m.handlers {
            if h.start >= n || h.handler >= n || h.end < h.start {
                return Err(unsupported("exception handler out of range".into()));
            }
            leaders.insert(h.start);
            leaders.insert(h.end);
            leaders.insert(h.handler);
        }
        for i in 1..n {
            if m.lines[i] != m.lines[i - 1] {
                leaders.insert(i);
            }
        }
        let mut graph = Digraph::new();
        graph.add_node(CfgNode::Start);
        let mut node_of = vec![0; n];
        let bounds: Vec<usize> = leaders.into_iter().filter(|&x| x < n).collect();
        for (k, &first) in bounds.iter().enumerate() {
            let last = bounds.get(k + 1).map_or(n, |&x| x) - 1;
            let id = graph.add_node(CfgNode::Code {
                first,
                last,
                line: m.lines[first],
            });
            node_of[first..=last].fill(id);
        }
        let exit = graph.add_node(CfgNode::Exit);
        graph.add_edge(0, node_of[0], CfgEdge::Normal);
        for id in 1..exit {
            let CfgNode::Code { first, last, .. } = *graph.node(id) else {
                continue;
            };
            let t = &transfers[last];
            let mut succ: Vec<NodeId> = t.targets.iter().map(|&x| node_of[x]).collect();
            if t.falls_through {
                succ.push(node_of[last + 1]);
            }
            if t.exits {
                succ.push(exit);
            }
            succ.sort_unstable();
            for s in succ {
                graph.add_edge(id, s, CfgEdge::Normal);
            }
            for h in &m.handlers {
                if first >= h.start && first < h.end {
                    graph.add_edge(id, node_of[h.handler], CfgEdge::Exceptional);
                }
            }
        }
        graph.sort_successors();
        Ok(Cfg { graph, node_of })
    }
}

//! What a `js-flow` run records, and its translation into the language-neutral object-flow model
//! (`graph::flow::FlowProfile`) that the client analyses read.

use std::collections::{BTreeMap, BTreeSet};

use graph::flow::{
    CallArg, FlowGraph, FlowNode, FlowProfile, FlowSite, FlowSiteKind, NodeKind, Segment,
    SiteCounts, Tracking,
};
use instrument::flow_probes::{FlowPoint, PointKind};
use serde::Deserialize;

/// The node every object's path ends at in the flow graphs.
pub const EXIT: usize = u32::MAX as usize;

/// One instrumented point and its file (relative to the project root).
#[derive(Debug, Clone)]
pub struct Point {
    /// The file.
    pub file: String,
    /// The point as the instrumenter described it.
    pub point: FlowPoint,
}

/// The runtime's counters, as `__dp.dump()` returns them (`engine/js/flow.js`).
#[derive(Debug, Clone, Default, Deserialize)]
pub struct Counters {
    /// `[site, context, objects, heap objects, used objects, heap writes, heap reads, bytes]`.
    pub rows: Vec<[u64; 8]>,
    /// `["site:from:to", objects]`: an object went from node `from` to node `to`.
    pub edges: Vec<(String, i64)>,
    /// `["site|n1,n2,…", objects]`: distinct nodes an object reached, in first-visit order.
    pub paths: Vec<(String, i64)>,
    /// `["site:node", event bits]`.
    pub kinds: Vec<(String, i64)>,
    /// `["site:unit", objects]` allocated while unit `unit` ran.
    pub tests: Vec<(String, i64)>,
}

/// Everything a `js-flow` run recorded.
#[derive(Debug, Clone, Default)]
pub struct FlowRun {
    /// Every instrumented point, by number.
    pub points: BTreeMap<u32, Point>,
    /// The runtime's counters.
    pub counters: Counters,
    /// Names of the units of the run (tests, workload files), by index.
    pub units: Vec<String>,
}

/// Event bits of `engine/js/flow.js` and the node kinds they stand for.
const KINDS: [(i64, NodeKind); 6] = [
    (1, NodeKind::Use),
    (2, NodeKind::HeapWrite),
    // a read of the object out of the heap: a load, the heap-to-stack reference assignment
    (4, NodeKind::Assign),
    (8, NodeKind::Call),
    (16, NodeKind::Return),
    (32, NodeKind::Throw),
];

/// Most tests named per site.
const TOP_TESTS: usize = 5;

fn parse_key(k: &str, sep: char) -> Vec<u64> {
    k.split(sep).filter_map(|x| x.parse().ok()).collect()
}

impl FlowRun {
    /// `file:line:col` of a point.
    fn location(&self, id: u32) -> Option<String> {
        let p = self.points.get(&id)?;
        Some(format!("{}:{}:{}", p.file, p.point.line, p.point.col))
    }

    /// The language-neutral profile: one site per allocation point (dense ids), one flow graph
    /// per site whose nodes are point numbers.
    pub fn to_profile(&self) -> FlowProfile {
        let mut site_of: BTreeMap<u32, u32> = BTreeMap::new();
        let mut sites = Vec::new();
        let mut static_bytes = BTreeMap::new();
        for (&id, p) in &self.points {
            let PointKind::Alloc { ty, bytes } = &p.point.kind else {
                continue;
            };
            let sid = sites.len() as u32;
            site_of.insert(id, sid);
            static_bytes.insert(sid, *bytes as u64);
            sites.push(FlowSite {
                id: sid,
                method: 0,
                kind: FlowSiteKind::Alloc { ty: ty.clone() },
                method_name: p.point.func.clone(),
                location: format!("{}:{}:{}", p.file, p.point.line, p.point.col),
                source: Some((p.file.clone(), p.point.line)),
                exit: EXIT,
            });
        }
        let mut counts = BTreeMap::new();
        let mut contexts = BTreeMap::new();
        for r in &self.counters.rows {
            let Some(&sid) = site_of.get(&(r[0] as u32)) else {
                continue;
            };
            let ctx = r[1] as u32;
            if let Some(at) = self.location(ctx) {
                contexts.insert(ctx, format!("called from {at}"));
            }
            let per = static_bytes.get(&sid).copied().unwrap_or(0);
            counts.insert(
                (sid, ctx),
                SiteCounts {
                    objects: r[2],
                    heap_objects: r[3],
                    used_objects: r[4],
                    heap_writes: r[5],
                    heap_reads: r[6],
                    bytes: r[7] + per * r[2],
                },
            );
        }
        let graphs = self.graphs(&site_of);
        let distinct_paths = graphs.values().map(|g| g.segments.len()).sum();
        FlowProfile {
            sites,
            counts,
            context: contexts.len() as u32 + 1,
            distinct_paths,
            tracking: Tracking::Objects,
            tests: self.top_tests(&site_of),
            contexts,
            graphs,
            stacks: BTreeMap::new(),
            loads: BTreeMap::new(),
            ctx_graphs: BTreeMap::new(),
            returns: BTreeMap::new(),
        }
    }

    fn top_tests(&self, site_of: &BTreeMap<u32, u32>) -> BTreeMap<u32, Vec<(String, u64)>> {
        let mut out: BTreeMap<u32, Vec<(String, u64)>> = BTreeMap::new();
        for (k, n) in &self.counters.tests {
            let key = parse_key(k, ':');
            let (Some(&site), Some(&unit)) = (key.first(), key.get(1)) else {
                continue;
            };
            let Some(&sid) = site_of.get(&(site as u32)) else {
                continue;
            };
            let name = self
                .units
                .get(unit as usize)
                .cloned()
                .unwrap_or_else(|| format!("unit {unit}"));
            out.entry(sid).or_default().push((name, *n as u64));
        }
        for v in out.values_mut() {
            v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
            v.truncate(TOP_TESTS);
        }
        out
    }

    /// The flow graph of every site with objects: nodes from the event kinds, edges counted by
    /// the runtime plus one to the exit for each object's last node, segments from the paths.
    fn graphs(&self, site_of: &BTreeMap<u32, u32>) -> BTreeMap<u32, FlowGraph> {
        let mut graphs: BTreeMap<u32, FlowGraph> = BTreeMap::new();
        for (k, bits) in &self.counters.kinds {
            let key = parse_key(k, ':');
            let (Some(&site), Some(&node)) = (key.first(), key.get(1)) else {
                continue;
            };
            let callee = self.callee(node as u32);
            let Some(g) = graph_of(&mut graphs, site_of, site) else {
                continue;
            };
            let n = g
                .nodes
                .entry(node as usize)
                .or_insert_with(|| empty_node(node as usize));
            if node == site {
                n.kinds.insert(NodeKind::Alloc);
            }
            for (bit, kind) in KINDS {
                if bits & bit != 0 {
                    n.kinds.insert(kind);
                }
            }
            if bits & 8 != 0 {
                n.calls.push(CallArg {
                    callee,
                    callees: Vec::new(),
                    param: 0,
                    receiver: false,
                    effect: None,
                });
            }
        }
        for (k, c) in &self.counters.edges {
            let key = parse_key(k, ':');
            let (Some(&site), Some(&from), Some(&to)) = (key.first(), key.get(1), key.get(2))
            else {
                continue;
            };
            if let Some(g) = graph_of(&mut graphs, site_of, site) {
                *g.edges.entry((from as usize, to as usize)).or_default() += *c as u64;
            }
        }
        for (k, c) in &self.counters.paths {
            let Some((site, nodes)) = k.split_once('|') else {
                continue;
            };
            let (Ok(site), true) = (site.parse::<u64>(), *c > 0) else {
                continue;
            };
            let Some(g) = graph_of(&mut graphs, site_of, site) else {
                continue;
            };
            let mut nodes: Vec<usize> = parse_key(nodes, ',')
                .into_iter()
                .map(|n| n as usize)
                .collect();
            nodes.push(EXIT);
            g.objects += *c as u64;
            g.segments.push(Segment {
                nodes,
                count: *c as u64,
                first: true,
            });
        }
        for g in graphs.values_mut() {
            finish(g, self);
        }
        graphs
    }

    /// The callee text of a call point (or the type of an allocating call).
    fn callee(&self, id: u32) -> String {
        match self.points.get(&id).map(|p| &p.point.kind) {
            Some(PointKind::Call { callee }) => callee.clone(),
            Some(PointKind::Alloc { ty, .. }) => ty.clone(),
            _ => format!("code at {}", self.location(id).unwrap_or_default()),
        }
    }
}

/// The flow graph of the site allocated at `point`, made on first use.
fn graph_of<'g>(
    graphs: &'g mut BTreeMap<u32, FlowGraph>,
    site_of: &BTreeMap<u32, u32>,
    point: u64,
) -> Option<&'g mut FlowGraph> {
    let sid = *site_of.get(&(point as u32))?;
    Some(graphs.entry(sid).or_insert_with(|| FlowGraph {
        site: sid,
        nodes: BTreeMap::new(),
        edges: BTreeMap::new(),
        segments: Vec::new(),
        objects: 0,
        undecoded: 0,
    }))
}

fn empty_node(node: usize) -> FlowNode {
    FlowNode {
        node,
        line: None,
        kinds: BTreeSet::new(),
        objects: 0,
        calls: Vec::new(),
    }
}

/// Lines and object counts of the nodes, and the edges into the exit node.
fn finish(g: &mut FlowGraph, run: &FlowRun) {
    for seg in &g.segments {
        for &v in seg.nodes.iter().filter(|&&v| v != EXIT) {
            g.nodes.entry(v).or_insert_with(|| empty_node(v)).objects += seg.count;
        }
    }
    for n in g.nodes.values_mut() {
        n.line = run.points.get(&(n.node as u32)).map(|p| p.point.line);
    }
    let mut inflow: BTreeMap<usize, i64> = BTreeMap::new();
    let mut outflow: BTreeMap<usize, i64> = BTreeMap::new();
    for (&(a, b), &c) in &g.edges {
        *outflow.entry(a).or_default() += c as i64;
        *inflow.entry(b).or_default() += c as i64;
    }
    let start = g
        .segments
        .first()
        .and_then(|s| s.nodes.first())
        .copied()
        .unwrap_or(EXIT);
    *inflow.entry(start).or_default() += g.objects as i64;
    for (&v, &i) in &inflow {
        let left = i - outflow.get(&v).copied().unwrap_or(0);
        if left > 0 && v != EXIT {
            g.edges.insert((v, EXIT), left as u64);
        }
    }
    g.nodes.insert(EXIT, empty_node(EXIT));
}

//! Client analyses over the reconstructed profiles: reuse candidates (flows that never escape to
//! the heap, producer-only flows), NATH / mostly-NATH, never-used / rarely-used and
//! write-read-imbalance producers (reference propagation profiling, §V), with Algorithm 5 edge
//! probabilities carrying escapes across calls, and the report in text, JSON and DOT.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use serde::Serialize;

use super::instrument::{CallRef, Instrumented, SiteKind};
use super::objflow::{flow_graph, FlowGraph, NodeKind};
use super::runtime::{RawProfile, SiteCounts};

/// Thresholds of the analyses.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct ClientOptions {
    /// Reuse candidates need at least this many objects.
    pub threshold: u64,
    /// A site is mostly-NATH when at least this fraction of its objects is NATH.
    pub mostly_nath: f64,
    /// A site is rarely-used when at most this fraction of its objects is used.
    pub rarely_used: f64,
}

impl Default for ClientOptions {
    fn default() -> Self {
        ClientOptions {
            threshold: 10_000,
            mostly_nath: 0.8,
            rarely_used: 0.1,
        }
    }
}

/// One producer (allocation site, per context class with `--context`) in the report.
#[derive(Debug, Clone, Serialize)]
pub struct Producer {
    /// Site id.
    pub site: u32,
    /// Context class (0 without `--context`).
    pub context: u32,
    /// `Class.method(desc)`.
    pub method: String,
    /// `File.java:line` (or the class name when there is no line table).
    pub location: String,
    /// Allocated type.
    pub ty: String,
    /// Runtime counters.
    pub counts: SiteCounts,
    /// Reachable call/return nodes (complexity metric).
    pub call_return_nodes: usize,
    /// Reachable heap-write nodes (complexity metric).
    pub heap_nodes: usize,
    /// Objects the path profile says escape (Algorithm 5 estimate, rounded).
    pub escaping: u64,
    /// Objects on producer-only paths.
    pub producer_only: u64,
}

/// The whole report.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// Options used.
    pub options: ClientOptions,
    /// Context classes.
    pub context: u32,
    /// Table 3 figures: objects allocated at instrumented sites.
    pub objects: u64,
    /// Object accesses on decoded paths (nodes after the creation).
    pub accesses: u64,
    /// Distinct path segments.
    pub distinct_paths: usize,
    /// Path segments that could not be decoded.
    pub undecoded: u64,
    /// Every producer with objects, by object count.
    pub producers: Vec<Producer>,
    /// Reuse candidates: objects never escape (site ids, ranked).
    pub reuse_no_escape: Vec<usize>,
    /// Reuse candidates: producer-only paths.
    pub reuse_producer_only: Vec<usize>,
    /// NATH sites.
    pub nath: Vec<usize>,
    /// Mostly-NATH sites (not NATH).
    pub mostly_nath: Vec<usize>,
    /// Never-used sites.
    pub never_used: Vec<usize>,
    /// Rarely-used sites (not never-used).
    pub rarely_used: Vec<usize>,
    /// Write-read imbalance at t = 2.
    pub wri_2: Vec<usize>,
    /// Write-read imbalance at t = ∞ (written, never read back).
    pub wri_inf: Vec<usize>,
    /// Object-flow graphs of the profiled sites, by site id.
    #[serde(skip)]
    pub graphs: BTreeMap<u32, FlowGraph>,
    /// Per allocation site, its objects' flows carried into callees (Algorithm 5).
    #[serde(skip)]
    pub carried: BTreeMap<u32, Vec<CarriedEdge>>,
}

fn resolve(inst: &Instrumented, c: &CallRef) -> Vec<u32> {
    let exact: Vec<u32> = inst
        .methods
        .iter()
        .filter(|m| {
            m.flow.method.class == c.owner
                && m.flow.method.name == c.name
                && m.flow.method.descriptor == c.desc
        })
        .map(|m| m.id)
        .collect();
    if !exact.is_empty() || !inst.jar_classes.contains(&c.owner) {
        return exact;
    }
    // virtual or interface dispatch inside the jar: any method with that name and descriptor
    inst.methods
        .iter()
        .filter(|m| m.flow.method.name == c.name && m.flow.method.descriptor == c.desc)
        .map(|m| m.id)
        .collect()
}

fn node_escape(
    inst: &Instrumented,
    params: &BTreeMap<(u32, usize), u32>,
    p_esc: &BTreeMap<u32, f64>,
    kinds: &BTreeSet<NodeKind>,
    calls: &[(CallRef, usize)],
) -> f64 {
    if kinds.contains(&NodeKind::HeapWrite)
        || kinds.contains(&NodeKind::Return)
        || kinds.contains(&NodeKind::Throw)
    {
        return 1.0;
    }
    let mut p: f64 = 0.0;
    for (c, k) in calls {
        for m in resolve(inst, c) {
            let q = match params.get(&(m, *k)) {
                Some(s) => p_esc.get(s).copied().unwrap_or(0.0),
                // a method of the jar whose flows are not profiled: assume the worst
                None => 1.0,
            };
            p = p.max(q);
        }
    }
    p
}

fn segment_escape(
    inst: &Instrumented,
    params: &BTreeMap<(u32, usize), u32>,
    p_esc: &BTreeMap<u32, f64>,
    g: &FlowGraph,
    nodes: &[usize],
) -> f64 {
    let mut stay = 1.0;
    for v in nodes {
        if let Some(n) = g.nodes.get(v) {
            stay *= 1.0 - node_escape(inst, params, p_esc, &n.kinds, &n.calls);
        }
    }
    1.0 - stay
}

fn location(inst: &Instrumented, site: u32) -> (String, String, String) {
    let s = &inst.sites[site as usize];
    let m = &inst.methods[s.method as usize];
    let insn = match &s.kind {
        SiteKind::Alloc { insn, .. } => format!(" (instruction {insn})"),
        SiteKind::Param { .. } => String::new(),
    };
    let loc = match (&m.source, s.line) {
        (Some(f), Some(l)) => format!("{f}:{l}"),
        (None, Some(l)) => format!("{}:{l}", m.flow.method.class.replace('/', ".")),
        _ => format!("{}{insn}", m.flow.method.class.replace('/', ".")),
    };
    let ty = match &s.kind {
        SiteKind::Alloc { ty, .. } => ty.replace('/', "."),
        SiteKind::Param { index } => format!("param {index}"),
    };
    (m.flow.method.display_name(), loc, ty)
}

/// Runs every client analysis over a profile.
pub fn analyze(inst: &Instrumented, prof: &RawProfile, opts: &ClientOptions) -> Report {
    let mut by_site: BTreeMap<u32, Vec<super::runtime::PathRecord>> = BTreeMap::new();
    for r in &prof.paths {
        by_site.entry(r.site).or_default().push(*r);
    }
    let mut graphs: BTreeMap<u32, FlowGraph> = BTreeMap::new();
    for s in &inst.sites {
        if let Some(recs) = by_site.get(&s.id) {
            if s.profiled {
                graphs.insert(s.id, flow_graph(inst, s, recs));
            }
        }
    }
    let params: BTreeMap<(u32, usize), u32> = inst
        .sites
        .iter()
        .filter_map(|s| match s.kind {
            SiteKind::Param { index } => Some(((s.method, index), s.id)),
            _ => None,
        })
        .collect();
    // Algorithm 5: escape probability of each parameter, iterated to a fixed point from 0
    let mut p_esc: BTreeMap<u32, f64> = params.values().map(|&s| (s, 0.0)).collect();
    for _ in 0..8 {
        let mut next = p_esc.clone();
        for &s in params.values() {
            let Some(g) = graphs.get(&s) else { continue };
            let total: u64 = g.segments.iter().map(|x| x.count).sum();
            if total == 0 {
                continue;
            }
            let esc: f64 = g
                .segments
                .iter()
                .map(|x| x.count as f64 * segment_escape(inst, &params, &p_esc, g, &x.nodes))
                .sum();
            next.insert(s, esc / total as f64);
        }
        if next == p_esc {
            break;
        }
        p_esc = next;
    }
    let mut producers = Vec::new();
    let mut accesses = 0u64;
    let mut undecoded = 0u64;
    for g in graphs.values() {
        undecoded += g.undecoded;
        for seg in &g.segments {
            let inner = seg
                .nodes
                .iter()
                .filter(|&&v| v != 0)
                .count()
                .saturating_sub(1);
            accesses += seg.count * inner as u64;
        }
    }
    let mut objects = 0u64;
    for (&(site, ctx), counts) in &prof.sites {
        let Some(s) = inst.sites.get(site as usize) else {
            continue;
        };
        if !matches!(s.kind, SiteKind::Alloc { .. }) {
            continue;
        }
        objects += counts.objects;
        let (method, loc, ty) = location(inst, site);
        let (mut escaping, mut producer_only) = (0.0f64, 0u64);
        let (mut cr, mut heap) = (0usize, 0usize);
        if let Some(g) = graphs.get(&site) {
            for seg in &g.segments {
                escaping += seg.count as f64 * segment_escape(inst, &params, &p_esc, g, &seg.nodes);
                let exit = inst.methods[s.method as usize].flow.cfg.exit();
                let inner: Vec<&BTreeSet<NodeKind>> = seg
                    .nodes
                    .iter()
                    .filter(|&&v| v != 0 && v != exit)
                    .filter_map(|v| g.nodes.get(v).map(|n| &n.kinds))
                    .collect();
                let allowed = [NodeKind::Alloc, NodeKind::Assign, NodeKind::Producer];
                if seg.first
                    && inner.iter().any(|k| k.contains(&NodeKind::Producer))
                    && inner.iter().all(|k| k.iter().all(|x| allowed.contains(x)))
                {
                    producer_only += seg.count;
                }
            }
            (cr, heap) = reachable_metrics(inst, &graphs, &params, site);
        }
        producers.push(Producer {
            site,
            context: ctx,
            method,
            location: loc,
            ty,
            counts: *counts,
            call_return_nodes: cr,
            heap_nodes: heap,
            escaping: escaping.round() as u64,
            producer_only,
        });
    }
    producers.sort_by(|a, b| {
        b.counts
            .objects
            .cmp(&a.counts.objects)
            .then(a.site.cmp(&b.site))
            .then(a.context.cmp(&b.context))
    });
    let pick = |f: &dyn Fn(&Producer) -> bool| -> Vec<usize> {
        (0..producers.len()).filter(|&i| f(&producers[i])).collect()
    };
    let profiled = |p: &Producer| {
        graphs
            .get(&p.site)
            .is_some_and(|g| g.objects > 0 && g.undecoded == 0)
    };
    let reuse_no_escape =
        pick(&|p| profiled(p) && p.counts.objects >= opts.threshold && p.escaping == 0);
    let reuse_producer_only = pick(&|p| p.producer_only >= opts.threshold);
    let nath = pick(&|p| p.counts.heap_objects == 0);
    let mostly_nath = pick(&|p| {
        p.counts.heap_objects > 0
            && (p.counts.objects - p.counts.heap_objects.min(p.counts.objects)) as f64
                >= opts.mostly_nath * p.counts.objects as f64
    });
    let never_used = pick(&|p| p.counts.used_objects == 0);
    let rarely_used = pick(&|p| {
        p.counts.used_objects > 0
            && p.counts.used_objects as f64 <= opts.rarely_used * p.counts.objects as f64
    });
    let wri_2 =
        pick(&|p| p.counts.heap_writes > 0 && p.counts.heap_writes >= 2 * p.counts.heap_reads);
    let wri_inf = pick(&|p| p.counts.heap_writes > 0 && p.counts.heap_reads == 0);
    Report {
        options: *opts,
        context: prof.context,
        objects,
        accesses,
        distinct_paths: prof.paths.len(),
        undecoded,
        producers,
        reuse_no_escape,
        reuse_producer_only,
        nath,
        mostly_nath,
        never_used,
        rarely_used,
        wri_2,
        wri_inf,
        carried: graphs
            .keys()
            .map(|&site| (site, carry(inst, &graphs, &params, site)))
            .filter(|(_, v)| !v.is_empty())
            .collect(),
        graphs,
    }
}

/// An edge of a callee's parameter flow graph with the objects of a caller's site estimated to
/// take it (Algorithm 5: the callee's edge probabilities times the objects passed in).
#[derive(Debug, Clone, Serialize)]
pub struct CarriedEdge {
    /// The callee, `Class.name(descriptor)`.
    pub method: String,
    /// Parameter index in the callee (`this` is 0).
    pub param: usize,
    /// Call depth (1: a direct callee).
    pub depth: usize,
    /// CFG node ids of the callee edge.
    pub from: usize,
    /// Target node.
    pub to: usize,
    /// Source line of the target node, if any.
    pub line: Option<u32>,
    /// Estimated objects on the edge.
    pub objects: f64,
}

/// Carries a site's objects through calls into the callees' parameter flows, three calls deep.
fn carry(
    inst: &Instrumented,
    graphs: &BTreeMap<u32, FlowGraph>,
    params: &BTreeMap<(u32, usize), u32>,
    site: u32,
) -> Vec<CarriedEdge> {
    let mut out = Vec::new();
    // (graph site, objects entering it, depth)
    let mut work: Vec<(u32, f64, usize)> = vec![(site, f64::NAN, 0)];
    while let Some((gs, entering, depth)) = work.pop() {
        let Some(g) = graphs.get(&gs) else { continue };
        let total = g.objects.max(1) as f64;
        let scale = if entering.is_nan() {
            1.0
        } else {
            entering / total
        };
        if depth > 0 {
            let s = &inst.sites[gs as usize];
            let m = &inst.methods[s.method as usize];
            let param = match s.kind {
                SiteKind::Param { index } => index,
                SiteKind::Alloc { .. } => 0,
            };
            for (&(from, to), &c) in &g.edges {
                out.push(CarriedEdge {
                    method: m.flow.method.display_name(),
                    param,
                    depth,
                    from,
                    to,
                    line: m.flow.cfg.line(to),
                    objects: c as f64 * scale,
                });
            }
        }
        if depth >= 3 {
            continue;
        }
        for n in g.nodes.values() {
            for (c, k) in &n.calls {
                let callees: Vec<u32> = resolve(inst, c)
                    .into_iter()
                    .filter_map(|m| params.get(&(m, *k)).copied())
                    .filter(|ps| *ps != gs && *ps != site)
                    .collect();
                let share = n.objects as f64 * scale / callees.len().max(1) as f64;
                for ps in callees {
                    work.push((ps, share, depth + 1));
                }
            }
        }
    }
    out
}

/// Call/return nodes and heap-write nodes reachable from a site's flows, following calls into
/// the parameter flows of the callees.
fn reachable_metrics(
    inst: &Instrumented,
    graphs: &BTreeMap<u32, FlowGraph>,
    params: &BTreeMap<(u32, usize), u32>,
    site: u32,
) -> (usize, usize) {
    let mut seen_sites: BTreeSet<u32> = BTreeSet::new();
    let mut work = vec![site];
    let (mut cr, mut heap) = (0, 0);
    while let Some(s) = work.pop() {
        if !seen_sites.insert(s) {
            continue;
        }
        let Some(g) = graphs.get(&s) else { continue };
        for n in g.nodes.values() {
            if n.kinds.contains(&NodeKind::Call)
                || n.kinds.contains(&NodeKind::Return)
                || n.kinds.contains(&NodeKind::Producer)
            {
                cr += 1;
            }
            if n.kinds.contains(&NodeKind::HeapWrite) {
                heap += 1;
            }
            for (c, k) in &n.calls {
                for m in resolve(inst, c) {
                    if let Some(&ps) = params.get(&(m, *k)) {
                        work.push(ps);
                    }
                }
            }
        }
    }
    (cr, heap)
}

/// A report section: title, producer indices, extra text per row.
type Section<'a> = (&'a str, &'a Vec<usize>, &'a dyn Fn(&Producer) -> String);

fn row(p: &Producer) -> String {
    let ctx = if p.context > 0 {
        format!(" [ctx {}]", p.context)
    } else {
        String::new()
    };
    format!(
        "{:>10}  {}  at {} in {}{}  (call/return nodes {}, heap nodes {})",
        p.counts.objects, p.ty, p.location, p.method, ctx, p.call_return_nodes, p.heap_nodes
    )
}

/// The report as text.
pub fn report_text(r: &Report) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "decisionprof jvm-flow: {} objects at {} producers, {} accesses on decoded paths, {} distinct paths{}",
        r.objects,
        r.producers.len(),
        r.accesses,
        r.distinct_paths,
        if r.undecoded > 0 {
            format!(" ({} objects on undecodable paths)", r.undecoded)
        } else {
            String::new()
        }
    );
    let sections: [Section<'_>; 9] = [
        (
            "Reuse candidates: objects never escape to the heap",
            &r.reuse_no_escape,
            &|_| String::new(),
        ),
        (
            "Reuse candidates: producer-only paths",
            &r.reuse_producer_only,
            &|p| format!("  producer-only objects {}", p.producer_only),
        ),
        (
            "NATH sites (no object assigned to the heap)",
            &r.nath,
            &|_| String::new(),
        ),
        ("Mostly-NATH sites", &r.mostly_nath, &|p| {
            format!(
                "  NATH {:.1}%",
                100.0 * (p.counts.objects - p.counts.heap_objects) as f64 / p.counts.objects as f64
            )
        }),
        ("Never-used sites", &r.never_used, &|_| String::new()),
        ("Rarely-used sites", &r.rarely_used, &|p| {
            format!("  used {}", p.counts.used_objects)
        }),
        ("Write-read imbalance (t=2)", &r.wri_2, &|p| {
            format!(
                "  writes {} reads {}",
                p.counts.heap_writes, p.counts.heap_reads
            )
        }),
        ("Write-read imbalance (t=inf)", &r.wri_inf, &|p| {
            format!(
                "  writes {} reads {}",
                p.counts.heap_writes, p.counts.heap_reads
            )
        }),
        ("All producers", &(0..r.producers.len()).collect(), &|p| {
            format!(
                "  NATH {} used {} writes {} reads {}",
                p.counts.objects - p.counts.heap_objects,
                p.counts.used_objects,
                p.counts.heap_writes,
                p.counts.heap_reads
            )
        }),
    ];
    for (title, list, extra) in sections {
        let _ = writeln!(out, "\n{title}: {}", list.len());
        for &i in list.iter().take(20) {
            let p = &r.producers[i];
            let _ = writeln!(out, "{}{}", row(p), extra(p));
        }
        if list.len() > 20 {
            let _ = writeln!(out, "  … {} more", list.len() - 20);
        }
    }
    out
}

/// The report as JSON (producers, lists of producer indices, object-flow graphs of listed sites).
pub fn report_json(r: &Report) -> serde_json::Value {
    let listed: BTreeSet<u32> = r
        .reuse_no_escape
        .iter()
        .chain(&r.reuse_producer_only)
        .chain(&r.mostly_nath)
        .chain(&r.never_used)
        .map(|&i| r.producers[i].site)
        .chain(r.producers.iter().take(10).map(|p| p.site))
        .collect();
    let graphs: BTreeMap<String, &FlowGraph> = r
        .graphs
        .iter()
        .filter(|(s, _)| listed.contains(s))
        .map(|(s, g)| (s.to_string(), g))
        .collect();
    let carried: BTreeMap<String, &Vec<CarriedEdge>> = r
        .carried
        .iter()
        .filter(|(s, _)| listed.contains(s))
        .map(|(s, c)| (s.to_string(), c))
        .collect();
    let mut v = serde_json::to_value(r).unwrap_or(serde_json::Value::Null);
    if let Some(o) = v.as_object_mut() {
        o.insert(
            "graphs".into(),
            serde_json::to_value(graphs).unwrap_or(serde_json::Value::Null),
        );
        o.insert(
            "carried".into(),
            serde_json::to_value(carried).unwrap_or(serde_json::Value::Null),
        );
    }
    v
}

/// DOT graphs of the object-flow graphs of the top `top` producers with a decoded flow.
pub fn report_dot(inst: &Instrumented, r: &Report, top: usize) -> String {
    let mut out = String::new();
    let mut done = BTreeSet::new();
    for p in &r.producers {
        if done.len() >= top {
            break;
        }
        let Some(g) = r.graphs.get(&p.site) else {
            continue;
        };
        if !done.insert(p.site) {
            continue;
        }
        let exit = inst.methods[inst.sites[p.site as usize].method as usize]
            .flow
            .cfg
            .exit();
        let _ = writeln!(out, "digraph site{} {{", p.site);
        let _ = writeln!(
            out,
            "  label=\"{} at {} ({} objects)\";",
            p.ty.replace('"', "'"),
            p.location,
            p.counts.objects
        );
        for n in g.nodes.values() {
            let name = if n.node == exit {
                "exit".to_string()
            } else if n.node == 0 {
                "start".to_string()
            } else {
                match n.line {
                    Some(l) => format!("L{l}@{}", n.node),
                    None => format!("@{}", n.node),
                }
            };
            let kinds: Vec<String> = n.kinds.iter().map(|k| format!("{k:?}")).collect();
            let _ = writeln!(
                out,
                "  n{} [label=\"{}\\n{}\\n{}\"];",
                n.node,
                name,
                kinds.join(","),
                n.objects
            );
        }
        for ((a, b), c) in &g.edges {
            let _ = writeln!(out, "  n{a} -> n{b} [label=\"{c}\"];");
        }
        let _ = writeln!(out, "}}");
    }
    out
}

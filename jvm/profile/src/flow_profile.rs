//! The JVM front end of the object-flow client analyses: the instrumented jar's sites and the
//! runtime's profile become a [`graph::flow::FlowProfile`], analysed and rendered by
//! [`graph::flow`] — the same code the JavaScript front end uses.

use std::collections::{BTreeMap, BTreeSet};

pub use graph::flow::render::{report_dot, report_json, report_sarif, report_text};
pub use graph::flow::{CarriedEdge, ClientOptions, Producer, Report};
use graph::flow::{FlowGraph, FlowProfile, FlowSite, FlowSiteKind, NodeKind};

use super::objflow::{flow_graph, MethodIndex};
use super::returns::return_flows;
use super::runtime::{LoadCount, PathRecord, RawProfile};
use super::sites::{Instrumented, SiteKind};
use super::summary::Summaries;

/// The report name and location of a site: `(method, File.java:line, type or param)`.
fn describe(inst: &Instrumented, site: u32) -> (String, String, FlowSiteKind) {
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
    let kind = match &s.kind {
        SiteKind::Alloc { ty, .. } => FlowSiteKind::Alloc {
            ty: ty.replace('/', "."),
        },
        SiteKind::Param { index } => FlowSiteKind::Param { index: *index },
    };
    (m.flow.method.display_name(), loc, kind)
}

/// A site's source file below the source root (`com/x/Foo.java`) and line, where the class
/// file names its source and has a line table.
fn source_of(inst: &Instrumented, site: u32) -> Option<(String, u32)> {
    let s = &inst.sites[site as usize];
    let m = &inst.methods[s.method as usize];
    let file = m.source.as_ref()?;
    let class = &m.flow.method.class;
    let dir = class.rfind('/').map_or("", |i| &class[..=i]);
    Some((format!("{dir}{file}"), s.line?))
}

/// Heap reads by load instruction as reads per `File.java:line` (several loads on a line are one
/// place), most first.
fn load_places(inst: &Instrumented, loads: &[LoadCount]) -> Vec<(String, u64)> {
    let mut by_place: BTreeMap<String, u64> = BTreeMap::new();
    for &(method, insn, n) in loads {
        let Some(m) = inst.methods.get(method as usize) else {
            continue;
        };
        let class = m.flow.method.class.replace('/', ".");
        let place = match (&m.source, m.flow.method.lines.get(insn).copied().flatten()) {
            (Some(f), Some(l)) => format!("{f}:{l}"),
            (None, Some(l)) => format!("{class}:{l}"),
            _ => format!("{class}.{} (instruction {insn})", m.flow.method.name),
        };
        *by_place.entry(place).or_insert(0) += n;
    }
    let mut v: Vec<(String, u64)> = by_place.into_iter().collect();
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    v
}

/// The language-neutral flow profile of an instrumented jar's run; calls into code outside the
/// jar are judged by `lib`'s summaries.
pub fn flow_profile(inst: &Instrumented, prof: &RawProfile, lib: &mut Summaries) -> FlowProfile {
    let mut by_site: BTreeMap<u32, Vec<PathRecord>> = BTreeMap::new();
    for r in &prof.paths {
        by_site.entry(r.site).or_default().push(*r);
    }
    let index = MethodIndex::new(inst);
    let graphs: BTreeMap<u32, FlowGraph> = inst
        .sites
        .iter()
        .filter(|s| s.profiled)
        .filter_map(|s| Some((s.id, flow_graph(inst, &index, s, by_site.get(&s.id)?, lib))))
        .collect();
    let mut by_producer: BTreeMap<(u32, u32), Vec<PathRecord>> = BTreeMap::new();
    if prof.context > 1 {
        for r in &prof.paths {
            by_producer.entry((r.site, r.ctx)).or_default().push(*r);
        }
    }
    let ctx_graphs = by_producer
        .iter()
        .filter_map(|(&(site, ctx), records)| {
            let s = inst.sites.get(site as usize).filter(|s| s.profiled)?;
            Some(((site, ctx), flow_graph(inst, &index, s, records, lib)))
        })
        .collect();
    let sites = inst
        .sites
        .iter()
        .map(|s| {
            let (method_name, location, kind) = describe(inst, s.id);
            FlowSite {
                id: s.id,
                method: s.method,
                kind,
                method_name,
                location,
                source: source_of(inst, s.id),
                exit: inst.methods[s.method as usize].flow.cfg.exit(),
            }
        })
        .collect();
    // methods whose profiled objects are returned: where those go in the callers matters
    let returning: BTreeSet<u32> = graphs
        .values()
        .filter(|g| {
            g.nodes
                .values()
                .any(|n| n.kinds.contains(&NodeKind::Return))
        })
        .filter_map(|g| inst.sites.get(g.site as usize).map(|s| s.method))
        .collect();
    let mut counts = prof.sites.clone();
    for (&(site, _), c) in counts.iter_mut() {
        if c.bytes > 0 {
            continue; // arrays: measured by the runtime
        }
        if let Some(SiteKind::Alloc { ty, .. }) = inst.sites.get(site as usize).map(|s| &s.kind) {
            c.bytes = c.objects * lib.instance_bytes(ty).unwrap_or(0);
        }
    }
    FlowProfile {
        sites,
        counts,
        graphs,
        ctx_graphs,
        returns: return_flows(inst, &index, lib, &returning),
        context: prof.context,
        distinct_paths: prof.paths.len(),
        stacks: prof.stacks.clone(),
        loads: prof
            .loads
            .iter()
            .map(|(&k, v)| (k, load_places(inst, v)))
            .collect(),
        ..FlowProfile::default()
    }
}

/// Runs every client analysis over a run's profile.
pub fn analyze(
    inst: &Instrumented,
    prof: &RawProfile,
    opts: &ClientOptions,
    lib: &mut Summaries,
) -> Report {
    graph::flow::analyze(&flow_profile(inst, prof, lib), opts)
}

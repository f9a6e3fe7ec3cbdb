//! Client analyses over a [`FlowProfile`]: reuse candidates (flows that never escape to the heap,
//! producer-only flows), NATH / mostly-NATH, never-used / rarely-used and write-read-imbalance
//! producers (reference propagation profiling, §V), with Algorithm 5 edge probabilities carrying
//! escapes across calls.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use super::estimate::{Estimate, Sampling};
use super::flow_model::{
    CallArg, FlowGraph, FlowProfile, FlowSiteKind, NodeKind, SiteCounts, Tracking,
};

/// Thresholds of the analyses.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct ClientOptions {
    /// Reuse candidates need at least this many objects.
    pub threshold: u64,
    /// A site is mostly-NATH when at least this fraction of its objects is NATH.
    pub mostly_nath: f64,
    /// A site is rarely-used when at most this fraction of its objects is used.
    pub rarely_used: f64,
    /// Verdict lists leave out producers with a smaller share of all bytes (of all objects
    /// where the front end estimates no bytes).
    pub min_share: f64,
    /// Verdict lists keep at most this many producers (the largest).
    pub top: Option<usize>,
}

impl Default for ClientOptions {
    fn default() -> Self {
        ClientOptions {
            threshold: 10_000,
            mostly_nath: 0.8,
            rarely_used: 0.1,
            min_share: 0.0,
            top: None,
        }
    }
}

/// One producer (allocation site, per context class) in the report; producers are ranked by
/// estimated bytes, then objects.
#[derive(Debug, Clone, Serialize)]
pub struct Producer {
    /// Site id.
    pub site: u32,
    /// Context class (0 without contexts).
    pub context: u32,
    /// The method it is in.
    pub method: String,
    /// `file:line` (or the best the front end knows).
    pub location: String,
    /// Source file relative to the source root, where known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// Source line, where known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u32>,
    /// Allocated type.
    pub ty: String,
    /// Runtime counters.
    pub counts: SiteCounts,
    /// Its share of all estimated bytes (of all objects where no bytes are estimated).
    pub share: f64,
    /// Nodes of its reference-propagation graph: the producer, the nodes of its flow graph and
    /// the loads that read its objects back.
    pub rp_nodes: usize,
    /// Edges of that graph: flow edges and one per load.
    pub rp_edges: usize,
    /// Reachable call/return nodes (complexity metric).
    pub call_return_nodes: usize,
    /// Reachable heap nodes: heap writes in its flow graph and the loads that read its objects
    /// back (complexity metric).
    pub heap_nodes: usize,
    /// Objects the path profile says escape (Algorithm 5 estimate, rounded).
    pub escaping: u64,
    /// Objects on producer-only paths.
    pub producer_only: u64,
    /// Methods outside the profiled code its objects are passed to (`java.util.HashMap.put`),
    /// at most five: what they do with them is not seen.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub passed_to: Vec<String>,
    /// Methods outside the profiled code that use its objects, by their summaries
    /// (`java.util.HashMap.put`), at most five.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub used_by: Vec<String>,
    /// Methods outside the profiled code that may keep its objects in the heap (their summaries
    /// say they store them or lose sight of them, or there is no summary), at most five: its
    /// objects may be in the heap without a heap write of ours, so it is no NATH site.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub kept_by: Vec<String>,
    /// Objects those methods received (the most at any one call node): used there.
    #[serde(skip_serializing_if = "is_zero")]
    pub library_used: u64,
    /// Objects thrown (the most at any one throw node): a handler that is not profiled may use
    /// them.
    #[serde(skip_serializing_if = "is_zero")]
    pub thrown: u64,
    /// Where its context class comes from, if the front end names it (`called from a.js:3:5`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub called_from: Option<String>,
    /// The tests that allocated most of the site's objects (name, objects), most first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tests: Vec<(String, u64)>,
    /// The allocation stacks (callers, innermost first, `;` between frames) that allocated most
    /// of its objects, with the objects each stands for (estimated from samples and scaled so
    /// that all of the site's stacks add up to its objects), at most three.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stacks: Vec<(String, u64)>,
    /// Where its objects were read back from the heap most (`File.java:line`, reads), at most
    /// three.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub read_at: Vec<(String, u64)>,
    /// A sampled run's estimates of its counts (`counts` then holds the estimates' values).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub estimate: Option<Estimate>,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
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
    /// Their estimated bytes (0: the front end estimates none).
    pub bytes: u64,
    /// Object accesses on decoded paths (nodes after the creation).
    pub accesses: u64,
    /// Distinct path segments.
    pub distinct_paths: usize,
    /// Path segments that could not be decoded.
    pub undecoded: u64,
    /// Every producer with objects, by object count.
    pub producers: Vec<Producer>,
    /// Reuse candidates: objects never escape (producer indices, ranked).
    pub reuse_no_escape: Vec<usize>,
    /// Reuse candidates: producer-only paths.
    pub reuse_producer_only: Vec<usize>,
    /// NATH sites.
    pub nath: Vec<usize>,
    /// Mostly-NATH sites (not NATH).
    pub mostly_nath: Vec<usize>,
    /// Never-used sites: no object used, none passed to code that is not profiled, none read
    /// back from the heap.
    pub never_used: Vec<usize>,
    /// Sites whose objects were not used by profiled code but went where it cannot see (passed to
    /// the JDK or another unprofiled method, or read back from the heap): use unknown.
    #[serde(default)]
    pub unknown_use: Vec<usize>,
    /// Sites whose objects were not used by profiled code but by library code that received
    /// them, as its summary shows (`used_by`): not never-used.
    #[serde(default)]
    pub library_use: Vec<usize>,
    /// Rarely-used sites (not never-used).
    pub rarely_used: Vec<usize>,
    /// Write-read imbalance at t = 2.
    pub wri_2: Vec<usize>,
    /// Write-read imbalance at t = ∞ (written, never read back).
    pub wri_inf: Vec<usize>,
    /// The cost-benefit view: every producer written to the heap, by cost (heap writes) over
    /// benefit (heap reads), most imbalanced first.
    #[serde(default)]
    pub cost_benefit: Vec<usize>,
    /// A sampled run's producers with too few followed objects for any verdict.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub not_observed: Vec<usize>,
    /// How a sampled run was sampled (none for a full run).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sampling: Option<Sampling>,
    /// Object-flow graphs of the profiled sites, by site id.
    #[serde(skip)]
    pub graphs: BTreeMap<u32, FlowGraph>,
    /// Per allocation site, its objects' flows carried into callees (Algorithm 5).
    #[serde(skip)]
    pub carried: BTreeMap<u32, Vec<CarriedEdge>>,
    /// Exit node of each site's method (for drawing).
    #[serde(skip)]
    pub exits: BTreeMap<u32, usize>,
    /// How the front end followed the objects.
    #[serde(skip)]
    pub tracking: Tracking,
}

/// Escape probabilities of parameters (Algorithm 5) and what they are computed from.
struct Escapes<'p> {
    profile: &'p FlowProfile,
    params: BTreeMap<(u32, usize), u32>,
    p_esc: BTreeMap<u32, f64>,
}

impl Escapes<'_> {
    /// Iterates the parameters' escape probabilities to a fixed point from 0.
    fn compute(profile: &FlowProfile) -> Escapes<'_> {
        let params = profile.param_sites();
        let mut e = Escapes {
            profile,
            p_esc: params.values().map(|&s| (s, 0.0)).collect(),
            params,
        };
        for _ in 0..8 {
            let mut next = e.p_esc.clone();
            for &s in e.params.values() {
                let Some(g) = profile.graphs.get(&s) else {
                    continue;
                };
                let total: u64 = g.segments.iter().map(|x| x.count).sum();
                if total == 0 {
                    continue;
                }
                let esc: f64 = g
                    .segments
                    .iter()
                    .map(|x| x.count as f64 * e.segment(g, &x.nodes))
                    .sum();
                next.insert(s, esc / total as f64);
            }
            if next == e.p_esc {
                break;
            }
            e.p_esc = next;
        }
        e
    }

    fn node(&self, kinds: &BTreeSet<NodeKind>, calls: &[CallArg], method: Option<u32>) -> f64 {
        if kinds.contains(&NodeKind::HeapWrite) || kinds.contains(&NodeKind::Throw) {
            return 1.0;
        }
        let mut p: f64 = 0.0;
        if kinds.contains(&NodeKind::Return) {
            p = self.returned(method);
        }
        let objects = self.profile.tracking == Tracking::Objects;
        for c in calls {
            if c.callees.is_empty() && (objects || may_keep(c)) {
                // handed to code that is not instrumented: it may keep the object
                return 1.0;
            }
            for &m in &c.callees {
                let q = match self.params.get(&(m, c.param)) {
                    Some(s) => self.p_esc.get(s).copied().unwrap_or(0.0),
                    // a method whose flows are not profiled: assume the worst
                    None => 1.0,
                };
                p = p.max(q);
            }
        }
        p
    }

    /// Probability that an object taking the segment through `nodes` escapes.
    fn segment(&self, g: &FlowGraph, nodes: &[usize]) -> f64 {
        let method = self.profile.sites.get(g.site as usize).map(|s| s.method);
        let mut stay = 1.0;
        for v in nodes {
            if let Some(n) = g.nodes.get(v) {
                stay *= 1.0 - self.node(&n.kinds, &n.calls, method);
            }
        }
        1.0 - stay
    }

    /// Probability that an object `method` returns escapes in its callers.
    fn returned(&self, method: Option<u32>) -> f64 {
        let Some(rf) = method.and_then(|m| self.profile.returns.get(&m)) else {
            return 1.0;
        };
        if rf.escapes {
            return 1.0;
        }
        rf.params
            .iter()
            .map(|k| match self.params.get(k) {
                Some(s) => self.p_esc.get(s).copied().unwrap_or(0.0),
                None => 1.0,
            })
            .fold(0.0, f64::max)
    }

    /// The parameter sites a node passes its object to.
    fn callee_sites<'a>(&'a self, calls: &'a [CallArg]) -> impl Iterator<Item = u32> + 'a {
        calls.iter().flat_map(move |c| {
            c.callees
                .iter()
                .filter_map(move |&m| self.params.get(&(m, c.param)).copied())
        })
    }
}

/// Runs every client analysis over a profile.
pub fn analyze(profile: &FlowProfile, opts: &ClientOptions) -> Report {
    let esc = Escapes::compute(profile);
    let graphs = &profile.graphs;
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
    let mut producers = Vec::new();
    for (&(site, ctx), counts) in &profile.counts {
        let Some(s) = profile.sites.get(site as usize) else {
            continue;
        };
        let FlowSiteKind::Alloc { ty } = &s.kind else {
            continue;
        };
        objects += counts.objects;
        let mut p = Producer {
            site,
            context: ctx,
            method: s.method_name.clone(),
            location: s.location.clone(),
            file: s.source.as_ref().map(|(f, _)| f.clone()),
            line: s.source.as_ref().map(|&(_, l)| l),
            ty: ty.clone(),
            counts: *counts,
            share: 0.0,
            rp_nodes: 1,
            rp_edges: 0,
            call_return_nodes: 0,
            heap_nodes: 0,
            escaping: 0,
            producer_only: 0,
            passed_to: Vec::new(),
            used_by: Vec::new(),
            kept_by: Vec::new(),
            library_used: 0,
            thrown: 0,
            called_from: profile.contexts.get(&ctx).cloned(),
            tests: profile.tests.get(&site).cloned().unwrap_or_default(),
            stacks: top_three(
                scaled_stacks(profile.stacks.get(&(site, ctx)), counts.objects).as_ref(),
            ),
            read_at: top_three(profile.loads.get(&(site, ctx))),
            estimate: None,
        };
        let own = profile.ctx_graphs.get(&(site, ctx)).or(graphs.get(&site));
        if let Some(g) = own {
            flow_figures(&esc, g, s.exit, &mut p);
            (p.call_return_nodes, p.heap_nodes) = reachable_metrics(&esc, g);
            p.rp_nodes += g.nodes.keys().filter(|&&n| n != 0 && n != s.exit).count();
            p.rp_edges += g.edges.len();
        }
        let loads = profile.loads.get(&(site, ctx)).map_or(0, Vec::len);
        p.heap_nodes += loads;
        p.rp_nodes += loads;
        p.rp_edges += loads;
        producers.push(p);
    }
    let bytes: u64 = producers.iter().map(|p| p.counts.bytes).sum();
    for p in &mut producers {
        p.share = if bytes > 0 {
            p.counts.bytes as f64 / bytes as f64
        } else {
            p.counts.objects as f64 / objects.max(1) as f64
        };
    }
    producers.sort_by(|a, b| {
        (b.counts.bytes, b.counts.objects)
            .cmp(&(a.counts.bytes, a.counts.objects))
            .then(a.site.cmp(&b.site))
            .then(a.context.cmp(&b.context))
    });
    let mut r = Report {
        options: *opts,
        context: profile.context,
        objects,
        bytes,
        accesses,
        distinct_paths: profile.distinct_paths,
        undecoded,
        producers,
        reuse_no_escape: Vec::new(),
        reuse_producer_only: Vec::new(),
        nath: Vec::new(),
        mostly_nath: Vec::new(),
        never_used: Vec::new(),
        unknown_use: Vec::new(),
        library_use: Vec::new(),
        rarely_used: Vec::new(),
        wri_2: Vec::new(),
        wri_inf: Vec::new(),
        cost_benefit: Vec::new(),
        not_observed: Vec::new(),
        sampling: None,
        carried: graphs
            .keys()
            .map(|&site| (site, carry(&esc, site)))
            .filter(|(_, v)| !v.is_empty())
            .collect(),
        graphs: graphs.clone(),
        exits: profile.sites.iter().map(|s| (s.id, s.exit)).collect(),
        tracking: profile.tracking,
    };
    verdicts(&mut r, opts);
    r
}

/// The sampled stacks of a site with their weights scaled to its `objects` (a ratio estimate:
/// the count is exact, the weights are not), so the shares of its stacks add up to 100 %.
/// Sampled weights alone could add up to more than the site allocated (two stacks of 256 each
/// for 451 objects).
fn scaled_stacks(stacks: Option<&Vec<(String, u64)>>, objects: u64) -> Option<Vec<(String, u64)>> {
    let stacks = stacks?;
    let total: u128 = stacks.iter().map(|s| u128::from(s.1)).sum();
    if total == 0 {
        return Some(stacks.clone());
    }
    let scale = |w: u64| {
        let n = (u128::from(w) * u128::from(objects) + total / 2) / total;
        u64::try_from(n).unwrap_or(u64::MAX)
    };
    Some(stacks.iter().map(|(s, w)| (s.clone(), scale(*w))).collect())
}

/// The three entries (stacks, places) that stand for the most objects, most first.
fn top_three(stacks: Option<&Vec<(String, u64)>>) -> Vec<(String, u64)> {
    let mut v = stacks.cloned().unwrap_or_default();
    v.retain(|s| !s.0.is_empty()); // allocated in the entry method: no caller to show
    v.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    v.truncate(3);
    v
}

/// Whether a call into code outside the profile may keep the object it is passed: its summary
/// says it stores it, or, for an argument, returns it (`Objects.requireNonNull`: where the
/// result goes is not followed), loses sight of it or is missing. A receiver is kept only where
/// the summary says so: an interface's method (`Map.put`) has no summary, the library's
/// collections do not store themselves, and a builder's `append` returns itself.
fn may_keep(c: &CallArg) -> bool {
    match c.receiver {
        true => c.effect.is_some_and(|e| e.stored),
        false => c.effect.is_none_or(|e| e.stored || e.returned || e.unknown),
    }
}

/// Escaping and producer-only objects of a producer from its flow graph.
fn flow_figures(esc: &Escapes<'_>, g: &FlowGraph, exit: usize, p: &mut Producer) {
    let mut escaping = 0.0f64;
    for seg in &g.segments {
        escaping += seg.count as f64 * esc.segment(g, &seg.nodes);
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
            p.producer_only += seg.count;
        }
    }
    // an object may escape on more than one of its segments (loop restarts): once is enough
    p.escaping = (escaping.round() as u64).min(p.counts.objects);
    outside_calls(esc, g, p);
}

/// What calls into code outside the profile did with a producer's objects: used there by a
/// summary (`used_by`, `library_used`), or gone where a use is not seen (`passed_to`); a callee
/// whose summary shows it ignores the object is neither. A returned object's callers' calls
/// may only be places it went (`passed_to`). Also counts thrown objects.
fn outside_calls(esc: &Escapes<'_>, g: &FlowGraph, p: &mut Producer) {
    let profile = esc.profile;
    // a returned object: what the callers' calls into such code do with it counts too
    let method = profile.sites.get(g.site as usize).map(|s| s.method);
    let returned = method.and_then(|m| profile.returns.get(&m)).filter(|_| {
        g.nodes
            .values()
            .any(|n| n.kinds.contains(&NodeKind::Return))
    });
    // and so do the methods of ours they pass it to
    let callers_pass: Vec<u32> = returned
        .iter()
        .flat_map(|rf| rf.params.iter().filter_map(|k| esc.params.get(k).copied()))
        .collect();
    let (mut passed, mut kept) = handed_on(esc, g, callers_pass);
    let mut used = BTreeSet::new();
    for n in g.nodes.values() {
        if n.kinds.contains(&NodeKind::Throw) {
            p.thrown = p.thrown.max(n.objects.min(p.counts.objects));
        }
        // the callers' calls are not on a profiled path: which objects reached one is not
        // known, so a use there is only a place the object may go
        if let Some(rf) = returned.filter(|_| n.kinds.contains(&NodeKind::Return)) {
            for c in &rf.outside {
                if c.effect.is_none_or(|e| e.used || e.hides_use()) {
                    passed.insert(c.callee.clone());
                }
                if may_keep(c) {
                    kept.insert(c.callee.clone());
                }
            }
        }
        for c in n.calls.iter().filter(|c| c.callees.is_empty()) {
            if may_keep(c) {
                kept.insert(c.callee.clone());
            }
            match c.effect {
                Some(e) if e.used => {
                    used.insert(c.callee.clone());
                    p.library_used = p.library_used.max(n.objects.min(p.counts.objects));
                }
                Some(e) if !e.hides_use() => {}
                _ => {
                    passed.insert(c.callee.clone());
                }
            }
        }
    }
    p.passed_to = passed.into_iter().take(5).collect();
    p.used_by = used.into_iter().take(5).collect();
    // JavaScript's front end has no summaries: its NATH stays what its tags counted
    if profile.tracking == Tracking::Paths {
        p.kept_by = kept.into_iter().take(5).collect();
    }
}

/// Where the profiled methods a producer's objects are passed to hand them to code outside the
/// profile (through their parameters' flows, transitively): places the objects may be used,
/// and those of them that may keep the objects; `also`: more parameter sites to start from (where
/// callers pass a returned object). Which objects took a callee's path is not known, so none of
/// them counts as a use.
fn handed_on(
    esc: &Escapes<'_>,
    g: &FlowGraph,
    also: Vec<u32>,
) -> (BTreeSet<String>, BTreeSet<String>) {
    let mut out = BTreeSet::new();
    let mut kept = BTreeSet::new();
    let mut work: Vec<u32> = g
        .nodes
        .values()
        .flat_map(|n| esc.callee_sites(&n.calls))
        .chain(also)
        .collect();
    let mut seen = BTreeSet::from([g.site]);
    while let Some(s) = work.pop() {
        if !seen.insert(s) || seen.len() > HANDED_ON_SITES {
            continue;
        }
        let Some(pg) = esc.profile.graphs.get(&s) else {
            continue;
        };
        for n in pg.nodes.values() {
            for c in n.calls.iter().filter(|c| c.callees.is_empty()) {
                if c.effect.is_none_or(|e| e.used || e.hides_use()) {
                    out.insert(c.callee.clone());
                }
                if may_keep(c) {
                    kept.insert(c.callee.clone());
                }
            }
            work.extend(esc.callee_sites(&n.calls));
        }
    }
    (out, kept)
}

/// How many parameter sites [`handed_on`] looks at for one producer.
const HANDED_ON_SITES: usize = 256;

/// Fills the verdict lists (producer indices) from the counters and flows.
fn verdicts(r: &mut Report, opts: &ClientOptions) {
    let producers = &r.producers;
    let pick = |f: &dyn Fn(&Producer) -> bool| -> Vec<usize> {
        (0..producers.len())
            .filter(|&i| producers[i].share >= opts.min_share && f(&producers[i]))
            .take(opts.top.unwrap_or(usize::MAX))
            .collect()
    };
    let profiled = |p: &Producer| {
        r.graphs
            .get(&p.site)
            .is_some_and(|g| g.objects > 0 && g.undecoded == 0)
    };
    // an object its constructor stored is in the heap before its path starts
    r.reuse_no_escape = pick(&|p| {
        profiled(p)
            && p.counts.objects >= opts.threshold
            && p.escaping == 0
            && p.counts.heap_objects == 0
    });
    // what another object was built from is no temporary if it was kept
    r.reuse_producer_only = pick(&|p| {
        p.producer_only >= opts.threshold && p.counts.heap_objects == 0 && p.kept_by.is_empty()
    });
    r.nath = pick(&|p| p.counts.heap_objects == 0 && p.kept_by.is_empty());
    r.mostly_nath = pick(&|p| {
        p.counts.heap_objects > 0
            && p.kept_by.is_empty()
            && p.counts.objects.saturating_sub(p.counts.heap_objects) as f64
                >= opts.mostly_nath * p.counts.objects as f64
    });
    // an object handed to code we do not see, or read back from the heap, may be used there
    let hidden_after_reads = r.tracking == Tracking::Paths;
    let unseen = |p: &Producer| {
        !p.passed_to.is_empty() || (hidden_after_reads && (p.counts.heap_reads > 0 || p.thrown > 0))
    };
    let unused = |p: &Producer| p.counts.used_objects == 0 && p.library_used == 0;
    r.never_used = pick(&|p| unused(p) && !unseen(p));
    r.unknown_use = pick(&|p| unused(p) && unseen(p));
    r.library_use = pick(&|p| p.counts.used_objects == 0 && p.library_used > 0);
    r.rarely_used = pick(&|p| {
        let used = (p.counts.used_objects + p.library_used).min(p.counts.objects);
        used > 0 && used as f64 <= opts.rarely_used * p.counts.objects as f64
    });
    r.wri_2 =
        pick(&|p| p.counts.heap_writes > 0 && p.counts.heap_writes >= 2 * p.counts.heap_reads);
    r.wri_inf = pick(&|p| p.counts.heap_writes > 0 && p.counts.heap_reads == 0);
    let mut cb: Vec<usize> = (0..producers.len())
        .filter(|&i| producers[i].share >= opts.min_share && producers[i].counts.heap_writes > 0)
        .collect();
    let ratio = |i: usize| {
        let c = &producers[i].counts;
        c.heap_writes as f64 / c.heap_reads.max(1) as f64
    };
    cb.sort_by(|&a, &b| {
        ratio(b)
            .total_cmp(&ratio(a))
            .then(
                producers[b]
                    .counts
                    .heap_writes
                    .cmp(&producers[a].counts.heap_writes),
            )
            .then(a.cmp(&b))
    });
    cb.truncate(opts.top.unwrap_or(usize::MAX));
    r.cost_benefit = cb;
}

/// An edge of a callee's parameter flow graph with the objects of a caller's site estimated to
/// take it (Algorithm 5: the callee's edge probabilities times the objects passed in).
#[derive(Debug, Clone, Serialize)]
pub struct CarriedEdge {
    /// The callee.
    pub method: String,
    /// Parameter index in the callee (`this` is 0).
    pub param: usize,
    /// Call depth (1: a direct callee).
    pub depth: usize,
    /// Node ids of the callee edge.
    pub from: usize,
    /// Target node.
    pub to: usize,
    /// Source line of the target node, if any.
    pub line: Option<u32>,
    /// Estimated objects on the edge.
    pub objects: f64,
}

/// Carries a site's objects through calls into the callees' parameter flows, three calls deep.
fn carry(esc: &Escapes<'_>, site: u32) -> Vec<CarriedEdge> {
    let profile = esc.profile;
    let mut out = Vec::new();
    // (graph site, objects entering it, depth)
    let mut work: Vec<(u32, f64, usize)> = vec![(site, f64::NAN, 0)];
    while let Some((gs, entering, depth)) = work.pop() {
        let Some(g) = profile.graphs.get(&gs) else {
            continue;
        };
        let total = g.objects.max(1) as f64;
        let scale = if entering.is_nan() {
            1.0
        } else {
            entering / total
        };
        if depth > 0 {
            let s = &profile.sites[gs as usize];
            let param = match s.kind {
                FlowSiteKind::Param { index } => index,
                FlowSiteKind::Alloc { .. } => 0,
            };
            for (&(from, to), &c) in &g.edges {
                out.push(CarriedEdge {
                    method: s.method_name.clone(),
                    param,
                    depth,
                    from,
                    to,
                    line: g.nodes.get(&to).and_then(|n| n.line),
                    objects: c as f64 * scale,
                });
            }
        }
        if depth >= 3 {
            continue;
        }
        for n in g.nodes.values() {
            let callees: Vec<u32> = esc
                .callee_sites(&n.calls)
                .filter(|ps| *ps != gs && *ps != site)
                .collect();
            let share = n.objects as f64 * scale / callees.len().max(1) as f64;
            for ps in callees {
                work.push((ps, share, depth + 1));
            }
        }
    }
    out
}

/// Call/return nodes and heap-write nodes reachable from a site's flows, following calls into
/// the parameter flows of the callees.
fn reachable_metrics(esc: &Escapes<'_>, own: &FlowGraph) -> (usize, usize) {
    let mut seen_sites: BTreeSet<u32> = BTreeSet::new();
    let mut work = vec![own.site];
    let (mut cr, mut heap) = (0, 0);
    while let Some(s) = work.pop() {
        if !seen_sites.insert(s) {
            continue;
        }
        // the producer's own graph (its context's paths), then its callees' parameter graphs
        let g = if s == own.site {
            own
        } else if let Some(g) = esc.profile.graphs.get(&s) {
            g
        } else {
            continue;
        };
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
            work.extend(esc.callee_sites(&n.calls));
        }
    }
    (cr, heap)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::flow::flow_model::{FlowNode, FlowSite, Segment};

    fn site(id: u32, ty: &str) -> FlowSite {
        FlowSite {
            id,
            method: 0,
            kind: FlowSiteKind::Alloc { ty: ty.into() },
            method_name: "m".into(),
            location: format!("f:{id}"),
            source: Some(("f".into(), id)),
            exit: 9,
        }
    }

    fn node(v: usize, kinds: &[NodeKind], objects: u64) -> (usize, FlowNode) {
        let n = FlowNode {
            node: v,
            line: Some(v as u32),
            kinds: kinds.iter().copied().collect(),
            objects,
            calls: Vec::new(),
        };
        (v, n)
    }

    /// Site 0: used locally, never stored (a reuse candidate); site 1: stored, never used.
    fn profile(n: u64) -> FlowProfile {
        let counts = |used: u64, heap: u64| SiteCounts {
            objects: n,
            heap_objects: heap,
            used_objects: used,
            heap_writes: heap,
            heap_reads: 0,
            bytes: 0,
        };
        let local = FlowGraph {
            site: 0,
            nodes: [node(1, &[NodeKind::Alloc], n), node(2, &[NodeKind::Use], n)]
                .into_iter()
                .collect(),
            edges: [((1, 2), n), ((2, 9), n)].into_iter().collect(),
            segments: vec![Segment {
                nodes: vec![1, 2, 9],
                count: n,
                first: true,
            }],
            objects: n,
            undecoded: 0,
        };
        let stored = FlowGraph {
            site: 1,
            nodes: [node(3, &[NodeKind::Alloc, NodeKind::HeapWrite], n)]
                .into_iter()
                .collect(),
            edges: [((3, 9), n)].into_iter().collect(),
            segments: vec![Segment {
                nodes: vec![3, 9],
                count: n,
                first: true,
            }],
            objects: n,
            undecoded: 0,
        };
        FlowProfile {
            sites: vec![site(0, "Temp"), site(1, "Entry")],
            counts: [((0, 0), counts(n, 0)), ((1, 0), counts(0, n))]
                .into_iter()
                .collect(),
            graphs: [(0, local), (1, stored)].into_iter().collect(),
            context: 1,
            distinct_paths: 2,
            ..FlowProfile::default()
        }
    }

    #[test]
    fn verdicts_follow_counts_and_flows() {
        let r = analyze(&profile(20_000), &ClientOptions::default());
        let at = |list: &Vec<usize>| -> Vec<String> {
            list.iter()
                .map(|&i| r.producers[i].location.clone())
                .collect()
        };
        assert_eq!(at(&r.reuse_no_escape), vec!["f:0"]);
        assert_eq!(at(&r.nath), vec!["f:0"]);
        assert_eq!(at(&r.never_used), vec!["f:1"]);
        assert_eq!(at(&r.wri_inf), vec!["f:1"]);
        assert!(r.mostly_nath.is_empty() && r.rarely_used.is_empty());
        assert_eq!(r.objects, 40_000);
        // read back from the heap and never used by profiled code: use unknown, not never-used
        let mut read_back = profile(20_000);
        read_back.counts.get_mut(&(1, 0)).unwrap().heap_reads = 5;
        let r = analyze(&read_back, &ClientOptions::default());
        assert!(r.never_used.is_empty());
        assert_eq!(r.producers[r.unknown_use[0]].location, "f:1");
        // below the reuse threshold the local site is no candidate
        let small = analyze(&profile(10), &ClientOptions::default());
        assert!(small.reuse_no_escape.is_empty());
    }

    #[test]
    fn sampled_stacks_add_up_to_the_objects() {
        // 451 objects: eight stacks taken one by one, then two drawn one in 256
        let mut p = profile(451);
        let stacks = vec![
            ("a.f:1".to_string(), 256),
            ("b.g:2".to_string(), 256),
            ("c.h:3".to_string(), 8),
        ];
        p.stacks.insert((1, 0), stacks);
        let r = analyze(&p, &ClientOptions::default());
        let site = r.producers.iter().find(|q| q.site == 1).unwrap();
        let got: Vec<u64> = site.stacks.iter().map(|s| s.1).collect();
        assert_eq!(got, vec![222, 222, 7]);
        assert!(got.iter().sum::<u64>() <= 451);
        // stacks taken of every object stay as counted
        let mut exact = profile(10);
        exact
            .stacks
            .insert((1, 0), vec![("a.f:1".into(), 6), ("b.g:2".into(), 4)]);
        let r = analyze(&exact, &ClientOptions::default());
        let site = r.producers.iter().find(|q| q.site == 1).unwrap();
        assert_eq!(site.stacks, vec![("a.f:1".into(), 6), ("b.g:2".into(), 4)]);
    }
}

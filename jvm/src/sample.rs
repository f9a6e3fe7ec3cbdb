//! Sampled object-flow profiling (property-aware program sampling on the stock JVM): the plan
//! handed to the runtime, the property that restricts a run to some allocation sites, and the
//! scaling of a sampled profile to estimates with 95 % intervals.
//!
//! The runtime counts every allocation (objects and bytes stay exact) but follows an object —
//! tags it, sees its uses, heap writes and reads — with probability `rate`; the path probes
//! (method entry and exit, accesses) run only in sampled windows of `period_ms`, a fraction
//! `rate` of them, and cost one volatile read when off.

use std::collections::BTreeMap;

use graph::flow::{Estimate, Interval, Report, Sampling};

use super::instrument::{Instrumented, SiteKind};
use super::runtime::{GroupCount, RawProfile};

/// The default share of objects followed (and of path windows on).
pub const DEFAULT_RATE: f64 = 0.02;
/// The default path window, milliseconds.
pub const DEFAULT_PERIOD_MS: u32 = 1;

/// How a run is sampled.
#[derive(Debug, Clone, PartialEq)]
pub struct SamplePlan {
    /// Share of objects followed and of path windows on (1: full profiling).
    pub rate: f64,
    /// Seed of the runtime's random choices.
    pub seed: u64,
    /// Path window, milliseconds.
    pub period_ms: u32,
    /// Only these allocation sites (`File.java:line` or a class name), if given.
    pub property: Option<String>,
}

impl Default for SamplePlan {
    fn default() -> Self {
        SamplePlan {
            rate: 1.0,
            seed: 1,
            period_ms: DEFAULT_PERIOD_MS,
            property: None,
        }
    }
}

impl SamplePlan {
    /// The runtime's system properties for this plan; `sites` are the property's sites.
    pub fn jvm_props(&self, sites: Option<&[u32]>) -> Vec<(String, String)> {
        let mut out = Vec::new();
        if self.rate < 1.0 {
            out.push(("decisionprof.rate".into(), self.rate.to_string()));
            out.push(("decisionprof.seed".into(), self.seed.to_string()));
            out.push(("decisionprof.period".into(), self.period_ms.to_string()));
        }
        if let Some(ids) = sites {
            let list: Vec<String> = ids.iter().map(u32::to_string).collect();
            out.push(("decisionprof.only".into(), list.join(",")));
        }
        out
    }
}

/// The allocation sites a property names: `File.java:line` (the sites on that line of that
/// source file) or a class (its dotted name, or simple name: the sites allocating it).
pub fn property_sites(inst: &Instrumented, property: &str) -> Result<Vec<u32>, String> {
    let at_line = property
        .rsplit_once(':')
        .and_then(|(f, l)| Some((f, l.parse::<u32>().ok()?)));
    let ids: Vec<u32> = inst
        .sites
        .iter()
        .filter(|s| {
            let SiteKind::Alloc { ty, .. } = &s.kind else {
                return false;
            };
            match at_line {
                Some((file, line)) => {
                    let m = &inst.methods[s.method as usize];
                    s.line == Some(line)
                        && m.source
                            .as_deref()
                            .is_some_and(|src| file == src || file.ends_with(&format!("/{src}")))
                }
                None => {
                    let dotted = ty.replace('/', ".");
                    dotted == property || dotted.rsplit('.').next() == Some(property)
                }
            }
        })
        .map(|s| s.id)
        .collect();
    if ids.is_empty() {
        return Err(format!(
            "no allocation site matches the property `{property}` (give File.java:line or a class name)"
        ));
    }
    Ok(ids)
}

/// A sampled profile scaled to estimates: counters of followed objects scaled to all objects,
/// path and load counts scaled by the share followed and the share of windows on; with each
/// producer's intervals. A full profile is returned unchanged, with no estimates.
pub fn scale(raw: &RawProfile) -> (RawProfile, BTreeMap<(u32, u32), Estimate>) {
    let mut out = raw.clone();
    let mut est = BTreeMap::new();
    let Some(plan) = raw.sampling else {
        return (out, est);
    };
    let windows = plan.windows as f64 / plan.windows_on.max(1) as f64;
    let mut factor: BTreeMap<(u32, u32), f64> = BTreeMap::new();
    for (key, c) in out.sites.iter_mut() {
        let n = raw.followed.get(key).copied().unwrap_or(c.objects);
        let e = Estimate {
            followed: n,
            on_paths: None,
            used_objects: Interval::share(c.used_objects, n, c.objects),
            heap_objects: Interval::share(c.heap_objects, n, c.objects),
            heap_writes: traffic(raw, key, c.heap_writes, n, c.objects, |g| g.writes),
            heap_reads: traffic(raw, key, c.heap_reads, n, c.objects, |g| g.reads),
        };
        factor.insert(*key, c.objects as f64 / n.max(1) as f64);
        c.used_objects = e.used_objects.value;
        c.heap_objects = e.heap_objects.value;
        c.heap_writes = e.heap_writes.value;
        c.heap_reads = e.heap_reads.value;
        est.insert(*key, e);
    }
    let up = |count: u64, f: f64| ((count as f64 * f).round() as u64).max(count.min(1));
    for r in &mut out.paths {
        // parameters are followed whoever allocated them: only the windows scale them
        let f = factor.get(&(r.site, r.ctx)).copied().unwrap_or(1.0);
        r.count = up(r.count, f * windows);
    }
    for (key, loads) in out.loads.iter_mut() {
        let f = factor.get(key).copied().unwrap_or(1.0);
        for l in loads.iter_mut() {
            l.2 = up(l.2, f);
        }
    }
    (out, est)
}

/// Heap writes or reads of a producer's followed objects scaled to all of them: by replicate
/// groups where the runtime counted them, else as a Poisson count.
fn traffic(
    raw: &RawProfile,
    key: &(u32, u32),
    seen: u64,
    n: u64,
    total: u64,
    of: fn(&GroupCount) -> u64,
) -> Interval {
    match raw.groups.get(key) {
        Some(groups) => Interval::replicated(&groups.iter().map(of).collect::<Vec<_>>(), n, total),
        None => Interval::scaled(seen, n, total),
    }
}

/// The share of the producers' slices (their CFG nodes) that the decoded paths reached: how
/// much of what the property can show the run observed.
pub fn slice_coverage(inst: &Instrumented, report: &Report) -> f64 {
    let (mut seen, mut all) = (0usize, 0usize);
    for p in &report.producers {
        let Some(site) = inst.sites.get(p.site as usize).filter(|s| s.profiled) else {
            continue;
        };
        let flow = &inst.methods[site.method as usize].flow;
        let Some(slice) = flow.slices.iter().find(|s| s.target == site.def) else {
            continue;
        };
        all += slice.nodes.len();
        if let Some(g) = report.graphs.get(&p.site) {
            seen += slice
                .nodes
                .iter()
                .filter(|n| g.nodes.contains_key(n))
                .count();
        }
    }
    seen as f64 / all.max(1) as f64
}

/// Attaches a sampled run's estimates, plan and coverage to its report (nothing for a full run).
pub fn annotate(
    inst: &Instrumented,
    raw: &RawProfile,
    estimates: &BTreeMap<(u32, u32), Estimate>,
    property: Option<&str>,
    report: &mut Report,
) {
    let Some(plan) = raw.sampling else {
        return;
    };
    // followed objects on decoded paths: the first segments' counts, before scaling
    let mut on_paths: BTreeMap<(u32, u32), u64> = BTreeMap::new();
    for r in raw.paths.iter().filter(|r| r.from == 0) {
        *on_paths.entry((r.site, r.ctx)).or_insert(0) += r.count;
    }
    let mut estimates = estimates.clone();
    for (key, e) in estimates.iter_mut() {
        if inst.sites.get(key.0 as usize).is_some_and(|s| s.profiled) {
            e.on_paths = Some(on_paths.get(key).copied().unwrap_or(0));
        }
    }
    let sampling = Sampling {
        rate: plan.rate,
        seed: plan.seed,
        period_ms: plan.period_ms,
        windows_on: plan.windows_on,
        windows: plan.windows,
        followed: raw.followed.values().sum(),
        coverage: slice_coverage(inst, report),
        property: property.map(str::to_string),
    };
    graph::flow::apply_estimates(report, &estimates, sampling);
}

//! The report of a profiled run, full or sampled: a sampled profile (property-aware program
//! sampling on the stock JVM, [`super::sample_plan`]) is scaled to estimates with 95 % intervals
//! before the client analyses see it, and the report then carries the intervals, the plan, the
//! slice coverage and the producers not observed.
//!
//! The runtime counts every allocation (objects and bytes stay exact) but follows an object —
//! tags it, sees its uses, heap writes and reads — if it is one of its site's first objects (the
//! certain stratum, counted exactly) or else with probability `rate`, in random replicate groups;
//! the path probes (method entry and exit, accesses) run in sampled windows of `period_ms`, a
//! fraction `rate` of them, and in each method's first invocations (bursts).

use std::collections::BTreeMap;

use graph::flow::{ClientOptions, Estimate, Interval, Report, Sampling};

use super::flow_profile::analyze;
use super::runtime::{GroupCount, RawProfile, SiteCounts};
use super::sample_plan::GROUPS;
use super::sites::Instrumented;
use super::summary::Summaries;

/// The report of a profiled run, full or sampled: a sampled profile is scaled to estimates
/// first, analysed like a full one, and the report then carries the intervals, the plan, the
/// slice coverage and the not-observed producers.
pub fn analyze_run(
    inst: &Instrumented,
    raw: &RawProfile,
    opts: &ClientOptions,
    lib: &mut Summaries,
    property: Option<&str>,
) -> Report {
    let Some(plan) = raw.sampling else {
        return analyze(inst, raw, opts, lib);
    };
    let (scaled, estimates) = scale(inst, raw);
    let mut report = analyze(inst, &scaled, opts, lib);
    let sampling = Sampling {
        rate: plan.rate,
        seed: plan.seed,
        period_ms: plan.period_ms,
        windows_on: plan.windows_on,
        windows: plan.windows,
        followed: raw.followed.values().sum(),
        coverage: slice_coverage(inst, &report),
        property: property.map(str::to_string),
    };
    graph::flow::apply_estimates(&mut report, &estimates, sampling);
    report
}

/// A sampled profile scaled to estimates: counters of followed objects scaled to all objects
/// (the certain stratum exactly), a site's decoded paths scaled so that their objects are the
/// site's, load counts by the share followed; with each producer's intervals.
fn scale(inst: &Instrumented, raw: &RawProfile) -> (RawProfile, BTreeMap<(u32, u32), Estimate>) {
    let mut out = raw.clone();
    let mut est = BTreeMap::new();
    let seen = on_paths(raw);
    let mut factor: BTreeMap<(u32, u32), f64> = BTreeMap::new();
    for (key, c) in out.sites.iter_mut() {
        let n = raw.followed.get(key).copied().unwrap_or(c.objects);
        // no group line: its followed objects had no use, heap write or read
        let none = [GroupCount::default(); GROUPS];
        let groups = raw.groups.get(key).map_or(&none[..], Vec::as_slice);
        let mut e = if n >= c.objects {
            exact(c)
        } else {
            stratified(groups, raw.certain.get(key).copied().unwrap_or(0), n, c)
        };
        if inst.sites.get(key.0 as usize).is_some_and(|s| s.profiled) {
            e.on_paths = Some(seen.get(key).copied().unwrap_or(0));
        }
        factor.insert(*key, c.objects as f64 / n.max(1) as f64);
        c.used_objects = e.used_objects.value;
        c.heap_objects = e.heap_objects.value;
        c.heap_writes = e.heap_writes.value;
        c.heap_reads = e.heap_reads.value;
        est.insert(*key, e);
    }
    let up = |count: u64, f: f64| ((count as f64 * f).round() as u64).max(count.min(1));
    // the decoded paths (windows and bursts) are a sample of the site's objects' flows: scaled
    // so their objects are the site's; a parameter's paths keep the counts seen (only their
    // ratios are used)
    out.paths.extend(raw.burst_paths.iter().copied());
    out.paths.sort();
    for r in &mut out.paths {
        let key = (r.site, r.ctx);
        if let (Some(c), Some(&n)) = (out.sites.get(&key), seen.get(&key)) {
            r.count = up(r.count, c.objects as f64 / n.max(1) as f64);
        }
    }
    for (key, loads) in out.loads.iter_mut() {
        let f = factor.get(key).copied().unwrap_or(1.0);
        for l in loads.iter_mut() {
            l.2 = up(l.2, f);
        }
    }
    (out, est)
}

/// A producer all of whose objects were followed (a property without sampling, or a site with
/// no more objects than its certain stratum): its counters are exact.
fn exact(c: &SiteCounts) -> Estimate {
    Estimate {
        followed: c.objects,
        random: 0,
        complete: true,
        on_paths: None,
        used_objects: Interval::exact(c.used_objects),
        heap_objects: Interval::exact(c.heap_objects),
        heap_writes: Interval::exact(c.heap_writes),
        heap_reads: Interval::exact(c.heap_reads),
    }
}

/// A producer's estimates from its groups: the last group is the certain stratum (its first
/// `certain` objects, all followed: counted exactly), the others random replicate groups of the
/// rest, scaled to the rest of its objects.
fn stratified(groups: &[GroupCount], certain: u64, n: u64, c: &SiteCounts) -> Estimate {
    let (n_r, total_r) = (n.saturating_sub(certain), c.objects.saturating_sub(certain));
    if n_r == 0 && total_r > 0 {
        // none of the later objects drawn: the first ones, scaled (no verdict rests on this)
        let all = |of: fn(&GroupCount) -> u64| groups.iter().map(of).collect::<Vec<_>>();
        let sum = |of: fn(&GroupCount) -> u64| groups.iter().map(of).sum::<u64>();
        return Estimate {
            followed: n,
            random: 0,
            complete: false,
            on_paths: None,
            used_objects: Interval::share(sum(|g| g.used), n, c.objects),
            heap_objects: Interval::share(sum(|g| g.heap), n, c.objects),
            heap_writes: Interval::replicated(&all(|g| g.writes), n, c.objects),
            heap_reads: Interval::replicated(&all(|g| g.reads), n, c.objects),
        };
    }
    let (random, sure) = groups.split_at(groups.len().saturating_sub(1));
    let sure = sure.first().copied().unwrap_or_default();
    let sum = |of: fn(&GroupCount) -> u64| random.iter().map(of).sum::<u64>();
    let each = |of: fn(&GroupCount) -> u64| random.iter().map(of).collect::<Vec<_>>();
    Estimate {
        followed: n,
        random: n_r,
        complete: n >= c.objects,
        on_paths: None,
        used_objects: Interval::share(sum(|g| g.used), n_r, total_r).plus(sure.used),
        heap_objects: Interval::share(sum(|g| g.heap), n_r, total_r).plus(sure.heap),
        heap_writes: Interval::replicated(&each(|g| g.writes), n_r, total_r).plus(sure.writes),
        heap_reads: Interval::replicated(&each(|g| g.reads), n_r, total_r).plus(sure.reads),
    }
}

/// Followed objects on decoded paths (windows and bursts) per `(site, context class)`: the first
/// segments' counts, before scaling.
fn on_paths(raw: &RawProfile) -> BTreeMap<(u32, u32), u64> {
    let mut seen: BTreeMap<(u32, u32), u64> = BTreeMap::new();
    for r in raw
        .paths
        .iter()
        .chain(&raw.burst_paths)
        .filter(|r| r.from == 0)
    {
        *seen.entry((r.site, r.ctx)).or_insert(0) += r.count;
    }
    seen
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

#[cfg(test)]
mod tests {
    use super::*;

    fn group(used: u64, writes: u64) -> GroupCount {
        GroupCount {
            writes,
            reads: 0,
            used,
            heap: 0,
        }
    }

    #[test]
    fn the_first_objects_count_exactly_and_the_rest_is_scaled() {
        // 32 first objects, all used and written once; 70 of the other 7,000 drawn, 7 used
        let mut groups = vec![group(1, 1); GROUPS - 1];
        groups.push(group(32, 32));
        let c = SiteCounts {
            objects: 7_032,
            ..SiteCounts::default()
        };
        let e = stratified(&groups, 32, 102, &c);
        assert_eq!((e.followed, e.random, e.complete), (102, 70, false));
        assert_eq!(e.used_objects.value, 32 + 700);
        assert!(e.used_objects.lo >= 32 && e.used_objects.hi <= 7_032);
        assert_eq!(e.heap_writes.value, 32 + 700);
        assert!(!e.too_few());
    }

    /// Groups where only the certain stratum (the first objects) saw anything, and the site's counts.
    fn certain_only(certain: GroupCount, objects: u64) -> (Vec<GroupCount>, SiteCounts) {
        let mut groups = vec![GroupCount::default(); GROUPS - 1];
        groups.push(certain);
        let c = SiteCounts {
            objects,
            ..SiteCounts::default()
        };
        (groups, c)
    }

    #[test]
    fn a_site_with_only_its_first_objects_is_exact() {
        let (groups, c) = certain_only(group(3, 5), 20);
        let e = stratified(&groups, 20, 20, &c);
        assert!(e.complete && !e.too_few());
        assert_eq!(e.used_objects, Interval::exact(3));
        assert_eq!(e.heap_writes, Interval::exact(5));
    }

    #[test]
    fn first_objects_alone_give_no_verdict_on_the_rest() {
        let (groups, c) = certain_only(group(0, 0), 60);
        let e = stratified(&groups, 32, 32, &c);
        assert!(!e.complete && e.too_few());
    }
}

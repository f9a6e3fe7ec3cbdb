//! `decisionprof-bench jvm-sample`: sampled against full object-flow profiling per program, side
//! by side in one run: the run-time overhead of each over plain `java`, whether the top ten
//! producers agree, how many of full profiling's verdicts the sample reproduces, leaves
//! unobserved, misses within its interval or contradicts, how often full profiling's counts fall
//! in the sample's intervals, and how much of the slices each observed.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;

use graph::flow::{Estimate, Interval, SiteCounts};
use jvm_bytecode::jdk::{run_plain, RunSpec};
use jvm_profile::flow_profile::{ClientOptions, Producer, Report};
use jvm_profile::profiled_run::{run_profiled_with, STACK_DEPTH};
use jvm_profile::sample_plan::SamplePlan;
use jvm_profile::sampling::{analyze_run, slice_coverage};
use jvm_profile::summary::Summaries;

use crate::cli::BenchJvmSampleArgs;

use bench::programs::bench_programs;

/// The smallest and largest ratio of a run to the plain run measured just before it: how far
/// the machine moves one pair of runs (NaN without runs).
fn ratio_range(runs: &[f64], plain: &[f64]) -> (f64, f64) {
    runs.iter()
        .zip(plain)
        .map(|(t, p)| t / p.max(1e-9))
        .fold((f64::NAN, f64::NAN), |(lo, hi), r| (lo.min(r), hi.max(r)))
}

/// A profiled run's report, its wall time and its slice coverage.
fn profiled(
    spec: &RunSpec,
    work: &Path,
    plan: &SamplePlan,
    lib: &mut Summaries,
) -> anyhow::Result<(Report, f64, f64)> {
    let r = run_profiled_with(spec, work, 1, STACK_DEPTH, plan)?;
    let raw = r.profile.context("the JVM wrote no profile")?;
    let rep = analyze_run(&r.instrumented, &raw, &ClientOptions::default(), lib, None);
    let cover = slice_coverage(&r.instrumented, &rep);
    Ok((rep, r.outcome.wall.as_secs_f64(), cover))
}

/// How full profiling's verdicts fare in a sample.
#[derive(Default)]
struct Agreement {
    /// Verdicts the sample gives too.
    same: usize,
    /// Verdicts of producers the sample lists as not observed.
    unseen: usize,
    /// Differences where full profiling's count that decides the verdict (used objects, heap
    /// objects) lies in the sample's interval: a rare event the sample did not see.
    within: usize,
    /// Differences outside the interval: contradictions.
    wrong: usize,
}

/// A verdict list (producer indices), the sample's interval of the count that decides it, and
/// that count in a full profile.
type VerdictList = (
    Vec<usize>,
    fn(&Estimate) -> Interval,
    fn(&SiteCounts) -> u64,
);

/// The verdict lists compared, with the count that decides each.
fn verdict_lists(r: &Report) -> [VerdictList; 6] {
    let used: fn(&Estimate) -> Interval = |e| e.used_objects;
    let heap: fn(&Estimate) -> Interval = |e| e.heap_objects;
    let used_n: fn(&SiteCounts) -> u64 = |c| c.used_objects;
    let heap_n: fn(&SiteCounts) -> u64 = |c| c.heap_objects;
    [
        (r.never_used.clone(), used, used_n),
        (r.nath.clone(), heap, heap_n),
        (r.mostly_nath.clone(), heap, heap_n),
        (r.rarely_used.clone(), used, used_n),
        (r.unknown_use.clone(), used, used_n),
        (r.library_use.clone(), used, used_n),
    ]
}

/// Whether full profiling's deciding count of `full` lies in the sampled producer's interval.
fn in_interval(
    sampled: &Producer,
    full: &Producer,
    of: fn(&Estimate) -> Interval,
    count: fn(&SiteCounts) -> u64,
) -> bool {
    sampled.estimate.is_some_and(|e| {
        let iv = of(&e);
        (iv.lo..=iv.hi).contains(&count(&full.counts))
    })
}

/// Full profiling's verdicts against the sample's.
fn verdicts(full: &Report, sampled: &Report) -> Agreement {
    let key = |p: &Producer| (p.site, p.context);
    let (full_by, sampled_by) = (by_key(full), by_key(sampled));
    let unseen: BTreeSet<_> = sampled
        .not_observed
        .iter()
        .map(|&i| key(&sampled.producers[i]))
        .collect();
    let mut a = Agreement::default();
    for ((f, of, count), (s, _, _)) in verdict_lists(full).into_iter().zip(verdict_lists(sampled)) {
        let fk: BTreeSet<_> = f.iter().map(|&i| key(&full.producers[i])).collect();
        let sk: BTreeSet<_> = s.iter().map(|&i| key(&sampled.producers[i])).collect();
        // a verdict only one side gives: inside the sample's interval, or a contradiction
        let mut differ = |k: (u32, u32)| {
            let inside = match (full_by.get(&k), sampled_by.get(&k)) {
                (Some(fp), Some(sp)) => in_interval(sp, fp, of, count),
                _ => false,
            };
            if inside {
                a.within += 1;
            } else {
                a.wrong += 1;
            }
        };
        for &k in &fk {
            if sk.contains(&k) {
                a.same += 1;
            } else if unseen.contains(&k) {
                a.unseen += 1;
            } else {
                differ(k);
            }
        }
        for &k in sk.difference(&fk) {
            differ(k);
        }
    }
    a
}

/// Of the sampled producers' intervals (used, heap objects, writes, reads), the share that holds
/// full profiling's count (NaN: no producer was followed enough to have intervals).
fn within(full: &Report, sampled: &Report) -> f64 {
    let full_by = by_key(full);
    let (mut hit, mut all) = (0usize, 0usize);
    for p in &sampled.producers {
        let Some(e) = p.estimate else { continue };
        if e.too_few() {
            continue;
        }
        let Some(f) = full_by.get(&(p.site, p.context)) else {
            continue;
        };
        for (iv, v) in [
            (e.used_objects, f.counts.used_objects),
            (e.heap_objects, f.counts.heap_objects),
            (e.heap_writes, f.counts.heap_writes),
            (e.heap_reads, f.counts.heap_reads),
        ] {
            all += 1;
            hit += usize::from(iv.lo <= v && v <= iv.hi);
        }
    }
    if all == 0 {
        return f64::NAN;
    }
    hit as f64 / all as f64
}

/// How a property-restricted sampled run agrees with full profiling on the property's producers
/// (matched by method, location, type and context: the pruned jar numbers its sites apart).
#[derive(Default)]
struct PropertyAgreement {
    /// The property run's producers, and those whose object count equals full profiling's.
    producers: usize,
    exact: usize,
    /// Verdicts as in [`Agreement`].
    verdicts: Agreement,
}

/// Full profiling's report against a property run's, on the property's producers.
fn property_agreement(full: &Report, prop: &Report) -> PropertyAgreement {
    // the method too: two constructors can allocate the same type on one line
    let key = |p: &Producer| {
        (
            p.method.clone(),
            p.location.clone(),
            p.ty.clone(),
            p.context,
        )
    };
    let full_idx: BTreeMap<_, usize> = (0..full.producers.len())
        .rev()
        .map(|i| (key(&full.producers[i]), i))
        .collect();
    let mut a = PropertyAgreement::default();
    let lists: Vec<_> = verdict_lists(full)
        .into_iter()
        .zip(verdict_lists(prop))
        .collect();
    for (pi, p) in prop.producers.iter().enumerate() {
        if p.counts.objects == 0 {
            continue;
        }
        a.producers += 1;
        let Some(&fi) = full_idx.get(&key(p)) else {
            continue;
        };
        let f = &full.producers[fi];
        a.exact += usize::from(f.counts.objects == p.counts.objects);
        for ((fl, of, count), (pl, _, _)) in &lists {
            let (in_f, in_p) = (fl.contains(&fi), pl.contains(&pi));
            if in_f && in_p {
                a.verdicts.same += 1;
            } else if in_f && prop.not_observed.contains(&pi) {
                a.verdicts.unseen += 1;
            } else if in_f || in_p {
                match in_interval(p, f, *of, *count) {
                    true => a.verdicts.within += 1,
                    false => a.verdicts.wrong += 1,
                }
            }
        }
    }
    a
}

/// A report's producers by site and context class.
fn by_key(r: &Report) -> BTreeMap<(u32, u32), &Producer> {
    r.producers
        .iter()
        .map(|p| ((p.site, p.context), p))
        .collect()
}

/// The top ten producers' sites of a report.
fn top10(r: &Report) -> Vec<(u32, u32)> {
    r.producers
        .iter()
        .take(10)
        .map(|p| (p.site, p.context))
        .collect()
}

/// `decisionprof-bench jvm-sample`.
pub fn run(args: BenchJvmSampleArgs) -> anyhow::Result<ExitCode> {
    let tmp = tempfile::Builder::new()
        .prefix("decisionprof-bench-")
        .tempdir()
        .context("creating a temp dir")?;
    let dir = tmp.path().to_path_buf();
    let plan = SamplePlan {
        rate: args.rate,
        seed: args.seed,
        ..SamplePlan::default()
    };
    println!(
        "{:<24} {:>8} {:>7} {:>7} {:>6} {:>9} {:>7} {:>7} {:>6} {:>8} {:>8} {:>7} {:>11} {:>7} {:>9}  property",
        "program",
        "plain s",
        "full x",
        "samp x",
        "top10",
        "verdicts",
        "unseen",
        "in CI",
        "wrong",
        "counts",
        "cover",
        "prop x",
        "prop range",
        "exact",
        "verdicts"
    );
    for (name, spec) in bench_programs(&dir)? {
        let (mut plain, mut full_t, mut samp_t) = (Vec::new(), Vec::new(), Vec::new());
        let mut prop_t = Vec::new();
        let mut lib =
            Summaries::for_jar_or_none(&spec.jar, spec.classpath.as_deref(), &mut Vec::new());
        let mut last = None;
        for k in 0..args.runs.max(1) {
            plain.push(run_plain(&spec)?.wall.as_secs_f64());
            let full_plan = SamplePlan::default();
            let full = profiled(&spec, &dir.join(format!("f{k}")), &full_plan, &mut lib)?;
            let samp = profiled(&spec, &dir.join(format!("s{k}")), &plan, &mut lib)?;
            // the property: the class of full profiling's largest producer, its probes only
            let class = full.0.producers.first().map(|p| p.ty.clone());
            let prop_plan = SamplePlan {
                property: class,
                ..plan.clone()
            };
            let prop = profiled(&spec, &dir.join(format!("p{k}")), &prop_plan, &mut lib)?;
            full_t.push(full.1);
            samp_t.push(samp.1);
            prop_t.push(prop.1);
            last = Some((full, samp, prop.0, prop_plan.property));
        }
        let Some(((full, _, full_cover), (samp, _, samp_cover), prop, class)) = last else {
            continue;
        };
        let pa = property_agreement(&full, &prop);
        let (lo, hi) = ratio_range(&prop_t, &plain);
        let med = |v: Vec<f64>| suggest::stats::median(&v).unwrap_or(f64::NAN);
        let pm = med(plain);
        let a = verdicts(&full, &samp);
        println!(
            "{:<24} {:>8.3} {:>7.2} {:>7.2} {:>6} {:>9} {:>7} {:>7} {:>6} {:>7.0}% {:>3.0}/{:.0}% \
             {:>7.2} {:>5.2}–{:<5.2} {:>7} {:>9}  {}",
            name,
            pm,
            med(full_t) / pm.max(1e-9),
            med(samp_t) / pm.max(1e-9),
            if top10(&full) == top10(&samp) {
                "same"
            } else {
                "diff"
            },
            a.same,
            a.unseen,
            a.within,
            a.wrong,
            within(&full, &samp) * 100.0,
            100.0 * samp_cover,
            100.0 * full_cover,
            med(prop_t) / pm.max(1e-9),
            lo,
            hi,
            format!("{}/{}", pa.exact, pa.producers),
            format!(
                "{}/{}/{}",
                pa.verdicts.same,
                pa.verdicts.unseen + pa.verdicts.within,
                pa.verdicts.wrong
            ),
            class.unwrap_or_default(),
        );
    }
    drop(tmp);
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::ratio_range;

    #[test]
    fn the_range_pairs_each_run_with_its_own_plain_run() {
        let (lo, hi) = ratio_range(&[0.15, 0.12, 0.30], &[0.10, 0.10, 0.20]);
        assert!(
            (lo - 1.2).abs() < 1e-9 && (hi - 1.5).abs() < 1e-9,
            "{lo} {hi}"
        );
        assert!(ratio_range(&[], &[]).0.is_nan());
    }
}

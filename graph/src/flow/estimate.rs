//! Sampled profiles: the figures of a producer measured on a sample of its objects, scaled to
//! estimates with 95 % intervals, and the rule that keeps a sample from claiming a verdict it
//! saw too few objects to judge.

use std::collections::BTreeMap;

use serde::Serialize;

use super::clients::Report;

/// The normal quantile of a two-sided 95 % interval.
const Z: f64 = 1.96;

/// The 97.5 % quantile of Student's t with `df` degrees of freedom (a two-sided 95 % interval).
fn students_t_975(df: usize) -> f64 {
    const T: [f64; 10] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    ];
    match df {
        0 => f64::INFINITY,
        1..=10 => T[df - 1],
        _ => Z,
    }
}

/// Followed objects below which a sampled producer gets no verdict ("not observed").
pub const MIN_FOLLOWED: u64 = 30;

/// An estimated count and its 95 % interval.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Interval {
    /// The estimate.
    pub value: u64,
    /// Lower bound.
    pub lo: u64,
    /// Upper bound.
    pub hi: u64,
}

impl Interval {
    /// A count measured exactly.
    pub fn exact(value: u64) -> Interval {
        Interval {
            value,
            lo: value,
            hi: value,
        }
    }

    /// Objects of `total` with a property `k` of `n` followed objects have: Wilson's score
    /// interval of the share, times `total` (exact when every object was followed).
    pub fn share(k: u64, n: u64, total: u64) -> Interval {
        if n >= total || n == 0 {
            return Interval::exact(if n == 0 { 0 } else { k });
        }
        let (nf, p) = (n as f64, k as f64 / n as f64);
        let denom = 1.0 + Z * Z / nf;
        let centre = (p + Z * Z / (2.0 * nf)) / denom;
        let half = Z / denom * (p * (1.0 - p) / nf + Z * Z / (4.0 * nf * nf)).sqrt();
        let t = total as f64;
        Interval {
            value: ((p * t).round() as u64).min(total),
            lo: (((centre - half).max(0.0) * t).floor() as u64).min(total),
            hi: (((centre + half).min(1.0) * t).ceil() as u64).min(total),
        }
    }

    /// Events `c` seen on `n` of `total` objects, scaled by `total / n`, with a Poisson interval
    /// of the count seen (exact when every object was followed).
    pub fn scaled(c: u64, n: u64, total: u64) -> Interval {
        if n >= total || n == 0 {
            return Interval::exact(if n == 0 { 0 } else { c });
        }
        let f = total as f64 / n as f64;
        let half = Z * (c as f64).sqrt() * f;
        let v = c as f64 * f;
        Interval {
            value: v.round() as u64,
            lo: (v - half).max(0.0).floor() as u64,
            hi: (v + half).ceil() as u64,
        }
    }

    /// Events seen on `n` of `total` objects, counted per replicate group (`groups`: the
    /// followed objects split at random), scaled by `total / n`. The interval comes from the
    /// spread between the groups (Student's t with one less degree of freedom than groups; at
    /// least the count's Poisson noise), so events piled on a few objects widen it; it never
    /// drops below the events seen.
    pub fn replicated(groups: &[u64], n: u64, total: u64) -> Interval {
        let c: u64 = groups.iter().sum();
        if n >= total || n == 0 || groups.len() < 2 {
            return Interval::scaled(c, n, total);
        }
        let g = groups.len() as f64;
        let mean = c as f64 / g;
        let var = groups
            .iter()
            .map(|&x| (x as f64 - mean).powi(2))
            .sum::<f64>()
            / (g - 1.0);
        let t = students_t_975(groups.len() - 1);
        let f = total as f64 / n as f64;
        let v = c as f64 * f;
        // at least the Poisson noise of the count: groups that agree by chance claim no exactness
        let half = (t * (g * var).sqrt() * f).max(Z * (c as f64).sqrt() * f);
        Interval {
            value: v.round() as u64,
            lo: ((v - half).max(0.0).floor() as u64).max(c),
            hi: ((v + half).ceil() as u64).max(c),
        }
    }

    /// The interval shifted by a count known exactly.
    pub fn plus(self, exact: u64) -> Interval {
        Interval {
            value: self.value + exact,
            lo: self.lo + exact,
            hi: self.hi + exact,
        }
    }

    /// The larger distance from the estimate to a bound (the `± x` of the text report).
    pub fn half_width(&self) -> u64 {
        (self.hi - self.value).max(self.value - self.lo)
    }
}

/// A producer's sampled figures (objects and bytes are counted for every object, so exact).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Estimate {
    /// Objects followed (the sample).
    pub followed: u64,
    /// Of those, the objects drawn at random (the others are each site's first objects, always
    /// followed).
    pub random: u64,
    /// Every object was followed: the counts are exact.
    pub complete: bool,
    /// Followed objects whose paths were decoded (path probes run only in sampled windows);
    /// none where the front end profiles no paths of the site.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub on_paths: Option<u64>,
    /// Objects used at least once.
    pub used_objects: Interval,
    /// Objects written to the heap at least once.
    pub heap_objects: Interval,
    /// Heap writes.
    pub heap_writes: Interval,
    /// Heap reads.
    pub heap_reads: Interval,
}

/// How a sampled run was sampled and how much it saw.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Sampling {
    /// Share of objects followed.
    pub rate: f64,
    /// Seed of the plan.
    pub seed: u64,
    /// Length of a path window, milliseconds.
    pub period_ms: u32,
    /// Windows with the path probes on.
    pub windows_on: u64,
    /// All windows of the run.
    pub windows: u64,
    /// Objects followed, over all producers.
    pub followed: u64,
    /// Share of the producers' slices (their statements) that decoded paths reached.
    pub coverage: f64,
    /// The property the run was restricted to, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub property: Option<String>,
}

impl Estimate {
    /// Whether the sample followed too few of the producer's objects for any verdict: fewer
    /// than [`MIN_FOLLOWED`] drawn at random, and not all of them (a site's first objects alone
    /// say nothing of the later ones).
    pub fn too_few(&self) -> bool {
        !self.complete && self.random < MIN_FOLLOWED
    }

    /// Whether too few followed objects were seen on decoded paths for the verdicts that rest on
    /// them: what the objects were passed to (never used, use unknown, used by library code,
    /// rarely used, NATH: the library may keep them) and whether they escape (reuse
    /// candidates).
    pub fn too_few_paths(&self) -> bool {
        self.too_few()
            || self
                .on_paths
                .is_some_and(|n| n < MIN_FOLLOWED && n < self.followed)
    }
}

/// Attaches a sampled run's estimates to `report`, takes producers the sample saw too little of
/// out of the verdicts that need more ([`Estimate::too_few`], [`Estimate::too_few_paths`]) and
/// lists them in `not_observed`.
pub fn apply_estimates(
    report: &mut Report,
    estimates: &BTreeMap<(u32, u32), Estimate>,
    sampling: Sampling,
) {
    for p in &mut report.producers {
        p.estimate = estimates.get(&(p.site, p.context)).copied();
    }
    let judged = |f: fn(&Estimate) -> bool| -> Vec<bool> {
        report
            .producers
            .iter()
            .map(|p| p.estimate.is_some_and(|e| f(&e)))
            .collect()
    };
    let (few, few_paths) = (judged(Estimate::too_few), judged(Estimate::too_few_paths));
    for list in [
        &mut report.wri_2,
        &mut report.wri_inf,
        &mut report.cost_benefit,
    ] {
        list.retain(|&i| !few[i]);
    }
    // NATH rests on paths too: a call into the library on them may keep the objects
    for list in [
        &mut report.nath,
        &mut report.mostly_nath,
        &mut report.reuse_no_escape,
        &mut report.reuse_producer_only,
        &mut report.never_used,
        &mut report.unknown_use,
        &mut report.library_use,
        &mut report.rarely_used,
    ] {
        list.retain(|&i| !few_paths[i]);
    }
    report.not_observed = (0..few_paths.len()).filter(|&i| few_paths[i]).collect();
    report.sampling = Some(sampling);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_sample_is_exact() {
        assert_eq!(Interval::share(40, 100, 100), Interval::exact(40));
        assert_eq!(Interval::scaled(7, 5, 5), Interval::exact(7));
    }

    #[test]
    fn wilson_interval_holds_the_share_and_narrows_with_the_sample() {
        let small = Interval::share(10, 100, 10_000);
        assert_eq!(small.value, 1_000);
        assert!(small.lo < 1_000 && small.hi > 1_000);
        // the textbook figures: 10 of 100 gives 5.5 %..17.4 %
        assert_eq!((small.lo, small.hi), (552, 1_744));
        let large = Interval::share(100, 1_000, 10_000);
        assert!(large.hi - large.lo < small.hi - small.lo);
        // none seen still leaves room above zero
        let none = Interval::share(0, 100, 10_000);
        assert_eq!((none.value, none.lo), (0, 0));
        assert!(none.hi > 300);
    }

    #[test]
    fn replicate_groups_widen_the_interval_when_events_pile_up() {
        // the same 80 events, spread evenly or all on one group's objects
        let even = Interval::replicated(&[10; 8], 100, 1_000);
        let piled = Interval::replicated(&[80, 0, 0, 0, 0, 0, 0, 0], 100, 1_000);
        assert_eq!((even.value, piled.value), (800, 800));
        assert_eq!(even.half_width(), 176, "the Poisson floor");
        assert!(piled.half_width() > 500, "{piled:?}");
        assert!(piled.lo >= 80, "never below the events seen");
    }

    #[test]
    fn scaled_counts_grow_with_the_inverse_share() {
        let i = Interval::scaled(100, 10, 100);
        assert_eq!(i.value, 1_000);
        assert_eq!(i.half_width(), 196);
    }
}

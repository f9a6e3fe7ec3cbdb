//! Group-sequential testing over Welch's statistic: stop a comparison as soon as it is significant
//! or can no longer become so.
//!
//! Design: one-sided efficacy boundaries from the Lan–DeMets alpha-spending function of
//! O'Brien–Fleming type (Lan & DeMets, "Discrete sequential boundaries for clinical trials",
//! Biometrika 70(3), 1983), or of Pocock type (Kim & DeMets 1987), computed by the numerical
//! recursion of Armitage, McPherson & Rowe (1969) as described in Jennison & Turnbull,
//! *Group Sequential Methods with Applications to Clinical Trials* (2000), ch. 7 and 19.
//! Welch's t at each look is mapped to a z value through its own t distribution (equal tail
//! probability). Futility is a non-binding stop, from [`FUTILITY_FROM`] of the maximum information
//! on, when the *predictive* power is below [`FUTILITY_POWER`]: the chance to end significant,
//! averaged over what the drift may be given the data so far (flat prior; Spiegelhalter, Freedman &
//! Blackburn, "Monitoring clinical trials: conditional or predictive power?", Controlled Clinical
//! Trials 7, 1986; Jennison & Turnbull ch. 10.3). Conditional power under the current trend takes
//! an early, noisy trend at face value: node's per-process JIT outcomes are often bimodal ("blows
//! hot and cold"), and a real 30 % speed-up was stopped as futile in 3 of 10 runs, once after three
//! processes. A non-binding futility rule can only lower the false-acceptance rate.

use serde::{Deserialize, Serialize};
use statrs::distribution::{Continuous, ContinuousCDF, Normal, StudentsT};

use crate::stats::Welch;

/// Stop for futility when the predictive chance to end significant is below this.
pub const FUTILITY_POWER: f64 = 0.05;

/// No futility stop before this fraction of the maximum number of processes.
pub const FUTILITY_FROM: f64 = 0.3;

/// Shape of the alpha-spending function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spending {
    /// Lan–DeMets O'Brien–Fleming type: spends almost nothing early, nearly all alpha at the end.
    OBrienFleming,
    /// Lan–DeMets Pocock type: spends alpha evenly, stops early more often.
    Pocock,
}

impl Spending {
    /// Alpha spent up to information fraction `t` (0..=1) for a one-sided level `alpha`.
    pub fn spent(self, alpha: f64, t: f64) -> f64 {
        if t <= 0.0 {
            return 0.0;
        }
        let t = t.min(1.0);
        match self {
            Spending::OBrienFleming => {
                let z = std_normal().inverse_cdf(1.0 - alpha / 2.0);
                2.0 * (1.0 - std_normal().cdf(z / t.sqrt()))
            }
            Spending::Pocock => alpha * (1.0 + (std::f64::consts::E - 1.0) * t).ln(),
        }
    }
}

/// What to do after a look.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// Significantly faster: stop and accept.
    Accept,
    /// Cannot realistically become significant: stop and reject.
    Futile,
    /// Take more samples.
    Continue,
    /// The last look was not significant: reject.
    Reject,
}

/// Efficacy boundaries of a group-sequential design for a fixed number of looks.
#[derive(Debug, Clone, PartialEq)]
pub struct Design {
    /// Samples per version at each look, increasing; the last is the maximum.
    pub looks: Vec<u32>,
    /// One-sided z boundary at each look.
    pub bounds: Vec<f64>,
    /// One-sided false-acceptance rate the boundaries spend in total.
    pub alpha: f64,
}

fn std_normal() -> Normal {
    Normal::new(0.0, 1.0).expect("standard normal")
}

/// Grid step of the numerical recursion, on the score scale.
const GRID: f64 = 0.02;
/// Lower end of the score grid in standard deviations (mass below is negligible).
const LOW_SD: f64 = 8.0;

impl Design {
    /// Looks at every sample count from `first` to `max` per version, spending one-sided `alpha`.
    pub fn new(first: u32, max: u32, alpha: f64, spending: Spending) -> Design {
        let first = first.clamp(2, max.max(2));
        let looks: Vec<u32> = (first..=max.max(first)).collect();
        let fractions: Vec<f64> = looks
            .iter()
            .map(|&n| n as f64 / *looks.last().unwrap() as f64)
            .collect();
        let bounds = boundaries(&fractions, alpha, spending);
        Design {
            looks,
            bounds,
            alpha,
        }
    }

    /// Decision after a look with `n` samples per version and Welch's result `w` (original vs
    /// variant; a positive `t` means the variant is faster).
    pub fn step(&self, n: u32, w: &Welch) -> Step {
        let Some(k) = self.looks.iter().position(|&l| l == n) else {
            return if n >= *self.looks.last().unwrap() {
                Step::Reject
            } else {
                Step::Continue
            };
        };
        let z = to_z(w);
        if z >= self.bounds[k] {
            return Step::Accept;
        }
        if k + 1 == self.looks.len() {
            return Step::Reject;
        }
        let t = n as f64 / *self.looks.last().unwrap() as f64;
        if t >= FUTILITY_FROM
            && predictive_power(z, t, *self.bounds.last().unwrap()) < FUTILITY_POWER
        {
            Step::Futile
        } else {
            Step::Continue
        }
    }
}

/// Welch's t as the z value with the same one-sided tail probability.
pub fn to_z(w: &Welch) -> f64 {
    if w.t.is_infinite() || w.df.is_nan() {
        return w.t;
    }
    match StudentsT::new(0.0, 1.0, w.df.max(1e-3)) {
        Ok(d) => {
            let p = d.cdf(w.t).clamp(1e-15, 1.0 - 1e-15);
            std_normal().inverse_cdf(p)
        }
        Err(_) => w.t,
    }
}

/// Chance that the final z exceeds `c`, given z at information fraction `t` and a flat prior on
/// the drift: the final score `Z(1)` is then normal with mean `z/√t` and variance `(1 − t)/t`.
fn predictive_power(z: f64, t: f64, c: f64) -> f64 {
    if t >= 1.0 {
        return if z >= c { 1.0 } else { 0.0 };
    }
    std_normal().cdf((z - c * t.sqrt()) / (1.0 - t).sqrt())
}

/// One-sided efficacy z boundaries at information `fractions` (increasing, last 1) spending `alpha`.
fn boundaries(fractions: &[f64], alpha: f64, spending: Spending) -> Vec<f64> {
    let normal = std_normal();
    let mut bounds = Vec::with_capacity(fractions.len());
    // Sub-density of the score S = Z·√t on a grid, restricted to "not stopped yet".
    let mut grid: Vec<f64> = vec![0.0];
    let mut dens: Vec<f64> = vec![1.0]; // point mass at 0 before the first look
    let mut point_mass = true;
    let mut prev_t = 0.0;
    let mut spent_before = 0.0;
    for &t in fractions {
        let dt = (t - prev_t).max(1e-12);
        let sd = dt.sqrt();
        let target = spending.spent(alpha, t) - spent_before;
        let weights: Vec<f64> = if point_mass {
            vec![1.0]
        } else {
            trapezoid(&grid, &dens)
        };
        let cross = |c: f64| -> f64 {
            let s = c * t.sqrt();
            grid.iter()
                .zip(&weights)
                .map(|(&u, &w)| w * (1.0 - normal.cdf((s - u) / sd)))
                .sum()
        };
        let c = bisect(|c| cross(c) - target, -2.0, 12.0);
        bounds.push(c);
        spent_before += cross(c);
        // Density of the continuing paths at this look.
        let upper = c * t.sqrt();
        let lower = -LOW_SD * t.sqrt();
        let steps = ((upper - lower) / GRID).ceil().max(1.0) as usize;
        let new_grid: Vec<f64> = (0..=steps)
            .map(|i| lower + (upper - lower) * i as f64 / steps as f64)
            .collect();
        let new_dens: Vec<f64> = new_grid
            .iter()
            .map(|&s| {
                grid.iter()
                    .zip(&weights)
                    .map(|(&u, &w)| w * normal.pdf((s - u) / sd) / sd)
                    .sum()
            })
            .collect();
        grid = new_grid;
        dens = new_dens;
        point_mass = false;
        prev_t = t;
    }
    bounds
}

/// Trapezoid weights times the density on the evenly spaced `grid`.
fn trapezoid(grid: &[f64], dens: &[f64]) -> Vec<f64> {
    let n = dens.len();
    let h = if n > 1 { grid[1] - grid[0] } else { 1.0 };
    dens.iter()
        .enumerate()
        .map(|(i, &d)| {
            if i == 0 || i + 1 == n {
                d * h / 2.0
            } else {
                d * h
            }
        })
        .collect()
}

/// Root of an increasing-or-decreasing `f` between `lo` and `hi` by bisection.
fn bisect(f: impl Fn(f64) -> f64, mut lo: f64, mut hi: f64) -> f64 {
    let f_lo = f(lo);
    for _ in 0..80 {
        let mid = (lo + hi) / 2.0;
        if (f(mid) > 0.0) == (f_lo > 0.0) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (lo + hi) / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gate::DEFAULT_VMS;
    use crate::stats::welch;

    /// xorshift64* with Box–Muller: reproducible synthetic timings without a dependency.
    struct Rng(u64);

    impl Rng {
        fn uniform(&mut self) -> f64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            ((self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) as f64 + 0.5) / (1u64 << 53) as f64
        }
        fn normal(&mut self) -> f64 {
            let (u, v) = (self.uniform(), self.uniform());
            (-2.0 * u.ln()).sqrt() * (2.0 * std::f64::consts::PI * v).cos()
        }
    }

    #[test]
    fn obrien_fleming_bounds_match_the_published_table() {
        // Lan–DeMets O'Brien–Fleming, 5 equally spaced looks, one-sided 0.025 (gsDesign, and
        // Jennison & Turnbull 2000, table 7.6): 4.877 3.357 2.680 2.290 2.031.
        let b = boundaries(&[0.2, 0.4, 0.6, 0.8, 1.0], 0.025, Spending::OBrienFleming);
        for (got, want) in b.iter().zip([4.877, 3.357, 2.680, 2.290, 2.031]) {
            assert!((got - want).abs() < 0.01, "{b:?}");
        }
    }

    #[test]
    fn pocock_bounds_are_nearly_flat_and_a_single_look_is_the_fixed_test() {
        let b = boundaries(&[0.2, 0.4, 0.6, 0.8, 1.0], 0.025, Spending::Pocock);
        for (got, want) in b.iter().zip([2.438, 2.427, 2.410, 2.397, 2.386]) {
            assert!((got - want).abs() < 0.01, "{b:?}");
        }
        let one = boundaries(&[1.0], 0.05, Spending::OBrienFleming);
        assert!((one[0] - 1.6449).abs() < 1e-3, "{one:?}");
    }

    /// Per-process noise of synthetic timings.
    #[derive(Clone, Copy)]
    enum Noise {
        /// Normal with this coefficient of variation.
        Normal(f64),
        /// Normal (CV 5 %), and with probability 0.3 a process whose JIT outcome runs it at 0.55×
        /// the time (the two modes of `planted/catalog` under node 20).
        Bimodal,
    }

    impl Rng {
        fn figure(&mut self, mean: f64, noise: Noise) -> f64 {
            match noise {
                Noise::Normal(cv) => mean * (1.0 + cv * self.normal()),
                Noise::Bimodal => {
                    let mode = if self.uniform() < 0.3 { 0.55 } else { 1.0 };
                    mean * mode * (1.0 + 0.05 * self.normal())
                }
            }
        }
    }

    /// Runs the sequential gate on synthetic per-process figures; returns (accepted, samples used).
    fn simulate(design: &Design, rng: &mut Rng, effect: f64, noise: Noise) -> (bool, u32) {
        let max = *design.looks.last().unwrap();
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for n in 1..=max {
            a.push(rng.figure(100.0, noise));
            b.push(rng.figure(100.0 * (1.0 - effect), noise));
            let Some(w) = welch(&a, &b) else { continue };
            match design.step(n, &w) {
                Step::Accept => return (true, n),
                Step::Futile | Step::Reject => return (false, n),
                Step::Continue => {}
            }
        }
        (false, max)
    }

    #[test]
    fn a_null_effect_is_accepted_at_most_at_the_configured_rate() {
        // Confidence 0.90: the gate accepts "faster" at one-sided 0.05, like the fixed two-sided test.
        let alpha = 0.05;
        let design = Design::new(3, DEFAULT_VMS, alpha, Spending::OBrienFleming);
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let runs = 3000;
        let (mut accepted, mut samples) = (0, 0);
        for _ in 0..runs {
            let (ok, n) = simulate(&design, &mut rng, 0.0, Noise::Normal(0.03));
            accepted += ok as u32;
            samples += n;
        }
        let rate = accepted as f64 / runs as f64;
        // Three binomial standard deviations above alpha.
        let tolerance = 3.0 * (alpha * (1.0 - alpha) / runs as f64).sqrt();
        assert!(rate <= alpha + tolerance, "null accepted in {rate}");
        // Futility stops most null comparisons well before the maximum.
        let mean = samples as f64 / runs as f64;
        assert!(mean < 12.0, "mean samples under the null {mean}");
    }

    #[test]
    fn a_real_ten_percent_effect_is_accepted_nearly_always_and_early() {
        let design = Design::new(3, DEFAULT_VMS, 0.05, Spending::OBrienFleming);
        let mut rng = Rng(0xD1B5_4A32_D192_ED03);
        let runs = 1000;
        let (mut accepted, mut samples) = (0, 0);
        for _ in 0..runs {
            let (ok, n) = simulate(&design, &mut rng, 0.10, Noise::Normal(0.03));
            accepted += ok as u32;
            samples += n;
        }
        assert!(
            accepted as f64 / runs as f64 >= 0.99,
            "accepted {accepted}/{runs}"
        );
        let mean = samples as f64 / runs as f64;
        assert!(mean < 8.0, "mean samples with a 10 % effect {mean}");
    }

    #[test]
    fn a_slower_variant_is_never_accepted() {
        let design = Design::new(3, DEFAULT_VMS, 0.05, Spending::OBrienFleming);
        let mut rng = Rng(42);
        for _ in 0..200 {
            assert!(!simulate(&design, &mut rng, -0.10, Noise::Normal(0.03)).0);
        }
    }

    #[test]
    fn a_real_thirty_percent_effect_under_bimodal_jit_noise_is_confirmed_nearly_always() {
        // The gate's default cap, an accepted round repeated with fresh processes.
        let design = Design::new(3, DEFAULT_VMS, 0.05, Spending::OBrienFleming);
        let mut rng = Rng(0x2545_F491_4F6C_DD1D);
        let runs = 2000;
        let (mut confirmed, mut null_accepted, mut null_samples) = (0, 0, 0);
        for _ in 0..runs {
            let first = simulate(&design, &mut rng, 0.30, Noise::Bimodal).0;
            confirmed += (first && simulate(&design, &mut rng, 0.30, Noise::Bimodal).0) as u32;
            let (ok, n) = simulate(&design, &mut rng, 0.0, Noise::Bimodal);
            null_accepted += ok as u32;
            null_samples += n;
        }
        let rate = confirmed as f64 / runs as f64;
        assert!(rate >= 0.97, "confirmed in {rate}");
        let null = null_accepted as f64 / runs as f64;
        assert!(
            null <= 0.05 + 3.0 * (0.05 * 0.95 / runs as f64).sqrt(),
            "null accepted in {null}"
        );
        let mean = null_samples as f64 / runs as f64;
        assert!(mean < 13.0, "mean samples under the null {mean}");
    }

    #[test]
    fn predictive_power_weighs_an_early_trend_by_its_uncertainty() {
        let c = 1.645;
        // No trend after 15 % of the information: still a fair chance.
        assert!(predictive_power(0.0, 0.15, c) > 0.2);
        // The same at half: little left.
        assert!(predictive_power(0.0, 0.5, c) < 0.05);
        // A strong early trend either way.
        assert!(predictive_power(2.0, 0.15, c) > 0.9);
        assert!(predictive_power(-2.0, 0.15, c) < 0.01);
        assert_eq!(predictive_power(c, 1.0, c), 1.0);
        // Before FUTILITY_FROM (30 % of 20: the 6th look) a look never stops for futility.
        let design = Design::new(3, 20, 0.05, Spending::OBrienFleming);
        let w = Welch {
            mean_a: 100.0,
            mean_b: 110.0,
            t: -3.0,
            df: 4.0,
            p: 0.04,
            se: 3.3,
        };
        assert_eq!(design.step(3, &w), Step::Continue);
        assert_eq!(design.step(6, &w), Step::Futile);
    }
}

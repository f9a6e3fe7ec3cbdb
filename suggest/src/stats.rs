//! Welch's two-sample t-test (unequal variances) with the Welch–Satterthwaite degrees of freedom.

use serde::{Deserialize, Serialize};
use statrs::distribution::{ContinuousCDF, StudentsT};
use statrs::statistics::{Data, Median, Statistics};

/// Outcome of comparing a variant's samples against the original's.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Welch {
    /// Mean of the original samples.
    pub mean_a: f64,
    /// Mean of the variant samples.
    pub mean_b: f64,
    /// t statistic of `mean_a - mean_b`.
    pub t: f64,
    /// Welch–Satterthwaite degrees of freedom.
    pub df: f64,
    /// Two-sided p-value.
    pub p: f64,
    /// Standard error of `mean_b - mean_a`.
    #[serde(default)]
    pub se: f64,
}

/// Effect of a variant on one test at a confidence level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// Significantly faster.
    Positive,
    /// Significantly slower.
    Negative,
    /// No significant difference.
    None,
}

impl Welch {
    /// Change of the mean in percent, negative when the variant is faster.
    pub fn change_percent(&self) -> f64 {
        if self.mean_a == 0.0 {
            0.0
        } else {
            100.0 * (self.mean_b - self.mean_a) / self.mean_a
        }
    }

    /// Half-width of the `confidence` interval of [`Welch::change_percent`], in percent of the
    /// original's mean.
    pub fn interval_percent(&self, confidence: f64) -> f64 {
        if self.mean_a == 0.0 || self.se == 0.0 {
            return 0.0;
        }
        let q = StudentsT::new(0.0, 1.0, self.df)
            .map(|d| d.inverse_cdf(0.5 + confidence / 2.0))
            .unwrap_or(f64::INFINITY);
        100.0 * q * self.se / self.mean_a.abs()
    }

    /// Positive if the variant (`b`) is significantly faster at `confidence`, negative if slower.
    pub fn effect(&self, confidence: f64) -> Effect {
        if self.p >= 1.0 - confidence {
            Effect::None
        } else if self.mean_b < self.mean_a {
            Effect::Positive
        } else {
            Effect::Negative
        }
    }
}

/// Mean and unbiased sample variance.
fn mean_var(xs: &[f64]) -> (f64, f64) {
    (xs.mean(), xs.variance())
}

/// Median of `xs`, `None` when empty: the one median of the workspace.
pub fn median(xs: &[f64]) -> Option<f64> {
    if xs.is_empty() {
        return None;
    }
    Some(Data::new(xs.to_vec()).median())
}

/// Welch's t-test of `a` (original) against `b` (variant); `None` with fewer than two samples each.
pub fn welch(a: &[f64], b: &[f64]) -> Option<Welch> {
    if a.len() < 2 || b.len() < 2 {
        return None;
    }
    let (mean_a, var_a) = mean_var(a);
    let (mean_b, var_b) = mean_var(b);
    let (na, nb) = (a.len() as f64, b.len() as f64);
    let (sa, sb) = (var_a / na, var_b / nb);
    let se2 = sa + sb;
    if se2 == 0.0 {
        // Both samples constant: identical means are no difference, different ones are certain.
        let same = mean_a == mean_b;
        return Some(Welch {
            mean_a,
            mean_b,
            t: if same {
                0.0
            } else {
                f64::INFINITY.copysign(mean_a - mean_b)
            },
            df: na + nb - 2.0,
            p: if same { 1.0 } else { 0.0 },
            se: 0.0,
        });
    }
    let t = (mean_a - mean_b) / se2.sqrt();
    let df = se2 * se2 / (sa * sa / (na - 1.0) + sb * sb / (nb - 1.0));
    let dist = StudentsT::new(0.0, 1.0, df).ok()?;
    let p = (2.0 * (1.0 - dist.cdf(t.abs()))).clamp(0.0, 1.0);
    Some(Welch {
        mean_a,
        mean_b,
        t,
        df,
        p,
        se: se2.sqrt(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_even_and_empty() {
        assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
        assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
        assert_eq!(median(&[]), None);
    }

    // Reference figures computed with SciPy 1.17.1: scipy.stats.ttest_ind(a, b, equal_var=False).
    #[test]
    fn matches_scipy_on_a_clear_difference() {
        let a = [10.1, 10.3, 9.9, 10.2, 10.0, 10.4, 10.1];
        let b = [10.6, 10.9, 10.5, 11.0, 10.7, 10.8];
        let w = welch(&a, &b).unwrap();
        assert!((w.t - -6.055999248972321).abs() < 1e-9, "{w:?}");
        assert!((w.df - 10.339732823900203).abs() < 1e-9, "{w:?}");
        assert!((w.p - 0.00010673145399935816).abs() < 1e-8, "{w:?}");
        // b is slower: negative at 90%.
        assert_eq!(w.effect(0.90), Effect::Negative);
        let swapped = welch(&b, &a).unwrap();
        assert_eq!(swapped.effect(0.90), Effect::Positive);
        // The 90 % interval of the change, in percent of a's mean: scipy's
        // `ttest_ind(b, a, equal_var=False).confidence_interval(0.90)`, half its width / mean(a).
        let half = w.interval_percent(0.90);
        assert!((half - 1.7855318158620577).abs() < 1e-6, "{half}");
    }

    #[test]
    fn matches_scipy_on_no_difference() {
        let a = [5.0, 5.2, 4.9, 5.1, 5.3, 4.8, 5.0, 5.05];
        let b = [5.1, 5.0, 5.2, 4.95, 5.15, 5.05, 5.1, 5.0, 4.9, 5.2];
        let w = welch(&a, &b).unwrap();
        assert!((w.t - -0.3270238764435353).abs() < 1e-9, "{w:?}");
        assert!((w.df - 11.468034313103033).abs() < 1e-9, "{w:?}");
        assert!((w.p - 0.7495414134681586).abs() < 1e-8, "{w:?}");
        assert_eq!(w.effect(0.90), Effect::None);
    }

    #[test]
    fn matches_scipy_with_unequal_sizes_and_variances() {
        let a = [1.0, 2.0, 3.0, 4.0, 5.0];
        let b = [2.0, 4.0, 6.0, 8.0, 10.0, 12.0, 14.0];
        let w = welch(&a, &b).unwrap();
        assert!((w.t - -2.809757434745082).abs() < 1e-9, "{w:?}");
        assert!((w.df - 8.037105751391467).abs() < 1e-9, "{w:?}");
        assert!((w.p - 0.02274725527967092).abs() < 1e-8, "{w:?}");
        // p = 0.0227: significant at 90% and 95%, not at 99%.
        assert_eq!(w.effect(0.95), Effect::Negative);
        assert_eq!(w.effect(0.99), Effect::None);
        assert!((w.change_percent() - 166.66666666666666).abs() < 1e-9);
    }

    #[test]
    fn degenerate_samples() {
        assert!(welch(&[1.0], &[1.0, 2.0]).is_none());
        let same = welch(&[3.0, 3.0], &[3.0, 3.0, 3.0]).unwrap();
        assert_eq!(same.p, 1.0);
        let differ = welch(&[3.0, 3.0], &[2.0, 2.0]).unwrap();
        assert_eq!(differ.p, 0.0);
        assert_eq!(differ.effect(0.9), Effect::Positive);
    }
}

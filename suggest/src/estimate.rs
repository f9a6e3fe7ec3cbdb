//! How far a sampled decision's estimated saving may be from what recording every execution
//! would have given: a 99 % interval from the recorded rows and the sampling's spread.
//!
//! A settled decision records one execution at a random place in each window of `w`
//! executions and counts its row `w` times (`engines/boa/src/settle.rs`). The estimated total of
//! any per-execution quantity `y` then has a variance of about `S² Σ w (w − 1)`, `S²` being the
//! variance of `y` over the executions; the saving `R = Σ (b − a) / Σ b` is a ratio, whose
//! variance is that of `y = (b − a) − R b`, divided by `(Σ b)²`.

use instrument::model::{LogicalOp, Reorder, Shape};
use jsproject::profile::{DecisionProfile, Row};

use crate::candidate::logical_rows;
use crate::logical::chain_cell;
use crate::replay::eval;

/// z of a two-sided 99 % interval: a profile holds many sampled decisions, and each interval
/// should hold for every one of them.
const Z99: f64 = 2.575_829;

/// Half-width in percentage points of the 99 % interval of the saving of `reorder` over the
/// written order, or `None` when every execution of the decision was recorded.
pub fn saving_margin(dp: &DecisionProfile, reorder: &Reorder) -> Option<f64> {
    if dp.spread == 0 {
        return None;
    }
    let d = &dp.decision;
    let costs: Vec<(u64, u64, u64)> = match (&d.shape, reorder) {
        (Shape::Logical { tree, .. }, Reorder::Logical(best)) => {
            let leaves = d.leaves.len().max(crate::replay::leaf_count(tree));
            logical_rows(dp, leaves)
                .iter()
                .map(|r| {
                    (
                        eval(tree, &r.cells).cost,
                        eval(best, &r.cells).cost,
                        r.count,
                    )
                })
                .collect()
        }
        (Shape::Chain(chain), Reorder::Chain(order)) => {
            let identity: Vec<usize> = (0..chain.arms.len()).collect();
            logical_rows(dp, chain.arms.len())
                .iter()
                .map(|r| (arms_cost(&identity, r), arms_cost(order, r), r.count))
                .collect()
        }
        _ => return None,
    };
    Some(margin(&costs, dp.spread))
}

/// What trying the arms in `order` costs on `row`: each condition until the first true one.
fn arms_cost(order: &[usize], row: &Row) -> u64 {
    chain_cell(LogicalOp::Or, order.iter().map(|&i| row.cells[i])).cost
}

/// The margin of `100 Σ n (b − a) / Σ n b` over rows `(b, a, n)` sampled with `spread`.
fn margin(rows: &[(u64, u64, u64)], spread: u64) -> f64 {
    let (mut before, mut saved, mut n) = (0.0, 0.0, 0.0);
    for &(b, a, count) in rows {
        let c = count as f64;
        before += c * b as f64;
        saved += c * (b as f64 - a as f64);
        n += c;
    }
    if before <= 0.0 || n < 2.0 {
        return 0.0;
    }
    let ratio = saved / before;
    let square: f64 = rows
        .iter()
        .map(|&(b, a, count)| {
            let y = (b as f64 - a as f64) - ratio * b as f64;
            count as f64 * y * y
        })
        .sum();
    let variance = spread as f64 * square / (n - 1.0) / (before * before);
    100.0 * Z99 * variance.sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saving_the_same_on_every_execution_is_known_exactly() {
        // every execution saves half its cost: sampling cannot be wrong about the ratio
        assert_eq!(margin(&[(4, 2, 1000), (8, 4, 3000)], 100_000), 0.0);
    }

    #[test]
    fn the_margin_widens_with_the_spread_and_vanishes_without_it() {
        let rows = [(4, 1, 600), (4, 4, 400)];
        let narrow = margin(&rows, 1_000);
        let wide = margin(&rows, 100_000);
        assert!(narrow > 0.0 && wide > narrow, "{narrow} {wide}");
        // a hundred times the spread: ten times the margin
        assert!((wide / narrow - 10.0).abs() < 1e-9, "{narrow} {wide}");
        assert_eq!(margin(&rows, 0), 0.0);
    }

    #[test]
    fn the_interval_covers_the_truth_for_windowed_samples() {
        // a population with a known saving, sampled one execution per window of 64 at
        // pseudo-random places: the truth falls within the margin of nearly every sample
        let population: Vec<(u64, u64)> = (0..64 * 400)
            .map(|i| if (i * 7919) % 10 < 6 { (4, 1) } else { (4, 4) })
            .collect();
        let truth = {
            let b: u64 = population.iter().map(|p| p.0).sum();
            let a: u64 = population.iter().map(|p| p.1).sum();
            100.0 * (b - a) as f64 / b as f64
        };
        let mut x: u32 = 12345;
        let mut covered = 0;
        for _ in 0..200 {
            let mut rows = Vec::new();
            for w in population.chunks(64) {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                let (b, a) = w[x as usize % 64];
                rows.push((b, a, 64));
            }
            let est = {
                let b: u64 = rows.iter().map(|r| r.0 * r.2).sum();
                let a: u64 = rows.iter().map(|r| r.1 * r.2).sum();
                100.0 * (b - a) as f64 / b as f64
            };
            let m = margin(&rows, rows.len() as u64 * 64 * 63);
            if (est - truth).abs() <= m {
                covered += 1;
            }
        }
        assert!(covered >= 180, "{covered} of 200");
    }
}

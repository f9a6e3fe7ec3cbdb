//! Cheapest orders of arm chains (else-if ladders, guard sequences, conditional chains): the
//! conditions are tried in order until one is true, so an order costs, per recorded execution,
//! the conditions tried up to the taken arm. Arms may change places only where the result stays
//! the same: their conditions are exclusive (proven from their text, or never true together in
//! any recorded execution where each was true at some time) or their bodies are the same. Arms
//! never true keep their places relative to each other, and relative to every arm they are not
//! proven exclusive of: nothing recorded says when they are true (a `typeof window !==
//! 'undefined' && obj === window` guard, never true under node, must not move below a catch-all
//! that a browser's `window` would also satisfy). Exact search up to [`EXACT_LIMIT`] arms, the probability/cost rule
//! with adjacent swaps beyond; never worse than the original order.

use instrument::model::LogicalOp;
use jsproject::profile::{Cell, Row};
use serde::{Deserialize, Serialize};

use crate::logical::{chain_cost, Strategy, EXACT_LIMIT};

/// Why the arms of a chain may change places.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "by", content = "evaluations")]
pub enum Exclusivity {
    /// Every pair of arms that moves is exclusive by its conditions' text, or has one body.
    Proven,
    /// Some pair that moves was never true together in this many recorded evaluations.
    Observed(u64),
}

impl std::fmt::Display for Exclusivity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Exclusivity::Proven => f.write_str("exclusive (proven)"),
            Exclusivity::Observed(n) => write!(f, "exclusive on {n} observed evaluations"),
        }
    }
}

/// What an arm chain's shape says about its arms, for the optimizer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arms<'a> {
    /// How many arms.
    pub count: usize,
    /// Groups of arms with the same body.
    pub same_body: &'a [Vec<usize>],
    /// Pairs `(i, j)`, `i < j`, proven exclusive from their text.
    pub proven: &'a [(usize, usize)],
}

/// The best order found for one arm chain, with its replayed costs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChainOrder {
    /// The arms in their new order.
    pub order: Vec<usize>,
    /// Replayed cost of the original order over all recorded executions.
    pub cost_before: u64,
    /// Replayed cost of the new order.
    pub cost_after: u64,
    /// Which search found it.
    pub strategy: Strategy,
    /// Why the arms that move may move.
    pub exclusivity: Exclusivity,
}

/// `before[i][j]`: arm `i` must stay before arm `j`.
type Precedence = Vec<Vec<bool>>;

/// The pairs that must keep their relative order: not proven exclusive, not one body, and true
/// together in some row or one of them never true; and arms that are never true, among
/// themselves.
fn precedence(arms: &Arms, rows: &[Row]) -> Precedence {
    let n = arms.count;
    let group_of = |i: usize| arms.same_body.iter().position(|g| g.contains(&i));
    let mut before = vec![vec![false; n]; n];
    let ever_true: Vec<bool> = (0..n)
        .map(|i| rows.iter().any(|r| r.count > 0 && r.cells[i].value))
        .collect();
    for i in 0..n {
        for j in i + 1..n {
            let one_body = group_of(i).is_some() && group_of(i) == group_of(j);
            let proven = arms.proven.contains(&(i, j));
            let together = rows
                .iter()
                .any(|r| r.count > 0 && r.cells[i].value && r.cells[j].value);
            let both_never = !ever_true[i] && !ever_true[j];
            let unseen = !ever_true[i] || !ever_true[j];
            before[i][j] = both_never || ((together || unseen) && !one_body && !proven);
        }
    }
    before
}

/// Whether `order` keeps every pair `precedence` fixes.
fn respects(order: &[usize], before: &Precedence) -> bool {
    let mut at = vec![0; order.len()];
    for (k, &i) in order.iter().enumerate() {
        at[i] = k;
    }
    (0..order.len()).all(|i| (0..order.len()).all(|j| !before[i][j] || at[i] < at[j]))
}

/// Each arm's cells over the rows, and the rows' counts.
fn histories(count: usize, rows: &[Row]) -> (Vec<Vec<Cell>>, Vec<u64>) {
    let hists = (0..count)
        .map(|i| rows.iter().map(|r| r.cells[i]).collect())
        .collect();
    (hists, rows.iter().map(|r| r.count).collect())
}

/// The cheapest order of the arms over the recorded `rows` (each with a cell per arm: real up to
/// the taken arm, speculated after it).
pub fn optimize(arms: &Arms, rows: &[Row]) -> ChainOrder {
    let rows: Vec<Row> = rows
        .iter()
        .filter(|r| r.cells.len() >= arms.count && r.count > 0)
        .cloned()
        .collect();
    let before = precedence(arms, &rows);
    let (hists, counts) = histories(arms.count, &rows);
    let identity: Vec<usize> = (0..arms.count).collect();
    let cost_before = chain_cost(LogicalOp::Or, &hists, &counts, &identity);
    let (mut order, strategy) = if arms.count <= EXACT_LIMIT {
        (exact(&hists, &counts, &before), Strategy::Exact)
    } else {
        (
            ratio_then_swaps(&hists, &counts, &before),
            Strategy::RatioSwaps,
        )
    };
    let mut cost_after = chain_cost(LogicalOp::Or, &hists, &counts, &order);
    if cost_after >= cost_before {
        (order, cost_after) = (identity, cost_before);
    }
    let exclusivity = exclusivity(arms, &order, &rows);
    ChainOrder {
        order,
        cost_before,
        cost_after,
        strategy,
        exclusivity,
    }
}

/// What `order` saves over the original order on `rows`, in cost units (negative: it costs more).
pub fn saving(count: usize, order: &[usize], rows: &[Row]) -> i128 {
    let rows: Vec<Row> = rows
        .iter()
        .filter(|r| r.cells.len() >= count && r.count > 0)
        .cloned()
        .collect();
    let (hists, counts) = histories(count, &rows);
    let identity: Vec<usize> = (0..count).collect();
    chain_cost(LogicalOp::Or, &hists, &counts, &identity) as i128
        - chain_cost(LogicalOp::Or, &hists, &counts, order) as i128
}

/// Proven when every pair the new order swaps is proven exclusive or one body; else observed on
/// the recorded evaluations.
fn exclusivity(arms: &Arms, order: &[usize], rows: &[Row]) -> Exclusivity {
    let group_of = |i: usize| arms.same_body.iter().position(|g| g.contains(&i));
    let mut at = vec![0; order.len()];
    for (k, &i) in order.iter().enumerate() {
        at[i] = k;
    }
    let swapped_unproven = (0..order.len()).any(|i| {
        (i + 1..order.len()).any(|j| {
            let one_body = group_of(i).is_some() && group_of(i) == group_of(j);
            at[i] > at[j] && !one_body && !arms.proven.contains(&(i, j))
        })
    });
    match swapped_unproven {
        false => Exclusivity::Proven,
        true => Exclusivity::Observed(rows.iter().map(|r| r.count).sum()),
    }
}

/// The cheapest order that respects `before`, every such order replayed (prefixes shared,
/// bounded by the best so far); ties keep the original order.
fn exact(hists: &[Vec<Cell>], counts: &[u64], before: &Precedence) -> Vec<usize> {
    let n = hists.len();
    let identity: Vec<usize> = (0..n).collect();
    let mut best = (
        chain_cost(LogicalOp::Or, hists, counts, &identity),
        identity,
    );
    let alive: Vec<usize> = (0..counts.len()).filter(|&k| counts[k] > 0).collect();
    let mut prefix = Vec::with_capacity(n);
    search(hists, counts, before, &alive, 0, &mut prefix, &mut best);
    best.1
}

/// Depth-first over the orders that respect `before`: `alive` are the rows no arm of `prefix`
/// took.
fn search(
    hists: &[Vec<Cell>],
    counts: &[u64],
    before: &Precedence,
    alive: &[usize],
    cost: u64,
    prefix: &mut Vec<usize>,
    best: &mut (u64, Vec<usize>),
) {
    if cost >= best.0 {
        return;
    }
    let n = hists.len();
    if prefix.len() == n {
        *best = (cost, prefix.clone());
        return;
    }
    for i in 0..n {
        let placed = |j: &usize| prefix.contains(j);
        if placed(&i) || (0..n).any(|j| before[j][i] && !placed(&j)) {
            continue;
        }
        let h = &hists[i];
        let step: u64 = alive.iter().map(|&k| h[k].cost * counts[k]).sum();
        let next: Vec<usize> = alive.iter().copied().filter(|&k| !h[k].value).collect();
        prefix.push(i);
        search(hists, counts, before, &next, cost + step, prefix, best);
        prefix.pop();
    }
}

/// Lowest mean cost per taken execution first (among the arms whose predecessors are placed),
/// then adjacent swaps that keep `before` and lower the cost.
fn ratio_then_swaps(hists: &[Vec<Cell>], counts: &[u64], before: &Precedence) -> Vec<usize> {
    let n = hists.len();
    let ratio = |i: usize| -> f64 {
        let cost: u64 = hists[i].iter().zip(counts).map(|(c, k)| c.cost * k).sum();
        let taken: u64 = hists[i]
            .iter()
            .zip(counts)
            .filter(|(c, _)| c.value)
            .map(|(_, k)| *k)
            .sum();
        match taken {
            0 => f64::INFINITY,
            t => cost as f64 / t as f64,
        }
    };
    let ratios: Vec<f64> = (0..n).map(ratio).collect();
    let mut order: Vec<usize> = Vec::with_capacity(n);
    while order.len() < n {
        let next = (0..n)
            .filter(|i| !order.contains(i))
            .filter(|&i| (0..n).all(|j| !before[j][i] || order.contains(&j)))
            .min_by(|&a, &b| ratios[a].total_cmp(&ratios[b]).then(a.cmp(&b)))
            .expect("precedence within source order has no cycle");
        order.push(next);
    }
    let mut cost = chain_cost(LogicalOp::Or, hists, counts, &order);
    for _ in 0..4 * n {
        let mut improved = false;
        for j in 0..n.saturating_sub(1) {
            order.swap(j, j + 1);
            let c = chain_cost(LogicalOp::Or, hists, counts, &order);
            if c < cost && respects(&order, before) {
                cost = c;
                improved = true;
            } else {
                order.swap(j, j + 1);
            }
        }
        if !improved {
            break;
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A row where arm `taken` is true (none when `None`), every condition costing `costs[i]`.
    fn row(costs: &[u64], taken: &[usize], count: u64) -> Row {
        Row {
            cells: costs
                .iter()
                .enumerate()
                .map(|(i, &cost)| Cell {
                    cost,
                    value: taken.contains(&i),
                })
                .collect(),
            count,
        }
    }

    fn arms(count: usize) -> Arms<'static> {
        Arms {
            count,
            same_body: &[],
            proven: &[],
        }
    }

    #[test]
    fn the_hot_arm_moves_first_and_the_saving_is_replayed() {
        let costs = [1, 1, 1, 1];
        let rows = [
            row(&costs, &[3], 90),
            row(&costs, &[0], 4),
            row(&costs, &[1], 3),
            row(&costs, &[2], 3),
        ];
        let best = optimize(&arms(4), &rows);
        assert_eq!(best.order, vec![3, 0, 1, 2]);
        assert_eq!(best.cost_before, 90 * 4 + 4 + 3 * 2 + 3 * 3);
        assert_eq!(best.cost_after, 90 + 4 * 2 + 3 * 3 + 3 * 4);
        assert_eq!(best.exclusivity, Exclusivity::Observed(100));
        assert_eq!(best.strategy, Strategy::Exact);
    }

    #[test]
    fn overlapping_arms_keep_their_order() {
        // `score >= 90` before `score >= 75`: both true for 95, so 1 may not pass 0
        let costs = [1, 1, 1];
        let rows = [
            row(&costs, &[0, 1], 10),
            row(&costs, &[1], 80),
            row(&costs, &[2], 10),
        ];
        let best = optimize(&arms(3), &rows);
        let at = |i: usize| best.order.iter().position(|&x| x == i).unwrap();
        assert!(at(0) < at(1), "{:?}", best.order);
    }

    #[test]
    fn proven_and_same_body_pairs_may_move_and_say_so() {
        let costs = [1, 1, 1];
        let rows = [row(&costs, &[2], 50), row(&costs, &[0], 1)];
        let proven = [(0, 2), (1, 2)];
        let a = Arms {
            count: 3,
            same_body: &[],
            proven: &proven,
        };
        let best = optimize(&a, &rows);
        assert_eq!(best.order[0], 2);
        assert_eq!(best.exclusivity, Exclusivity::Proven);
        // arms 0 and 1 share a body: true together is no reason to keep their order
        let rows = [row(&costs, &[0, 1], 5), row(&costs, &[1], 50)];
        let groups = [vec![0, 1], vec![2]];
        let a = Arms {
            count: 3,
            same_body: &groups,
            proven: &[],
        };
        assert_eq!(optimize(&a, &rows).order[0], 1);
    }

    #[test]
    fn arms_never_true_keep_their_places_relative_to_each_other() {
        let costs = [1, 5, 1, 1];
        let rows = [row(&costs, &[3], 100)];
        let proven: Vec<(usize, usize)> = (0..4)
            .flat_map(|i| (i + 1..4).map(move |j| (i, j)))
            .collect();
        let a = Arms {
            count: 4,
            same_body: &[],
            proven: &proven,
        };
        let best = optimize(&a, &rows);
        assert_eq!(best.order[0], 3);
        let rest: Vec<usize> = best.order[1..].to_vec();
        assert_eq!(rest, vec![0, 1, 2]);
    }

    #[test]
    fn an_arm_never_true_moves_only_past_arms_proven_exclusive_of_it() {
        // arm 0 is never true; arms 1 and 2 are, never together: only 1 and 2 may swap, and
        // 0 stays before both unless proven exclusive of them
        let costs = [4, 4, 1];
        let rows = [row(&costs, &[1], 10), row(&costs, &[2], 90)];
        assert_eq!(optimize(&arms(3), &rows).order, vec![0, 2, 1]);
        let proven = [(0, 1), (0, 2)];
        let a = Arms {
            count: 3,
            same_body: &[],
            proven: &proven,
        };
        assert_eq!(optimize(&a, &rows).order[0], 2);
    }

    #[test]
    fn never_worse_than_the_original_and_long_chains_use_the_rule() {
        let costs = [1; 10];
        let rows = [row(&costs, &[0], 100)];
        let best = optimize(&arms(10), &rows);
        assert_eq!(best.order, (0..10).collect::<Vec<_>>());
        assert_eq!(best.cost_after, best.cost_before);
        let mut rows: Vec<Row> = (0..9).map(|k| row(&costs, &[k], 1)).collect();
        rows.push(row(&costs, &[9], 100));
        let best = optimize(&arms(10), &rows);
        assert_eq!(best.strategy, Strategy::RatioSwaps);
        assert_eq!(best.order[0], 9);
        assert!(best.cost_after < best.cost_before);
    }
}

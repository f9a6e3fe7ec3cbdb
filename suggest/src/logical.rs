//! Optimal orders of `&&`/`||` decisions: the paper's Algorithm 1 and an exact chain search.

use instrument::model::{LogicalOp, Tree};
use jsproject::profile::{Cell, Row};
use serde::{Deserialize, Serialize};

use crate::replay::{short_circuits, tree_cost};

/// Largest flat chain whose permutations are all replayed; longer chains use the ratio rule.
pub const EXACT_LIMIT: usize = 8;

/// Which search produced an order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Strategy {
    /// The paper's bottom-up pairwise swaps (Algorithm 1).
    Algorithm1,
    /// Every permutation of each flat chain replayed (chains of at most [`EXACT_LIMIT`] items).
    Exact,
    /// Ratio rule then adjacent swaps (some chain longer than [`EXACT_LIMIT`]).
    RatioSwaps,
}

/// The best order found for one logical decision with its replayed costs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogicalOrder {
    /// The new tree over the same leaves.
    pub tree: Tree,
    /// Replayed cost of the original order over all recorded executions.
    pub cost_before: u64,
    /// Replayed cost of the new order.
    pub cost_after: u64,
    /// Which search found it.
    pub strategy: Strategy,
}

/// Algorithm 1 of the paper: bottom-up, swap a node's children if that is strictly cheaper.
pub fn algorithm1(tree: &Tree, rows: &[Row]) -> Tree {
    algorithm1_with_history(tree, rows).0
}

/// Algorithm 1 returning the optimized subtree and its derived history (one cell per row).
fn algorithm1_with_history(tree: &Tree, rows: &[Row]) -> (Tree, Vec<Cell>) {
    match tree {
        Tree::Leaf(i) => (tree.clone(), rows.iter().map(|r| r.cells[*i]).collect()),
        Tree::Node { op, left, right } => {
            let (lt, lh) = algorithm1_with_history(left, rows);
            let (rt, rh) = algorithm1_with_history(right, rows);
            let c_orig = pair_cost(*op, &lh, &rh, rows);
            let c_swap = pair_cost(*op, &rh, &lh, rows);
            let (first, fh, second, sh) = if c_orig <= c_swap {
                (lt, lh, rt, rh)
            } else {
                (rt, rh, lt, lh)
            };
            let hist = fh
                .iter()
                .zip(&sh)
                .map(|(a, b)| combine(*op, *a, *b))
                .collect();
            (
                Tree::Node {
                    op: *op,
                    left: Box::new(first),
                    right: Box::new(second),
                },
                hist,
            )
        }
    }
}

/// `computeCost` of the paper: replay `left op right` over the derived histories.
fn pair_cost(op: LogicalOp, left: &[Cell], right: &[Cell], rows: &[Row]) -> u64 {
    left.iter()
        .zip(right)
        .zip(rows)
        .map(|((l, r), row)| combine(op, *l, *r).cost * row.count)
        .sum()
}

/// One evaluation of `left op right` from the operands' cells.
fn combine(op: LogicalOp, l: Cell, r: Cell) -> Cell {
    if short_circuits(op, l.value) {
        l
    } else {
        Cell {
            cost: l.cost + r.cost,
            value: r.value,
        }
    }
}

/// Best order: exact permutation search (or ratio rule) per flat chain, never worse than Algorithm 1.
pub fn optimize(tree: &Tree, rows: &[Row]) -> LogicalOrder {
    let cost_before = tree_cost(tree, rows);
    let mut long_chain = false;
    let (chain_tree, _) = chain_search(tree, rows, &mut long_chain);
    let chain_cost = tree_cost(&chain_tree, rows);
    let alg1_tree = algorithm1(tree, rows);
    let alg1_cost = tree_cost(&alg1_tree, rows);
    let (tree_after, cost_after, strategy) = if alg1_cost < chain_cost {
        (alg1_tree, alg1_cost, Strategy::Algorithm1)
    } else if long_chain {
        (chain_tree, chain_cost, Strategy::RatioSwaps)
    } else {
        (chain_tree, chain_cost, Strategy::Exact)
    };
    if cost_after < cost_before {
        LogicalOrder {
            tree: tree_after,
            cost_before,
            cost_after,
            strategy,
        }
    } else {
        LogicalOrder {
            tree: tree.clone(),
            cost_before,
            cost_after: cost_before,
            strategy,
        }
    }
}

/// Items of the maximal flat chain of `op` rooted at `tree`, left to right.
pub fn chain_items(tree: &Tree, op: LogicalOp) -> Vec<&Tree> {
    match tree {
        Tree::Node { op: o, left, right } if *o == op => {
            let mut items = chain_items(left, op);
            items.extend(chain_items(right, op));
            items
        }
        _ => vec![tree],
    }
}

/// Rebuilds the chain shape of `shape` (same nesting, same operators) with `items` in its slots.
fn fill(shape: &Tree, op: LogicalOp, items: &mut impl Iterator<Item = Tree>) -> Tree {
    match shape {
        Tree::Node { op: o, left, right } if *o == op => {
            let left = fill(left, op, items);
            let right = fill(right, op, items);
            Tree::Node {
                op,
                left: Box::new(left),
                right: Box::new(right),
            }
        }
        _ => items.next().expect("one item per chain slot"),
    }
}

/// Optimizes every chain bottom-up; returns the tree and its derived history per row.
fn chain_search(tree: &Tree, rows: &[Row], long_chain: &mut bool) -> (Tree, Vec<Cell>) {
    let op = match tree {
        Tree::Leaf(i) => return (tree.clone(), rows.iter().map(|r| r.cells[*i]).collect()),
        Tree::Node { op, .. } => *op,
    };
    let (items, hists): (Vec<Tree>, Vec<Vec<Cell>>) = chain_items(tree, op)
        .into_iter()
        .map(|item| chain_search(item, rows, long_chain))
        .unzip();
    let counts: Vec<u64> = rows.iter().map(|r| r.count).collect();
    let order = if items.len() <= EXACT_LIMIT {
        exact_order(op, &hists, &counts)
    } else {
        *long_chain = true;
        ratio_then_swaps(op, &hists, &counts)
    };
    let mut slots = order.iter().map(|&i| items[i].clone());
    let new_tree = fill(tree, op, &mut slots);
    let hist = (0..rows.len())
        .map(|k| chain_cell(op, order.iter().map(|&i| hists[i][k])))
        .collect();
    (new_tree, hist)
}

/// One evaluation of a flat chain whose items produce `cells` in order.
pub(crate) fn chain_cell(op: LogicalOp, cells: impl Iterator<Item = Cell>) -> Cell {
    let mut acc = Cell {
        cost: 0,
        value: op == LogicalOp::And,
    };
    for c in cells {
        acc.cost += c.cost;
        acc.value = c.value;
        if short_circuits(op, c.value) {
            break;
        }
    }
    acc
}

/// Replayed cost of a chain in `order` (indices into `hists`).
pub fn chain_cost(op: LogicalOp, hists: &[Vec<Cell>], counts: &[u64], order: &[usize]) -> u64 {
    (0..counts.len())
        .map(|k| chain_cell(op, order.iter().map(|&i| hists[i][k])).cost * counts[k])
        .sum()
}

/// The cheapest permutation of a chain, replaying every permutation (prefixes shared, bounded).
///
/// Ties keep the original order; among equally cheap new orders the first in lexicographic order wins.
pub fn exact_order(op: LogicalOp, hists: &[Vec<Cell>], counts: &[u64]) -> Vec<usize> {
    let n = hists.len();
    let identity: Vec<usize> = (0..n).collect();
    let mut best = (chain_cost(op, hists, counts, &identity), identity);
    let alive: Vec<usize> = (0..counts.len()).filter(|&k| counts[k] > 0).collect();
    let mut prefix = Vec::with_capacity(n);
    permute(op, hists, counts, &alive, 0, &mut prefix, &mut best);
    best.1
}

/// Depth-first walk over permutations: `alive` are the rows not yet decided by `prefix`.
fn permute(
    op: LogicalOp,
    hists: &[Vec<Cell>],
    counts: &[u64],
    alive: &[usize],
    cost: u64,
    prefix: &mut Vec<usize>,
    best: &mut (u64, Vec<usize>),
) {
    if cost >= best.0 {
        return;
    }
    let n = hists.len();
    if prefix.len() == n || alive.is_empty() {
        // Remaining items are never evaluated; append them in index order.
        let mut order = prefix.clone();
        order.extend((0..n).filter(|i| !prefix.contains(i)));
        *best = (cost, order);
        return;
    }
    for i in 0..n {
        if prefix.contains(&i) {
            continue;
        }
        let h = &hists[i];
        let step: u64 = alive.iter().map(|&k| h[k].cost * counts[k]).sum();
        let next: Vec<usize> = alive
            .iter()
            .copied()
            .filter(|&k| !short_circuits(op, h[k].value))
            .collect();
        prefix.push(i);
        permute(op, hists, counts, &next, cost + step, prefix, best);
        prefix.pop();
    }
}

/// Ratio rule (ascending mean cost / probability of deciding the chain), then adjacent swaps.
pub fn ratio_then_swaps(op: LogicalOp, hists: &[Vec<Cell>], counts: &[u64]) -> Vec<usize> {
    let total: u64 = counts.iter().sum();
    let ratio = |i: usize| -> f64 {
        let cost: u64 = hists[i].iter().zip(counts).map(|(c, n)| c.cost * n).sum();
        let decides: u64 = hists[i]
            .iter()
            .zip(counts)
            .filter(|(c, _)| short_circuits(op, c.value))
            .map(|(_, n)| *n)
            .sum();
        if decides == 0 || total == 0 {
            f64::INFINITY
        } else {
            cost as f64 / decides as f64
        }
    };
    let ratios: Vec<f64> = (0..hists.len()).map(ratio).collect();
    let mut order: Vec<usize> = (0..hists.len()).collect();
    order.sort_by(|&a, &b| ratios[a].total_cmp(&ratios[b]));
    let mut cost = chain_cost(op, hists, counts, &order);
    let mut improved = true;
    let mut passes = 0;
    while improved && passes < 4 * hists.len() {
        improved = false;
        passes += 1;
        for j in 0..order.len().saturating_sub(1) {
            order.swap(j, j + 1);
            let c = chain_cost(op, hists, counts, &order);
            if c < cost {
                cost = c;
                improved = true;
            } else {
                order.swap(j, j + 1);
            }
        }
    }
    let identity: Vec<usize> = (0..hists.len()).collect();
    if chain_cost(op, hists, counts, &identity) <= cost {
        identity
    } else {
        order
    }
}

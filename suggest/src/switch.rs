//! Optimal order of a switch's fall-through groups (the paper's §3.2.2).

use instrument::model::SwitchShape;
use jsproject::profile::SwitchRow;
use serde::{Deserialize, Serialize};

/// The best group order found for one switch decision with its estimated costs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwitchOrder {
    /// New order of the fall-through groups (indices into `SwitchShape::groups`).
    pub groups: Vec<usize>,
    /// How often each group (by index into `SwitchShape::groups`) matched.
    pub matches: Vec<u64>,
    /// Estimated cost of the original order over all recorded executions.
    pub cost_before: u64,
    /// Estimated cost of the new order.
    pub cost_after: u64,
}

/// Orders groups by how often they matched, most frequent first; unmatched groups keep their order at the end.
///
/// The `default` group counts the executions that took it, like the paper's other checks (its place
/// does not change any cost: every case test runs before it is taken).
pub fn optimize(shape: &SwitchShape, rows: &[SwitchRow]) -> SwitchOrder {
    let group_of = group_index(shape);
    let mut matches = vec![0u64; shape.groups.len()];
    for row in rows {
        if let Some(&g) = row.matched.and_then(|m| group_of.get(m)) {
            matches[g] += row.count;
        }
    }
    let mut order: Vec<usize> = (0..shape.groups.len()).collect();
    // Stable sort: equal frequencies (in particular the never-matched groups) keep source order.
    order.sort_by(|a, b| matches[*b].cmp(&matches[*a]));
    let test_costs = case_test_costs(shape, rows);
    let identity: Vec<usize> = (0..shape.groups.len()).collect();
    let cost_before = order_cost(shape, &identity, rows, &test_costs);
    let cost_after = order_cost(shape, &order, rows, &test_costs);
    if cost_after < cost_before {
        SwitchOrder {
            groups: order,
            matches,
            cost_before,
            cost_after,
        }
    } else {
        SwitchOrder {
            groups: identity,
            matches,
            cost_before,
            cost_after: cost_before,
        }
    }
}

/// Group index of every clause.
fn group_index(shape: &SwitchShape) -> Vec<usize> {
    let mut of = vec![0usize; shape.cases.len()];
    for (g, clauses) in shape.groups.iter().enumerate() {
        for &c in clauses {
            if let Some(slot) = of.get_mut(c) {
                *slot = g;
            }
        }
    }
    of
}

/// Estimated cost of each clause's case test: the mean recorded cost, 1 when never recorded, 0 for `default`.
pub fn case_test_costs(shape: &SwitchShape, rows: &[SwitchRow]) -> Vec<u64> {
    let mut sum = vec![0u64; shape.cases.len()];
    let mut n = vec![0u64; shape.cases.len()];
    for row in rows {
        for (i, &c) in row.case_costs.iter().enumerate().take(shape.cases.len()) {
            sum[i] += c * row.count;
            n[i] += row.count;
        }
    }
    (0..shape.cases.len())
        .map(|i| {
            if Some(i) == shape.default_index {
                0
            } else {
                (sum[i] + n[i] / 2).checked_div(n[i]).unwrap_or(1)
            }
        })
        .collect()
}

/// Estimated total cost of running the switch with its groups in `order` over `rows`.
pub fn order_cost(
    shape: &SwitchShape,
    order: &[usize],
    rows: &[SwitchRow],
    test_costs: &[u64],
) -> u64 {
    let clauses: Vec<usize> = order
        .iter()
        .flat_map(|&g| shape.groups[g].iter().copied())
        .collect();
    let all: u64 = clauses.iter().map(|&c| test_costs[c]).sum();
    rows.iter()
        .map(|row| {
            let cost = match row.matched {
                Some(m) if Some(m) != shape.default_index => {
                    let pos = clauses.iter().position(|&c| c == m);
                    match pos {
                        Some(p) => clauses[..=p].iter().map(|&c| test_costs[c]).sum(),
                        None => all,
                    }
                }
                _ => all,
            };
            cost * row.count
        })
        .sum()
}

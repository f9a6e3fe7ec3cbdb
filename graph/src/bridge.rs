//! Node removal that connects every predecessor to every successor (slice-pruned graphs, HFGs).

use super::digraph::{Digraph, NodeId};
use super::reach::topological_order;

/// The edges among the kept nodes after removing all others: `p → s` for kept `p`, `s` whenever
/// the graph has a path from `p` to `s` whose inner nodes are all removed. This equals removing
/// the other nodes one by one and joining each one's predecessors to its successors. Sorted.
pub fn bridged_edges<N, E>(g: &Digraph<N, E>, keep: &[bool]) -> Vec<(NodeId, NodeId)> {
    match topological_order(g) {
        Ok(order) => bridged_edges_acyclic(g, keep, &order),
        Err(_) => bridged_edges_by_search(g, keep),
    }
}

/// [`bridged_edges`] of an acyclic graph whose topological order is given (callers that prune the
/// same graph many times compute it once). Only removed nodes get a row of reachable kept nodes, so
/// the work is the edges plus (removed nodes × kept nodes / 64).
pub fn bridged_edges_acyclic<N, E>(
    g: &Digraph<N, E>,
    keep: &[bool],
    order: &[NodeId],
) -> Vec<(NodeId, NodeId)> {
    let n = g.node_count();
    let kept: Vec<NodeId> = (0..n).filter(|&v| keep[v]).collect();
    let mut slot = vec![usize::MAX; n];
    for (i, &v) in kept.iter().enumerate() {
        slot[v] = i;
    }
    let words = kept.len().div_ceil(64).max(1);
    // row[v] of a removed node v: kept nodes reachable from v through removed nodes only
    let mut row_of = vec![usize::MAX; n];
    let mut rows: Vec<u64> = Vec::new();
    let mut acc = vec![0u64; words];
    for &v in order.iter().rev() {
        if keep[v] {
            continue;
        }
        acc.iter_mut().for_each(|a| *a = 0);
        for w in g.successors(v) {
            if keep[w] {
                acc[slot[w] / 64] |= 1 << (slot[w] % 64);
            } else if row_of[w] != usize::MAX {
                let r = &rows[row_of[w] * words..(row_of[w] + 1) * words];
                acc.iter_mut().zip(r).for_each(|(a, r)| *a |= *r);
            }
        }
        row_of[v] = rows.len() / words;
        rows.extend_from_slice(&acc);
    }
    let mut out = Vec::new();
    for &p in &kept {
        acc.iter_mut().for_each(|a| *a = 0);
        for w in g.successors(p) {
            if keep[w] {
                out.push((p, w));
            } else if row_of[w] != usize::MAX {
                let r = &rows[row_of[w] * words..(row_of[w] + 1) * words];
                acc.iter_mut().zip(r).for_each(|(a, r)| *a |= *r);
            }
        }
        for (wi, &word) in acc.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                out.push((p, kept[wi * 64 + b]));
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// [`bridged_edges`] of a graph with cycles: a search from every kept node.
fn bridged_edges_by_search<N, E>(g: &Digraph<N, E>, keep: &[bool]) -> Vec<(NodeId, NodeId)> {
    let n = g.node_count();
    let kept: Vec<NodeId> = (0..n).filter(|&v| keep[v]).collect();
    let mut out = Vec::new();
    let mut seen = vec![usize::MAX; n];
    for &p in &kept {
        let mut stack: Vec<NodeId> = g.successors(p).collect();
        while let Some(v) = stack.pop() {
            if seen[v] == p {
                continue;
            }
            seen[v] = p;
            if keep[v] {
                out.push((p, v));
            } else {
                stack.extend(g.successors(v));
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

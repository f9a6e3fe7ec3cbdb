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

/// [`bridged_edges`] of an acyclic graph in which every node is reachable from `first` and
/// reaches `last` (a CFG's start and exit), for the kept nodes `kept` (which hold `first` and
/// `last`): every bridged edge except `first → last`, sorted. `order` is a topological order and
/// `rank` each node's place in it. Only the nodes ranked between the lowest and the highest kept
/// node other than `first` and `last` (the span) are visited: a removed node past the span
/// reaches no kept node but `last`, and every removed node before it is reached from `first`
/// through removed nodes alone. Bridging many small kept sets of one large graph (a slice each)
/// so costs their spans, not the graph.
pub fn bridged_edges_spanned<N, E>(
    g: &Digraph<N, E>,
    order: &[NodeId],
    rank: &[usize],
    (first, last): (NodeId, NodeId),
    kept: &[NodeId],
) -> Vec<(NodeId, NodeId)> {
    let mut inner: Vec<NodeId> = kept
        .iter()
        .copied()
        .filter(|&v| v != first && v != last)
        .collect();
    inner.sort_unstable_by_key(|&v| rank[v]);
    inner.dedup();
    let (Some(&lo_node), Some(&hi_node)) = (inner.first(), inner.last()) else {
        return Vec::new();
    };
    let (lo, hi) = (rank[lo_node], rank[hi_node]);
    let span = &order[lo..=hi];
    // per span position: the kept slot (inner nodes by rank, then `last`), or none
    let mut slot = vec![usize::MAX; span.len()];
    for (i, &v) in inner.iter().enumerate() {
        slot[rank[v] - lo] = i;
    }
    let last_slot = inner.len();
    let target = |i: usize| if i == last_slot { last } else { inner[i] };
    let words = (inner.len() + 1).div_ceil(64);
    let set = |acc: &mut [u64], i: usize| acc[i / 64] |= 1 << (i % 64);
    // rows of the removed span nodes: the kept nodes each reaches through removed nodes only
    let mut rows = vec![0u64; span.len() * words];
    let mut acc = vec![0u64; words];
    // the successors of `v` as kept slots, into `acc`
    let reach_of = |v: NodeId, rows: &[u64], acc: &mut [u64]| {
        acc.iter_mut().for_each(|a| *a = 0);
        for w in g.successors(v) {
            let r = rank[w];
            if w == last || r > hi {
                set(acc, last_slot);
            } else if slot[r - lo] != usize::MAX {
                set(acc, slot[r - lo]);
            } else {
                let row = &rows[(r - lo) * words..(r - lo + 1) * words];
                acc.iter_mut().zip(row).for_each(|(a, b)| *a |= *b);
            }
        }
    };
    for (k, &v) in span.iter().enumerate().rev() {
        if slot[k] == usize::MAX {
            reach_of(v, &rows, &mut acc);
            rows[k * words..(k + 1) * words].copy_from_slice(&acc);
        }
    }
    let mut out = Vec::new();
    for &p in &inner {
        reach_of(p, &rows, &mut acc);
        for (wi, &word) in acc.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                out.push((p, target(wi * 64 + b)));
            }
        }
    }
    // from `first`: the kept nodes with a predecessor that is `first` or a removed node reached
    // from it through removed nodes (every removed node before the span is)
    let mut from_first = vec![false; span.len()];
    for (k, &v) in span.iter().enumerate() {
        let reached = g.predecessors(v).any(|p| {
            p == first
                || rank[p] < lo
                || (slot[rank[p] - lo] == usize::MAX && from_first[rank[p] - lo])
        });
        if reached {
            if slot[k] == usize::MAX {
                from_first[k] = true;
            } else {
                out.push((first, v));
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

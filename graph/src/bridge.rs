//! Node removal that connects every predecessor to every successor (slice-pruned graphs, HFGs).

use super::digraph::{Digraph, NodeId};
use super::reach::topological_order;

/// The edges among the kept nodes after removing all others: `p → s` for kept `p`, `s` whenever
/// the graph has a path from `p` to `s` whose inner nodes are all removed. This equals removing
/// the other nodes one by one and joining each one's predecessors to its successors. Sorted.
pub fn bridged_edges<N, E>(g: &Digraph<N, E>, keep: &[bool]) -> Vec<(NodeId, NodeId)> {
    let n = g.node_count();
    let kept: Vec<NodeId> = (0..n).filter(|&v| keep[v]).collect();
    let mut slot = vec![usize::MAX; n];
    for (i, &v) in kept.iter().enumerate() {
        slot[v] = i;
    }
    let words = kept.len().div_ceil(64).max(1);
    let mut out = Vec::new();
    if let Ok(order) = topological_order(g) {
        // reach[v] = kept nodes reachable from v through removed nodes only (v itself excluded)
        let mut reach = vec![0u64; n * words];
        for &v in order.iter().rev() {
            let mut acc = vec![0u64; words];
            for w in g.successors(v) {
                if keep[w] {
                    acc[slot[w] / 64] |= 1 << (slot[w] % 64);
                } else {
                    for (a, r) in acc.iter_mut().zip(&reach[w * words..(w + 1) * words]) {
                        *a |= *r;
                    }
                }
            }
            reach[v * words..(v + 1) * words].copy_from_slice(&acc);
        }
        for &p in &kept {
            let row = &reach[p * words..(p + 1) * words];
            for (wi, &word) in row.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    out.push((p, kept[wi * 64 + b]));
                }
            }
        }
    } else {
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
    }
    out.sort_unstable();
    out.dedup();
    out
}

//! Property-aware program sampling (Kumar, Sharma and Mahajan, PASTE'10, §2): the slice-pruned
//! control-flow graph of a slice (Definition 2.3), its slice fragments — root-to-leaf paths of a
//! depth-first search that ignores back edges (Definition 2.5, §2.4.1) — and the greedy reduced
//! cover of the slice by fragments (Algorithm 1, §2.4.2).

use std::collections::BTreeSet;

use super::bridge::bridged_edges;
use super::digraph::{Digraph, NodeId};

/// A slice-pruned control-flow graph: the slice's nodes and the entry, an edge wherever the
/// control-flow graph has a path between two of them through nodes outside the slice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlicePruned {
    /// The entry node (the root of every fragment).
    pub entry: NodeId,
    /// The nodes: the entry and the slice, ascending.
    pub nodes: Vec<NodeId>,
    /// Successors of each node of `nodes` (same order), ascending.
    pub succ: Vec<Vec<NodeId>>,
}

impl SlicePruned {
    /// Prunes `g` to `slice` plus `entry` (Definition 2.3).
    pub fn new<N, E>(g: &Digraph<N, E>, entry: NodeId, slice: &[NodeId]) -> SlicePruned {
        let mut keep = vec![false; g.node_count()];
        keep[entry] = true;
        for &v in slice {
            keep[v] = true;
        }
        let nodes: Vec<NodeId> = (0..keep.len()).filter(|&v| keep[v]).collect();
        let mut succ = vec![Vec::new(); nodes.len()];
        for (a, b) in bridged_edges(g, &keep) {
            if a == b {
                continue; // a loop through removed nodes only
            }
            if let Ok(i) = nodes.binary_search(&a) {
                succ[i].push(b);
            }
        }
        for s in &mut succ {
            s.sort_unstable();
            s.dedup();
        }
        SlicePruned { entry, nodes, succ }
    }

    fn successors(&self, v: NodeId) -> &[NodeId] {
        match self.nodes.binary_search(&v) {
            Ok(i) => &self.succ[i],
            Err(_) => &[],
        }
    }

    /// The slice fragments (§2.4.1): every path from the entry that a depth-first search, taking
    /// successors in ascending order and ignoring back edges (to a node already on the path),
    /// follows to a leaf. `None` when there are more than `limit` of them.
    pub fn fragments(&self, limit: usize) -> Option<Vec<Vec<NodeId>>> {
        let mut out = Vec::new();
        let mut path = vec![self.entry];
        let mut on_path: BTreeSet<NodeId> = BTreeSet::from([self.entry]);
        // per path position, the index of the next successor to try
        let mut next = vec![0usize];
        while let Some(&v) = path.last() {
            let k = next.len() - 1;
            let succ = self.successors(v);
            let mut child = None;
            let mut any_forward = false;
            for (i, &w) in succ.iter().enumerate() {
                if on_path.contains(&w) {
                    continue;
                }
                any_forward = true;
                if i >= next[k] {
                    child = Some((i, w));
                    break;
                }
            }
            match child {
                Some((i, w)) => {
                    next[k] = i + 1;
                    path.push(w);
                    on_path.insert(w);
                    next.push(0);
                }
                None => {
                    if !any_forward {
                        if out.len() == limit {
                            return None;
                        }
                        out.push(path.clone());
                    }
                    on_path.remove(&v);
                    path.pop();
                    next.pop();
                }
            }
        }
        Some(out)
    }
}

/// A reduced cover (Algorithm 1): fragments chosen one at a time, each the one with the most
/// nodes not yet covered (the first of equals), until every node of every fragment is covered.
/// Returns indices into `fragments`, in the order chosen.
pub fn reduced_cover(fragments: &[Vec<NodeId>]) -> Vec<usize> {
    let mut uncovered: BTreeSet<NodeId> = fragments.iter().flatten().copied().collect();
    let mut chosen = Vec::new();
    while !uncovered.is_empty() {
        let best = fragments
            .iter()
            .enumerate()
            .map(|(i, f)| (f.iter().filter(|v| uncovered.contains(v)).count(), i))
            .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        let Some((gain, i)) = best else { break };
        if gain == 0 {
            break;
        }
        for v in &fragments[i] {
            uncovered.remove(v);
        }
        chosen.push(i);
    }
    chosen
}

/// The paper's figures of one slice (§3.2): its size, its fragments, the reduced cover, and the
/// statements a sample of one cover fragment instruments on average.
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize)]
pub struct FragmentStats {
    /// Statements (nodes) in the slice.
    pub slice: usize,
    /// Slice fragments.
    pub fragments: usize,
    /// Fragments in the reduced cover.
    pub cover: usize,
    /// Mean statements per fragment of the cover (the entry not counted).
    pub statements_per_sample: f64,
    /// The share of the slice's paths one sample observes, by cover fragment and at random.
    pub coverage: PathCoverage,
}

/// The figures of `slice` in `g` from `entry`; `None` when it has more than `limit` fragments.
pub fn fragment_stats<N, E>(
    g: &Digraph<N, E>,
    entry: NodeId,
    slice: &[NodeId],
    limit: usize,
) -> Option<FragmentStats> {
    let pruned = SlicePruned::new(g, entry, slice);
    let frags = pruned.fragments(limit)?;
    let cover = reduced_cover(&frags);
    let statements: usize = cover.iter().map(|&i| frags[i].len() - 1).sum();
    Some(FragmentStats {
        slice: pruned.nodes.len() - usize::from(!slice.contains(&entry)),
        fragments: frags.len(),
        cover: cover.len(),
        statements_per_sample: statements as f64 / cover.len().max(1) as f64,
        coverage: path_coverage(&frags, &cover),
    })
}

/// How much of a slice's paths one sample observes (§3.3's comparison, computed exactly): the
/// expected share of the slice's fragments whose every statement a sample instruments, when a
/// sample is one fragment of the reduced cover drawn at random (`by_cover`), and when it is as
/// many statements as that fragment has, drawn at random from the slice (`by_statements`).
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize)]
pub struct PathCoverage {
    /// Sampling fragments of the reduced cover.
    pub by_cover: f64,
    /// Sampling the same number of statements at random.
    pub by_statements: f64,
}

/// [`PathCoverage`] of `fragments` (each starting at the entry, which is not a statement) and
/// their reduced `cover`.
pub fn path_coverage(fragments: &[Vec<NodeId>], cover: &[usize]) -> PathCoverage {
    let sets: Vec<BTreeSet<NodeId>> = fragments
        .iter()
        .map(|f| f.iter().skip(1).copied().collect())
        .collect();
    let n = sets.iter().flatten().collect::<BTreeSet<_>>().len();
    if sets.is_empty() || cover.is_empty() || n == 0 {
        return PathCoverage::default();
    }
    let total = sets.len() as f64;
    let mut by_cover = 0.0;
    let mut by_statements = 0.0;
    for &c in cover {
        let chosen = &sets[c];
        by_cover += sets.iter().filter(|s| s.is_subset(chosen)).count() as f64 / total;
        // a random set of |chosen| statements holds a path of a statements with probability
        // C(n - a, s - a) / C(n, s) = prod_{i < a} (s - i) / (n - i)
        let s = chosen.len();
        let p: f64 = sets
            .iter()
            .map(|f| {
                let a = f.len();
                if a > s {
                    0.0
                } else {
                    (0..a).map(|i| (s - i) as f64 / (n - i) as f64).product()
                }
            })
            .sum();
        by_statements += p / total;
    }
    PathCoverage {
        by_cover: by_cover / cover.len() as f64,
        by_statements: by_statements / cover.len() as f64,
    }
}

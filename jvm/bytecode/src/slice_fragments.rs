//! The static half of property-aware sampling on the jar's methods: for every allocation site's
//! forward slice (the property "where the objects of this site flow"), its slice-pruned CFG,
//! slice fragments and reduced cover ([`graph::fragments`]), summed per jar — the paper's §3.2
//! figures.

use graph::fragment_stats;

use super::analysis::MethodFlow;
use super::defuse::DefKind;

/// Fragments beyond which one slice is counted as too many to enumerate.
pub const FRAGMENT_LIMIT: usize = 10_000;

/// Fragment figures of a jar's allocation-site slices.
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize)]
pub struct FragmentTotals {
    /// Allocation-site slices.
    pub slices: usize,
    /// Their statements (CFG nodes), summed.
    pub slice_nodes: usize,
    /// Slices with more than [`FRAGMENT_LIMIT`] fragments (left out of the sums below).
    pub over_limit: usize,
    /// Slice fragments, summed.
    pub fragments: usize,
    /// Fragments in the reduced covers, summed.
    pub cover: usize,
    /// Statements of the cover fragments, summed (the entry not counted).
    pub cover_statements: f64,
    /// Slices with at least two fragments (where sampling strategies can differ).
    pub branching: usize,
    /// Over those, the summed share of a slice's paths one reduced-cover fragment observes.
    pub paths_by_cover: f64,
    /// And the summed share as many random statements of the slice observe.
    pub paths_by_statements: f64,
}

impl FragmentTotals {
    /// Mean statements a sample (one cover fragment) instruments.
    pub fn statements_per_sample(&self) -> f64 {
        self.cover_statements / self.cover.max(1) as f64
    }
}

/// Sums the fragment figures of the allocation-site slices of `flows`.
pub fn fragment_totals(flows: &[MethodFlow]) -> FragmentTotals {
    let mut t = FragmentTotals::default();
    for f in flows {
        for s in &f.slices {
            let kind = f.defuse.defs[s.target as usize].kind;
            if !matches!(kind, DefKind::New | DefKind::NewArray | DefKind::Boxed) {
                continue;
            }
            t.slices += 1;
            t.slice_nodes += s.nodes.len();
            match fragment_stats(&f.cfg.graph, f.cfg.start(), &s.nodes, FRAGMENT_LIMIT) {
                Some(st) => {
                    t.fragments += st.fragments;
                    t.cover += st.cover;
                    t.cover_statements += st.statements_per_sample * st.cover as f64;
                    if st.fragments >= 2 {
                        t.branching += 1;
                        t.paths_by_cover += st.coverage.by_cover;
                        t.paths_by_statements += st.coverage.by_statements;
                    }
                }
                None => t.over_limit += 1,
            }
        }
    }
    t
}

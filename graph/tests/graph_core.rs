//! Property tests of the graph core: Ball–Larus numbering on random DAGs, dominators against the
//! definition, node removal against one-by-one removal, acyclic conversion.

use std::collections::BTreeSet;

use graph::{
    bridged_edges, bridged_edges_spanned, classify_edges, reachable_from, remove_cycles,
    topological_order, Digraph, Direction, Dominators, EdgeClass, GraphError, PathNumbering,
    MAX_PATHS,
};
use proptest::prelude::*;

/// A graph on `n` nodes from a list of (from, to) pairs taken modulo `n`.
fn graph(n: usize, pairs: &[(usize, usize)], dag: bool) -> Digraph<usize, ()> {
    let mut g = Digraph::new();
    for i in 0..n {
        g.add_node(i);
    }
    for &(a, b) in pairs {
        let (a, b) = (a % n, b % n);
        if dag {
            if a < b {
                g.add_edge(a, b, ());
            }
        } else {
            g.add_edge(a, b, ());
        }
    }
    g
}

fn all_paths(g: &Digraph<usize, ()>, from: usize, to: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut stack = vec![vec![from]];
    while let Some(p) = stack.pop() {
        let v = *p.last().unwrap();
        if v == to {
            out.push(p);
            continue;
        }
        for w in g.successors(v) {
            let mut q = p.clone();
            q.push(w);
            stack.push(q);
        }
    }
    out
}

fn arb_pairs(max: usize) -> impl Strategy<Value = (usize, Vec<(usize, usize)>)> {
    (2..max).prop_flat_map(|n| (Just(n), prop::collection::vec((0..n, 0..n), 0..n * 3)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn ball_larus_ids_are_distinct_dense_and_decode((n, pairs) in arb_pairs(11)) {
        let g = graph(n, &pairs, true);
        let bl = PathNumbering::compute(&g, 0, n - 1, MAX_PATHS).unwrap();
        let paths = all_paths(&g, 0, n - 1);
        prop_assert_eq!(bl.path_count(), paths.len() as u64);
        let mut ids = BTreeSet::new();
        for p in &paths {
            let id = bl.encode(&g, p).unwrap();
            prop_assert!(id < bl.path_count());
            prop_assert!(ids.insert(id), "duplicate id {}", id);
            prop_assert_eq!(&bl.decode(&g, id).unwrap(), p);
        }
        prop_assert!(bl.decode(&g, bl.path_count()).is_err());
    }

    #[test]
    fn dominators_match_the_definition((n, pairs) in arb_pairs(10), backward in any::<bool>()) {
        let g = graph(n, &pairs, false);
        let dir = if backward { Direction::Backward } else { Direction::Forward };
        let root = if backward { n - 1 } else { 0 };
        let dom = Dominators::compute(&g, root, dir);
        let reach = reachable_from(&g, &[root], backward);
        for a in 0..n {
            // nodes reachable from root when a is removed
            let mut h: Digraph<usize, ()> = Digraph::new();
            for i in 0..n { h.add_node(i); }
            for e in g.edges() {
                if e.from != a && e.to != a { h.add_edge(e.from, e.to, ()); }
            }
            let r = if a == root { vec![false; n] } else { reachable_from(&h, &[root], backward) };
            for b in 0..n {
                let expect = reach[a] && reach[b] && (a == b || !r[b]);
                prop_assert_eq!(dom.dominates(a, b), expect, "a={} b={}", a, b);
            }
        }
    }

    #[test]
    fn bridging_equals_one_by_one_removal((n, pairs) in arb_pairs(10), mask in any::<u16>(), dag in any::<bool>()) {
        let g = graph(n, &pairs, dag);
        let keep: Vec<bool> = (0..n).map(|i| mask & (1 << i) != 0).collect();
        prop_assert_eq!(bridged_edges(&g, &keep), removal_one_by_one(&g, &keep));
    }

    #[test]
    fn bridging_of_wide_dags_equals_one_by_one_removal((n, pairs) in arb_pairs(150), mask in prop::collection::vec(any::<bool>(), 150)) {
        // more than 64 kept nodes: rows of several words
        let g = graph(n, &pairs, true);
        let keep = &mask[..n];
        prop_assert_eq!(bridged_edges(&g, keep), removal_one_by_one(&g, keep));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn spanned_bridging_equals_bridging_in_cfg_shaped_dags((n, pairs) in arb_pairs(90), mask in prop::collection::vec(any::<bool>(), 90)) {
        // a CFG's shape: node 0 reaches every node and every node reaches n - 1
        let mut g = graph(n, &pairs, true);
        for v in 1..n - 1 {
            if g.predecessors(v).next().is_none() {
                g.add_edge(0, v, ());
            }
            if g.successors(v).next().is_none() {
                g.add_edge(v, n - 1, ());
            }
        }
        if g.successors(0).next().is_none() {
            g.add_edge(0, n - 1, ());
        }
        let mut keep = mask[..n].to_vec();
        keep[0] = true;
        keep[n - 1] = true;
        let order = topological_order(&g).unwrap();
        let mut rank = vec![0; n];
        for (r, &v) in order.iter().enumerate() {
            rank[v] = r;
        }
        let kept: Vec<usize> = (0..n).filter(|&v| keep[v]).collect();
        let mut expect = bridged_edges(&g, &keep);
        expect.retain(|&e| e != (0, n - 1));
        prop_assert_eq!(bridged_edges_spanned(&g, &order, &rank, (0, n - 1), &kept), expect);
    }
}

/// Algorithm 1 literally: remove one node at a time, joining predecessors to successors.
fn removal_one_by_one(g: &Digraph<usize, ()>, keep: &[bool]) -> Vec<(usize, usize)> {
    let n = g.node_count();
    let mut edges: BTreeSet<(usize, usize)> = g.edge_pairs().into_iter().collect();
    for u in (0..n).filter(|&u| !keep[u]) {
        let preds: Vec<usize> = edges
            .iter()
            .filter(|e| e.1 == u && e.0 != u)
            .map(|e| e.0)
            .collect();
        let succs: Vec<usize> = edges
            .iter()
            .filter(|e| e.0 == u && e.1 != u)
            .map(|e| e.1)
            .collect();
        edges.retain(|e| e.0 != u && e.1 != u);
        for &p in &preds {
            for &s in &succs {
                edges.insert((p, s));
            }
        }
    }
    edges.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn acyclic_conversion_replaces_back_edges((n, pairs) in arb_pairs(10)) {
        let mut g = graph(n + 2, &[], false);
        for &(a, b) in &pairs { g.add_edge(a % n + 1, b % n + 1, ()); }
        g.add_edge(0, 1, ());
        g.add_edge(n, n + 1, ());
        let dfs = classify_edges(&g, 0);
        let back: BTreeSet<(usize, usize)> = g.edges().iter().enumerate()
            .filter(|(i, _)| dfs.class[*i] == EdgeClass::Back).map(|(_, e)| (e.from, e.to)).collect();
        let a = remove_cycles(&g, 0, n + 1, |_| ());
        prop_assert!(topological_order(&a.graph).is_ok());
        prop_assert_eq!(a.back_edges.iter().copied().collect::<BTreeSet<_>>(), back.clone());
        for &(s, d) in &back {
            prop_assert!(a.graph.find_edge(0, d).is_some());
            prop_assert!(a.graph.find_edge(s, n + 1).is_some());
        }
        for e in g.edges() {
            if !back.contains(&(e.from, e.to)) {
                prop_assert!(a.graph.find_edge(e.from, e.to).is_some());
            }
        }
    }
}

#[test]
fn path_count_overflow_is_an_error_not_a_wrap() {
    // 70 diamonds in a row: 2^70 paths.
    let mut g: Digraph<(), ()> = Digraph::new();
    let mut last = g.add_node(());
    for _ in 0..70 {
        let a = g.add_node(());
        let b = g.add_node(());
        let j = g.add_node(());
        g.add_edge(last, a, ());
        g.add_edge(last, b, ());
        g.add_edge(a, j, ());
        g.add_edge(b, j, ());
        last = j;
    }
    let err = PathNumbering::compute(&g, 0, last, u64::MAX).unwrap_err();
    assert!(matches!(err, GraphError::PathOverflow { .. }), "{err}");
    // 20 diamonds fit; a limit below 2^20 is reported as overflow too.
    let mut g: Digraph<(), ()> = Digraph::new();
    let mut last = g.add_node(());
    for _ in 0..20 {
        let a = g.add_node(());
        let j = g.add_node(());
        g.add_edge(last, a, ());
        g.add_edge(last, j, ());
        g.add_edge(a, j, ());
        last = j;
    }
    assert_eq!(
        PathNumbering::compute(&g, 0, last, MAX_PATHS)
            .unwrap()
            .path_count(),
        1 << 20
    );
    assert!(PathNumbering::compute(&g, 0, last, (1 << 20) - 1).is_err());
}

#[test]
fn numbering_a_cyclic_graph_is_refused() {
    let mut g: Digraph<(), ()> = Digraph::new();
    for _ in 0..3 {
        g.add_node(());
    }
    g.add_edge(0, 1, ());
    g.add_edge(1, 0, ());
    g.add_edge(1, 2, ());
    assert_eq!(
        PathNumbering::compute(&g, 0, 2, MAX_PATHS).unwrap_err(),
        GraphError::NotAcyclic
    );
}

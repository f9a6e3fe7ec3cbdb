//! Slice fragments and the reduced cover on the running example of the property-aware sampling
//! paper (Figure 1: `processOrder`, sliced on `userId`): one CFG node per source line.

use graph::{fragment_stats, reduced_cover, Digraph, SlicePruned};

/// The control-flow graph of Figure 1 (lines as nodes; 0 is the entry, 99 the exit) and the
/// paper's slice (the shaded lines).
fn figure1() -> (Digraph<u32, ()>, Vec<usize>, Vec<usize>) {
    let lines: [u32; 25] = [
        0, 2, 5, 6, 7, 8, 10, 11, 14, 16, 18, 19, 22, 23, 25, 26, 28, 30, 31, 34, 35, 38, 40, 42,
        99,
    ];
    let mut g = Digraph::new();
    for &l in &lines {
        g.add_node(l);
    }
    let at = |l: u32| lines.iter().position(|&x| x == l).unwrap();
    let edges: &[(u32, u32)] = &[
        (0, 2),
        (2, 5),
        (5, 6),
        (6, 7),
        (7, 8),
        (8, 10),
        (8, 14),
        (10, 11),
        (11, 99),
        (14, 16),
        (14, 34),
        (16, 18),
        (16, 22),
        (18, 19),
        (19, 99),
        (22, 23),
        (22, 25),
        (23, 25),
        (25, 26),
        (25, 28),
        (26, 28),
        (28, 30),
        (30, 31),
        (31, 99),
        (34, 35),
        (34, 38),
        (35, 38),
        (38, 40),
        (40, 42),
        (42, 99),
    ];
    for &(a, b) in edges {
        g.add_edge(at(a), at(b), ());
    }
    let slice: Vec<usize> = [5, 6, 8, 10, 14, 16, 18, 22, 23, 30, 34, 35, 38, 42]
        .iter()
        .map(|&l| at(l))
        .collect();
    (g, slice, lines.iter().map(|&l| l as usize).collect())
}

#[test]
fn fragments_and_reduced_cover_of_the_running_example() {
    let (g, slice, lines) = figure1();
    let pruned = SlicePruned::new(&g, 0, &slice);
    let line = |v: &usize| lines[*v];
    // Definition 2.3: 22 -> 30 and 23 -> 30 bridge over lines 25-28, 6 -> 8 over line 7
    let succ_of = |l: usize| {
        let v = lines.iter().position(|&x| x == l).unwrap();
        let i = pruned.nodes.iter().position(|&n| n == v).unwrap();
        pruned.succ[i].iter().map(line).collect::<Vec<_>>()
    };
    assert_eq!(succ_of(22), vec![23, 30]);
    assert_eq!(succ_of(23), vec![30]);
    assert_eq!(succ_of(6), vec![8]);
    assert_eq!(
        succ_of(42),
        Vec::<usize>::new(),
        "the method's end is a leaf"
    );
    let frags: Vec<Vec<usize>> = pruned
        .fragments(1000)
        .unwrap()
        .iter()
        .map(|f| f.iter().map(line).collect())
        .collect();
    // Figure 3's five fragments, and the one Definition 2.3 adds for 34 -> 38 (no premium
    // discount): the paper's Figure 2 leaves that edge out
    assert_eq!(
        frags,
        vec![
            vec![0, 5, 6, 8, 10],
            vec![0, 5, 6, 8, 14, 16, 18],
            vec![0, 5, 6, 8, 14, 16, 22, 23, 30],
            vec![0, 5, 6, 8, 14, 16, 22, 30],
            vec![0, 5, 6, 8, 14, 34, 35, 38, 42],
            vec![0, 5, 6, 8, 14, 34, 38, 42],
        ]
    );
    // Algorithm 1 as the paper walks it through: the two nine-node fragments, then the ones
    // that alone hold 10 and 18
    let raw = pruned.fragments(1000).unwrap();
    let cover = reduced_cover(&raw);
    assert_eq!(cover, vec![2, 4, 0, 1]);
    // a reduced cover: no chosen fragment is inside another chosen one, every node covered
    for &a in &cover {
        for &b in &cover {
            if a != b {
                assert!(!raw[a].iter().all(|v| raw[b].contains(v)), "{a} within {b}");
            }
        }
    }
    let covered: std::collections::BTreeSet<usize> =
        cover.iter().flat_map(|&i| raw[i].iter().copied()).collect();
    assert!(slice.iter().all(|v| covered.contains(v)));
    let stats = fragment_stats(&g, 0, &slice, 1000).unwrap();
    assert_eq!((stats.slice, stats.fragments, stats.cover), (14, 6, 4));
    assert_eq!(stats.statements_per_sample, (4.0 + 6.0 + 8.0 + 8.0) / 4.0);
    assert!(fragment_stats(&g, 0, &slice, 5).is_none(), "over the limit");
    // one cover fragment observes itself and the fragments inside it: #3 holds #4, #5 holds #6
    assert!((stats.coverage.by_cover - 0.25).abs() < 1e-12, "{stats:?}");
    // as many statements drawn at random observe whole paths far less often (the paper's claim)
    assert!(
        stats.coverage.by_statements < stats.coverage.by_cover / 2.0,
        "{stats:?}"
    );
}

#[test]
fn back_edges_are_ignored_and_fragments_are_simple_paths() {
    // entry -> 1 -> 2 -> 1 (a loop) and 2 -> 3
    let mut g: Digraph<(), ()> = Digraph::new();
    for _ in 0..4 {
        g.add_node(());
    }
    for (a, b) in [(0, 1), (1, 2), (2, 1), (2, 3)] {
        g.add_edge(a, b, ());
    }
    let pruned = SlicePruned::new(&g, 0, &[1, 2, 3]);
    assert_eq!(pruned.fragments(10).unwrap(), vec![vec![0, 1, 2, 3]]);
}

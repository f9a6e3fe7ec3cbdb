//! The paper's worked examples (Figures 4, 6–9 and 8), compiled with `javac` at test time: the
//! CFG, slices, HFGs, merged HFG, bypass edge and path ids equal the figures.

mod jvm_support;

use std::collections::BTreeSet;
use std::sync::OnceLock;

use jvm_support::*;

/// `Fig.java`'s classes, compiled once for all the tests here, and its source.
fn compile() -> (&'static Classes, std::path::PathBuf) {
    static FIG: OnceLock<Classes> = OnceLock::new();
    let src = root().join("corpus/java/paper/Fig.java");
    (javac_once(&FIG, std::slice::from_ref(&src)), src)
}

#[test]
fn figure_4b_cfg_matches_the_paper() {
    let (classes, src) = compile();
    let marks = markers(&src);
    let flow = analyze(&classes.method("Fig", "fig4"));
    let got = named(&flow, &marks, flow.cfg.graph.edge_pairs());
    // Figure 4b, plus what the figure leaves out: start, the return node (line 21) and exit.
    let want = edges(&[
        "start->S1",
        "S1->S2",
        "S2->S3",
        "S3->S4",
        "S4->S5",
        "S4->S7",
        "S5->S8",
        "S7->S8",
        "S8->S2",
        "S2->L21",
        "L21->exit",
    ]);
    assert_eq!(got, want);
    let back = named(&flow, &marks, flow.back_edges.iter().copied());
    assert_eq!(back, edges(&["S8->S2"]));
}

#[test]
fn figure_6_slices_match_the_paper() {
    let (classes, src) = compile();
    let marks = markers(&src);
    let flow = analyze(&classes.method("Fig", "fig4"));
    let slices: BTreeSet<Vec<String>> = flow
        .slices
        .iter()
        .map(|s| s.nodes.iter().map(|&n| name(&flow, &marks, n)).collect())
        .collect();
    let want: BTreeSet<Vec<String>> = [vec!["S3", "S7", "S8"], vec!["S5", "S8"]]
        .into_iter()
        .map(|v| v.into_iter().map(String::from).collect())
        .collect();
    assert_eq!(slices, want);
}

#[test]
fn figure_7_hfgs_and_figure_9_merged_hfg_match_the_paper() {
    let (classes, src) = compile();
    let marks = markers(&src);
    let flow = analyze(&classes.method("Fig", "fig4"));
    let mut hfgs: Vec<BTreeSet<(String, String)>> = flow
        .hfgs
        .iter()
        .map(|h| named(&flow, &marks, h.all_edges()))
        .collect();
    hfgs.sort();
    // Figure 7b (slice of S3) and 7c (slice of S5), with the entry/exit edges the numbering uses.
    let mut want = vec![
        edges(&["start->S3", "S3->S7", "S3->S8", "S7->S8", "S8->exit"]),
        edges(&["start->S5", "S5->S8", "S8->exit"]),
    ];
    want.sort();
    assert_eq!(hfgs, want);
    assert!(
        flow.hfgs.iter().all(|h| h.bypass.is_empty()),
        "no bypass edges in Figure 7"
    );
    let merged = named(
        &flow,
        &marks,
        flow.merged.graph.edges().iter().map(|e| {
            (
                *flow.merged.graph.node(e.from),
                *flow.merged.graph.node(e.to),
            )
        }),
    );
    assert_eq!(
        merged,
        edges(&[
            "start->S3",
            "start->S5",
            "S3->S7",
            "S3->S8",
            "S7->S8",
            "S5->S8",
            "S8->exit"
        ])
    );
}

#[test]
fn figure_9b_path_ids_decode_to_the_papers_paths() {
    let (classes, src) = compile();
    let marks = markers(&src);
    let flow = analyze(&classes.method("Fig", "fig4"));
    let numbering = flow.merged.numbering.as_ref().expect("numbered");
    assert_eq!(numbering.path_count(), 3);
    let decoded: Vec<Vec<String>> = (0..3)
        .map(|id| {
            flow.merged
                .decode(id)
                .expect("decodes")
                .into_iter()
                .map(|n| name(&flow, &marks, n))
                .collect()
        })
        .collect();
    let want: Vec<Vec<&str>> = vec![
        vec!["start", "S3", "S7", "S8", "exit"],
        vec!["start", "S3", "S8", "exit"],
        vec!["start", "S5", "S8", "exit"],
    ];
    assert_eq!(decoded, want);
    assert!(flow.merged.decode(3).is_err());
}

#[test]
fn figure_8_bypass_edge_is_added() {
    let (classes, src) = compile();
    let marks = markers(&src);
    let flow = analyze(&classes.method("Fig", "fig8"));
    assert_eq!(
        flow.hfgs.len(),
        1,
        "one slicing target: the new object at S1"
    );
    let h = &flow.hfgs[0];
    // Figure 8b
    assert_eq!(
        named(&flow, &marks, h.edges.iter().copied()),
        edges(&[
            "start->S1",
            "S1->S3",
            "S1->S4",
            "S3->S4",
            "S4->S5",
            "S5->exit"
        ])
    );
    // Figure 8c: the bypass edge 1 -> 5
    assert_eq!(
        named(&flow, &marks, h.bypass.iter().copied()),
        edges(&["S1->S5"])
    );
    assert_eq!(flow.merged.bypass_count(), 1);
}

#[test]
fn loop_restarts_add_entry_edges_where_a_loop_iteration_restarts() {
    let (classes, src) = compile();
    let marks = markers(&src);
    let m = classes.method("Fig", "fig4");
    let opts = jvm_bytecode::HfgOptions {
        loop_restarts: true,
        ..Default::default()
    };
    let flow = jvm_bytecode::MethodFlow::analyze(&m, &opts).unwrap();
    let merged = named(
        &flow,
        &marks,
        flow.merged.graph.edges().iter().map(|e| {
            (
                *flow.merged.graph.node(e.from),
                *flow.merged.graph.node(e.to),
            )
        }),
    );
    // b, made at S5 in an earlier iteration, is used at S8 after the else branch
    assert!(
        merged.contains(&("start".to_string(), "S8".to_string())),
        "{merged:?}"
    );
    assert_eq!(flow.merged.numbering.as_ref().unwrap().path_count(), 4);
}

#[test]
fn allocation_slices_of_figure_4_decompose_into_fragments_and_a_reduced_cover() {
    // property-aware sampling's static half on the same method: the object allocated in the
    // loop is sliced; its fragments cover the slice, and the reduced cover is no larger
    let (classes, _) = compile();
    let flow = analyze(&classes.method("Fig", "fig4"));
    let t = jvm_bytecode::slice_fragments::fragment_totals(std::slice::from_ref(&flow));
    assert!(t.slices >= 1, "{t:?}");
    assert_eq!(t.over_limit, 0);
    assert!(
        t.fragments >= 1 && t.cover >= 1 && t.cover <= t.fragments,
        "{t:?}"
    );
    assert!(t.statements_per_sample() >= 1.0, "{t:?}");
}

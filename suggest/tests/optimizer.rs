//! The optimizer on synthetic histories: Algorithm 1, exact chain search, ratio rule, switches, candidates.

use instrument::model::{
    Case, Context, Decision, DecisionId, Leaf, Location, LogicalOp, PruneReason, Reorder, Shape,
    Span, SwitchShape, Tree,
};
use jsproject::profile::{Cell, DecisionProfile, Row, SwitchRow, TestSlice};
use suggest::candidate::{analyze_one, Verdict};
use suggest::logical::{algorithm1, chain_cost, exact_order, optimize, ratio_then_swaps, Strategy};
use suggest::replay::{leaves_in_order, tree_cost};
use suggest::switch;

fn c(cost: u64, value: bool) -> Cell {
    Cell { cost, value }
}

fn row(cells: Vec<Cell>, count: u64) -> Row {
    Row { cells, count }
}

fn node(op: LogicalOp, l: Tree, r: Tree) -> Tree {
    Tree::Node {
        op,
        left: Box::new(l),
        right: Box::new(r),
    }
}

/// `l0 op l1 op ... op l(n-1)`, left-associative as a parser builds it.
fn chain(op: LogicalOp, n: usize) -> Tree {
    (1..n).fold(Tree::Leaf(0), |t, i| node(op, t, Tree::Leaf(i)))
}

/// A tiny deterministic generator so tests need no crate.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
}

fn all_permutations(n: usize) -> Vec<Vec<usize>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for p in all_permutations(n - 1) {
        for pos in 0..=p.len() {
            let mut q = p.clone();
            q.insert(pos, n - 1);
            out.push(q);
        }
    }
    out
}

#[test]
fn algorithm1_reproduces_the_papers_figure5() {
    // Table 1: a = (3,T)(3,T)(3,F), b = (1,T)(1,F)(1,F), c = (1,T)(1,T)(1,T); expected b && a && c.
    let rows = vec![
        row(vec![c(3, true), c(1, true), c(1, true)], 1),
        row(vec![c(3, true), c(1, false), c(1, true)], 1),
        row(vec![c(3, false), c(1, false), c(1, true)], 1),
    ];
    let tree = chain(LogicalOp::And, 3);
    let best = algorithm1(&tree, &rows);
    assert_eq!(leaves_in_order(&best), vec![1, 0, 2]);
    assert_eq!(tree_cost(&tree, &rows), 5 + 4 + 3);
    assert_eq!(tree_cost(&best, &rows), 5 + 1 + 1);
}

#[test]
fn exact_search_finds_an_order_algorithm1_cannot_reach() {
    // a: cheap, false half the time; c: medium, false exactly when a is true; b: expensive, always true.
    // Optimal is a && c && b (cost 12); Algorithm 1 can only reach ab c, ba c, c ab, c ba (best 21).
    let rows = vec![
        row(vec![c(1, false), c(20, true), c(10, true)], 1),
        row(vec![c(1, true), c(20, true), c(10, false)], 1),
    ];
    let tree = chain(LogicalOp::And, 3);
    let alg1 = algorithm1(&tree, &rows);
    assert_eq!(leaves_in_order(&alg1), vec![2, 0, 1]);
    assert_eq!(tree_cost(&alg1, &rows), 21);
    let best = optimize(&tree, &rows);
    assert_eq!(leaves_in_order(&best.tree), vec![0, 2, 1]);
    assert_eq!(best.cost_before, 32);
    assert_eq!(best.cost_after, 12);
    assert_eq!(best.strategy, Strategy::Exact);
    // The new tree keeps the original nesting and operators.
    assert_eq!(
        best.tree,
        node(
            LogicalOp::And,
            node(LogicalOp::And, Tree::Leaf(0), Tree::Leaf(2)),
            Tree::Leaf(1)
        )
    );
}

#[test]
fn exact_search_equals_brute_force_on_random_histories() {
    let mut rng = Lcg(7);
    for trial in 0..40 {
        let n = 2 + (trial % 5);
        let op = if trial % 2 == 0 {
            LogicalOp::And
        } else {
            LogicalOp::Or
        };
        let rows: Vec<Row> = (0..6)
            .map(|_| {
                let cells = (0..n)
                    .map(|_| c(1 + rng.next() % 9, !rng.next().is_multiple_of(3)))
                    .collect();
                row(cells, 1 + rng.next() % 4)
            })
            .collect();
        let hists: Vec<Vec<Cell>> = (0..n)
            .map(|i| rows.iter().map(|r| r.cells[i]).collect())
            .collect();
        let counts: Vec<u64> = rows.iter().map(|r| r.count).collect();
        let brute = all_permutations(n)
            .iter()
            .map(|p| chain_cost(op, &hists, &counts, p))
            .min()
            .unwrap();
        let order = exact_order(op, &hists, &counts);
        assert_eq!(
            chain_cost(op, &hists, &counts, &order),
            brute,
            "trial {trial}"
        );
        // Whole-tree optimizer agrees and is never worse than Algorithm 1.
        let tree = chain(op, n);
        let best = optimize(&tree, &rows);
        assert_eq!(best.cost_after, brute.min(best.cost_before));
        assert!(best.cost_after <= tree_cost(&algorithm1(&tree, &rows), &rows));
    }
}

#[test]
fn exact_search_keeps_the_original_order_on_ties() {
    let rows = vec![row(vec![c(2, true), c(2, true), c(2, true)], 3)];
    let tree = chain(LogicalOp::Or, 3);
    let best = optimize(&tree, &rows);
    assert_eq!(best.tree, tree);
    assert_eq!(best.cost_after, best.cost_before);
}

#[test]
fn mixed_trees_optimize_inner_chains_and_keep_operators() {
    // (a || b) && c: b is cheap and usually true, c is cheap and often false.
    let tree = node(
        LogicalOp::And,
        node(LogicalOp::Or, Tree::Leaf(0), Tree::Leaf(1)),
        Tree::Leaf(2),
    );
    let rows = vec![
        row(vec![c(9, false), c(1, true), c(1, false)], 5),
        row(vec![c(9, true), c(1, true), c(1, true)], 1),
    ];
    let best = optimize(&tree, &rows);
    assert_eq!(
        best.tree,
        node(
            LogicalOp::And,
            Tree::Leaf(2),
            node(LogicalOp::Or, Tree::Leaf(1), Tree::Leaf(0))
        )
    );
    assert!(best.cost_after < best.cost_before);
}

#[test]
fn long_chains_use_the_ratio_rule_then_swaps() {
    // Ten || checks: check 9 is cheap and nearly always true, the others are costly and rarely true.
    let n = 10;
    let rows: Vec<Row> = (0..n)
        .map(|k| {
            let cells = (0..n)
                .map(|i| {
                    if i == n - 1 {
                        c(1, k != 0)
                    } else {
                        c(5 + i as u64, i == k && k == 0)
                    }
                })
                .collect();
            row(cells, 1)
        })
        .collect();
    let tree = chain(LogicalOp::Or, n);
    let best = optimize(&tree, &rows);
    assert_eq!(best.strategy, Strategy::RatioSwaps);
    assert_eq!(leaves_in_order(&best.tree)[0], n - 1);
    assert!(best.cost_after < best.cost_before);
    let hists: Vec<Vec<Cell>> = (0..n)
        .map(|i| rows.iter().map(|r| r.cells[i]).collect())
        .collect();
    let counts = vec![1; n];
    let order = ratio_then_swaps(LogicalOp::Or, &hists, &counts);
    let identity: Vec<usize> = (0..n).collect();
    assert!(
        chain_cost(LogicalOp::Or, &hists, &counts, &order)
            <= chain_cost(LogicalOp::Or, &hists, &counts, &identity)
    );
}

fn packet_switch(groups: Vec<Vec<usize>>, default_index: Option<usize>) -> SwitchShape {
    let names = ["'error'", "'message'", "'event'", "'connect'", "'ack'"];
    let mut cases: Vec<Case> = names
        .iter()
        .enumerate()
        .map(|(i, n)| Case {
            span: Span {
                lo: i as u32 * 10,
                hi: i as u32 * 10 + 9,
            },
            test: Some(n.to_string()),
        })
        .collect();
    if let Some(d) = default_index {
        cases.insert(
            d,
            Case {
                span: Span { lo: 90, hi: 99 },
                test: None,
            },
        );
    }
    SwitchShape {
        discriminant: "packet.type".into(),
        cases,
        groups,
        default_index,
    }
}

fn srow(matched: Option<usize>, count: u64) -> SwitchRow {
    let evaluated = matched.map_or(5, |m| m + 1);
    SwitchRow {
        matched,
        case_costs: vec![1; evaluated],
        count,
    }
}

#[test]
fn switch_orders_the_papers_example() {
    // §3.2.2: message 5x, event 2x, ack 2x, connect 1x -> message, event, ack, connect, error.
    let shape = packet_switch(vec![vec![0], vec![1], vec![2], vec![3], vec![4]], None);
    let rows = vec![
        srow(Some(1), 5),
        srow(Some(2), 2),
        srow(Some(4), 2),
        srow(Some(3), 1),
    ];
    let best = switch::optimize(&shape, &rows);
    assert_eq!(best.groups, vec![1, 2, 4, 3, 0]);
    assert_eq!(best.cost_before, 5 * 2 + 2 * 3 + 2 * 5 + 4);
    assert_eq!(best.cost_after, 5 + 2 * 2 + 2 * 3 + 4);
}

#[test]
fn switch_keeps_fall_through_groups_together_and_unmatched_at_the_end() {
    // Groups: [error], [message, event] (fall-through), [default], [connect], [ack].
    let shape = packet_switch(
        vec![vec![0], vec![1, 2], vec![3], vec![4], vec![5]],
        Some(3),
    );
    // Clause indices: 0 error, 1 message, 2 event, 3 default, 4 connect, 5 ack.
    let rows = vec![
        srow(Some(5), 7),
        srow(Some(2), 3),
        srow(Some(3), 2), // default taken twice: ordered by its count like any group
    ];
    let best = switch::optimize(&shape, &rows);
    assert_eq!(best.groups, vec![4, 1, 2, 0, 3]);
    assert!(best.cost_after < best.cost_before);
    // Nothing matched: nothing to gain, original order kept.
    let none = switch::optimize(&shape, &[srow(None, 4)]);
    assert_eq!(none.groups, vec![0, 1, 2, 3, 4]);
}

fn logical_decision(tree: Tree, context: Context, n: usize, pruned: Vec<PruneReason>) -> Decision {
    Decision {
        id: DecisionId::new("lib.js", Span { lo: 0, hi: 10 }),
        location: Location {
            file: "lib.js".into(),
            line: 1,
            col: 1,
        },
        span: Span { lo: 0, hi: 10 },
        shape: Shape::Logical { tree, context },
        leaves: (0..n)
            .map(|i| Leaf {
                span: Span {
                    lo: i as u32,
                    hi: i as u32 + 1,
                },
                text: format!("c{i}()"),
                low_precedence: false,
            })
            .collect(),
        pruned,
        function_line: None,
    }
}

fn profile_of(decision: Decision, rows: Vec<Row>, all_boolean: bool) -> DecisionProfile {
    DecisionProfile {
        unrecorded: 0,
        spread: 0,
        decision,
        executions: rows.iter().map(|r| r.count).sum(),
        slices: vec![TestSlice {
            test: 0,
            rows,
            switch_rows: vec![],
        }],
        excluded: vec![],
        all_boolean,
        effects: vec![],
    }
}

#[test]
fn candidates_need_a_kept_executed_boolean_decision_with_a_real_saving() {
    let rows = vec![row(vec![c(50, true), c(1, false)], 10)];
    let tree = chain(LogicalOp::And, 2);
    let good = analyze_one(
        &profile_of(
            logical_decision(tree.clone(), Context::Test, 2, vec![]),
            rows.clone(),
            false,
        ),
        0.01,
    );
    assert_eq!(good.verdict, Verdict::Candidate);
    assert_eq!(good.original, "c0() && c1()");
    assert_eq!(good.optimized, "c1() && c0()");
    assert_eq!(
        good.reorder,
        Reorder::Logical(node(LogicalOp::And, Tree::Leaf(1), Tree::Leaf(0)))
    );
    assert!((good.saving_percent - 100.0 * 500.0 / 510.0).abs() < 1e-9);

    let value_not_bool = analyze_one(
        &profile_of(
            logical_decision(tree.clone(), Context::Value, 2, vec![]),
            rows.clone(),
            false,
        ),
        0.01,
    );
    assert_eq!(value_not_bool.verdict, Verdict::NotBoolean);
    let value_bool = analyze_one(
        &profile_of(
            logical_decision(tree.clone(), Context::Value, 2, vec![]),
            rows.clone(),
            true,
        ),
        0.01,
    );
    assert_eq!(value_bool.verdict, Verdict::Candidate);

    let pruned = analyze_one(
        &profile_of(
            logical_decision(
                tree.clone(),
                Context::Test,
                2,
                vec![PruneReason::DefaultValue],
            ),
            rows.clone(),
            true,
        ),
        0.01,
    );
    assert!(matches!(pruned.verdict, Verdict::StaticallyPruned(_)));

    let mut excluded = profile_of(
        logical_decision(tree.clone(), Context::Test, 2, vec![]),
        rows.clone(),
        true,
    );
    excluded
        .excluded
        .push("exception during speculation".into());
    assert!(matches!(
        analyze_one(&excluded, 0.01).verdict,
        Verdict::DynamicallyPruned(_)
    ));

    // Saving of 1 in 102 with a 5% threshold: below threshold.
    let small = vec![
        row(vec![c(1, true), c(1, false)], 1),
        row(vec![c(1, true), c(1, true)], 50),
    ];
    let tiny = analyze_one(
        &profile_of(
            logical_decision(
                node(LogicalOp::And, Tree::Leaf(1), Tree::Leaf(0)),
                Context::Test,
                2,
                vec![],
            ),
            small,
            true,
        ),
        0.05,
    );
    assert_eq!(tiny.verdict, Verdict::AlreadyOptimal);

    let never = analyze_one(
        &profile_of(
            logical_decision(tree, Context::Test, 2, vec![]),
            vec![],
            true,
        ),
        0.01,
    );
    assert_eq!(never.verdict, Verdict::NotExecuted);
}

#[test]
fn below_threshold_savings_are_not_candidates() {
    // Swapping saves 2 of 201 (0.5%): a candidate at 0.1%, not at 1%.
    let rows = vec![
        row(vec![c(2, true), c(1, false)], 1),
        row(vec![c(2, true), c(1, true)], 66),
    ];
    let d = logical_decision(chain(LogicalOp::And, 2), Context::Test, 2, vec![]);
    let p = profile_of(d, rows, true);
    assert_eq!(analyze_one(&p, 0.01).verdict, Verdict::BelowThreshold);
    assert_eq!(analyze_one(&p, 0.001).verdict, Verdict::Candidate);
}

#[test]
fn reported_orders_keep_the_parentheses_a_leaf_needs() {
    let rows = vec![row(vec![c(50, true), c(1, false)], 10)];
    let mut d = logical_decision(chain(LogicalOp::And, 2), Context::Test, 2, vec![]);
    d.leaves[1].text = "k ? x : y".into();
    d.leaves[1].low_precedence = true;
    let a = analyze_one(&profile_of(d, rows, false), 0.01);
    assert_eq!(a.original, "c0() && (k ? x : y)");
    assert_eq!(a.optimized, "(k ? x : y) && c0()");
}

#[test]
fn an_arm_chain_gets_its_hot_arm_first_and_says_why_it_may() {
    let src =
        "function f(k) { if (k === 1) return 1; if (k === 2) return 2; if (k === 3) return 3; }";
    let d = instrument::find_decisions(src, "lib.js").unwrap().remove(0);
    // k === 3 nine times in ten, every condition one branch point
    let rows = vec![
        row(vec![c(1, false), c(1, false), c(1, true)], 90),
        row(vec![c(1, true), c(1, false), c(1, false)], 10),
    ];
    let a = analyze_one(&profile_of(d, rows, true), 0.01);
    assert_eq!(a.kind, "guards");
    assert_eq!(a.reorder, Reorder::Chain(vec![2, 0, 1]));
    assert_eq!(a.original, "k === 1 ; k === 2 ; k === 3");
    assert_eq!(a.optimized, "k === 3 ; k === 1 ; k === 2");
    assert_eq!((a.cost_before, a.cost_after), (90 * 3 + 10, 90 + 10 * 2));
    assert_eq!(a.exclusivity, Some(suggest::chain::Exclusivity::Proven));
    assert_eq!(a.verdict, Verdict::Candidate);
}

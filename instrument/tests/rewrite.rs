//! Rewriting decisions with a new order: minimal edits, parentheses only where needed, idempotence.

use instrument::model::{LogicalOp, Reorder, Tree};
use instrument::{apply_edits, find_decisions, rewrite, RewriteError};

fn leaf(i: usize) -> Tree {
    Tree::Leaf(i)
}

fn node(op: LogicalOp, l: Tree, r: Tree) -> Tree {
    Tree::Node {
        op,
        left: Box::new(l),
        right: Box::new(r),
    }
}

use LogicalOp::{And, Or};

/// Rewrites the first decision of `src` and returns the new text.
fn apply(src: &str, order: &Reorder) -> String {
    let ds = find_decisions(src, "r.js").unwrap();
    let edits = rewrite(src, &ds[0], order).unwrap();
    apply_edits(src, &edits)
}

#[test]
fn flat_chain_permutation_keeps_comments_and_formatting() {
    let src = "/* head */ if (a() /* A */ &&\n    b.c   && d) { x(); } // tail";
    let order = Reorder::Logical(node(And, node(And, leaf(2), leaf(0)), leaf(1)));
    let out = apply(src, &order);
    assert_eq!(
        out,
        "/* head */ if (d /* A */ &&\n    a()   && b.c) { x(); } // tail"
    );
}

#[test]
fn swapping_subtrees_adds_parentheses_only_where_needed() {
    let src = "if (a && b || c) {}";
    let order = Reorder::Logical(node(Or, leaf(2), node(And, leaf(0), leaf(1))));
    assert_eq!(apply(src, &order), "if (c || a && b) {}");
    let src = "if ((a || b) && c) {}";
    let order = Reorder::Logical(node(And, leaf(2), node(Or, leaf(0), leaf(1))));
    assert_eq!(apply(src, &order), "if (c && (a || b)) {}");
    let src = "x = (p ? q : r) && s;";
    let order = Reorder::Logical(node(And, leaf(1), leaf(0)));
    assert_eq!(apply(src, &order), "x = s && (p ? q : r);");
    let src = "x = (t) && u;";
    let order = Reorder::Logical(node(And, leaf(1), leaf(0)));
    assert_eq!(apply(src, &order), "x = u && t;");
}

#[test]
fn identity_order_changes_nothing_and_rewrite_is_idempotent() {
    let src = "if (a && (b || c) && d) {}";
    let ds = find_decisions(src, "r.js").unwrap();
    let Some(tree) = (match &ds[0].shape {
        instrument::model::Shape::Logical { tree, .. } => Some(tree.clone()),
        _ => None,
    }) else {
        panic!()
    };
    assert!(rewrite(src, &ds[0], &Reorder::Logical(tree))
        .unwrap()
        .is_empty());
    // Swap the inner || and move d first.
    let order = Reorder::Logical(node(
        And,
        node(And, leaf(3), leaf(0)),
        node(Or, leaf(2), leaf(1)),
    ));
    let once = apply(src, &order);
    assert_eq!(once, "if (d && a && (c || b)) {}");
    // Re-discovering gives the requested shape; applying its own tree again changes nothing.
    let ds2 = find_decisions(&once, "r.js").unwrap();
    let texts: Vec<&str> = ds2[0].leaves.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(texts, ["d", "a", "c", "b"]);
    let instrument::model::Shape::Logical { tree, .. } = &ds2[0].shape else {
        panic!()
    };
    assert!(rewrite(&once, &ds2[0], &Reorder::Logical(tree.clone()))
        .unwrap()
        .is_empty());
    assert_eq!(apply(src, &order), once, "deterministic");
}

#[test]
fn switch_groups_move_and_gain_a_break_when_needed() {
    let src = "switch (x) {\n  case 1:\n  case 2: a(); break;\n  case 3: b();\n}";
    let out = apply(src, &Reorder::Switch(vec![1, 0]));
    assert_eq!(
        out,
        "switch (x) {\n  case 3: b(); break;\n  case 1:\n  case 2: a(); break;\n}"
    );
    assert!(find_decisions(&out, "r.js").is_ok());
}

#[test]
fn bad_orders_are_errors_not_panics() {
    let src = "if (a && b && c) {}";
    let ds = find_decisions(src, "r.js").unwrap();
    let wrong_op = Reorder::Logical(node(Or, node(Or, leaf(0), leaf(1)), leaf(2)));
    assert!(matches!(
        rewrite(src, &ds[0], &wrong_op),
        Err(RewriteError::Mismatch { .. })
    ));
    let missing = Reorder::Logical(node(And, leaf(0), leaf(1)));
    assert!(rewrite(src, &ds[0], &missing).is_err());
    assert!(rewrite(src, &ds[0], &Reorder::Switch(vec![0])).is_err());
    assert!(rewrite("if (x) {}", &ds[0], &Reorder::Switch(vec![0])).is_err());
}

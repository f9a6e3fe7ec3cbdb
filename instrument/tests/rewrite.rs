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
fn a_group_moved_up_without_semicolons_gains_a_break_on_its_own_line() {
    let src = "switch (x) {\n  case 1:\n    a()\n    break\n  case 2:\n    b()\n}";
    let out = apply(src, &Reorder::Switch(vec![1, 0]));
    assert_eq!(
        out,
        "switch (x) {\n  case 2:\n    b()\n    break\n  case 1:\n    a()\n    break\n}"
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

/// Rewrites the first arm chain of `src` with `order` and returns the new text (it re-parses).
fn apply_chain(src: &str, order: &[usize]) -> String {
    let ds = find_decisions(src, "r.js").unwrap();
    let d = ds
        .iter()
        .find(|d| matches!(d.shape, instrument::model::Shape::Chain(_)))
        .expect("an arm chain");
    let edits = rewrite(src, d, &Reorder::Chain(order.to_vec())).unwrap();
    let out = apply_edits(src, &edits);
    find_decisions(&out, "r.js").expect("the rewritten source parses");
    out
}

/// The identity order gives no edit, for the first arm chain of `src`.
fn identity_is_no_edit(src: &str) {
    let ds = find_decisions(src, "r.js").unwrap();
    let d = ds
        .iter()
        .find(|d| matches!(d.shape, instrument::model::Shape::Chain(_)))
        .expect("an arm chain");
    let n = d.leaves.len();
    let edits = rewrite(src, d, &Reorder::Chain((0..n).collect())).unwrap();
    assert!(edits.is_empty(), "{src}: {edits:?}");
}

#[test]
fn ladder_arms_swap_conditions_and_bodies_in_place() {
    let src = "// head\nif (a /* A */) {\n  x(); // in x\n}\nelse   if ( /* pre */ b.c === 1 )\n  y();\n/* between */ else if (((p ? q : r))) { z(); }\nelse { w(); } // tail";
    let out = apply_chain(src, &[2, 0, 1]);
    assert_eq!(
        out,
        "// head\nif (((p ? q : r))) { z(); }\nelse   if (a /* A */)\n  {\n  x(); // in x\n}\n/* between */ else if ( /* pre */ b.c === 1 ) y();\nelse { w(); } // tail"
    );
    identity_is_no_edit(src);
    let out = apply_chain("if (a) x(); else if (b) y();", &[1, 0]);
    assert_eq!(out, "if (b) y(); else if (a) x();");
}

#[test]
fn a_last_body_that_could_take_the_else_gets_braces() {
    let src = "if (a) x(); else if (b) if (c) y();";
    assert_eq!(
        apply_chain(src, &[1, 0]),
        "if (b) { if (c) y(); } else if (a) x();"
    );
    let src = "if (a) x(); else if (b) while (c) y();";
    assert_eq!(
        apply_chain(src, &[1, 0]),
        "if (b) { while (c) y(); } else if (a) x();"
    );
    // with a final else every body was already followed by one
    let src = "if (a) x(); else if (b) y(); else z();";
    assert_eq!(
        apply_chain(src, &[1, 0]),
        "if (b) y(); else if (a) x(); else z();"
    );
}

#[test]
fn guards_move_whole_with_their_comments() {
    let src = "function f(x) {\n  // nothing\n  if (x == null) return 0;\n  if (x === 1) { return 1; } // one\n\n  /* two */\n  if (x === 2)\n    throw new Error('two');\n  return 3;\n}";
    let out = apply_chain(src, &[2, 0, 1]);
    assert_eq!(
        out,
        "function f(x) {\n  /* two */\n  if (x === 2)\n    throw new Error('two');\n  // nothing\n  if (x == null) return 0;\n\n  if (x === 1) { return 1; } // one\n  return 3;\n}"
    );
    identity_is_no_edit(src);
}

#[test]
fn guards_with_blocks_and_captures_move_whole() {
    let src = "function f(s) {\n  let m;\n  // rgb\n  if ((m = RGB.exec(s))) {\n    const v = m.slice(1);\n    return v;\n  }\n  if ((m = HEX.exec(s)) !== null) return m[1];\n  return null;\n}";
    let out = apply_chain(src, &[1, 0]);
    assert_eq!(
        out,
        "function f(s) {\n  let m;\n  if ((m = HEX.exec(s)) !== null) return m[1];\n  // rgb\n  if ((m = RGB.exec(s))) {\n    const v = m.slice(1);\n    return v;\n  }\n  return null;\n}"
    );
    identity_is_no_edit(src);
}

#[test]
fn store_and_test_pairs_move_as_one_guard() {
    // @ctrl/tinycolor's shape: the declaring pair stays first, the later pairs are guards
    let src = "function f(s) {\n  let m = RGB.exec(s);\n  if (m) {\n    return m[1];\n  }\n\n  // hsl\n  m = HSL.exec(s);\n  if (m) {\n    return m[2];\n  }\n\n  m = HEX.exec(s);\n  if (m) return m[3];\n  return null;\n}";
    let ds = find_decisions(src, "r.js").unwrap();
    let d = ds
        .iter()
        .find(|d| matches!(d.shape, instrument::model::Shape::Chain(_)))
        .expect("the pairs are a guard sequence");
    assert!(d.pruned.is_empty(), "{:?}", d.pruned);
    assert_eq!(d.leaves.len(), 2, "the declaring pair is no arm");
    let out = apply_chain(src, &[1, 0]);
    assert_eq!(
        out,
        "function f(s) {\n  let m = RGB.exec(s);\n  if (m) {\n    return m[1];\n  }\n\n  m = HEX.exec(s);\n  if (m) return m[3];\n\n  // hsl\n  m = HSL.exec(s);\n  if (m) {\n    return m[2];\n  }\n  return null;\n}"
    );
    identity_is_no_edit(src);
}

#[test]
fn conditional_arms_move_with_their_parentheses() {
    let src = "const v = /* 1 */ k === 'a' /* A */ ? 'x' :\n  // b\n  (p ? q : r) ? ('y', 'Y') : k === 'c' ? f(/* c */) : 'z';";
    let out = apply_chain(src, &[1, 2, 0]);
    assert_eq!(
        out,
        "const v = /* 1 */ (p ? q : r) /* A */ ? ('y', 'Y') :\n  // b\n  k === 'c' ? f(/* c */) : k === 'a' ? 'x' : 'z';"
    );
    identity_is_no_edit(src);
}

#[test]
fn a_comment_ending_a_body_line_moves_with_the_body() {
    let src = "v = (m = A.exec(s)) ? f(m) // a\n  : (m = B.exec(s)) ? g(m) /* b */ // bb\n  : k ? 1\n  : null;";
    assert_eq!(
        apply_chain(src, &[2, 0, 1]),
        "v = k ? 1\n  : (m = A.exec(s)) ? f(m) // a\n  : (m = B.exec(s)) ? g(m) /* b */ // bb\n  : null;"
    );
    // a body followed by code on its line: comments stay where they are
    let src = "v = a ? 1 : b ? 2 // two\n  : 3;";
    assert_eq!(
        apply_chain(src, &[1, 0]),
        "v = b ? 2 : a ? 1 // two\n  : 3;"
    );
    // a body that needs braces keeps its comment outside them
    let src = "if (a) x(); // x\nelse if (b) while (c) y(); // y\n";
    assert_eq!(
        apply_chain(src, &[1, 0]),
        "if (b) { while (c) y(); } // y\nelse if (a) x(); // x\n"
    );
}

#[test]
fn bad_chain_orders_are_errors() {
    let src = "if (a) x(); else if (b) y(); else if (c) z();";
    let ds = find_decisions(src, "r.js").unwrap();
    for bad in [vec![0, 1], vec![0, 0, 1], vec![0, 1, 3]] {
        assert!(matches!(
            rewrite(src, &ds[0], &Reorder::Chain(bad)),
            Err(RewriteError::Mismatch { .. })
        ));
    }
    assert!(rewrite(src, &ds[0], &Reorder::Switch(vec![0])).is_err());
    assert!(rewrite(
        "if (a) x(); else if (b) w();",
        &ds[0],
        &Reorder::Chain(vec![1, 0, 2])
    )
    .is_err());
}

//! Discovery of logical and switch decisions: shapes, leaves, contexts, groups, ids, parse errors.

use instrument::find_decisions;
use instrument::model::{Context, LogicalOp, Shape, Tree};

fn leaf_texts(d: &instrument::model::Decision) -> Vec<&str> {
    d.leaves.iter().map(|l| l.text.as_str()).collect()
}

#[test]
fn logical_decision_is_a_maximal_tree_with_leaves_in_order() {
    let src = "if ((a && b.c()) || !d) { f(); }";
    let ds = find_decisions(src, "x.js").unwrap();
    assert_eq!(ds.len(), 1);
    let d = &ds[0];
    assert_eq!(leaf_texts(d), ["a", "b.c()", "!d"]);
    assert_eq!(
        &src[d.span.lo as usize..d.span.hi as usize],
        "(a && b.c()) || !d"
    );
    assert_eq!(d.id.0, format!("x.js@{}-{}", d.span.lo, d.span.hi));
    assert_eq!((d.location.line, d.location.col), (1, 5));
    match &d.shape {
        Shape::Logical { tree, context } => {
            assert_eq!(*context, Context::Test);
            let Tree::Node { op, left, right } = tree else {
                panic!("not a node")
            };
            assert_eq!(*op, LogicalOp::Or);
            assert!(matches!(
                **left,
                Tree::Node {
                    op: LogicalOp::And,
                    ..
                }
            ));
            assert_eq!(**right, Tree::Leaf(2));
        }
        _ => panic!("not logical"),
    }
}

#[test]
fn single_operands_and_nullish_are_not_decisions() {
    let ds = find_decisions("if (a) b(); x = y ?? z; w = !q;", "x.js").unwrap();
    assert!(ds.is_empty());
}

#[test]
fn contexts_are_test_or_value() {
    let src = "x = a && b; if (c || d) {} while (e && f) {} g(h || i); y = j && k ? 1 : 2; l && m(); return n || o;";
    let ds = find_decisions(src, "x.js").unwrap();
    let ctx: Vec<(String, Context)> = ds
        .iter()
        .map(|d| {
            let Shape::Logical { context, .. } = d.shape else {
                panic!()
            };
            (d.leaves[0].text.clone(), context)
        })
        .collect();
    use Context::*;
    assert_eq!(
        ctx,
        [
            ("a".into(), Value),
            ("c".into(), Test),
            ("e".into(), Test),
            ("h".into(), Value),
            ("j".into(), Test),
            ("l".into(), Test),
            ("n".into(), Value),
        ]
    );
}

#[test]
fn nested_decisions_inside_leaves_are_separate() {
    let src = "if (a && f(function () { return b || c; })) {}";
    let ds = find_decisions(src, "x.js").unwrap();
    assert_eq!(ds.len(), 2);
    assert_eq!(ds[0].leaves.len(), 2);
    assert_eq!(leaf_texts(&ds[1]), ["b", "c"]);
}

#[test]
fn switch_groups_default_and_minimum_cases() {
    let src = r#"
switch (x) {
  case 1:
  case 2: a(); break;
  case 3: b();
  default: c();
  case 4: return;
}
switch (y) { case 1: break; default: }
"#;
    let ds = find_decisions(src, "x.js").unwrap();
    assert_eq!(ds.len(), 1, "a switch with one case is no decision");
    let Shape::Switch(s) = &ds[0].shape else {
        panic!()
    };
    assert_eq!(s.discriminant, "x");
    assert_eq!(s.cases.len(), 5);
    assert_eq!(s.cases[0].test.as_deref(), Some("1"));
    assert_eq!(s.cases[3].test, None);
    assert_eq!(s.default_index, Some(3));
    assert_eq!(s.groups, vec![vec![0, 1], vec![2, 3, 4]]);
}

#[test]
fn modules_scripts_and_parse_errors() {
    assert_eq!(
        find_decisions("import a from 'a'; export const b = a && a.b;", "m.mjs")
            .unwrap()
            .len(),
        1
    );
    assert!(find_decisions("return a || b;", "c.cjs").is_ok());
    let err = find_decisions("let a = 1;\nif (a &&) {}", "bad.js").unwrap_err();
    assert_eq!((err.file.as_str(), err.line), ("bad.js", 2));
    assert!(err.to_string().starts_with("bad.js:2:"), "{err}");
}

#[test]
fn byte_offsets_count_utf8_and_bom() {
    let src = "\u{feff}// é\nif (ü && b) {}";
    let ds = find_decisions(src, "u.js").unwrap();
    let d = &ds[0];
    assert_eq!(&src[d.span.lo as usize..d.span.hi as usize], "ü && b");
    assert_eq!((d.location.line, d.location.col), (2, 5));
}

#[test]
fn columns_count_characters_along_one_long_line() {
    let src = "x = 'ééé' && a; y = 'ü' || b; z = c && d;";
    let ds = find_decisions(src, "l.js").unwrap();
    let cols: Vec<u32> = ds.iter().map(|d| d.location.col).collect();
    assert_eq!(cols, [5, 21, 35]);
}

#[test]
fn leaves_that_bind_looser_than_logical_operators_are_marked() {
    let src = "if (a && (b ? c : d) && (e ?? f) && (g = 1)) {}";
    let d = &find_decisions(src, "x.js").unwrap()[0];
    let low: Vec<bool> = d.leaves.iter().map(|l| l.low_precedence).collect();
    assert_eq!(low, [false, true, true, true]);
    assert_eq!(leaf_texts(d), ["a", "b ? c : d", "e ?? f", "g = 1"]);
}

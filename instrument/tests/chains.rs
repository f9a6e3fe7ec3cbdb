//! Arm chains: else-if ladders, guard sequences and conditional chains as decisions, their arms,
//! defaults, same-body groups, proven exclusivity and pruning.

use instrument::find_decisions;
use instrument::model::{ChainKind, ChainShape, Decision, PruneReason, Shape, Span};

fn chains(src: &str) -> Vec<Decision> {
    find_decisions(src, "c.js")
        .unwrap()
        .into_iter()
        .filter(|d| matches!(d.shape, Shape::Chain(_)))
        .collect()
}

fn shape(d: &Decision) -> &ChainShape {
    match &d.shape {
        Shape::Chain(c) => c,
        _ => panic!("not a chain"),
    }
}

fn text(src: &str, sp: Span) -> &str {
    &src[sp.lo as usize..sp.hi as usize]
}

fn conds(d: &Decision) -> Vec<&str> {
    d.leaves.iter().map(|l| l.text.as_str()).collect()
}

#[test]
fn else_if_ladder_with_and_without_else() {
    let src =
        "if ((a)) { x(); } else if (b.c === 1) y(); else { z(); }\nif (p) q(); else if (r) s();";
    let ds = chains(src);
    assert_eq!(ds.len(), 2);
    let d = &ds[0];
    let c = shape(d);
    assert_eq!(c.kind, ChainKind::IfElse);
    assert_eq!(conds(d), ["a", "b.c === 1"]);
    assert_eq!(
        text(src, d.span),
        "if ((a)) { x(); } else if (b.c === 1) y(); else { z(); }"
    );
    assert_eq!(text(src, c.arms[0].body), "{ x(); }");
    assert_eq!(text(src, c.arms[1].body), "y();");
    assert_eq!(text(src, c.arms[1].span), "if (b.c === 1) y();");
    assert_eq!(c.default.map(|s| text(src, s)), Some("{ z(); }"));
    assert_eq!(c.same_body, vec![vec![0], vec![1]]);
    assert!(ds[1].pruned.is_empty());
    assert_eq!(shape(&ds[1]).default, None);
    assert_eq!((d.location.line, d.location.col), (1, 1));
}

#[test]
fn guard_sequences_of_exits() {
    let src = r#"function f(x, xs) {
  // nothing
  if (x == null) return 0;
  if (x === 1) { return 1; } // one
  /* two */
  if (x === 2) throw new Error('two');
  for (const y of xs) {
    if (y < 0) continue;
    if (y > 9) break;
    out: if (y) break out;
  }
  return 3;
}"#;
    let ds = chains(src);
    assert_eq!(ds.len(), 2);
    let (d, c) = (&ds[0], shape(&ds[0]));
    assert_eq!(c.kind, ChainKind::Guards);
    assert_eq!(conds(d), ["x == null", "x === 1", "x === 2"]);
    assert!(text(src, d.span).starts_with("if (x == null)"));
    assert!(text(src, d.span).ends_with("new Error('two');"));
    assert_eq!(
        text(src, c.arms[0].span),
        "// nothing\n  if (x == null) return 0;"
    );
    assert_eq!(
        text(src, c.arms[1].span),
        "if (x === 1) { return 1; } // one"
    );
    assert_eq!(
        text(src, c.arms[2].span),
        "/* two */\n  if (x === 2) throw new Error('two');"
    );
    assert_eq!(text(src, c.arms[1].body), "return 1;");
    assert_eq!(c.default, None);
    // `x == null` is loose against null: nothing is proven about it
    assert_eq!(c.proven_exclusive, vec![(1, 2)]);
    assert_eq!(conds(&ds[1]), ["y < 0", "y > 9"]);
    assert_eq!(shape(&ds[1]).proven_exclusive, vec![(0, 1)]);
}

#[test]
fn guards_at_the_top_level_of_modules_and_switch_cases() {
    let src = "import a from 'a';\nfor (;;) { switch (a) { case 1:\n  // c\n  if (a.b) break;\n  if (a.c) continue;\n } }";
    let ds = find_decisions(src, "m.mjs").unwrap();
    let c = ds
        .iter()
        .find_map(|d| match &d.shape {
            Shape::Chain(c) => Some(c),
            _ => None,
        })
        .expect("a guard sequence");
    assert_eq!(c.kind, ChainKind::Guards);
    assert_eq!(text(src, c.arms[0].span), "// c\n  if (a.b) break;");
    let top = "'use strict';\nif (a) throw 1;\nif (b) throw 2;";
    let ds = chains(top);
    assert_eq!(ds.len(), 1);
    assert_eq!(text(top, shape(&ds[0]).arms[0].span), "if (a) throw 1;");
}

#[test]
fn conditional_chains() {
    let src = "const v = k === 'a' ? 1 : (k === 'b') ? (2) : (k === 'c' ? 3 : 4);";
    let ds = chains(src);
    assert_eq!(ds.len(), 1);
    let (d, c) = (&ds[0], shape(&ds[0]));
    assert_eq!(c.kind, ChainKind::Conditional);
    assert_eq!(conds(d), ["k === 'a'", "k === 'b'", "k === 'c'"]);
    assert_eq!(text(src, c.arms[1].body), "(2)");
    assert_eq!(text(src, c.arms[1].span), "(k === 'b') ? (2)");
    assert_eq!(c.default.map(|s| text(src, s)), Some("4"));
    assert_eq!(c.proven_exclusive, vec![(0, 1), (0, 2), (1, 2)]);
    assert!(text(src, d.span).starts_with("k === 'a' ? 1"));
}

#[test]
fn minimum_sizes_and_what_is_not_a_chain() {
    // an `if` with a plain `else`, a single `?:`, a single guard
    assert!(
        chains("if (a) x(); else y(); v = a ? 1 : 2; function f() { if (a) return; g(); }")
            .is_empty()
    );
    // a statement between guards
    assert!(chains("function f() { if (a) return 1; g(); if (b) return 2; }").is_empty());
    // a guard whose body does not exit, or does not end in an exit, or has an else
    assert!(chains("function f() { if (a) g(); if (b) return 2; }").is_empty());
    assert!(chains("function f() { if (a) { return 1; g(); } if (b) return 2; }").is_empty());
    assert!(chains("function f() { if (a) { if (c) return 1; } if (b) return 2; }").is_empty());
    assert!(chains("function f() { if (a) {} if (b) return 2; }").is_empty());
    assert!(chains("function f() { if (a) return 1; else g(); if (b) return 2; }").is_empty());
    // `else { if … }` is not `else if`
    assert!(chains("if (a) x(); else { if (b) y(); }").is_empty());
    // a nested conditional in the consequent is not the chain's
    assert!(chains("v = a ? (b ? 1 : 2) : 3;").is_empty());
    // the smallest of each kind
    assert_eq!(chains("if (a) x(); else if (b) y();").len(), 1);
    assert_eq!(
        chains("function f() { if (a) return; if (b) return; }").len(),
        1
    );
    assert_eq!(chains("v = a ? 1 : b ? 2 : 3;").len(), 1);
    // guards whose blocks end in an exit: the block is the body
    let src = "function f() { for (;;) { if (a) { g(); continue; } if (b) { h(); break; } } }";
    let found = chains(src);
    assert_eq!(found.len(), 1);
    let Shape::Chain(c) = &found[0].shape else {
        panic!("a chain")
    };
    assert_eq!(text(src, c.arms[0].body), "{ g(); continue; }");
}

#[test]
fn nested_chains_and_logical_decisions_are_their_own() {
    let src = r#"
if (a && b) {
  if (c) x(); else if (d) y();
} else if (e) {
  v = p ? 1 : q ? 2 : 3;
} else if (f || g) {
} else {
  if (h) z(); else if (i) w();
}"#;
    let ds = find_decisions(src, "n.js").unwrap();
    let kinds: Vec<String> = ds
        .iter()
        .map(|d| match &d.shape {
            Shape::Chain(c) => format!("{:?}:{}", c.kind, d.leaves[0].text),
            Shape::Logical { .. } => format!("logical:{}", d.leaves[0].text),
            Shape::Switch(_) => "switch".into(),
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "IfElse:a && b",
            "logical:a",
            "IfElse:c",
            "Conditional:p",
            "logical:f",
            "IfElse:h"
        ]
    );
    assert_eq!(conds(&ds[0]), ["a && b", "e", "f || g"]);
}

#[test]
fn arms_with_the_same_body_are_grouped() {
    let src = "function f(t) { if (t === 'a') return 1; if (t === 'b') { return  1; } if (t === 'c') return 2; if (t === 'd') return 1; }";
    let ds = chains(src);
    assert_eq!(shape(&ds[0]).same_body, vec![vec![0, 1, 3], vec![2]]);
    let src = "v = a ? 'x' : b ? \"x\" : c ? 'x' : 0;";
    assert_eq!(shape(&chains(src)[0]).same_body, vec![vec![0, 2], vec![1]]);
}

#[test]
fn pruned_chains() {
    let reasons = |src: &str| chains(src).remove(0).pruned;
    assert_eq!(
        reasons("function f(x) { if (!x) return 0; if (x.length === 0) return 1; }"),
        vec![PruneReason::NullGuard {
            path: "x".into(),
            guard: 0,
            user: 1
        }]
    );
    assert_eq!(
        reasons("if (o.p == null || k) a(); else if (b) c(); else if (o.p.q) d();"),
        vec![PruneReason::NullGuard {
            path: "o.p".into(),
            guard: 0,
            user: 2
        }]
    );
    // sqlstring's `escape`: the type tests let null through, so they shield nothing from a
    // later read of one property, which throws only for null
    let escape = "if (toString.call(val) === '[object Date]') a(); else if (Array.isArray(val)) b(); else if (Buffer.isBuffer(val)) c(); else if (typeof val.toSqlString === 'function') d(); else if (v instanceof C) e(); else if (v === 'k') f(); else if (v.w) g();";
    assert_eq!(reasons(escape), vec![]);
    // but a deeper use or a call may fail on what they let through (an array has no `a`)
    assert_eq!(
        reasons("if (Array.isArray(val)) b(); else if (val.a.b) d();"),
        vec![PruneReason::NullGuard {
            path: "val".into(),
            guard: 0,
            user: 1
        }]
    );
    assert_eq!(
        reasons("if (typeof x === 'number') b(); else if (x.startsWith('a')) d();"),
        vec![PruneReason::NullGuard {
            path: "x".into(),
            guard: 0,
            user: 1
        }]
    );
    // a negated type test, or one true for null, still guards a shallow read
    for guard in [
        "!Array.isArray(val)",
        "typeof val === 'object'",
        "val === null",
        "isNil(val)",
    ] {
        let src = format!("if ({guard}) b(); else if (val.length > 2) d();");
        assert_eq!(reasons(&src).len(), 1, "{src}");
    }
    assert_eq!(
        reasons("v = typeof f !== 'function' ? 0 : f() ? 1 : 2;"),
        vec![PruneReason::NullGuard {
            path: "f".into(),
            guard: 0,
            user: 1
        }]
    );
    assert_eq!(
        reasons("if (a) x(); else if ((m = b)) y();"),
        vec![PruneReason::Unrepeatable {
            what: "assignment".into(),
            leaf: 1
        }]
    );
    assert_eq!(
        reasons("async function f() { if (await a()) return; if (b) return; }"),
        vec![PruneReason::Unrepeatable {
            what: "await".into(),
            leaf: 0
        }]
    );
    assert_eq!(
        reasons("function f() { if (i++ > 3) return; if (b) return; }"),
        vec![PruneReason::Unrepeatable {
            what: "update".into(),
            leaf: 0
        }]
    );
    assert!(reasons("function f(x) { if (x.a) return; if (!x) return; }").is_empty());
    assert!(reasons("function f(x, y) { if (!x) return; if (y.length) return; }").is_empty());
    assert!(reasons("if (a) x(); else if (f(() => { n = 1; })) y();").is_empty());
}

#[test]
fn the_listing_names_each_kind() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("l.js");
    std::fs::write(
        &file,
        "function f(x) { if (!x) return 0; if (x.length === 0) return 1; }\nif (a) b(); else if (c) d(); else e();\nv = p ? 1 : q ? 2 : 3;\n",
    )
    .unwrap();
    let listing = instrument::listing::list(dir.path(), &[file]).unwrap();
    let text = listing.text();
    assert!(
        text.contains("guard sequence, 2 guards\tpruned: null-guard x (leaf 0 guards leaf 1)"),
        "{text}"
    );
    assert!(text.contains("if-else ladder, 2 arms\tkept"), "{text}");
    assert!(text.contains("conditional chain, 2 arms\tkept"), "{text}");
}

#[test]
fn chain_decisions_round_trip_through_json() {
    let src = "function f(k) { if (k === 1) return 1; if (k === 2) return 2; }\nv = a ? 1 : b ? 2 : 3;\nif (a) x(); else if (b) y(); else z();";
    let ds = find_decisions(src, "j.js").unwrap();
    assert_eq!(ds.len(), 3);
    let json = serde_json::to_string(&ds).unwrap();
    let back: Vec<Decision> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, ds, "{json}");
    assert!(
        json.contains(r#""shape":{"kind":"chain","chain_kind":"guards""#),
        "{json}"
    );
}

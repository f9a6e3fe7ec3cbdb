//! Static pruning rules, each with positive and negative cases.

use instrument::find_decisions;
use instrument::model::PruneReason;

fn reasons(src: &str) -> Vec<PruneReason> {
    let ds = find_decisions(src, "p.js").unwrap();
    assert_eq!(ds.len(), 1, "{src}");
    ds[0].pruned.clone()
}

fn null_guard(src: &str) -> Option<String> {
    reasons(src).into_iter().find_map(|r| match r {
        PruneReason::NullGuard { path, .. } => Some(path),
        _ => None,
    })
}

#[test]
fn null_guards_on_access_paths() {
    let cases = [
        ("if (x && x.y) {}", "x"),
        ("if (a.b != null && a.b.c()) {}", "a.b"),
        ("if (typeof f !== 'undefined' && f()) {}", "f"),
        ("if (Array.isArray(v) && v[0] > 1) {}", "v"),
        ("if (o instanceof C && o.m()) {}", "o"),
        ("if ('k' in this.o && this.o.k.z) {}", "this.o"),
        ("if (!p || p.q) {}", "p"),
        // the right operand of `instanceof` and a constructor throw when missing (hapijs/hoek's
        // `Buffer && obj instanceof Buffer`, where `Buffer` may be undefined outside node)
        ("if (B && obj instanceof B) {}", "B"),
        ("if (typeof M === 'function' && new M().z) {}", "M"),
        (
            "function f(o) { if (!B) return 0; if (o instanceof B) return 1; }",
            "B",
        ),
        ("if (r.s && t && r.s.u) {}", "r.s"),
    ];
    for (src, path) in cases {
        assert_eq!(null_guard(src).as_deref(), Some(path), "{src}");
    }
}

#[test]
fn no_null_guard_without_dependence() {
    assert_eq!(null_guard("if (x && y.z) {}"), None);
    assert_eq!(null_guard("if (x.y && x) {}"), None, "the use comes first");
    assert_eq!(null_guard("if (a > 1 && b.c) {}"), None);
    assert!(reasons("if (a.b && a.c) {}")
        .iter()
        .all(|r| !matches!(r, PruneReason::NullGuard { path, .. } if path == "a.b")));
}

#[test]
fn default_value_idiom_only_in_value_context() {
    assert_eq!(reasons("x = opts || {};"), vec![PruneReason::DefaultValue]);
    assert_eq!(reasons("f(a || 'none');"), vec![PruneReason::DefaultValue]);
    assert_eq!(
        reasons("return a || b || 0;"),
        vec![PruneReason::DefaultValue]
    );
    assert!(reasons("if (a || 0) {}").is_empty(), "test context");
    assert!(
        reasons("x = a || b;").is_empty(),
        "right operand not a literal"
    );
    assert!(reasons("x = a && 1;").is_empty(), "&& is not the idiom");
}

#[test]
fn unrepeatable_leaves() {
    let what = |src: &str| -> Vec<String> {
        reasons(src)
            .into_iter()
            .filter_map(|r| match r {
                PruneReason::Unrepeatable { what, .. } => Some(what),
                _ => None,
            })
            .collect()
    };
    assert_eq!(
        what("async function f() { if (a && await b()) {} }"),
        ["await"]
    );
    assert_eq!(what("function* g() { if (a && (yield b)) {} }"), ["yield"]);
    assert_eq!(what("if (a && (m = b)) {}"), ["assignment"]);
    assert_eq!(what("if (a && i++ > 0) {}"), ["update"]);
    assert_eq!(what("if (a && delete o.p) {}"), ["delete"]);
    assert!(
        what("if (a && f(() => { x = 1; })) {}").is_empty(),
        "inside a nested function"
    );
    assert!(what("if (a && b(c)) {}").is_empty());
}

#[test]
fn switch_rules() {
    let sw = |body: &str| reasons(&format!("switch (x) {{ {body} }}"));
    assert!(sw("case 1: a(); break; case 'b': b(); break; default: c();").is_empty());
    assert_eq!(
        sw("case 1: break; case y: break;"),
        vec![PruneReason::NonConstantCase { case: 1 }]
    );
    assert_eq!(
        sw("case 1: break; case 2: break; case 1: break;"),
        vec![PruneReason::DuplicateCase { case: 2 }]
    );
    assert_eq!(
        sw("case 1: a(); default: b(); break; case 2: c();"),
        vec![PruneReason::DefaultPosition]
    );
    assert!(sw("case 1: a(); break; default: b(); break; case 2: c();").is_empty());
    assert!(sw("case -1: break; case `t`: break; case null: break;").is_empty());
    assert_eq!(
        sw("case f(): break; case 2: break;"),
        vec![PruneReason::NonConstantCase { case: 0 }]
    );
}

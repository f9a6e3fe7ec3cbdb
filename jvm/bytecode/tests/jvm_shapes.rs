//! Bytecode shapes beyond the paper's example (corpus/java/shapes): values crossing nodes on the
//! operand stack, exception handlers, two-word locals, arrays and monitors, invokedynamic and
//! switches — the slices and HFG edges follow the object.

mod jvm_support;

use std::collections::BTreeSet;
use std::sync::OnceLock;

use jvm_bytecode::defuse::DefKind;
use jvm_bytecode::MethodFlow;
use jvm_support::*;

struct Compiled {
    classes: &'static Classes,
    src: std::path::PathBuf,
}

/// `Shapes.java`'s classes, compiled once for all the tests here, and its source.
fn compile() -> Compiled {
    static SHAPES: OnceLock<Classes> = OnceLock::new();
    let src = root().join("corpus/java/shapes/Shapes.java");
    let classes = javac_once(&SHAPES, std::slice::from_ref(&src));
    Compiled { classes, src }
}

fn flow(c: &Compiled, name: &str) -> MethodFlow {
    analyze(&c.classes.method("Shapes", name))
}

/// Marker names of the nodes of the slice of the `k`-th target of `kind` (in def order).
fn slice_of(c: &Compiled, f: &MethodFlow, kind: DefKind, k: usize) -> BTreeSet<String> {
    let marks = markers(&c.src);
    let s = f
        .slices
        .iter()
        .filter(|s| f.defuse.defs[s.target as usize].kind == kind)
        .nth(k)
        .expect("target exists");
    s.nodes.iter().map(|&n| name(f, &marks, n)).collect()
}

fn merged_edges(c: &Compiled, f: &MethodFlow) -> BTreeSet<(String, String)> {
    let marks = markers(&c.src);
    named(
        f,
        &marks,
        f.merged
            .graph
            .edges()
            .iter()
            .map(|e| (*f.merged.graph.node(e.from), *f.merged.graph.node(e.to))),
    )
}

fn set(v: &[&str]) -> BTreeSet<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn ternary_values_cross_nodes_on_the_stack() {
    let c = compile();
    let f = flow(&c, "ternary");
    // `a` is loaded at S4 but consumed (stored into x) by the join node on line S5, then used at S6
    assert_eq!(slice_of(&c, &f, DefKind::New, 0), set(&["S1", "S5", "S6"]));
    assert_eq!(slice_of(&c, &f, DefKind::New, 1), set(&["S2", "S5", "S6"]));
    assert!(f.merged.numbering.is_some());
}

#[test]
fn exception_handlers_get_the_flow() {
    let c = compile();
    let f = flow(&c, "handler");
    let s = slice_of(&c, &f, DefKind::New, 0);
    assert!(s.is_superset(&set(&["S1", "S3", "S4", "S5"])), "{s:?}");
    let e = merged_edges(&c, &f);
    for (a, b) in [("S1", "S4"), ("S3", "S4"), ("S4", "S5"), ("S3", "S5")] {
        assert!(
            e.contains(&(a.to_string(), b.to_string())),
            "{a}->{b} missing: {e:?}"
        );
    }
}

#[test]
fn two_word_locals_do_not_shift_reference_slots() {
    let c = compile();
    let f = flow(&c, "words");
    // parameters l (0-1), d (2-3), k (4); local m (5-6); a is slot 7
    let local = f
        .defuse
        .defs
        .iter()
        .find(|d| d.kind == DefKind::Local)
        .expect("a is stored");
    assert_eq!(local.local, Some(7));
    assert_eq!(slice_of(&c, &f, DefKind::New, 0), set(&["S2", "S4"]));
}

#[test]
fn arrays_and_monitors_are_uses_and_heap_flow_is_not_followed() {
    let c = compile();
    let f = flow(&c, "arrays");
    let arr = slice_of(&c, &f, DefKind::NewArray, 0);
    assert!(
        arr.is_superset(&set(&["S1", "S2", "S3", "S4", "S5"])),
        "{arr:?}"
    );
    // the Box stored into the array is followed only to the store (no heap def-use)
    assert_eq!(slice_of(&c, &f, DefKind::New, 0), set(&["S2"]));
}

#[test]
fn invokedynamic_results_are_slicing_targets() {
    let c = compile();
    let f = flow(&c, "dynamic");
    let s = slice_of(&c, &f, DefKind::CallReturn, 0);
    assert!(
        s.contains("S3") && s.contains("S5") && !s.contains("S4"),
        "{s:?}"
    );
    let e = merged_edges(&c, &f);
    assert!(e.contains(&("S1".into(), "S3".into())) && e.contains(&("S1".into(), "S5".into())));
    assert!(
        !e.contains(&("S3".into(), "S5".into())),
        "case 1 breaks out of the switch"
    );
}

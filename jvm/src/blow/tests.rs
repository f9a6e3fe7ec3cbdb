//! Tests of the spec language and the VSO bookkeeping together.

use super::builtin::builtin;
use super::parse::parse_spec;
use super::spec::{Action, Cmp, Cond, Event, Metric, Penalty, TypePattern};
use super::vso::{post_gc, ObjState};

#[test]
fn parses_every_construct() {
    let text = "# comment\nspec s \"d\";\ntrack *, java.util.*, a.B;\n\
                on enter get when reads >= 2 && size != 0 -> amplify(16);\n\
                on exit put -> deamplify;\non array_write -> reset;\non gc -> amplify(unused);\n";
    let spec = parse_spec("t.spec", text).unwrap();
    assert_eq!(
        spec.track,
        vec![
            TypePattern::Any,
            TypePattern::Prefix("java.util.".into()),
            TypePattern::Exact("a.B".into())
        ]
    );
    let r = &spec.rules[0];
    assert_eq!((r.line, &r.event), (4, &Event::Enter("get".into())));
    assert_eq!(
        r.when[1],
        Cond {
            metric: Metric::Size,
            op: Cmp::Ne,
            value: 0
        }
    );
    assert_eq!(r.action, Action::Amplify(Penalty::Bytes(16)));
    assert_eq!(spec.rules[3].action, Action::Amplify(Penalty::Unused));
    let needs = spec.needs();
    assert!(needs.field_reads && needs.array_writes && !needs.containers);
    assert!(needs.methods.contains("get") && needs.methods.contains("put"));
}

#[test]
fn errors_name_file_line_and_what_was_expected() {
    let cases = [
        (
            "spec s \"d\";\ntrack *;\non gc when idle >= 3 -> amplify(size);\n",
            "x.spec:3:12: expected a metric",
        ),
        (
            "spec s \"d\";\ntrack *;\non gc -> amplify(lots);\n",
            "x.spec:3:18: expected a penalty",
        ),
        (
            "spec s \"d\";\ntrack *;\non gc -> amplify(size)\n",
            "x.spec:4:1: expected `;`, found end of file",
        ),
        (
            "spec s \"d\";\ntrack a*b;\n",
            "x.spec:2:7: `*` may only end",
        ),
        (
            "spec s \"d\";\ntrack *;\non gc -> deamplify;\n",
            "the spec never amplifies",
        ),
        (
            "spec s \"d\";\non gc -> amplify(size);\n",
            "the spec tracks nothing",
        ),
        ("track *;", "x.spec:1:1: expected `spec NAME"),
        (
            "spec s \"d\";\nuntrack x;",
            "x.spec:2:1: expected `track` or `on`, found `untrack`",
        ),
    ];
    for (text, want) in cases {
        let err = parse_spec("x.spec", text).unwrap_err().to_string();
        assert!(err.contains(want), "{err:?} should contain {want:?}");
    }
}

#[test]
fn leak_spec_penalizes_only_objects_left_unused() {
    let spec = builtin("leak").unwrap();
    let (mut stale, mut used) = (
        ObjState {
            size: 100,
            ..Default::default()
        },
        ObjState {
            size: 100,
            ..Default::default()
        },
    );
    let mut points = Vec::new();
    for gc in 1..=6 {
        used.observe(&Event::Read);
        used.fire(&spec, &Event::Read);
        points.push(post_gc(&spec, gc, 1000, [&mut stale, &mut used]));
    }
    assert_eq!(used.penalty, 0);
    // Stale from the 3rd GC on: 4 GCs x 100 bytes.
    assert_eq!(stale.penalty, 400);
    assert_eq!(points[1].penalty_bytes, 0);
    assert!((points[5].vso - 1.4).abs() < 1e-9, "{:?}", points[5]);
    // A later use removes the penalty (deamplify on read).
    stale.observe(&Event::Read);
    stale.fire(&spec, &Event::Read);
    assert_eq!(stale.penalty, 0);
}

#[test]
fn underutilized_spec_charges_unused_slots_until_filled() {
    let spec = builtin("underutilized").unwrap();
    assert!(spec.tracks("java.util.ArrayList") && !spec.tracks("java.lang.String"));
    let mut list = ObjState {
        size: 24,
        slot_bytes: 4,
        elements: 2,
        capacity: 1000,
        ..Default::default()
    };
    post_gc(&spec, 1, 10_000, [&mut list]);
    assert_eq!(list.penalty, 998 * 4);
    list.elements = 600;
    post_gc(&spec, 2, 10_000, [&mut list]);
    assert_eq!(list.penalty, 0);
}

#[test]
fn overpopulated_spec_needs_narrow_reads_of_a_large_container() {
    let spec = builtin("overpopulated").unwrap();
    assert!(spec.needs().containers);
    let mut grows = ObjState {
        size: 4000,
        elements: 1000,
        capacity: 1500,
        read_positions: 1,
        ..Default::default()
    };
    let mut scanned = ObjState {
        size: 4000,
        elements: 1000,
        capacity: 1500,
        read_positions: 900,
        ..Default::default()
    };
    let p = post_gc(&spec, 1, 8000, [&mut grows, &mut scanned]);
    assert_eq!((grows.penalty, scanned.penalty), (4000, 0));
    assert!((p.vso - 1.5).abs() < 1e-9);
}

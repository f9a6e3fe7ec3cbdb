//! Tests of the spec language and the VSO bookkeeping together.

use super::builtin::builtin;
use super::spec::{Action, Cmp, Cond, Event, Metric, Penalty, TypePattern};
use super::spec_parser::parse_spec;
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

#[test]
fn delta_trace_keeps_unmentioned_objects_live_until_they_die() {
    use super::trace::{parse_trace, replay, top_sites};
    // object 0 is written once and then never mentioned again: live, unchanged, stale;
    // object 1 is read at every GC; object 2 dies after GC 2
    let text = "N 0 A.java:3 new A\nS 0 0\nS 1 0\nN 1 B.java:9 new B\nS 2 1\n\
                G 1 1000\nO 0 100 0 1 0 -1 0\nO 1 100 1 0 0 -1 0\nO 2 100 0 1 0 -1 0\n\
                G 2 1000\nO 1 100 2 0 0 -1 0\n\
                G 3 1000\nD 2\nO 1 100 3 0 0 -1 0\n\
                G 4 1000\nO 1 100 4 0 0 -1 0\n\
                G 5 1000\nO 1 100 5 0 0 -1 0\nP 0 A.ROOT\n";
    let trace = parse_trace("t", text).unwrap();
    assert_eq!(trace.sites[&1], "A.java:3 new A");
    assert_eq!(trace.sites[&2], "B.java:9 new B");
    let spec = builtin("leak").unwrap();
    let (points, states) = replay(&spec, &trace);
    // idle after GC 2, 3, 4 → penalized from GC 4 on (idle_gcs >= 3), once per GC
    assert_eq!(
        points.iter().map(|p| p.penalty_bytes).collect::<Vec<_>>(),
        vec![0, 0, 0, 100, 200]
    );
    assert_eq!(states[&0].penalty, 200);
    assert_eq!(states[&1].penalty, 0);
    // object 2 died before it was stale long enough
    assert_eq!(states[&2].penalty, 0);
    let top = top_sites(&trace, &states, 5);
    assert_eq!(top.len(), 1);
    assert_eq!(top[0].site, "A.java:3 new A");
    assert_eq!(top[0].path.as_deref(), Some("A.ROOT"));
}

#[test]
fn a_read_after_staleness_deamplifies_in_the_replay() {
    use super::trace::{parse_trace, replay};
    let mut text = String::from("S 0 X.java:1\n");
    for gc in 1..=5 {
        text += &format!("G {gc} 1000\n");
        if gc == 1 {
            text += "O 0 100 0 1 0 -1 0\n";
        }
    }
    text += "G 6 1000\nO 0 100 1 1 0 -1 0\n";
    let trace = parse_trace("t", &text).unwrap();
    let (points, _) = replay(&builtin("leak").unwrap(), &trace);
    assert!(points[4].penalty_bytes > 0, "{points:?}");
    assert_eq!(points[5].penalty_bytes, 0, "{points:?}");
}

/// A spec over method events: `open` adds 64 bytes per call, `close` clears the penalty.
fn protocol_spec() -> super::spec::Spec {
    let text =
        "spec p \"d\";\ntrack *;\non exit open -> amplify(64);\non exit close -> deamplify;\n";
    parse_spec("p.spec", text).unwrap()
}

#[test]
fn method_events_fire_once_per_call_and_in_their_last_order() {
    use super::trace::{parse_trace, replay};
    let spec = protocol_spec();
    // methods by index: 0 close, 1 open; slots 2m entry, 2m+1 exit
    assert_eq!(
        spec.needs().methods.into_iter().collect::<Vec<_>>(),
        ["close", "open"]
    );
    // object 0: opened 3 times, closed twice, the last event an open → one open counts
    // object 1: opened 3 times and closed last → nothing; object 2: opened 5 times, no order
    // kept for the first two → 5 opens; object 3 is closed in the window it dies in
    let text = "S 0 A\nS 1 A\nS 2 A\nS 3 A\nG 1 1000\n\
                O 0 8 0 0 0 -1 0\nO 1 8 0 0 0 -1 0\nO 2 8 0 0 0 -1 0\nO 3 8 0 0 0 -1 0\n\
                M 0 0 2 2\nM 0 1 3 3\nQ 0 0 1 2 3\n\
                M 1 0 1 1\nM 1 1 3 3\nQ 1 2 3 0 1\n\
                M 2 1 5 5\nQ 2 2 3 2 3 2 3\n\
                M 3 1 1 1\nQ 3 2 3\n\
                G 2 1000\nM 3 0 1 1\nQ 3 0 1\nD 3\n";
    let trace = parse_trace("t", text).unwrap();
    let (points, states) = replay(&spec, &trace);
    // object 0: 2 opens and 1 close not in the tail fire first, then close, open from the tail
    assert_eq!(states[&0].penalty, 64);
    assert_eq!(states[&1].penalty, 0);
    assert_eq!(states[&2].penalty, 5 * 64);
    assert_eq!(states[&3].penalty, 0, "closed as it died");
    assert_eq!(points[0].penalty_bytes, 64 + 5 * 64 + 64);
    assert_eq!(points[1].penalty_bytes, 64 + 5 * 64);
}

#[test]
fn repeated_events_fire_like_a_loop_in_closed_form() {
    let spec = parse_spec(
        "r.spec",
        "spec r \"d\";\ntrack *;\non enter get -> deamplify;\non enter get -> amplify(8);\n\
         on enter put -> amplify(3);\non enter put when reads >= 1 -> reset;\n",
    )
    .unwrap();
    let get = Event::Enter("get".into());
    let put = Event::Enter("put".into());
    let mut looped = ObjState {
        reads: 2,
        penalty: 100,
        ..Default::default()
    };
    let mut closed = looped.clone();
    for _ in 0..1000 {
        looped.fire(&spec, &get);
    }
    closed.fire_times(&spec, &get, 1000);
    assert_eq!((closed.penalty, looped.penalty), (8, 8));
    for _ in 0..1000 {
        looped.fire(&spec, &put);
    }
    closed.fire_times(&spec, &put, 1000);
    // the first put resets the history, the other 999 only add 3 each
    assert_eq!(looped, closed);
    assert_eq!(closed.penalty, 999 * 3);
    closed.fire_times(&spec, &put, 0);
    assert_eq!(closed.penalty, 999 * 3);
}

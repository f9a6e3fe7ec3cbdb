//! Undo is exact: speculative checks that write globals, closure variables, properties (new,
//! existing, non-enumerable, accessors' backing fields), array elements and length, Map and Set
//! contents leave the program in its pre-speculation state; the workload asserts it. Effects it
//! cannot undo (output, timers, promise jobs) exclude their decision with the effect named.

mod engine_support;

use engine_support::{boa, corpus, workload};
use jsproject::profile::{DecisionProfile, Profile};
use jsproject::ProfileOptions;

fn profiled(budget: u64) -> jsproject::RunOutcome {
    let opts = ProfileOptions {
        spec_budget: budget,
        ..ProfileOptions::default()
    };
    engines::run(
        engines::Engine::Boa,
        &workload(&corpus("engine/undo")),
        &opts,
    )
    .expect("profile corpus/engine/undo")
}

fn by_leaf<'a>(p: &'a Profile, leaf: &str) -> &'a DecisionProfile {
    p.decisions
        .iter()
        .find(|d| d.decision.leaves.iter().any(|l| l.text == leaf))
        .unwrap_or_else(|| panic!("no decision with leaf {leaf}"))
}

#[test]
fn speculative_writes_are_undone() {
    let out = profiled(10_000);
    let failed: Vec<_> = out.profile.tests.iter().filter(|t| !t.passed).collect();
    assert!(
        failed.is_empty(),
        "tests failed under profiling: {failed:?}"
    );
    for effect in [
        "closure",
        "global",
        "newProp",
        "existingProp",
        "deleteProp",
        "hiddenProp",
        "element",
        "length",
        "push",
        "reorder",
        "map",
        "mapClear",
        "set",
        "setClear",
        "accessor",
        "reflective",
    ] {
        let d = by_leaf(&out.profile, &format!("effects.{effect}()"));
        assert_eq!(d.executions, 2, "{effect}: executions");
        assert!(d.excluded.is_empty(), "{effect}: excluded {:?}", d.excluded);
        // The execution with `flag == false` measured the short-circuited check speculatively.
        let speculated = d.slices.iter().flat_map(|s| &s.rows).any(|r| {
            r.cells.len() == 2 && !r.cells[0].value && r.cells[1].value && r.cells[1].cost > 1
        });
        assert!(
            speculated,
            "{effect}: no speculative cell recorded: {:?}",
            d.slices
        );
    }
}

#[test]
fn output_is_the_same_with_and_without_speculation() {
    let profiled = profiled(10_000);
    let plain = boa(&corpus("engine/undo"), false);
    assert_eq!(profiled.stdout, plain.stdout);
    assert!(plain.stdout.contains("after speculation"));
}

#[test]
fn throwing_endless_and_dependent_checks_are_excluded() {
    let out = profiled(10_000);
    let p = &out.profile;
    let boom = by_leaf(p, "boom()");
    assert!(
        boom.excluded
            .iter()
            .any(|r| r.contains("threw Error: boom")),
        "{:?}",
        boom.excluded
    );
    let endless = by_leaf(p, "spin(flag) > 0");
    assert!(
        endless
            .excluded
            .iter()
            .any(|r| r.contains("budget of 10000")),
        "{:?}",
        endless.excluded
    );
    let dependent = by_leaf(p, "writeShared()");
    assert!(
        dependent.excluded.iter().any(|r| r.contains("depend")),
        "{:?}",
        dependent.excluded
    );
    assert!(p.totals.dynamically_pruned >= 3);
}

#[test]
fn decisions_inside_speculation_record_nothing() {
    let out = profiled(10_000);
    // inner(x) runs for real twice (outer(true, 3) and inner(7)); the speculative call from
    // outer(false, 3) must not count.
    let inner = by_leaf(&out.profile, "x < 5");
    assert_eq!(inner.executions, 2);
    let rows: u64 = inner
        .slices
        .iter()
        .flat_map(|s| &s.rows)
        .map(|r| r.count)
        .sum();
    assert_eq!(rows, 2);
}

#[test]
fn checks_depending_through_called_functions_are_excluded() {
    let out = engine_support::boa(&corpus("engine/deps"), true);
    let p = &out.profile;
    for (leaf, why) in [
        ("hitsSeen(o)", "reads what check 1 ("),
        ("counted(m, (x + 1) % 3)", "reads what check 1 ("),
        ("long(list)", "depends on writes of check 1 ("),
    ] {
        let d = by_leaf(p, leaf);
        assert!(
            d.excluded.iter().any(|r| r.contains(why)),
            "{leaf}: {:?}",
            d.excluded
        );
    }
    // Two checks that only read shared data stay candidates.
    let kept = by_leaf(p, "belowTop(o, x)");
    assert!(kept.excluded.is_empty(), "{:?}", kept.excluded);
    let rows: u64 = kept
        .slices
        .iter()
        .flat_map(|s| &s.rows)
        .map(|r| r.count)
        .sum();
    assert_eq!(rows, 10);
}

/// Effects speculation suppresses instead of undoing (output, timers, promise jobs) exclude their
/// decision naming the effect, and so do the same effects made for real inside a check: the
/// reordered program would print, schedule or queue at other times. A check that writes a
/// variable outside it (`costly(x) && take()`, `take` bumping a counter) is never reordered, and
/// `suggest --gate none` leaves it out; nor is one calling `test()` or `replace()` on a global
/// regular expression, while one on a plain expression (`test`, `match`, `replace`, `search` and
/// `split` write no `lastIndex` there) is reorderable.
#[test]
fn checks_that_print_schedule_or_queue_are_excluded_naming_the_effect() {
    let root = corpus("engine/effects");
    engine_support::check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    engine_support::profile_prints(
        &root,
        0,
        "6 passed, 0 failed",
        &[
            "lib/effects.js:29:26 30 executions, not reorderable: check 2 (`take()`) writes `taken`",
            // `test()` writes `lastIndex` only on a global or sticky regular expression
            "lib/effects.js:40:23 8 executions\n",
            "lib/effects.js:41:25 8 executions, not reorderable: check 2 (`DIGITS.test(s)`) writes property `lastIndex`",
            // nor do match, replace, search and split; replace on a global one resets it
            "lib/effects.js:45:25 8 executions\n",
            "lib/effects.js:46:25 8 executions, not reorderable: check 2 (`s.replace(DIGITS, '#') !== s`) writes property `lastIndex`",
            "lib/effects.js:30:27 12 executions, excluded: a check prints (console.log)",
            "lib/effects.js:31:24 4 executions, excluded: speculative evaluation of check 2 (`shout(x)`) prints (console.log)",
            "excluded: a check schedules a timer (setTimeout)",
            "excluded: speculative evaluation of check 2 (`chain(x)`) queues a promise job (then/await)",
        ],
    );
    // `then` on what is not a promise throws and queues nothing, and `exec` whose argument's
    // `toString` throws writes no `lastIndex`: is-promise and is-regex checks stay reorderable,
    // in both engines (both were refused once)
    engine_support::prints_in_both_engines(
        &root,
        &[
            "lib/effects.js:58:26 8 executions\n",
            "lib/effects.js:71:25 8 executions\n",
        ],
    );
    let out = engine_support::decisionprof(
        &["suggest", ".", "--gate", "none", "--format", "json"],
        &root,
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    let diffs: Vec<&str> = report["suggestions"]
        .as_array()
        .expect("suggestions")
        .iter()
        .filter_map(|s| s["diff"].as_str())
        .collect();
    let changed = |d: &&str| -> bool {
        d.lines()
            .any(|l| l.starts_with('+') && (l.contains("take()") || l.contains("DIGITS")))
    };
    assert!(
        !diffs.iter().any(changed),
        "a check with a write was reordered: {diffs:?}"
    );
    // `costly`'s own decision, and the plain expression's match, replace, search and split
    assert_eq!(diffs.len(), 2, "{diffs:?}");
    assert!(
        diffs.iter().any(|d| d.contains("+exports.shaped")),
        "{diffs:?}"
    );
}

/// A check may write what it makes itself: an array it pushes to, an object it fills, a Map it
/// sets (`listed(v)`), a global `replace` that leaves `lastIndex` at the 0 it found, a variable of
/// a call it made that a callback sets (`anyOver`); none of it is seen outside the check, so the
/// decision stays reorderable in both engines, as does one that sets a property and puts it back
/// as it found it (`probed`, as is-regex does with `lastIndex`). A counter made before the check
/// (`bump()`) writes a variable that outlives it, `moved` leaves `lastIndex` changed, and
/// `cleared` (only ever speculated) deletes a property, sets it and deletes it again: effects. An array that
/// escapes into an object made before the check (`saved.list = a`) is an effect, and so is a
/// write to an object an outer check made before the inner decision's check started (`mark(o,
/// v) && o.seen === true` is not reordered: its second check reads what its first writes).
/// Arrays built-ins make for the check (keys, entries, a split, copies of a plain array, a parse)
/// are its own too (`ordered`); a copy a species constructor hands back (`pooledCopy`) and a
/// parse whose reviver returns an older array (`parsedInto`) are not.
#[test]
fn writes_to_objects_a_check_made_itself_are_not_its_effects() {
    let root = corpus("engine/made");
    engine_support::check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    engine_support::prints_in_both_engines(
        &root,
        &[
            "tests: 7 passed, 0 failed",
            "lib/made.js:90:24 2 executions, not reorderable: check 2 (`cleared()`) writes property `k`",
            "lib/made.js:110:26 4 executions\n",
            "lib/made.js:128:25 3 executions, not reorderable: check 2 (`pooledCopy()`) writes an object mutated by a built-in",
            "lib/made.js:136:25 3 executions, not reorderable: check 2 (`parsedInto()`) writes an object mutated by a built-in",
            "lib/made.js:73:24 4 executions\n",
            "lib/made.js:79:23 3 executions, not reorderable: check 2 (`moved(PROBE)`) writes property `lastIndex`",
            "lib/made.js:18:22 8 executions\n",
            "lib/made.js:49:26 5 executions\n",
            "lib/made.js:60:26 3 executions, not reorderable: check 2 (`bump()`) writes `n`",
            "lib/made.js:27:26 6 executions, not reorderable: check 2 (`kept(v)`) writes property `list`",
            "lib/made.js:37:10 4 executions, excluded: check 2 (`o.seen === true`) reads what check 1 (`mark(o, v)`) writes",
        ],
    );
}

/// A value-context decision (`costly(n) && t` returns `t`) is reordered only when every leaf was
/// always boolean: through getters and `valueOf` the leaves return an object and a number (never
/// reordered, verdict `not_boolean`); comparisons through `valueOf`, `toString` and
/// `Symbol.toPrimitive` (`t > 20`, `` `${g}` === 'hot' ``, `+m > 100`) are boolean and are.
#[test]
fn value_context_decisions_are_reordered_only_when_every_leaf_was_boolean() {
    let root = corpus("engine/coercions");
    engine_support::check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    let out = engine_support::decisionprof(
        &["suggest", ".", "--gate", "none", "--format", "json"],
        &root,
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        engine_support::text(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    let verdict = |original: &str| {
        report["decisions"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|d| d["original"] == original)
            .map(|d| {
                d["verdict"]["verdict"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string()
            })
            .unwrap_or_else(|| panic!("{original} in {report}"))
    };
    assert_eq!(verdict("costly(n) && t"), "not_boolean");
    assert_eq!(verdict("costly(n) && box.doubled"), "not_boolean");
    for boolean in [
        "costly(n) && t > 20",
        "costly(n) && `${g}` === 'hot'",
        "costly(n) && +m > 100",
    ] {
        assert_eq!(verdict(boolean), "candidate", "{boolean}");
    }
    let diffs: Vec<&str> = report["suggestions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|s| {
            assert_eq!(
                s["status"], "unverified",
                "--gate none labels suggestions: {s}"
            );
            s["diff"].as_str()
        })
        .collect();
    assert_eq!(diffs.len(), 3, "{diffs:?}");
    let changed: Vec<&str> = diffs
        .iter()
        .flat_map(|d| d.lines())
        .filter(|l| l.starts_with("+exports") || l.starts_with("-exports"))
        .collect();
    assert!(
        changed
            .iter()
            .all(|l| !l.contains("&& t;") && !l.contains("box.doubled")),
        "{changed:?}"
    );
}

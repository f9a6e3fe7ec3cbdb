//! Differences between two profiles of one project (the Boa and the node engine): which tests
//! ran and passed, which decisions ran how often, their exclusions, effects and per-test
//! cost-value histories. Two implementations of one semantics check each other this way.

use std::collections::BTreeMap;

use crate::profile::{DecisionProfile, Profile, Row, SwitchRow};

/// What differs between `a` and `b` (named `names.0` and `names.1` in the lines), one line each.
pub fn differences(a: &Profile, b: &Profile, names: (&str, &str)) -> Vec<String> {
    let mut out = Vec::new();
    let (na, nb) = names;
    let tests = |p: &Profile| -> Vec<(String, bool)> {
        p.tests.iter().map(|t| (t.name.clone(), t.passed)).collect()
    };
    let (ta, tb) = (tests(a), tests(b));
    if ta != tb {
        for t in ta.iter().filter(|t| !tb.contains(t)) {
            out.push(format!("test {:?} (passed: {}) only in {na}", t.0, t.1));
        }
        for t in tb.iter().filter(|t| !ta.contains(t)) {
            out.push(format!("test {:?} (passed: {}) only in {nb}", t.0, t.1));
        }
    }
    let (da, db) = (by_id(a), by_id(b));
    for (id, x) in &da {
        let Some(y) = db.get(id) else {
            if x.executions > 0 {
                out.push(format!("{id}: only in {na} (executed {})", x.executions));
            }
            continue;
        };
        decision(&mut out, id, (x, a), (y, b), names);
    }
    for (id, y) in &db {
        if !da.contains_key(id) && y.executions > 0 {
            out.push(format!("{id}: only in {nb} (executed {})", y.executions));
        }
    }
    out
}

/// What the `__dp` runtime protocol decides of a profile, as canonical JSON: each test's name,
/// result and branch points, and each decision's executions, exclusions (without the engine's
/// wording, see [`engine_neutral`]), effects, whether its checks were all boolean and its
/// cost-value histories (native charges of the checks included) by test name. Two engines that
/// implement the protocol give the same text, byte for byte. A whole test's native units are
/// left out: they include the work of the engine's own library (node's `console` is JavaScript
/// that calls built-ins; Boa's host stands in for it uncharged).
pub fn canonical(p: &Profile) -> String {
    let tests: Vec<serde_json::Value> = p
        .tests
        .iter()
        .map(|t| {
            serde_json::json!({
                "name": t.name, "passed": t.passed, "branch_points": t.branch_points,
            })
        })
        .collect();
    let decisions: BTreeMap<String, serde_json::Value> = by_id(p)
        .into_iter()
        .filter(|(_, d)| d.executions > 0 || !d.excluded.is_empty())
        .map(|(id, d)| {
            let excluded: Vec<&str> = d.excluded.iter().map(|r| engine_neutral(r)).collect();
            let v = serde_json::json!({
                "executions": d.executions, "excluded": excluded, "effects": d.effects,
                "all_boolean": d.all_boolean, "histories": histories(d, p),
            });
            (id, v)
        })
        .collect();
    let doc = serde_json::json!({ "tests": tests, "decisions": decisions });
    serde_json::to_string_pretty(&doc).unwrap_or_default()
}

fn by_id(p: &Profile) -> BTreeMap<String, &DecisionProfile> {
    p.decisions.iter().map(|d| (d.id().0.clone(), d)).collect()
}

/// Histories keyed by test name (test indices may differ between the engines).
type Histories = BTreeMap<String, (Vec<Row>, Vec<SwitchRow>)>;

fn histories(d: &DecisionProfile, p: &Profile) -> Histories {
    let mut h = Histories::new();
    for s in &d.slices {
        let name = p
            .tests
            .get(s.test)
            .map_or_else(|| format!("#{}", s.test), |t| t.name.clone());
        let e = h.entry(name).or_default();
        e.0.extend(s.rows.iter().cloned());
        e.1.extend(s.switch_rows.iter().cloned());
    }
    for (rows, switches) in h.values_mut() {
        rows.sort_by(|a, b| a.cells.cmp(&b.cells));
        switches.sort_by(|a, b| (a.matched, &a.case_costs).cmp(&(b.matched, &b.case_costs)));
    }
    h
}

fn decision(
    out: &mut Vec<String>,
    id: &str,
    (x, pa): (&DecisionProfile, &Profile),
    (y, pb): (&DecisionProfile, &Profile),
    (na, nb): (&str, &str),
) {
    if x.executions != y.executions {
        out.push(format!(
            "{id}: executed {} times in {na}, {} in {nb}",
            x.executions, y.executions
        ));
    }
    if x.excluded
        .iter()
        .map(|r| engine_neutral(r))
        .ne(y.excluded.iter().map(|r| engine_neutral(r)))
    {
        out.push(format!(
            "{id}: excluded {:?} in {na}, {:?} in {nb}",
            x.excluded, y.excluded
        ));
    }
    if x.effects != y.effects {
        out.push(format!(
            "{id}: effects {:?} in {na}, {:?} in {nb}",
            x.effects, y.effects
        ));
    }
    if x.all_boolean != y.all_boolean {
        out.push(format!(
            "{id}: all-boolean {} in {na}, {} in {nb}",
            x.all_boolean, y.all_boolean
        ));
    }
    let (hx, hy) = (histories(x, pa), histories(y, pb));
    if hx != hy {
        let test = hx
            .iter()
            .find(|(t, v)| hy.get(*t) != Some(v))
            .map(|(t, _)| t.clone())
            .or_else(|| hy.keys().find(|t| !hx.contains_key(*t)).cloned())
            .unwrap_or_default();
        out.push(format!(
            "{id}: cost-value histories differ (first in test {test:?}): {na} {:?}, {nb} {:?}",
            hx.get(&test).map(short),
            hy.get(&test).map(short)
        ));
    }
}

/// A history in a line: rows as `cost/value…×count`.
fn short((rows, switches): &(Vec<Row>, Vec<SwitchRow>)) -> String {
    let mut s: Vec<String> = rows
        .iter()
        .take(4)
        .map(|r| {
            let cells: Vec<String> = r
                .cells
                .iter()
                .map(|c| format!("{}{}", c.cost, if c.value { "T" } else { "F" }))
                .collect();
            format!("{}×{}", cells.join(" "), r.count)
        })
        .collect();
    s.extend(
        switches
            .iter()
            .take(4)
            .map(|r| format!("case {:?} {:?}×{}", r.matched, r.case_costs, r.count)),
    );
    if rows.len() + switches.len() > 8 {
        s.push("…".into());
    }
    s.join(", ")
}

/// An exclusion reason without the engine's own wording: an error thrown by speculation is
/// compared by its name (`TypeError`), not by its message, which each engine words differently.
fn engine_neutral(reason: &str) -> &str {
    match reason.find(" threw ") {
        Some(at) => {
            let rest = &reason[at + 7..];
            let end = rest.find(':').map_or(reason.len(), |c| at + 7 + c);
            &reason[..end]
        }
        None => reason,
    }
}

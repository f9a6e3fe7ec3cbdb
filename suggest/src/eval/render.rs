//! The text form of an `eval` report.

use std::fmt::Write as _;

use super::costmodel::{Correlation, WorkloadKind};
use super::{EvalReport, ProjectResult, SuggestionLine};
use crate::render::table2::{self, Row};
use crate::report::Table2;

/// The whole text report: Table 2, the suggestion list, the cost-model check.
pub fn render_text(r: &EvalReport) -> String {
    let mut s = String::new();
    let st = &r.settings;
    let _ = writeln!(
        s,
        "decisionprof eval {}  (gate: {}, mode: {}, confidence {:.0}%, {} VMs x {} warm-up + {} measured)\n",
        r.dir, st.gate, st.mode, st.confidence * 100.0, st.vms, st.warmup, st.measure
    );
    table(&mut s, r);
    kinds(&mut s, r);
    found(&mut s, r);
    suggestions(&mut s, &r.suggestions);
    cost_model(&mut s, r);
    s
}

/// Table 2: a row per project that has a report, the totals, then failures and notes.
fn table(s: &mut String, r: &EvalReport) {
    let t = &r.totals;
    let totals = Table2 {
        files: t.files,
        logical: t.logical,
        switches: t.switches,
        chains: t.chains,
        statically_pruned: t.statically_pruned,
        evaluated: t.evaluated,
        dynamically_pruned: t.dynamically_pruned,
        candidates: t.candidates,
        t_base: t.t_base,
        t_prof: t.t_prof,
        overhead: if t.t_base > 0.0 {
            t.t_prof / t.t_base
        } else {
            0.0
        },
        opportunities_logical: t.opportunities_logical,
        opportunities_switch: t.opportunities_switch,
        opportunities_chain: t.opportunities_chain,
        opportunities_total: t.opportunities_total,
        improvement_min: t.improvement_min,
        improvement_max: t.improvement_max,
    };
    let mut rows: Vec<Row<'_>> = r
        .projects
        .iter()
        .filter_map(|p| {
            Some(Row {
                label: Some(p.project.clone()),
                tests: Some(p.tests),
                table: &p.report.as_ref()?.table,
                t_node: p.node.as_ref().map(|n| n.t_node),
            })
        })
        .collect();
    rows.push(Row {
        label: Some(format!("Total ({})", t.projects - t.failed)),
        tests: Some(t.tests),
        table: &totals,
        t_node: Some(t.t_node),
    });
    s.push_str(&table2::render(&rows, true));
    for p in &r.projects {
        notes(s, p);
    }
    if t.failed > 0 {
        let _ = writeln!(s, "({} project(s) failed, not in the totals)", t.failed);
    }
    s.push('\n');
}

/// Decisions, candidates, gated and accepted per decision kind.
fn kinds(s: &mut String, r: &EvalReport) {
    let _ = writeln!(
        s,
        "{:<12} {:>9} {:>10} {:>6} {:>8}",
        "Kind", "decisions", "candidates", "gated", "accepted"
    );
    for k in &r.by_kind {
        let _ = writeln!(
            s,
            "{:<12} {:>9} {:>10} {:>6} {:>8}",
            k.kind, k.decisions, k.candidates, k.gated, k.accepted
        );
    }
    s.push('\n');
}

/// Each project as found with no flags: runner, module systems, tests passed profiled in Boa
/// and under node (the shared harness), decisions executed, suggestions.
fn found(s: &mut String, r: &EvalReport) {
    let mut t = comfy_table::Table::new();
    t.load_preset(comfy_table::presets::NOTHING);
    t.set_header([
        "Project",
        "Runner",
        "Modules",
        "Tests",
        "Pass Boa",
        "Pass node",
        "Executed",
        "Suggested",
    ]);
    for p in &r.projects {
        let rep = p.report.as_ref();
        t.add_row([
            p.project.clone(),
            p.runner.clone().unwrap_or_else(|| "-".into()),
            p.modules.clone().unwrap_or_else(|| "-".into()),
            p.tests.to_string(),
            rep.map_or("-".into(), |_| p.passed.to_string()),
            p.node
                .as_ref()
                .and_then(|n| n.passed)
                .map_or("-".into(), |n| n.to_string()),
            rep.map_or("-".into(), |r| r.table.evaluated.to_string()),
            rep.map_or("-".into(), |r| r.suggestions.len().to_string()),
        ]);
    }
    let _ = writeln!(s, "Projects as found (no flags):\n{t}\n");
}

/// A project's failure, or its warnings, below the table.
fn notes(s: &mut String, p: &ProjectResult) {
    let Some(rep) = &p.report else {
        let _ = writeln!(
            s,
            "{} FAILED: {}",
            p.project,
            p.error.as_deref().unwrap_or("unknown error")
        );
        return;
    };
    if !rep.failing_tests.is_empty() {
        let _ = writeln!(
            s,
            "{}: warning: {} test(s) failed in Boa",
            p.project,
            rep.failing_tests.len()
        );
    }
    if let Some(e) = &p.node_error {
        let _ = writeln!(s, "{}: not timed under node: {e}", p.project);
    }
}

fn pct(x: Option<(f64, f64)>) -> String {
    match x {
        Some((a, b)) if (a - b).abs() < 0.05 => format!("{a:+.1}%"),
        Some((a, b)) => format!("{a:+.1}% .. {b:+.1}%"),
        None => "-".into(),
    }
}

fn pvals(x: Option<(f64, f64)>) -> String {
    match x {
        Some((a, b)) if a == b => format!("p={a:.3}"),
        Some((a, b)) => format!("p={a:.3} .. {b:.3}"),
        None => "p=-".into(),
    }
}

fn suggestions(s: &mut String, lines: &[SuggestionLine]) {
    if lines.is_empty() {
        let _ = writeln!(s, "No suggestions and no gated candidates.\n");
        return;
    }
    let _ = writeln!(
        s,
        "Suggestions and gated candidates ({}); changes are per affected test, negative = faster:",
        lines.len()
    );
    for l in lines {
        let _ = writeln!(
            s,
            "  [{}] {} {}\n      {}  ->  {}\n      decision saves {:.1}% of its branch points; predicted {}, measured {} ({}; +{} -{}){}",
            l.status,
            l.project,
            l.location,
            l.original,
            l.optimized,
            l.decision_saving_percent,
            pct(l.predicted_percent),
            pct(l.measured_percent),
            pvals(l.p),
            l.positive,
            l.negative,
            if l.beyond_prediction {
                "  ! a faster test beats the prediction by more than 2x: likely noise"
            } else {
                ""
            }
        );
    }
    s.push('\n');
}

/// Per project with at least three points of at least 5 ms: r of both models side by side.
fn per_project_correlations(s: &mut String, r: &EvalReport) {
    use super::costmodel::{correlate, Predictor};
    let mut rows = Vec::new();
    for p in &r.projects {
        let bp = correlate(&p.points, super::MIN_TEST_MS, Predictor::BranchPoints);
        if bp.n < 3 {
            continue;
        }
        let native = correlate(&p.points, super::MIN_TEST_MS, Predictor::Native);
        let show = |c: &Correlation| c.r.map_or("-".to_string(), |r| format!("{r:.3}"));
        rows.push(format!(
            "  {}: {} point(s) >= {} ms, r = {} (branch points), {} (native)",
            p.project,
            bp.n,
            super::MIN_TEST_MS,
            show(&bp),
            show(&native)
        ));
    }
    if !rows.is_empty() {
        let _ = writeln!(s, "Per project:");
        for row in rows {
            let _ = writeln!(s, "{row}");
        }
    }
}

fn correlation(s: &mut String, what: &str, c: &Correlation, paper: f64) {
    let r =
        c.r.map_or("- (fewer than two points)".into(), |r| format!("{r:.3}"));
    let floor = if c.min_ms > 0.0 {
        format!(" >= {} ms", c.min_ms)
    } else {
        String::new()
    };
    let _ = writeln!(
        s,
        "  {what}: {} point(s){floor}, Pearson r = {r} (paper: {paper})",
        c.n
    );
}

fn cost_model(s: &mut String, r: &EvalReport) {
    let _ = writeln!(
        s,
        "Cost model (paper 6.4): branch points counted in Boa vs mean wall time under node"
    );
    correlation(s, "tests of test suites", &r.cost_model.tests, 0.98);
    correlation(s, "benchmark scripts", &r.cost_model.scripts, 0.92);
    correlation(
        s,
        "tests and benchmark cases",
        &r.cost_model.tests_1ms,
        0.98,
    );
    correlation(s, "all tests of test suites", &r.cost_model.tests_all, 0.98);
    if let Some(n) = &r.cost_model.native {
        let _ = writeln!(
            s,
            "Native-cost model: branch points + calibrated work of built-in calls vs the same times"
        );
        correlation(s, "tests of test suites", &n.tests, 0.98);
        correlation(s, "benchmark scripts", &n.scripts, 0.92);
        correlation(s, "tests and benchmark cases", &n.tests_1ms, 0.98);
        correlation(s, "all tests of test suites", &n.tests_all, 0.98);
    }
    per_project_correlations(s, r);
    let timed: usize = r.projects.iter().map(|p| p.points.len()).sum();
    let scripts = r
        .projects
        .iter()
        .filter(|p| p.kind() == Some(WorkloadKind::Script))
        .count();
    let _ = writeln!(
        s,
        "  ({timed} test(s)/script(s) timed in all, {scripts} benchmark script project(s))"
    );
}

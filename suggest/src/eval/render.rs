//! The text form of an `eval` report.

use std::fmt::Write as _;

use super::costmodel::{Correlation, WorkloadKind};
use super::{EvalReport, ProjectResult, SuggestionLine};

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
    suggestions(&mut s, &r.suggestions);
    cost_model(&mut s, r);
    s
}

fn header(s: &mut String, width: usize) {
    let _ = writeln!(
        s,
        "{:<w$} {:>5} {:>5} {:>6} {:>6} {:>6} {:>4} {:>6} {:>4} {:>8} {:>8} {:>6} {:>7} {:>8} | {:>6} {:>6} {:>5}  Impr(%)",
        "Project", "Tests", "Files", "LogExp", "Switch", "StaPru", "Ev", "DynPru", "Cand",
        "t_base", "t_prof", "Overh", "t_node", "Boa/node", "LogExp", "Switch", "Total",
        w = width
    );
}

fn impr(min: Option<f64>, max: Option<f64>) -> String {
    match (min, max) {
        (Some(a), Some(b)) if (a - b).abs() < 0.05 => format!("{a:.1}"),
        (Some(a), Some(b)) => format!("{a:.1} - {b:.1}"),
        _ => "-".into(),
    }
}

fn secs(x: Option<f64>) -> String {
    x.map_or("-".into(), |v| format!("{v:.2}s"))
}

fn ratio(a: f64, b: Option<f64>) -> String {
    match b {
        Some(b) if b > 0.0 => format!("{:.1}x", a / b),
        _ => "-".into(),
    }
}

fn table(s: &mut String, r: &EvalReport) {
    let width = r
        .projects
        .iter()
        .map(|p| p.project.len())
        .chain([7])
        .max()
        .unwrap_or(7);
    header(s, width);
    for p in &r.projects {
        row(s, p, width);
    }
    let t = &r.totals;
    let _ = writeln!(
        s,
        "{:<w$} {:>5} {:>5} {:>6} {:>6} {:>6} {:>4} {:>6} {:>4} {:>8} {:>8} {:>6} {:>7} {:>8} | {:>6} {:>6} {:>5}  {}",
        format!("Total ({})", t.projects - t.failed),
        t.tests, t.files, t.logical, t.switches, t.statically_pruned, t.evaluated,
        t.dynamically_pruned, t.candidates, secs(Some(t.t_base)), secs(Some(t.t_prof)),
        ratio(t.t_prof, Some(t.t_base)), secs(Some(t.t_node)), ratio(t.t_base, Some(t.t_node)),
        t.opportunities_logical, t.opportunities_switch, t.opportunities_total,
        impr(t.improvement_min, t.improvement_max),
        w = width
    );
    if t.failed > 0 {
        let _ = writeln!(s, "({} project(s) failed, not in the totals)", t.failed);
    }
    s.push('\n');
}

fn row(s: &mut String, p: &ProjectResult, width: usize) {
    let Some(rep) = &p.report else {
        let _ = writeln!(
            s,
            "{:<width$} FAILED: {}",
            p.project,
            p.error.as_deref().unwrap_or("unknown error")
        );
        return;
    };
    let t = &rep.table;
    let t_node = p.node.as_ref().map(|n| n.t_node);
    let _ = writeln!(
        s,
        "{:<width$} {:>5} {:>5} {:>6} {:>6} {:>6} {:>4} {:>6} {:>4} {:>8} {:>8} {:>6} {:>7} {:>8} | {:>6} {:>6} {:>5}  {}",
        p.project, p.tests, t.files, t.logical, t.switches, t.statically_pruned, t.evaluated,
        t.dynamically_pruned, t.candidates, secs(Some(t.t_base)), secs(Some(t.t_prof)),
        format!("{:.1}x", t.overhead), secs(t_node), ratio(t.t_base, t_node),
        t.opportunities_logical, t.opportunities_switch, t.opportunities_total,
        impr(t.improvement_min, t.improvement_max)
    );
    if !rep.failing_tests.is_empty() {
        let _ = writeln!(
            s,
            "{:<width$}   warning: {} test(s) failed in Boa",
            "",
            rep.failing_tests.len()
        );
    }
    if let Some(e) = &p.node_error {
        let _ = writeln!(s, "{:<width$}   not timed under node: {e}", "");
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
    correlation(s, "all tests of test suites", &r.cost_model.tests_all, 0.98);
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

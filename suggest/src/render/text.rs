//! The text report of `suggest`: Table 2, then each suggestion, then what was not suggested.

use std::fmt::Write as _;

use report::emit::text::entry_heading;
use report::Finding;

use crate::candidate::Verdict;
use crate::findings::decision_of;
use crate::gate::TestEffect;
use crate::pipeline::{Outcome, Status};
use crate::render::table2::{self, Row};
use crate::report::{Report, Settings};
use crate::stats::Effect;

/// The text report: Table 2, then each suggestion, then what was not suggested.
pub fn render_text(r: &Report) -> String {
    let mut s = String::new();
    let t = &r.table;
    let _ = writeln!(
        s,
        "decisionprof suggest {}  (gate: {}, mode: {}, confidence {:.0}%, {} VMs x {} warm-up + {} measured)\n",
        r.project,
        r.settings.gate,
        r.settings.mode,
        r.settings.confidence * 100.0,
        r.settings.vms,
        r.settings.warmup,
        r.settings.measure
    );
    if let Some(why) = &r.interrupted {
        let _ = writeln!(
            s,
            "gating stopped early ({why}): the verdicts below are final, candidates marked \"not gated\" were not timed\n"
        );
    }
    let row = Row {
        label: None,
        tests: None,
        table: t,
        t_node: None,
    };
    s.push_str(&table2::render(&[row], false));
    s.push('\n');
    for n in &r.notes {
        let _ = writeln!(s, "note: {n}");
    }
    if !r.failing_tests.is_empty() {
        const SHOWN: usize = 5;
        let n = r.failing_tests.len();
        let more = match n > SHOWN {
            true => format!(
                "; and {} more (`decisionprof profile` lists them)",
                n - SHOWN
            ),
            false => String::new(),
        };
        let names = &r.failing_tests[..n.min(SHOWN)];
        let _ = writeln!(
            s,
            "warning: {n} test(s) failed while profiling: {}{more}\n",
            names.join("; ")
        );
    }
    if r.suggestions.is_empty() {
        let _ = writeln!(s, "No suggestions.");
    } else {
        let _ = writeln!(s, "Suggestions ({}):", r.suggestions.len());
        for (i, o) in r.suggestions.iter().enumerate() {
            let finding = r
                .findings
                .iter()
                .find(|f| decision_of(f) == Some(o.analysis.id.0.as_str()));
            write_outcome(&mut s, i + 1, o, finding, &r.settings);
        }
    }
    if !r.rejected.is_empty() {
        let _ = writeln!(s, "\nCandidates not suggested ({}):", r.rejected.len());
        for o in &r.rejected {
            let why = match &o.status {
                _ if o.why_not.is_some() => o.why_not.clone().unwrap_or_default(),
                Status::Invalid(w) => format!("changes behaviour: {w}"),
                Status::NotFaster => match &o.gate {
                    Some(g) => format!("not faster (+{} -{})", g.positive, g.negative),
                    None => "not faster".into(),
                },
                Status::Skipped(w) => w.clone(),
                Status::Suggested | Status::Unverified => String::new(),
            };
            let _ = writeln!(
                s,
                "  {}  {}: {}",
                o.analysis.location, o.analysis.original, why
            );
            match &o.gate {
                Some(g) if r.settings.workload == "benchmarks" => benchmark_cases(&mut s, g),
                _ => {}
            }
        }
    }
    let count = |f: fn(&Verdict) -> bool| r.decisions.iter().filter(|a| f(&a.verdict)).count();
    let parts: Vec<String> = [
        (
            count(|v| matches!(v, Verdict::StaticallyPruned(_))),
            "statically pruned",
        ),
        (
            count(|v| matches!(v, Verdict::NotExecuted)),
            "never executed",
        ),
        (
            count(|v| matches!(v, Verdict::DynamicallyPruned(_))),
            "dynamically pruned",
        ),
        (
            count(|v| matches!(v, Verdict::NotBoolean)),
            "value context with non-boolean checks",
        ),
        (
            count(|v| matches!(v, Verdict::HasEffects(_))),
            "checks with writes a reorder would move",
        ),
        (
            count(|v| matches!(v, Verdict::AlreadyOptimal)),
            "already in their best order",
        ),
        (
            count(|v| matches!(v, Verdict::BelowThreshold)),
            "saving below the threshold",
        ),
    ]
    .iter()
    .filter(|(n, _)| *n > 0)
    .map(|(n, what)| format!("{n} {what}"))
    .collect();
    if !parts.is_empty() {
        let _ = writeln!(
            s,
            "
Not candidates: {}.",
            parts.join(", ")
        );
    }
    if !r.patch.is_empty() {
        let _ = writeln!(
            s,
            "\nApply with: decisionprof suggest {} --format diff | git apply",
            r.project
        );
    }
    s
}

/// One suggestion: its finding's heading (the outcome's location when the rewriter gave no
/// finding), the orders, the estimate and what the gate measured.
fn write_outcome(s: &mut String, n: usize, o: &Outcome, finding: Option<&Finding>, set: &Settings) {
    let unit = set.cost_unit();
    let a = &o.analysis;
    let tag = match o.status == Status::Unverified {
        true => "unverified",
        false => "",
    };
    let heading = match finding {
        Some(f) => entry_heading(n, f, &a.kind, tag),
        None => {
            let tag = if tag.is_empty() { "" } else { "  [unverified]" };
            format!("{n}. {} ({}){tag}", a.location, a.kind)
        }
    };
    let _ = writeln!(s, "{heading}");
    let _ = writeln!(s, "     {}", a.original);
    let _ = writeln!(s, "   → {}", a.optimized);
    let recorded = match a.unrecorded {
        0 => String::new(),
        n => format!(
            "; recorded {} of them, the rest counted once it had settled",
            a.executions - n
        ),
    };
    let margin = match a.saving_margin {
        Some(m) => format!(" ± {m:.1} at 99 %"),
        None => String::new(),
    };
    let _ = writeln!(
        s,
        "   estimated saving {:.1}%{margin} ({} → {} {unit} over {} evaluations{recorded})",
        a.saving_percent, a.cost_before, a.cost_after, a.executions
    );
    match &a.exclusivity {
        Some(x @ crate::chain::Exclusivity::Observed(_)) => {
            let _ = writeln!(
                s,
                "   arms {x}, not proven: other inputs may take another arm after the reorder, so the patch leaves it out (`--unsafe-fixes` puts it in)"
            );
        }
        Some(x) => {
            let _ = writeln!(s, "   arms {x}");
        }
        None => {}
    }
    match o.function_share {
        Some(share) if share > 0.0 => {
            let _ = writeln!(
                s,
                "   its function takes {share:.1}% of the workload's time under node"
            );
        }
        Some(_) => {
            let _ = writeln!(
                s,
                "   its function ran too briefly to be sampled under node"
            );
        }
        None => {}
    }
    if let Some(g) = &o.gate {
        let _ = writeln!(
            s,
            "   tests: +{} -{} of {}",
            g.positive,
            g.negative,
            g.tests.len()
        );
        if set.workload == "benchmarks" {
            benchmark_cases(s, g);
        }
        let listed = |t: &&TestEffect| set.workload != "benchmarks" && t.effect != Effect::None;
        for t in g.tests.iter().filter(listed) {
            let sign = sign(t.effect);
            let est = t
                .estimated_percent
                .map(|e| format!(", profile predicts {e:+.1}%"))
                .unwrap_or_default();
            let _ = writeln!(
                s,
                "     {sign} {:+.1}% (p = {:.2e}{est})  {}",
                t.change_percent, t.p, t.name
            );
        }
        if let Some(t) = &g.aggregate {
            let _ = writeln!(
                s,
                "   measured {} (p = {:.2e})",
                crate::why_not::measured(t, g),
                t.p
            );
        }
        if let Some(line) = trade_off_line(g) {
            let _ = writeln!(s, "   {line}");
        }
        if let Some(line) = stop_line(g) {
            let _ = writeln!(s, "   {line}");
        }
        if let Some(c) = &g.confirmation {
            let verdict = if c.accepted { "held" } else { "did not hold" };
            let together = c
                .aggregate
                .as_ref()
                .map(|t| format!(", together {:+.1}% (p = {:.2e})", t.change_percent, t.p))
                .unwrap_or_default();
            let _ = writeln!(
                s,
                "   confirmation round {verdict}: tests +{} -{}{together}",
                c.positive, c.negative
            );
        }
    }
}

/// `+` for a significantly faster test, `-` for a slower one, a blank for neither.
fn sign(e: Effect) -> char {
    match e {
        Effect::Positive => '+',
        Effect::Negative => '-',
        Effect::None => ' ',
    }
}

/// Every timed benchmark case: its change with the interval, and the sign of a significant one.
fn benchmark_cases(s: &mut String, g: &crate::gate::GateResult) {
    let _ = writeln!(
        s,
        "   per benchmark case (change of the mean, interval at the gate's confidence):"
    );
    for t in &g.tests {
        let sign = sign(t.effect);
        let interval = t
            .interval_percent
            .map(|i| format!(" ± {i:.1}%"))
            .unwrap_or_default();
        let _ = writeln!(
            s,
            "     {sign} {:+.1}%{interval}  {}",
            t.change_percent, t.name
        );
    }
}

/// "trade-off: 2 tests faster (-12.0% to -50.0%), 1 slower (+3.0%); suggested: …" or `None`.
pub(crate) fn trade_off_line(g: &crate::gate::GateResult) -> Option<String> {
    if !g.trade_off() {
        return None;
    }
    let side = |e: Effect| {
        let mut v: Vec<f64> = g
            .tests
            .iter()
            .filter(|t| t.effect == e)
            .map(|t| t.change_percent)
            .collect();
        v.sort_by(f64::total_cmp);
        match (v.first(), v.last()) {
            (Some(a), Some(b)) if v.len() > 1 => format!("{a:+.1}% to {b:+.1}%"),
            (Some(a), _) => format!("{a:+.1}%"),
            _ => String::new(),
        }
    };
    let why = if g.accepted {
        "suggested: more tests faster than slower and all together significantly faster"
    } else {
        "not suggested: the faster side does not outweigh the slower one"
    };
    Some(format!(
        "trade-off: {} tests faster ({}), {} slower ({}); {why}",
        g.positive,
        side(Effect::Positive),
        g.negative,
        side(Effect::Negative)
    ))
}

/// How a sequential timing round ended, e.g. "sequential: futile after 3 processes per version".
pub(crate) fn stop_line(g: &crate::gate::GateResult) -> Option<String> {
    use crate::sequential::Step;
    let (n, step) = g.stopped?;
    let what = match step {
        Step::Accept => "significantly faster (O'Brien-Fleming boundary crossed)",
        Step::Futile => "stopped, cannot become significant",
        Step::Reject | Step::Continue => "not significant at the last look",
    };
    Some(format!(
        "sequential: {what} after {n} processes per version"
    ))
}

#[cfg(test)]
mod tests {
    use super::{render_text, stop_line, trade_off_line};
    use crate::candidate::{Analysis, Verdict};
    use crate::gate::{GateResult, TestEffect};
    use crate::pipeline::{Evaluation, Outcome, Status};
    use crate::report::*;
    use crate::stats::Effect;
    use instrument::model::{DecisionId, Location, Reorder, Tree};
    use jsproject::profile::Totals;

    fn analysis(line: u32, kind: &str) -> Analysis {
        Analysis {
            id: DecisionId(format!("lib.js@{line}-{}", line + 5)),
            location: Location {
                file: "lib.js".into(),
                line,
                col: 3,
            },
            kind: kind.into(),
            executions: 10,
            unrecorded: 0,
            original: "a() && b()".into(),
            optimized: "b() && a()".into(),
            cost_before: 200,
            cost_after: 50,
            saving_percent: 75.0,
            saving_margin: None,
            reorder: Reorder::Logical(Tree::Leaf(0)),
            strategy: None,
            exclusivity: None,
            verdict: Verdict::Candidate,
        }
    }

    fn effect(name: &str, change: f64, p: f64, e: Effect) -> TestEffect {
        TestEffect {
            name: name.into(),
            file: "t.js".into(),
            mean_original_ns: 100.0,
            mean_variant_ns: 100.0 + change,
            change_percent: change,
            interval_percent: None,
            p,
            effect: e,
            estimated_percent: Some(-40.0),
        }
    }

    #[test]
    fn a_trade_off_names_both_sides_and_the_rule() {
        let mut g = GateResult {
            tests: vec![
                effect("fast", -50.0, 1e-3, Effect::Positive),
                effect("faster", -12.5, 2e-2, Effect::Positive),
                effect("slow", 3.0, 1e-2, Effect::Negative),
            ],
            positive: 2,
            negative: 1,
            failed: None,
            aggregate: None,
            confirmation: None,
            accepted: true,
            stopped: Some((3, crate::sequential::Step::Accept)),
            untimed: None,
            unfigured: 0,
        };
        let line = trade_off_line(&g).unwrap();
        assert!(
            line.starts_with(
                "trade-off: 2 tests faster (-50.0% to -12.5%), 1 slower (+3.0%); suggested"
            ),
            "{line}"
        );
        assert!(stop_line(&g).unwrap().contains("after 3 processes"));
        g.accepted = false;
        assert!(trade_off_line(&g).unwrap().contains("not suggested"));
        g.negative = 0;
        assert_eq!(trade_off_line(&g), None);
    }

    #[test]
    fn table_and_suggestions_from_gate_results() {
        let g = GateResult {
            tests: vec![
                effect("fast", -50.0, 1e-3, Effect::Positive),
                effect("faster", -12.5, 2e-2, Effect::Positive),
                effect("same", 1.0, 0.5, Effect::None),
            ],
            positive: 2,
            negative: 0,
            failed: None,
            aggregate: None,
            confirmation: None,
            accepted: true,
            stopped: None,
            untimed: None,
            unfigured: 0,
        };
        let eval = Evaluation {
            outcomes: vec![
                Outcome {
                    analysis: analysis(3, "logical"),
                    status: Status::Suggested,
                    gate: Some(g),
                    diff: String::new(),
                    function_share: None,
                    why_not: None,
                },
                Outcome {
                    analysis: analysis(9, "switch"),
                    status: Status::Invalid("test \"x\" fails".into()),
                    gate: None,
                    diff: String::new(),
                    function_share: None,
                    why_not: None,
                },
            ],
            patch: "diff --git a/lib.js b/lib.js\n".into(),
            validated: 1,
            interrupted: None,
            noise_floor: None,
        };
        let facts = RunFacts {
            project: "p".into(),
            settings: Settings {
                gate: "node".into(),
                mode: "each".into(),
                confidence: 0.9,
                vms: 5,
                warmup: 5,
                measure: 10,
                confirm: true,
                design: "sequential".into(),
                cost_model: "native".into(),
                workload: "tests".into(),
            },
            totals: Totals {
                files: 2,
                logical: 7,
                switches: 1,
                chains: 0,
                statically_pruned: 1,
                executed: 6,
                dynamically_pruned: 0,
            },
            t_base: 0.5,
            t_prof: 2.0,
            failing_tests: vec![],
        };
        let analyses = vec![analysis(3, "logical"), analysis(9, "switch")];
        let r = build(facts, analyses, eval);
        assert_eq!(r.table.overhead, 4.0);
        assert_eq!(r.table.opportunities_total, 1);
        assert_eq!(r.table.opportunities_logical, 1);
        assert_eq!(r.table.opportunities_switch, 0);
        assert_eq!(r.table.improvement_min, Some(12.5));
        assert_eq!(r.table.improvement_max, Some(50.0));
        assert_eq!(r.table.candidates, 1);
        assert_eq!(r.table.evaluated, 2);
        let text = render_text(&r);
        assert!(text.contains("12.5 - 50.0"), "{text}");
        assert!(text.contains("1. lib.js:3:3 (logical)"), "{text}");
        assert!(text.contains("   → b() && a()"), "{text}");
        assert!(text.contains("tests: +2 -0 of 3"), "{text}");
        assert!(
            text.contains("+ -50.0% (p = 1.00e-3, profile predicts -40.0%)  fast"),
            "{text}"
        );
        assert!(!text.contains("  same"), "{text}");
        assert!(
            text.contains("lib.js:9:3  a() && b(): changes behaviour: test \"x\" fails"),
            "{text}"
        );
        let json: serde_json::Value = serde_json::to_value(&r).unwrap();
        assert_eq!(json["rejected"][0]["status"], "invalid");
        assert_eq!(
            json["suggestions"][0]["gate"]["tests"][0]["effect"],
            "positive"
        );
        // timed on benchmarks: every case with its interval, the unchanged one too
        let mut r = r;
        r.settings.workload = "benchmarks".into();
        r.suggestions[0].gate.as_mut().unwrap().tests[2].interval_percent = Some(2.5);
        let text = render_text(&r);
        assert!(text.contains("per benchmark case"), "{text}");
        assert!(text.contains("\n       +1.0% ± 2.5%  same\n"), "{text}");
        assert!(text.contains("\n     + -50.0%  fast\n"), "{text}");
    }
}

//! Why a candidate was not suggested, in words a maintainer can act on: the measured change with
//! its confidence interval, the noise floor, the reason, and what to time instead when the
//! workload's tests are too short to show the change.

use jsproject::discover::benchmarks::Benchmark;

use crate::gate::{GateResult, TestEffect};
use crate::pipeline::{Outcome, Status};
use crate::stats::{median, Effect};

/// A timed test whose original runs shorter than this (ns) is too short to show a small change.
pub const SHORT_TEST_NS: f64 = 1_000_000.0;

/// How many slower tests are named.
const NAMED: usize = 3;

/// What the explanation needs beside the outcome.
pub struct Context<'a> {
    /// The project, as the user named it (for the command in the hint).
    pub project: &'a str,
    /// The noise floor of the timed tests, in percent, when measured.
    pub floor: Option<f64>,
    /// The benchmarks the project ships.
    pub benchmarks: &'a [Benchmark],
    /// The workload timed was the project's benchmarks.
    pub on_benchmarks: bool,
}

/// Why `o` was not suggested, or `None` when it was (or when nothing was measured to explain).
pub fn why_not(o: &Outcome, cx: &Context) -> Option<String> {
    match (&o.status, &o.gate) {
        (Status::NotFaster, Some(g)) => Some(not_faster(o, g, cx)),
        (Status::Skipped(w), _) if w.starts_with("below measurable") => {
            Some(format!("{w}; {}", hint(o, None, cx)))
        }
        _ => None,
    }
}

fn not_faster(o: &Outcome, g: &GateResult, cx: &Context) -> String {
    if let Some(why) = &g.untimed {
        return format!("could not be timed: {why}");
    }
    let mut parts = Vec::new();
    if let Some(t) = &g.aggregate {
        parts.push(format!("measured {}", measured(t, g)));
    }
    if let Some(f) = cx.floor {
        parts.push(format!("noise floor {f:.1} %"));
    }
    parts.push(reason(g));
    let short = median(
        &g.tests
            .iter()
            .map(|t| t.mean_original_ns)
            .collect::<Vec<_>>(),
    )
    .filter(|m| *m < SHORT_TEST_NS);
    if let Some(m) = short {
        parts.push(hint(o, Some(m), cx));
    }
    parts.join("; ")
}

/// `-0.4 % ± 1.1 % over the 3 timed tests together`, or `… on bench.js` for one.
pub(crate) fn measured(together: &TestEffect, g: &GateResult) -> String {
    match &g.tests[..] {
        [one] => format!("{} on {}{}", change(together), one.name, unfigured(g)),
        tests => format!(
            "{} over the {} timed tests together{}",
            change(together),
            tests.len(),
            unfigured(g)
        ),
    }
}

/// ` (3 more of the 5 chosen gave no figure in every process)` when some chosen tests were not compared.
fn unfigured(g: &GateResult) -> String {
    match g.unfigured {
        0 => String::new(),
        n => format!(
            " ({n} more of the {} chosen gave no figure in every process)",
            n + g.tests.len()
        ),
    }
}

/// `-0.4 % ± 1.1 %`, or the change alone when no interval was measured.
fn change(t: &TestEffect) -> String {
    match t.interval_percent {
        Some(i) if i.is_finite() => format!("{:+.1} % ± {i:.1} %", t.change_percent),
        _ => format!("{:+.1} %", t.change_percent),
    }
}

/// The gate's reason in plain words.
fn reason(g: &GateResult) -> String {
    let together = g.aggregate.as_ref().map(|t| t.effect);
    if let Some(f) = &g.failed {
        return format!("a test failed while timed: {f}");
    }
    if g.negative > 0 && g.negative >= g.positive {
        let names: Vec<&str> = g
            .tests
            .iter()
            .filter(|t| t.effect == Effect::Negative)
            .take(NAMED)
            .map(|t| t.name.as_str())
            .collect();
        return format!(
            "slower on {} of {} timed test(s): {}",
            g.negative,
            g.tests.len(),
            names.join(", ")
        );
    }
    match together {
        Some(Effect::Negative) => "slower with all timed tests together".into(),
        Some(Effect::Positive) if g.confirmation.as_ref().is_some_and(|c| !c.accepted) => {
            "faster in the first round, but not again with fresh processes (the confirmation round)"
                .into()
        }
        Some(Effect::Positive) => {
            "faster together, but not on more tests than it slows down".into()
        }
        _ => "not measurable on this workload: the change is within its interval".into(),
    }
}

/// `0.12 ms`, or `3.4 µs` under a hundredth of a millisecond.
fn duration(ns: f64) -> String {
    match ns < 1e4 {
        true => format!("{:.1} µs", ns / 1e3),
        false => format!("{:.2} ms", ns / 1e6),
    }
}

/// What to time instead: the project's benchmark, else one to write.
fn hint(o: &Outcome, median_ns: Option<f64>, cx: &Context) -> String {
    let how_short = median_ns
        .map(|m| format!("the timed tests take {} each (median), ", duration(m)))
        .unwrap_or_default();
    if cx.on_benchmarks {
        return format!(
            "{}too short to time a change this size: add a benchmark case that runs the code at {} for at least 1 ms per run",
            how_short.replace("timed tests", "timed benchmark cases"),
            o.analysis.location
        );
    }
    // a script that loads a benchmark library first (a plain file in bench/ may be a fixture)
    let bench = cx
        .benchmarks
        .iter()
        .find(|b| b.library.is_some())
        .or_else(|| cx.benchmarks.first());
    match bench {
        Some(b) => format!(
            "{how_short}too short to time a change this size: time it on the project's benchmark with `decisionprof suggest {} --workload {}`",
            cx.project, b.file
        ),
        None => format!(
            "{how_short}too short to time a change this size: write a benchmark script that runs the code at {} for at least 1 ms per run and pass it with --workload",
            o.analysis.location
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::candidate::{Analysis, Verdict};
    use instrument::model::{DecisionId, Location, Reorder};

    fn analysis() -> Analysis {
        Analysis {
            id: DecisionId("lib.js@0-1".into()),
            location: Location {
                file: "lib.js".into(),
                line: 12,
                col: 3,
            },
            kind: "if-else".into(),
            executions: 10,
            unrecorded: 0,
            original: "a, b".into(),
            optimized: "b, a".into(),
            cost_before: 20,
            cost_after: 15,
            saving_percent: 25.0,
            saving_margin: None,
            reorder: Reorder::Chain(vec![1, 0]),
            strategy: None,
            exclusivity: None,
            verdict: Verdict::Candidate,
        }
    }

    fn effect(name: &str, ns: f64, change: f64, e: Effect) -> TestEffect {
        TestEffect {
            name: name.into(),
            file: "t.js".into(),
            mean_original_ns: ns,
            mean_variant_ns: ns * (1.0 + change / 100.0),
            change_percent: change,
            interval_percent: Some(1.1),
            p: 0.5,
            effect: e,
            estimated_percent: None,
        }
    }

    fn rejected(tests: Vec<TestEffect>, together: TestEffect) -> Outcome {
        let count = |e| tests.iter().filter(|t| t.effect == e).count();
        Outcome {
            analysis: analysis(),
            status: Status::NotFaster,
            gate: Some(GateResult {
                positive: count(Effect::Positive),
                negative: count(Effect::Negative),
                tests,
                failed: None,
                aggregate: Some(together),
                confirmation: None,
                accepted: false,
                stopped: None,
                untimed: None,
                unfigured: 0,
            }),
            diff: String::new(),
            function_share: None,
            why_not: None,
        }
    }

    fn cx(benchmarks: &[Benchmark]) -> Context<'_> {
        Context {
            project: "./p",
            floor: Some(2.5),
            benchmarks,
            on_benchmarks: false,
        }
    }

    #[test]
    fn within_noise_on_short_tests_names_the_interval_floor_and_what_to_write() {
        let o = rejected(
            vec![
                effect("a", 120_000.0, -0.4, Effect::None),
                effect("b", 90_000.0, 0.2, Effect::None),
            ],
            effect("together", 210_000.0, -0.4, Effect::None),
        );
        let why = why_not(&o, &cx(&[])).unwrap();
        assert_eq!(
            why,
            "measured -0.4 % ± 1.1 % over the 2 timed tests together; noise floor 2.5 %; \
             not measurable on this workload: the change is within its interval; \
             the timed tests take 0.10 ms each (median), too short to time a change this size: \
             write a benchmark script that runs the code at lib.js:12:3 for at least 1 ms per run \
             and pass it with --workload"
        );
    }

    #[test]
    fn chosen_tests_that_gave_no_figure_are_counted() {
        let mut o = rejected(
            vec![
                effect("a", 120_000.0, -0.4, Effect::None),
                effect("b", 90_000.0, 0.2, Effect::None),
            ],
            effect("together", 210_000.0, -0.4, Effect::None),
        );
        if let Some(g) = o.gate.as_mut() {
            g.unfigured = 10;
        }
        let why = why_not(&o, &cx(&[])).unwrap();
        assert!(
            why.starts_with(
                "measured -0.4 % ± 1.1 % over the 2 timed tests together (10 more of the 12 \
                 chosen gave no figure in every process"
            ),
            "{why}"
        );
    }

    #[test]
    fn slower_tests_are_named_and_long_tests_get_no_hint() {
        let o = rejected(
            vec![
                effect("a", 5e6, 3.0, Effect::Negative),
                effect("b", 5e6, -1.0, Effect::None),
            ],
            effect("together", 1e7, 1.0, Effect::None),
        );
        let why = why_not(&o, &cx(&[])).unwrap();
        assert!(why.ends_with("slower on 1 of 2 timed test(s): a"), "{why}");
    }

    #[test]
    fn a_skipped_candidate_is_pointed_at_the_projects_benchmark() {
        let mut o = rejected(vec![], effect("t", 1.0, 0.0, Effect::None));
        o.gate = None;
        o.status = Status::Skipped("below measurable: predicted 0.2 %, noise floor 40.0 %".into());
        let benches = [Benchmark {
            file: "benchmark/index.js".into(),
            found: "in benchmark/".into(),
            library: None,
        }];
        let why = why_not(&o, &cx(&benches)).unwrap();
        assert!(
            why.ends_with("`decisionprof suggest ./p --workload benchmark/index.js`"),
            "{why}"
        );
        // is-number's shape: a fixture beside the script that loads benchmark.js
        let bench = |file: &str, library: Option<&str>| Benchmark {
            file: file.into(),
            found: "in benchmark/".into(),
            library: library.map(String::from),
        };
        let two = [
            bench("benchmark/fixtures.js", None),
            bench("benchmark/index.js", Some("benchmark.js")),
        ];
        let why = why_not(&o, &cx(&two)).unwrap();
        assert!(why.ends_with("--workload benchmark/index.js`"), "{why}");
        // a vitest bench file runs under the harness like the others
        let vitest = [bench("src/a.bench.ts", Some("vitest"))];
        let why = why_not(&o, &cx(&vitest)).unwrap();
        assert!(why.ends_with("--workload src/a.bench.ts`"), "{why}");
        // timed on the benchmarks already: a longer case to add
        let on = Context {
            on_benchmarks: true,
            ..cx(&two)
        };
        let why = why_not(&o, &on).unwrap();
        assert!(
            why.contains("add a benchmark case that runs the code at lib.js:12:3"),
            "{why}"
        );
        o.status = Status::Suggested;
        assert_eq!(why_not(&o, &cx(&benches)), None);
    }
}

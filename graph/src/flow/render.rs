//! A [`Report`] as text (one section per verdict), JSON (producers, verdict lists of producer
//! indices, flow graphs of listed sites), DOT (flow graphs of the top producers, through
//! [`report::emit::dot`]) and its verdicts as [`Finding`]s (SARIF through
//! [`report::emit::sarif`]).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use report::emit::dot::{label, Digraph};
use report::emit::sarif::{self, Base};
use report::{Finding, Level, Rule};

use super::clients::{CarriedEdge, Producer, Report};
use super::estimate::{Estimate, Interval};
use super::flow_model::FlowGraph;

/// A report section: title, producer indices, extra text per row.
type Section<'a> = (&'a str, &'a Vec<usize>, &'a dyn Fn(&Producer) -> String);

/// `n` with thousands separators (`29,650`).
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn row(p: &Producer) -> String {
    let ctx = match &p.called_from {
        Some(at) => format!(" [{at}]"),
        None if p.context > 0 => format!(" [ctx {}]", p.context),
        None => String::new(),
    };
    let bytes = if p.counts.bytes > 0 {
        format!(
            " ≈{} B ({:.1}%)",
            thousands(p.counts.bytes),
            100.0 * p.share
        )
    } else {
        String::new()
    };
    format!(
        "{:>10}{bytes}  {}  at {} in {}{}  (call/return nodes {}, heap nodes {})",
        thousands(p.counts.objects),
        p.ty,
        p.location,
        p.method,
        ctx,
        p.call_return_nodes,
        p.heap_nodes
    )
}

/// A producer's evidence, each on a line of its own: the allocation stacks and tests that
/// allocate most of its objects, where they are read back from the heap.
fn evidence_lines(p: &Producer) -> String {
    let mut out = String::new();
    let total = p.counts.objects.max(1);
    for (stack, n) in &p.stacks {
        let frames = if stack.is_empty() {
            "(no caller)".to_string()
        } else {
            stack.replace(';', " < ")
        };
        let _ = write!(
            out,
            "\n{:>12}allocated from {frames} (≈{:.0}%)",
            "",
            (100.0 * *n as f64 / total as f64).min(100.0)
        );
    }
    if !p.read_at.is_empty() {
        let places: Vec<String> = p
            .read_at
            .iter()
            .map(|(at, n)| format!("{at} ({})", thousands(*n)))
            .collect();
        let _ = write!(out, "\n{:>12}read back at {}", "", places.join("; "));
    }
    if p.tests.is_empty() {
        return out;
    }
    let top: Vec<String> = p
        .tests
        .iter()
        .take(3)
        .map(|(t, n)| format!("{t} ({n})"))
        .collect();
    out + &format!("\n{:>12}most allocated by: {}", "", top.join("; "))
}

fn heap_traffic(p: &Producer) -> String {
    format!(
        "  writes {} reads {}",
        figure(p, p.counts.heap_writes, |e| e.heap_writes),
        figure(p, p.counts.heap_reads, |e| e.heap_reads)
    )
}

/// A count as text: `29,650`, or from a sample `≈29,650 ± 410` (95 % interval).
fn figure(p: &Producer, exact: u64, of: fn(&Estimate) -> Interval) -> String {
    match p.estimate.map(|e| of(&e)) {
        Some(i) if i.lo != i.hi => {
            format!("≈{} ± {}", thousands(i.value), thousands(i.half_width()))
        }
        _ => thousands(exact),
    }
}

/// For a sampled producer none of whose followed objects profiled code used: how many of all
/// its objects may still have been used (the upper bound of the 95 % interval).
fn unused_bound(p: &Producer) -> String {
    match p.estimate {
        Some(e) if e.used_objects.hi > 0 => format!(
            "  (sampled: profiled code used none of {} followed; at most {} used, 95%)",
            thousands(e.followed),
            thousands(e.used_objects.hi)
        ),
        _ => String::new(),
    }
}

/// Objects never written to the heap, exact or estimated.
fn nath(p: &Producer) -> String {
    let n = p.counts.objects;
    match p.estimate {
        Some(e) if e.heap_objects.lo != e.heap_objects.hi => format!(
            "≈{} ± {}",
            thousands(n.saturating_sub(e.heap_objects.value)),
            thousands(e.heap_objects.half_width())
        ),
        _ => thousands(n.saturating_sub(p.counts.heap_objects)),
    }
}

/// The first lines of a sampled run's report: the plan and how much it saw.
fn sampling_lines(r: &Report) -> String {
    let Some(s) = &r.sampling else {
        return String::new();
    };
    let property = s
        .property
        .as_ref()
        .map(|p| format!(", property {p}"))
        .unwrap_or_default();
    format!(
        "sampled (rate {}, seed {}{property}): {} of {} objects followed; path probes on in {} of {} \
         windows of {} ms; {:.1}% of the producers' slices observed. Objects and bytes are counted \
         exactly; figures marked ≈ are estimates with 95% intervals; a producer needs {} followed \
         objects for a verdict, and as many seen on paths for one that rests on its flow.\n",
        s.rate,
        s.seed,
        thousands(s.followed),
        thousands(r.objects),
        s.windows_on,
        s.windows,
        s.period_ms,
        100.0 * s.coverage,
        super::estimate::MIN_FOLLOWED
    )
}

/// The report as text; `tool` names the command in the first line (`jvm-flow`, `js-flow`).
pub fn report_text(r: &Report, tool: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "decisionprof {tool}: {} objects{} at {} producers, {} accesses on decoded paths, {} distinct paths{}",
        r.objects,
        if r.bytes > 0 {
            format!(" (≈{} B)", thousands(r.bytes))
        } else {
            String::new()
        },
        r.producers.len(),
        r.accesses,
        r.distinct_paths,
        if r.undecoded > 0 {
            format!(" ({} objects on undecodable paths)", r.undecoded)
        } else {
            String::new()
        }
    );
    out.push_str(&sampling_lines(r));
    let all: Vec<usize> = (0..r.producers.len())
        .filter(|&i| r.producers[i].share >= r.options.min_share)
        .collect();
    let sections: [Section<'_>; 13] = [
        (
            "Reuse candidates: objects never escape to the heap",
            &r.reuse_no_escape,
            &|_| String::new(),
        ),
        (
            "Reuse candidates: producer-only paths",
            &r.reuse_producer_only,
            &|p| format!("  producer-only objects {}", p.producer_only),
        ),
        (
            "NATH sites (no object assigned to the heap)",
            &r.nath,
            &|_| String::new(),
        ),
        ("Mostly-NATH sites", &r.mostly_nath, &|p| {
            let nath = p.counts.objects.saturating_sub(p.counts.heap_objects);
            format!(
                "  NATH {}{:.1}%",
                if p.estimate.is_some() { "≈" } else { "" },
                100.0 * nath as f64 / p.counts.objects.max(1) as f64
            )
        }),
        ("Never-used sites", &r.never_used, &unused_bound),
        (
            "Use unknown (objects went where profiling does not see)",
            &r.unknown_use,
            &|p| {
                let mut why = Vec::new();
                if !p.passed_to.is_empty() {
                    why.push(format!("passed to {}", p.passed_to.join(", ")));
                }
                if p.counts.heap_reads > 0 {
                    why.push(format!(
                        "read back from the heap {} times",
                        p.counts.heap_reads
                    ));
                }
                if p.thrown > 0 {
                    why.push(format!("{} thrown", p.thrown));
                }
                format!("  {}{}", why.join("; "), unused_bound(p))
            },
        ),
        (
            "Used only inside library code (by its summary)",
            &r.library_use,
            &|p| {
                format!(
                    "  {} objects used by {}{}",
                    p.library_used,
                    p.used_by.join(", "),
                    unused_bound(p)
                )
            },
        ),
        ("Rarely-used sites", &r.rarely_used, &|p| {
            if p.library_used > 0 {
                format!(
                    "  used {} (+{} by {})",
                    figure(p, p.counts.used_objects, |e| e.used_objects),
                    p.library_used,
                    p.used_by.join(", ")
                )
            } else {
                format!(
                    "  used {}",
                    figure(p, p.counts.used_objects, |e| e.used_objects)
                )
            }
        }),
        ("Write-read imbalance (t=2)", &r.wri_2, &heap_traffic),
        ("Write-read imbalance (t=inf)", &r.wri_inf, &heap_traffic),
        (
            "Cost-benefit (heap writes over reads, most imbalanced first)",
            &r.cost_benefit,
            &|p| {
                let c = &p.counts;
                format!(
                    "  cost {} benefit {} ratio {}",
                    figure(p, c.heap_writes, |e| e.heap_writes),
                    figure(p, c.heap_reads, |e| e.heap_reads),
                    if c.heap_reads == 0 {
                        "inf".to_string()
                    } else {
                        format!("{:.1}", c.heap_writes as f64 / c.heap_reads as f64)
                    }
                )
            },
        ),
        (
            "Not observed (too few objects followed, or seen on paths, for every verdict)",
            &r.not_observed,
            &|p| match p.estimate {
                Some(e) => match e.on_paths {
                    Some(n) => format!("  followed {}, on paths {n}", e.followed),
                    None => format!("  followed {}", e.followed),
                },
                None => String::new(),
            },
        ),
        ("All producers", &all, &|p| {
            format!(
                "  NATH {} used {} writes {} reads {}",
                nath(p),
                figure(p, p.counts.used_objects, |e| e.used_objects),
                figure(p, p.counts.heap_writes, |e| e.heap_writes),
                figure(p, p.counts.heap_reads, |e| e.heap_reads)
            )
        }),
    ];
    let shown = r.options.top.unwrap_or(20);
    for (title, list, extra) in sections {
        if r.sampling.is_none() && std::ptr::eq(list, &r.not_observed) {
            continue; // a full run observes every producer
        }
        let _ = writeln!(out, "\n{title}: {}", list.len());
        for &i in list.iter().take(shown) {
            let p = &r.producers[i];
            let _ = writeln!(out, "{}{}{}", row(p), extra(p), evidence_lines(p));
        }
        if list.len() > shown {
            let _ = writeln!(out, "  … {} more", list.len() - shown);
        }
    }
    out
}

/// The report as JSON (producers, lists of producer indices, object-flow graphs of listed sites).
pub fn report_json(r: &Report) -> serde_json::Value {
    let listed: BTreeSet<u32> = r
        .reuse_no_escape
        .iter()
        .chain(&r.reuse_producer_only)
        .chain(&r.mostly_nath)
        .chain(&r.never_used)
        .map(|&i| r.producers[i].site)
        .chain(r.producers.iter().take(10).map(|p| p.site))
        .collect();
    let graphs: BTreeMap<String, &FlowGraph> = r
        .graphs
        .iter()
        .filter(|(s, _)| listed.contains(s))
        .map(|(s, g)| (s.to_string(), g))
        .collect();
    let carried: BTreeMap<String, &Vec<CarriedEdge>> = r
        .carried
        .iter()
        .filter(|(s, _)| listed.contains(s))
        .map(|(s, c)| (s.to_string(), c))
        .collect();
    let mut v = serde_json::to_value(r).unwrap_or(serde_json::Value::Null);
    if let Some(o) = v.as_object_mut() {
        o.insert(
            "graphs".into(),
            serde_json::to_value(graphs).unwrap_or(serde_json::Value::Null),
        );
        o.insert(
            "carried".into(),
            serde_json::to_value(carried).unwrap_or(serde_json::Value::Null),
        );
    }
    v
}

/// DOT graphs of the object-flow graphs of the top `top` producers with a decoded flow.
pub fn report_dot(r: &Report, top: usize) -> String {
    let mut out = String::new();
    let mut done = BTreeSet::new();
    for p in &r.producers {
        if done.len() >= top {
            break;
        }
        let Some(g) = r.graphs.get(&p.site) else {
            continue;
        };
        if !done.insert(p.site) {
            continue;
        }
        let exit = r.exits.get(&p.site).copied();
        let mut dot = Digraph::new(format!("site{}", p.site));
        dot.statement(label(format!(
            "{} at {} ({} objects)",
            p.ty.replace('"', "'"),
            p.location,
            p.counts.objects
        )));
        for n in g.nodes.values() {
            let name = if Some(n.node) == exit {
                "exit".to_string()
            } else if n.node == 0 {
                "start".to_string()
            } else {
                match n.line {
                    Some(l) => format!("L{l}@{}", n.node),
                    None => format!("@{}", n.node),
                }
            };
            let kinds: Vec<String> = n.kinds.iter().map(|k| format!("{k:?}")).collect();
            let text = format!("{name}\\n{}\\n{}", kinds.join(","), n.objects);
            dot.node(format!("n{}", n.node), &label(text));
        }
        for ((a, b), c) in &g.edges {
            dot.edge(format!("n{a}"), format!("n{b}"), &label(c));
        }
        out.push_str(&dot.finish());
    }
    out
}

/// DOT graphs of the object-flow graphs of the producers at `at` (`file:line` or
/// `file:line:col`); `None` when no producer is there.
pub fn report_dot_at(mut report: Report, at: &str) -> Option<String> {
    let matches = |loc: &str| loc == at || loc.starts_with(&format!("{at}:"));
    report.producers.retain(|p| matches(&p.location));
    let n = report.producers.len();
    (n > 0).then(|| report_dot(&report, n))
}

/// The rules of the verdicts reported as findings, each with its level.
const VERDICT_RULES: [(Rule, Level); 5] = [
    (
        Rule {
            id: "never-used",
            short: "Allocation site whose objects are never used",
            full: "No object allocated here had a field read or written, a method called on it or an element accessed: the allocation is likely unnecessary.",
        },
        Level::Warning,
    ),
    (
        Rule {
            id: "rarely-used",
            short: "Allocation site whose objects are rarely used",
            full: "Few of the objects allocated here were ever used: allocate lazily, where they are needed.",
        },
        Level::Note,
    ),
    (
        Rule {
            id: "reuse-no-escape",
            short: "Objects that never escape: a reuse candidate",
            full: "Many objects are allocated here and none escapes to the heap: one object could be reused across iterations.",
        },
        Level::Note,
    ),
    (
        Rule {
            id: "reuse-producer-only",
            short: "Objects only used to produce other objects",
            full: "The objects allocated here only feed the construction of other objects: the intermediate object may be avoidable.",
        },
        Level::Note,
    ),
    (
        Rule {
            id: "write-read-imbalance",
            short: "Objects written to the heap and never read back",
            full: "The objects allocated here are stored into fields, arrays or collections but never read back from there.",
        },
        Level::Note,
    ),
];

/// The report's verdicts as findings: one per producer and verdict, located at the allocation
/// site's source file and line where known (else its class, line 1).
pub fn report_findings(r: &Report) -> Vec<Finding> {
    let lists = [
        &r.never_used,
        &r.rarely_used,
        &r.reuse_no_escape,
        &r.reuse_producer_only,
        &r.wri_inf,
    ];
    let mut out = Vec::new();
    for ((rule, level), list) in VERDICT_RULES.iter().zip(lists) {
        for &i in list.iter() {
            let p = &r.producers[i];
            let (file, line) = match (&p.file, p.line) {
                (Some(f), Some(l)) => (f.clone(), l),
                // no line table: the class, as a best-effort artifact
                _ => (
                    p.method.split('(').next().unwrap_or(&p.method).to_string(),
                    1,
                ),
            };
            let message = format!(
                "{}: {} objects of {}{} allocated in {}{}",
                rule.short,
                p.counts.objects,
                p.ty,
                if p.counts.bytes > 0 {
                    format!(
                        " (≈{} bytes, {:.1}% of all)",
                        p.counts.bytes,
                        100.0 * p.share
                    )
                } else {
                    String::new()
                },
                p.method,
                match p.estimate {
                    Some(e) if !e.complete =>
                        format!(" (judged on a sample of {} objects followed)", e.followed),
                    _ => String::new(),
                }
            );
            let mut f = Finding::at_line(rule.id, *level, &file, line, message);
            if let serde_json::Value::Object(props) = serde_json::json!({
                "site": p.site,
                "context": p.context,
                "type": p.ty,
                "counts": p.counts,
                "escaping": p.escaping,
            }) {
                f.properties = props;
            }
            out.push(f);
        }
    }
    out
}

/// The report's verdicts as a SARIF log ([`report_findings`]), relative to `SRCROOT`.
pub fn report_sarif(r: &Report) -> serde_json::Value {
    let rules: Vec<Rule> = VERDICT_RULES.iter().map(|(r, _)| r.clone()).collect();
    let base = Base {
        id: "SRCROOT",
        uri: None,
    };
    let log = sarif::log(&report_findings(r), &rules, &base, |_| String::new());
    serde_json::to_value(log).unwrap_or(serde_json::Value::Null)
}

#[cfg(test)]
mod tests {
    use super::thousands;

    #[test]
    fn thousands_are_separated() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(29_650), "29,650");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }
}

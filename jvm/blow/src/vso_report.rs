//! The oracle's verdict and the VSO timeline text: the maximal VSO over all GCs (the paper's
//! severity figure) against the `--max-vso` bound.

use super::trace::SiteReport;
use super::vso::GcPoint;
use std::fmt::Write as _;

/// Timelines longer than this are thinned to about this many lines (the maximum always shown).
const TIMELINE_LINES: usize = 40;

/// Maximal VSO of a run (1.0 when there was no GC).
pub fn max_vso(points: &[GcPoint]) -> f64 {
    points.iter().map(|p| p.vso).fold(1.0, f64::max)
}

/// Whether the run fails the bound (its maximal VSO exceeds `bound`).
pub fn exceeds(points: &[GcPoint], bound: f64) -> bool {
    max_vso(points) > bound
}

/// One line per GC: ordinal, live KiB, penalty KiB, VSO, and a bar of the penalty share.
pub fn timeline_text(spec_name: &str, points: &[GcPoint]) -> String {
    let mut out = format!(
        "VSO timeline ({spec_name}): {} GCs, max VSO {:.2}\n",
        points.len(),
        max_vso(points)
    );
    let top = max_vso(points);
    let step = points.len().div_ceil(TIMELINE_LINES).max(1);
    let peak = points.iter().position(|p| p.vso == top);
    if step > 1 {
        let _ = writeln!(out, "  (one GC in {step}, the last and the maximum)");
    }
    for (i, p) in points.iter().enumerate() {
        if step > 1 && (i + 1) % step != 0 && i + 1 != points.len() && Some(i) != peak {
            continue;
        }
        // Bar: the penalty share, 40 columns at the maximal VSO (none while nothing is penalized).
        let bar = if top > 1.0 {
            ((p.vso - 1.0) / (top - 1.0) * 40.0).round() as usize
        } else {
            0
        };
        let _ = writeln!(
            out,
            "  gc {:>4}  live {:>9} KiB  penalty {:>9} KiB  VSO {:>7.2} {}",
            p.gc,
            p.live_bytes / 1024,
            p.penalty_bytes / 1024,
            p.vso,
            "#".repeat(bar)
        );
    }
    out
}

/// Bytes as the report shows them (`812 B`, `4.0 KiB`, `23.4 MiB`).
pub fn human_bytes(b: u64) -> String {
    match b {
        0..=1023 => format!("{b} B"),
        1024..=1_048_575 => format!("{:.1} KiB", b as f64 / 1024.0),
        _ => format!("{:.1} MiB", b as f64 / 1_048_576.0),
    }
}

/// The most penalized allocation sites, one paragraph each with the reference path.
pub fn sites_text(sites: &[SiteReport]) -> String {
    if sites.is_empty() {
        return "no tracked object was penalized\n".into();
    }
    let mut out = String::from("most penalized allocation sites:\n");
    for (k, s) in sites.iter().enumerate() {
        let _ = writeln!(
            out,
            "  {}. {}  penalty {} over {} object{}",
            k + 1,
            s.site,
            human_bytes(s.penalty),
            s.objects,
            if s.objects == 1 { "" } else { "s" }
        );
        let path = s.path.as_deref().unwrap_or(
            "(no path from a static field at exit: held by a thread's locals, or collected)",
        );
        let _ = writeln!(out, "     kept alive by: {path}");
    }
    out
}

/// The oracle's report as JSON: spec, bound, verdict, timeline and sites.
pub fn report_json(
    spec_name: &str,
    bound: f64,
    points: &[GcPoint],
    sites: &[SiteReport],
) -> serde_json::Value {
    serde_json::json!({
        "spec": spec_name,
        "max_vso_bound": bound,
        "max_vso": max_vso(points),
        "exceeded": exceeds(points, bound),
        "timeline": points.iter().map(|p| serde_json::json!({
            "gc": p.gc,
            "live_bytes": p.live_bytes,
            "penalty_bytes": p.penalty_bytes,
            "vso": p.vso,
        })).collect::<Vec<_>>(),
        "sites": sites.iter().map(|s| serde_json::json!({
            "site": s.site,
            "penalty_bytes": s.penalty,
            "objects": s.objects,
            "path": s.path,
        })).collect::<Vec<_>>(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(gc: u64, vso: f64) -> GcPoint {
        GcPoint {
            gc,
            live_bytes: 4096,
            penalty_bytes: ((vso - 1.0) * 4096.0) as u64,
            vso,
        }
    }

    #[test]
    fn verdict_uses_the_maximal_vso_over_all_gcs() {
        let points = [point(1, 1.2), point(2, 3.5), point(3, 1.1)];
        assert_eq!(max_vso(&points), 3.5);
        assert!(exceeds(&points, 2.0));
        assert!(!exceeds(&points, 3.5));
        assert!(!exceeds(&[], 1.0));
    }

    #[test]
    fn timeline_has_one_line_per_gc_with_its_figures() {
        let text = timeline_text("leak", &[point(1, 1.0), point(2, 2.0), point(3, 1.5)]);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4);
        assert!(
            lines[3].ends_with(&format!(" {}", "#".repeat(20))),
            "{text}"
        );
        assert!(lines[0].contains("max VSO 2.00"), "{text}");
        assert!(
            lines[2].contains("penalty         4 KiB") && lines[2].ends_with(&"#".repeat(40)),
            "{text}"
        );
        assert!(lines[1].ends_with("VSO    1.00 "), "{text}");
    }

    #[test]
    fn long_timelines_are_thinned_but_keep_the_maximum_and_the_last() {
        let points: Vec<GcPoint> = (1..=200)
            .map(|g| point(g, if g == 77 { 9.0 } else { 1.0 + g as f64 / 100.0 }))
            .collect();
        let text = timeline_text("leak", &points);
        let lines = text.lines().count();
        assert!(lines <= TIMELINE_LINES + 5, "{lines} lines:\n{text}");
        assert!(text.contains("gc   77 "), "{text}");
        assert!(text.contains("gc  200 "), "{text}");
        assert!(!text.contains("gc    3 "), "{text}");
    }

    #[test]
    fn sites_name_their_path_or_say_why_there_is_none() {
        let sites = [
            SiteReport {
                site: "A.java:3 new java.util.ArrayList".into(),
                penalty: 3 << 20,
                objects: 2,
                path: Some("A.LIST".into()),
            },
            SiteReport {
                site: "B.java:9 new long[]".into(),
                penalty: 100,
                objects: 1,
                path: None,
            },
        ];
        let text = sites_text(&sites);
        assert!(
            text.contains("1. A.java:3 new java.util.ArrayList  penalty 3.0 MiB over 2 objects"),
            "{text}"
        );
        assert!(text.contains("kept alive by: A.LIST"), "{text}");
        assert!(
            text.contains("2. B.java:9 new long[]  penalty 100 B over 1 object\n"),
            "{text}"
        );
        assert!(text.contains("no path from a static field"), "{text}");
        assert_eq!(sites_text(&[]), "no tracked object was penalized\n");
    }
}

//! The oracle's verdict and the VSO timeline text: the maximal VSO over all GCs (the paper's
//! severity figure) against the `--max-vso` bound.

use super::vso::GcPoint;
use std::fmt::Write as _;

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
    for p in points {
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
}

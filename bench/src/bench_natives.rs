//! `decisionprof bench natives`: runs the native-cost calibration under node again and prints its
//! weights beside the stored ones (the cost of one call of size 1024, and the ratio).

use std::process::{Command, ExitCode};

use anyhow::Context as _;
use jsproject::cost_table::{parse_table, table, CALIBRATE_JS};

use crate::cli::BenchNativesArgs;

/// Measures, compares with the stored table, and optionally writes the new table.
pub fn run(args: BenchNativesArgs) -> anyhow::Result<ExitCode> {
    let tmp = tempfile::tempdir().context("creating a temporary directory")?;
    let script = tmp.path().join("native_costs.js");
    std::fs::write(&script, CALIBRATE_JS)
        .with_context(|| format!("writing {}", script.display()))?;
    let out = Command::new("node")
        .arg(&script)
        .output()
        .context("running node (install Node.js 18 or newer)")?;
    if !out.status.success() {
        anyhow::bail!(
            "the calibration failed under node: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let json = String::from_utf8_lossy(&out.stdout).into_owned();
    let measured = parse_table(&json).context("reading the calibration's output")?;
    let stored = table();
    println!(
        "ns per branch point: stored {:.3}, measured {:.3}",
        stored.ns_per_branch_point, measured.ns_per_branch_point
    );
    println!(
        "{:<32} {:>14} {:>14} {:>7}",
        "built-in", "stored units", "measured units", "ratio"
    );
    for (name, m) in &measured.costs {
        let Some(s) = stored.costs.get(name) else {
            println!(
                "{name:<32} {:>14} {:>14.1} {:>7}",
                "-",
                m.units(1024.0),
                "new"
            );
            continue;
        };
        let (a, b) = (s.units(1024.0), m.units(1024.0));
        let ratio = if a > 0.0 { b / a } else { f64::NAN };
        println!("{name:<32} {a:>14.1} {b:>14.1} {ratio:>7.2}");
    }
    if let Some(path) = &args.write {
        std::fs::write(path, &json).with_context(|| format!("writing {}", path.display()))?;
        println!("written to {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}

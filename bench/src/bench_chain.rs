//! `decisionprof bench chain`: load time of one decision against its number of leaves (a long
//! `||` chain, loaded and called once), to show it stays linear.

use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context as _;

use crate::cli::BenchChainArgs;

/// A project whose `lib.js` holds one `||` chain of `leaves` comparisons, called `calls` times.
fn chain_project(dir: &std::path::Path, leaves: usize, calls: usize) -> anyhow::Result<()> {
    let chain: Vec<String> = (0..leaves).map(|i| format!("x === {i}")).collect();
    let lib = format!(
        "module.exports = function (x) {{ return {}; }};\n",
        chain.join(" || ")
    );
    let prog = format!(
        "const f = require('./lib'); let n = 0; for (let i = 0; i < {calls}; i++) if (f(i)) n++; console.log(n);\n"
    );
    let files = [
        ("lib.js", lib),
        ("prog.js", prog),
        (
            "package.json",
            r#"{ "private": true, "decisionprof": { "workload": ["prog.js"] } }"#.to_string(),
        ),
    ];
    for (name, text) in files {
        let path = dir.join(name);
        std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(())
}

/// Seconds to profile the chain project in `dir`.
fn profile_seconds(dir: &std::path::Path) -> anyhow::Result<f64> {
    let start = Instant::now();
    let out = engines::run(
        engines::Engine::Boa,
        &jsproject::workload::Workload::of(dir)?,
        &jsproject::ProfileOptions::default(),
    )?;
    std::hint::black_box(out);
    Ok(start.elapsed().as_secs_f64())
}

/// Prints load (and one-call) time per chain length and the ratio to the shortest chain.
pub fn run(args: BenchChainArgs) -> anyhow::Result<ExitCode> {
    let tmp = tempfile::tempdir().context("creating a temporary directory")?;
    println!("leaves  load s  load+1 call s  load ratio  leaves ratio");
    let mut first: Option<(usize, f64)> = None;
    for &leaves in &args.leaves {
        let dir = tmp.path().join(format!("chain{leaves}"));
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        chain_project(&dir, leaves, 0)?;
        let load = profile_seconds(&dir)?;
        chain_project(&dir, leaves, 1)?;
        let called = profile_seconds(&dir)?;
        let (l0, t0) = *first.get_or_insert((leaves, load));
        println!(
            "{leaves:>6}  {load:>6.2}  {called:>13.2}  {:>10.1}  {:>12.1}",
            load / t0,
            leaves as f64 / l0 as f64
        );
    }
    Ok(ExitCode::SUCCESS)
}

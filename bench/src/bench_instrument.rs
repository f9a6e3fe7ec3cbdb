//! `decisionprof-bench instrument`: the instrumenter's throughput, measured in the run.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::Context as _;
use instrument::InstrumentOptions;

use crate::cli::BenchInstrumentArgs;

/// The largest `.js` file under `dir` (including `node_modules`).
fn largest_js(dir: &Path) -> anyhow::Result<Option<PathBuf>> {
    let mut best: Option<(u64, PathBuf)> = None;
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries =
            std::fs::read_dir(&d).with_context(|| format!("reading directory {}", d.display()))?;
        for entry in entries {
            let entry = entry.with_context(|| format!("reading directory {}", d.display()))?;
            let path = entry.path();
            let ty = entry
                .file_type()
                .with_context(|| format!("reading {}", path.display()))?;
            if ty.is_dir() {
                stack.push(path);
            } else if ty.is_file() && path.extension().is_some_and(|e| e == "js") {
                let len = entry
                    .metadata()
                    .with_context(|| format!("reading {}", path.display()))?
                    .len();
                if best.as_ref().is_none_or(|(l, _)| len > *l) {
                    best = Some((len, path));
                }
            }
        }
    }
    Ok(best.map(|(_, p)| p))
}

/// Parse + instrument + print throughput, in MB/s, for each file and overall.
pub fn run(args: BenchInstrumentArgs) -> anyhow::Result<ExitCode> {
    let files = if args.files.is_empty() {
        let dir = Path::new("corpus/robustness/node_modules");
        if !dir.is_dir() {
            anyhow::bail!(
                "{} is missing: run scripts/setup.sh (from the repository root) or name files",
                dir.display()
            );
        }
        vec![largest_js(dir)?.context("no .js file under corpus/robustness/node_modules")?]
    } else {
        args.files
    };
    let mut total_bytes = 0u64;
    let mut total_time = Duration::ZERO;
    for file in &files {
        let source =
            std::fs::read_to_string(file).with_context(|| format!("reading {}", file.display()))?;
        let name = file.to_string_lossy().replace('\\', "/");
        // One warm-up run, then as many as fit in the time budget (at least three).
        instrument::instrument_source(&source, &name, &InstrumentOptions::default())?;
        let mut runs = 0u32;
        let start = Instant::now();
        while runs < 3 || start.elapsed() < Duration::from_millis(args.millis) {
            let out = instrument::instrument_source(&source, &name, &InstrumentOptions::default())?;
            std::hint::black_box(out);
            runs += 1;
        }
        let elapsed = start.elapsed();
        let bytes = source.len() as u64 * runs as u64;
        println!(
            "{}: {} bytes, {} runs, {:.2} ms/run, {:.1} MB/s",
            file.display(),
            source.len(),
            runs,
            elapsed.as_secs_f64() * 1000.0 / runs as f64,
            bytes as f64 / 1e6 / elapsed.as_secs_f64()
        );
        total_bytes += bytes;
        total_time += elapsed;
    }
    if files.len() > 1 {
        println!(
            "total: {:.1} MB/s",
            total_bytes as f64 / 1e6 / total_time.as_secs_f64()
        );
    }
    Ok(ExitCode::SUCCESS)
}

//! `decisionprof-bench`: decisionprof's JVM benchmarks, figures measured in the run (not tests):
//! `jvm` (static analysis of jars), `jvm-run` (jvm-flow's profiling overhead), `jvm-sample`
//! (sampled against full jvm-flow), `jvm-rp` (the reference-propagation paper's tables) and
//! `jvm-blow` (jvm-blow's overhead). `cargo run --release -p bench -- jvm-run --runs 3`.

use std::process::ExitCode;

use clap::Parser;

mod bench_jvm;
mod bench_jvm_blow;
mod bench_jvm_rp;
mod bench_jvm_run;
mod bench_jvm_sample;
mod cli;

use cli::BenchCommand;

/// The allocator of the decisionprof binary: the analyses measured here run as they do there.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    // `decisionprof-bench … | head` ends quietly when head has read enough
    // SAFETY: restoring the default action of a signal, before any other thread runs
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = cli::Cli::parse();
    let res = match cli.what {
        BenchCommand::Jvm(a) => bench_jvm::run(a),
        BenchCommand::JvmRun(a) => bench_jvm_run::run(a),
        BenchCommand::JvmSample(a) => bench_jvm_sample::run(a),
        BenchCommand::JvmRp => bench_jvm_rp::run(),
        BenchCommand::JvmBlow(a) => bench_jvm_blow::run(a),
        BenchCommand::JvmFlow(a) => bench_jvm_run::jvm_flow(a),
    };
    match res {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}

//! `decisionprof-bench`: decisionprof's benchmarks, figures measured side by side in the run (not
//! tests). JavaScript: `instrument` (the instrumenter's throughput), `profile` (profiling
//! overhead in Boa or under node), `js-flow`, `gate` (the sequential against the fixed gate),
//! `chain` (load time against chain length), `natives` (the native-cost calibration). Java: `jvm`
//! (static analysis of jars), `jvm-run` (jvm-flow's profiling overhead), `jvm-sample` (sampled
//! against full jvm-flow), `jvm-rp` (the reference-propagation paper's tables) and `jvm-blow`
//! (jvm-blow's overhead). `cargo run --release -p bench -- profile`.

use std::process::ExitCode;

use clap::Parser;

mod bench_chain;
mod bench_gate;
mod bench_instrument;
mod bench_js_flow;
mod bench_jvm;
mod bench_jvm_blow;
mod bench_jvm_rp;
mod bench_jvm_run;
mod bench_jvm_sample;
mod bench_natives;
mod bench_profile;
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
        BenchCommand::Instrument(a) => bench_instrument::run(a),
        BenchCommand::Profile(a) => bench_profile::run(a),
        BenchCommand::JsFlow(a) => bench_js_flow::run(a),
        BenchCommand::Gate(a) => bench_gate::run(a),
        BenchCommand::Chain(a) => bench_chain::run(a),
        BenchCommand::Natives(a) => bench_natives::run(a),
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

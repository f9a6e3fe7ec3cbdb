//! `decisionprof`: a profiler that hands the developer a patch.

use std::process::ExitCode;

use clap::Parser;

mod cli;
mod cmd;

/// mimalloc: the analyses make millions of small sets and vectors, and glibc's allocator took
/// about half of `jvm-flow`'s own CPU time.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Exits quietly (status 141, as a shell reports SIGPIPE) when stdout is closed early, as in
/// `decisionprof workload . | head`, instead of reporting `println!`'s failure as a panic; leaves
/// a panic of the Boa thread to the engine, which reports it as the run's error.
fn quiet_on_closed_stdout() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let msg = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        if msg.starts_with("failed printing to stdout") && msg.contains("Broken pipe") {
            std::process::exit(141);
        }
        // the engine catches a panic inside Boa and reports it as the run's error
        if std::thread::current().name() == Some("decisionprof-boa") {
            return;
        }
        default(info);
    }));
}

fn main() -> ExitCode {
    quiet_on_closed_stdout();
    let cli = cli::Cli::parse();
    match cmd::run(cli.command) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(2)
        }
    }
}

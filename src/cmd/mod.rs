//! One module per subcommand; each turns parsed arguments into work and an exit code.

use std::process::ExitCode;

use anyhow::Context as _;

use crate::cli::Command;

mod decisions;
mod eval;
mod instrument;
mod js_flow;
mod jvm_blow;
mod jvm_flow;

mod profile;
mod suggest;
mod workload;

/// Runs one subcommand.
pub fn run(command: Command) -> anyhow::Result<ExitCode> {
    jsproject::set_progress_lines(true);
    match command {
        Command::Decisions(args) => decisions::run(args),
        Command::Instrument(args) => instrument::run(args),
        Command::Profile(args) => profile::run(args),
        Command::JvmFlow(args) => jvm_flow::run(args),
        Command::JsFlow(args) => js_flow::run(args),
        Command::JvmBlow(args) => jvm_blow::run(args),
        Command::Suggest(args) => suggest::run(args),
        Command::Eval(args) => eval::run(args),
        Command::Workload(args) => workload::run(args),
    }
}

/// The program `jvm-flow` or `jvm-blow` runs: the jar, its main class, classpath and arguments,
/// the JVM's options; its output passes through.
pub fn java_program(
    jar: &std::path::Path,
    main: &Option<String>,
    classpath: &Option<String>,
    args: &[String],
    jvm_args: &[String],
) -> jvm_bytecode::jdk::RunSpec {
    jvm_bytecode::jdk::RunSpec::passing_through(
        jar.to_path_buf(),
        main.clone(),
        classpath.clone(),
        args.to_vec(),
        jvm_args.to_vec(),
    )
}

/// Writes to stdout; a closed pipe (`| head`) ends the output quietly.
pub fn emit(text: &str) -> anyhow::Result<()> {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e).context("writing to stdout"),
        _ => Ok(()),
    }
}

//! `decisionprof jvm-blow <JAR> --spec S [-- ARGS]`: run the program with PerfBlower-style
//! amplification and judge it against `--max-vso` (exit 0 within, 1 above, 2 bad input or no
//! verdict; [`jvm_blow::oracle`]). The program's stdout and stderr pass through unchanged; the
//! report goes to stderr after them.

use std::process::ExitCode;

use jvm_blow::amplified_run::BlowOptions;
use jvm_blow::oracle::{judge_jar, OracleOptions, ReportFormat, Verdict};

use crate::cli::{BlowFormat, JvmBlowArgs};
use crate::cmd::java_program;

/// Runs `jvm-blow`.
pub fn run(args: JvmBlowArgs) -> anyhow::Result<ExitCode> {
    let opts = OracleOptions {
        run: java_program(
            &args.jar,
            &args.main,
            &args.classpath,
            &args.args,
            &args.jvm_args,
        ),
        spec: args.spec.clone(),
        max_vso: args.max_vso,
        blow: BlowOptions {
            gc_every: args.gc_every,
            top: args.top,
        },
        format: match args.format {
            BlowFormat::Text => ReportFormat::Text,
            BlowFormat::Json => ReportFormat::Json,
        },
    };
    let judged = judge_jar(&opts)?;
    for w in &judged.warnings {
        eprintln!("decisionprof: warning: {w}");
    }
    if let Verdict::NoVerdict { status } = judged.verdict {
        eprintln!("decisionprof: the program exited with status {status}: no verdict");
        return Ok(ExitCode::from(2));
    }
    for n in &judged.notes {
        eprintln!("decisionprof: {n}");
    }
    eprint!("{}", judged.report);
    Ok(ExitCode::from(u8::from(judged.verdict == Verdict::Fail)))
}

//! `jvm-blow` on a jar, end to end: the spec loaded, the program run amplified
//! ([`super::amplified_run`]) in a temporary directory, and the oracle's verdict — the maximal
//! VSO against the bound — with its report ([`super::vso_report`]) as text or JSON. The command line
//! only turns its arguments into [`OracleOptions`], calls [`judge_jar`], prints and maps the
//! [`Verdict`] to its exit code.

use jvm_bytecode::jdk::RunSpec;

use super::amplified_run::{run_blown, BlowError, BlowOptions};
use super::builtin::{load_spec, LoadError};
use super::vso_report::{exceeds, max_vso, report_json, sites_text, timeline_text};

/// The report's formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportFormat {
    /// Timeline, verdict and sites for a reader.
    Text,
    /// The same as one JSON object.
    Json,
}

/// What to amplify, under which spec, against which bound.
#[derive(Debug, Clone)]
pub struct OracleOptions {
    /// The program: the jar (a copy is instrumented), main class, classpath, arguments, JVM
    /// options.
    pub run: RunSpec,
    /// A built-in spec's name or a spec file.
    pub spec: String,
    /// The bound on the maximal VSO (at least 1).
    pub max_vso: f64,
    /// How the run is amplified (forced GCs, sites reported).
    pub blow: BlowOptions,
    /// The report's format.
    pub format: ReportFormat,
}

/// The oracle's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The maximal VSO is within the bound.
    Pass,
    /// The maximal VSO exceeds the bound.
    Fail,
    /// The program exited with a non-zero status: no verdict.
    NoVerdict {
        /// Its exit status.
        status: i32,
    },
}

/// A judged run.
#[derive(Debug, Clone)]
pub struct Judgement {
    /// Classes copied unchanged and methods left out by the instrumentation.
    pub warnings: Vec<String>,
    /// What the reader should know before the report (no tracked object allocated).
    pub notes: Vec<String>,
    /// The verdict.
    pub verdict: Verdict,
    /// The report in the chosen format (empty without a verdict).
    pub report: String,
}

/// Errors of [`judge_jar`].
#[derive(Debug, thiserror::Error)]
pub enum OracleError {
    /// The jar does not exist.
    #[error("{0}: no such jar file")]
    NoJar(String),
    /// A bound below 1.
    #[error("--max-vso must be at least 1.0 (VSO is 1.0 without penalties)")]
    MaxVso,
    /// The spec could not be loaded.
    #[error(transparent)]
    Spec(#[from] LoadError),
    /// No temporary directory could be made.
    #[error("creating a temp dir")]
    TempDir(#[source] std::io::Error),
    /// Instrumenting, running or replaying failed.
    #[error("amplifying {jar}")]
    Amplifying {
        /// The jar.
        jar: String,
        /// What failed.
        #[source]
        source: BlowError,
    },
    /// The report could not be rendered as JSON.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
}

/// Runs the jar of `opts` amplified under its spec and judges it: the program's stdout and
/// stderr pass through.
pub fn judge_jar(opts: &OracleOptions) -> Result<Judgement, OracleError> {
    let jar = &opts.run.jar;
    if !jar.is_file() {
        return Err(OracleError::NoJar(jar.display().to_string()));
    }
    if opts.max_vso.is_nan() || opts.max_vso < 1.0 {
        return Err(OracleError::MaxVso);
    }
    let spec = load_spec(&opts.spec)?;
    let work = tempfile::Builder::new()
        .prefix("decisionprof-blow-")
        .tempdir()
        .map_err(OracleError::TempDir)?;
    let blown = run_blown(&opts.run, &spec, work.path(), opts.blow).map_err(|source| {
        OracleError::Amplifying {
            jar: jar.display().to_string(),
            source,
        }
    })?;
    let warnings = blown.instrumented.warnings.clone();
    if blown.outcome.code != 0 {
        return Ok(Judgement {
            warnings,
            notes: Vec::new(),
            verdict: Verdict::NoVerdict {
                status: blown.outcome.code,
            },
            report: String::new(),
        });
    }
    let mut notes = Vec::new();
    if blown.trace.is_none() && blown.instrumented.alloc_sites > 0 {
        notes.push("no tracked object was allocated (the runtime never loaded)".to_string());
    }
    let over = exceeds(&blown.timeline, opts.max_vso);
    let report = match opts.format {
        ReportFormat::Json => {
            let v = report_json(&spec.name, opts.max_vso, &blown.timeline, &blown.top);
            report::emit::json::pretty(&v)?
        }
        ReportFormat::Text => {
            let i = &blown.instrumented;
            let mut t = format!(
                "jvm-blow: spec {} ({}); {} classes instrumented in {:.2} s, {} allocation sites, {} probes; run {:.2} s\n",
                spec.name,
                spec.about,
                i.classes,
                blown.instrument_time.as_secs_f64(),
                i.alloc_sites,
                i.probes,
                blown.outcome.wall.as_secs_f64()
            );
            t += &timeline_text(&spec.name, &blown.timeline);
            if blown.timeline.is_empty() && blown.trace.is_some() {
                t += "  no GC happened: lower --gc-every or give the JVM a smaller heap (--jvm-arg -Xmx…)\n";
            }
            t += &sites_text(&blown.top);
            t += &format!(
                "verdict: max VSO {:.2} {} bound {:.2}: {}\n",
                max_vso(&blown.timeline),
                if over { ">" } else { "<=" },
                opts.max_vso,
                if over { "FAIL" } else { "pass" }
            );
            t
        }
    };
    Ok(Judgement {
        warnings,
        notes,
        verdict: if over { Verdict::Fail } else { Verdict::Pass },
        report,
    })
}

//! `jvm-flow` on a jar, end to end: instrument a copy of the jar, run it on `java`, read the
//! library summaries and the allocated classes' layouts on another thread while it runs, rebuild
//! the object-flow profiles and analyse them; with an output directory, write the reports (text,
//! JSON, DOT, SARIF) and the warnings there beside the instrumented jar and the profile. The
//! command line only turns its arguments into [`FlowOptions`], calls [`profile_jar`] and prints.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use graph::flow::render::{report_dot, report_json, report_sarif, report_text};
use graph::flow::{ClientOptions, Report};
use jvm_bytecode::jdk::RunSpec;

use super::profiled_run::{run_profiled_observed, ProfiledRun, RunError};
use super::sample_plan::SamplePlan;
use super::sampling::analyze_run;
use super::sites::{Instrumented, SiteKind};
use super::summary::Summaries;

/// What to profile, and how.
#[derive(Debug, Clone)]
pub struct FlowOptions {
    /// The program: the jar (never written), main class, classpath, arguments, JVM options.
    pub run: RunSpec,
    /// Context classes per allocation site (object-sensitive producers); at least 1.
    pub context: u32,
    /// Callers kept per sampled allocation stack (0: none).
    pub stack_depth: u32,
    /// Sampling and property of the run (the default plan profiles everything).
    pub plan: SamplePlan,
    /// The client analyses' thresholds.
    pub report: ClientOptions,
    /// Where to keep the instrumented jar, the profile and the reports; `None`: a temporary
    /// directory, removed before [`profile_jar`] returns.
    pub out: Option<PathBuf>,
}

/// How long each phase of a profiled run took.
#[derive(Debug, Clone, Copy, Default)]
pub struct FlowTimings {
    /// Static analysis and instrumentation.
    pub instrument: Duration,
    /// The program's run.
    pub run: Duration,
    /// Reading the library summaries and class layouts (during the run).
    pub summaries: Duration,
    /// How long the report still waited for the summaries after the run.
    pub waited: Duration,
    /// Reconstruction and the client analyses.
    pub report: Duration,
}

/// A profiled run and what became of it.
pub struct Profiled {
    /// The run: what was instrumented, the raw profile, the process outcome.
    pub run: ProfiledRun,
    /// The report, when the JVM wrote a profile.
    pub report: Option<Report>,
    /// The summaries the report was judged with.
    pub summaries: Summaries,
    /// Classes copied unchanged, methods left out, summaries missing, no profile written.
    pub warnings: Vec<String>,
    /// Phase times.
    pub timings: FlowTimings,
    /// The directory the reports and warnings were written to ([`FlowOptions::out`]).
    pub out: Option<PathBuf>,
}

impl Profiled {
    /// The program's exit status (128 + signal number when it was killed).
    pub fn code(&self) -> i32 {
        self.run.outcome.code
    }

    /// [`Self::code`] as `jvm-flow`'s own exit status (a status beyond 255 is 255).
    pub fn exit_code(&self) -> u8 {
        u8::try_from(self.code().clamp(0, 255)).unwrap_or(1)
    }
}

/// Errors of [`profile_jar`] (the program's own failures are its exit status, not errors).
#[derive(Debug, thiserror::Error)]
pub enum FlowError {
    /// The jar does not exist.
    #[error("{0}: no such jar file")]
    NoJar(String),
    /// A context count of 0.
    #[error("--context must be at least 1")]
    NoContext,
    /// No temporary directory could be made.
    #[error("creating a temporary directory")]
    TempDir(#[source] std::io::Error),
    /// Instrumenting or running the program failed.
    #[error("profiling {jar}")]
    Profiling {
        /// The jar.
        jar: String,
        /// What failed.
        #[source]
        source: RunError,
    },
    /// The thread reading the summaries panicked.
    #[error("reading the library summaries panicked (a bug)")]
    Summaries,
    /// Writing into the output directory failed.
    #[error("writing {path}")]
    Write {
        /// The file.
        path: String,
        /// What failed.
        #[source]
        source: std::io::Error,
    },
    /// A report could not be rendered as JSON.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
}

/// A report's output formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportFormat {
    /// A table per verdict.
    Text,
    /// The whole report as JSON.
    Json,
    /// Graphviz drawings of the top producers' flow graphs.
    Dot,
    /// SARIF 2.1.0 findings.
    Sarif,
}

/// `report` rendered in `format`, as `jvm-flow` prints and writes it.
pub fn render(report: &Report, format: ReportFormat) -> Result<String, serde_json::Error> {
    Ok(match format {
        ReportFormat::Text => report_text(report, "jvm-flow"),
        ReportFormat::Json => report::emit::json::pretty(&report_json(report))?,
        ReportFormat::Dot => report_dot(report, 10),
        ReportFormat::Sarif => report::emit::json::pretty(&report_sarif(report))?,
    })
}

/// Profiles the jar of `opts` ([`FlowOptions`]): the program's stdout, stderr and exit status
/// pass through ([`Profiled::code`]).
pub fn profile_jar(opts: &FlowOptions) -> Result<Profiled, FlowError> {
    let spec = &opts.run;
    if !spec.jar.is_file() {
        return Err(FlowError::NoJar(spec.jar.display().to_string()));
    }
    if opts.context == 0 {
        return Err(FlowError::NoContext);
    }
    let (work, keep) = match &opts.out {
        Some(d) => (d.clone(), true),
        // a fresh directory (not named by the pid: processes in other pid namespaces may share
        // the temp dir), removed at the end
        None => (
            tempfile::Builder::new()
                .prefix("decisionprof-run-")
                .tempdir()
                .map_err(FlowError::TempDir)?
                .keep(),
            false,
        ),
    };
    // the library summaries need only the jar and the classpath: read them while the program
    // runs, and the class layouts the report sizes objects by once the sites are known
    let (jar, cp) = (spec.jar.clone(), spec.classpath.clone());
    let (types_tx, types_rx) = std::sync::mpsc::channel::<Vec<String>>();
    let lib_thread = std::thread::spawn(move || {
        let t = Instant::now();
        let mut w = Vec::new();
        let mut lib = Summaries::for_jar_or_none(&jar, cp.as_deref(), &mut w);
        let mut spent = t.elapsed();
        // nothing comes when the instrumentation failed
        let types = types_rx.recv().unwrap_or_default();
        let t = Instant::now();
        for ty in types {
            lib.instance_bytes(&ty);
        }
        spent += t.elapsed();
        (lib, w, spent)
    });
    let mut send_types = |inst: &Instrumented| {
        let _ = types_tx.send(allocated_classes(inst));
    };
    let res = run_profiled_observed(
        spec,
        &work,
        opts.context,
        opts.stack_depth,
        &opts.plan,
        &mut send_types,
    );
    let run = match res {
        Ok(r) => r,
        Err(source) => {
            if !keep {
                let _ = std::fs::remove_dir_all(&work);
            }
            return Err(FlowError::Profiling {
                jar: spec.jar.display().to_string(),
                source,
            });
        }
    };
    let mut warnings = run.instrumented.warnings.clone();
    let t = Instant::now();
    let (mut lib, lib_warnings, lib_time) = lib_thread.join().map_err(|_| FlowError::Summaries)?;
    warnings.extend(lib_warnings);
    let waited = t.elapsed();
    let t = Instant::now();
    let report = run.profile.as_ref().map(|raw| {
        analyze_run(
            &run.instrumented,
            raw,
            &opts.report,
            &mut lib,
            opts.plan.property.as_deref(),
        )
    });
    let timings = FlowTimings {
        instrument: run.instrument_time,
        run: run.outcome.wall,
        summaries: lib_time,
        waited,
        report: t.elapsed(),
    };
    if run.profile.is_none() {
        warnings.push(
            "the JVM wrote no profile (no instrumented code ran, or the JVM was killed)".into(),
        );
    }
    if keep {
        write_reports(&work, &warnings, report.as_ref())?;
    } else {
        let _ = std::fs::remove_dir_all(&work);
    }
    Ok(Profiled {
        run,
        report,
        summaries: lib,
        warnings,
        timings,
        out: keep.then_some(work),
    })
}

/// Writes the warnings and the report in every format into `dir`.
fn write_reports(
    dir: &Path,
    warnings: &[String],
    report: Option<&Report>,
) -> Result<(), FlowError> {
    let write = |name: &str, text: String| {
        let p = dir.join(name);
        std::fs::write(&p, text).map_err(|source| FlowError::Write {
            path: p.display().to_string(),
            source,
        })
    };
    write("warnings.txt", warnings.join("\n") + "\n")?;
    if let Some(r) = report {
        for (name, format) in [
            ("report.txt", ReportFormat::Text),
            ("report.json", ReportFormat::Json),
            ("flows.dot", ReportFormat::Dot),
            ("report.sarif", ReportFormat::Sarif),
        ] {
            write(name, render(r, format)?)?;
        }
    }
    Ok(())
}

/// The classes (not arrays) the instrumented sites allocate, internal names.
fn allocated_classes(inst: &Instrumented) -> Vec<String> {
    let classes: BTreeSet<&str> = inst
        .sites
        .iter()
        .filter_map(|s| match &s.kind {
            SiteKind::Alloc { ty, .. } if !ty.starts_with('[') => Some(ty.as_str()),
            _ => None,
        })
        .collect();
    classes.into_iter().map(str::to_string).collect()
}

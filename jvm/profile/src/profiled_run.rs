//! Running a program under profiling: instrument a copy of the jar into a work directory, start
//! `java` on it with the runtime on the classpath, read the dumped profile.

use std::path::Path;
use std::time::{Duration, Instant};

use super::instrument_jar::{instrument_jar_for, PropertyScope};
use super::property::Property;
use super::runtime::{build_runtime, read_profile, write_side_file, RawProfile, RuntimeError};
use super::sample_plan::{property_sites, SamplePlan};
use super::sites::Instrumented;
use super::summary::Library;
use jvm_bytecode::jar::{manifest_class_path, JarError};
use jvm_bytecode::jdk::{collector_chosen, java, resolve_main, JavaOutcome, JdkError, RunSpec};

/// Errors of a profiling run.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The jar could not be read or instrumented.
    #[error(transparent)]
    Jar(#[from] JarError),
    /// The runtime could not be built, or its files could not be written or read.
    #[error(transparent)]
    Runtime(#[from] RuntimeError),
    /// `java` is missing, or there is no main class.
    #[error(transparent)]
    Jdk(#[from] JdkError),
    /// `--property` names no allocation site of the jar.
    #[error("{0}")]
    Property(String),
    /// Work-directory I/O.
    #[error("{path}: {source}")]
    Io {
        /// The path.
        path: String,
        /// The error.
        source: std::io::Error,
    },
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> RunError + '_ {
    move |source| RunError::Io {
        path: path.display().to_string(),
        source,
    }
}

/// The result of an instrumented run.
#[derive(Debug)]
pub struct ProfiledRun {
    /// What was instrumented.
    pub instrumented: Instrumented,
    /// The profile, if the JVM wrote one.
    pub profile: Option<RawProfile>,
    /// The process outcome.
    pub outcome: JavaOutcome,
    /// Time spent analysing and instrumenting.
    pub instrument_time: Duration,
}

/// JVM options of a profiled run: the runtime's probes are called, never inlined (C2 compiled
/// the program's hot loops with every probe's body inside; on short runs that compilation cost
/// more than the calls: 1.61x to 1.36x plain on `LoopTemp`, 4.4x to 2.7x on `Threads`), and
/// the compile command is not echoed on the program's standard output.
const RUNTIME_JVM_ARGS: &[&str] = &[
    "-XX:CompileCommand=quiet",
    "-XX:CompileCommand=dontinline,decisionprof.DpRt::*",
    // the switch between a method's two copies is a flag test: inlined
    "-XX:CompileCommand=inline,decisionprof.DpRt::on",
    "-XX:CompileCommand=inline,decisionprof.DpRt::stay",
];

/// More JVM options of a full (unsampled) run, where every probe does its work: the runtime's
/// small helpers inlined into its probes (a call each was a tenth of Rhino's run: 5.3 s to
/// 4.6 s; on the corpus' short runs no change beyond noise), and the bodies of the path probes
/// (`accOn` into `acc`, `exitOn` with the frame's flows ended and counted into `exit`, …: in a
/// full run the probe's first test always passes, so the body was a second call every time;
/// Rhino's run 5–8 % less wall and CPU time, round 22). Sampled runs keep them out of line:
/// their probes mostly return at the first test, and larger probe bodies only cost compile time.
/// The probes themselves stay calls (`RUNTIME_JVM_ARGS`).
const FULL_RUN_JVM_ARGS: &[&str] = &[
    "-XX:CompileCommand=inline,decisionprof.DpRt::tracing",
    "-XX:CompileCommand=inline,decisionprof.DpRt::local",
    "-XX:CompileCommand=inline,decisionprof.DpRt::current",
    "-XX:CompileCommand=inline,decisionprof.DpRt::label",
    "-XX:CompileCommand=inline,decisionprof.DpRt::stripe",
    "-XX:CompileCommand=inline,decisionprof.DpRt::mix",
    "-XX:CompileCommand=inline,decisionprof.DpRt::accOn",
    "-XX:CompileCommand=inline,decisionprof.DpRt::enterOn",
    "-XX:CompileCommand=inline,decisionprof.DpRt::exitOn",
    "-XX:CompileCommand=inline,decisionprof.DpRt::frame",
    "-XX:CompileCommand=inline,decisionprof.DpRt::finish",
    "-XX:CompileCommand=inline,decisionprof.DpRt::end",
    "-XX:CompileCommand=inline,decisionprof.DpRt::count",
    "-XX:CompileCommand=inline,decisionprof.DpRt::track",
];

/// The collector of a profiled run, unless the user chose one. The probes keep a young object
/// in the runtime's long-lived tables at every tracked reference (a frame's objects, the last
/// miss of the weak table): under G1 each such store dirties a card its refinement threads scan
/// again, work that competed with the program for two cores. Rhino's run: 3.9 to 3.5 s;
/// `Threads` 17.3x to 12.6x plain; short runs unchanged beyond noise. Its card marks are
/// conditional: an unconditional mark writes the card byte at every reference store, and threads
/// storing into one shared object on two cores passed that byte's cache line back and forth
/// (plain `Threads` with 2 million iterations: 0.53 s against G1's 0.14 s; conditional, 0.12 s).
const PROFILED_COLLECTOR: &[&str] = &["-XX:+UseParallelGC", "-XX:+UseCondCardMark"];

/// Allocation-stack frames [`run_profiled`] samples by default.
pub const STACK_DEPTH: u32 = 3;

/// Instruments a copy of the jar in `work`, runs it, and reads the profile (`context` classes,
/// allocation stacks of [`STACK_DEPTH`] callers).
pub fn run_profiled(spec: &RunSpec, work: &Path, context: u32) -> Result<ProfiledRun, RunError> {
    run_profiled_with(spec, work, context, STACK_DEPTH, &SamplePlan::default())
}

/// [`run_profiled`] with `stack_depth` callers per sampled allocation stack (0: none).
pub fn run_profiled_with(
    spec: &RunSpec,
    work: &Path,
    context: u32,
    stack_depth: u32,
    plan: &SamplePlan,
) -> Result<ProfiledRun, RunError> {
    run_profiled_observed(spec, work, context, stack_depth, plan, &mut |_| {})
}

/// [`run_profiled_with`]; `observe` sees what was instrumented before the program starts, so
/// that work which needs it can go on while the program runs.
pub fn run_profiled_observed(
    spec: &RunSpec,
    work: &Path,
    context: u32,
    stack_depth: u32,
    plan: &SamplePlan,
    observe: &mut dyn FnMut(&Instrumented),
) -> Result<ProfiledRun, RunError> {
    let main = resolve_main(spec)?;
    std::fs::create_dir_all(work).map_err(io(work))?;
    let rt = build_runtime()?;
    let t = Instant::now();
    let jar = work.join("instrumented.jar");
    let instrumented = instrument_for_plan(spec, &jar, plan)?;
    let side = work.join("labels.bin");
    write_side_file(&instrumented, context, stack_depth, &side)?;
    let instrument_time = t.elapsed();
    observe(&instrumented);
    let prof = work.join("profile.txt");
    let _ = std::fs::remove_file(&prof);
    let sites = match &plan.property {
        Some(p) => Some(property_sites(&instrumented, p).map_err(RunError::Property)?),
        None => None,
    };
    let mut props = vec![
        ("decisionprof.side".to_string(), side.display().to_string()),
        ("decisionprof.out".to_string(), prof.display().to_string()),
    ];
    props.extend(plan.jvm_props(sites.as_deref()));
    let extra = manifest_class_path(&spec.jar).map_err(JarError::from)?;
    let mut cp: Vec<&Path> = vec![&jar];
    cp.extend(extra.iter().map(|p| p.as_path()));
    let mut tuned = spec.clone();
    let full: &[&str] = if plan.rate < 1.0 {
        &[]
    } else {
        FULL_RUN_JVM_ARGS
    };
    let collector: &[&str] = if collector_chosen(&spec.jvm_args) {
        &[]
    } else {
        PROFILED_COLLECTOR
    };
    tuned.jvm_args.splice(
        0..0,
        RUNTIME_JVM_ARGS
            .iter()
            .chain(full)
            .chain(collector)
            .map(|s| s.to_string()),
    );
    let outcome = java(&tuned, &main, &cp, Some(&rt), &props)?;
    let profile = if prof.exists() {
        Some(read_profile(&prof)?)
    } else {
        None
    };
    Ok(ProfiledRun {
        instrumented,
        profile,
        outcome,
        instrument_time,
    })
}

/// Instruments a copy of the jar into `out`: with a property, only the probes and slices that
/// can see its objects (the supertypes of its classes are looked up in the jar, the classpath
/// and the JDK; without those class files every probe is kept, with a warning).
fn instrument_for_plan(
    spec: &RunSpec,
    out: &Path,
    plan: &SamplePlan,
) -> Result<Instrumented, RunError> {
    let dual = plan.rate < 1.0;
    let Some(text) = &plan.property else {
        return Ok(instrument_jar_for(&spec.jar, out, None, dual)?);
    };
    let property = Property::parse(text);
    match Library::for_jar(&spec.jar, spec.classpath.as_deref()) {
        Ok(mut library) => {
            let scope = PropertyScope {
                property: &property,
                library: &mut library,
            };
            Ok(instrument_jar_for(&spec.jar, out, Some(scope), dual)?)
        }
        Err(e) => {
            let mut inst = instrument_jar_for(&spec.jar, out, None, dual)?;
            inst.warnings
                .push(format!("every probe kept for the property: {e}"));
            Ok(inst)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{FULL_RUN_JVM_ARGS, RUNTIME_JVM_ARGS};
    use crate::runtime::RUNTIME_SOURCE;

    /// Every method a compile command names is a method of the runtime: a renamed one would
    /// silently lose its inlining.
    #[test]
    fn compile_commands_name_methods_of_the_runtime() {
        for arg in RUNTIME_JVM_ARGS.iter().chain(FULL_RUN_JVM_ARGS) {
            let Some((_, method)) = arg.split_once("decisionprof.DpRt::") else {
                continue;
            };
            if method == "*" {
                continue;
            }
            let declared = RUNTIME_SOURCE.lines().any(|l| {
                let l = l.trim_start();
                (l.starts_with("private static") || l.starts_with("public static"))
                    && l.contains(&format!(" {method}("))
            });
            assert!(declared, "{arg}: no static method `{method}` in DpRt.java");
        }
    }
}

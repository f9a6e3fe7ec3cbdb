//! The library entry of `suggest`: profile a project through a [`Profiler`], analyse, gate, report.
//!
//! The CLI and `eval` both call [`run_project`]; neither repeats its steps. The profiler is passed
//! in ([`jsproject::Profiler`]) so that this crate links no engine.

use std::path::{Path, PathBuf};
use std::time::Duration;

use jsproject::profile::Profile;
use jsproject::workload::Workload;
use jsproject::ProfileOptions;

use crate::candidate;
use crate::gate::GateOptions;
use crate::pipeline::{self, Batch, GateKind, SuggestOptions};
use crate::report::{self, Report, RunFacts, Settings};
use crate::SuggestError;

/// Node processes get this long when no timeout is given.
pub const DEFAULT_NODE_TIMEOUT: Duration = Duration::from_secs(600);

pub use jsproject::Profiler;

/// How one project is profiled, analysed and gated.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// Workload globs relative to the root (empty: the project's own).
    pub workload: Vec<String>,
    /// Only files under this sub-path of the root are instrumented and patched.
    pub target: Option<PathBuf>,
    /// Instrument `node_modules` too.
    pub include_deps: bool,
    /// Minimum estimated saving of a candidate, as a fraction of its measured cost.
    pub threshold: f64,
    /// Time limit of each profiling run and each node process.
    pub timeout: Option<Duration>,
    /// Node gate or none.
    pub gate: GateKind,
    /// One variant per candidate or one for all (`None`: all when timing on the project's
    /// benchmarks, else each).
    pub batch: Option<Batch>,
    /// Time on the project's library-driven benchmarks when it ships some (not `--no-bench`).
    pub use_benchmarks: bool,
    /// Benchmarks that did not run in an earlier attempt: neither timed nor named in a hint.
    pub failed_benchmarks: Vec<String>,
    /// Record every execution of every decision (`--exact`).
    pub exact: bool,
    /// Timing parameters of the gate.
    pub gate_options: GateOptions,
    /// At most this many candidates are gated.
    pub max_suggestions: usize,
    /// Never run the project's build step in the gate's working copies (`--no-build`).
    pub no_build: bool,
    /// Gate candidates in cold functions too (`--all-candidates`).
    pub all_candidates: bool,
    /// How check costs are counted while profiling.
    pub cost_model: jsproject::CostModel,
    /// Longest one test may run while profiling (`None`: no limit but the run's).
    pub test_timeout: Option<Duration>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            workload: Vec::new(),
            target: None,
            include_deps: false,
            threshold: 0.01,
            timeout: None,
            gate: GateKind::Node,
            batch: None,
            use_benchmarks: true,
            failed_benchmarks: Vec::new(),
            exact: false,
            gate_options: GateOptions::default(),
            max_suggestions: 20,
            no_build: false,
            all_candidates: false,
            cost_model: jsproject::CostModel::default(),
            test_timeout: Some(jsproject::DEFAULT_TEST_TIMEOUT),
        }
    }
}

impl Options {
    /// The settings as the report echoes them.
    pub fn settings(&self) -> Settings {
        let g = &self.gate_options;
        Settings {
            gate: format!("{:?}", self.gate).to_lowercase(),
            mode: format!("{:?}", self.batch.unwrap_or(Batch::Each)).to_lowercase(),
            workload: "tests".into(),
            confidence: g.confidence,
            vms: g.vms,
            warmup: g.warmup,
            measure: g.measure,
            confirm: g.confirm,
            design: format!("{:?}", g.design).to_lowercase(),
            cost_model: match self.cost_model {
                jsproject::CostModel::Native => "native".into(),
                jsproject::CostModel::BranchPoints => "branch-points".into(),
            },
        }
    }
}

/// What one run produced, for callers that need more than the report.
#[derive(Debug, Clone)]
pub struct Produced {
    /// The report `suggest` prints.
    pub report: Report,
    /// The instrumented run's profile (per-test branch points included).
    pub profile: Profile,
    /// Workload files relative to the project root, in load order.
    pub files: Vec<String>,
    /// The workload as discovered once for the run.
    pub workload: Workload,
}

/// Why a project could not be suggested for.
#[derive(Debug, thiserror::Error)]
pub enum ProjectError {
    /// The input is unusable (no such directory, no workload, …).
    #[error("{0}")]
    Input(String),
    /// The engine could not run the workload.
    #[error("{what}: {message}")]
    Profile {
        /// Which run.
        what: &'static str,
        /// The engine's message.
        message: String,
    },
    /// Most tests failed while profiling: the profile does not show how the program runs.
    #[error(
        "{failed} of {total} tests failed while profiling {engine} (first: {first}): a profile of \
         failing tests does not show how the program runs, so nothing is suggested; `decisionprof \
         profile` lists every failure{hint}"
    )]
    MostTestsFailed {
        /// Tests that failed.
        failed: usize,
        /// Tests that ran.
        total: usize,
        /// Where they ran (`in Boa`, `under node`).
        engine: &'static str,
        /// The first failure, with its message.
        first: String,
        /// What to try.
        hint: &'static str,
    },
    /// The workload ran out of time while profiling.
    #[error("the workload did not finish within --timeout {0}s")]
    TimedOut(f64),
    /// The node gate failed.
    #[error(transparent)]
    Gate(#[from] SuggestError),
}

/// Said when the workload loaded none of the project's own files: there was nothing to profile.
const NOTHING_LOADED: &str = "the workload loaded none of the project's own files, so nothing was profiled: \
     tests that run the code in child processes (node-util's runner spawns each test file) are not followed; \
     name test files that load the code in their own process with --workload";

/// Profiles, analyses and gates one project: the whole of `decisionprof suggest` but printing.
pub fn run_project(
    root: &Path,
    opts: &Options,
    profiler: &dyn Profiler,
) -> Result<Produced, ProjectError> {
    if !root.is_dir() {
        return Err(ProjectError::Input(format!(
            "{}: not a project directory",
            root.display()
        )));
    }
    if let Some(t) = &opts.target {
        if !root.join(t).exists() {
            return Err(ProjectError::Input(format!(
                "--target {}: no such path in {}",
                t.display(),
                root.display()
            )));
        }
    }
    if opts.gate == GateKind::Node && crate::node::find_node().is_none() {
        return Err(SuggestError::NodeMissing(crate::node::INSTALL_HINT).into());
    }
    let mut own = Workload::open(root, &opts.workload, opts.target.as_deref())
        .map_err(|e| ProjectError::Input(e.to_string()))?;
    forget_benchmarks(&mut own, &opts.failed_benchmarks);
    let popts = ProfileOptions {
        cost_model: opts.cost_model,
        test_timeout: opts.test_timeout,
        cancel: crate::interrupt::flag(),
        include_deps: opts.include_deps,
        timeout: opts.timeout,
        spec_budget: jsproject::DEFAULT_SPEC_BUDGET,
        instrument: false,
        flow: false,
        exact: opts.exact,
    };
    let (workload, plain, profile, notes) = profiled_workload(own, opts, &popts, profiler)?;
    let files = workload.rel_files();
    if plain.timed_out || profile.timed_out {
        let secs = opts
            .timeout
            .unwrap_or(jsproject::DEFAULT_TIMEOUT)
            .as_secs_f64();
        return Err(ProjectError::TimedOut(secs));
    }
    most_tests_passed(&profile, profiler.runs_where(&workload, true))?;
    let on_benchmarks = workload.is_benchmarks();
    let batch = opts.batch.unwrap_or(match on_benchmarks {
        true => Batch::All,
        false => Batch::Each,
    });
    let analyses = candidate::analyze(&profile, opts.threshold);
    let sopts = SuggestOptions {
        gate: opts.gate,
        batch,
        gate_options: opts.gate_options,
        max_suggestions: opts.max_suggestions,
        timeout: opts.timeout.unwrap_or(DEFAULT_NODE_TIMEOUT),
        no_build: opts.no_build,
        all_candidates: opts.all_candidates,
    };
    let eval = match pipeline::evaluate(&workload, &profile, &analyses, &sopts) {
        // benchmarks that run in the engine but not under node (a fixture outside the project,
        // which the gate's copy lacks): the tests are the workload instead
        Err(SuggestError::Baseline(why)) if on_benchmarks => {
            let mut tests = Options {
                use_benchmarks: false,
                ..opts.clone()
            };
            tests.failed_benchmarks.extend(files.iter().cloned());
            let mut produced = run_project(root, &tests, profiler)?;
            produced.report.notes.insert(
                0,
                format!(
                    "the project's benchmarks ({}) do not run under node ({why}): timed on its tests instead",
                    files.join(", ")
                ),
            );
            return Ok(produced);
        }
        other => other?,
    };
    let mut settings = Options {
        batch: Some(batch),
        ..opts.clone()
    }
    .settings();
    if on_benchmarks {
        settings.workload = "benchmarks".into();
    }
    let facts = RunFacts {
        project: root.display().to_string(),
        settings,
        totals: profile.totals.clone(),
        t_base: plain.seconds,
        t_prof: profile.seconds,
        failing_tests: profile
            .tests
            .iter()
            .filter(|t| !t.passed)
            .map(|t| t.name.clone())
            .collect(),
    };
    let floor = eval.noise_floor;
    let mut report = report::build(facts, analyses, eval);
    report.findings = crate::findings::findings(root, &profile, &report.suggestions)?;
    report.notes = notes;
    report.notes.extend(profile.notes.iter().cloned());
    if profile.totals.files == 0 {
        report.notes.push(NOTHING_LOADED.into());
    }
    if let Some(f) = floor {
        report.notes.push(format!(
            "noise floor of the timed tests under node (median over tests): {f:.1} % (a candidate predicted to save \
             {}× less is skipped as below measurable)",
            crate::noise::FAR_BELOW
        ));
    }
    Ok(Produced {
        report,
        profile,
        files,
        workload,
    })
}

/// The workload profiled, its plain and instrumented runs, and notes on the choice: the
/// project's library-driven benchmarks when it ships some (and no globs or `--no-bench` say
/// otherwise) and they run, else `own`.
fn profiled_workload(
    own: Workload,
    opts: &Options,
    popts: &ProfileOptions,
    profiler: &dyn Profiler,
) -> Result<(Workload, Profile, Profile, Vec<String>), ProjectError> {
    let bench = match opts.workload.is_empty() && opts.use_benchmarks {
        true => crate::bench_workload::benchmark_workload(&own),
        false => None,
    };
    let Some(b) = bench else {
        let (plain, profile) = profile_runs(&own, popts, profiler)?;
        return Ok((own, plain, profile, Vec::new()));
    };
    let files = b.rel_files().join(", ");
    let why = match profile_runs(&b, popts, profiler) {
        Ok((plain, profile)) => match crate::bench_workload::unusable(&plain, &profile) {
            None => {
                let note = format!(
                    "timed on the project's benchmarks ({files}), each case a unit; its tests validate every variant (--no-bench times the tests instead)"
                );
                return Ok((b, plain, profile, vec![note]));
            }
            Some(why) => why,
        },
        Err(e) => {
            crate::interrupt::check()?;
            e.to_string()
        }
    };
    let note = format!(
        "the project's benchmarks ({files}) could not be profiled ({why}): profiled and timed the tests"
    );
    let mut own = own;
    forget_benchmarks(&mut own, &b.rel_files());
    let (plain, profile) = profile_runs(&own, popts, profiler)?;
    Ok((own, plain, profile, vec![note]))
}

/// Drops the benchmarks among `failed` from what `own` knows of the project, so no hint offers
/// one that did not run.
fn forget_benchmarks(own: &mut Workload, failed: &[String]) {
    own.benchmarks.retain(|b| !failed.contains(&b.file));
}

/// The plain and the instrumented run of `workload`; Ctrl-C or SIGTERM stops a run like its
/// deadline, and is said so.
fn profile_runs(
    workload: &Workload,
    popts: &ProfileOptions,
    profiler: &dyn Profiler,
) -> Result<(Profile, Profile), ProjectError> {
    let spin = crate::progress::spinner("profile");
    let mut popts = popts.clone();
    let mut runs = Vec::new();
    for (instrument, what) in [
        (false, "plain run of the workload"),
        (true, "profiled run of the workload"),
    ] {
        let step = format!(
            "{} of the workload {}",
            match instrument {
                true => "instrumented run",
                false => "plain run",
            },
            profiler.runs_where(workload, instrument)
        );
        crate::progress::step(&spin, "profile", &step);
        popts.instrument = instrument;
        let p = profiler
            .profile(workload, &popts)
            .map_err(|message| ProjectError::Profile { what, message })?;
        crate::interrupt::check()?;
        runs.push(p);
    }
    spin.finish_and_clear();
    let profile = runs.pop().expect("two runs");
    let plain = runs.pop().expect("two runs");
    Ok((plain, profile))
}

/// Refuses a profile in which more tests failed than passed.
fn most_tests_passed(profile: &Profile, engine: &'static str) -> Result<(), ProjectError> {
    let Some(m) = most_failed(profile) else {
        return Ok(());
    };
    Err(ProjectError::MostTestsFailed {
        failed: m.failed,
        total: m.total,
        engine,
        first: format!("{} ({}): {}", m.first.name, m.first.file, m.message),
        hint: match engine {
            "in Boa" => "; if they pass under node, try `--engine node`",
            _ => "",
        },
    })
}

/// More units failed than passed: how many, and the first with its message's first line.
pub(crate) struct MostFailed<'a> {
    /// Units that failed.
    pub failed: usize,
    /// Units that ran.
    pub total: usize,
    /// The first that failed.
    pub first: &'a jsproject::profile::TestResult,
    /// The first line of its error.
    pub message: &'a str,
}

/// Whether more of `profile`'s units failed than passed.
pub(crate) fn most_failed(profile: &Profile) -> Option<MostFailed<'_>> {
    let failed: Vec<_> = profile.tests.iter().filter(|t| !t.passed).collect();
    if failed.is_empty() || failed.len() * 2 <= profile.tests.len() {
        return None;
    }
    let first = failed[0];
    let message = first.error.as_deref().unwrap_or("failed");
    Some(MostFailed {
        failed: failed.len(),
        total: profile.tests.len(),
        first,
        message: message.lines().next().unwrap_or(message),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A benchmark that did not run is no longer the project's benchmark workload, nor the one
    /// a hint would name (corpus/discovery/bench-outside reads a fixture the gate's copy lacks).
    #[test]
    fn failed_benchmarks_are_forgotten() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/discovery/bench-outside");
        let mut own = Workload::open(&root, &[], None).unwrap();
        assert_eq!(own.benchmarks[0].file, "benchmark/index.js");
        forget_benchmarks(&mut own, &["bench/other.js".to_string()]);
        assert!(crate::bench_workload::benchmark_workload(&own).is_some());
        forget_benchmarks(&mut own, &["benchmark/index.js".to_string()]);
        assert!(own.benchmarks.is_empty());
        assert!(crate::bench_workload::benchmark_workload(&own).is_none());
    }
}

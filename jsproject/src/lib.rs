//! The JavaScript project model every engine and the optimizer share: how the project runs its
//! tests ([`discover`], [`workload`]), which loaded files are its own code ([`classify`]), build
//! output and its sources ([`sources`], [`tsconfig`]), working copies ([`copy`]), module
//! resolution ([`resolve`]), the [`profile`] model and [`compare`], and the test [`harness`] the
//! engines and the gate run. It links no engine.

mod build_scripts;
pub use build_scripts::build_script;
pub mod classify;
pub mod compare;
pub mod copy;
pub mod cost_table;
pub mod discover;
pub mod flowrun;
pub mod globs;
pub mod harness;
pub mod heartbeat;
mod jsonc;
pub mod missing_imports;
pub mod profile;
pub mod resolve;
mod rollup_config;
pub mod runtime_js;
pub mod sources;
pub mod tsconfig;
pub mod workload;

pub use heartbeat::set_progress_lines;
pub use profile::CostModel;

use std::path::PathBuf;
use std::time::Duration;

use thiserror::Error;

/// Time limit of a profiling run when none is given (`--timeout`).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(900);

/// How the error of a test stopped by `--test-timeout` starts.
pub const TEST_TIMED_OUT: &str = "timed out: the test ran longer than --test-timeout";

/// Default limit of one test of a profiling run (Boa runs tests tens of times slower than node).
pub const DEFAULT_TEST_TIMEOUT: Duration = Duration::from_secs(120);

/// Default branch-point budget of one speculative evaluation.
pub const DEFAULT_SPEC_BUDGET: u64 = 1_000_000;

/// How to run a workload (what to run is a [`workload::Workload`]).
#[derive(Debug, Clone)]
pub struct ProfileOptions {
    /// Instrument node_modules too.
    pub include_deps: bool,
    /// Stop the run after this long (`None`: [`DEFAULT_TIMEOUT`]).
    pub timeout: Option<Duration>,
    /// Branch points per speculative evaluation.
    pub spec_budget: u64,
    /// False = plain run (for overhead figures and transparency).
    pub instrument: bool,
    /// How a check's cost is counted.
    pub cost_model: CostModel,
    /// Longest one test (or the loading of one workload file) may run; past it the test fails
    /// as timed out and the run goes on (`None`: no limit but the run's).
    pub test_timeout: Option<Duration>,
    /// Set from outside (Ctrl-C) to stop the run as if its time were up; the data so far is kept.
    pub cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// Instrument for object flow (`js-flow`) instead of decisions.
    pub flow: bool,
    /// Record every execution of every decision (`--exact`); otherwise a decision settled
    /// within a test is sampled (see `engines/boa/src/settle.rs`).
    pub exact: bool,
}

impl Default for ProfileOptions {
    /// An instrumented run with the default limits.
    fn default() -> Self {
        ProfileOptions {
            include_deps: false,
            timeout: None,
            spec_budget: DEFAULT_SPEC_BUDGET,
            instrument: true,
            cost_model: CostModel::default(),
            test_timeout: Some(DEFAULT_TEST_TIMEOUT),
            cancel: None,
            flow: false,
            exact: false,
        }
    }
}

/// The result of a run.
#[derive(Debug, Clone)]
pub struct RunOutcome {
    /// Everything recorded.
    pub profile: profile::Profile,
    /// What the program printed to stdout (console.log/info/debug/dir, process.stdout.write), in order.
    pub stdout: String,
    /// What an object-flow run recorded (`ProfileOptions::flow`).
    pub flow: Option<flowrun::FlowRun>,
}

/// Why a run could not happen.
#[derive(Debug, Error)]
pub enum EngineError {
    /// A file could not be read.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// Bad input (no workload, bad package.json, ...).
    #[error("{0}")]
    Input(String),
    /// A loaded file does not parse (`file:line:col: message`).
    #[error("syntax error: {0}")]
    Syntax(String),
    /// The engine failed.
    #[error("engine: {0}")]
    Engine(String),
}

/// The `node` executable on `PATH`.
pub fn find_node() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join("node"))
        .find(|p| p.is_file())
}

/// An engine that runs a project's workload, plain or instrumented, and returns its profile: what
/// `suggest` receives, so that it links no engine.
pub trait Profiler {
    /// Runs the workload as `opts` says; an error is a message fit for the user.
    fn profile(
        &self,
        workload: &workload::Workload,
        opts: &ProfileOptions,
    ) -> Result<profile::Profile, String>;
    /// Where the plain or the instrumented run of `workload` goes, for progress lines (`in Boa`,
    /// `under node`).
    fn runs_where(&self, workload: &workload::Workload, instrumented: bool) -> &'static str;
}

/// Files for unit tests.
#[cfg(test)]
pub(crate) mod test_files {
    /// A temporary folder holding `files` (path, text).
    pub fn project(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (f, text) in files {
            let p = dir.path().join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        dir
    }
}

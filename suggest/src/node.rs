//! Runs a project's workload under `node` with the shared harness and parses the runner's records.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use serde::Deserialize;
use serde_json::json;
use wait_timeout::ChildExt;

use crate::error::SuggestError;
use jsproject::workload::Workload;

/// The gate runner, evaluated by `node` (see `suggest/js/gate.js`).
pub const GATE_JS: &str = include_str!("../js/gate.js");

/// ES-module hooks that let node load a working copy's TypeScript files (`engine/js/ts_hooks.mjs`).
pub const TS_HOOKS_JS: &str = jsproject::harness::TS_HOOKS_MJS;

/// Start of a record line on the runner's stdout; the record's JSON ends at the next `\x1e`.
const MARK: &str = "\u{1e}decisionprof\u{1f}";

/// How to install node, shown when it is missing.
pub const INSTALL_HINT: &str =
    "node (Node.js >= 18) is needed for the performance gate: install it \
with your package manager (Debian/Ubuntu: `apt-get install nodejs`, macOS: `brew install node`) or \
from https://nodejs.org, or pass `--gate none` to get unverified suggestions";

/// A result reported by the runner.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Record {
    /// The harness or a workload file failed to load.
    LoadError {
        /// The error message.
        error: String,
    },
    /// Outcome of one test (validate mode).
    Test {
        /// Index in the harness's list.
        index: usize,
        /// Full test name.
        name: String,
        /// Workload file.
        file: String,
        /// Passed or failed.
        passed: bool,
        /// Failure message.
        error: Option<String>,
    },
    /// Timings of one test (time mode): ns per iteration per measured sample, or the failure.
    Timing {
        /// Index in the harness's list.
        index: usize,
        /// Full test name.
        name: String,
        /// Workload file.
        file: String,
        /// Iterations per sample (calibrated to the minimum sample time, again whenever a sample
        /// took under half of it).
        #[serde(default)]
        iters: u64,
        /// Nanoseconds per iteration, one per measured sample.
        #[serde(default)]
        samples: Vec<f64>,
        /// Set when the test failed while being timed.
        #[serde(default)]
        failed: Option<String>,
    },
    /// Script mode: the wall time of loading the workload files, in ns, and of one warm run of
    /// them in the same process, when they were run again.
    Script {
        /// Nanoseconds of the load.
        ns: f64,
        /// Nanoseconds per warm run (the median of the measured samples), if they ran again.
        #[serde(default)]
        repeated: Option<f64>,
    },
    /// The runner finished.
    Done {
        /// Number of tests the harness registered.
        #[serde(default)]
        tests: usize,
    },
}

/// What one node process reported, with the workload's own output.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RunReport {
    /// Parsed records, in order.
    pub records: Vec<Record>,
    /// Stdout without the runner's records.
    pub output: String,
    /// Stderr of the process.
    pub stderr: String,
    /// Exit status code (`None` if killed by a signal).
    pub status: Option<i32>,
}

impl RunReport {
    /// True if the runner reached its end.
    pub fn finished(&self) -> bool {
        self.records
            .iter()
            .any(|r| matches!(r, Record::Done { .. }))
    }

    /// The load error, if any.
    pub fn load_error(&self) -> Option<&str> {
        self.records.iter().find_map(|r| match r {
            Record::LoadError { error } => Some(error.as_str()),
            _ => None,
        })
    }
}

/// What the runner does in one process.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Run every test once and report pass/fail.
    Validate,
    /// Time every test: calibrate, warm up, measure.
    Time {
        /// Warm-up samples.
        warmup: u32,
        /// Measured samples.
        measure: u32,
    },
    /// Time loading the workload files (scripts without tests), and when that is short, running
    /// them again in the same process: calibrate, warm up, measure.
    Script {
        /// Warm-up samples of the repeated runs.
        warmup: u32,
        /// Measured samples of the repeated runs (0: the load only).
        measure: u32,
    },
}

/// A ready-to-use node runner: the node binary and the runner files in a temp dir (the harness's
/// folder among them).
#[derive(Debug)]
pub struct NodeRunner {
    node: PathBuf,
    dir: tempfile::TempDir,
    timeout: Duration,
    min_sample_ns: u64,
    /// Tests `(name, file)` not run at all (they timed out while profiling).
    skip: Vec<(String, String)>,
    /// The project's workload (each run is in a copy of its root): what its runner gives each
    /// test file and its environment.
    workload: Option<Workload>,
}

pub use jsproject::find_node;

/// Microseconds between two samples of [`NodeRunner::cpu_profile`].
pub const CPU_PROF_INTERVAL_US: u32 = 100;

impl NodeRunner {
    /// Writes the runner and the harness to a temp dir; fails with an install hint if node is missing.
    pub fn new(timeout: Duration) -> Result<Self, SuggestError> {
        let node = find_node().ok_or(SuggestError::NodeMissing(INSTALL_HINT))?;
        let dir = tempfile::Builder::new()
            .prefix("decisionprof-gate-")
            .tempdir()
            .map_err(|e| SuggestError::io("creating the gate's temp dir", e))?;
        let write = |name: &str, text: &str| {
            let p = dir.path().join(name);
            std::fs::write(&p, text)
                .map_err(|e| SuggestError::io(format!("writing {}", p.display()), e))
        };
        write("gate.js", GATE_JS)?;
        write("ts_hooks.mjs", TS_HOOKS_JS)?;
        write("ts_require.js", jsproject::harness::TS_REQUIRE_JS)?;
        let harness = dir.path().join("harness");
        jsproject::harness::write_harness(&harness)
            .map_err(|e| SuggestError::io(format!("writing {}", harness.display()), e))?;
        Ok(NodeRunner {
            node,
            dir,
            timeout,
            min_sample_ns: 5_000_000,
            skip: Vec::new(),
            workload: None,
        })
    }

    /// Runs copies of `workload`'s project: each test file loads as its runner loads it (jest's
    /// and vitest's setup files and modules per file) with the environment its runner sets.
    pub fn for_workload(mut self, workload: &Workload) -> Self {
        self.workload = Some(workload.clone());
        self
    }

    /// Leaves these tests `(name, file)` out of every run: validation reports them failed
    /// ("skipped"), timing never runs them.
    pub fn with_skipped(mut self, skip: Vec<(String, String)>) -> Self {
        self.skip = skip;
        self
    }

    /// Changes the minimum duration of one timing sample (default 5 ms).
    pub fn with_min_sample(mut self, ns: u64) -> Self {
        self.min_sample_ns = ns;
        self
    }

    /// Runs the workload `files` of the project at `root` in one fresh node process.
    pub fn run(
        &self,
        root: &Path,
        files: &[String],
        mode: Mode,
    ) -> Result<RunReport, SuggestError> {
        self.run_only(root, files, mode, None)
    }

    /// Like [`NodeRunner::run`], timing only the tests with these indices (harness order) when given.
    pub fn run_only(
        &self,
        root: &Path,
        files: &[String],
        mode: Mode,
        only: Option<&[usize]>,
    ) -> Result<RunReport, SuggestError> {
        self.spawn(root, files, mode, only, &[])
    }

    /// Runs the workload once, as validation does, under V8's sampling CPU profiler (one sample
    /// every [`CPU_PROF_INTERVAL_US`] µs), which writes its `.cpuprofile` files into `dir`.
    pub fn cpu_profile(
        &self,
        root: &Path,
        files: &[String],
        dir: &Path,
    ) -> Result<RunReport, SuggestError> {
        let args = [
            "--cpu-prof".to_string(),
            format!("--cpu-prof-dir={}", dir.display()),
            format!("--cpu-prof-interval={CPU_PROF_INTERVAL_US}"),
        ];
        self.spawn(root, files, Mode::Validate, None, &args)
    }

    /// `(copy, project)`: the root of the copy a run is in and the project's own, as texts, when
    /// they differ. Test names and output that hold the root (a test titled by its fixture's
    /// absolute path) are given the project's, so that runs in different copies and the profile
    /// name the same tests.
    fn rebase(&self, root: &Path) -> Option<(String, String)> {
        let project = self.workload.as_ref()?.root.display().to_string();
        let copy = root.display().to_string();
        (copy != project && !copy.is_empty()).then_some((copy, project))
    }

    /// The tests to leave out, named as a run in the copy at `root` names them.
    fn skip_in(&self, root: &Path) -> Vec<(String, String)> {
        match self.rebase(root) {
            Some((copy, project)) => self
                .skip
                .iter()
                .map(|(name, file)| (name.replace(&project, &copy), file.clone()))
                .collect(),
            None => self.skip.clone(),
        }
    }

    fn spawn(
        &self,
        root: &Path,
        files: &[String],
        mode: Mode,
        only: Option<&[usize]>,
        node_args: &[String],
    ) -> Result<RunReport, SuggestError> {
        crate::interrupt::check()?;
        let (mode_name, warmup, measure) = match mode {
            Mode::Validate => ("validate", 0, 0),
            Mode::Time { warmup, measure } => ("time", warmup, measure),
            Mode::Script { warmup, measure } => ("script", warmup, measure),
        };
        let config = json!({
            "harness": self.dir.path().join("harness/index.js"),
            "tsHooks": self.dir.path().join("ts_hooks.mjs"),
            "tsRequire": self.dir.path().join("ts_require.js"),
            "root": root,
            "files": files,
            "mode": mode_name,
            "warmup": warmup,
            "measure": measure,
            "minSampleNs": self.min_sample_ns,
            "only": only,
            "globals": self.workload.as_ref().is_none_or(Workload::runner_globals),
            "skip": self.skip_in(root),
            "perFile": self.workload.as_ref().and_then(|w| w.per_file(
                root,
                &files.iter().map(|f| root.join(f)).collect::<Vec<_>>()
            )),
        });
        let cfg = tempfile::Builder::new()
            .prefix("run-")
            .suffix(".json")
            .tempfile_in(self.dir.path())
            .map_err(|e| SuggestError::io("creating a runner config", e))?;
        std::fs::write(cfg.path(), config.to_string())
            .map_err(|e| SuggestError::io("writing a runner config", e))?;
        let mut cmd = Command::new(&self.node);
        cmd.args(node_args)
            .arg(self.dir.path().join("gate.js"))
            .arg(cfg.path())
            .current_dir(root)
            .envs(self.workload.iter().flat_map(Workload::environment));
        let ran = run_captured(&mut cmd, self.timeout)
            .map_err(|e| SuggestError::io(format!("running {}", self.node.display()), e))?;
        let Some((status, stdout, stderr)) = ran else {
            return Err(SuggestError::Timeout(self.timeout.as_secs()));
        };
        // A process that a Ctrl-C ended says nothing about the workload.
        crate::interrupt::check()?;
        let (mut records, mut output) = parse_stdout(&stdout)?;
        if let Some((copy, project)) = self.rebase(root) {
            for r in &mut records {
                if let Record::Test { name, .. } | Record::Timing { name, .. } = r {
                    *name = name.replace(&copy, &project);
                }
            }
            output = output.replace(&copy, &project);
        }
        Ok(RunReport {
            records,
            output,
            stderr,
            status: status.code(),
        })
    }
}

/// Runs `cmd` (stdin closed) with its stdout and stderr captured, killing it after `timeout`:
/// `(status, stdout, stderr)`, or `None` when it timed out.
pub(crate) fn run_captured(
    cmd: &mut Command,
    timeout: Duration,
) -> std::io::Result<Option<(std::process::ExitStatus, String, String)>> {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    let out = child.stdout.take().expect("piped stdout");
    let err = child.stderr.take().expect("piped stderr");
    let read = |mut r: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut b = Vec::new();
            let _ = r.read_to_end(&mut b);
            String::from_utf8_lossy(&b).into_owned()
        })
    };
    let (out_t, err_t) = (read(Box::new(out)), read(Box::new(err)));
    let status = child.wait_timeout(timeout)?;
    if status.is_none() {
        let _ = child.kill();
        let _ = child.wait();
    }
    let (stdout, stderr) = (
        out_t.join().unwrap_or_default(),
        err_t.join().unwrap_or_default(),
    );
    Ok(status.map(|s| (s, stdout, stderr)))
}

/// Splits the runner's stdout into its records and the workload's own output.
pub fn parse_stdout(stdout: &str) -> Result<(Vec<Record>, String), SuggestError> {
    let mut records = Vec::new();
    let mut output = String::new();
    let mut rest = stdout;
    while let Some(at) = rest.find(MARK) {
        output.push_str(&rest[..at]);
        let body = &rest[at + MARK.len()..];
        let end = body
            .find('\u{1e}')
            .ok_or_else(|| SuggestError::Runner("truncated record from the node runner".into()))?;
        let rec: Record = serde_json::from_str(&body[..end])
            .map_err(|e| SuggestError::Runner(format!("bad record from the node runner: {e}")))?;
        records.push(rec);
        rest = &body[end + 1..];
        rest = rest.strip_prefix('\n').unwrap_or(rest);
    }
    output.push_str(rest);
    Ok((records, output))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_are_cut_out_of_the_output() {
        let s = format!(
            "hello\npartial{MARK}{{\"kind\":\"script\",\"ns\":12}}\u{1e}\nworld\n{MARK}{{\"kind\":\"done\",\"tests\":0}}\u{1e}\n"
        );
        let (recs, out) = parse_stdout(&s).unwrap();
        assert_eq!(out, "hello\npartialworld\n");
        assert_eq!(
            recs,
            vec![
                Record::Script {
                    ns: 12.0,
                    repeated: None
                },
                Record::Done { tests: 0 }
            ]
        );
    }
}

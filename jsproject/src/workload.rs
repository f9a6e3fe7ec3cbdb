//! A project's workload, discovered once: how the project runs its tests ([`crate::discover`]),
//! the globs and the files they match, the target to instrument, and what the runner gives its
//! tests. Every engine, the gate and `eval` read this one value.

use std::path::{Path, PathBuf};

use crate::discover::environment::TestEnvironment;
use crate::discover::{Discovery, Runner};
use crate::EngineError;

/// What a run of the project loads and why, discovered once.
#[derive(Debug, Clone)]
pub struct Workload {
    /// The project root, canonical.
    pub root: PathBuf,
    /// How the globs were found: given (`--workload`, `decisionprof.workload`) or discovered.
    pub discovery: Discovery,
    /// How the project itself runs its tests, whatever globs were given; `None` when discovery
    /// finds no tests.
    pub own: Option<Discovery>,
    /// The sub-path to instrument (`--target`, else package.json `decisionprof.target`).
    pub target: Option<PathBuf>,
    /// The workload files, setup files first, absolute.
    pub files: Vec<PathBuf>,
    /// The benchmarks the project ships, whatever the workload is.
    pub benchmarks: Vec<crate::discover::benchmarks::Benchmark>,
    /// The first workload file that loads one of [`SYSTEM_MODULES`], and that module.
    pub system_import: Option<(String, String)>,
}

/// Node built-ins for network, processes and threads, and packages that start servers or
/// processes: what a test needs a real node for.
pub const SYSTEM_MODULES: [&str; 14] = [
    "http",
    "https",
    "http2",
    "net",
    "tls",
    "dgram",
    "dns",
    "cluster",
    "child_process",
    "worker_threads",
    "supertest",
    "undici",
    "execa",
    "cross-spawn",
];

impl Workload {
    /// The workload of the project at `root`: the `given` globs (else discovery's), the
    /// `given_target` (else package.json's); an error when no file matches.
    pub fn open(
        root: &Path,
        given: &[String],
        given_target: Option<&Path>,
    ) -> Result<Workload, EngineError> {
        let root = root.canonicalize().map_err(|e| EngineError::Io {
            path: root.to_path_buf(),
            source: e,
        })?;
        let target = target(&root, given_target)?;
        let own = crate::discover::discover(&root, &[]);
        let (discovery, own) = if given.is_empty() {
            let own = own?;
            (own.clone(), Some(own))
        } else {
            (crate::discover::discover(&root, given)?, own.ok())
        };
        let patterns = discovery.globs();
        let files = crate::globs::resolve(&root, &patterns)?;
        if files.is_empty() {
            return Err(EngineError::Input(format!(
                "{}: no workload files match {}",
                root.display(),
                patterns.join(", ")
            )));
        }
        let benchmarks = crate::discover::benchmarks(&root);
        let system_import = Workload::first_import_of(&root, &files, &SYSTEM_MODULES);
        Ok(Workload {
            root,
            discovery,
            own,
            target,
            files,
            benchmarks,
            system_import,
        })
    }

    /// The project's own workload at `root` (discovered globs, package.json's target).
    pub fn of(root: &Path) -> Result<Workload, EngineError> {
        Workload::open(root, &[], None)
    }

    /// The project's own tests as a workload, when this workload is something else (its
    /// benchmarks) and the project has tests.
    pub fn own_tests(&self) -> Option<Workload> {
        let own = self.own.clone()?;
        if own == self.discovery {
            return None;
        }
        let files = crate::globs::resolve(&self.root, &own.globs()).ok()?;
        let system_import = Workload::first_import_of(&self.root, &files, &SYSTEM_MODULES);
        (!files.is_empty()).then(|| Workload {
            root: self.root.clone(),
            discovery: own.clone(),
            own: Some(own),
            target: self.target.clone(),
            files,
            benchmarks: self.benchmarks.clone(),
            system_import,
        })
    }

    /// The first of `files` (absolute) that loads one of `modules` (Node built-ins with or
    /// without `node:`, or packages), by `require`, `import … from` or `import()` in its text:
    /// `(file relative to `root`, module)`.
    fn first_import_of(
        root: &Path,
        files: &[PathBuf],
        modules: &[&str],
    ) -> Option<(String, String)> {
        let names = modules
            .iter()
            .map(|m| regex::escape(m))
            .collect::<Vec<_>>()
            .join("|");
        let pattern = format!(
            r#"(?:\brequire\s*\(\s*|\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](?:node:)?({names})(?:/[^'"]*)?['"]"#
        );
        let re = regex::Regex::new(&pattern).ok()?;
        files.iter().find_map(|f| {
            let text = std::fs::read_to_string(f).ok()?;
            let m = re.captures(&text)?.get(1)?.as_str().to_string();
            Some((crate::classify::rel_path(root, f), m))
        })
    }

    /// Whether the workload's runner defines test globals (`describe`, `it`, `test`, `expect`, …):
    /// mocha, jest, vitest, jasmine and workloads named by globs do; a script run by `node`,
    /// tape, tap, `node --test`, ava and uvu define none.
    pub fn runner_globals(&self) -> bool {
        use crate::discover::Runner;
        !matches!(
            self.discovery.runner,
            Runner::Node
                | Runner::Tape
                | Runner::Tap
                | Runner::NodeTest
                | Runner::Ava
                | Runner::Uvu
        )
    }

    /// The options of `node_runner.js` ([`crate::harness::NODE_RUNNER_JS`]) for this workload in
    /// place: `--no-globals` when its runner defines none, `--per-file` for jest and vitest.
    pub fn node_runner_args(&self) -> Vec<String> {
        let mut args: Vec<String> = match self.runner_globals() {
            true => Vec::new(),
            false => vec!["--no-globals".into()],
        };
        if let Some(p) = self.per_file(&self.root, &self.files) {
            args.extend(["--per-file".into(), p.to_string()]);
        }
        args
    }

    /// True when every workload file is one of the project's benchmarks.
    pub fn is_benchmarks(&self) -> bool {
        let files = self.rel_files();
        !files.is_empty()
            && files
                .iter()
                .all(|f| self.benchmarks.iter().any(|b| &b.file == f))
    }

    /// The workload files relative to the root, `/`-separated, in load order.
    pub fn rel_files(&self) -> Vec<String> {
        self.files
            .iter()
            .map(|f| crate::classify::rel_path(&self.root, f))
            .collect()
    }

    /// The environment the project's test runner gives its tests beyond the user's (see
    /// [`Discovery::env`]); empty when discovery finds no runner.
    pub fn environment(&self) -> Vec<(String, String)> {
        self.own.as_ref().map(|d| d.env.clone()).unwrap_or_default()
    }

    /// The test runner the project uses, when discovery finds one.
    pub fn runner(&self) -> Option<Runner> {
        self.own.as_ref().map(|d| d.runner)
    }

    /// What the project's tests lack under node because of their runner's test environment (see
    /// [`TestEnvironment::node_note`]).
    pub fn node_environment_note(&self) -> Option<String> {
        self.own
            .as_ref()?
            .environment
            .as_ref()?
            .node_note(&self.root)
    }

    /// The project's test environment when it is a DOM (jsdom, happy-dom) the project has
    /// installed: its tests need node, as Boa cannot run the DOM's package.
    pub fn installed_dom(&self) -> Option<&TestEnvironment> {
        self.own
            .as_ref()?
            .environment
            .as_ref()
            .filter(|e| e.dom.is_some_and(|d| d.find(&self.root).is_some()))
    }

    /// How jest and vitest (and tap, `node --test` and ava, a process per file) load each test
    /// file, for a runner under node (harness/node_side.js `nodePerFile`), in the copy at `root`
    /// whose workload files are `files`: `{ fresh, setup, dom }`, whether each test file gets its
    /// own modules, the setup files among `files` that run before each, and the DOM to lay over
    /// the globals; `None` for other runners.
    pub fn per_file(&self, root: &Path, files: &[PathBuf]) -> Option<serde_json::Value> {
        let d = self.own.as_ref().filter(|d| d.runner.setup_per_file())?;
        let setup: Vec<&PathBuf> = files
            .iter()
            .filter(|f| {
                f.strip_prefix(root)
                    .is_ok_and(|r| d.setup.iter().any(|s| Path::new(s) == r))
            })
            .collect();
        let dom = TestEnvironment::per_file(d.environment.as_ref(), d.runner, root);
        Some(serde_json::json!({ "fresh": d.isolated, "setup": setup, "dom": dom }))
    }
}

/// The `decisionprof.target` entry of the project's package.json, if any.
pub fn package_target(root: &Path) -> Option<String> {
    let text = std::fs::read_to_string(root.join("package.json")).ok()?;
    let json: serde_json::Value = serde_json::from_str(&text).ok()?;
    json.get("decisionprof")?
        .get("target")?
        .as_str()
        .map(str::to_string)
}

/// The sub-path of `root` to instrument: `given` (`--target`), else `decisionprof.target`; an
/// error when it names nothing that exists.
pub fn target(root: &Path, given: Option<&Path>) -> Result<Option<PathBuf>, EngineError> {
    let (t, from) = match given {
        Some(t) => (t.to_path_buf(), "--target".to_string()),
        None => match package_target(root) {
            Some(t) => (
                PathBuf::from(t),
                format!(
                    "{}: decisionprof.target",
                    root.join("package.json").display()
                ),
            ),
            None => return Ok(None),
        },
    };
    let abs = if t.is_absolute() {
        t.clone()
    } else {
        root.join(&t)
    };
    if !abs.exists() {
        return Err(EngineError::Input(format!(
            "{from} names {}, which does not exist in {}",
            t.display(),
            root.display()
        )));
    }
    Ok(Some(t))
}

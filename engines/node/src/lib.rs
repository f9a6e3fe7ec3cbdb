//! The node engine (`--engine node`): the same instrumented program runs under real node. The
//! project's scripts are instrumented up front ([`prepare`]), `js/node_profile.js` loads
//! them through a `require` hook and ES-module load hooks with `js/dp_node.js` as `__dp`
//! (the Boa runtime's semantics in JavaScript), runs the workload through the shared harness and
//! writes what it recorded; [`dump`] turns that into the same [`Profile`] the Boa engine makes.

mod dump;
mod lazy;
mod prepare;
mod redirects;
mod serve_deps;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use wait_timeout::ChildExt;

use jsproject::profile::Profile;
use jsproject::workload::Workload;
use jsproject::{EngineError, ProfileOptions, RunOutcome};

use jsproject::runtime_js::{GUARDED_FUNCTION_JS, UNDO_JS};

/// The `__dp` runtime under node.
pub const DP_NODE_JS: &str = include_str!("../js/dp_node.js");
/// The profiling runner under node.
pub const NODE_PROFILE_JS: &str = include_str!("../js/node_profile.js");
/// A dependency instrumented for write logging as node loads it (shared by the runner and hooks).
pub const DEPENDENCY_TEXT_JS: &str = include_str!("../js/dependency_text.js");
/// The prepared files' store, read by the runner and the hooks alike.
pub const PREPARED_STORE_JS: &str = include_str!("../js/prepared_store.js");
/// ES-module load hooks serving instrumented text.
pub const NODE_HOOKS_MJS: &str = include_str!("../js/node_hooks.mjs");

/// Time a node run gets past `--timeout` to write what it gathered before it is killed.
const GRACE: Duration = Duration::from_secs(30);

pub use jsproject::find_node;

/// Runs the project's workload under node (instrumented unless `opts.instrument` is false) and
/// profiles it; dependencies are instrumented for write logging as node loads them.
pub fn profile_project_node(
    workload: &Workload,
    opts: &ProfileOptions,
) -> Result<RunOutcome, EngineError> {
    let (original, target, files) = (&workload.root, workload.target.clone(), &workload.files);
    let node = find_node().ok_or_else(|| {
        EngineError::Input(
            "--engine node needs `node` on PATH (Debian: apt-get install nodejs)".into(),
        )
    })?;
    let dir = tempfile::tempdir().map_err(|e| io(std::env::temp_dir(), e))?;
    let root = copy_for_run(original, dir.path())?;
    let files: Vec<PathBuf> = files
        .iter()
        .map(|f| root.join(f.strip_prefix(original).unwrap_or(f)))
        .collect();
    // the project's files are found and instrumented where they are; node loads its own
    // files from the copy and those of a linked `node_modules` by their real path
    let target = target.map(|t| jsproject::classify::rel_path(original, &original.join(t)));
    let project_files = jsproject::classify::ProjectFiles::new(original);
    let rules = jsproject::classify::Rules {
        root: original,
        include_deps: opts.include_deps,
        target: target.as_deref(),
        files: &project_files,
    };
    let preparer = prepare::Preparer::new(
        original,
        workload.runner(),
        &rules,
        !opts.instrument,
        opts.exact,
    )?;
    // an instrumented run prepares the project's scripts as node loads them, a plain one up front
    let (mut prepared, lazy) = match opts.instrument && !opts.flow {
        true => {
            let store = lazy::LazyStore::new(preparer, original, &root);
            let prepared = prepare::Prepared {
                lazy: store.paths().map(String::from).collect(),
                ..prepare::Prepared::default()
            };
            (prepared, Some(Arc::new(Mutex::new(store))))
        }
        false => (preparer.prepare_all(), None),
    };
    let redirects = redirects::missing_build_output(&root);
    for (from, to) in &redirects {
        let (rel_from, rel_to) = (
            jsproject::classify::rel_path(&root, from),
            jsproject::classify::rel_path(&root, to),
        );
        prepared.notes.push(format!(
            "{rel_from}: build output, not built; its source {rel_to} is run instead (decisions are found and patched there)"
        ));
        prepared.redirects.insert(
            from.to_string_lossy().into_owned(),
            to.to_string_lossy().into_owned(),
        );
    }
    let in_copy: Vec<(String, prepare::Packed)> = prepared
        .store
        .iter()
        .filter_map(|(k, v)| {
            let rel = Path::new(k).strip_prefix(original).ok()?;
            Some((root.join(rel).to_string_lossy().into_owned(), *v))
        })
        .collect();
    prepared.store.extend(in_copy);
    let timeout = opts.timeout.unwrap_or(jsproject::DEFAULT_TIMEOUT);
    let server = match lazy.is_some() {
        true => Some(
            serve_deps::DependencyServer::start(lazy.clone(), dir.path())
                .map_err(|e| EngineError::Engine(format!("cannot serve the instrumenter: {e}")))?,
        ),
        false => None,
    };
    let copy = RunCopy {
        root: &root,
        files: &files,
    };
    let config = write_assets(
        dir.path(),
        workload,
        copy,
        opts,
        &prepared,
        server.as_ref(),
        timeout,
    )?;
    let started = Instant::now();
    let env = workload.environment();
    let what = jsproject::heartbeat::run_name(opts, " under node");
    let v8: &[&str] = match opts.instrument {
        true => INSTRUMENTED_V8_OPTIONS,
        false => &[],
    };
    let limit = timeout + GRACE;
    let (stdout, stderr) = run_node(&node, v8, &config, &root, &env, limit, &what)?;
    drop(server);
    if let Some(lazy) = &lazy {
        let notes = std::mem::take(&mut prepared.notes);
        prepared = lazy::LazyStore::finish(lazy);
        prepared.notes.extend(notes);
    }
    let out = dir.path().join("out.json");
    let text = std::fs::read_to_string(&out).map_err(|_| {
        let tail: Vec<&str> = stderr.lines().rev().take(12).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        EngineError::Engine(format!(
            "node stopped before it wrote its profile:\n{}",
            tail.join("\n")
        ))
    })?;
    let dump: dump::Dump = serde_json::from_str(&text)
        .map_err(|e| EngineError::Engine(format!("the node runner's profile: {e}")))?;
    if let Some(e) = dump.syntax_error() {
        return Err(EngineError::Syntax(e.to_string()));
    }
    let mut profile: Profile = dump.into_profile(
        &prepared,
        original.to_string_lossy().into_owned(),
        started.elapsed().as_secs_f64(),
    );
    profile.cost_model = opts.cost_model;
    // what the tests printed, their errors and their names (a test titled by its fixture's
    // absolute path) name the project, not the copy
    let (copy, project) = (root.to_string_lossy(), original.to_string_lossy());
    for t in &mut profile.tests {
        t.name = t.name.replace(&*copy, &project);
        if let Some(e) = t.error.as_mut() {
            *e = e.replace(&*copy, &project);
        }
    }
    for n in &mut profile.notes {
        *n = n.replace(&*copy, &project);
    }
    profile.notes.splice(0..0, workload.node_environment_note());
    Ok(RunOutcome {
        profile,
        stdout: stdout.replace(&*copy, &project),
        flow: None,
    })
}

/// The copy of the project the tests run in, inside `dir`: what they write (files, build
/// output) never reaches the project.
fn copy_for_run(original: &Path, dir: &Path) -> Result<PathBuf, EngineError> {
    let root = dir.join("project");
    let copied = jsproject::copy::copy_project(original, &root, &|_| false)
        .and_then(|()| jsproject::copy::link_hoisted_modules(original, &root));
    copied.map_err(|e| io(e.path, e.source))?;
    root.canonicalize().map_err(|e| io(root.clone(), e))
}

fn io(path: PathBuf, source: std::io::Error) -> EngineError {
    EngineError::Io { path, source }
}

fn write(dir: &Path, name: &str, text: &str) -> Result<PathBuf, EngineError> {
    let p = dir.join(name);
    std::fs::write(&p, text).map_err(|e| io(p.clone(), e))?;
    Ok(p)
}

/// Where a run's tests run: the copy of the project and its workload files there.
struct RunCopy<'a> {
    root: &'a Path,
    files: &'a [PathBuf],
}

/// Writes the runner, the runtime, the harness and the run's configuration; the configuration's path.
fn write_assets(
    dir: &Path,
    workload: &Workload,
    copy: RunCopy,
    opts: &ProfileOptions,
    prepared: &prepare::Prepared,
    server: Option<&serve_deps::DependencyServer>,
    timeout: Duration,
) -> Result<PathBuf, EngineError> {
    let instrumenter = server.map(|s| s.port);
    let pipes = server.and_then(|s| s.pipes.as_ref());
    let pack = dir.join("store.pack");
    std::fs::write(&pack, &prepared.pack).map_err(|e| io(pack.clone(), e))?;
    let mut files: serde_json::Map<String, serde_json::Value> = prepared
        .store
        .iter()
        .map(|(k, p)| {
            let mut at = vec![p.text.0, p.text.1];
            at.extend(p.functions.iter().flat_map(|f| [f.0, f.1]));
            (k.clone(), serde_json::json!(at))
        })
        .collect();
    // prepared when node asks for them (`lazy`)
    files.extend(
        prepared
            .lazy
            .iter()
            .map(|k| (k.clone(), serde_json::json!([]))),
    );
    let store = write(
        dir,
        "store.json",
        &serde_json::json!({ "pack": pack, "files": files, "instrumenter": instrumenter })
            .to_string(),
    )?;
    let costs: serde_json::Value = serde_json::from_str(jsproject::cost_table::TABLE_JSON)
        .map_err(|e| EngineError::Engine(format!("native cost table: {e}")))?;
    let deadline = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
        .saturating_add(timeout)
        .as_millis() as u64;
    let instrumented = opts.instrument && !opts.flow;
    // node_hooks.mjs imports it from beside itself
    write(dir, "ts_hooks.mjs", jsproject::harness::TS_HOOKS_MJS)?;
    let config = serde_json::json!({
        "harness": jsproject::harness::write_harness(&dir.join("harness"))
            .map_err(|e| io(dir.join("harness"), e))?,
        "undo": write(dir, "undo.js", UNDO_JS)?,
        "runtime": write(dir, "dp_node.js", DP_NODE_JS)?,
        "guardedFunction": write(dir, "guarded_function.js", GUARDED_FUNCTION_JS)?,
        "hooks": write(dir, "node_hooks.mjs", NODE_HOOKS_MJS)?,
        "dependencyText": write(dir, "dependency_text.js", DEPENDENCY_TEXT_JS)?,
        "preparedStore": write(dir, "prepared_store.js", PREPARED_STORE_JS)?,
        "tsRequire": write(dir, "ts_require.js", jsproject::harness::TS_REQUIRE_JS)?,
        "store": store,
        "redirects": prepared.redirects,
        "perFile": workload.per_file(copy.root, copy.files),
        "globals": workload.runner_globals(),
        "root": copy.root,
        "files": copy.files,
        "instrumenter": instrumenter,
        "pipes": pipes.map(|(requests, answers)| serde_json::json!({ "requests": requests, "answers": answers })),
        "out": dir.join("out.json"),
        "progress": dir.join("progress.json"),
        "testTimeoutMs": opts.test_timeout.map_or(0, |t| t.as_millis() as u64),
        "runtimeConfig": {
            "budget": opts.spec_budget,
            "plain": !instrumented,
            "nativeModel": opts.cost_model == jsproject::CostModel::Native,
            "exact": opts.exact,
            "deadline": deadline,
            "root": copy.root,
            "costs": if instrumented { costs["costs"].clone() } else { serde_json::Value::Null },
            "toNumber": if instrumented { costs["costs"]["ToNumber"].clone() } else { serde_json::Value::Null },
            "caught": if instrumented { costs["costs"]["Catch"].clone() } else { serde_json::Value::Null },
        },
    });
    write(dir, "node_profile.js", NODE_PROFILE_JS)?;
    write(dir, "config.json", &config.to_string())
}

/// Time the runner gets to exit once it wrote its profile. node 20 can deadlock as it shuts
/// down (a compile task of V8's waiting for the main thread, which waits for it: nodejs/node
/// issue 54918); seen here in 1 of 4 to 1 of 25 runs on a loaded machine. Past it the runner
/// is killed and its profile read as written.
const EXIT_GRACE: Duration = Duration::from_secs(3);

/// Waits for the runner at most `limit`, printing a progress line now and then from what it
/// writes to `progress` (`{ done, failed, current: [name, file] }` as each test starts), and at
/// most [`EXIT_GRACE`] once `out` (the profile, renamed into place when complete) exists.
fn wait_reporting(
    child: &mut std::process::Child,
    limit: Duration,
    progress: &Path,
    what: &str,
) -> std::io::Result<Option<std::process::ExitStatus>> {
    let started = Instant::now();
    let out = progress.with_file_name("out.json");
    let mut written: Option<Instant> = None;
    let mut beat = jsproject::heartbeat::Beat::new();
    loop {
        let left = limit.saturating_sub(started.elapsed());
        let step = match written {
            Some(_) => Duration::from_millis(200),
            None => Duration::from_secs(1),
        };
        if let Some(status) = child.wait_timeout(left.min(step))? {
            return Ok(Some(status));
        }
        match written {
            Some(at) if at.elapsed() >= EXIT_GRACE => return Ok(None),
            None if out.exists() => written = Some(Instant::now()),
            _ => {}
        }
        if started.elapsed() >= limit {
            return Ok(None);
        }
        if beat.due() {
            let p: serde_json::Value = std::fs::read_to_string(progress)
                .ok()
                .and_then(|t| serde_json::from_str(&t).ok())
                .unwrap_or_default();
            let count = |k: &str| p[k].as_u64().unwrap_or(0) as usize;
            let current = p["current"].as_array().map(|c| {
                let s = |i: usize| c.get(i).and_then(|v| v.as_str()).unwrap_or("").to_string();
                (s(0), s(1))
            });
            let line = jsproject::heartbeat::line(
                what,
                started.elapsed(),
                count("done"),
                count("failed"),
                current.as_ref(),
            );
            eprintln!("{line}");
        }
    }
}

/// V8's options for an instrumented run. V8 inlines only functions of at most 60 bytes of
/// bytecode (460 by default): the runtime's calls at every check of every decision stay calls
/// instead of copies of the runtime's bodies, so its optimizing compiler (one background thread
/// on a 2-core machine) gets through the program's hot functions sooner. js-yaml's workload
/// 0.71 → 0.63 s, compute-bound suites (earcut's own, bench/vm) unchanged
/// (docs/results/settling.md); what a run computes and records does not depend on it.
const INSTRUMENTED_V8_OPTIONS: &[&str] = &["--max-inlined-bytecode-size=60"];

/// Runs the runner under V8 options `v8`; its stdout (the program's output) and stderr. Killed
/// after `limit`.
fn run_node(
    node: &Path,
    v8: &[&str],
    config: &Path,
    root: &Path,
    env: &[(String, String)],
    limit: Duration,
    what: &str,
) -> Result<(String, String), EngineError> {
    let runner = config.with_file_name("node_profile.js");
    let mut child = Command::new(node)
        .arg("--stack-size=8000")
        .args(v8)
        .arg(&runner)
        .arg(config)
        .current_dir(root)
        .envs(env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| io(node.to_path_buf(), e))?;
    let mut out_pipe = child.stdout.take();
    let mut err_pipe = child.stderr.take();
    let out_thread = std::thread::spawn(move || {
        let mut s = String::new();
        if let Some(p) = out_pipe.as_mut() {
            let _ = p.read_to_string(&mut s);
        }
        s
    });
    let err_thread = std::thread::spawn(move || {
        let mut s = String::new();
        if let Some(p) = err_pipe.as_mut() {
            let _ = p.read_to_string(&mut s);
        }
        s
    });
    let status = wait_reporting(
        &mut child,
        limit,
        &config.with_file_name("progress.json"),
        what,
    )
    .map_err(|e| io(node.to_path_buf(), e))?;
    if status.is_none() {
        let _ = child.kill();
        let _ = child.wait();
    }
    let stdout = out_thread.join().unwrap_or_default();
    let stderr = err_thread.join().unwrap_or_default();
    Ok((stdout, stderr))
}

//! Drives one run: loads each workload file, runs its tests one by one through the harness,
//! runs the event loop until it settles, and turns the recordings into a `Profile`.

use std::cell::{Cell as StdCell, RefCell};
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use boa_engine::builtins::promise::PromiseState;
use boa_engine::object::builtins::JsPromise;
use boa_engine::{js_string, Context, JsError, JsNativeError, JsObject, JsValue};

use crate::host::{self, describe_error, rel_path, Api};
use crate::jobs::Jobs;
use crate::rt::Runtime;
use crate::state::{HostState, JsRefs, Shared};
use crate::units::Progress;
use jsproject::profile::{DecisionProfile, Profile, TestResult, Totals};
use jsproject::workload::Workload;
use jsproject::{EngineError, ProfileOptions};

/// How much longer than keeping the profile takes the run goes on before keeping it again (the
/// overhead stays under 1/this).
const SNAPSHOT_SPACING: u32 = 10;

/// A test of the harness's run list.
#[derive(Clone)]
struct Listed {
    name: String,
    file: String,
    /// A `node:test` subtest that ran inside its parent (its unit is recorded).
    inline: bool,
}

/// Why a run stops early.
#[derive(Debug, PartialEq, Eq)]
enum Stop {
    Timeout,
    Exit,
}

/// How a loop ended.
enum LoopEnd {
    Settled,
    Idle,
}

struct Driver {
    ctx: Context,
    api: Api,
    s: Rc<Shared>,
    harness: JsObject,
    /// Longest a test may run (`--test-timeout`), if limited.
    test_timeout: Option<std::time::Duration>,
    /// The project's root, when the run started, when the profile was last kept and how long
    /// keeping it took.
    root: std::path::PathBuf,
    started: Instant,
    snapshot_at: Instant,
    snapshot_cost: std::time::Duration,
}

impl Driver {
    fn stop_reason(&self) -> Option<Stop> {
        if self.s.rt.borrow().timed_out {
            Some(Stop::Timeout)
        } else if self.s.host.borrow().exit_code.is_some() {
            Some(Stop::Exit)
        } else {
            None
        }
    }

    fn harness_call(&mut self, name: &str, args: &[JsValue]) -> Result<JsValue, JsError> {
        let f = self.harness.get(js_string!(name), &mut self.ctx)?;
        let f = f.as_callable().ok_or_else(|| {
            JsError::from(
                boa_engine::JsNativeError::typ().with_message(format!("harness has no {name}")),
            )
        })?;
        f.call(&self.harness.clone().into(), args, &mut self.ctx)
    }

    fn check_deadline(&self) -> bool {
        self.s.rt.borrow_mut().check_deadline()
    }

    /// Runs nextTicks, microtasks and macrotasks until `until` settles or no work is left.
    fn run_loop(&mut self, until: Option<&JsPromise>) -> Result<LoopEnd, JsError> {
        loop {
            // nextTicks and promise jobs until both are empty (a job may queue a tick)
            loop {
                let ran = self.api.call("runTicks", &[], &mut self.ctx)?.to_boolean();
                let had_jobs = !self.s.jobs.is_empty();
                self.ctx.run_jobs()?;
                if !ran && !had_jobs {
                    break;
                }
            }
            if let Some(p) = until {
                if !matches!(p.state(), PromiseState::Pending) {
                    return Ok(LoopEnd::Settled);
                }
            }
            if self.check_deadline() {
                return Err(crate::dp::uncatchable(crate::dp::TIMEOUT_MESSAGE));
            }
            if !self
                .api
                .call("runMacrotask", &[], &mut self.ctx)?
                .to_boolean()
            {
                return Ok(LoopEnd::Idle);
            }
        }
    }

    fn begin_unit(&mut self, name: String, file: String) -> usize {
        {
            let mut rt = self.s.rt.borrow_mut();
            rt.unit_deadline = self.test_timeout.map(|t| Instant::now() + t);
            rt.unit_timed_out = false;
        }
        let idx = crate::units::open(&self.s, name, file, None);
        self.s.rt.borrow_mut().reset_stacks();
        crate::dp::set_flow_unit(&self.s, idx, &mut self.ctx);
        self.clear_stale_state();
        self.s.host.borrow_mut().uncaught = None;
        idx
    }

    /// Forgets decision and check stacks an uncaught exception left open, and the writes they logged.
    fn clear_stale_state(&mut self) {
        self.s.rt.borrow_mut().reset_stacks();
        {
            let mut js = self.s.js.borrow_mut();
            js.real_log.clear();
            js.real_snapped.clear();
            js.real_overflow = false;
        }
        crate::dp::sync_on(&self.s);
    }

    fn end_unit(&mut self, idx: usize, failure: Option<String>) {
        self.clear_stale_state();
        {
            let mut rt = self.s.rt.borrow_mut();
            rt.unit_deadline = None;
            rt.unit_timed_out = false;
        }
        crate::units::close_open_subtests(&self.s, idx);
        let uncaught = self.s.host.borrow_mut().uncaught.take();
        let failure = failure
            .or(uncaught.map(|e| format!("uncaught {e}")))
            .map(with_boa_hint);
        crate::units::close(&self.s, idx, failure);
        if self.snapshot_at.elapsed() >= self.snapshot_cost * SNAPSHOT_SPACING {
            let began = Instant::now();
            let kept = build_profile(self, &self.root, self.started, true);
            if let Ok(mut p) = self.s.progress.lock() {
                p.snapshot = Some(kept);
            }
            self.snapshot_at = Instant::now();
            self.snapshot_cost = began.elapsed();
        }
    }

    fn error_text(&mut self, e: &JsError) -> String {
        if self.s.rt.borrow().unit_timed_out {
            let secs = self.test_timeout.map_or(0.0, |t| t.as_secs_f64());
            return format!(
                "{} {secs}s and was stopped; the other tests go on",
                jsproject::TEST_TIMED_OUT
            );
        }
        if matches!(
            e.as_engine(),
            Some(boa_engine::error::EngineError::RuntimeLimit(
                boa_engine::error::RuntimeLimitError::LoopIteration
            ))
        ) {
            return format!(
                "stopped: a loop ran {} iterations in one call (spinning?); the other tests go on",
                crate::host::LOOP_ITERATION_LIMIT
            );
        }
        let text = describe_error(e, &mut self.ctx);
        crate::module_loader::explain_link_error(&text, &mut self.ctx).unwrap_or(text)
    }

    /// Evaluates an ES module workload file until its evaluation (top-level `await`) settles;
    /// its namespace.
    fn run_esm_main(&mut self, abs: &Path) -> Result<JsValue, JsError> {
        let (module, promise) = crate::module_loader::run_main(abs, &mut self.ctx)?;
        self.run_loop(Some(&promise))?;
        match promise.state() {
            PromiseState::Fulfilled(_) => Ok(module.namespace(&mut self.ctx).into()),
            PromiseState::Rejected(e) => Err(JsError::from_opaque(e)),
            PromiseState::Pending => Err(JsNativeError::error()
                .with_message("the module's top-level await never settled")
                .into()),
        }
    }

    /// Before a test file of a runner that gives each its own modules: the CommonJS and ES
    /// module caches forget the project's modules (dependencies stay).
    fn isolate(&mut self) {
        let _ = self.api.call("isolate", &[], &mut self.ctx);
        crate::module_loader::isolate(&mut self.ctx);
    }

    /// Evaluates one file as a program's main module; its exports (an ES module's namespace).
    fn evaluate(&mut self, abs: &Path) -> Result<JsValue, JsError> {
        if crate::module_loader::is_esm_file(abs) {
            self.run_esm_main(abs)
        } else {
            let path = boa_engine::JsString::from(abs.to_string_lossy().as_ref());
            self.api.call("runMain", &[path.into()], &mut self.ctx)
        }
    }

    /// Loads one workload file as its own unit; with `per_file` (jest, vitest) in a top-level
    /// suite of its own, after the setup files (`before`).
    fn load_file(
        &mut self,
        abs: &Path,
        rel: &str,
        per_file: bool,
        before: &[PathBuf],
    ) -> Result<(), Stop> {
        self.harness_call("setFile", &[js_string!(rel).into(), per_file.into()])
            .map_err(|_| Stop::Exit)?;
        let before_count = self.registered();
        let idx = self.begin_unit(rel.to_string(), rel.to_string());
        let mut failure = None;
        let mut started = Ok(JsValue::undefined());
        for file in before.iter().map(PathBuf::as_path).chain([abs]) {
            started = self.evaluate(file);
            if started.is_err() {
                break;
            }
        }
        match started {
            Ok(exports) => {
                if let Err(e) = self.harness_call("adoptRootHooks", &[exports]) {
                    failure = Some(self.error_text(&e));
                }
            }
            Err(e) => {
                if let Some(stop) = self.stop_reason() {
                    let failure = self.stop_failure(&stop, before_count);
                    self.end_unit(idx, failure);
                    return Err(stop);
                }
                failure = Some(self.error_text(&e));
            }
        }
        if failure.is_none() {
            failure = self.collect();
        }
        if failure.is_none() {
            if let Err(e) = self.run_loop(None) {
                if let Some(stop) = self.stop_reason() {
                    let failure = self.stop_failure(&stop, before_count);
                    self.end_unit(idx, failure);
                    return Err(stop);
                }
                failure = Some(self.error_text(&e));
            }
        }
        let after = self.registered();
        self.s.units.borrow_mut()[idx].load_of_test_file = after > before_count;
        if failure.is_none() && after == before_count {
            failure = self.script_exit_failure();
        }
        self.end_unit(idx, failure);
        Ok(())
    }

    /// How a stop while a file loads ends its unit: `process.exit(0)` from a script that
    /// registered no test is how a plain script ends well (qunit-extras calls it), as under node;
    /// anything else fails it.
    fn stop_failure(&mut self, stop: &Stop, before_count: u64) -> Option<String> {
        let clean = *stop == Stop::Exit
            && self.s.host.borrow().exit_code == Some(0)
            && self.registered() == before_count;
        (!clean).then(|| stop_text(stop))
    }

    /// The failure a plain script's non-zero `process.exitCode` says, taken back (the
    /// harness's `scriptExitFailure`, as under node).
    fn script_exit_failure(&mut self) -> Option<String> {
        let v = self.harness_call("scriptExitFailure", &[]).ok()?;
        v.as_string().map(|s| s.to_std_string_escaped())
    }

    /// Runs the loaded file's async describe callbacks (vitest's); the error that failed one.
    fn collect(&mut self) -> Option<String> {
        let p = match self.harness_call("collect", &[]) {
            Ok(p) => p,
            Err(e) => return Some(self.error_text(&e)),
        };
        let promise = p.as_object().and_then(|o| JsPromise::from_object(o).ok())?;
        if let Err(e) = self.run_loop(Some(&promise)) {
            return Some(self.error_text(&e));
        }
        match promise.state() {
            PromiseState::Rejected(v) => Some(host::describe_value(&v, &mut self.ctx)),
            _ => None,
        }
    }

    fn registered(&mut self) -> u64 {
        self.harness_call("registeredCount", &[])
            .ok()
            .and_then(|v| v.as_number())
            .unwrap_or(0.0) as u64
    }

    /// The harness's tests in run order.
    fn test_list(&mut self) -> Vec<Listed> {
        let list = self.harness_call("tests", &[]).ok();
        let mut tests = Vec::new();
        let Some(arr) = list.and_then(|v| v.as_object()) else {
            return tests;
        };
        let len = arr
            .get(js_string!("length"), &mut self.ctx)
            .ok()
            .and_then(|v| v.as_number())
            .unwrap_or(0.0) as u32;
        let text = |v: JsValue| {
            v.as_string()
                .map(|s| s.to_std_string_escaped())
                .unwrap_or_default()
        };
        for i in 0..len {
            let t = arr.get(i, &mut self.ctx).unwrap_or_default();
            let Some(t) = t.as_object() else { continue };
            let name = t.get(js_string!("name"), &mut self.ctx).unwrap_or_default();
            let file = t.get(js_string!("file"), &mut self.ctx).unwrap_or_default();
            let inline = t
                .get(js_string!("inline"), &mut self.ctx)
                .unwrap_or_default();
            tests.push(Listed {
                name: text(name),
                file: text(file),
                inline: inline.to_boolean(),
            });
        }
        tests
    }

    /// Runs the harness's tests from `from` on, each as its own unit, with those the tests
    /// register as they run (tape's subtests, right after their parent); how many were run
    /// in all. A `process.exit()` among them leaves a note naming what it left unrun.
    fn run_tests(&mut self, from: usize) -> Result<usize, Stop> {
        let mut tests = self.test_list();
        let mut count = self.registered();
        let mut i = from;
        loop {
            let now = self.registered();
            if i >= tests.len() || now != count {
                count = now;
                tests = self.test_list();
            }
            let Some(t) = tests.get(i).cloned() else {
                return Ok(i);
            };
            // a node:test subtest: its unit was recorded inside its parent's
            if t.inline {
                i += 1;
                continue;
            }
            if let Err(st) = self.run_test(i, t.name, t.file) {
                if st == Stop::Exit {
                    let note = exit_note(&tests[i], &tests[i + 1..]);
                    self.s.host.borrow_mut().notes.extend(note);
                }
                return Err(st);
            }
            i += 1;
        }
    }

    /// Runs test `i` as its own unit.
    fn run_test(&mut self, i: usize, name: String, file: String) -> Result<(), Stop> {
        let idx = self.begin_unit(name, file);
        let p = match self.harness_call("runTest", &[JsValue::from(i as u32)]) {
            Ok(p) => p,
            Err(e) => {
                if let Some(stop) = self.stop_reason() {
                    self.end_unit(idx, Some(stop_text(&stop)));
                    return Err(stop);
                }
                let t = self.error_text(&e);
                self.end_unit(idx, Some(t));
                return Ok(());
            }
        };
        let promise = p.as_object().and_then(|o| JsPromise::from_object(o).ok());
        let Some(promise) = promise else {
            self.end_unit(idx, Some("harness returned no promise".into()));
            return Ok(());
        };
        let end = self.run_loop(Some(&promise));
        if let Err(e) = end {
            // an uncatchable error (a loop over the iteration limit) may have outlived the deadline
            self.check_deadline();
            if let Some(stop) = self.stop_reason() {
                self.end_unit(idx, Some(stop_text(&stop)));
                return Err(stop);
            }
            let t = self.error_text(&e);
            self.end_unit(idx, Some(t));
            return Ok(());
        }
        let failure = match promise.state() {
            PromiseState::Fulfilled(v) => {
                let o = v.as_object();
                match o {
                    Some(o) => {
                        let passed = o
                            .get(js_string!("passed"), &mut self.ctx)
                            .map(|v| v.to_boolean())
                            .unwrap_or(false);
                        if passed {
                            None
                        } else {
                            let err = o
                                .get(js_string!("error"), &mut self.ctx)
                                .unwrap_or_default();
                            Some(
                                err.as_string()
                                    .map(|s| s.to_std_string_escaped())
                                    .unwrap_or_else(|| "failed".into()),
                            )
                        }
                    }
                    None => Some("harness returned no result".into()),
                }
            }
            PromiseState::Rejected(v) => Some(host::describe_value(&v, &mut self.ctx)),
            PromiseState::Pending => {
                Some("test did not finish: the event loop ran out of work".into())
            }
        };
        self.end_unit(idx, failure);
        Ok(())
    }
}

impl Driver {
    /// The object-flow runtime's counters, with the points and unit names they refer to.
    fn flow_run(&mut self) -> Result<jsproject::flowrun::FlowRun, EngineError> {
        let dp = self.s.js.borrow().dp.clone();
        let dump = dp
            .ok_or_else(|| EngineError::Engine("no flow runtime".into()))?
            .get(js_string!("dump"), &mut self.ctx)
            .ok()
            .and_then(|f| f.as_callable())
            .ok_or_else(|| EngineError::Engine("the flow runtime has no dump()".into()))?;
        let text = dump
            .call(&JsValue::undefined(), &[], &mut self.ctx)
            .map_err(|e| EngineError::Engine(format!("flow runtime dump: {e}")))?;
        let text = text
            .as_string()
            .map(|s| s.to_std_string_escaped())
            .unwrap_or_default();
        let counters = serde_json::from_str(&text)
            .map_err(|e| EngineError::Engine(format!("flow runtime dump: {e}")))?;
        let points = std::mem::take(&mut self.s.host.borrow_mut().points);
        Ok(jsproject::flowrun::FlowRun {
            points: points.into_iter().map(|p| (p.point.id, p)).collect(),
            counters,
            units: self
                .s
                .units
                .borrow()
                .iter()
                .map(|u| u.name.clone())
                .collect(),
        })
    }
}

/// What `process.exit()` in test `at` (name, file) left unrun, if anything (node_profile.js
/// writes the same note).
fn exit_note(at: &Listed, left: &[Listed]) -> Option<String> {
    let files: std::collections::BTreeSet<&str> = left.iter().map(|t| t.file.as_str()).collect();
    (!left.is_empty()).then(|| {
        format!(
            "process.exit() was called in `{}` [{}]: the run stopped there, as a runner that runs every file in one process would; {} later test(s) in {} file(s) were not run (leave that test out with --workload)",
            at.name,
            at.file,
            left.len(),
            files.len()
        )
    })
}

/// What `process.exit()` while loading `file` left unrun: `unrun` tests the files before it
/// registered and the `later` files (node_profile.js writes the same note).
fn load_exit_note(file: &str, unrun: usize, later: &[String]) -> Option<String> {
    if unrun == 0 && later.is_empty() {
        return None;
    }
    let mut named: Vec<&str> = later.iter().take(5).map(String::as_str).collect();
    if later.len() > named.len() {
        named.push("…");
    }
    let files = if later.is_empty() {
        String::new()
    } else {
        format!(" ({})", named.join(", "))
    };
    Some(format!(
        "process.exit() was called while loading {file}: the run stopped there, as a runner that runs every file in one process would; {unrun} test(s) already registered and {} later file(s){files} were not run (leave {file} out with --workload)",
        later.len()
    ))
}

fn stop_text(stop: &Stop) -> String {
    match stop {
        Stop::Timeout => "stopped: the run exceeded --timeout".into(),
        Stop::Exit => "stopped: process.exit() was called".into(),
    }
}

/// Runs the workload in this thread; returns the outcome (timeouts included).
pub(crate) fn run(
    opts: &ProfileOptions,
    workload: &Workload,
    deadline: Option<Instant>,
    stdout: Arc<Mutex<String>>,
    progress: Arc<Mutex<Progress>>,
) -> Result<(Profile, Option<jsproject::flowrun::FlowRun>), EngineError> {
    let started = Instant::now();
    let (root, files) = (workload.root.as_path(), &workload.files[..]);
    let target = workload.target.clone().map(|t| {
        let abs = if t.is_absolute() { t } else { root.join(t) };
        rel_path(root, &abs)
    });
    // the project's runner: what it gives its tests decides parts of the host
    let discovery = workload.own.clone();
    let runner = discovery.as_ref().map(|d| d.runner);
    jsproject::resolve::use_conditions_of(discovery.as_ref().map_or(&[][..], |d| &d.env[..]));
    // jest and vitest: each test file runs the setup files first, in a top-level suite of its
    // own, with its own modules unless vitest's `isolate: false` says otherwise
    let per_file = discovery
        .as_ref()
        .filter(|d| d.runner.setup_per_file())
        .map(|d| {
            let setup: Vec<PathBuf> = files
                .iter()
                .filter(|f| d.setup.contains(&rel_path(root, f)))
                .cloned()
                .collect();
            (d.isolated, setup)
        });
    let s = Rc::new(Shared {
        rt: RefCell::new({
            let mut rt = Runtime::new(opts.spec_budget.max(1), deadline);
            rt.native_model = opts.cost_model == jsproject::CostModel::Native;
            rt.cancel = opts.cancel.clone();
            rt.exact = opts.exact;
            rt
        }),
        host: RefCell::new(HostState {
            root: root.to_path_buf(),
            runner_env: workload.environment(),
            instrument: opts.instrument,
            include_deps: opts.include_deps,
            target,
            next_decision: 0,
            next_binding: 0,
            decisions: Vec::new(),
            files: 0,
            syntax_error: None,
            notes: discovery
                .and_then(|d| d.environment)
                .map(|e| e.boa_note())
                .into_iter()
                .collect(),
            exit_code: None,
            uncaught: None,
            project_files: jsproject::classify::ProjectFiles::new(root),
            function_texts: Default::default(),
            redirects: Vec::new(),
            to_number: None,
            caught: None,
            flow: opts.flow,
            next_point: 1,
            points: Vec::new(),
            module_globals: runner == Some(jsproject::discover::Runner::Vitest),
            tolerant_imports: jsproject::missing_imports::runner_tolerates(runner),
            exports: jsproject::missing_imports::ExportCache::for_runner(runner),
            prepared: Default::default(),
            ts: jsproject::tsconfig::ts_options(root),
        }),
        js: RefCell::new(JsRefs::default()),
        jobs: Rc::new(Jobs::default()),
        units: RefCell::new(Vec::new()),
        progress,
        stdout,
        echo: false,
        on: StdCell::new(false),
        in_snap: StdCell::new(false),
        uncharged: StdCell::new(0),
    });
    let mut argv = vec!["node".to_string()];
    argv.extend(files.iter().map(|f| f.to_string_lossy().into_owned()));
    let (mut ctx, api) = host::create(s.clone(), &argv).map_err(EngineError::Engine)?;
    let harness = ctx
        .global_object()
        .get(js_string!("__dpHarness"), &mut ctx)
        .ok()
        .and_then(|v| v.as_object())
        .ok_or_else(|| EngineError::Engine("harness did not define __dpHarness".into()))?;
    let mut drv = Driver {
        ctx,
        api,
        s: s.clone(),
        harness,
        test_timeout: opts.test_timeout,
        root: root.to_path_buf(),
        started,
        snapshot_at: Instant::now(),
        snapshot_cost: std::time::Duration::ZERO,
    };
    let global: JsValue = drv.ctx.global_object().into();
    drv.harness_call("install", &[global, workload.runner_globals().into()])
        .map_err(|e| EngineError::Engine(format!("harness install: {e}")))?;
    let hooks = crate::units::subtest_hooks(&mut drv.ctx);
    drv.harness_call("setUnitHooks", &[hooks.into()])
        .map_err(|e| EngineError::Engine(format!("harness setUnitHooks: {e}")))?;
    let mut stop = None;
    let mut ran = 0;
    for (at, abs) in files.iter().enumerate() {
        let rel = rel_path(root, abs);
        let (fresh, before) = match &per_file {
            Some((_, setup)) if setup.contains(abs) => continue,
            Some((fresh, setup)) => (*fresh, setup.as_slice()),
            None => (false, &[][..]),
        };
        if fresh {
            drv.isolate();
        }
        if let Err(st) = drv.load_file(abs, &rel, per_file.is_some(), before) {
            if st == Stop::Exit {
                let unrun = drv.test_list().len() - ran;
                let setup = per_file.as_ref().map(|(_, s)| s.as_slice()).unwrap_or(&[]);
                let later: Vec<String> = files[at + 1..]
                    .iter()
                    .filter(|f| !setup.contains(f))
                    .map(|f| rel_path(root, f))
                    .collect();
                s.host
                    .borrow_mut()
                    .notes
                    .extend(load_exit_note(&rel, unrun, &later));
            }
            stop = Some(st);
            break;
        }
        // jest and vitest run a file's tests before they load the next file
        if per_file.is_some() && s.host.borrow().syntax_error.is_none() {
            match drv.run_tests(ran) {
                Ok(n) => ran = n,
                Err(st) => {
                    stop = Some(st);
                    break;
                }
            }
        }
    }
    let syntax = s.host.borrow().syntax_error.clone();
    if let Some(msg) = syntax {
        return Err(EngineError::Syntax(msg));
    }
    if stop.is_none() && per_file.is_none() {
        stop = drv.run_tests(0).err();
    }
    if stop.is_none() {
        let _ = drv.run_loop(None);
    }
    let timed_out = stop == Some(Stop::Timeout) || s.rt.borrow().timed_out;
    let flow = if opts.flow {
        Some(drv.flow_run()?)
    } else {
        None
    };
    Ok((build_profile(&drv, root, started, timed_out), flow))
}

fn build_profile(drv: &Driver, root: &Path, started: Instant, timed_out: bool) -> Profile {
    let rt = drv.s.rt.borrow();
    let host = drv.s.host.borrow();
    // Units to report: every test and script; the load phase of a test file only if it failed or recorded data.
    let units = drv.s.units.borrow();
    let mut remap = vec![None; units.len()];
    let mut tests = Vec::new();
    for (i, u) in units.iter().enumerate() {
        let keep = !u.load_of_test_file || !u.passed || rt.unit_has_data.contains(&i);
        if keep {
            remap[i] = Some(tests.len());
            let name = if u.load_of_test_file {
                format!("{} (load)", u.name)
            } else {
                u.name.clone()
            };
            tests.push(TestResult {
                name,
                file: u.file.clone(),
                passed: u.passed,
                error: u.error.clone(),
                branch_points: u.bp,
                native_units: u.native,
            });
        }
    }
    let mut totals = Totals {
        files: host.files,
        ..Totals::default()
    };
    let mut decisions = Vec::new();
    for (i, d) in host.decisions.iter().enumerate() {
        let st = &rt.decisions[i];
        match d.shape {
            instrument::model::Shape::Logical { .. } => totals.logical += 1,
            instrument::model::Shape::Switch(_) => totals.switches += 1,
            instrument::model::Shape::Chain(_) => totals.chains += 1,
        }
        if !d.pruned.is_empty() {
            totals.statically_pruned += 1;
        }
        if st.executions > 0 {
            totals.executed += 1;
        }
        if !st.excluded.is_empty() {
            totals.dynamically_pruned += 1;
        }
        let mut slices = st.slices();
        for sl in &mut slices {
            sl.test = remap.get(sl.test).copied().flatten().unwrap_or(sl.test);
        }
        decisions.push(DecisionProfile {
            unrecorded: st.unrecorded,
            spread: st.spread,
            ..DecisionProfile::new(
                d.clone(),
                st.executions,
                slices,
                &st.excluded,
                st.all_boolean,
                &st.effects,
            )
        });
    }
    Profile {
        root: root.to_string_lossy().into_owned(),
        decisions,
        tests,
        totals,
        seconds: started.elapsed().as_secs_f64(),
        timed_out,
        notes: host.notes.clone(),
        redirects: host.redirects.clone(),
        cost_model: if drv.s.rt.borrow().native_model {
            jsproject::CostModel::Native
        } else {
            jsproject::CostModel::BranchPoints
        },
    }
}

/// A failure's text, with what to do when it names something the embedded engine lacks.
fn with_boa_hint(text: String) -> String {
    if text.contains("WebAssembly is not defined") {
        return format!(
            "{text} (the embedded engine has no WebAssembly; profile under node with --engine node)"
        );
    }
    text
}

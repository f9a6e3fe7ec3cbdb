//! The workload's units as they run, in the order they begin: each test, script and file load,
//! and each `node:test` subtest, which opens inside its parent's unit and closes before the
//! parent goes on.

use boa_engine::object::ObjectInitializer;
use boa_engine::{js_string, Context, JsObject, JsResult, JsValue, NativeFunction};
use jsproject::profile::{Profile, TestResult};

use crate::state::{shared, Shared};

/// What the main thread can still report if the run never returns.
#[derive(Debug, Default)]
pub(crate) struct Progress {
    /// Units finished so far.
    pub tests: Vec<TestResult>,
    /// The unit running now: (name, file).
    pub current: Option<(String, String)>,
    /// The profile as of a unit that ended (kept after every unit while that is cheap): what a
    /// run that stops inside a built-in (past `--timeout`) reports.
    pub snapshot: Option<Profile>,
}

/// One unit of the workload while it runs.
#[derive(Debug)]
pub(crate) struct Unit {
    pub name: String,
    pub file: String,
    pub passed: bool,
    pub error: Option<String>,
    /// Branch points counted: the count when it began until it ends.
    pub bp: u64,
    /// Native units charged (see [`crate::costs`]); as `bp`.
    pub native: u64,
    /// Branch points and native units of its subtests, with theirs (not its own).
    nested: (u64, u64),
    /// The load phase of a file that registered tests (kept only if it matters).
    pub load_of_test_file: bool,
    /// The unit this one was opened inside (a subtest's parent).
    pub parent: Option<usize>,
    /// It has ended.
    pub closed: bool,
}

/// Opens a unit named `name` in `file` inside `parent`: what runs from now is recorded for it.
/// Returns its index.
pub(crate) fn open(s: &Shared, name: String, file: String, parent: Option<usize>) -> usize {
    if let Ok(mut p) = s.progress.lock() {
        p.current = Some((name.clone(), file.clone()));
    }
    let (bp, native) = {
        let rt = s.rt.borrow();
        (rt.pure_branch_points(), rt.native)
    };
    let mut units = s.units.borrow_mut();
    units.push(Unit {
        name,
        file,
        passed: true,
        error: None,
        bp,
        native,
        load_of_test_file: false,
        parent,
        closed: false,
        nested: (0, 0),
    });
    let idx = units.len() - 1;
    s.rt.borrow_mut().unit = idx;
    idx
}

/// Closes unit `idx` with `failure`, if it failed: its counters become what it ran (a parent's
/// leave out its subtests'), and its result goes to the progress report.
pub(crate) fn close(s: &Shared, idx: usize, failure: Option<String>) {
    let (bp, native) = {
        let rt = s.rt.borrow();
        (rt.pure_branch_points(), rt.native)
    };
    let mut units = s.units.borrow_mut();
    let u = &mut units[idx];
    if u.closed {
        return;
    }
    u.closed = true;
    let total = (bp - u.bp, native - u.native);
    u.bp = total.0 - u.nested.0;
    u.native = total.1 - u.nested.1;
    if let Some(e) = failure {
        u.passed = false;
        u.error = Some(e);
    }
    let parent = u.parent;
    let result = (!u.load_of_test_file || !u.passed).then(|| TestResult {
        name: u.name.clone(),
        file: u.file.clone(),
        passed: u.passed,
        error: u.error.clone(),
        branch_points: u.bp,
        native_units: u.native,
    });
    let current = parent.map(|p| {
        let pu = &mut units[p];
        pu.nested.0 += total.0;
        pu.nested.1 += total.1;
        (pu.name.clone(), pu.file.clone())
    });
    if let Ok(mut p) = s.progress.lock() {
        p.current = current;
        p.tests.extend(result);
    }
}

/// Closes the subtests of unit `idx` still open as it ends (stopped at a limit), innermost first.
pub(crate) fn close_open_subtests(s: &Shared, idx: usize) {
    let open: Vec<usize> = {
        let units = s.units.borrow();
        (idx + 1..units.len())
            .rev()
            .filter(|&i| !units[i].closed)
            .collect()
    };
    for i in open {
        close(s, i, Some("stopped: its parent test ended first".into()));
    }
}

/// The hooks the harness calls as a `node:test` subtest starts and ends (`setUnitHooks`).
pub(crate) fn subtest_hooks(ctx: &mut Context) -> JsObject {
    ObjectInitializer::new(ctx)
        .function(
            NativeFunction::from_fn_ptr(subtest_begin),
            js_string!("begin"),
            2,
        )
        .function(
            NativeFunction::from_fn_ptr(subtest_end),
            js_string!("end"),
            2,
        )
        .build()
}

/// `begin(name, file)`: opens the subtest's unit inside the running one; gives its index.
fn subtest_begin(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let name = crate::natives::arg(args, 0, ctx)?;
    let file = crate::natives::arg(args, 1, ctx)?;
    let s = shared(ctx);
    let parent = s.rt.borrow().unit;
    let idx = open(&s, name, file, Some(parent));
    crate::dp::set_flow_unit(&s, idx, ctx);
    Ok(JsValue::from(idx as u32))
}

/// `end(index, error)`: closes the subtest's unit; recording goes back to its parent's.
fn subtest_end(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let idx = args.first().cloned().unwrap_or_default().to_u32(ctx)? as usize;
    let failure = match args.get(1) {
        Some(v) if !v.is_null_or_undefined() => Some(v.to_string(ctx)?.to_std_string_escaped()),
        _ => None,
    };
    let s = shared(ctx);
    let parent = s.units.borrow().get(idx).and_then(|u| u.parent);
    let Some(parent) = parent else {
        return Ok(JsValue::undefined());
    };
    close(&s, idx, failure);
    s.rt.borrow_mut().unit = parent;
    crate::dp::set_flow_unit(&s, parent, ctx);
    Ok(JsValue::undefined())
}

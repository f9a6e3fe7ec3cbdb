//! State shared by the native functions of one run (stored in the Boa context's host data).

use std::cell::{Cell, RefCell};
use std::collections::HashSet;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::{Arc, Mutex};

use boa_engine::{Context, JsObject, JsValue};
use instrument::model::Decision;

use crate::jobs::Jobs;
use crate::rt::Runtime;

/// Host-side facts and results of a run.
#[derive(Debug)]
pub(crate) struct HostState {
    /// Project root (canonical).
    pub root: PathBuf,
    /// What the project's test runner puts in its tests' environment.
    pub runner_env: Vec<(String, String)>,
    /// Instrument files that are loaded.
    pub instrument: bool,
    /// Instrument `node_modules` too.
    pub include_deps: bool,
    /// Only instrument under this path, relative to the root.
    pub target: Option<String>,
    /// Workload files (relative), never instrumented when they look like tests.
    pub next_decision: u32,
    /// Next binding number.
    pub next_binding: u32,
    /// Every decision found, numbered globally.
    pub decisions: Vec<Decision>,
    /// Files instrumented.
    pub files: usize,
    /// A syntax error that makes the run fail.
    pub syntax_error: Option<String>,
    /// Files passed over or loaded as they are, with why.
    pub notes: Vec<String>,
    /// `process.exit` was called with this code.
    pub exit_code: Option<i32>,
    /// An uncaught error reported while a test ran.
    pub uncaught: Option<String>,
    /// Which files are the project's own code.
    pub project_files: jsproject::classify::ProjectFiles,
    /// Build output loaded as its source instead (relative paths), in first-use order.
    pub redirects: Vec<(String, String)>,
    /// Where the instrumented files' functions are in the original text (`toString`).
    pub function_texts: crate::fn_source::FunctionTexts,
    /// The native-cost weight of `ToNumber` (unary `+` in checks), once installed.
    pub to_number: Option<jsproject::cost_table::Weight>,
    /// The native-cost weight of an exception caught (`Catch`), once installed.
    pub caught: Option<jsproject::cost_table::Weight>,
    /// Object-flow run: files are instrumented by `instrument_flow`, `__dp` is `js/flow.js`.
    pub flow: bool,
    /// Next object-flow point number.
    pub next_point: u32,
    /// Object-flow points of the instrumented files.
    pub points: Vec<jsproject::flowrun::Point>,
    /// The project's ES modules (outside `node_modules`) get CommonJS's `require`, `__filename`
    /// and `__dirname`, as vitest gives every module it transforms.
    pub module_globals: bool,
    /// A name a project module imports that its target does not export is `undefined` (vitest
    /// and jest), not a link error (see [`jsproject::missing_imports`]); and a CommonJS dependency's
    /// properties are named exports, as their interop reads them.
    pub tolerant_imports: bool,
    /// What the project's modules export, for `tolerant_imports`.
    pub exports: jsproject::missing_imports::ExportCache,
    /// Every file's text as first prepared (see [`crate::host::prepare_source`]).
    pub prepared: std::collections::HashMap<PathBuf, crate::host::Prepared>,
    /// How the project's TypeScript is stripped (its `tsconfig.json`).
    pub ts: instrument::typescript::TsOptions,
}

/// JS objects the natives need (held outside the GC heap, hence rooted).
#[derive(Default)]
pub(crate) struct JsRefs {
    /// The `__dp` object.
    pub dp: Option<JsObject>,
    /// The global object.
    pub global: Option<JsObject>,
    /// `Object.getOwnPropertyDescriptor`.
    pub gopd: Option<JsObject>,
    /// `requireFrom(filename, request)` from the prelude (CommonJS modules imported by ES modules).
    pub require_from: Option<JsObject>,
    /// `restoreProp(o, k, desc)` from the prelude.
    pub restore_prop: Option<JsObject>,
    /// `snapshot(o)` from the prelude.
    pub snapshot: Option<JsObject>,
    /// `trapReads(props, objs)` from the prelude.
    pub trap_reads: Option<JsObject>,
    /// Undo log of the running speculation: call `f(args)` in reverse order.
    pub undo: Vec<(JsObject, Vec<JsValue>)>,
    /// Objects snapshotted whole in this speculation.
    pub snapped: HashSet<JsObject>,
    /// Writes made by real checks of the current top-level decision, as undo entries (`f(args)`).
    pub real_log: Vec<(JsObject, Vec<JsValue>)>,
    /// Objects snapshotted whole in `real_log`.
    pub real_snapped: HashSet<JsObject>,
    /// `real_log` hit its size limit: replay tests are skipped until it is cleared.
    pub real_overflow: bool,
    /// `saveInternal(kind, o, key)` from the prelude: a restorer of state in internal slots.
    pub save_internal: Option<JsObject>,
    /// `irreversible(kind, o, a, b)` from the prelude: whether a call would change what undo
    /// cannot restore.
    pub irreversible: Option<JsObject>,
    /// `guardCall(f, x, n, ...values)` from the prelude, the value it returns when `f` threw, and
    /// `takeCaught()`, which gives what was thrown (engine/src/guard.rs).
    pub guard: Option<(JsObject, JsObject, JsObject)>,
    /// Iterators made by the running speculation (advancing them is no outside effect).
    pub fresh_spec: HashSet<JsObject>,
    /// Iterators made by the real checks of the current top-level decision.
    pub fresh_real: HashSet<JsObject>,
    /// Regular expressions whose `exec`-family call runs in a real check now: the `exec` calls
    /// it makes on the same expression are its own (their `lastIndex` writes are judged by it).
    pub last_index_calls: Vec<JsObject>,
}

/// Most entries kept in the real-write log of one top-level decision.
pub(crate) const REAL_LOG_LIMIT: usize = 100_000;

/// Everything one run shares between Rust and its natives.
pub(crate) struct Shared {
    /// The profiling runtime.
    pub rt: RefCell<Runtime>,
    /// Host facts.
    pub host: RefCell<HostState>,
    /// JS objects.
    pub js: RefCell<JsRefs>,
    /// The microtask queue.
    pub jobs: Rc<Jobs>,
    /// The workload's units so far, in the order they began.
    pub units: RefCell<Vec<crate::units::Unit>>,
    /// What the main thread reports if the run never returns.
    pub progress: Arc<Mutex<crate::units::Progress>>,
    /// Captured stdout (console.log and friends).
    pub stdout: Arc<Mutex<String>>,
    /// Echo the program's output to our stderr while it runs.
    pub echo: bool,
    /// Last value written to `__dp.on`.
    pub on: Cell<bool>,
    /// The built-ins called now are the engine's own, not logged: a snapshot is being taken, or an
    /// embedded module evaluated (`embedded`).
    pub in_snap: Cell<bool>,
    /// Depth of prelude code standing in for one of node's natives (`Buffer` methods): the
    /// built-ins it calls charge nothing, as node's native would not.
    pub uncharged: Cell<u32>,
}

/// The shared state of the run in `ctx`.
pub(crate) fn shared(ctx: &Context) -> Rc<Shared> {
    ctx.get_data::<Rc<Shared>>()
        .cloned()
        .expect("decisionprof: context without shared state")
}

/// The address of an object, its identity for dependence tracking.
pub(crate) fn addr(o: &JsObject) -> usize {
    let r: &boa_gc::GcRefCell<boa_engine::object::Object<boa_engine::object::ErasedObjectData>> =
        o.as_ref();
    r as *const _ as usize
}

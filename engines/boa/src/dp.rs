//! The `__dp` runtime object: native functions implementing the protocol of ARCHITECTURE.md.

use boa_engine::error::{EngineError, PanicError};
use boa_engine::object::ObjectInitializer;
use boa_engine::property::{Attribute, PropertyDescriptor};
use boa_engine::{js_string, Context, JsError, JsObject, JsResult, JsValue, NativeFunction};

use crate::guard::Thunk;
use crate::rt::{Abort, Frame, Loc, Runtime};
use crate::state::{addr, shared, Shared};
use jsproject::profile::Cell;

/// Message of the uncatchable error that stops a run at `--timeout`.
pub(crate) const TIMEOUT_MESSAGE: &str = "decisionprof: timeout";
/// The message of the uncatchable error that stops a test past `--test-timeout`.
pub(crate) const TEST_TIMEOUT_MESSAGE: &str = "decisionprof: test timeout";
/// Message of the uncatchable error that stops a speculation over budget.
pub(crate) const BUDGET_MESSAGE: &str = "decisionprof: speculation budget exceeded";
/// Message of the uncatchable error `process.exit` raises.
pub(crate) const EXIT_MESSAGE: &str = "decisionprof: process.exit";

/// An error JS code cannot catch.
pub(crate) fn uncatchable(message: &str) -> JsError {
    JsError::from(EngineError::Panic(PanicError::new(message)))
}

/// The uncatchable error that stops running code for `a`.
pub(crate) fn abort_error(a: Abort) -> JsError {
    match a {
        Abort::Budget => uncatchable(BUDGET_MESSAGE),
        Abort::Timeout => uncatchable(TIMEOUT_MESSAGE),
        Abort::TestTimeout => uncatchable(TEST_TIMEOUT_MESSAGE),
    }
}

fn arg(args: &[JsValue], i: usize) -> JsValue {
    args.get(i).cloned().unwrap_or_default()
}

fn num(args: &[JsValue], i: usize) -> u32 {
    args.get(i)
        .and_then(JsValue::as_number)
        .map_or(u32::MAX, |n| n as u32)
}

fn inum(args: &[JsValue], i: usize) -> i64 {
    args.get(i)
        .and_then(JsValue::as_number)
        .map_or(-1, |n| n as i64)
}

/// Tells the object-flow runtime (a flow run's `__dp`) that unit `idx` runs now.
pub(crate) fn set_flow_unit(s: &Shared, idx: usize, ctx: &mut Context) {
    if !s.host.borrow().flow {
        return;
    }
    let dp = s.js.borrow().dp.clone();
    if let Some(dp) = dp {
        let _ = dp.set(js_string!("unit"), idx as u32, false, ctx);
    }
}

/// Writes `__dp.on` if it changed.
///
/// `ce` leaves the flag on when the last check closes; the `de` that always follows (or the
/// unwinding of an exception) turns it off: only glue runs in between, and every native the flag
/// guards reads the runtime's own gate, so a flag left on costs calls, never a wrong log.
pub(crate) fn sync_on(s: &Shared) {
    let gate = s.rt.borrow().gate();
    if gate != s.on.get() {
        s.on.set(gate);
        let dp = s.js.borrow().dp.clone();
        if let Some(dp) = dp {
            // a data property `build` made writable, enumerable and configurable: stored in its
            // slot, without the lookups and checks of `[[Set]]`
            let on = PropertyDescriptor::builder()
                .value(gate)
                .writable(true)
                .enumerable(true)
                .configurable(true);
            dp.insert_property(js_string!("on"), on);
        }
    }
}

fn rt_mut(ctx: &Context) -> std::cell::RefMut<'_, Runtime> {
    ctx.get_data::<std::rc::Rc<Shared>>()
        .expect("decisionprof: context without shared state")
        .rt
        .borrow_mut()
}

fn b(_: &JsValue, _: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    rt_mut(ctx).branch().map_err(abort_error)?;
    Ok(JsValue::undefined())
}

/// `n(x)` → `+x`, charging the string parse under the native-cost model (unary `+` in checks).
fn n(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let x = arg(args, 0);
    let v = x.to_number(ctx)?;
    let w = shared(ctx).host.borrow().to_number;
    if let Some(w) = w {
        let units = crate::costs::to_number_cost(&x, &w);
        rt_mut(ctx).charge(units);
    }
    Ok(JsValue::from(v))
}

fn t(_: &JsValue, _: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    rt_mut(ctx).tick().map_err(abort_error)?;
    Ok(JsValue::undefined())
}

fn ds(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    start(args, ctx, false);
    Ok(JsValue::undefined())
}

/// `dr(d)`: whether this execution takes its instrumented form; if not, the caller runs the
/// plain copy.
fn dr(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    Ok(start(args, ctx, true).into())
}

/// A decision starts (`ds`, `dr`): whether in its instrumented form; a recorded top-level one
/// starts a fresh write log.
fn start(args: &[JsValue], ctx: &mut Context, cheap: bool) -> bool {
    let (instrumented, top) = {
        let mut rt = rt_mut(ctx);
        let instrumented = rt.decision_start(num(args, 0), cheap);
        (instrumented, std::mem::take(&mut rt.top_level_start))
    };
    if top {
        let s = shared(ctx);
        let mut js = s.js.borrow_mut();
        if !js.real_log.is_empty() || js.real_overflow {
            js.real_log.clear();
            js.real_snapped.clear();
            js.real_overflow = false;
        }
        if !js.fresh_real.is_empty() {
            js.fresh_real.clear();
        }
    }
    instrumented
}

/// `dc(d)`: whether arm chain `d`'s next condition takes its instrumented form.
fn dc(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let framed = rt_mut(ctx).chain_framed(num(args, 0));
    Ok(framed.map_err(abort_error)?.into())
}

fn log_len(ctx: &Context) -> usize {
    ctx.get_data::<std::rc::Rc<Shared>>()
        .map_or(0, |s| s.js.borrow().real_log.len())
}

fn cs(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let len = log_len(ctx);
    let r = rt_mut(ctx).check_start(num(args, 0), num(args, 1), len);
    r.map_err(abort_error)?;
    let s = shared(ctx);
    sync_on(&s);
    Ok(JsValue::undefined())
}

fn ce(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let v = arg(args, 2);
    let len = log_len(ctx);
    let (d, leaf) = (num(args, 0), num(args, 1));
    let start = rt_mut(ctx).written_log_start(d, leaf);
    if let Some(start) = start.filter(|&at| at < len && !speculating(ctx)) {
        let s = shared(ctx);
        let back = crate::restored::restored_in_real_log(&s, start, ctx);
        if !back.is_empty() {
            rt_mut(ctx).forget_writes(d, leaf, &back);
        }
    }
    // `__dp.on` stays as it is until the decision's `de` (see `sync_on`)
    rt_mut(ctx).check_end(d, leaf, v.to_boolean(), v.is_boolean(), len);
    Ok(v)
}

fn k(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    Ok(rt_mut(ctx).needs_thunk(num(args, 0)).into())
}

/// `as()`: an async function starts. Nothing to do here: a promise job a speculation queues is
/// dropped by the job queue (and excludes the decision), so no continuation outlives the undo.
fn as_(_: &JsValue, _: &[JsValue], _: &mut Context) -> JsResult<JsValue> {
    Ok(JsValue::undefined())
}

fn dx(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    rt_mut(ctx).decision_unmeasured(num(args, 0));
    Ok(JsValue::undefined())
}

fn sd(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    rt_mut(ctx).switch_start(num(args, 0));
    Ok(arg(args, 1))
}

fn sc(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let r = rt_mut(ctx).switch_case(num(args, 0));
    r.map_err(abort_error)?;
    Ok(JsValue::undefined())
}

/// `sw(d, x, default, labels…)`: a switch whose case tests are all literals, `default` the index
/// of its `default` clause (-1: none); returns `x`. The clause taken is found as the switch
/// will find it: the first label `===` to `x` (the labels skip the `default` clause).
fn sw(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let x = arg(args, 1);
    let default = usize::try_from(inum(args, 2)).ok();
    let labels = args.get(3..).unwrap_or_default();
    let hit = labels.iter().position(|l| l.strict_equals(&x));
    let tested = hit.map_or(labels.len(), |k| k + 1);
    let clause = match (hit, default) {
        (Some(k), Some(dflt)) if k >= dflt => Some(k + 1),
        (Some(k), _) => Some(k),
        (None, dflt) => dflt,
    };
    let r = rt_mut(ctx).switch_of_literals(num(args, 0), tested, clause);
    r.map_err(abort_error)?;
    Ok(x)
}

fn sm(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    rt_mut(ctx).switch_match(num(args, 0), inum(args, 1));
    Ok(JsValue::undefined())
}

fn dt(_: &JsValue, _: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    Ok(JsValue::from(rt_mut(ctx).token() as f64))
}

/// `u(token, caught)`: unwinds the decision stacks to `token` at a `catch` or `finally`; a
/// `catch` (`caught` true) also charges the exception's cost.
fn u(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let t = args.first().and_then(JsValue::as_number).unwrap_or(0.0) as u64;
    if arg(args, 1).to_boolean() {
        crate::costs::charge_caught(ctx);
    }
    rt_mut(ctx).unwind(t);
    let s = shared(ctx);
    sync_on(&s);
    Ok(JsValue::undefined())
}

/// A property key as text for dependence tracking.
pub(crate) fn key_text(k: &JsValue, ctx: &mut Context) -> String {
    if let Some(sym) = k.as_symbol() {
        // engine-neutral: symbols with one description are one location (conservative)
        return format!("[{}]", sym.descriptive_string().to_std_string_escaped());
    }
    if let Some(s) = k.as_string() {
        return s.to_std_string_escaped();
    }
    if let Some(n) = k.as_number() {
        return JsValue::from(n)
            .to_string(ctx)
            .map(|s| s.to_std_string_escaped())
            .unwrap_or_default();
    }
    k.to_string(ctx)
        .map(|s| s.to_std_string_escaped())
        .unwrap_or_default()
}

fn speculating(ctx: &Context) -> bool {
    rt_mut(ctx).spec.is_some()
}

fn gated(ctx: &Context) -> bool {
    rt_mut(ctx).gate()
}

/// `wv(b, old, restore, act)`: `act` is the stamp of the activation holding the variable (see
/// [`crate::made`]; absent or 0 for the top level).
fn wv(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let act = args.get(3).and_then(JsValue::as_number).unwrap_or(0.0) as u64;
    if !gated(ctx) || rt_mut(ctx).own_stamp(act) {
        return Ok(JsValue::undefined());
    }
    rt_mut(ctx).write(Loc::Var(num(args, 0)));
    if speculating(ctx) {
        if let Some(restore) = arg(args, 2).as_callable() {
            let s = shared(ctx);
            s.js.borrow_mut().undo.push((restore, vec![arg(args, 1)]));
        }
    }
    Ok(JsValue::undefined())
}

/// Logs the current descriptor of `o[k]` for undo.
fn log_prop(s: &Shared, o: &JsObject, k: &JsValue, ctx: &mut Context) -> JsResult<()> {
    let (gopd, restore) = {
        let js = s.js.borrow();
        (js.gopd.clone(), js.restore_prop.clone())
    };
    let (Some(gopd), Some(restore)) = (gopd, restore) else {
        return Ok(());
    };
    let desc = gopd.call(&JsValue::undefined(), &[o.clone().into(), k.clone()], ctx)?;
    s.js.borrow_mut()
        .undo
        .push((restore, vec![o.clone().into(), k.clone(), desc]));
    Ok(())
}

/// Logs the current descriptor of `o[k]` for undo (the running speculation's log).
pub(crate) fn log_property(o: &JsObject, k: &JsValue, ctx: &mut Context) -> JsResult<()> {
    log_prop(&shared(ctx), o, k, ctx)
}

/// Logs a whole-object snapshot of `o` for undo, once per speculation.
pub(crate) fn log_snapshot(s: &Shared, o: &JsObject, ctx: &mut Context) -> JsResult<()> {
    if s.in_snap.get() || s.js.borrow().snapped.contains(o) {
        return Ok(());
    }
    s.in_snap.set(true);
    let r = take_snapshot(s, o, ctx);
    s.in_snap.set(false);
    r
}

fn take_snapshot(s: &Shared, o: &JsObject, ctx: &mut Context) -> JsResult<()> {
    let restorer = whole_restorer(s, o, ctx)?;
    if let Some(f) = restorer {
        let mut js = s.js.borrow_mut();
        js.snapped.insert(o.clone());
        js.undo.push((f, Vec::new()));
    }
    Ok(())
}

/// A function that puts all of `o` back as it is now: natively for a plain array, else the
/// shared JS snapshot's restorer.
fn whole_restorer(s: &Shared, o: &JsObject, ctx: &mut Context) -> JsResult<Option<JsObject>> {
    if let Some(f) = crate::plain_array::restorer(o, ctx)? {
        return Ok(Some(f));
    }
    let snap = s.js.borrow().snapshot.clone();
    let Some(snap) = snap else { return Ok(None) };
    let restorer = snap.call(&JsValue::undefined(), &[o.clone().into()], ctx)?;
    Ok(restorer.as_callable())
}

fn wg(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    if !gated(ctx) {
        return Ok(JsValue::undefined());
    }
    let s = shared(ctx);
    let global = s.js.borrow().global.clone();
    let Some(global) = global else {
        return Ok(JsValue::undefined());
    };
    let name = arg(args, 0);
    let key = key_text(&name, ctx);
    rt_mut(ctx).write(Loc::Global(key));
    if speculating(ctx) {
        log_prop(&s, &global, &name, ctx)?;
    }
    Ok(JsValue::undefined())
}

/// `act()`: a stamp for the activation of a function whose variables inner functions write.
fn act(_: &JsValue, _: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    Ok(JsValue::from(rt_mut(ctx).activation_stamp() as f64))
}

/// `mk(o)`: `o` was just made by a literal or `new` (see [`crate::made`]).
fn mk(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    if let Some(o) = arg(args, 0).as_object() {
        rt_mut(ctx).mark_made(addr(&o));
    }
    Ok(JsValue::undefined())
}

/// Stamps `o`, which a built-in just made, as made while a check runs (see [`crate::made`]).
pub(crate) fn built_in_made(ctx: &Context, o: &JsObject) {
    rt_mut(ctx).mark_made(addr(o));
}

/// Whether a check or a speculation runs (objects made now would be stamped).
pub(crate) fn checking(ctx: &Context) -> bool {
    gated(ctx)
}

/// True when `o` was made by the running check or speculative leaf (see [`crate::made`]).
pub(crate) fn made_here(ctx: &Context, o: &JsObject) -> bool {
    rt_mut(ctx).made_here(addr(o))
}

fn wp(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    log_write(&arg(args, 0), &arg(args, 1), is_delete(args), ctx)?;
    Ok(JsValue::undefined())
}

/// `ev(what)`: about to run code that is not instrumented (eval, the Function constructor): an
/// effect, refused while speculating (see [`crate::host::effect`]).
fn ev(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    crate::host::effect(&JsValue::undefined(), &[arg(args, 0), true.into()], ctx)
}

/// `wq(o, "#x", old, restore)`: private field `#x` of `o` is about to be written; `restore(o, v)`
/// writes it back.
fn wq(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    if !gated(ctx) {
        return Ok(JsValue::undefined());
    }
    let Some(o) = arg(args, 0).as_object().filter(|o| !made_here(ctx, o)) else {
        return Ok(JsValue::undefined());
    };
    let name = key_text(&arg(args, 1), ctx);
    rt_mut(ctx).write(Loc::Prop(addr(&o), name));
    if speculating(ctx) {
        if let Some(restore) = arg(args, 3).as_callable() {
            let s = shared(ctx);
            s.js.borrow_mut()
                .undo
                .push((restore, vec![o.into(), arg(args, 2)]));
        }
    }
    Ok(JsValue::undefined())
}

/// A third argument `1` marks the logged write as a `delete`.
fn is_delete(args: &[JsValue]) -> bool {
    args.get(2).is_some_and(JsValue::to_boolean)
}

/// Shared body of `wp`/`pk`/`po`: logs a write (or, with `delete`, a deletion) of `o[k]`.
fn log_write(o: &JsValue, k: &JsValue, delete: bool, ctx: &mut Context) -> JsResult<()> {
    if !gated(ctx) {
        return Ok(());
    }
    let Some(o) = o.as_object().filter(|o| !made_here(ctx, o)) else {
        return Ok(());
    };
    let key = key_text(k, ctx);
    let proto = key == "__proto__";
    rt_mut(ctx).write(Loc::Prop(addr(&o), key));
    let s = shared(ctx);
    if speculating(ctx) {
        // A whole snapshot keeps what one descriptor cannot: the key order a `delete` changes,
        // the prototype `__proto__` sets, the length of arrays.
        if o.is_array() || delete || proto {
            log_snapshot(&s, &o, ctx)?;
        } else {
            log_prop(&s, &o, k, ctx)?;
        }
    } else {
        log_real(&s, &o, Some(k), ctx)?;
    }
    Ok(())
}

fn pk(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let k = arg(args, 1);
    log_write(&arg(args, 0), &k, is_delete(args), ctx)?;
    Ok(k)
}

fn po(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let o = arg(args, 0);
    log_write(&o, &arg(args, 1), false, ctx)?;
    Ok(o)
}

fn rv(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let mut rt = rt_mut(ctx);
    if rt.gate() {
        rt.read(Loc::Var(num(args, 0)));
    }
    Ok(JsValue::undefined())
}

fn rp(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    if !gated(ctx) {
        return Ok(JsValue::undefined());
    }
    let Some(o) = arg(args, 0).as_object() else {
        return Ok(JsValue::undefined());
    };
    let key = key_text(&arg(args, 1), ctx);
    rt_mut(ctx).read(Loc::Prop(addr(&o), key));
    Ok(JsValue::undefined())
}

/// Starts a speculation: counters, the microtask gate, `__dp.on`, logging built-ins.
fn spec_begin(s: &Shared) {
    s.rt.borrow_mut().spec_begin();
    s.jobs.speculating.set(true);
    {
        let mut js = s.js.borrow_mut();
        js.undo.clear();
        js.snapped.clear();
        js.fresh_spec.clear();
    }
    sync_on(s);
}

/// Ends a speculation: undoes every logged write in reverse order and restores the built-ins.
fn spec_end(s: &Shared, ctx: &mut Context) {
    let undo = std::mem::take(&mut s.js.borrow_mut().undo);
    for (f, args) in undo.into_iter().rev() {
        let _ = f.call(&JsValue::undefined(), &args, ctx);
    }
    {
        let mut js = s.js.borrow_mut();
        js.snapped.clear();
        js.fresh_spec.clear();
    }
    s.rt.borrow_mut().spec_end();
    s.jobs.speculating.set(false);
    sync_on(s);
}

/// Text of a JS error for an exclusion reason.
fn error_text(e: &JsError, ctx: &mut Context) -> String {
    if let Some(v) = e.as_opaque() {
        if let Some(o) = v.as_object() {
            let name = o
                .get(js_string!("name"), ctx)
                .ok()
                .and_then(|n| n.as_string().map(|s| s.to_std_string_escaped()))
                .unwrap_or_else(|| "Error".into());
            let msg = o
                .get(js_string!("message"), ctx)
                .ok()
                .and_then(|n| n.as_string().map(|s| s.to_std_string_escaped()))
                .unwrap_or_default();
            return format!("{name}: {msg}");
        }
        return v.display().to_string();
    }
    e.to_string()
}

/// An engine error's text without a position inside decisionprof's own prelude or harness
/// (` (decisionprof:harness/core.js:215:20)`), which would point away from the project's code.
fn without_internal_position(text: String) -> String {
    match text.rfind(" (decisionprof:") {
        Some(at) if text.ends_with(')') => text[..at].to_string(),
        _ => text,
    }
}

/// First line of an error text (stack traces are dropped).
fn first_line(s: String) -> String {
    match s.lines().next() {
        Some(l) => l.to_string(),
        None => s,
    }
}

/// `de(d, value, thunk, ...locals)`: decision `d`'s execution ends with `value`; the checks it
/// did not evaluate are evaluated speculatively through `thunk`. Turns `__dp.on` off if no
/// check is left open.
fn de(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let r = decision_end(args, ctx);
    let s = shared(ctx);
    sync_on(&s);
    r
}

fn decision_end(args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let d = num(args, 0);
    let v = arg(args, 1);
    let s = shared(ctx);
    let frame = s.rt.borrow_mut().take_frame(d);
    let Some(mut frame) = frame.filter(|f| !f.skip) else {
        return Ok(v);
    };
    let thunk = Thunk::of(args);
    let missing: Vec<usize> = frame
        .cells
        .iter()
        .enumerate()
        .filter(|(_, c)| c.is_none())
        .map(|(i, _)| i)
        .collect();
    let speculate = !missing.is_empty() && !s.rt.borrow().is_excluded(d);
    if let Some(thunk) = thunk.as_ref().filter(|_| speculate) {
        spec_begin(&s);
        let mut reason = None;
        let mut timed_out = None;
        for leaf in missing {
            s.rt.borrow_mut().spec_leaf_start();
            let undo_start = s.js.borrow().undo.len();
            let r = thunk.call(&s, leaf as u32, ctx);
            let effect = s.rt.borrow_mut().take_spec_effect();
            let back = crate::restored::restored_in_undo_log(&s, undo_start, ctx);
            let (cost, mut acc, over) = s.rt.borrow_mut().spec_leaf_end();
            acc.forget(&back);
            let stopped = s.rt.borrow().stopped();
            if let (Some(what), None) = (effect, stopped) {
                reason = Some(format!("speculative evaluation of check {leaf} {what}"));
                break;
            }
            match r {
                Ok(val) => Runtime::set_spec_cell(
                    &mut frame,
                    leaf,
                    Cell {
                        cost,
                        value: val.to_boolean(),
                    },
                    val.is_boolean(),
                    acc,
                ),
                Err(e) => {
                    if let Some(a) = s.rt.borrow().stopped() {
                        timed_out = Some(a);
                    } else if over {
                        let budget = s.rt.borrow().budget;
                        reason = Some(format!(
                            "speculative evaluation of check {leaf} exceeded the budget of {budget} branch points"
                        ));
                    } else {
                        reason = Some(format!(
                            "speculative evaluation of check {leaf} threw {}",
                            without_internal_position(first_line(error_text(&e, ctx)))
                        ));
                    }
                    break;
                }
            }
        }
        spec_end(&s, ctx);
        if let Some(a) = timed_out {
            return Err(abort_error(a));
        }
        if let Some(r) = reason {
            s.rt.borrow_mut().exclude(d, r);
        }
    }
    if let Some(thunk) = &thunk {
        replay(&s, &frame, thunk, ctx)?;
    }
    s.rt.borrow_mut().finish_frame(frame);
    Ok(v)
}

/// Replay test for dependences the read log cannot see. For each check `i` that wrote something
/// for real, every check `j` that ran after it is evaluated again, speculatively: once with reads
/// of `i`'s written properties and Maps/Sets made observable (a read means `j` depends on `i`),
/// and, when `i` mutated arrays, once with `i`'s writes undone (a different value means the same).
fn replay(s: &Shared, frame: &Frame, thunk: &Thunk<'_>, ctx: &mut Context) -> JsResult<()> {
    let d = frame.d;
    if s.js.borrow().real_overflow || !frame.writes.iter().any(Option::is_some) {
        return Ok(());
    }
    if s.rt.borrow().is_excluded(d) {
        return Ok(());
    }
    let Some(done) = s.rt.borrow_mut().take_replay(d) else {
        return Ok(());
    };
    let trap = done < crate::rt::MAX_TRAP_REPLAYS;
    let n = frame.cells.len();
    for i in 0..n {
        let Some((lo, hi)) = frame.writes[i] else {
            continue;
        };
        let entries: Vec<(JsObject, Vec<JsValue>)> = s.js.borrow().real_log[lo..hi].to_vec();
        let mut props = Vec::new();
        let mut objs = Vec::new();
        let mut arrays = false;
        for (_, a) in &entries {
            match a.as_slice() {
                [o, k, _] => {
                    props.push(o.clone());
                    props.push(k.clone());
                }
                [o] => {
                    if o.as_object().is_some_and(|o| o.is_array()) {
                        arrays = true;
                    } else {
                        objs.push(o.clone());
                    }
                }
                _ => {}
            }
        }
        for j in 0..n {
            if j == i || !(j > i || frame.speculated[j]) {
                continue;
            }
            let Some(expected) = frame.cells[j] else {
                continue;
            };
            let mut reason = None;
            if trap
                && (!props.is_empty() || !objs.is_empty())
                && replay_traps(s, thunk, j, &props, &objs, ctx)?
            {
                reason = Some(format!("check {j} reads what check {i} writes"));
            }
            if reason.is_none()
                && arrays
                && replay_undone(s, thunk, j, &entries, expected.value, ctx)?
            {
                reason = Some(format!(
                    "check {j} depends on writes of check {i} (its value changes without them)"
                ));
            }
            if let Some(r) = reason {
                s.rt.borrow_mut().exclude(d, r);
                return Ok(());
            }
        }
    }
    Ok(())
}

/// Evaluates check `j` with reads of `props`/`objs` trapped; true if one was read.
fn replay_traps(
    s: &Shared,
    thunk: &Thunk<'_>,
    j: usize,
    props: &[JsValue],
    objs: &[JsValue],
    ctx: &mut Context,
) -> JsResult<bool> {
    let Some(trap_reads) = s.js.borrow().trap_reads.clone() else {
        return Ok(false);
    };
    let props = boa_engine::object::builtins::JsArray::from_iter(props.iter().cloned(), ctx);
    let objs = boa_engine::object::builtins::JsArray::from_iter(objs.iter().cloned(), ctx);
    spec_begin(s);
    let trap = trap_reads.call(&JsValue::undefined(), &[props.into(), objs.into()], ctx);
    if let Ok(t) = &trap {
        s.rt.borrow_mut().spec_leaf_start();
        let _ = thunk.call(s, j as u32, ctx);
        let _ = s.rt.borrow_mut().spec_leaf_end();
        let _ = t;
    }
    spec_end(s, ctx);
    let stopped = s.rt.borrow().stopped();
    if let Some(a) = stopped {
        return Err(abort_error(a));
    }
    let Some(t) = trap.ok().and_then(|t| t.as_object()) else {
        return Ok(false);
    };
    let fired = t.get(js_string!("fired"), ctx)?;
    let fired = match fired.as_callable() {
        Some(f) => f.call(&JsValue::undefined(), &[], ctx)?.to_boolean(),
        None => false,
    };
    if let Some(remove) = t.get(js_string!("remove"), ctx)?.as_callable() {
        remove.call(&JsValue::undefined(), &[], ctx)?;
    }
    Ok(fired)
}

/// Evaluates check `j` with `entries` (writes of an earlier check) undone; true if its value changes.
fn replay_undone(
    s: &Shared,
    thunk: &Thunk<'_>,
    j: usize,
    entries: &[(JsObject, Vec<JsValue>)],
    expected: bool,
    ctx: &mut Context,
) -> JsResult<bool> {
    spec_begin(s);
    let mut ok = true;
    for (f, fargs) in entries.iter().rev() {
        if save_current(s, fargs, ctx).is_err() {
            ok = false;
            break;
        }
        let _ = f.call(&JsValue::undefined(), fargs, ctx);
    }
    let r = if ok {
        s.rt.borrow_mut().spec_leaf_start();
        let r = thunk.call(s, j as u32, ctx);
        let _ = s.rt.borrow_mut().spec_leaf_end();
        Some(r)
    } else {
        None
    };
    spec_end(s, ctx);
    let stopped = s.rt.borrow().stopped();
    if let Some(a) = stopped {
        return Err(abort_error(a));
    }
    Ok(match r {
        Some(Ok(val)) => val.to_boolean() != expected,
        Some(Err(_)) => true,
        None => false,
    })
}

/// Before a replay undoes a real write, logs the current state so the speculation restores it.
fn save_current(s: &Shared, fargs: &[JsValue], ctx: &mut Context) -> JsResult<()> {
    let Some(o) = fargs.first().and_then(JsValue::as_object) else {
        return Ok(());
    };
    if fargs.len() == 1 {
        // A whole-object snapshot (`f` is its restorer, called with the object).
        return log_snapshot(s, &o, ctx);
    }
    let k = fargs.get(1).cloned().unwrap_or_default();
    log_prop(s, &o, &k, ctx)
}

/// A logging built-in mutator is about to change `o` while a check or a speculation runs.
pub(crate) fn log_mutation(s: &Shared, o: &JsObject, ctx: &mut Context) -> JsResult<()> {
    if s.in_snap.get() || s.rt.borrow().made_here(addr(o)) {
        return Ok(());
    }
    s.rt.borrow_mut().write(Loc::All(addr(o)));
    if s.rt.borrow().spec.is_some() {
        log_snapshot(s, o, ctx)?;
    } else {
        log_real(s, o, None, ctx)?;
    }
    Ok(())
}

/// Logs a write a real check makes (property `k`, or the whole object), for the replay test.
fn log_real(s: &Shared, o: &JsObject, k: Option<&JsValue>, ctx: &mut Context) -> JsResult<()> {
    {
        let mut js = s.js.borrow_mut();
        if js.real_overflow {
            return Ok(());
        }
        if js.real_log.len() >= crate::state::REAL_LOG_LIMIT {
            js.real_overflow = true;
            return Ok(());
        }
        if js.real_snapped.contains(o) {
            return Ok(());
        }
    }
    match k {
        Some(k) if !o.is_array() => {
            let (gopd, restore) = {
                let js = s.js.borrow();
                (js.gopd.clone(), js.restore_prop.clone())
            };
            let (Some(gopd), Some(restore)) = (gopd, restore) else {
                return Ok(());
            };
            let desc = gopd.call(&JsValue::undefined(), &[o.clone().into(), k.clone()], ctx)?;
            s.js.borrow_mut()
                .real_log
                .push((restore, vec![o.clone().into(), k.clone(), desc]));
        }
        _ => {
            s.in_snap.set(true);
            let r = whole_restorer(s, o, ctx);
            s.in_snap.set(false);
            if let Some(f) = r? {
                let mut js = s.js.borrow_mut();
                js.real_snapped.insert(o.clone());
                js.real_log.push((f, vec![o.clone().into()]));
            }
        }
    }
    Ok(())
}

/// Builds the `__dp` object.
pub(crate) fn build(ctx: &mut Context) -> JsObject {
    let mut init = ObjectInitializer::new(ctx);
    let fns: [(
        &str,
        boa_engine::native_function::NativeFunctionPointer,
        usize,
    ); 29] = [
        ("b", b, 0),
        ("ds", ds, 1),
        ("dr", dr, 1),
        ("dc", dc, 1),
        ("cs", cs, 2),
        ("ce", ce, 3),
        ("k", k, 1),
        ("de", de, 3),
        ("dx", dx, 1),
        ("sd", sd, 2),
        ("sc", sc, 2),
        ("sm", sm, 2),
        ("sw", sw, 3),
        ("wv", wv, 3),
        ("wg", wg, 1),
        ("wp", wp, 2),
        ("wq", wq, 4),
        ("mk", mk, 1),
        ("act", act, 0),
        ("ev", ev, 1),
        ("t", t, 0),
        ("n", n, 1),
        ("rv", rv, 1),
        ("rp", rp, 2),
        ("pk", pk, 2),
        ("po", po, 2),
        ("dt", dt, 0),
        ("u", u, 2),
        ("as", as_, 0),
    ];
    for (name, f, len) in fns {
        init.function(NativeFunction::from_fn_ptr(f), js_string!(name), len);
    }
    init.property(js_string!("on"), false, Attribute::all());
    init.build()
}

#[cfg(test)]
mod position_tests {
    #[test]
    fn internal_positions_are_dropped_and_project_ones_kept() {
        let t = |s: &str| super::without_internal_position(s.to_string());
        assert_eq!(
            t("TypeError: not an object (decisionprof:harness/core.js:215:20)"),
            "TypeError: not an object"
        );
        assert_eq!(
            t("TypeError: x (src/a.js:3:4)"),
            "TypeError: x (src/a.js:3:4)"
        );
    }
}

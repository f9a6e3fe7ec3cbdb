//! Guarded versions of the built-ins whose state lives in internal slots, where no property
//! snapshot reaches: iterators and generators, typed arrays and `DataView`s, `Date`s, `RegExp`
//! `lastIndex`, `WeakMap`/`WeakSet`, and the integrity levels (`freeze`, `seal`,
//! `preventExtensions`, non-configurable properties). While a speculation runs, each change is
//! either logged for exact undo or refused, which excludes the decision naming the effect; while a
//! real check runs, the change is recorded as that check's effect.

use boa_engine::object::builtins::JsRegExp;
use boa_engine::property::PropertyKey;
use boa_engine::{
    js_string, Context, JsError, JsNativeError, JsObject, JsResult, JsString, JsSymbol, JsValue,
    Source,
};

use crate::dp;
use crate::replace::{wrap, wrap_names};
use crate::rt::Loc;
use crate::state::{addr, shared};

/// Most iterators remembered as made by the running checks or speculation.
const FRESH_LIMIT: usize = 100_000;

/// Where the guard runs: nowhere to guard, a speculation, or a real check.
#[derive(PartialEq)]
enum Mode {
    Off,
    Spec,
    Real,
}

fn mode(ctx: &Context) -> Mode {
    let s = shared(ctx);
    let rt = s.rt.borrow();
    if s.in_snap.get() {
        Mode::Off
    } else if rt.spec.is_some() {
        Mode::Spec
    } else if rt.gate() {
        Mode::Real
    } else {
        Mode::Off
    }
}

/// An effect speculation cannot undo: refused while speculating (the decision is excluded naming
/// it), recorded as the check's effect on `o` while a real check runs.
fn refuse(o: Option<&JsObject>, what: &'static str, ctx: &mut Context) -> JsResult<()> {
    match mode(ctx) {
        Mode::Off => Ok(()),
        Mode::Spec => {
            shared(ctx).rt.borrow_mut().note_spec_effect(what);
            Err(JsError::from(JsNativeError::error().with_message(format!(
                "{what}, which speculation cannot undo"
            ))))
        }
        Mode::Real => {
            if let Some(o) = o {
                shared(ctx)
                    .rt
                    .borrow_mut()
                    .write(Loc::Builtin(addr(o), what));
            }
            Ok(())
        }
    }
}

/// Logs `saveInternal(kind, o, key)`'s restorer for undo (once per object and speculation
/// unless `each`), or records a built-in write by a real check.
fn save(o: &JsObject, kind: &str, key: &JsValue, each: bool, ctx: &mut Context) -> JsResult<()> {
    if crate::dp::made_here(ctx, o) {
        return Ok(());
    }
    match mode(ctx) {
        Mode::Off => Ok(()),
        Mode::Real => {
            shared(ctx).rt.borrow_mut().write(Loc::All(addr(o)));
            Ok(())
        }
        Mode::Spec => {
            let s = shared(ctx);
            let helper = s.js.borrow().save_internal.clone();
            let Some(helper) = helper else { return Ok(()) };
            if !each && s.js.borrow().snapped.contains(o) {
                return Ok(());
            }
            s.in_snap.set(true);
            let args = [JsString::from(kind).into(), o.clone().into(), key.clone()];
            let r = helper.call(&JsValue::undefined(), &args, ctx);
            s.in_snap.set(false);
            if let Some(f) = r?.as_callable() {
                let mut js = s.js.borrow_mut();
                if !each {
                    js.snapped.insert(o.clone());
                }
                js.undo.push((f, Vec::new()));
            }
            Ok(())
        }
    }
}

fn this_object(this: &JsValue) -> Option<JsObject> {
    this.as_object()
}

/// Iterator creators: the iterator returned is remembered as made by the running code.
fn create(
    this: &JsValue,
    args: &[JsValue],
    orig: &JsObject,
    ctx: &mut Context,
) -> JsResult<JsValue> {
    let r = orig.call(this, args, ctx)?;
    let m = mode(ctx);
    if m != Mode::Off {
        if let Some(o) = r.as_object() {
            let s = shared(ctx);
            let mut js = s.js.borrow_mut();
            let fresh = if m == Mode::Spec {
                &mut js.fresh_spec
            } else {
                &mut js.fresh_real
            };
            if fresh.len() < FRESH_LIMIT {
                fresh.insert(o);
            }
        }
    }
    Ok(r)
}

/// Iterator `next`: advancing an iterator made outside the running code is an effect.
fn advance(
    this: &JsValue,
    args: &[JsValue],
    orig: &JsObject,
    ctx: &mut Context,
) -> JsResult<JsValue> {
    let m = mode(ctx);
    if m != Mode::Off {
        if let Some(o) = this_object(this) {
            let fresh = {
                let s = shared(ctx);
                let js = s.js.borrow();
                if m == Mode::Spec {
                    js.fresh_spec.contains(&o)
                } else {
                    js.fresh_real.contains(&o)
                }
            };
            if !fresh {
                refuse(Some(&o), "advances an iterator made before it", ctx)?;
            }
        }
    }
    orig.call(this, args, ctx)
}

/// Generator `next`/`return`/`throw`: a generator's position cannot be restored.
fn resume(
    this: &JsValue,
    args: &[JsValue],
    orig: &JsObject,
    ctx: &mut Context,
) -> JsResult<JsValue> {
    refuse(this_object(this).as_ref(), "advances a generator", ctx)?;
    orig.call(this, args, ctx)
}

/// `exec`, `test` and the `@@match`, `@@replace`, `@@search`, `@@split` methods: only a global
/// or sticky regular expression has its `lastIndex` written (RegExpBuiltinExec; match and replace
/// reset it only when global, search restores it, split writes its own copy's), read from its
/// own flags, not from getters a program may replace; the others reach another `exec` only
/// through the wrapped one or the program's own code.
fn regexp_exec(
    this: &JsValue,
    args: &[JsValue],
    orig: &JsObject,
    ctx: &mut Context,
) -> JsResult<JsValue> {
    written_around(this, ctx, |ctx| orig.call(this, args, ctx))
}

/// Runs `call`, recording the `lastIndex` write of `this` ([`flagged_last_index_written`]):
/// before it while speculating (undo needs the old value), after it otherwise, and then only if
/// it returned and changed the value: a call that throws (its argument's `toString` first, as
/// is-regex checks try it) wrote nothing, and a global `replace` that leaves `lastIndex` at the 0
/// it found wrote nothing another check can see (the `exec` calls it makes on itself are judged
/// with it, by the value it leaves).
fn written_around(
    this: &JsValue,
    ctx: &mut Context,
    call: impl FnOnce(&mut Context) -> JsResult<JsValue>,
) -> JsResult<JsValue> {
    if matches!(mode(ctx), Mode::Real) {
        let Some(o) = this_object(this) else {
            return call(ctx);
        };
        let s = shared(ctx);
        if s.js.borrow().last_index_calls.contains(&o) {
            return call(ctx);
        }
        let before = last_index_of(this, ctx);
        s.js.borrow_mut().last_index_calls.push(o.clone());
        let r = call(ctx);
        s.js.borrow_mut().last_index_calls.retain(|c| c != &o);
        let r = r?;
        let same = match (&before, last_index_of(this, ctx)) {
            (Some(a), Some(b)) => a.strict_equals(&b),
            _ => false,
        };
        if !same {
            flagged_last_index_written(this, ctx)?;
        }
        return Ok(r);
    }
    flagged_last_index_written(this, ctx)?;
    call(ctx)
}

/// `this.lastIndex` when `this` is a regular expression (an own data property: reading it runs
/// no program code), else nothing.
fn last_index_of(this: &JsValue, ctx: &mut Context) -> Option<JsValue> {
    let o = this_object(this)?;
    JsRegExp::from_object(o.clone()).ok()?;
    o.get(js_string!("lastIndex"), ctx).ok()
}

/// Records the `lastIndex` write of `this` when it is a global or sticky regular expression (or
/// not one at all, when nothing is known).
fn flagged_last_index_written(this: &JsValue, ctx: &mut Context) -> JsResult<()> {
    if let Some(o) = this_object(this).filter(|_| !matches!(mode(ctx), Mode::Off)) {
        let writes = match JsRegExp::from_object(o.clone()) {
            Ok(re) => re.global(ctx)? || re.sticky(ctx)?,
            Err(_) => true,
        };
        if writes {
            last_index_written(&o, ctx)?;
        }
    }
    Ok(())
}

/// `@@split`: besides what [`regexp_exec`] logs, the sticky copy it makes to match with writes
/// only its own `lastIndex` (a copy no program sees), so its inner `exec` calls log nothing.
fn regexp_split(
    this: &JsValue,
    args: &[JsValue],
    orig: &JsObject,
    ctx: &mut Context,
) -> JsResult<JsValue> {
    written_around(this, ctx, |ctx| {
        let s = shared(ctx);
        let was = s.in_snap.replace(true);
        let r = orig.call(this, args, ctx);
        s.in_snap.set(was);
        r
    })
}

/// Records a write of `o.lastIndex`: for the effect analysis, or for undo while speculating.
fn last_index_written(o: &JsObject, ctx: &mut Context) -> JsResult<()> {
    match mode(ctx) {
        Mode::Off => {}
        Mode::Real => shared(ctx)
            .rt
            .borrow_mut()
            .write(Loc::Prop(addr(o), "lastIndex".into())),
        Mode::Spec => dp::log_property(o, &js_string!("lastIndex").into(), ctx)?,
    }
    Ok(())
}

fn recompile(
    this: &JsValue,
    args: &[JsValue],
    orig: &JsObject,
    ctx: &mut Context,
) -> JsResult<JsValue> {
    refuse(
        this_object(this).as_ref(),
        "recompiles a regular expression",
        ctx,
    )?;
    orig.call(this, args, ctx)
}

/// Logs the receiver's internal state `kind` before the call (once per speculation): all of it,
/// or with `entry` only its entry for the first argument (a weak collection).
fn save_then_call(
    this: &JsValue,
    args: &[JsValue],
    orig: &JsObject,
    (kind, entry): (&str, bool),
    ctx: &mut Context,
) -> JsResult<JsValue> {
    if let Some(o) = this_object(this) {
        let key = match entry {
            true => args.first().cloned().unwrap_or_default(),
            false => JsValue::undefined(),
        };
        save(&o, kind, &key, entry, ctx)?;
    }
    orig.call(this, args, ctx)
}

fn typed(
    this: &JsValue,
    args: &[JsValue],
    orig: &JsObject,
    ctx: &mut Context,
) -> JsResult<JsValue> {
    save_then_call(this, args, orig, ("typed", false), ctx)
}

fn view(this: &JsValue, args: &[JsValue], orig: &JsObject, ctx: &mut Context) -> JsResult<JsValue> {
    save_then_call(this, args, orig, ("view", false), ctx)
}

fn date(this: &JsValue, args: &[JsValue], orig: &JsObject, ctx: &mut Context) -> JsResult<JsValue> {
    save_then_call(this, args, orig, ("date", false), ctx)
}

fn weakmap(
    this: &JsValue,
    args: &[JsValue],
    orig: &JsObject,
    ctx: &mut Context,
) -> JsResult<JsValue> {
    save_then_call(this, args, orig, ("weakmap", true), ctx)
}

fn weakset(
    this: &JsValue,
    args: &[JsValue],
    orig: &JsObject,
    ctx: &mut Context,
) -> JsResult<JsValue> {
    save_then_call(this, args, orig, ("weakset", true), ctx)
}

/// Whether `irreversible(kind, o, a, b)` says the call would change what undo cannot restore.
fn irreversible(kind: &str, args: &[JsValue], ctx: &mut Context) -> JsResult<bool> {
    if mode(ctx) == Mode::Off {
        return Ok(false);
    }
    let s = shared(ctx);
    let helper = s.js.borrow().irreversible.clone();
    let Some(helper) = helper else {
        return Ok(false);
    };
    let mut call_args = vec![JsString::from(kind).into()];
    call_args.extend(args.iter().take(3).cloned());
    s.in_snap.set(true);
    let r = helper.call(&JsValue::undefined(), &call_args, ctx);
    s.in_snap.set(false);
    Ok(r?.to_boolean())
}

fn target(args: &[JsValue]) -> Option<JsObject> {
    args.first().and_then(JsValue::as_object)
}

/// An integrity call (`kind` as `irreversible` knows it): refused as `what` when it would change
/// what undo cannot restore; a definition is otherwise logged like any built-in mutation.
fn integrity(
    this: &JsValue,
    args: &[JsValue],
    orig: &JsObject,
    (kind, what): (&str, &'static str),
    ctx: &mut Context,
) -> JsResult<JsValue> {
    if irreversible(kind, args, ctx)? {
        refuse(target(args).as_ref(), what, ctx)?;
    }
    if kind.starts_with("define") {
        if let Some(o) = target(args).filter(|_| mode(ctx) != Mode::Off) {
            dp::log_mutation(&shared(ctx), &o, ctx)?;
        }
    }
    orig.call(this, args, ctx)
}

fn freeze(
    this: &JsValue,
    args: &[JsValue],
    orig: &JsObject,
    ctx: &mut Context,
) -> JsResult<JsValue> {
    integrity(this, args, orig, ("freeze", "freezes an object"), ctx)
}

fn seal(this: &JsValue, args: &[JsValue], orig: &JsObject, ctx: &mut Context) -> JsResult<JsValue> {
    integrity(this, args, orig, ("seal", "seals an object"), ctx)
}

fn lock(this: &JsValue, args: &[JsValue], orig: &JsObject, ctx: &mut Context) -> JsResult<JsValue> {
    let what = "makes an object non-extensible";
    integrity(this, args, orig, ("preventExtensions", what), ctx)
}

const LOCKED: &str = "defines a non-configurable property";

fn define(
    this: &JsValue,
    args: &[JsValue],
    orig: &JsObject,
    ctx: &mut Context,
) -> JsResult<JsValue> {
    integrity(this, args, orig, ("define", LOCKED), ctx)
}

fn define_many(
    this: &JsValue,
    args: &[JsValue],
    orig: &JsObject,
    ctx: &mut Context,
) -> JsResult<JsValue> {
    integrity(this, args, orig, ("defines", LOCKED), ctx)
}

/// Wraps iterator creators, keeping `[Symbol.iterator]` the same function as `alias` (`values`
/// or `entries`) where it is.
fn wrap_creators(
    proto: &JsObject,
    names: &[&str],
    alias: Option<&str>,
    ctx: &mut Context,
) -> JsResult<()> {
    let iter_key = PropertyKey::from(JsSymbol::iterator());
    let iter_fn = proto.get(iter_key.clone(), ctx)?;
    for name in names {
        let before = proto.get(JsString::from(*name), ctx)?;
        let Some(f) = wrap(proto, JsString::from(*name).into(), create, ctx)? else {
            continue;
        };
        if Some(*name) == alias && before == iter_fn {
            crate::replace::define_method(proto, iter_key.clone(), &f, ctx)?;
        }
        if *name == "values" && proto.has_own_property(js_string!("keys"), ctx)? {
            // Set.prototype.keys is Set.prototype.values
            let keys = proto.get(js_string!("keys"), ctx)?;
            if keys == before {
                proto.set(js_string!("keys"), f.clone(), true, ctx)?;
            }
        }
    }
    if alias.is_none() {
        wrap(proto, iter_key, create, ctx)?;
    }
    Ok(())
}

/// The prototypes the guards live on, gathered by script so no engine-internal name is needed.
const PROTOS: &str = "[Object.getPrototypeOf([][Symbol.iterator]()),
  Object.getPrototypeOf(new Map().entries()),
  Object.getPrototypeOf(new Set().values()),
  Object.getPrototypeOf(''[Symbol.iterator]()),
  Object.getPrototypeOf(''.matchAll(/x/g)),
  Object.getPrototypeOf(function* () {}).prototype,
  Object.getPrototypeOf(async function* () {}).prototype,
  Object.getPrototypeOf(Int8Array.prototype)]";

const DATE_SETTERS: &[&str] = &[
    "setDate",
    "setFullYear",
    "setHours",
    "setMilliseconds",
    "setMinutes",
    "setMonth",
    "setSeconds",
    "setTime",
    "setUTCDate",
    "setUTCFullYear",
    "setUTCHours",
    "setUTCMilliseconds",
    "setUTCMinutes",
    "setUTCMonth",
    "setUTCSeconds",
    "setYear",
];
const VIEW_SETTERS: &[&str] = &[
    "setInt8",
    "setUint8",
    "setInt16",
    "setUint16",
    "setInt32",
    "setUint32",
    "setFloat16",
    "setFloat32",
    "setFloat64",
    "setBigInt64",
    "setBigUint64",
];

fn proto_of(ctx: &mut Context, global: &JsObject, name: &str) -> JsResult<Option<JsObject>> {
    let ctor = global.get(JsString::from(name), ctx)?;
    match ctor.as_object() {
        Some(c) => Ok(c.get(js_string!("prototype"), ctx)?.as_object()),
        None => Ok(None),
    }
}

/// Replaces `Function` (and `Function.prototype.constructor`) by a constructor whose functions
/// start with `__dp.on && __dp.ev(…)`: their code is not instrumented, so calling one while a
/// check or a speculation runs is an effect. The guard follows the body's directive prologue.
/// The guarded `Function` constructor (`engine/js/guarded_function.js`).
const GUARDED_FUNCTION: &str = jsproject::runtime_js::GUARDED_FUNCTION_JS;

/// Installs the guards on the built-ins (instrumented runs only).
pub(crate) fn install(ctx: &mut Context) -> JsResult<()> {
    ctx.eval(Source::from_bytes(GUARDED_FUNCTION))?;
    let protos = ctx.eval(Source::from_bytes(PROTOS))?;
    let protos = protos.as_object().ok_or_else(JsNativeError::typ)?;
    let at = |i: u32, ctx: &mut Context| -> JsResult<Option<JsObject>> {
        Ok(protos.get(i, ctx)?.as_object())
    };
    for i in 0..5 {
        if let Some(p) = at(i, ctx)? {
            wrap_names(&p, &["next"], advance, ctx)?;
        }
    }
    for i in 5..7 {
        if let Some(p) = at(i, ctx)? {
            wrap_names(&p, &["next", "return", "throw"], resume, ctx)?;
        }
    }
    let global = ctx.global_object();
    if let Some(ta) = at(7, ctx)? {
        wrap_names(
            &ta,
            &["fill", "set", "sort", "copyWithin", "reverse"],
            typed,
            ctx,
        )?;
        wrap_creators(&ta, &["values", "keys", "entries"], Some("values"), ctx)?;
    }
    if let Some(p) = proto_of(ctx, &global, "Array")? {
        wrap_creators(&p, &["values", "keys", "entries"], Some("values"), ctx)?;
    }
    if let Some(p) = proto_of(ctx, &global, "Map")? {
        wrap_creators(&p, &["entries", "keys", "values"], Some("entries"), ctx)?;
    }
    if let Some(p) = proto_of(ctx, &global, "Set")? {
        wrap_creators(&p, &["values", "entries"], Some("values"), ctx)?;
    }
    if let Some(p) = proto_of(ctx, &global, "String")? {
        wrap_names(&p, &["matchAll"], create, ctx)?;
        wrap_creators(&p, &[], None, ctx)?;
    }
    if let Some(p) = proto_of(ctx, &global, "RegExp")? {
        wrap_names(&p, &["exec", "test"], regexp_exec, ctx)?;
        for sym in [JsSymbol::r#match(), JsSymbol::replace(), JsSymbol::search()] {
            wrap(&p, sym.into(), regexp_exec, ctx)?;
        }
        wrap(&p, JsSymbol::split().into(), regexp_split, ctx)?;
        wrap(&p, JsSymbol::match_all().into(), create, ctx)?;
        wrap_names(&p, &["compile"], recompile, ctx)?;
    }
    if let Some(p) = proto_of(ctx, &global, "Date")? {
        wrap_names(&p, DATE_SETTERS, date, ctx)?;
    }
    if let Some(p) = proto_of(ctx, &global, "DataView")? {
        wrap_names(&p, VIEW_SETTERS, view, ctx)?;
    }
    if let Some(p) = proto_of(ctx, &global, "WeakMap")? {
        wrap_names(&p, &["set", "delete"], weakmap, ctx)?;
    }
    if let Some(p) = proto_of(ctx, &global, "WeakSet")? {
        wrap_names(&p, &["add", "delete"], weakset, ctx)?;
    }
    let object = ctx.intrinsics().constructors().object().constructor();
    wrap_names(&object, &["freeze"], freeze, ctx)?;
    wrap_names(&object, &["seal"], seal, ctx)?;
    wrap_names(&object, &["preventExtensions"], lock, ctx)?;
    wrap_names(&object, &["defineProperty"], define, ctx)?;
    wrap_names(&object, &["defineProperties"], define_many, ctx)?;
    if let Some(reflect) = global.get(js_string!("Reflect"), ctx)?.as_object() {
        wrap_names(&reflect, &["preventExtensions"], lock, ctx)?;
        wrap_names(&reflect, &["defineProperty"], define, ctx)?;
    }
    Ok(())
}

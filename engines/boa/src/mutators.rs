//! Logging versions of the built-in mutators (Array `push`/`pop`/…, `Map`/`Set` `set`/`add`/`delete`/`clear`,
//! and `Object`/`Reflect` functions that change their first argument): installed once for instrumented
//! runs; while a check or a speculation runs they log the object they change (a snapshot for undo).

use boa_engine::{js_string, Context, JsObject, JsResult, JsValue};

use crate::dp;
use crate::replace::wrap_names;
use crate::state::shared;

const ARRAY: &[&str] = &[
    "push",
    "pop",
    "shift",
    "unshift",
    "splice",
    "sort",
    "reverse",
    "fill",
    "copyWithin",
];
const MAP: &[&str] = &["set", "delete", "clear"];
// defineProperty/defineProperties are guarded in `internals` (a non-configurable property is an
// effect undo cannot take back).
const OBJECT: &[&str] = &["assign", "setPrototypeOf"];
const REFLECT: &[&str] = &["set", "deleteProperty", "setPrototypeOf"];
const SET: &[&str] = &["add", "delete", "clear"];

fn logged(
    this: &JsValue,
    args: &[JsValue],
    orig: &JsObject,
    ctx: &mut Context,
) -> JsResult<JsValue> {
    let s = shared(ctx);
    let gate = s.rt.borrow().gate();
    if gate {
        if let Some(o) = this.as_object() {
            dp::log_mutation(&s, &o, ctx)?;
        }
    }
    orig.call(this, args, ctx)
}

/// Like `logged`, for functions that change their first argument.
fn logged_first(
    this: &JsValue,
    args: &[JsValue],
    orig: &JsObject,
    ctx: &mut Context,
) -> JsResult<JsValue> {
    let s = shared(ctx);
    let gate = s.rt.borrow().gate();
    if gate {
        if let Some(o) = args.first().and_then(JsValue::as_object) {
            dp::log_mutation(&s, &o, ctx)?;
        }
    }
    orig.call(this, args, ctx)
}

fn wrap(proto: &JsObject, names: &[&str], ctx: &mut Context) -> JsResult<()> {
    wrap_names(proto, names, logged, ctx)
}

/// Replaces the mutators on the built-in prototypes by their logging versions.
pub(crate) fn install(ctx: &mut Context) -> JsResult<()> {
    let array = ctx.intrinsics().constructors().array().prototype();
    let map = ctx.intrinsics().constructors().map().prototype();
    let set = ctx.intrinsics().constructors().set().prototype();
    wrap(&array, ARRAY, ctx)?;
    wrap(&map, MAP, ctx)?;
    wrap(&set, SET, ctx)?;
    let object = ctx.intrinsics().constructors().object().constructor();
    wrap_names(&object, OBJECT, logged_first, ctx)?;
    let global = ctx.global_object();
    if let Some(reflect) = global.get(js_string!("Reflect"), ctx)?.as_object() {
        wrap_names(&reflect, REFLECT, logged_first, ctx)?;
    }
    Ok(())
}

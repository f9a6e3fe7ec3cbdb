//! Calling JavaScript from a native that goes on after the call throws.
//!
//! Boa 0.22 unwinds the value stack too little when a function called from a native throws from
//! a deeper call and the native catches the error: the values the calling JavaScript frame had
//! pending are then wrong, and it fails later with an unrelated error ("not a callable
//! function"). A speculative check that throws from inside a helper did exactly that. Calls
//! made here go through the prelude's `guardCall`, whose own `try` catches the error in
//! JavaScript, where Boa unwinds correctly; the native then sees it as an ordinary `Err`.

use boa_engine::object::builtins::JsArray;
use boa_engine::{js_string, Context, JsError, JsObject, JsResult, JsValue};

use crate::host::Api;
use crate::state::Shared;

/// The prelude's `guardCall`, its marker for a throw, and `takeCaught`.
pub(crate) fn from_api(api: &Api, ctx: &mut Context) -> Option<(JsObject, JsObject, JsObject)> {
    let call = api.get_fn("guardCall", ctx)?;
    let marker = api.obj.get(js_string!("caught"), ctx).ok()?.as_object()?;
    let take = api.get_fn("takeCaught", ctx)?;
    Some((call, marker, take))
}

/// A speculation thunk and the values of the locals it takes before a check's index
/// (`instrument/src/instrument/thunk_args.rs`).
pub(crate) struct Thunk<'a> {
    pub f: JsObject,
    /// The values, passed to the thunk before the check's index.
    pub values: &'a [JsValue],
}

impl<'a> Thunk<'a> {
    /// The thunk of `de(d, v, thunk, ...values)`'s arguments, if it is callable.
    pub fn of(args: &'a [JsValue]) -> Option<Thunk<'a>> {
        let f = args.get(2)?.as_callable()?;
        let values = args.get(3..).unwrap_or_default();
        Some(Thunk { f, values })
    }

    /// `thunk(...values, i)`, with what it throws returned as `Err`.
    pub fn call(&self, s: &Shared, i: u32, ctx: &mut Context) -> JsResult<JsValue> {
        call_with(s, &self.f, JsValue::from(i), self.values, ctx)
    }
}

/// `f(...values, x)` called from a native, with what it throws returned as `Err`. The values
/// go to `guardCall` as arguments of its own (`guardCall(f, x, n, ...values)`): up to three
/// need no array, which the collector would trace later.
fn call_with(
    s: &Shared,
    f: &JsObject,
    x: JsValue,
    values: &[JsValue],
    ctx: &mut Context,
) -> JsResult<JsValue> {
    let guard = s.js.borrow().guard.clone();
    let Some((call, marker, take)) = guard else {
        let mut args = values.to_vec();
        args.push(x);
        return f.call(&JsValue::undefined(), &args, ctx);
    };
    let mut args = Vec::with_capacity(values.len() + 3);
    args.extend([f.clone().into(), x, JsValue::from(values.len() as u32)]);
    if values.len() <= 3 {
        args.extend_from_slice(values);
    } else {
        let all = JsArray::from_iter(values.iter().cloned(), ctx);
        args.push(all.into());
    }
    let r = call.call(&JsValue::undefined(), &args, ctx)?;
    if r.as_object().is_some_and(|o| JsObject::equals(&o, &marker)) {
        let thrown = take.call(&JsValue::undefined(), &[], ctx)?;
        return Err(JsError::from_opaque(thrown));
    }
    Ok(r)
}

//! Calling JavaScript from a native that goes on after the call throws.
//!
//! Boa 0.22 unwinds the value stack too little when a function called from a native throws from
//! a deeper call and the native catches the error: the values the calling JavaScript frame had
//! pending are then wrong, and it fails later with an unrelated error ("not a callable
//! function"). A speculative check that throws from inside a helper did exactly that. Calls
//! made here go through the prelude's `guardCall`, whose own `try` catches the error in
//! JavaScript, where Boa unwinds correctly; the native then sees it as an ordinary `Err`.

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
pub(crate) struct Thunk {
    pub f: JsObject,
    /// The values as an array, when there are any.
    pub values: Option<JsValue>,
}

impl Thunk {
    /// The thunk of `de(d, v, thunk, ...values)`'s arguments, if it is callable.
    pub fn of(args: &[JsValue], ctx: &mut Context) -> Option<Thunk> {
        let f = args.get(2)?.as_callable()?.clone();
        let values = (args.len() > 3).then(|| {
            boa_engine::object::builtins::JsArray::from_iter(args[3..].iter().cloned(), ctx).into()
        });
        Some(Thunk { f, values })
    }

    /// `thunk(...values, i)`, with what it throws returned as `Err`.
    pub fn call(&self, s: &Shared, i: u32, ctx: &mut Context) -> JsResult<JsValue> {
        call_with(s, &self.f, JsValue::from(i), self.values.as_ref(), ctx)
    }
}

/// `f(...values, x)` called from a native, with what it throws returned as `Err`.
fn call_with(
    s: &Shared,
    f: &JsObject,
    x: JsValue,
    values: Option<&JsValue>,
    ctx: &mut Context,
) -> JsResult<JsValue> {
    let guard = s.js.borrow().guard.clone();
    let Some((call, marker, take)) = guard else {
        let mut args = Vec::new();
        if let Some(v) = values.and_then(|v| v.as_object()) {
            let n = v.get(js_string!("length"), ctx)?.to_length(ctx)?;
            for k in 0..n {
                args.push(v.get(k, ctx)?);
            }
        }
        args.push(x);
        return f.call(&JsValue::undefined(), &args, ctx);
    };
    let mut args = vec![f.clone().into(), x];
    args.extend(values.cloned());
    let r = call.call(&JsValue::undefined(), &args, ctx)?;
    if r.as_object().is_some_and(|o| JsObject::equals(&o, &marker)) {
        let thrown = take.call(&JsValue::undefined(), &[], ctx)?;
        return Err(JsError::from_opaque(thrown));
    }
    Ok(r)
}

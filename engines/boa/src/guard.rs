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

/// `f(x)` called from a native, with what it throws returned as `Err`.
pub(crate) fn call1(s: &Shared, f: &JsObject, x: JsValue, ctx: &mut Context) -> JsResult<JsValue> {
    let guard = s.js.borrow().guard.clone();
    let Some((call, marker, take)) = guard else {
        return f.call(&JsValue::undefined(), &[x], ctx);
    };
    let r = call.call(&JsValue::undefined(), &[f.clone().into(), x], ctx)?;
    if r.as_object().is_some_and(|o| JsObject::equals(&o, &marker)) {
        let thrown = take.call(&JsValue::undefined(), &[], ctx)?;
        return Err(JsError::from_opaque(thrown));
    }
    Ok(r)
}

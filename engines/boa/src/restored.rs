//! Properties a real check wrote and put back as it found them: no effect of the check.
//!
//! is-regex sets `value.lastIndex = 0`, runs `exec` and sets it back in `finally`: the check's
//! writes are invisible once it has returned. The real-write log (the undo log for a speculative
//! leaf) holds each written property's descriptor from before its first write (non-array
//! objects; arrays are logged whole and kept); a property whose descriptor is the same when the
//! check ends (the same value or accessors, the same attributes, or absent both times) is dropped
//! from the check's writes.

use std::collections::HashSet;

use boa_engine::{js_string, Context, JsObject, JsResult, JsValue};

use crate::rt::Loc;
use crate::state::{addr, Shared};

/// The descriptor fields compared, with SameValue.
const FIELDS: [&str; 6] = [
    "value",
    "get",
    "set",
    "writable",
    "enumerable",
    "configurable",
];

/// The property locations the real-write log holds from `start` on that are back as they were.
pub(crate) fn restored_in_real_log(s: &Shared, start: usize, ctx: &mut Context) -> Vec<Loc> {
    let entries = {
        let js = s.js.borrow();
        if js.real_overflow || start >= js.real_log.len() {
            return Vec::new();
        }
        js.real_log[start..].to_vec()
    };
    restored(s, &entries, false, ctx)
}

/// The same for a speculative leaf: the undo log from `start` on.
pub(crate) fn restored_in_undo_log(s: &Shared, start: usize, ctx: &mut Context) -> Vec<Loc> {
    let entries = {
        let js = s.js.borrow();
        if start >= js.undo.len() {
            return Vec::new();
        }
        js.undo[start..].to_vec()
    };
    restored(s, &entries, true, ctx)
}

/// Of the logged property descriptors in `entries` (the first per property), the properties
/// whose descriptor is the same now. In a speculation, objects saved whole meanwhile are kept:
/// their snapshots carry no object, so their first logged descriptor may not be the one from
/// before the check.
fn restored(
    s: &Shared,
    entries: &[(JsObject, Vec<JsValue>)],
    speculating: bool,
    ctx: &mut Context,
) -> Vec<Loc> {
    let (Some(gopd), Some(restore)) = ({
        let js = s.js.borrow();
        (js.gopd.clone(), js.restore_prop.clone())
    }) else {
        return Vec::new();
    };
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for (f, a) in entries {
        let [o, k, before] = a.as_slice() else {
            continue;
        };
        let (true, Some(obj)) = (f == &restore, o.as_object()) else {
            continue;
        };
        if speculating && s.js.borrow().snapped.contains(&obj) {
            continue;
        }
        let loc = Loc::Prop(addr(&obj), crate::dp::key_text(k, ctx));
        if !seen.insert(loc.clone()) {
            continue;
        }
        // a proxy's trap that throws keeps the write, as any doubt does
        let Ok(now) = gopd.call(&JsValue::undefined(), &[o.clone(), k.clone()], ctx) else {
            continue;
        };
        if same_descriptor(before, &now, ctx).unwrap_or(false) {
            out.push(loc);
        }
    }
    out
}

/// Both absent, or every field the same (SameValue).
fn same_descriptor(a: &JsValue, b: &JsValue, ctx: &mut Context) -> JsResult<bool> {
    match (a.as_object(), b.as_object()) {
        (None, None) => Ok(a.is_undefined() && b.is_undefined()),
        (Some(a), Some(b)) => {
            for f in FIELDS {
                let key = js_string!(f);
                let (x, y) = (a.get(key.clone(), ctx)?, b.get(key, ctx)?);
                if !JsValue::same_value(&x, &y) {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        _ => Ok(false),
    }
}

//! The native-cost model in Boa: built-in calls charge the work they do, in branch-point units, so
//! a check calling `str.toLowerCase()` on a long string is no longer "free". The weights are
//! [`jsproject::cost_table`]'s. The same wrappers stamp the results nothing else holds as made
//! while a check runs ([`Fresh`], see [`crate::made`]).

use boa_engine::property::PropertyKey;
use boa_engine::{
    js_string, Context, JsObject, JsResult, JsString, JsSymbol, JsValue, NativeFunction,
};
pub(crate) use jsproject::cost_table::table;
use jsproject::cost_table::{SizeOf, Table, Weight};

use crate::state::shared;

/// The length of a string or of an array-like object, as the size of a call.
fn length_of(v: &JsValue, ctx: &mut Context) -> f64 {
    if let Some(s) = v.as_string() {
        return s.len() as f64;
    }
    match v.as_object() {
        Some(o) if o.is_array() => o
            .get(js_string!("length"), ctx)
            .ok()
            .and_then(|l| l.as_number())
            .unwrap_or(0.0),
        _ => 0.0,
    }
}

/// Charges the units of one call to the run's counter.
pub(crate) fn charge(units: f64, ctx: &mut Context) {
    let s = shared(ctx);
    if s.uncharged.get() == 0 {
        s.rt.borrow_mut().charge(units);
    }
}

/// An exception caught by instrumented code (`catch` runs `__dp.u(token, 1)`): V8 pays for
/// the error's stack trace, far more than the branch points around it.
pub(crate) fn charge_caught(ctx: &mut Context) {
    let w = shared(ctx).host.borrow().caught;
    if let Some(w) = w {
        charge(w.units(0.0), ctx);
    }
}

/// `ToNumber` of `v` (unary `+` inside checks goes through `__dp.n`): the string's length.
pub(crate) fn to_number_cost(v: &JsValue, w: &Weight) -> f64 {
    v.as_string().map_or(0.0, |s| w.units(s.len() as f64))
}

/// The original method and its weight, as a native closure's captures (`SizeOf` as its index),
/// with its [`Fresh`] rule and, for the copies of arrays, the built-in species getter.
type Captures = (JsObject, u8, f64, f64, u8, Option<JsObject>);

/// When a built-in's result is an array or object nothing else holds: writes to it while a check
/// runs are then no effect of the check, as for a literal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fresh {
    Never,
    /// `Object.keys`, `values`, `entries`.
    Always,
    /// `JSON.parse` without a reviver (a reviver may return an object made before).
    NoReviver,
    /// `split` by a string, with no `Symbol.split` on `String.prototype` or `Object.prototype`.
    SplitByString,
    /// `slice`, `concat`, `map`, `filter` of a plain array while `Array`'s species is the
    /// built-in one (a species constructor may return an object made before).
    PlainArrayCopy,
}

const FRESH: [Fresh; 5] = [
    Fresh::Never,
    Fresh::Always,
    Fresh::NoReviver,
    Fresh::SplitByString,
    Fresh::PlainArrayCopy,
];

fn fresh_rule(path: &str) -> Fresh {
    match path {
        "Object.keys" | "Object.values" | "Object.entries" => Fresh::Always,
        "JSON.parse" => Fresh::NoReviver,
        "String.prototype.split" => Fresh::SplitByString,
        "Array.prototype.slice"
        | "Array.prototype.concat"
        | "Array.prototype.map"
        | "Array.prototype.filter" => Fresh::PlainArrayCopy,
        _ => Fresh::Never,
    }
}

/// The own property `key` of `o`: its value, or its getter, when it is a plain property.
fn own(o: &JsObject, key: PropertyKey, getter: bool) -> Option<JsValue> {
    let obj = o.borrow();
    let d = obj.properties().get(&key)?;
    if getter {
        d.get().cloned()
    } else {
        d.value().cloned()
    }
}

/// Whether the call about to run returns an object nothing else holds, by `rule`.
fn fresh_result(
    rule: Fresh,
    this: &JsValue,
    args: &[JsValue],
    species: Option<&JsObject>,
    ctx: &Context,
) -> bool {
    let symbol_split = |o: &JsObject| {
        own(o, JsSymbol::split().into(), false).is_some()
            || own(o, JsSymbol::split().into(), true).is_some()
    };
    match rule {
        Fresh::Never => false,
        Fresh::Always => true,
        Fresh::NoReviver => !args.get(1).is_some_and(JsValue::is_callable),
        Fresh::SplitByString => {
            let ctors = ctx.intrinsics().constructors();
            args.first()
                .is_none_or(|s| s.is_undefined() || s.is_string())
                && !symbol_split(&ctors.string().prototype())
                && !symbol_split(&ctors.object().prototype())
        }
        Fresh::PlainArrayCopy => {
            let array = ctx.intrinsics().constructors().array();
            let (ctor, proto) = (array.constructor(), array.prototype());
            let Some(a) = this.as_object().filter(|a| a.is_array()) else {
                return false;
            };
            a.prototype().as_ref() == Some(&proto)
                && own(&a, js_string!("constructor").into(), false).is_none()
                && own(&a, js_string!("constructor").into(), true).is_none()
                && own(&proto, js_string!("constructor").into(), false)
                    .and_then(|c| c.as_object())
                    .is_some_and(|c| c == ctor)
                && own(&ctor, JsSymbol::species().into(), true)
                    .and_then(|g| g.as_object())
                    .is_some_and(|g| Some(&g) == species)
        }
    }
}

const SIZES: [SizeOf; 5] = [
    SizeOf::This,
    SizeOf::Arg0,
    SizeOf::Result,
    SizeOf::Nlogn,
    SizeOf::None,
];

fn charged(
    this: &JsValue,
    args: &[JsValue],
    (orig, size, base, per, fresh, species): &Captures,
    ctx: &mut Context,
) -> JsResult<JsValue> {
    let rule = FRESH[*fresh as usize];
    let own = rule != Fresh::Never
        && crate::dp::checking(ctx)
        && fresh_result(rule, this, args, species.as_ref(), ctx);
    let w = Weight {
        size: SIZES[*size as usize],
        base: *base,
        per: *per,
    };
    let before = match w.size {
        SizeOf::This | SizeOf::Nlogn => length_of(this, ctx),
        SizeOf::Arg0 => length_of(args.first().unwrap_or(&JsValue::undefined()), ctx),
        SizeOf::Result | SizeOf::None => 0.0,
    };
    let r = orig.call(this, args, ctx)?;
    let n = match w.size {
        SizeOf::Result => length_of(&r, ctx),
        _ => before,
    };
    charge(w.units(n), ctx);
    if let Some(o) = r.as_object().filter(|_| own) {
        crate::dp::built_in_made(ctx, &o);
    }
    Ok(r)
}

/// Replaces `holder[name]` by a version that charges `w` (constructors such as `Number` keep
/// their statics and `new`: they are not wrapped).
fn wrap(
    holder: &JsObject,
    name: &str,
    w: &Weight,
    fresh: Fresh,
    ctx: &mut Context,
) -> JsResult<()> {
    let key = JsString::from(name).into();
    let Some(orig) = crate::replace::method(holder, &key, true, ctx)? else {
        return Ok(());
    };
    let index = SIZES.iter().position(|s| *s == w.size).unwrap_or(0) as u8;
    let rule = FRESH.iter().position(|f| *f == fresh).unwrap_or(0) as u8;
    let array = ctx.intrinsics().constructors().array().constructor();
    let species = own(&array, JsSymbol::species().into(), true).and_then(|g| g.as_object());
    let caps: Captures = (orig.clone(), index, w.base, w.per, rule, species);
    let native = NativeFunction::from_copy_closure_with_captures(charged, caps);
    crate::replace::install(holder, key, &orig, native, ctx)?;
    Ok(())
}

/// The object a path like `String.prototype.trim` names the holder of, and the property.
fn holder_of(path: &str, ctx: &mut Context) -> JsResult<Option<(JsObject, String)>> {
    let mut parts: Vec<&str> = path.split('.').collect();
    let Some(name) = parts.pop() else {
        return Ok(None);
    };
    let mut holder = ctx.global_object();
    for p in parts {
        match holder.get(JsString::from(p), ctx)?.as_object() {
            Some(o) => holder = o,
            None => return Ok(None),
        }
    }
    Ok(Some((holder, name.to_string())))
}

/// Installs the charging built-ins (instrumented runs; the weights count in check costs only
/// under [`jsproject::CostModel::Native`], but every test's native units are recorded).
pub(crate) fn install(table: &Table, ctx: &mut Context) -> JsResult<()> {
    for (path, w) in &table.costs {
        if let Some((holder, name)) = holder_of(path, ctx)? {
            wrap(&holder, &name, w, fresh_rule(path), ctx)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stored_table_parses_with_non_negative_weights() {
        let t = table();
        assert!(t.ns_per_branch_point > 0.0);
        assert!(t.costs.len() >= 30, "{}", t.costs.len());
        for (name, w) in &t.costs {
            assert!(w.base >= 0.0 && w.per >= 0.0, "{name}: {w:?}");
        }
        let lower = t.costs["String.prototype.toLowerCase"];
        assert!(lower.units(10_000.0) > 100.0 * lower.units(0.0) / lower.base.max(1.0));
    }
}

//! Replacing a built-in method by a native wrapper that keeps its name and length (the one step
//! the logging, guarding and charging built-ins share).

use boa_engine::object::FunctionObjectBuilder;
use boa_engine::property::{PropertyDescriptor, PropertyKey};
use boa_engine::{js_string, Context, JsObject, JsResult, JsString, JsValue, NativeFunction};

/// A wrapper around the original method it captures.
pub(crate) type Wrapper = fn(&JsValue, &[JsValue], &JsObject, &mut Context) -> JsResult<JsValue>;

/// The callable `holder[key]`, if it is one (constructors are skipped when `methods_only`).
pub(crate) fn method(
    holder: &JsObject,
    key: &PropertyKey,
    methods_only: bool,
    ctx: &mut Context,
) -> JsResult<Option<JsObject>> {
    let f = holder.get(key.clone(), ctx)?;
    Ok(f.as_callable()
        .filter(|f| !(methods_only && f.is_constructor())))
}

/// Defines `holder[key]` as `native`, named and sized like `orig`; returns the new function.
pub(crate) fn install(
    holder: &JsObject,
    key: PropertyKey,
    orig: &JsObject,
    native: NativeFunction,
    ctx: &mut Context,
) -> JsResult<JsObject> {
    let name: JsString = orig.get(js_string!("name"), ctx)?.to_string(ctx)?;
    let length = orig
        .get(js_string!("length"), ctx)?
        .as_number()
        .unwrap_or(0.0) as usize;
    let f: JsObject = FunctionObjectBuilder::new(ctx.realm(), native)
        .name(name)
        .length(length)
        .constructor(false)
        .build()
        .into();
    define_method(holder, key, &f, ctx)?;
    Ok(f)
}

/// Defines `holder[key]` as method `f` (writable, configurable, not enumerable, as built-ins are).
pub(crate) fn define_method(
    holder: &JsObject,
    key: PropertyKey,
    f: &JsObject,
    ctx: &mut Context,
) -> JsResult<()> {
    holder.define_property_or_throw(
        key,
        PropertyDescriptor::builder()
            .value(f.clone())
            .writable(true)
            .enumerable(false)
            .configurable(true),
        ctx,
    )?;
    Ok(())
}

/// Replaces `holder[key]` by `wrapper` around it; returns the replacement (none if not callable).
pub(crate) fn wrap(
    holder: &JsObject,
    key: PropertyKey,
    wrapper: Wrapper,
    ctx: &mut Context,
) -> JsResult<Option<JsObject>> {
    let Some(orig) = method(holder, &key, false, ctx)? else {
        return Ok(None);
    };
    let native = NativeFunction::from_copy_closure_with_captures(wrapper, orig.clone());
    install(holder, key, &orig, native, ctx).map(Some)
}

/// [`wrap`] for each of `names`.
pub(crate) fn wrap_names(
    holder: &JsObject,
    names: &[&str],
    wrapper: Wrapper,
    ctx: &mut Context,
) -> JsResult<()> {
    for name in names {
        wrap(holder, JsString::from(*name).into(), wrapper, ctx)?;
    }
    Ok(())
}

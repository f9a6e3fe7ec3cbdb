//! Undo of plain arrays kept as their values. The shared JS snapshot (`host.undo`) builds a
//! descriptor object per element and redefines each one to restore, which made every speculated
//! or replayed `push` on a long array cost a pass of allocations; a plain array needs only its
//! prototype and its values, taken and put back here without leaving Rust.

use boa_engine::object::{FunctionObjectBuilder, JsPrototype};
use boa_engine::property::{PropertyDescriptor, PropertyKey};
use boa_engine::{js_string, Context, JsObject, JsResult, JsValue, NativeFunction};

/// What a restorer puts back: the array, its prototype and its elements.
type Saved = (JsObject, JsPrototype, Vec<JsValue>);

/// Whether `d` is an element as `push` or a literal makes it: a writable, enumerable and
/// configurable data property.
fn is_plain_element(d: &PropertyDescriptor) -> bool {
    d.is_data_descriptor()
        && d.writable() == Some(true)
        && d.enumerable() == Some(true)
        && d.configurable() == Some(true)
}

/// The elements of `o` when it is a plain array: an extensible `Array` whose own keys are its
/// elements `0..length`, each a plain element, and a writable `length`.
fn plain_values(o: &JsObject, ctx: &mut Context) -> JsResult<Option<Vec<JsValue>>> {
    if !o.is_array() || !o.is_extensible(ctx)? {
        return Ok(None);
    }
    let keys = o.own_property_keys(ctx)?;
    let obj = o.borrow();
    let props = obj.properties();
    let length = props.get(&js_string!("length").into());
    let Some(n) = length
        .as_ref()
        .filter(|d| d.writable() == Some(true))
        .and_then(|d| d.value())
        .and_then(JsValue::as_number)
    else {
        return Ok(None);
    };
    if keys.len() as f64 != n + 1.0 {
        return Ok(None);
    }
    let mut values = Vec::with_capacity(n as usize);
    for (i, key) in keys.iter().enumerate() {
        match key {
            PropertyKey::Index(at) if at.get() as usize == i => {
                match props.get(key).filter(is_plain_element) {
                    Some(d) => values.push(d.expect_value().clone()),
                    None => return Ok(None),
                }
            }
            PropertyKey::String(s) if i == keys.len() - 1 && *s == js_string!("length") => {}
            _ => return Ok(None),
        }
    }
    Ok(Some(values))
}

/// Puts `o` back as it was saved: the prototype, no key beyond the saved elements and `length`,
/// the saved length and every element that changed.
fn restore(
    _: &JsValue,
    _: &[JsValue],
    (o, proto, values): &Saved,
    ctx: &mut Context,
) -> JsResult<JsValue> {
    if o.prototype() != *proto {
        o.set_prototype(proto.clone());
    }
    let n = values.len();
    for key in o.own_property_keys(ctx)? {
        let kept = match &key {
            PropertyKey::Index(at) => (at.get() as usize) < n,
            PropertyKey::String(s) => *s == js_string!("length"),
            PropertyKey::Symbol(_) => false,
        };
        if !kept {
            o.delete_property_or_throw(key, ctx)?;
        }
    }
    o.set(js_string!("length"), n, true, ctx)?;
    for (i, v) in values.iter().enumerate() {
        let key = PropertyKey::from(i as u32);
        let now = o.borrow().properties().get(&key);
        let same = now
            .as_ref()
            .filter(|d| is_plain_element(d))
            .is_some_and(|d| JsValue::same_value(d.expect_value(), v));
        if !same {
            let element = PropertyDescriptor::builder()
                .value(v.clone())
                .writable(true)
                .enumerable(true)
                .configurable(true);
            o.define_property_or_throw(key, element, ctx)?;
        }
    }
    Ok(JsValue::undefined())
}

/// A function that puts `o` back into its current state, when `o` is a plain array.
pub(crate) fn restorer(o: &JsObject, ctx: &mut Context) -> JsResult<Option<JsObject>> {
    let Some(values) = plain_values(o, ctx)? else {
        return Ok(None);
    };
    let saved: Saved = (o.clone(), o.prototype(), values);
    let native = NativeFunction::from_copy_closure_with_captures(restore, saved);
    Ok(Some(
        FunctionObjectBuilder::new(ctx.realm(), native)
            .name(js_string!("restore"))
            .length(0)
            .build()
            .into(),
    ))
}

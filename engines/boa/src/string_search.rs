//! `String.prototype.indexOf`, `includes`, `split` and `replaceAll` with a search that starts
//! where it is asked to: Boa 0.22 finds a substring from index `i` by stepping through the `i`
//! positions before it, so a loop of `indexOf(x, i)` or one `split('\n')` is quadratic (jsdiff's
//! test of a 1,000,000-line hunk ran for hours). The common case (a string searched for a
//! string) is answered here; every other case (objects, regular expressions, a limit, `$`
//! patterns) goes to Boa's own method, so the results are those of the specification.
//!
//! `RegExp.prototype.exec` copies a one-byte (Latin-1) subject into two-byte units on every call,
//! so a parser that runs a sticky expression along a long text, or `split(/\n/)`, is quadratic
//! too. The subject is given to it as a two-byte string, made once per long subject: the same
//! text, so every result is the same.

use boa_engine::object::builtins::JsArray;
use boa_engine::property::PropertyKey;
use boa_engine::string::JsStrVariant;
use boa_engine::{js_string, Context, JsObject, JsResult, JsStr, JsString, JsValue};

/// Subjects shorter than this are copied by Boa on every call, as they were.
const TWIN_MIN_LEN: usize = 256;

/// Replaces the four methods on `String.prototype` and `RegExp.prototype.exec`.
pub(crate) fn install(ctx: &mut Context) -> JsResult<()> {
    let regexp = ctx.intrinsics().constructors().regexp().prototype();
    crate::replace::wrap(&regexp, PropertyKey::from(js_string!("exec")), exec, ctx)?;
    let proto = ctx.intrinsics().constructors().string().prototype();
    let methods: [(&str, crate::replace::Wrapper); 4] = [
        ("indexOf", index_of),
        ("includes", includes),
        ("split", split),
        ("replaceAll", replace_all),
    ];
    for (name, wrapper) in methods {
        crate::replace::wrap(&proto, PropertyKey::from(js_string!(name)), wrapper, ctx)?;
    }
    Ok(())
}

thread_local! {
    /// The last long one-byte subject and its two-byte twin.
    static TWIN: std::cell::RefCell<Option<(JsString, JsString)>> = const { std::cell::RefCell::new(None) };
}

/// `s` as a two-byte string, when it is a long one-byte one (the last one's twin is kept).
fn two_byte_twin(s: &JsString) -> Option<JsString> {
    let JsStrVariant::Latin1(bytes) = s.as_str().variant() else {
        return None;
    };
    if bytes.len() < TWIN_MIN_LEN {
        return None;
    }
    let same = |o: &JsString| match o.as_str().variant() {
        JsStrVariant::Latin1(b) => b.as_ptr() == bytes.as_ptr() && b.len() == bytes.len(),
        JsStrVariant::Utf16(_) => false,
    };
    TWIN.with(|t| {
        if let Some((_, twin)) = t.borrow().as_ref().filter(|(o, _)| same(o)) {
            return Some(twin.clone());
        }
        let wide: Vec<u16> = bytes.iter().map(|&b| u16::from(b)).collect();
        let twin = JsString::from(wide.as_slice());
        *t.borrow_mut() = Some((s.clone(), twin.clone()));
        Some(twin)
    })
}

fn exec(this: &JsValue, args: &[JsValue], orig: &JsObject, ctx: &mut Context) -> JsResult<JsValue> {
    if let Some(none) = crate::regex_watch::exec_watched(this, args, ctx)? {
        return Ok(none);
    }
    match args
        .first()
        .and_then(JsValue::as_string)
        .and_then(|s| two_byte_twin(&s))
    {
        Some(twin) => {
            let mut args = args.to_vec();
            args[0] = twin.into();
            orig.call(this, &args, ctx)
        }
        None => orig.call(this, args, ctx),
    }
}

/// The first index at or after `from` where `needle` occurs in `hay`.
pub(crate) fn find(hay: JsStr<'_>, needle: JsStr<'_>, from: usize) -> Option<usize> {
    if from > hay.len() {
        return None;
    }
    match (hay.variant(), needle.variant()) {
        (JsStrVariant::Latin1(h), JsStrVariant::Latin1(n)) => find_units(h, n, from),
        (JsStrVariant::Utf16(h), JsStrVariant::Utf16(n)) => find_units(h, n, from),
        (JsStrVariant::Utf16(h), JsStrVariant::Latin1(n)) => {
            let wide: Vec<u16> = n.iter().map(|&b| u16::from(b)).collect();
            find_units(h, &wide, from)
        }
        (JsStrVariant::Latin1(h), JsStrVariant::Utf16(n)) => {
            let narrow: Option<Vec<u8>> = n.iter().map(|&u| u8::try_from(u).ok()).collect();
            find_units(h, &narrow?, from)
        }
    }
}

fn find_units<T: PartialEq + Copy>(hay: &[T], needle: &[T], from: usize) -> Option<usize> {
    let rest = &hay[from..];
    let Some((&first, tail)) = needle.split_first() else {
        return Some(from);
    };
    let last_start = rest.len().checked_sub(needle.len())?;
    let mut i = 0;
    while i <= last_start {
        let at = rest[i..=last_start].iter().position(|&u| u == first)? + i;
        if rest[at + 1..at + needle.len()] == *tail {
            return Some(from + at);
        }
        i = at + 1;
    }
    None
}

/// `this` and the search string, when both are primitive strings (else `None`: Boa's method
/// coerces them, in the specification's order).
fn strings(this: &JsValue, search: Option<&JsValue>) -> Option<(JsString, JsString)> {
    Some((this.as_string()?, search?.as_string()?))
}

/// The start position argument clamped to `len`, when it is undefined or a number.
fn start(pos: Option<&JsValue>, len: usize) -> Option<usize> {
    match pos {
        None => Some(0),
        Some(v) if v.is_undefined() => Some(0),
        Some(v) => {
            let n = v.as_number()?;
            Some(if n.is_nan() || n <= 0.0 {
                0
            } else if n >= len as f64 {
                len
            } else {
                n.trunc() as usize
            })
        }
    }
}

/// `indexOf`/`includes` answered here: where the search string first occurs at or after the
/// position (inner `None`: nowhere); outer `None` when Boa's method must answer.
fn search_from(this: &JsValue, args: &[JsValue]) -> Option<Option<usize>> {
    let (s, search) = strings(this, args.first())?;
    let from = start(args.get(1), s.len())?;
    Some(find(s.as_str(), search.as_str(), from))
}

fn index_of(
    this: &JsValue,
    args: &[JsValue],
    orig: &JsObject,
    ctx: &mut Context,
) -> JsResult<JsValue> {
    match search_from(this, args) {
        Some(at) => Ok(at.map_or(-1.0, |i| i as f64).into()),
        None => orig.call(this, args, ctx),
    }
}

fn includes(
    this: &JsValue,
    args: &[JsValue],
    orig: &JsObject,
    ctx: &mut Context,
) -> JsResult<JsValue> {
    match search_from(this, args) {
        Some(at) => Ok(at.is_some().into()),
        None => orig.call(this, args, ctx),
    }
}

fn split(
    this: &JsValue,
    args: &[JsValue],
    orig: &JsObject,
    ctx: &mut Context,
) -> JsResult<JsValue> {
    let no_limit = args.get(1).is_none_or(JsValue::is_undefined);
    match strings(this, args.first()) {
        Some((s, sep)) if no_limit && !sep.is_empty() && !s.is_empty() => {
            let mut parts = Vec::new();
            let mut i = 0;
            while let Some(j) = find(s.as_str(), sep.as_str(), i) {
                parts.push(JsValue::from(s.slice(i, j)));
                i = j + sep.len();
            }
            parts.push(JsValue::from(s.slice(i, s.len())));
            Ok(JsArray::from_iter(parts, ctx).into())
        }
        _ => orig.call(this, args, ctx),
    }
}

fn replace_all(
    this: &JsValue,
    args: &[JsValue],
    orig: &JsObject,
    ctx: &mut Context,
) -> JsResult<JsValue> {
    let plain = args
        .get(1)
        .and_then(JsValue::as_string)
        .filter(|r| !r.to_std_string_lossy().contains('$'));
    match (strings(this, args.first()), plain) {
        (Some((s, search)), Some(with)) if !search.is_empty() => {
            let mut pieces: Vec<JsString> = Vec::new();
            let mut i = 0;
            while let Some(j) = find(s.as_str(), search.as_str(), i) {
                pieces.push(s.slice(i, j));
                pieces.push(with.clone());
                i = j + search.len();
            }
            if i == 0 {
                return Ok(s.into());
            }
            pieces.push(s.slice(i, s.len()));
            Ok(JsString::from(pieces.as_slice()).into())
        }
        _ => orig.call(this, args, ctx),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_starts_at_from_in_every_representation() {
        let latin = JsString::from("ab\nab\nab");
        let wide = JsString::from("€\nab\nab");
        let nl = JsString::from("\n");
        assert_eq!(find(latin.as_str(), nl.as_str(), 0), Some(2));
        assert_eq!(find(latin.as_str(), nl.as_str(), 3), Some(5));
        assert_eq!(find(latin.as_str(), nl.as_str(), 6), None);
        assert_eq!(
            find(latin.as_str(), JsString::from("").as_str(), 8),
            Some(8)
        );
        assert_eq!(find(latin.as_str(), nl.as_str(), 9), None);
        assert_eq!(
            find(wide.as_str(), JsString::from("ab").as_str(), 3),
            Some(5)
        );
        assert_eq!(find(latin.as_str(), JsString::from("ĉ").as_str(), 0), None);
        assert_eq!(
            find(latin.as_str(), JsString::from("b\na").as_str(), 2),
            Some(4)
        );
    }
}

//! Regular expressions that can run for minutes are matched on a helper thread, so that the
//! per-test limit and `--timeout` stop them: Boa's matcher (regress) runs a whole match inside
//! one native call, where no limit is checked. A pattern is watched when it can backtrack
//! exponentially (a repeated group that itself repeats or alternates, a backreference) or, on a
//! long subject, polynomially (two or more unbounded quantifiers from 1,024 characters on, one
//! from 16,384 on: quadratic there is seconds in Boa). The helper only decides
//! whether there is a match; Boa's own `exec` builds the result, so results are Boa's. Past the
//! limit the helper is abandoned (its thread runs on until the match ends) and the test stops as
//! any test over its limit does.

use std::collections::HashMap;
use std::sync::{mpsc, Arc};
use std::time::Instant;

use boa_engine::object::builtins::JsRegExp;
use boa_engine::string::JsStrVariant;
use boa_engine::{js_string, Context, JsObject, JsResult, JsString, JsValue};

/// Subjects at least this long are watched for patterns with several unbounded quantifiers.
const LONG_SUBJECT: usize = 1024;
/// Subjects at least this long are watched for patterns with one unbounded quantifier.
const VERY_LONG_SUBJECT: usize = 16_384;
/// Expressions whose risk is remembered before the memory is cleared.
const REMEMBERED: usize = 4096;

/// How a pattern can take long.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Risk {
    /// Linear: run inline.
    Low,
    /// Polynomial on a subject at least this long (unbounded quantifiers).
    LongSubject(usize),
    /// Exponential (nested repetition, a repeated alternation, a backreference).
    Always,
}

/// The risk of a pattern's source text (as `RegExp.prototype.source` gives it).
pub(crate) fn risk(source: &str) -> Risk {
    let s: Vec<char> = source.chars().collect();
    // per open group: whether it repeats or alternates inside
    let mut groups: Vec<bool> = vec![false];
    let mut unbounded = 0;
    let mut in_class = false;
    // the group that just closed, and whether it repeats or alternates inside
    let mut closed: Option<bool> = None;
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        let just_closed = closed.take();
        match c {
            '\\' => {
                let next = s.get(i + 1).copied().unwrap_or(' ');
                if !in_class
                    && (('1'..='9').contains(&next) || (next == 'k' && s.get(i + 2) == Some(&'<')))
                {
                    return Risk::Always;
                }
                i += 2;
                continue;
            }
            _ if in_class => in_class = c != ']',
            '[' => in_class = true,
            '(' => {
                groups.push(false);
                if s.get(i + 1) == Some(&'?') {
                    i += 2;
                    // a named group's name, or a lookbehind's `<=` / `<!`
                    if s.get(i) == Some(&'<') && !matches!(s.get(i + 1), Some('=') | Some('!')) {
                        while i < s.len() && s[i] != '>' {
                            i += 1;
                        }
                    }
                }
            }
            ')' => {
                let inner = groups.pop().unwrap_or(false);
                if groups.is_empty() {
                    groups.push(false);
                }
                if let Some(outer) = groups.last_mut() {
                    *outer |= inner;
                }
                closed = Some(inner);
            }
            '|' => {
                if let Some(g) = groups.last_mut() {
                    *g = true;
                }
            }
            '*' | '+' | '{' => {
                let (repeats, open_ended, end) = quantifier(&s, i);
                if repeats {
                    if just_closed == Some(true) {
                        return Risk::Always;
                    }
                    if let Some(g) = groups.last_mut() {
                        *g = true;
                    }
                    unbounded += usize::from(open_ended);
                }
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    match unbounded {
        0 => Risk::Low,
        1 => Risk::LongSubject(VERY_LONG_SUBJECT),
        _ => Risk::LongSubject(LONG_SUBJECT),
    }
}

/// The quantifier at `s[i]`: whether it repeats (more than once), whether it has no upper
/// bound, and the index after it. A `{` that is not a quantifier is a literal.
fn quantifier(s: &[char], i: usize) -> (bool, bool, usize) {
    match s[i] {
        '*' | '+' => (true, true, i + 1),
        _ => {
            let close = match s[i..].iter().position(|&c| c == '}') {
                Some(p) => i + p,
                None => return (false, false, i + 1),
            };
            let body: String = s[i + 1..close].iter().collect();
            let (lo, hi) = match body.split_once(',') {
                Some((lo, hi)) => (lo.trim(), Some(hi.trim())),
                None => (body.trim(), None),
            };
            if lo.parse::<u64>().is_err() {
                return (false, false, i + 1);
            }
            match hi {
                Some("") => (true, true, close + 1),
                Some(h) => (h.parse::<u64>().is_ok_and(|h| h >= 2), false, close + 1),
                None => (lo.parse::<u64>().is_ok_and(|n| n >= 2), false, close + 1),
            }
        }
    }
}

/// What is remembered of one expression object.
struct Known {
    risk: Risk,
    /// The source and flags the helper's matcher was compiled from, and the matcher.
    compiled: Option<(String, String, Arc<Matcher>)>,
}

/// A compiled pattern as Boa compiles it, and how Boa searches with it.
struct Matcher {
    regex: regress::Regex,
    /// Code points (`u`, `v`) or UTF-16 code units.
    unicode: bool,
    sticky: bool,
}

/// One match for the helper to decide.
struct Job {
    matcher: Arc<Matcher>,
    subject: Arc<[u16]>,
    start: usize,
    answer: mpsc::Sender<bool>,
}

thread_local! {
    static KNOWN: std::cell::RefCell<HashMap<JsObject, Known>> = std::cell::RefCell::new(HashMap::new());
    /// The last watched subject as two-byte units, for the helper.
    static SUBJECT: std::cell::RefCell<Option<(JsString, Arc<[u16]>)>> = const { std::cell::RefCell::new(None) };
    /// The helper thread's queue (a new helper after one is abandoned).
    static HELPER: std::cell::RefCell<Option<mpsc::Sender<Job>>> = const { std::cell::RefCell::new(None) };
}

/// Decides a watched `exec` before Boa runs it: `Some(null)` when there is no match (with
/// `lastIndex` reset as `exec` resets it), `None` when Boa's own `exec` is to run (no risk, a
/// match found, anything unusual), or the error that stops the test at its limit.
pub(crate) fn exec_watched(
    this: &JsValue,
    args: &[JsValue],
    ctx: &mut Context,
) -> JsResult<Option<JsValue>> {
    // natives that loop over matches (`replace`, `split`, `matchAll`) reach no branch point
    // between them: the limits are read here too
    let stop = crate::state::shared(ctx).rt.borrow_mut().tick();
    stop.map_err(crate::dp::abort_error)?;
    let (Some(obj), Some(subject)) = (this.as_object(), args.first().and_then(JsValue::as_string))
    else {
        return Ok(None);
    };
    let Some(risk) = remembered_risk(&obj, ctx)? else {
        return Ok(None);
    };
    match risk {
        Risk::Low => return Ok(None),
        Risk::LongSubject(min) if subject.len() < min => return Ok(None),
        _ => {}
    }
    let Some(matcher) = matcher_of(&obj, ctx)? else {
        return Ok(None);
    };
    let global_or_sticky = matcher.sticky || JsRegExp::from_object(obj.clone())?.global(ctx)?;
    let start = if global_or_sticky {
        // only a plain number: reading anything else has effects Boa's `exec` repeats
        match obj.get(js_string!("lastIndex"), ctx)?.as_number() {
            Some(n) if n >= 0.0 && n.fract() == 0.0 => n as usize,
            _ => return Ok(None),
        }
    } else {
        0
    };
    if start > subject.len() {
        return Ok(None);
    }
    let limit = crate::state::shared(ctx).rt.borrow().limit();
    match decide(matcher, units(&subject), start, limit) {
        Some(true) => Ok(None),
        Some(false) => {
            if global_or_sticky {
                obj.set(js_string!("lastIndex"), 0, true, ctx)?;
            }
            Ok(Some(JsValue::null()))
        }
        None => {
            let abort = crate::state::shared(ctx).rt.borrow_mut().stop_at_limit();
            Err(crate::dp::abort_error(abort))
        }
    }
}

/// The risk of the expression `obj`, remembered per object; `None` when it is no expression.
fn remembered_risk(obj: &JsObject, ctx: &mut Context) -> JsResult<Option<Risk>> {
    if let Some(r) = KNOWN.with(|k| k.borrow().get(obj).map(|k| k.risk)) {
        return Ok(Some(r));
    }
    let Ok(re) = JsRegExp::from_object(obj.clone()) else {
        return Ok(None);
    };
    let r = risk(&pattern(&re.source(ctx)?));
    KNOWN.with(|k| {
        let mut k = k.borrow_mut();
        if k.len() >= REMEMBERED {
            k.clear();
        }
        k.insert(
            obj.clone(),
            Known {
                risk: r,
                compiled: None,
            },
        );
    });
    Ok(Some(r))
}

/// The helper's matcher for `obj`, compiled as Boa compiles it (from its source and flags,
/// read again each time, as annex B's `compile` may change them); `None` when it does not
/// compile here.
fn matcher_of(obj: &JsObject, ctx: &mut Context) -> JsResult<Option<Arc<Matcher>>> {
    let re = JsRegExp::from_object(obj.clone())?;
    let (source, flags) = (pattern(&re.source(ctx)?), re.flags(ctx)?);
    let kept = KNOWN.with(|k| {
        k.borrow()
            .get(obj)
            .and_then(|k| k.compiled.as_ref())
            .filter(|(s, f, _)| *s == source && *f == flags)
            .map(|(_, _, m)| m.clone())
    });
    if kept.is_some() {
        return Ok(kept);
    }
    let Some(matcher) = compile(&source, &flags) else {
        return Ok(None);
    };
    let matcher = Arc::new(matcher);
    KNOWN.with(|k| {
        if let Some(known) = k.borrow_mut().get_mut(obj) {
            known.compiled = Some((source, flags, matcher.clone()));
        }
    });
    Ok(Some(matcher))
}

/// The pattern of an expression from what Boa 0.22's `source` gives: Boa puts a backslash before
/// every `/`, even one already escaped (`/a\/b/` gives `a\\/b`), so dropping the backslash
/// of each `\/` restores the pattern (`js/v8_compat.js` does the same for programs).
fn pattern(boa_source: &str) -> String {
    let mut out = String::with_capacity(boa_source.len());
    let mut chars = boa_source.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && chars.peek() == Some(&'/') {
            continue;
        }
        out.push(c);
    }
    out
}

/// `source` compiled with `flags` as Boa 0.22 compiles an expression.
fn compile(source: &str, flags: &str) -> Option<Matcher> {
    let has = |c: char| flags.contains(c);
    let unicode = has('u') || has('v');
    let regress_flags = regress::Flags {
        icase: has('i'),
        multiline: has('m'),
        dot_all: has('s'),
        unicode: has('u'),
        unicode_sets: has('v'),
        ..regress::Flags::default()
    };
    let regex = if unicode {
        regress::Regex::from_unicode(source.chars().map(u32::from), regress_flags)
    } else {
        let units: Vec<u32> = source.encode_utf16().map(u32::from).collect();
        regress::Regex::from_unicode(units.into_iter(), regress_flags)
    };
    Some(Matcher {
        regex: regex.ok()?,
        unicode,
        sticky: has('y'),
    })
}

/// `s` as two-byte units, shared with the helper (the last subject's are kept).
fn units(s: &JsString) -> Arc<[u16]> {
    SUBJECT.with(|cell| {
        if let Some((kept, u)) = cell.borrow().as_ref() {
            if same(kept, s) {
                return u.clone();
            }
        }
        let u: Arc<[u16]> = match s.as_str().variant() {
            JsStrVariant::Latin1(b) => b.iter().map(|&c| u16::from(c)).collect(),
            JsStrVariant::Utf16(w) => w.into(),
        };
        *cell.borrow_mut() = Some((s.clone(), u.clone()));
        u
    })
}

/// Whether `a` and `b` are the same string in memory.
fn same(a: &JsString, b: &JsString) -> bool {
    match (a.as_str().variant(), b.as_str().variant()) {
        (JsStrVariant::Latin1(x), JsStrVariant::Latin1(y)) => {
            x.as_ptr() == y.as_ptr() && x.len() == y.len()
        }
        (JsStrVariant::Utf16(x), JsStrVariant::Utf16(y)) => {
            x.as_ptr() == y.as_ptr() && x.len() == y.len()
        }
        _ => false,
    }
}

/// Whether `matcher` matches `subject` from `start` (at `start` when sticky), decided on the
/// helper thread; `None` when `limit` came first (the helper is then abandoned).
fn decide(
    matcher: Arc<Matcher>,
    subject: Arc<[u16]>,
    start: usize,
    limit: Option<Instant>,
) -> Option<bool> {
    let (tx, rx) = mpsc::channel();
    let job = Job {
        matcher,
        subject,
        start,
        answer: tx,
    };
    let sent = HELPER.with(|h| {
        let mut h = h.borrow_mut();
        let queue = h.get_or_insert_with(helper);
        match queue.send(job) {
            Ok(()) => true,
            Err(mpsc::SendError(job)) => {
                let fresh = helper();
                let ok = fresh.send(job).is_ok();
                *h = Some(fresh);
                ok
            }
        }
    });
    if !sent {
        return Some(true);
    }
    let wait = limit.map(|l| l.saturating_duration_since(Instant::now()));
    let answer = match wait {
        Some(w) => rx.recv_timeout(w).ok(),
        None => rx.recv().ok(),
    };
    if answer.is_none() {
        // the helper is still matching: a new one takes the next job
        HELPER.with(|h| *h.borrow_mut() = None);
    }
    answer
}

/// Starts a helper thread; its queue.
fn helper() -> mpsc::Sender<Job> {
    let (tx, rx) = mpsc::channel::<Job>();
    let _ = std::thread::Builder::new()
        .name("decisionprof-regex".into())
        .spawn(move || {
            for job in rx {
                let _ = job.answer.send(matches(&job));
            }
        });
    tx
}

/// Whether the job's expression matches, searching as Boa's `exec` does.
fn matches(job: &Job) -> bool {
    let m = &job.matcher;
    let found = if m.unicode {
        m.regex.find_from_utf16(&job.subject, job.start).next()
    } else {
        m.regex.find_from_ucs2(&job.subject, job.start).next()
    };
    found.is_some_and(|f| !m.sticky || f.start() == job.start)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Boa's `source` puts a backslash before every `/`; the helper compiles the pattern itself.
    #[test]
    fn the_helper_compiles_the_pattern_not_boas_source() {
        assert_eq!(pattern(r"a\\/b"), r"a\/b");
        assert_eq!(pattern(r"[\/.]\/"), r"[/.]/");
        assert_eq!(pattern(r"\\\/"), r"\\/");
        let m = compile(&pattern(r"^(?:\\/[a-z]+)+$"), "i").expect("compiles");
        let subject: Vec<u16> = "/Models/Bar".encode_utf16().collect();
        assert!(m.regex.find_from_ucs2(&subject, 0).next().is_some());
    }

    #[test]
    fn nested_repetition_alternation_and_backreferences_are_watched() {
        for exponential in [
            r"^(a+)+$",
            r"(\w*\s?)*x",
            r"^(?:a|aa)+$",
            r"(x{2,})*y",
            r"(.)\1",
            r"(?<q>['\x22]).*?\k<q>",
            r"^((ab)*c)+$",
        ] {
            assert_eq!(risk(exponential), Risk::Always, "{exponential}");
        }
        for long in [r"^\s*\d+\s*$", r"a.*b.*c", r"^[v=\s]*\d+\s+$", r"\(a+\)+"] {
            assert_eq!(risk(long), Risk::LongSubject(LONG_SUBJECT), "{long}");
        }
        for one in [
            r"^\d+$",
            r"[a-z]+",
            r"\(a+\)",
            r"(?<name>\w+)@",
            r"(?<=a)b+",
        ] {
            assert_eq!(risk(one), Risk::LongSubject(VERY_LONG_SUBJECT), "{one}");
        }
        for low in [
            r"^\d{3}$",
            r"[a-z]",
            r"[(a+)+]",
            r"(ab)?c",
            r"(a|b)c",
            r"(?:abc){2}",
            r"x{",
        ] {
            assert_eq!(risk(low), Risk::Low, "{low}");
        }
    }

    #[test]
    fn the_helper_decides_as_boa_searches() {
        let m = Arc::new(compile("b+", "y").expect("compiles"));
        let text: Arc<[u16]> = "abbb".encode_utf16().collect();
        assert_eq!(decide(m.clone(), text.clone(), 1, None), Some(true));
        assert_eq!(
            decide(m, text.clone(), 0, None),
            Some(false),
            "sticky: at the start only"
        );
        let m = Arc::new(compile("B", "i").expect("compiles"));
        assert_eq!(decide(m, text, 2, None), Some(true));
        let stuck = Arc::new(compile("^(a+)+$", "").expect("compiles"));
        let long: Arc<[u16]> = "a"
            .repeat(40)
            .chars()
            .chain(['!'])
            .map(|c| c as u16)
            .collect();
        let limit = Instant::now() + std::time::Duration::from_millis(100);
        assert_eq!(
            decide(stuck, long, 0, Some(limit)),
            None,
            "abandoned at the limit"
        );
    }
}

//! The Boa host: a context with the `__dp` object, the native functions of the JS prelude
//! (files, stdout, clocks, module compilation with instrumentation) and the prelude itself.

use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::Instant;

use boa_engine::object::ObjectInitializer;
use boa_engine::property::Attribute;
use boa_engine::{
    js_string, Context, JsError, JsNativeError, JsObject, JsResult, JsString, JsValue,
    NativeFunction, Source,
};

use crate::dp;
use crate::state::{shared, Shared};

/// The undo helpers both engines share (snapshots, restorers, read traps), as `host.undo`.
use jsproject::runtime_js::UNDO_JS;
const JSON_PARSE_JS: &str = include_str!("../js/json_parse.js");
const DATE_PARSE_JS: &str = include_str!("../js/date_parse.js");
/// `String.prototype.localeCompare` as ICU's root collation orders text (Boa compares code units).
const COLLATE_JS: &str = include_str!("../js/collate.js");
const INTL_JS: &str = include_str!("../js/intl.js");
/// The object-flow runtime (`js-flow`).
const FLOW_JS: &str = include_str!("../js/flow.js");

/// The CommonJS wrapper around a module's text (the text starts on the same line, so lines match).
const WRAPPER_PREFIX: &str = "(function (exports, require, module, __filename, __dirname, __dp) {";

/// Node's built-in module names, to tell "not provided" from "not found".
pub(crate) const NODE_BUILTINS: &[&str] = &[
    "assert",
    "async_hooks",
    "buffer",
    "child_process",
    "cluster",
    "console",
    "constants",
    "crypto",
    "dgram",
    "diagnostics_channel",
    "dns",
    "domain",
    "events",
    "fs",
    "fs/promises",
    "http",
    "http2",
    "https",
    "inspector",
    "module",
    "net",
    "os",
    "path",
    "perf_hooks",
    "process",
    "punycode",
    "querystring",
    "readline",
    "readline/promises",
    "repl",
    "stream",
    "stream/promises",
    "string_decoder",
    "sys",
    "timers",
    "timers/promises",
    "tls",
    "trace_events",
    "tty",
    "url",
    "util",
    "v8",
    "vm",
    "wasi",
    "worker_threads",
    "zlib",
    "test",
];

fn arg(args: &[JsValue], i: usize) -> JsValue {
    args.get(i).cloned().unwrap_or_default()
}

fn str_arg(args: &[JsValue], i: usize, ctx: &mut Context) -> JsResult<String> {
    Ok(arg(args, i).to_string(ctx)?.to_std_string_escaped())
}

pub(crate) use jsproject::classify::rel_path;

fn write(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let fd = arg(args, 0).as_number().unwrap_or(1.0) as i32;
    let text = str_arg(args, 1, ctx)?;
    let s = shared(ctx);
    if fd == 1 {
        if let Ok(mut out) = s.stdout.lock() {
            out.push_str(&text);
        }
        if s.echo {
            eprint!("{text}");
        }
    } else {
        eprint!("{text}");
    }
    Ok(JsValue::undefined())
}

fn read(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let p = str_arg(args, 0, ctx)?;
    match std::fs::read(&p) {
        Ok(bytes) => Ok(JsString::from(String::from_utf8_lossy(&bytes).as_ref()).into()),
        Err(e) => Err(JsNativeError::error()
            .with_message(format!("ENOENT: cannot read '{p}': {e}"))
            .into()),
    }
}

/// `host.readBytes(path)`: the file's bytes as an `ArrayBuffer` (binary files, `Buffer`s).
fn read_bytes(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let p = str_arg(args, 0, ctx)?;
    let bytes = std::fs::read(&p).map_err(|e| {
        JsNativeError::error().with_message(format!("ENOENT: cannot read '{p}': {e}"))
    })?;
    let block = boa_engine::object::builtins::AlignedVec::from_slice(64, &bytes);
    Ok(boa_engine::object::builtins::JsArrayBuffer::from_byte_block(block, ctx)?.into())
}

fn stat(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let p = str_arg(args, 0, ctx)?;
    let kind = match std::fs::metadata(&p) {
        Ok(m) if m.is_dir() => 2,
        Ok(_) => 1,
        Err(_) => 0,
    };
    Ok(JsValue::from(kind))
}

fn readdir(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let p = str_arg(args, 0, ctx)?;
    let mut names: Vec<String> = std::fs::read_dir(&p)
        .map_err(|e| {
            JsNativeError::error().with_message(format!("cannot read directory '{p}': {e}"))
        })?
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .collect();
    names.sort();
    let arr = boa_engine::object::builtins::JsArray::from_iter(
        names
            .into_iter()
            .map(|n| JsValue::from(JsString::from(n.as_str()))),
        ctx,
    );
    Ok(arr.into())
}

fn hrtime_ns(_: &JsValue, _: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let start = ctx
        .get_data::<Instant>()
        .copied()
        .unwrap_or_else(Instant::now);
    Ok(JsValue::from(start.elapsed().as_nanos() as f64))
}

fn sleep(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let ms = arg(args, 0).as_number().unwrap_or(0.0).clamp(0.0, 60_000.0);
    let mut d = std::time::Duration::from_secs_f64(ms / 1000.0);
    let s = shared(ctx);
    if let Some(left) = s.rt.borrow().time_left() {
        d = d.min(left);
    }
    std::thread::sleep(d);
    Ok(JsValue::undefined())
}

/// `host.checkLimits()`: stops the test (or the run) that went past its limit, as a branch point
/// would (prelude code that waits reaches none).
fn check_limits(_: &JsValue, _: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let stop = shared(ctx).rt.borrow_mut().tick();
    stop.map_err(dp::abort_error)?;
    Ok(JsValue::undefined())
}

fn exit(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let code = arg(args, 0).as_number().unwrap_or(0.0) as i32;
    shared(ctx).host.borrow_mut().exit_code = Some(code);
    Err(dp::uncatchable(dp::EXIT_MESSAGE))
}

fn is_speculating(_: &JsValue, _: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    Ok(shared(ctx).rt.borrow().spec.is_some().into())
}

/// `host.native(f, this, args)`: calls `f`, prelude code standing in for one of node's natives,
/// with the built-ins it calls charging nothing (the cost model charges node's natives by their
/// calibrated weight, or not at all).
fn native(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let f = arg(args, 0)
        .as_callable()
        .ok_or_else(|| JsNativeError::typ().with_message("host.native: not a function"))?;
    let list: Vec<JsValue> = match arg(args, 2).as_object() {
        Some(a) => {
            let n = a.get(js_string!("length"), ctx)?.to_length(ctx)?;
            (0..n).map(|i| a.get(i, ctx)).collect::<JsResult<_>>()?
        }
        None => Vec::new(),
    };
    let s = shared(ctx);
    s.uncharged.set(s.uncharged.get() + 1);
    let r = f.call(&arg(args, 1), &list, ctx);
    s.uncharged.set(s.uncharged.get() - 1);
    r
}

/// `host.touch(o)`: the prelude is about to change `o` (logged like a built-in mutation).
fn touch(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    if let Some(o) = arg(args, 0).as_object() {
        let s = shared(ctx);
        if s.rt.borrow().gate() {
            dp::log_mutation(&s, &o, ctx)?;
        }
    }
    Ok(JsValue::undefined())
}

/// `host.effect(what, throws)`: an effect speculation cannot undo (output, a timer, a file write).
/// While speculating it is recorded, which excludes the decision naming `what`, and the caller
/// suppresses it (returns true; with `throws`, an error stops the check instead). Otherwise it
/// excludes the decisions whose checks are being evaluated, since reordering them would move the
/// effect, and returns false.
pub(crate) fn effect(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let what = str_arg(args, 0, ctx)?;
    let throws = arg(args, 1).to_boolean();
    let s = shared(ctx);
    let mut rt = s.rt.borrow_mut();
    if rt.spec.is_some() {
        rt.note_spec_effect(&what);
        if throws {
            return Err(JsNativeError::error()
                .with_message(format!("{what}, which speculation cannot undo"))
                .into());
        }
        return Ok(true.into());
    }
    if rt.has_open_frames() {
        rt.exclude_open(&format!("a check {what}"));
    }
    Ok(false.into())
}

/// `host.sourceFor(path)`: the source of a build-output file (see [`jsproject::sources`]), or null;
/// a redirect is noted once.
fn source_for(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let p = str_arg(args, 0, ctx)?;
    Ok(redirect(Path::new(&p), ctx)
        .map(|s| JsString::from(s.to_string_lossy().as_ref()).into())
        .unwrap_or(JsValue::null()))
}

/// The source to load instead of the build-output file `p`, recorded in the run's notes.
pub(crate) fn redirect(p: &Path, ctx: &Context) -> Option<std::path::PathBuf> {
    let s = shared(ctx);
    let mut host = s.host.borrow_mut();
    let src = jsproject::sources::source_for(&host.root, p)?;
    let (from, to) = (rel_path(&host.root, p), rel_path(&host.root, &src));
    if !host.redirects.iter().any(|(f, _)| *f == from) {
        host.notes.push(format!(
            "{from}: build output; its source {to} is run instead (decisions are found and patched there)"
        ));
        host.redirects.push((from, to));
    }
    Some(src)
}

fn drain_microtasks(_: &JsValue, _: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    ctx.run_jobs()?;
    Ok(JsValue::undefined())
}

fn is_node_builtin(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let name = str_arg(args, 0, ctx)?;
    Ok(NODE_BUILTINS.contains(&name.as_str()).into())
}

fn rel(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let p = str_arg(args, 0, ctx)?;
    let root = shared(ctx).host.borrow().root.clone();
    Ok(JsString::from(rel_path(&root, Path::new(&p)).as_str()).into())
}

fn uncaught(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let v = arg(args, 0);
    let text = describe_value(&v, ctx);
    let s = shared(ctx);
    let mut host = s.host.borrow_mut();
    if host.uncaught.is_none() {
        host.uncaught = Some(text);
    }
    Ok(JsValue::undefined())
}

/// `name: message` of an error value, else its string form.
pub(crate) fn describe_value(v: &JsValue, ctx: &mut Context) -> String {
    if let Some(o) = v.as_object() {
        let msg = o.get(js_string!("message"), ctx).ok();
        if let Some(m) = msg.and_then(|m| m.as_string().map(|s| s.to_std_string_escaped())) {
            let name = o
                .get(js_string!("name"), ctx)
                .ok()
                .and_then(|n| n.as_string().map(|s| s.to_std_string_escaped()))
                .unwrap_or_else(|| "Error".into());
            return format!("{name}: {m}");
        }
    }
    match v.to_string(ctx) {
        Ok(s) => format!("thrown: {}", s.to_std_string_escaped()),
        Err(_) => "thrown: <value>".into(),
    }
}

/// Text of a JS error (engine errors included).
pub(crate) fn describe_error(e: &JsError, ctx: &mut Context) -> String {
    if let Some(v) = e.as_opaque() {
        return describe_value(v, ctx);
    }
    match e.try_native(ctx) {
        Ok(native) => format!("{}: {}", native.kind(), native.message()),
        Err(_) => e.to_string(),
    }
}

/// A JavaScript or TypeScript file by its name.
use jsproject::classify::is_script;

/// Should the file at `abs` be instrumented?
fn wants_instrumentation(host: &mut crate::state::HostState, abs: &Path) -> Option<String> {
    if !host.instrument {
        return None;
    }
    let rules = jsproject::classify::Rules {
        root: &host.root,
        include_deps: host.include_deps,
        target: host.target.as_deref(),
        files: &host.project_files,
    };
    rules.own_code(abs, &mut host.notes)
}

/// A file's text ready to evaluate: instrumented when it belongs to the project.
#[derive(Debug, Clone)]
pub(crate) struct Prepared {
    /// The text to evaluate.
    pub text: String,
    /// The file as messages name it (relative to the root).
    pub shown: String,
    /// The text as read (shebang blanked).
    pub original: String,
}

/// Reads `abs` and instruments it if it is one of the project's files; a syntax error the
/// instrumenter finds is returned as `file:line:col: message` (and, if `fatal`, fails the run).
/// A file is prepared once per run: loading it again (a test file's fresh modules, a deleted
/// `require.cache` entry) evaluates the same text, with the same decision numbers.
pub(crate) fn prepare_source(abs: &Path, fatal: bool, ctx: &mut Context) -> JsResult<Prepared> {
    if let Some(p) = shared(ctx).host.borrow().prepared.get(abs) {
        return Ok(p.clone());
    }
    let p = prepare_anew(abs, fatal, ctx)?;
    shared(ctx)
        .host
        .borrow_mut()
        .prepared
        .insert(abs.to_path_buf(), p.clone());
    Ok(p)
}

fn prepare_anew(abs: &Path, fatal: bool, ctx: &mut Context) -> JsResult<Prepared> {
    let bytes = std::fs::read(abs).map_err(|e| {
        JsNativeError::error().with_message(format!("cannot read '{}': {e}", abs.display()))
    })?;
    let utf8 = std::str::from_utf8(&bytes).is_ok();
    let mut source = String::from_utf8_lossy(&bytes).into_owned();
    if source.starts_with("#!") {
        source.replace_range(0..2, "//");
    }
    let original = source.clone();
    let s = shared(ctx);
    let mut which = wants_instrumentation(&mut s.host.borrow_mut(), abs);
    let root = s.host.borrow().root.clone();
    let shown = rel_path(&root, abs);
    if which.is_some() && !utf8 {
        // rewriting a lossy decoding could change string contents: run it as it is
        which = None;
        s.host.borrow_mut().notes.push(format!(
            "{shown}: not UTF-8, loaded without instrumentation (its decisions are not profiled)"
        ));
    }
    let lowered = instrument::typescript::needs_lowering(&shown, &source);
    if lowered {
        let ts = s.host.borrow().ts.clone();
        match instrument::typescript::strip_types_with(&source, &shown, &ts) {
            Ok(instrument::typescript::Stripped::Transformed { code, why }) => {
                if which.take().is_some() {
                    s.host.borrow_mut().notes.push(format!(
                        "{shown}: {why}: it runs transformed, its decisions are not profiled"
                    ));
                }
                source = code;
            }
            Ok(js) if which.is_none() => source = js.into_code(),
            // instrumenting parses the TypeScript itself, keeping its positions
            Ok(_) => {}
            Err(e) => {
                let msg = format!("{}:{}:{}: {}", shown, e.line, e.col, e.message);
                if fatal {
                    s.host.borrow_mut().syntax_error.get_or_insert(msg.clone());
                }
                return Err(JsNativeError::syntax().with_message(msg).into());
            }
        }
    }
    if utf8 && !shown.split('/').any(|c| c == "node_modules") {
        let mut h = s.host.borrow_mut();
        let tolerant = h.tolerant_imports;
        let found = jsproject::missing_imports::project_rewrites(
            abs,
            &shown,
            &source,
            &mut h.exports,
            tolerant,
        );
        if let Some((text, notes)) = found {
            source = text;
            h.notes.extend(notes);
        }
    }
    if s.host.borrow().flow {
        // object flow: the project's own files only; nothing speculates, nothing is undone
        match which {
            Some(rel) => source = instrument_flow(&s, &source, &rel, fatal)?,
            None => boa_workarounds(&mut source, &shown),
        }
        return Ok(Prepared {
            text: source,
            shown,
            original,
        });
    }
    // Code that is not instrumented for its decisions is still instrumented for its writes
    // (tests, dependencies), so a speculation that calls into it can undo them.
    let log_only = which.is_none() && utf8 && s.host.borrow().instrument && is_script(&shown);
    if which.is_some() || log_only {
        let rel = which.clone().unwrap_or_else(|| shown.clone());
        let opts = {
            let h = s.host.borrow();
            instrument::InstrumentOptions {
                first_decision: h.next_decision,
                first_binding: h.next_binding,
                log_only,
                // a dependency's functions keep the instrumented text (it is seldom asked for)
                function_texts: !shown.split('/').any(|c| c == "node_modules") && !lowered,
                // a file not instrumented for decisions was stripped above: as JavaScript, its
                // stripping again must change nothing (fields without a value included)
                ts: match which.is_some() {
                    true => h.ts.clone(),
                    false => Default::default(),
                },
                record_pruned: s.rt.borrow().exact,
            }
        };
        match instrument::instrument_source(&source, &rel, &opts) {
            Ok(inst) => {
                s.rt.borrow_mut().add_decisions(&inst.decisions);
                s.rt.borrow_mut().add_bindings(&inst.bindings);
                let mut h = s.host.borrow_mut();
                h.next_decision = inst.next_decision;
                h.next_binding = inst.next_binding;
                h.decisions.extend(inst.decisions);
                if !log_only {
                    h.files += 1;
                }
                if !inst.functions.is_empty() {
                    h.function_texts.add(crate::fn_source::FileTexts {
                        code: inst.code.clone(),
                        original: source,
                        functions: inst.functions,
                    });
                }
                source = inst.code;
            }
            Err(e) if log_only => {
                // run as it is: its writes are not undone, which the note says
                s.host.borrow_mut().notes.push(format!(
                    "{shown}:{}:{}: {}: loaded without write logging",
                    e.line, e.col, e.message
                ));
            }
            Err(e) => {
                let msg = format!("{}:{}:{}: {}", shown, e.line, e.col, e.message);
                if fatal {
                    s.host.borrow_mut().syntax_error.get_or_insert(msg.clone());
                }
                return Err(JsNativeError::syntax().with_message(msg).into());
            }
        }
    } else {
        boa_workarounds(&mut source, &shown);
    }
    Ok(Prepared {
        text: source,
        shown,
        original,
    })
}

/// Code run as it is gets the instrumenter's workarounds for Boa: arrows inside arrows get the
/// right `this` (`instrument::arrow_this`), `x !== (x = f(x))` reads `x` first
/// (`instrument::reread`), `super(x).then(f)` parses (`instrument::super_call`), and so does a
/// call of a function named `async` (`instrument::async_call`).
fn boa_workarounds(source: &mut String, shown: &str) {
    if !is_script(shown) {
        return;
    }
    if let Some(fixed) = instrument::arrow_this::fix_text(source, shown) {
        *source = fixed;
    }
    if let Some(fixed) = instrument::reread::fix_text(source, shown) {
        *source = fixed;
    }
    if let Some(fixed) = instrument::super_call::fix_text(source, shown) {
        *source = fixed;
    }
    if let Some(fixed) = instrument::async_call::fix_text(source, shown) {
        *source = fixed;
    }
}

/// A project file instrumented for object flow; its points are kept for the report.
fn instrument_flow(s: &Shared, source: &str, rel: &str, fatal: bool) -> JsResult<String> {
    let first = s.host.borrow().next_point;
    match instrument::instrument_flow(source, rel, first) {
        Ok(inst) => {
            let mut h = s.host.borrow_mut();
            h.next_point = inst.next_point;
            h.files += 1;
            h.points.extend(
                inst.points
                    .into_iter()
                    .map(|point| jsproject::flowrun::Point {
                        file: rel.to_string(),
                        point,
                    }),
            );
            Ok(inst.code)
        }
        Err(e) => {
            let msg = format!("{}:{}:{}: {}", rel, e.line, e.col, e.message);
            if fatal {
                s.host.borrow_mut().syntax_error.get_or_insert(msg.clone());
            }
            Err(JsNativeError::syntax().with_message(msg).into())
        }
    }
}

fn is_esm(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let p = str_arg(args, 0, ctx)?;
    Ok(crate::module_loader::is_esm_file(Path::new(&p)).into())
}

fn require_esm(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let p = str_arg(args, 0, ctx)?;
    crate::module_loader::require_esm(Path::new(&p), ctx)
}

fn set_aside_esm(_: &JsValue, _: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    crate::module_loader::set_aside(ctx);
    Ok(JsValue::undefined())
}

fn put_back_esm(_: &JsValue, _: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    crate::module_loader::put_back(ctx);
    Ok(JsValue::undefined())
}

fn compile(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let filename = str_arg(args, 0, ctx)?;
    let abs = PathBuf::from(&filename);
    let Prepared {
        text: source,
        shown,
        original,
    } = prepare_source(&abs, true, ctx)?;
    let s = shared(ctx);
    let wrapped = format!("{WRAPPER_PREFIX}{source}\n}})");
    let src = Source::from_bytes(wrapped.as_bytes()).with_path(&abs);
    match ctx.eval(src) {
        Ok(f) => Ok(f),
        Err(e) => {
            let text = describe_error(&e, ctx);
            let is_syntax = text.starts_with("SyntaxError");
            let mut msg = syntax_message(&shown, &text, WRAPPER_PREFIX.len());
            if is_syntax && looks_like_esm(&original) {
                msg.push_str(
                    " (this looks like an ES module in a CommonJS file: as in node, add \"type\": \"module\" to its package.json or rename it to .mjs)",
                );
            }
            if is_syntax {
                s.host.borrow_mut().syntax_error.get_or_insert(msg.clone());
                return Err(JsNativeError::syntax().with_message(msg).into());
            }
            Err(e)
        }
    }
}

/// True if the text has a top-level `import`/`export` statement.
fn looks_like_esm(source: &str) -> bool {
    source.lines().any(|l| {
        let l = l.trim_end();
        (l.starts_with("import ") && (l.contains(" from ") || l.contains('\'') || l.contains('"')))
            || l.starts_with("import {")
            || l.starts_with("export ")
    })
}

/// `file:line:col: message` from Boa's `... at line L, col C` syntax errors (line 1 is shifted
/// by the `prefix` bytes put before the text).
pub(crate) fn syntax_message(shown: &str, text: &str, prefix: usize) -> String {
    if let Some(at) = text.rfind(" at line ") {
        let rest = &text[at + " at line ".len()..];
        let mut parts = rest.splitn(2, ", col ");
        let line = parts.next().and_then(|l| l.trim().parse::<u32>().ok());
        let col = parts.next().and_then(|c| c.trim().parse::<u32>().ok());
        if let (Some(line), Some(mut col)) = (line, col) {
            if line == 1 {
                col = col.saturating_sub(prefix as u32);
            }
            return format!("{shown}:{line}:{col}: {}", &text[..at]);
        }
    }
    format!("{shown}: {text}")
}

/// The JS side of the host, as the prelude returns it.
pub(crate) struct Api {
    /// The object the prelude returned.
    pub obj: JsObject,
}

impl Api {
    /// Calls `api[name](args)`.
    pub fn call(&self, name: &str, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
        let f = self.obj.get(JsString::from(name), ctx)?;
        let f = f
            .as_callable()
            .ok_or_else(|| JsNativeError::typ().with_message(format!("host api has no {name}")))?;
        f.call(&JsValue::undefined(), args, ctx)
    }

    /// `api[name]` as an object.
    pub fn get_fn(&self, name: &str, ctx: &mut Context) -> Option<JsObject> {
        self.obj.get(JsString::from(name), ctx).ok()?.as_callable()
    }
}

/// Builds the `host` object of natives.
fn host_object(
    ctx: &mut Context,
    argv: &[String],
    cwd: &str,
    runner_env: Vec<(String, String)>,
) -> JsObject {
    let argv_arr = boa_engine::object::builtins::JsArray::from_iter(
        argv.iter()
            .map(|a| JsValue::from(JsString::from(a.as_str()))),
        ctx,
    );
    let env = ObjectInitializer::new(ctx).build();
    for (k, v) in std::env::vars().chain(runner_env) {
        let _ = env.set(
            JsString::from(k.as_str()),
            JsString::from(v.as_str()),
            false,
            ctx,
        );
    }
    let mut init = ObjectInitializer::new(ctx);
    let fns: [(
        &str,
        boa_engine::native_function::NativeFunctionPointer,
        usize,
    ); 26] = [
        ("sleep", sleep, 1),
        ("write", write, 2),
        ("read", read, 1),
        ("readBytes", read_bytes, 1),
        ("stat", stat, 1),
        ("readdir", readdir, 1),
        ("hrtimeNs", hrtime_ns, 0),
        ("exit", exit, 1),
        ("speculating", is_speculating, 0),
        ("effect", effect, 2),
        ("touch", touch, 1),
        ("native", native, 3),
        ("fnText", crate::fn_source::fn_text, 1),
        ("sourceFor", source_for, 1),
        ("drainMicrotasks", drain_microtasks, 0),
        ("isNodeBuiltin", is_node_builtin, 1),
        ("rel", rel, 1),
        ("compile", compile, 1),
        ("isEsm", is_esm, 1),
        ("requireEsm", require_esm, 1),
        ("setAsideEsm", set_aside_esm, 0),
        ("checkLimits", check_limits, 0),
        ("putBackEsm", put_back_esm, 0),
        ("uncaught", uncaught, 1),
        ("noop", |_, _, _| Ok(JsValue::undefined()), 0),
        ("intl", crate::intl_bridge::intl, 1),
    ];
    for (name, f, len) in fns.into_iter().chain(crate::natives::NATIVES) {
        init.function(NativeFunction::from_fn_ptr(f), js_string!(name), len);
    }
    init.property(js_string!("argv"), argv_arr, Attribute::all());
    init.property(js_string!("env"), env, Attribute::all());
    init.property(js_string!("cwd"), JsString::from(cwd), Attribute::all());
    init.build()
}

/// Iterations one function call's loops may run in all (about half a minute of a spinning loop).
pub(crate) const LOOP_ITERATION_LIMIT: u64 = 1_000_000_000;

/// The object-flow runtime (`js/flow.js`), the `__dp` of a `js-flow` run.
fn flow_runtime(ctx: &mut Context) -> Result<JsObject, String> {
    let v = ctx
        .eval(Source::from_bytes(FLOW_JS.as_bytes()).with_path(Path::new("decisionprof:flow.js")))
        .map_err(|e| format!("flow runtime: {e}"))?;
    v.as_object()
        .ok_or_else(|| "the flow runtime is not an object".to_string())
}

/// Creates the context: limits, shared state, `__dp`, the prelude and the harness.
pub(crate) fn create(shared_state: Rc<Shared>, argv: &[String]) -> Result<(Context, Api), String> {
    let loader = Rc::new(crate::module_loader::Loader::default());
    let mut builder = Context::builder()
        .job_executor(shared_state.jobs.clone())
        .module_loader(loader.clone());
    let tz = crate::time_zone::tz_of_run(&shared_state.host.borrow().runner_env);
    crate::intl_bridge::use_time_zone(tz.clone());
    if let Some(zone) = tz.as_deref().and_then(crate::time_zone::zone) {
        builder = builder.host_hooks(Rc::new(zone));
    }
    let mut ctx = builder
        .build()
        .map_err(|e| format!("cannot create the JS engine: {e}"))?;
    ctx.runtime_limits_mut().set_recursion_limit(20_000);
    ctx.runtime_limits_mut()
        .set_stack_size_limit(4 * 1024 * 1024);
    // Code that is not instrumented has no branch points to check the deadline at: a loop that
    // spins there is stopped by Boa's iteration limit (an uncatchable error), so that the run
    // keeps what it gathered, fails that test, and the deadline is checked right after.
    ctx.runtime_limits_mut()
        .set_loop_iteration_limit(LOOP_ITERATION_LIMIT);
    crate::string_search::install(&mut ctx).map_err(|e| format!("string search: {e}"))?;
    ctx.insert_data(Instant::now());
    ctx.insert_data(shared_state.clone());
    ctx.insert_data(loader);
    let flow = shared_state.host.borrow().flow;
    let dp_obj = if flow {
        flow_runtime(&mut ctx)?
    } else {
        dp::build(&mut ctx)
    };
    // Also as (non-enumerable) globals: code that escapes its module through
    // Function.prototype.toString / new Function still finds the runtime.
    let dpb = dp_obj
        .get(js_string!("b"), &mut ctx)
        .map_err(|e| format!("__dp.b: {e}"))?;
    let hidden = Attribute::WRITABLE | Attribute::CONFIGURABLE;
    ctx.register_global_property(js_string!("__dp"), dp_obj.clone(), hidden)
        .map_err(|e| format!("__dp global: {e}"))?;
    ctx.register_global_property(js_string!("__dpb"), dpb, hidden)
        .map_err(|e| format!("__dpb global: {e}"))?;
    let (cwd, runner_env) = {
        let h = shared_state.host.borrow();
        (h.root.to_string_lossy().into_owned(), h.runner_env.clone())
    };
    let host = host_object(&mut ctx, argv, &cwd, runner_env);
    crate::embedded::install(host.clone(), dp_obj.clone(), &mut ctx);
    // built-ins replaced so they answer as node's do
    let intl_codec = crate::intl_bridge::codec(&mut ctx)?;
    let preludes: [(&str, &str, &str, &[JsValue]); 4] = [
        (
            JSON_PARSE_JS,
            "json_parse.js",
            "JSON.parse",
            &[host.clone().into()],
        ),
        (DATE_PARSE_JS, "date_parse.js", "Date.parse", &[]),
        (COLLATE_JS, "collate.js", "localeCompare", &[]),
        (
            INTL_JS,
            "intl.js",
            "Intl",
            &[host.clone().into(), intl_codec],
        ),
    ];
    for (text, file, what, args) in preludes {
        let path = format!("decisionprof:{file}");
        ctx.eval(Source::from_bytes(text.as_bytes()).with_path(Path::new(&path)))
            .map_err(|e| format!("{what}: {e}"))?
            .as_callable()
            .ok_or(format!("{what}: not a function"))?
            .call(&JsValue::undefined(), args, &mut ctx)
            .map_err(|e| format!("{what}: {e}"))?;
    }
    let undo = ctx
        .eval(Source::from_bytes(UNDO_JS.as_bytes()).with_path(Path::new("decisionprof:undo.js")))
        .map_err(|e| format!("undo helpers: {e}"))?
        .as_callable()
        .ok_or("undo helpers are not a function")?
        .call(&JsValue::undefined(), &[], &mut ctx)
        .map_err(|e| format!("undo helpers: {e}"))?;
    host.set(js_string!("undo"), undo, false, &mut ctx)
        .map_err(|e| format!("undo helpers: {e}"))?;
    let api =
        crate::embedded::load("host.js", &mut ctx).map_err(|e| format!("host prelude: {e}"))?;
    let api = Api {
        obj: api.as_object().ok_or("host prelude returned no API")?,
    };
    {
        let mut js = shared_state.js.borrow_mut();
        js.dp = Some(dp_obj);
        js.global = Some(ctx.global_object());
        js.restore_prop = api.get_fn("restoreProp", &mut ctx);
        js.snapshot = api.get_fn("snapshot", &mut ctx);
        js.trap_reads = api.get_fn("trapReads", &mut ctx);
        js.gopd = api.get_fn("gopd", &mut ctx);
        js.save_internal = api.get_fn("saveInternal", &mut ctx);
        js.irreversible = api.get_fn("irreversible", &mut ctx);
        js.require_from = api.get_fn("requireFrom", &mut ctx);
        js.guard = crate::guard::from_api(&api, &mut ctx);
    }
    if shared_state.host.borrow().instrument && !flow {
        crate::mutators::install(&mut ctx).map_err(|e| format!("logging mutators: {e}"))?;
        crate::internals::install(&mut ctx).map_err(|e| format!("guarded built-ins: {e}"))?;
        let table = crate::costs::table();
        crate::costs::install(&table, &mut ctx).map_err(|e| format!("native costs: {e}"))?;
        let mut host = shared_state.host.borrow_mut();
        host.to_number = table.costs.get("ToNumber").copied();
        host.caught = table.costs.get("Catch").copied();
        drop(host);
    }
    crate::embedded::load("harness/index.js", &mut ctx).map_err(|e| format!("harness: {e}"))?;
    Ok((ctx, api))
}

#[cfg(test)]
mod arrow_this_tests {
    /// The engine's own scripts, its Node built-ins and the shared harness and runtime, which Boa
    /// runs as they are, must not need the workaround.
    #[test]
    fn the_engines_scripts_have_no_arrow_that_loses_this() {
        let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let dirs = [
            here.join("js"),
            here.join("js/node"),
            here.join("../../jsproject/js"),
            here.join("../../jsproject/js/harness"),
        ];
        let mut checked = 0;
        for entry in dirs
            .iter()
            .flat_map(|d| std::fs::read_dir(d).expect("a js folder"))
        {
            let path = entry.expect("entry").path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if !(name.ends_with(".js") || name.ends_with(".mjs")) {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("read");
            let fixed = instrument::arrow_this::fix_text(&text, &name);
            assert!(
                fixed.is_none(),
                "{name} has an arrow whose nested arrows read `this`"
            );
            checked += 1;
        }
        assert!(checked > 40, "{checked}");
    }
}

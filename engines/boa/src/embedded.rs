//! The engine's embedded modules: CommonJS files compiled into decisionprof (the host and its Node
//! built-ins in `js/`, the test harness of `jsproject/js/harness/` under `harness/`), evaluated by
//! name, each once, on its first `require`. A file runs as a function of `(exports, require,
//! module)` with `decisionprof:NAME` as its source path, so that errors point at its file and
//! line, and as the engine's own code: the built-ins it calls charge nothing and log nothing, even
//! when a check or a speculation is the first to need it. Its `require` takes a name relative to
//! it (`./expect`, `../host`), a Node built-in's name (`events`: `js/node/index.js` says which
//! file holds it), or `decisionprof:host` / `decisionprof:dp` for the host's natives and the
//! runtime.

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::Path;
use std::rc::Rc;

use boa_engine::object::{FunctionObjectBuilder, ObjectInitializer};
use boa_engine::property::Attribute;
use boa_engine::{
    js_string, Context, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction,
    Source,
};

use crate::state::shared;

/// `(name, text)` of files under `js/`, by their names there.
macro_rules! embed {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_str!(concat!("../js/", $name)))),*]
    };
}

/// The engine's own files, by the name a module requires them by: the host, and Node's built-in
/// modules in the files of their families (`node/index.js` says which).
const FILES: &[(&str, &str)] = embed![
    "host.js",
    "v8_compat.js",
    "structured_clone.js",
    "node/index.js",
    "node/module.js",
    "node/path.js",
    "node/util.js",
    "node/assert.js",
    "node/events.js",
    "node/touch.js",
    "node/web.js",
    "node/timers.js",
    "node/process.js",
    "node/console.js",
    "node/buffer.js",
    "node/binary.js",
    "node/disk.js",
    "node/fs.js",
    "node/url.js",
    "node/querystring.js",
    "node/string_decoder.js",
    "node/crypto.js",
    "node/zlib.js",
    "node/stream.js",
    "node/readline.js",
    "node/os.js",
    "node/small.js",
    "node/channels.js",
];

/// The name under which the harness's files ([`jsproject::harness::FILES`]) are embedded.
const HARNESS: &str = "harness/";

/// The module that finds a Node built-in by its name.
const BUILTINS: &str = "node/index.js";

/// What a file's text is wrapped in: a function whose body starts on the file's first line.
const WRAPPER_PREFIX: &str = "(function (exports, require, module) {";

/// The modules evaluated so far (their `module` objects, by name) and the host's own objects.
pub(crate) struct Modules {
    /// `module` of each module evaluated or being evaluated.
    loaded: RefCell<HashMap<String, JsObject>>,
    /// `decisionprof:host`: the host's natives.
    host: JsObject,
    /// `decisionprof:dp`: the runtime.
    dp: JsObject,
}

/// Makes the embedded modules loadable in `ctx`, `host` and `dp` being what the modules require
/// as `decisionprof:host` and `decisionprof:dp`.
pub(crate) fn install(host: JsObject, dp: JsObject, ctx: &mut Context) {
    ctx.insert_data(Rc::new(Modules {
        loaded: RefCell::default(),
        host,
        dp,
    }));
}

/// The exports of the embedded module `name` (`host.js`, `harness/index.js`), evaluated on the
/// first call.
pub(crate) fn load(name: &str, ctx: &mut Context) -> JsResult<JsValue> {
    let modules = modules(ctx)?;
    let cached = modules.loaded.borrow().get(name).cloned();
    if let Some(module) = cached {
        return module.get(js_string!("exports"), ctx);
    }
    let text = text_of(name).ok_or_else(|| {
        JsNativeError::error().with_message(format!("decisionprof: no embedded module {name}"))
    })?;
    let exports = ObjectInitializer::new(ctx).build();
    let module = ObjectInitializer::new(ctx)
        .property(js_string!("id"), JsString::from(name), Attribute::all())
        .property(js_string!("exports"), exports, Attribute::all())
        .build();
    modules
        .loaded
        .borrow_mut()
        .insert(name.to_string(), module.clone());
    if let Err(e) = evaluate(name, text, &module, ctx) {
        modules.loaded.borrow_mut().remove(name);
        return Err(e);
    }
    module.get(js_string!("exports"), ctx)
}

fn modules(ctx: &Context) -> JsResult<Rc<Modules>> {
    ctx.get_data::<Rc<Modules>>().cloned().ok_or_else(|| {
        JsNativeError::error()
            .with_message("decisionprof: the embedded modules are not installed")
            .into()
    })
}

/// The text of the embedded file `name`.
fn text_of(name: &str) -> Option<&'static str> {
    let (list, name) = match name.strip_prefix(HARNESS) {
        Some(rest) => (jsproject::harness::FILES, rest),
        None => (FILES, name),
    };
    list.iter().find(|(n, _)| *n == name).map(|(_, text)| *text)
}

/// Runs the file `name` as the function of `module`: compiled with its name as the source path,
/// called as the engine's own code.
fn evaluate(name: &str, text: &str, module: &JsObject, ctx: &mut Context) -> JsResult<()> {
    let body = match name.ends_with(".json") {
        true => format!("{WRAPPER_PREFIX} module.exports = {text}\n}})"),
        false => format!("{WRAPPER_PREFIX}{text}\n}})"),
    };
    let path = format!("decisionprof:{name}");
    let f = ctx.eval(Source::from_bytes(body.as_bytes()).with_path(Path::new(&path)))?;
    let f = f.as_callable().ok_or_else(|| {
        JsNativeError::typ().with_message(format!("decisionprof: {name} is not a module"))
    })?;
    let exports = module.get(js_string!("exports"), ctx)?;
    let require = require_for(name, ctx);
    let args = [exports.clone(), require.into(), module.clone().into()];
    as_own_code(ctx, |ctx| f.call(&exports, &args, ctx).map(drop))
}

/// Runs `f` as the engine's own code: the built-ins it calls charge nothing (as `host.native`)
/// and log nothing for undo or for the checks that run (as a snapshot being taken).
fn as_own_code<T>(ctx: &mut Context, f: impl FnOnce(&mut Context) -> T) -> T {
    let s = shared(ctx);
    let was = s.in_snap.replace(true);
    s.uncharged.set(s.uncharged.get() + 1);
    let r = f(ctx);
    s.uncharged.set(s.uncharged.get() - 1);
    s.in_snap.set(was);
    r
}

/// The `require` of the module `name`.
fn require_for(name: &str, ctx: &mut Context) -> JsObject {
    let native = NativeFunction::from_copy_closure_with_captures(require, JsString::from(name));
    FunctionObjectBuilder::new(ctx.realm(), native)
        .name(js_string!("require"))
        .length(1)
        .constructor(false)
        .build()
        .into()
}

/// `require(request)` in the module `from`.
fn require(_: &JsValue, args: &[JsValue], from: &JsString, ctx: &mut Context) -> JsResult<JsValue> {
    let request = args
        .first()
        .cloned()
        .unwrap_or_default()
        .to_string(ctx)?
        .to_std_string_escaped();
    if request.starts_with("./") || request.starts_with("../") {
        return load(&resolve(&from.to_std_string_escaped(), &request), ctx);
    }
    let modules = modules(ctx)?;
    match request.as_str() {
        "decisionprof:host" => Ok(modules.host.clone().into()),
        "decisionprof:dp" => Ok(modules.dp.clone().into()),
        _ => {
            let builtins = load(BUILTINS, ctx)?;
            let find = builtins
                .as_object()
                .map(|b| b.get(js_string!("require"), ctx))
                .transpose()?
                .and_then(|f| f.as_callable());
            let find = find.ok_or_else(|| {
                JsNativeError::typ()
                    .with_message(format!("decisionprof: {BUILTINS} has no require"))
            })?;
            find.call(&builtins, &[JsString::from(request).into()], ctx)
        }
    }
}

/// The embedded file `request` (`./x`, `../y/z`) names from the module `from`; `.js` is added to
/// a name without an extension.
fn resolve(from: &str, request: &str) -> String {
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for part in request.split('/') {
        match part {
            "." | "" => {}
            ".." => {
                parts.pop();
            }
            _ => parts.push(part),
        }
    }
    let name = parts.join("/");
    match name.ends_with(".js") || name.ends_with(".json") {
        true => name,
        false => format!("{name}.js"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_names_resolve_among_the_embedded_files() {
        assert_eq!(resolve("harness/index.js", "./core"), "harness/core.js");
        assert_eq!(resolve("node/fs.js", "../host"), "host.js");
        assert_eq!(
            resolve("harness/core.js", "./stand_ins.json"),
            "harness/stand_ins.json"
        );
        assert_eq!(resolve("host.js", "./node/web.js"), "node/web.js");
    }

    #[test]
    fn every_module_of_the_node_folder_is_embedded() {
        let node = Path::new(env!("CARGO_MANIFEST_DIR")).join("js/node");
        let mut modules = 0;
        for entry in std::fs::read_dir(node).expect("js/node") {
            let name = format!(
                "node/{}",
                entry.expect("entry").file_name().to_string_lossy()
            );
            assert!(text_of(&name).is_some(), "{name} is not embedded");
            modules += 1;
        }
        // and host.js, v8_compat.js and structured_clone.js
        assert_eq!(FILES.len(), modules + 3);
    }

    #[test]
    fn every_embedded_file_is_found_by_its_name() {
        for (name, _) in FILES {
            assert!(text_of(name).is_some(), "{name}");
        }
        for (name, _) in jsproject::harness::FILES {
            assert!(text_of(&format!("{HARNESS}{name}")).is_some(), "{name}");
        }
    }
}

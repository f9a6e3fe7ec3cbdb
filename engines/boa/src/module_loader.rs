//! ES modules in Boa: the module loader (node 20's resolution, instrumentation of the project's
//! modules, CommonJS/JSON/built-in interop through synthetic modules) and `import.meta`.
//!
//! Instrumented ES modules reach the runtime through a module-scope binding: the engine puts
//! `const __dp = globalThis.__dp;` in front of the instrumented text, on its first line, so lines
//! stay those of the file and `__dp` is a module binding (as cheap as CommonJS's wrapper parameter).

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use boa_engine::builtins::promise::PromiseState;
use boa_engine::module::{ModuleLoader, Referrer, SyntheticModuleInitializer};
use boa_engine::{
    js_string, object::builtins::JsPromise, Context, JsError, JsNativeError, JsObject, JsResult,
    JsString, JsValue, Module, Source,
};

use crate::host::{self, NODE_BUILTINS};
use crate::state::shared;

use jsproject::resolve::{self, Kind};

/// The prologue that binds the runtime in an ES module (same line as the module's first line).
const ESM_PROLOGUE: &str = "const __dp = globalThis.__dp;";

/// True if `path` is loaded as an ES module.
pub(crate) fn is_esm_file(path: &Path) -> bool {
    resolve::kind_of(path) == Kind::Esm
}

/// `require()` of an ES module as node 20.19+ does it: the module namespace once the module has
/// evaluated, or `ERR_REQUIRE_ASYNC_MODULE` if it awaits at top level (loading runs the job
/// queue, so microtasks queued before the call run here too).
pub(crate) fn require_esm(abs: &Path, ctx: &mut Context) -> JsResult<JsValue> {
    let loader = ctx
        .get_data::<Rc<Loader>>()
        .cloned()
        .ok_or_else(|| JsNativeError::typ().with_message("no module loader"))?;
    let module = loader.module_for(abs, ctx)?;
    let loaded = module.load(ctx);
    ctx.run_jobs()?;
    if let PromiseState::Rejected(e) = loaded.state() {
        return Err(JsError::from_opaque(e));
    }
    module.link(ctx)?;
    // A graph without top-level await settles during `evaluate`; still pending means it awaits.
    let promise = module.evaluate(ctx)?;
    match promise.state() {
        PromiseState::Fulfilled(_) => Ok(module.namespace(ctx).into()),
        PromiseState::Rejected(e) => Err(JsError::from_opaque(e)),
        PromiseState::Pending => {
            let msg = format!(
                "require() cannot be used on an ESM graph with top-level await. Use import() instead. (required: {})",
                abs.display()
            );
            Err(coded_error(msg, "ERR_REQUIRE_ASYNC_MODULE", ctx))
        }
    }
}

/// An `Error` with node's `code` property.
fn coded_error(msg: String, code: &str, ctx: &mut Context) -> JsError {
    let err = JsNativeError::error().with_message(msg).into_opaque(ctx);
    let _ = err.set(js_string!("code"), JsString::from(code), false, ctx);
    JsError::from_opaque(err.into())
}

/// Loads, links and evaluates the ES module `abs` as a workload file; the promise settles when
/// its evaluation (top-level `await` included) finishes.
pub(crate) fn run_main(abs: &Path, ctx: &mut Context) -> JsResult<(Module, JsPromise)> {
    let loader = ctx
        .get_data::<Rc<Loader>>()
        .cloned()
        .ok_or_else(|| JsNativeError::typ().with_message("no module loader"))?;
    let module = loader.module_for(abs, ctx)?;
    let promise = module.load_link_evaluate(ctx);
    Ok((module, promise))
}

/// The module loader of one run: one module record per file (so each file is instrumented once).
#[derive(Default)]
pub(crate) struct Loader {
    pub(crate) cache: RefCell<HashMap<PathBuf, Module>>,
    builtins: RefCell<HashMap<String, Module>>,
    /// The module made for each mocked key and the mock's exports it was made of: the same
    /// module while the mock stands (two imports of one mocked module link to one module).
    mocked: RefCell<HashMap<String, (JsObject, Module)>>,
    /// Project modules set aside while a test loads modules of its own (tap's `t.mockImport`),
    /// innermost last.
    aside: RefCell<Vec<HashMap<PathBuf, Module>>>,
}

/// A link error's message with the module that asks for the missing export and the module it
/// asks; `None` when `message` is not one or no loaded module asks for the name.
pub(crate) fn explain_link_error(message: &str, ctx: &mut Context) -> Option<String> {
    let name = crate::link_error::missing_export(message)?;
    let loader = ctx.get_data::<Rc<Loader>>()?.clone();
    let why = loader.who_asks(name, ctx)?;
    Some(format!("{message}: {why}"))
}

/// Sets the project's ES modules aside: the next import of one evaluates a new instance, until
/// [`put_back`].
pub(crate) fn set_aside(ctx: &mut Context) {
    if let Some(loader) = ctx.get_data::<Rc<Loader>>() {
        let mut cache = loader.cache.borrow_mut();
        let (deps, own): (HashMap<_, _>, HashMap<_, _>) = cache
            .drain()
            .partition(|(p, _)| resolve::in_node_modules(p));
        *cache = deps;
        loader.aside.borrow_mut().push(own);
    }
}

/// Puts back the project's ES modules the last [`set_aside`] set aside (forgetting the instances
/// loaded since).
pub(crate) fn put_back(ctx: &mut Context) {
    if let Some(loader) = ctx.get_data::<Rc<Loader>>() {
        let Some(own) = loader.aside.borrow_mut().pop() else {
            return;
        };
        let mut cache = loader.cache.borrow_mut();
        cache.retain(|p, _| resolve::in_node_modules(p));
        cache.extend(own);
    }
}

/// Starts a test file's own module instances (see [`Loader::isolate`]).
pub(crate) fn isolate(ctx: &mut Context) {
    if let Some(loader) = ctx.get_data::<Rc<Loader>>() {
        loader.isolate();
    }
}

impl Loader {
    /// Forgets every module but dependencies' (`node_modules`): the next import of a project
    /// module evaluates a new instance.
    fn isolate(&self) {
        self.cache
            .borrow_mut()
            .retain(|p, _| resolve::in_node_modules(p));
    }

    /// The module for `abs`, parsed (and instrumented) on first use.
    pub(crate) fn module_for(&self, abs: &Path, ctx: &mut Context) -> JsResult<Module> {
        self.module_keyed(abs, abs.to_path_buf(), ctx)
    }

    /// The module of `abs` cached under `key`: the file's path, or the path with the query of a
    /// specifier (`./a.ts?fresh`), which vite gives an instance of its own.
    fn module_keyed(&self, abs: &Path, key: PathBuf, ctx: &mut Context) -> JsResult<Module> {
        if let Some(m) = self.cache.borrow().get(&key) {
            return Ok(m.clone());
        }
        let m = match resolve::kind_of(abs) {
            Kind::Esm => parse_esm(abs, ctx)?,
            Kind::Json => json_module(abs, ctx)?,
            Kind::Cjs => cjs_module(abs, ctx)?,
        };
        self.cache.borrow_mut().insert(key, m.clone());
        Ok(m)
    }

    /// A Node built-in (`node:fs`) or a module the harness stands in for (`tape`), as `require`
    /// gives it: `default` is the value, its own keys are named exports.
    fn builtin(
        &self,
        request: &str,
        importer: Option<&Path>,
        ctx: &mut Context,
    ) -> JsResult<Module> {
        if let Some(m) = self.builtins.borrow().get(request) {
            return Ok(m.clone());
        }
        // a built-in that is not provided names the module that imported it
        let root = shared(ctx).host.borrow().root.clone();
        let importer = importer.map_or_else(|| root.join("index.js"), Path::to_path_buf);
        // the real module: a mock that stands for it was looked for by `load` already, and an
        // automock being made of it (`jest.mock('fs/promises')`) asks for the real one
        let value = require_from(&importer, &format!("{ACTUAL}{request}"), ctx)?;
        let mut names = vec![js_string!("default")];
        if let Some(o) = value.as_object() {
            for k in o.own_property_keys(ctx)? {
                if let boa_engine::property::PropertyKey::String(s) = k {
                    if s != js_string!("default") {
                        names.push(s);
                    }
                }
            }
        }
        let m = synthetic(names, value, None, ctx);
        self.builtins
            .borrow_mut()
            .insert(request.to_string(), m.clone());
        Ok(m)
    }

    /// The module `spec` names, imported from `referrer` (a message naming file:line if none):
    /// the mock that stands for it if a test registered one (`jsproject/js/harness/module_mocks.js`);
    /// `dp-actual:KEY` is the real module of a mocked one.
    fn load(&self, referrer: &Referrer, spec: &str, ctx: &mut Context) -> JsResult<Module> {
        if let Some(actual) = spec.strip_prefix(ACTUAL) {
            return self.load_real(referrer, actual, ctx);
        }
        if let Some(m) = self.mock_for(referrer, spec, ctx)? {
            return Ok(m);
        }
        self.load_real(referrer, spec, ctx)
    }

    fn load_real(&self, referrer: &Referrer, spec: &str, ctx: &mut Context) -> JsResult<Module> {
        if let Some(request) = stand_in(spec) {
            return self.builtin(&request, referrer.path(), ctx);
        }
        let root = shared(ctx).host.borrow().root.clone();
        let from = referrer.path().map(Path::to_path_buf);
        // a file's path with a query (`../src/a.ts?dev`): the file, in an instance of its own
        let query = match spec.split_once('?') {
            Some((path, q)) if path.starts_with('.') || path.starts_with('/') => Some((path, q)),
            _ => None,
        };
        let path_spec = query.map_or(spec, |(path, _)| path);
        match self.target(from.as_deref(), path_spec, ctx) {
            Ok(abs) => match query {
                Some((_, q)) => {
                    let key = PathBuf::from(format!("{}?{q}", abs.display()));
                    self.module_keyed(&abs, key, ctx)
                }
                None => self.module_for(&abs, ctx),
            },
            Err(resolve::NotFound(why)) => {
                let at = from
                    .as_deref()
                    .map(|f| import_site(f, spec, &root))
                    .unwrap_or_else(|| "the workload".into());
                let msg = format!(
                    "{at}: {why} imported as '{spec}' (check the path and its file extension; ES modules need the full file name)"
                );
                Err(coded_error(msg, "ERR_MODULE_NOT_FOUND", ctx))
            }
        }
    }

    /// The file `spec` names from the module `from`; build output (present or not) is its
    /// source when the project has one.
    pub(crate) fn target(
        &self,
        from: Option<&Path>,
        spec: &str,
        ctx: &mut Context,
    ) -> Result<PathBuf, resolve::NotFound> {
        let root = shared(ctx).host.borrow().root.clone();
        let dir = from
            .and_then(Path::parent)
            .map(Path::to_path_buf)
            .unwrap_or(root);
        let mapped = harness_call(ctx, "aliasOf", &[JsString::from(spec).into()])
            .ok()
            .flatten()
            .and_then(|v| v.as_string().map(|s| s.to_std_string_escaped()));
        let spec = mapped.as_deref().unwrap_or(spec);
        let found = match resolve::resolve(spec, &dir).or_else(|e| loose(spec, &dir, e, ctx)) {
            Ok(abs) => Ok(crate::host::redirect(&abs, ctx).unwrap_or(abs)),
            Err(e) => {
                let relative = spec.starts_with("./")
                    || spec.starts_with("../")
                    || spec == ".."
                    || spec.starts_with('/');
                relative
                    .then(|| crate::host::redirect(&resolve::join(&dir, spec), ctx))
                    .flatten()
                    .ok_or(e)
            }
        };
        found.and_then(|abs| match abs.is_file() {
            true => Ok(abs),
            false => Err(resolve::NotFound(format!(
                "Cannot find module '{}'",
                abs.display()
            ))),
        })
    }

    /// The mock a test registered for the module `spec` names, as an ES module of its exports.
    fn mock_for(
        &self,
        referrer: &Referrer,
        spec: &str,
        ctx: &mut Context,
    ) -> JsResult<Option<Module>> {
        let count = harness_call(ctx, "mockCount", &[])?;
        if count.and_then(|c| c.as_number()).unwrap_or(0.0) <= 0.0 {
            return Ok(None);
        }
        let key = match stand_in(spec) {
            Some(r) if r.starts_with("node:") => r,
            Some(_) => return Ok(None),
            None => match self.target(referrer.path(), spec, ctx) {
                Ok(abs) => abs.to_string_lossy().into_owned(),
                Err(_) => spec.to_string(),
            },
        };
        let args = [
            JsString::from(spec).into(),
            JsString::from(key.as_str()).into(),
        ];
        let Some(view) = harness_call(ctx, "mockModule", &args)? else {
            return Ok(None);
        };
        let Some(o) = view.as_object() else {
            return Ok(None);
        };
        if let Some((seen, m)) = self.mocked.borrow().get(&key) {
            if *seen == o {
                return Ok(Some(m.clone()));
            }
        }
        let mut names = Vec::new();
        for k in o.own_property_keys(ctx)? {
            if let boa_engine::property::PropertyKey::String(k) = k {
                names.push(k);
            }
        }
        let m = exports_module(names, view, ctx);
        self.mocked.borrow_mut().insert(key, (o, m.clone()));
        Ok(Some(m))
    }
}

/// A relative import (or an alias's absolute path) without its extension as vitest (vite's
/// resolver) and jest find it, in any package: `./x.js`, `./x.mjs`, `./x.cjs`, `./x/index.js`;
/// `err` when neither runs the tests.
fn loose(
    spec: &str,
    dir: &Path,
    err: resolve::NotFound,
    ctx: &mut Context,
) -> Result<PathBuf, resolve::NotFound> {
    let relative = spec.starts_with("./") || spec.starts_with("../") || spec.starts_with('/');
    if !relative || !shared(ctx).host.borrow().tolerant_imports {
        return Err(err);
    }
    let folder = resolve::join(dir, spec);
    [".js", ".mjs", ".cjs", "/index.js", "/index.mjs"]
        .iter()
        .map(|ext| resolve::join(dir, &format!("{spec}{ext}")))
        .find(|p| p.is_file())
        // a folder with a package.json (`import Fuse from '../'`): its entry, as vite has it
        .or_else(|| {
            folder
                .is_dir()
                .then(|| resolve::package_dir_entry(&folder))
                .flatten()
        })
        .ok_or(err)
}

/// `globalThis.__dpHarness[name](...args)`; `None` before the harness (or that function) exists.
fn harness_call(ctx: &mut Context, name: &str, args: &[JsValue]) -> JsResult<Option<JsValue>> {
    let harness = ctx.global_object().get(js_string!("__dpHarness"), ctx)?;
    let Some(h) = harness.as_object() else {
        return Ok(None);
    };
    let f = h.get(JsString::from(name), ctx)?;
    let Some(f) = f.as_callable() else {
        return Ok(None);
    };
    f.call(&harness, args, ctx).map(Some)
}

/// How an import names the real module of a mocked one (`vi.importActual`, `importOriginal`).
const ACTUAL: &str = "dp-actual:";

/// The request for a Node built-in (`node:fs`) or a package the harness stands in for
/// (`vitest`, [`jsproject::harness::stand_ins`]), if `spec` names one.
pub(crate) fn stand_in(spec: &str) -> Option<String> {
    let bare = spec.strip_prefix("node:").unwrap_or(spec);
    if spec.starts_with("node:") || NODE_BUILTINS.contains(&bare) {
        return Some(format!("node:{bare}"));
    }
    jsproject::harness::is_stand_in(spec).then(|| spec.to_string())
}

impl ModuleLoader for Loader {
    async fn load_imported_module(
        self: Rc<Self>,
        referrer: Referrer,
        request: boa_engine::module::ModuleRequest,
        context: &RefCell<&mut Context>,
    ) -> JsResult<Module> {
        let spec = request.specifier().to_std_string_escaped();
        let ctx = &mut context.borrow_mut();
        self.load(&referrer, &spec, ctx)
    }

    fn init_import_meta(self: Rc<Self>, meta: &JsObject, module: &Module, ctx: &mut Context) {
        let Some(path) = module.path() else { return };
        let dir = path.parent().unwrap_or(Path::new("/"));
        let props = [
            ("url", format!("file://{}", path.display())),
            ("filename", path.display().to_string()),
            ("dirname", dir.display().to_string()),
        ];
        for (k, v) in props {
            let _ = meta.set(JsString::from(k), JsString::from(v.as_str()), false, ctx);
        }
    }
}

/// `file:line` of the first line of `file` that names `spec` in quotes (else `file`).
fn import_site(file: &Path, spec: &str, root: &Path) -> String {
    let shown = host::rel_path(root, file);
    let text = std::fs::read_to_string(file).unwrap_or_default();
    let line = text
        .lines()
        .position(|l| l.contains(&format!("'{spec}'")) || l.contains(&format!("\"{spec}\"")));
    match line {
        Some(i) => format!("{shown}:{}", i + 1),
        None => shown,
    }
}

/// Parses an ES module file, instrumented if it is the project's. A syntax error fails the
/// workload file that imports it (as under node), not the whole run.
fn parse_esm(abs: &Path, ctx: &mut Context) -> JsResult<Module> {
    let prepared = host::prepare_source(abs, false, ctx).map_err(|e| {
        let text = host::describe_error(&e, ctx);
        let msg = text
            .strip_prefix("SyntaxError: ")
            .unwrap_or(&text)
            .to_string();
        syntax_error_with_hint(msg)
    })?;
    let module_globals = shared(ctx).host.borrow().module_globals;
    let prologue = format!(
        "{ESM_PROLOGUE}{}",
        loader_bindings(abs, &prepared.text, module_globals)
    );
    let text = format!("{prologue}{}", prepared.text);
    let src = Source::from_bytes(text.as_bytes()).with_path(abs);
    Module::parse(src, None, ctx).map_err(|e| {
        let text = host::describe_error(&e, ctx);
        let text = text.strip_prefix("SyntaxError: ").unwrap_or(&text);
        syntax_error_with_hint(host::syntax_message(&prepared.shown, text, prologue.len()))
    })
}

/// CommonJS's `require`, `__filename` and `__dirname` for an ES module in a `.js` or `.ts` file
/// of a package without `"type": "module"`: such a file is written for a loader (babel, `esm`,
/// ts-node) whose output has them. vitest gives them to every module it transforms (the
/// project's, not `node_modules`), whatever the package's type (`module_globals`). A name the
/// file declares itself is left to it.
fn loader_bindings(abs: &Path, source: &str, module_globals: bool) -> String {
    let ext = abs.extension().and_then(|e| e.to_str());
    let transformed_by_runner = module_globals && !resolve::in_node_modules(abs);
    let typeless = || {
        matches!(ext, Some("js" | "ts"))
            && abs
                .parent()
                .and_then(resolve::nearest_package)
                .is_none_or(|(_, pkg)| pkg.get("type").and_then(|t| t.as_str()) != Some("module"))
    };
    if !transformed_by_runner && !typeless() {
        return String::new();
    }
    let declares = |name: &str| binds(source, name);
    let mut out = String::new();
    if !declares("require") {
        out.push_str("const require = globalThis.__dpRequireFor(import.meta.filename);");
    }
    if !declares("__filename") {
        out.push_str("const __filename = import.meta.filename;");
    }
    if !declares("__dirname") {
        out.push_str("const __dirname = import.meta.dirname;");
    }
    out
}

/// Whether `source` binds `name` itself: declares it (`const`, `let`, `var`, `function`,
/// `class`), imports it (`import x`, `as x`) or destructures it (`{ a, x } =`, `{ x } from`); a
/// `${x}` in a template is a use.
fn binds(source: &str, name: &str) -> bool {
    let name = regex::escape(name);
    let pattern = format!(
        r"\b(?:const|let|var|function|class|as|import)\s+{name}\b|\{{[^{{}}]*\b{name}\b[^{{}}]*\}}\s*(?:=|from\b)"
    );
    regex::Regex::new(&pattern).is_ok_and(|re| re.is_match(source))
}

/// A `SyntaxError` saying what the error does to the run and what to do.
fn syntax_error_with_hint(msg: String) -> JsError {
    JsNativeError::syntax()
        .with_message(format!(
            "{msg} (fix this ES module: the workload files that import it fail, the others still run)"
        ))
        .into()
}

/// A JSON file as a module whose default export is its value.
fn json_module(abs: &Path, ctx: &mut Context) -> JsResult<Module> {
    let text = std::fs::read_to_string(abs).map_err(|e| {
        JsNativeError::error().with_message(format!("cannot read '{}': {e}", abs.display()))
    })?;
    Module::parse_json(JsString::from(text.as_str()), ctx).map_err(|e| {
        let why = host::describe_error(&e, ctx);
        JsNativeError::syntax()
            .with_message(format!("{}: {why}", abs.display()))
            .into()
    })
}

/// A CommonJS file as node 20 imports it: `default` is `module.exports`, plus the named exports
/// found statically; the file runs (through the host's `require`) when the module evaluates.
fn cjs_module(abs: &Path, ctx: &mut Context) -> JsResult<Module> {
    let source = std::fs::read_to_string(abs).unwrap_or_default();
    let mut names = vec![js_string!("default")];
    names.extend(
        crate::cjs_names::detect(&source)
            .iter()
            .map(|n| JsString::from(n.as_str())),
    );
    let request = JsValue::from(JsString::from(abs.to_string_lossy().as_ref()));
    // a project without "type": "module" writes its ES modules for a loader (`esm`, babel,
    // ts-node) that imports any property of `module.exports` by name, also one built at run
    // time (`module.exports = api()`), and so do jest (babel's interop) and vitest (vite-node's)
    // whatever the type: a dependency runs now, and its keys are the names too (the project's
    // own files keep their place in the evaluation order)
    let (root, runner_interop) = {
        let h = &shared(ctx).host;
        let h = h.borrow();
        (h.root.clone(), h.tolerant_imports)
    };
    let dependency = resolve::in_node_modules(abs);
    let loader_interop = dependency
        && (runner_interop
            || resolve::nearest_package(&root).is_some_and(|(_, pkg)| {
                pkg.get("type").and_then(|t| t.as_str()) != Some("module")
            }));
    if loader_interop {
        let req = abs.to_string_lossy().into_owned();
        if let Some(o) = require_from(Path::new("/index.js"), &req, ctx)?.as_object() {
            for k in o.own_property_keys(ctx)? {
                if let boa_engine::property::PropertyKey::String(k) = k {
                    if !names.contains(&k) {
                        names.push(k);
                    }
                }
            }
        }
    }
    Ok(synthetic(
        names,
        JsValue::undefined(),
        Some((abs, request, dependency && runner_interop)),
        ctx,
    ))
}

/// The default export of a CommonJS module whose `module.exports` is `value`: `value`, or under
/// jest's and vitest's interop (babel's, vite-node's) its `default` when it says `__esModule` (a
/// dependency built by babel or webpack from an ES module).
fn default_of(value: &JsValue, interop: bool, ctx: &mut Context) -> JsResult<JsValue> {
    let Some(o) = value.as_object().filter(|_| interop) else {
        return Ok(value.clone());
    };
    if o.get(js_string!("__esModule"), ctx)?.to_boolean() {
        return o.get(js_string!("default"), ctx);
    }
    Ok(value.clone())
}

/// `require(request)` as seen from the module `file`.
pub(crate) fn require_from(file: &Path, request: &str, ctx: &mut Context) -> JsResult<JsValue> {
    let f = shared(ctx)
        .js
        .borrow()
        .require_from
        .clone()
        .ok_or_else(|| JsNativeError::typ().with_message("host has no requireFrom"))?;
    let from = JsString::from(file.to_string_lossy().as_ref());
    f.call(
        &JsValue::undefined(),
        &[from.into(), JsString::from(request).into()],
        ctx,
    )
}

/// A synthetic module exporting `names` of a value: `value` itself, or (with `cjs`) the
/// `module.exports` of that CommonJS file, required when the module evaluates (with its
/// loader's interop, see [`default_of`], when the flag says so).
fn synthetic(
    names: Vec<JsString>,
    value: JsValue,
    cjs: Option<(&Path, JsValue, bool)>,
    ctx: &mut Context,
) -> Module {
    let path = cjs.as_ref().map(|(p, _, _)| p.to_path_buf());
    let interop = cjs.as_ref().is_some_and(|(_, _, i)| *i);
    let request = cjs.map(|(_, r, _)| r).unwrap_or_default();
    let captures: Vec<JsValue> = {
        let mut v = vec![value, request, JsValue::from(interop)];
        v.extend(names.iter().cloned().map(JsValue::from));
        v
    };
    let init = SyntheticModuleInitializer::from_copy_closure_with_captures(
        |m, caps: &Vec<JsValue>, ctx| {
            let value = match caps[1].as_string() {
                Some(req) => {
                    let req = req.to_std_string_escaped();
                    require_from(Path::new("/index.js"), &req, ctx)?
                }
                None => caps[0].clone(),
            };
            for name in caps[3..].iter().filter_map(JsValue::as_string) {
                let v = if name == js_string!("default") {
                    default_of(&value, caps[2].to_boolean(), ctx)?
                } else {
                    match value.as_object() {
                        Some(o) => o.get(name.clone(), ctx)?,
                        None => JsValue::undefined(),
                    }
                };
                m.set_export(&name, v)?;
            }
            Ok(())
        },
        captures,
    );
    Module::synthetic(&names, init, path, None, ctx)
}

/// A synthetic module whose exports are the properties `names` of `view` (`default` among them).
fn exports_module(names: Vec<JsString>, view: JsValue, ctx: &mut Context) -> Module {
    let captures: Vec<JsValue> = std::iter::once(view)
        .chain(names.iter().cloned().map(JsValue::from))
        .collect();
    let init = SyntheticModuleInitializer::from_copy_closure_with_captures(
        |m, caps: &Vec<JsValue>, ctx| {
            let Some(view) = caps[0].as_object() else {
                return Ok(());
            };
            for name in caps[1..].iter().filter_map(JsValue::as_string) {
                m.set_export(&name, view.get(name.clone(), ctx)?)?;
            }
            Ok(())
        },
        captures,
    );
    Module::synthetic(&names, init, None, None, ctx)
}

#[cfg(test)]
mod tests {
    use super::binds;

    #[test]
    fn a_file_binds_a_name_by_declaring_importing_or_destructuring_it() {
        for (source, name) in [
            (
                "const __dirname = dirname(fileURLToPath(import.meta.url));",
                "__dirname",
            ),
            (
                "import { createRequire as require } from 'node:module';",
                "require",
            ),
            ("import { __dirname } from './paths.js';", "__dirname"),
            ("const { a, __filename } = paths;", "__filename"),
            ("function __dirname() {}", "__dirname"),
        ] {
            assert!(binds(source, name), "{source}");
        }
    }

    #[test]
    fn a_use_in_a_template_or_an_expression_binds_nothing() {
        for source in [
            "readFileSync(`${__dirname}/out.json`, 'utf8')",
            "const dir = __dirname;",
            "const my__dirname = 1; const x = { __dirnames: 1 };",
            "f({ __dirname });",
        ] {
            assert!(!binds(source, "__dirname"), "{source}");
        }
    }
}

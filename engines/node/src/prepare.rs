//! Instruments a project's scripts up front for a node run: the project's own files for their
//! decisions, every other script outside `node_modules` (tests, fixtures) for write logging only.
//! Dependencies are instrumented as node loads them (`engine/js/node_hooks.mjs`, `node_profile.js`).

use std::collections::BTreeMap;
use std::path::Path;

use instrument::model::Decision;
use instrument::typescript::{needs_lowering, strip_types_with, Stripped, TsOptions};
use instrument::{FunctionText, InstrumentOptions};

use jsproject::classify::{is_script, rel_path, Rules};
use jsproject::EngineError;

/// The instrumenter's prologue. A prepared file registers itself right after it: `__dp.f(n,
/// first decision, [shapes], first binding, [binding names])`, `n` its number if instrumented for
/// decisions (marked loaded), else -1 (write logging only: its bindings' names alone).
const PROLOGUE: &str = "var __dpb = __dp.b, __dpo, __dpm;";

/// Where one prepared file lies in [`Prepared::pack`]: (offset, length) of its text, and of its
/// functions' JSON (`FunctionText`s) when it has any.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Packed {
    /// (offset, length) of the prepared text.
    pub text: (usize, usize),
    /// (offset, length) of its functions' JSON, if it has any.
    pub functions: Option<(usize, usize)>,
}

/// The project's scripts, instrumented.
#[derive(Debug, Default)]
pub(crate) struct Prepared {
    /// Original absolute path → where its prepared text lies in `pack`.
    pub store: BTreeMap<String, Packed>,
    /// The prepared texts one after another, written as one file (`prepared_store.js` reads
    /// it): creating a file per script cost more than instrumenting it.
    pub pack: Vec<u8>,
    /// Scripts (either absolute path) prepared only when node asks for them ([`crate::lazy`]).
    pub lazy: Vec<String>,
    /// Every decision found, numbered from 0 across files.
    pub decisions: Vec<Decision>,
    /// Per file instrumented for decisions (by the number it registers with): its decision range.
    pub files: Vec<std::ops::Range<usize>>,
    /// Source names of the logged bindings, by number.
    pub bindings: Vec<String>,
    /// What was left out and why.
    pub notes: Vec<String>,
    /// Missing build output (absolute, in the copy) → the source node runs instead.
    pub redirects: BTreeMap<String, String>,
    /// How the project's TypeScript is stripped (its `tsconfig.json`).
    pub ts: TsOptions,
}

/// A script found under the root: where it is and whether its decisions are instrumented.
#[derive(Debug)]
struct Script {
    abs: std::path::PathBuf,
    rel: String,
    own: bool,
}

/// Prepares the project's scripts, up front ([`Preparer::prepare_all`]) or one by one as node
/// asks for them ([`crate::lazy`]): decisions and logged bindings are numbered in the order the
/// scripts are prepared.
#[derive(Debug)]
pub(crate) struct Preparer {
    /// What was prepared so far.
    pub prepared: Prepared,
    scripts: Vec<Script>,
    exports: jsproject::missing_imports::ExportCache,
    tolerant: bool,
    plain: bool,
    record_pruned: bool,
}

impl Preparer {
    /// Finds every script under `root`: outside `node_modules` and `.git`, and in `node_modules`
    /// only on the way to `--target` or with `--include-deps`. A `plain` run only strips the types
    /// of TypeScript files (node 20 cannot run them); the rest runs as it is. `record_pruned`
    /// (`--exact`) records statically pruned decisions' checks too.
    pub(crate) fn new(
        root: &Path,
        runner: Option<jsproject::discover::Runner>,
        rules: &Rules,
        plain: bool,
        record_pruned: bool,
    ) -> Result<Preparer, EngineError> {
        let mut prepared = Prepared {
            ts: jsproject::tsconfig::ts_options(root),
            ..Prepared::default()
        };
        let mut scripts = Vec::new();
        for abs in walk(root, rules) {
            let abs = abs?;
            let rel = rel_path(root, &abs);
            let own = !plain && rules.own_code(&abs, &mut prepared.notes).is_some();
            scripts.push(Script { abs, rel, own });
        }
        Ok(Preparer {
            prepared,
            scripts,
            exports: jsproject::missing_imports::ExportCache::for_runner(runner),
            tolerant: jsproject::missing_imports::runner_tolerates(runner),
            plain,
            record_pruned,
        })
    }

    /// The scripts found, as (absolute path, number to prepare it by).
    pub(crate) fn scripts(&self) -> impl Iterator<Item = (&Path, usize)> {
        self.scripts
            .iter()
            .enumerate()
            .map(|(i, s)| (s.abs.as_path(), i))
    }

    /// Prepares every script into the pack.
    pub(crate) fn prepare_all(mut self) -> Prepared {
        for i in 0..self.scripts.len() {
            let Some((code, functions)) = self.prepare(i) else {
                continue;
            };
            let out = &mut self.prepared;
            let text = out.append(code.as_bytes());
            // `node_profile.js` gives `toString` the original text through them
            let functions = (!functions.is_empty()).then(|| {
                out.append(
                    serde_json::to_string(&functions)
                        .unwrap_or_default()
                        .as_bytes(),
                )
            });
            let abs = self.scripts[i].abs.to_string_lossy().into_owned();
            out.store.insert(abs, Packed { text, functions });
        }
        self.prepared
    }

    /// The text script `i` runs as and where its functions are, or `None` when it runs as it is.
    pub(crate) fn prepare(&mut self, i: usize) -> Option<(String, Vec<FunctionText>)> {
        let Script { abs, rel, own } = &self.scripts[i];
        let out = &mut self.prepared;
        let bytes = std::fs::read(abs).ok()?;
        let Ok(text) = String::from_utf8(bytes) else {
            out.notes.push(format!(
                "{rel}: not UTF-8, loaded without instrumentation (its decisions are not profiled)"
            ));
            return None;
        };
        // a name a module imports that its target lacks is `undefined`, and module mocks come
        // first, as the runner has it
        let tolerated = match rel.split('/').any(|c| c == "node_modules") {
            false => jsproject::missing_imports::project_rewrites(
                abs,
                rel,
                &text,
                &mut self.exports,
                self.tolerant,
            ),
            true => None,
        };
        let changed = tolerated.is_some();
        let text = match tolerated {
            Some((t, notes)) => {
                out.notes.extend(notes);
                t
            }
            None => text,
        };
        match self.plain {
            true if needs_lowering(rel, &text) => {
                Some(match strip_types_with(&text, rel, &out.ts) {
                    Ok(js) => (js.into_code(), Vec::new()),
                    Err(e) => (
                        unstrippable(&format!("{rel}:{}:{}: {}", e.line, e.col, e.message)),
                        Vec::new(),
                    ),
                })
            }
            true => changed.then(|| (text.clone(), Vec::new())),
            false => prepare_file(out, &text, rel, *own, self.record_pruned),
        }
    }
}

/// The scripts under `root` that [`Preparer::new`] takes, in file-name order.
fn walk<'a>(
    root: &'a Path,
    rules: &Rules,
) -> impl Iterator<Item = Result<std::path::PathBuf, EngineError>> + 'a {
    let root_owned = root.to_path_buf();
    let target = rules.target.map(|t| t.trim_end_matches('/').to_string());
    let deps = rules.include_deps;
    ignore::WalkBuilder::new(root)
        .standard_filters(false)
        .filter_entry(move |e| {
            if e.file_name() == ".git" {
                return false;
            }
            let rel = rel_path(&root_owned, e.path());
            if deps || !(rel.starts_with("node_modules") || rel.contains("/node_modules")) {
                return true;
            }
            // a dependency folder: only on the way to the target or inside it
            target.as_ref().is_some_and(|t| {
                t == &rel || t.starts_with(&format!("{rel}/")) || rel.starts_with(&format!("{t}/"))
            })
        })
        .sort_by_file_name(|a, b| a.cmp(b))
        .build()
        .filter_map(move |entry| {
            let entry = match entry {
                Ok(e) => e,
                Err(e) => {
                    return Some(Err(EngineError::Input(format!(
                        "walking {}: {e}",
                        root.display()
                    ))))
                }
            };
            let abs = entry.path();
            if !entry.file_type().is_some_and(|t| t.is_file()) || !is_script(&abs.to_string_lossy())
            {
                return None;
            }
            let rel = rel_path(root, abs);
            if rel.ends_with(".d.ts") || rel.ends_with(".d.mts") || rel.ends_with(".d.cts") {
                return None;
            }
            Some(Ok(abs.to_path_buf()))
        })
}

impl Prepared {
    /// Appends `bytes` to the pack: their (offset, length).
    fn append(&mut self, bytes: &[u8]) -> (usize, usize) {
        let at = self.pack.len();
        self.pack.extend_from_slice(bytes);
        (at, bytes.len())
    }
}

/// The statement by which a prepared file registers itself (see [`PROLOGUE`]).
pub(crate) fn registration(
    n: i64,
    first: usize,
    shapes: &[i64],
    first_binding: usize,
    names: &[String],
) -> String {
    let shapes = serde_json::to_string(shapes).unwrap_or_default();
    let names = serde_json::to_string(names).unwrap_or_default();
    format!(" __dp.f({n},{first},{shapes},{first_binding},{names});")
}

/// `code` with `register` right after its prologue, its functions' positions moved with it.
pub(crate) fn registered(
    code: String,
    mut functions: Vec<FunctionText>,
    register: &str,
) -> (String, Vec<FunctionText>) {
    if let Some(at) = code.find(PROLOGUE) {
        let (after, by) = ((at + PROLOGUE.len()) as u32, register.len() as u32);
        for f in functions.iter_mut().filter(|f| f.out >= after) {
            f.out += by;
        }
    }
    let code = code.replacen(PROLOGUE, &format!("{PROLOGUE}{register}"), 1);
    (code, functions)
}

/// A decision's shape as the runtime takes it: the number of its checks (a logical decision's
/// leaves, an arm chain's conditions), -1 for a switch.
fn shape_code(d: &Decision) -> i64 {
    match d.shape {
        instrument::model::Shape::Logical { .. } | instrument::model::Shape::Chain(_) => {
            d.leaves.len() as i64
        }
        instrument::model::Shape::Switch(_) => -1,
    }
}

/// How the runner's syntax errors start (`node_profile.js` reports them as the run's error).
pub(crate) const SYNTAX_MARK: &str = "decisionprof syntax error: ";

/// The text a project file that does not parse runs as: loading it fails naming
/// `file:line:col: message`, and the run fails with it, as in Boa.
fn syntax_error(message: &str) -> String {
    unstrippable(&format!("{SYNTAX_MARK}{message}"))
}

/// The text a TypeScript file that is not the project's own code (a test) runs as when its types
/// cannot be stripped: loading it fails naming `file:line:col: message`, the other files still run.
fn unstrippable(message: &str) -> String {
    let text = serde_json::Value::from(message);
    format!("throw new SyntaxError({text});\n")
}

/// One file's prepared text and where its functions are (as the instrumenter gives them), or
/// `None` when it runs as it is.
fn prepare_file(
    out: &mut Prepared,
    text: &str,
    rel: &str,
    own: bool,
    record_pruned: bool,
) -> Option<(String, Vec<FunctionText>)> {
    let mut source = text.to_string();
    if source.starts_with("#!") {
        source.replace_range(0..2, "//");
    }
    let mut own = own;
    let lowered = needs_lowering(rel, &source);
    if lowered {
        match strip_types_with(&source, rel, &out.ts) {
            Ok(Stripped::Transformed { code, why }) => {
                if own {
                    out.notes.push(format!(
                        "{rel}: {why}: it runs transformed, its decisions are not profiled"
                    ));
                    own = false;
                }
                source = code;
            }
            Ok(js) if !own => source = js.into_code(),
            // instrumenting parses the TypeScript itself, keeping its positions
            Ok(_) => {}
            Err(e) if own => {
                return Some((
                    syntax_error(&format!("{rel}:{}:{}: {}", e.line, e.col, e.message)),
                    Vec::new(),
                ))
            }
            // node could not run the TypeScript either: loading it fails naming file:line:col
            Err(e) => {
                return Some((
                    unstrippable(&format!("{rel}:{}:{}: {}", e.line, e.col, e.message)),
                    Vec::new(),
                ))
            }
        }
    }
    let opts = InstrumentOptions {
        first_decision: out.decisions.len() as u32,
        first_binding: out.bindings.len() as u32,
        log_only: !own,
        function_texts: !lowered && !rel.split('/').any(|c| c == "node_modules"),
        // a file not instrumented for decisions was stripped above: as JavaScript, its
        // stripping again must change nothing (fields without a value included)
        ts: match own {
            true => out.ts.clone(),
            false => TsOptions::default(),
        },
        record_pruned,
    };
    match instrument::instrument_source(&source, rel, &opts) {
        Ok(inst) => {
            let first_binding = out.bindings.len();
            out.bindings.extend(inst.bindings);
            let start = out.decisions.len();
            let n = match own {
                true => {
                    out.decisions.extend(inst.decisions);
                    out.files.push(start..out.decisions.len());
                    (out.files.len() - 1) as i64
                }
                false if first_binding == out.bindings.len() => {
                    return Some((inst.code, inst.functions))
                }
                false => -1,
            };
            let shapes: Vec<i64> = out.decisions[start..].iter().map(shape_code).collect();
            let names = &out.bindings[first_binding..];
            let register = registration(n, start, &shapes, first_binding, names);
            Some(registered(inst.code, inst.functions, &register))
        }
        Err(e) if own => Some((
            syntax_error(&format!("{rel}:{}:{}: {}", e.line, e.col, e.message)),
            Vec::new(),
        )),
        Err(e) => {
            // node reports it if the file is loaded at all
            out.notes.push(format!(
                "{rel}:{}:{}: {}: loaded without write logging",
                e.line, e.col, e.message
            ));
            None
        }
    }
}

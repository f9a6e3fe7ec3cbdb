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

/// The instrumenter's prologue; a prepared file registers itself as loaded right after it.
const PROLOGUE: &str = "var __dpb = __dp.b, __dpo;";

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

/// Instruments every script under `root` into a pack: outside `node_modules` and `.git`, and in
/// `node_modules` only on the way to `--target` or with `--include-deps`. A `plain` run only
/// strips the types of TypeScript files (node 20 cannot run them); the rest runs as it is.
/// `record_pruned` (`--exact`) records statically pruned decisions' checks too.
pub(crate) fn prepare(
    root: &Path,
    runner: Option<jsproject::discover::Runner>,
    rules: &Rules,
    plain: bool,
    record_pruned: bool,
) -> Result<Prepared, EngineError> {
    let mut out = Prepared {
        ts: jsproject::tsconfig::ts_options(root),
        ..Prepared::default()
    };
    let root_owned = root.to_path_buf();
    let target = rules.target.map(|t| t.trim_end_matches('/').to_string());
    let deps = rules.include_deps;
    let tolerant = jsproject::missing_imports::runner_tolerates(runner);
    let mut exports = jsproject::missing_imports::ExportCache::for_runner(runner);
    let walker = ignore::WalkBuilder::new(root)
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
        .build();
    for entry in walker {
        let entry =
            entry.map_err(|e| EngineError::Input(format!("walking {}: {e}", root.display())))?;
        let abs = entry.path();
        if !entry.file_type().is_some_and(|t| t.is_file()) || !is_script(&abs.to_string_lossy()) {
            continue;
        }
        let rel = rel_path(root, abs);
        if rel.ends_with(".d.ts") || rel.ends_with(".d.mts") || rel.ends_with(".d.cts") {
            continue;
        }
        let Ok(bytes) = std::fs::read(abs) else {
            continue;
        };
        let Ok(text) = String::from_utf8(bytes) else {
            out.notes.push(format!(
                "{rel}: not UTF-8, loaded without instrumentation (its decisions are not profiled)"
            ));
            continue;
        };
        // a name a module imports that its target lacks is `undefined`, and module mocks come
        // first, as the runner has it
        let tolerated = match tolerant && !rel.split('/').any(|c| c == "node_modules") {
            true => jsproject::missing_imports::runner_rewrites(abs, &rel, &text, &mut exports),
            false => None,
        };
        let changed = tolerated.is_some();
        let text = match tolerated {
            Some((t, notes)) => {
                out.notes.extend(notes);
                t
            }
            None => text,
        };
        let prepared = match plain {
            true if needs_lowering(&rel, &text) => {
                Some(match strip_types_with(&text, &rel, &out.ts) {
                    Ok(js) => (js.into_code(), Vec::new()),
                    Err(e) => (
                        unstrippable(&format!("{rel}:{}:{}: {}", e.line, e.col, e.message)),
                        Vec::new(),
                    ),
                })
            }
            true => changed.then(|| (text.clone(), Vec::new())),
            false => {
                let own = rules.own_code(abs, &mut out.notes);
                prepare_file(&mut out, &text, &rel, own.is_some(), record_pruned)
            }
        };
        if let Some((code, functions)) = prepared {
            let text = out.append(code.as_bytes());
            // `node_profile.js` gives `toString` the original text through them
            let functions = (!functions.is_empty()).then(|| {
                out.append(
                    serde_json::to_string(&functions)
                        .unwrap_or_default()
                        .as_bytes(),
                )
            });
            out.store.insert(
                abs.to_string_lossy().into_owned(),
                Packed { text, functions },
            );
        }
    }
    Ok(out)
}

impl Prepared {
    /// Appends `bytes` to the pack: their (offset, length).
    fn append(&mut self, bytes: &[u8]) -> (usize, usize) {
        let at = self.pack.len();
        self.pack.extend_from_slice(bytes);
        (at, bytes.len())
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
            out.bindings.extend(inst.bindings);
            if !own {
                return Some((inst.code, inst.functions));
            }
            let start = out.decisions.len();
            out.decisions.extend(inst.decisions);
            let n = out.files.len();
            out.files.push(start..out.decisions.len());
            let register = format!(" __dp.f({n});");
            let mut functions = inst.functions;
            if let Some(at) = inst.code.find(PROLOGUE) {
                let (after, by) = ((at + PROLOGUE.len()) as u32, register.len() as u32);
                for f in functions.iter_mut().filter(|f| f.out >= after) {
                    f.out += by;
                }
            }
            let code = inst
                .code
                .replacen(PROLOGUE, &format!("{PROLOGUE}{register}"), 1);
            Some((code, functions))
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

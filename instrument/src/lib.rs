//! Finds decisions in JavaScript, prunes them, instruments them for the runtime, and rewrites them.

pub mod arrow_this;
mod ast;
pub mod async_call;
mod blank;
mod capture;
mod chain;
pub mod config;
mod error;
mod exclusive;
mod find;
pub mod flow_probes;
mod fntext;
pub mod imports;
mod inserts;
pub mod jsx;
pub mod listing;
mod print;
pub use fntext::FunctionText;
mod instrument;
pub mod mocks;
pub mod model;
mod offsets;
mod pairs;
mod parse;
mod prune;
pub mod reread;
mod retain_lines;
mod rewrite;
mod rewrite_chain;
mod scope;
pub mod serve;
mod source_file;
pub mod super_call;
mod syntax;
pub mod typescript;

pub use error::{ParseError, RewriteError};

/// Where the numbering of decisions and bindings of one file starts (a project gets one global
/// numbering), and how much to instrument.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct InstrumentOptions {
    /// Number of this file's first decision.
    pub first_decision: u32,
    /// Number of this file's first logged binding.
    pub first_binding: u32,
    /// Code that is not the project's own (tests, dependencies): no decisions and no branch
    /// points, only write logging and try tokens, so speculation can undo what it writes.
    pub log_only: bool,
    /// Also say where each function's text is, so `toString` can give the original.
    pub function_texts: bool,
    /// How a TypeScript file is stripped (the project's `tsconfig.json`).
    pub ts: typescript::TsOptions,
    /// Record statically pruned decisions' checks too (`--exact`); otherwise such a decision is
    /// only counted, with a branch point per check.
    pub record_pruned: bool,
}

/// An instrumented file and the decisions its numbers refer to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instrumented {
    /// The instrumented program.
    pub code: String,
    /// Decision number `first_decision + k` is `decisions[k]`.
    pub decisions: Vec<model::Decision>,
    /// First decision number free for the next file.
    pub next_decision: u32,
    /// First binding number free for the next file.
    pub next_binding: u32,
    /// Source names of the logged bindings, from the first binding number on.
    pub bindings: Vec<String>,
    /// Where each function's text starts in `code` and where it is in the original, by output
    /// offset (with [`InstrumentOptions::function_texts`]).
    pub functions: Vec<FunctionText>,
}

/// One text replacement: the byte range `span` of the original text becomes `replacement`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    /// Byte range in the original text.
    pub span: model::Span,
    /// New text for that range.
    pub replacement: String,
}

/// Stack for the recursive passes, so deeply nested generated code cannot overflow the caller's stack.
const STACK: usize = 256 << 20;

/// Runs `f` on a helper thread with a large stack (inline if no thread can be started).
fn with_big_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    let mut f = Some(f);
    let spawned = std::thread::scope(|scope| {
        let job = || (f.take().expect("runs once"))();
        std::thread::Builder::new()
            .stack_size(STACK)
            .spawn_scoped(scope, job)
            .map(|handle| handle.join())
    });
    match spawned {
        Ok(Ok(v)) => v,
        Ok(Err(panic)) => std::panic::resume_unwind(panic),
        Err(_) => (f.take().expect("not run yet"))(),
    }
}

/// Lists the decisions of one file, in source order, with their static pruning verdicts.
pub fn find_decisions(source: &str, rel_path: &str) -> Result<Vec<model::Decision>, ParseError> {
    with_big_stack(|| {
        let parsed = source_file::parse(source, rel_path)?;
        Ok(find::decisions(&parsed, source, rel_path))
    })
}

/// Whether the file parses as an ES module with `import`/`export` declarations (a `.js` or `.ts`
/// file whose package does not say; TypeScript projects write ESM syntax either way).
pub fn has_module_syntax(source: &str, rel_path: &str) -> bool {
    let js = match typescript::needs_lowering(rel_path, source) {
        true => match typescript::strip_types(source, rel_path) {
            Ok(s) => s.code().to_string(),
            Err(_) => return false,
        },
        false => source.to_string(),
    };
    with_big_stack(|| match source_file::parse(&js, "module.js") {
        Ok(p) => match &p.program {
            swc_ecma_ast::Program::Module(m) => m
                .body
                .iter()
                .any(|i| matches!(i, swc_ecma_ast::ModuleItem::ModuleDecl(_))),
            swc_ecma_ast::Program::Script(_) => false,
        },
        Err(_) => false,
    })
}

/// Instruments one file for the `__dp` runtime protocol (see ARCHITECTURE.md).
pub fn instrument_source(
    source: &str,
    rel_path: &str,
    opts: &InstrumentOptions,
) -> Result<Instrumented, ParseError> {
    with_big_stack(|| {
        let mut parsed = source_file::parse_with(source, rel_path, &opts.ts)?;
        let decisions = if opts.log_only {
            Vec::new()
        } else {
            find::decisions(&parsed, source, rel_path)
        };
        let mut program = std::mem::replace(
            &mut parsed.program,
            swc_ecma_ast::Program::Script(Default::default()),
        );
        let spans = opts
            .function_texts
            .then(|| fntext::function_spans(&program, &parsed));
        let bindings = instrument::instrument(
            &mut program,
            &parsed,
            &decisions,
            opts.first_decision,
            opts.first_binding,
            opts.record_pruned,
        );
        if opts.log_only {
            instrument::strip_branch_points(&mut program);
        }
        // after instrumenting, whose thunks are arrows too
        arrow_this::fix_program(&mut program);
        reread::fix_program(&mut program);
        super_call::fix_program(&mut program);
        async_call::fix_program(&mut program);
        let mut map = Vec::new();
        let code = print::emit_mapped(&program, &parsed, Some(&mut map));
        let code = retain_lines::retain_lines(&code, &mut map, &program, &parsed, source);
        let functions = match spans {
            Some(spans) => fntext::function_texts(&code, &map, &spans, &parsed),
            None => Vec::new(),
        };
        Ok(Instrumented {
            code,
            functions,
            next_decision: opts.first_decision + decisions.len() as u32,
            decisions,
            next_binding: opts.first_binding + bindings.len() as u32,
            bindings,
        })
    })
}

/// Instruments one file for object flow (`js-flow`): allocation sites, uses, calls; point numbers
/// start at `first_point`.
pub fn instrument_flow(
    source: &str,
    rel_path: &str,
    first_point: u32,
) -> Result<flow_probes::FlowInstrumented, ParseError> {
    with_big_stack(|| {
        let mut parsed = source_file::parse(source, rel_path)?;
        let mut program = std::mem::replace(
            &mut parsed.program,
            swc_ecma_ast::Program::Script(Default::default()),
        );
        let points = flow_probes::instrument(&mut program, &parsed, source, first_point);
        arrow_this::fix_program(&mut program);
        reread::fix_program(&mut program);
        super_call::fix_program(&mut program);
        async_call::fix_program(&mut program);
        let code = print::emit(&program, &parsed);
        Ok(flow_probes::FlowInstrumented {
            code,
            next_point: first_point + points.len() as u32,
            points,
        })
    })
}

/// The minimal text edits that give `decision` the new `order`.
pub fn rewrite(
    source: &str,
    decision: &model::Decision,
    order: &model::Reorder,
) -> Result<Vec<Edit>, RewriteError> {
    with_big_stack(|| rewrite::rewrite(source, decision, order))
}

/// Applies non-overlapping edits to `source`.
pub fn apply_edits(source: &str, edits: &[Edit]) -> String {
    let mut sorted: Vec<&Edit> = edits.iter().collect();
    sorted.sort_by_key(|e| (e.span.lo, e.span.hi));
    let mut out = String::with_capacity(source.len());
    let mut pos = 0usize;
    for e in sorted {
        let lo = e.span.lo as usize;
        let hi = e.span.hi as usize;
        if lo < pos || hi > source.len() {
            continue;
        }
        out.push_str(&source[pos..lo]);
        out.push_str(&e.replacement);
        pos = hi;
    }
    out.push_str(&source[pos..]);
    out
}

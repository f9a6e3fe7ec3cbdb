//! TypeScript the in-place stripper refuses — `enum` declarations and constructor parameter
//! properties — lowered to JavaScript that keeps every other byte of the file in order: the
//! constructs are rewritten as text inserted between runs copied from the stripped source, and an
//! [`OffsetMap`] says where each run came from, so decisions in the rest of the file (and in enum
//! initializers) keep the positions of the `.ts` file. Inserted text adds no line, so stack lines
//! stay those of the source. An angle-bracket type assertion (`<T>expr`) is blanked to the
//! expression, its value. Namespaces are planned by `namespace.rs`; anything else the
//! stripper refuses (`import x =`, `export =`) is left to the full transform.

use swc_common::{sync::Lrc, FileName, Globals, SourceMap, Span, Spanned, GLOBALS};
use swc_ecma_ast::{
    Callee, Class, ClassDecl, ClassExpr, ClassProp, Constructor, Decl, DefaultDecl,
    ExportDefaultDecl, Expr, Lit, ModuleDecl, ModuleItem, ParamOrTsParamProp, Pat, Program, Stmt,
    TsEnumDecl, TsEnumMemberId, TsParamPropParam, TsTypeAssertion,
};
use swc_ecma_parser::{Parser, StringInput, Syntax, TsSyntax};
use swc_ecma_visit::{Visit, VisitWith};
use swc_ts_fast_strip::Mode;

use super::decorators;
use crate::offsets::OffsetMap;

/// A lowered file: its JavaScript and where its bytes came from in the TypeScript.
pub(super) struct Lowered {
    pub(super) code: String,
    pub(super) map: OffsetMap,
}

/// Lowers `source` (the file `rel_path`), or `None` when it needs more than this module does.
pub(super) fn lower(source: &str, rel_path: &str, opts: &super::TsOptions) -> Option<Lowered> {
    if source.starts_with('\u{feff}') {
        return None;
    }
    let plan = GLOBALS.set(&Globals::new(), || plan(source, rel_path, opts))?;
    if plan.post.is_empty() && plan.pre.is_empty() {
        return None;
    }
    let mut vessel = source.as_bytes().to_vec();
    for (lo, bytes) in &plan.pre {
        vessel[*lo..*lo + bytes.len()].copy_from_slice(bytes);
    }
    let vessel = String::from_utf8(vessel).ok()?;
    let js = super::run(&vessel, rel_path, Mode::StripOnly).ok()?;
    if js.len() != source.len() {
        return None;
    }
    let mut post = plan.post;
    post.sort_by_key(|e| e.0);
    let (code, map) = OffsetMap::splice(&js, &post);
    // after the splice, so names the inserted text reads (decorators) keep their imports; the
    // elision blanks in place, so the map stays true
    let code = super::elide_type_imports(code, source, rel_path);
    Some(Lowered { code, map })
}

/// What to change: same-length edits of the source before stripping, and replacements of
/// stripped ranges after it.
#[derive(Default)]
pub(super) struct Plan {
    pub(super) pre: Vec<(usize, Vec<u8>)>,
    pub(super) post: Vec<(usize, usize, String)>,
    pub(super) refused: bool,
}

fn plan(source: &str, rel_path: &str, opts: &super::TsOptions) -> Option<Plan> {
    let cm: Lrc<SourceMap> = Lrc::new(SourceMap::default());
    let fm = cm.new_source_file(
        Lrc::new(FileName::Custom(rel_path.to_string())),
        source.to_string(),
    );
    let syntax = Syntax::Typescript(TsSyntax {
        decorators: true,
        tsx: rel_path.ends_with(".tsx"),
        ..Default::default()
    });
    let mut parser = Parser::new(syntax, StringInput::from(&*fm), None);
    let program = match rel_path {
        p if p.ends_with(".mts") => parser.parse_module().map(Program::Module),
        p if p.ends_with(".cts") => parser.parse_script().map(Program::Script),
        _ => parser.parse_program(),
    }
    .ok()?;
    if !parser.take_errors().is_empty() {
        return None;
    }
    let mut c = Collect {
        src: source,
        start: fm.start_pos.0,
        plan: Plan::default(),
        derived: false,
        body_start: 0,
        merged: super::namespace::merge_targets(&program),
        imports: decorators::imported_names(&program, source, fm.start_pos.0),
        namespaces: Vec::new(),
        decorated: false,
        opts: opts.clone(),
    };
    program.visit_with(&mut c);
    if c.decorated {
        let mut tail = decorators::HELPERS.to_string();
        for (k, from) in c.namespaces.iter().enumerate() {
            tail.push_str(&format!("import * as __dp_ns{k} from {from};\n"));
        }
        c.plan.post.push((source.len(), source.len(), tail));
    }
    (!c.plan.refused).then_some(c.plan)
}

pub(super) struct Collect<'a> {
    pub(super) src: &'a str,
    start: u32,
    pub(super) plan: Plan,
    /// Whether the class being visited extends another.
    derived: bool,
    /// Where the body of the class being visited starts (its first member).
    body_start: usize,
    /// Names a top-level class or function declares (a namespace of that name merges into it).
    pub(super) merged: std::collections::HashSet<String>,
    /// The module's value imports, by local name (decorator metadata reads them).
    pub(super) imports: std::collections::HashMap<String, decorators::Imported>,
    /// Modules the decorator metadata reads through a namespace import, by specifier text.
    pub(super) namespaces: Vec<String>,
    /// Whether some class had decorators lowered (the helpers are then appended).
    pub(super) decorated: bool,
    /// The project's options.
    pub(super) opts: super::TsOptions,
}

impl Collect<'_> {
    pub(super) fn range(&self, sp: Span) -> (usize, usize) {
        let lo = sp.lo.0.saturating_sub(self.start) as usize;
        let hi = sp.hi.0.saturating_sub(self.start) as usize;
        (lo.min(self.src.len()), hi.min(self.src.len()))
    }

    /// The source's newlines in `lo..hi`, for text that replaces the range.
    pub(super) fn newlines(&self, lo: usize, hi: usize) -> String {
        "\n".repeat(
            self.src.as_bytes()[lo..hi]
                .iter()
                .filter(|&&b| b == b'\n')
                .count(),
        )
    }

    /// `lo..hi` as blanks, line breaks kept.
    pub(super) fn blank(&self, lo: usize, hi: usize) -> Vec<u8> {
        self.src.as_bytes()[lo..hi]
            .iter()
            .map(|&b| if b == b'\n' || b == b'\r' { b } else { b' ' })
            .collect()
    }

    /// `<T>expr` → `expr`: the type in angle brackets blanked (same length, so it is a `pre`
    /// edit); one spread over lines is refused, since a blank line break after `return` would
    /// end the statement.
    fn assertion(&mut self, a: &TsTypeAssertion) {
        let (lo, _) = self.range(a.span);
        let (expr_lo, _) = self.range(a.expr.span());
        if self.src.as_bytes()[lo..expr_lo].contains(&b'\n') {
            self.plan.refused = true;
            return;
        }
        let blanked = self.blank(lo, expr_lo);
        self.plan.pre.push((lo, blanked));
    }

    /// `enum E { A, B = 1 }` (at `sp`, `export` included) → an immediately called function that
    /// builds the object as TypeScript does, numeric members mapped back to their names.
    fn enumeration(&mut self, e: &TsEnumDecl, sp: Span, export: bool) {
        let (lo, hi) = self.range(sp);
        if hi < lo + 3 || !self.src[..hi].ends_with('}') {
            self.plan.refused = true;
            return;
        }
        let name = e.id.sym.to_string();
        let inits: Vec<(usize, usize)> = e
            .members
            .iter()
            .filter_map(|m| m.init.as_ref().map(|i| self.range(i.span())))
            .collect();
        // before stripping: `;[ init, init ]` in place, so the initializers' types are stripped
        let mut vessel = self.blank(lo, hi);
        vessel[0] = b';';
        vessel[1] = b'[';
        vessel[hi - lo - 1] = b']';
        for (k, &(a, b)) in inits.iter().enumerate() {
            vessel[a - lo..b - lo].copy_from_slice(&self.src.as_bytes()[a..b]);
            if k + 1 < inits.len() {
                vessel[b - lo] = b',';
            }
        }
        self.plan.pre.push((lo, vessel));
        // after: the function, with each initializer's stripped text where it was
        let locals: Vec<String> = e
            .members
            .iter()
            .filter_map(|m| match &m.id {
                TsEnumMemberId::Ident(i) if i.sym != *name && !reserved(&i.sym) => {
                    Some(i.sym.to_string())
                }
                _ => None,
            })
            .collect();
        // the object is made in the text standing at the declaration, so js-flow names its line
        let mut pending = format!(
            "{}var {name} = {name} === undefined ? {{}} : {name}; (function ({name}) {{{}",
            if export { "export " } else { "" },
            match locals.is_empty() {
                true => String::new(),
                false => format!(" var {};", locals.join(", ")),
            }
        );
        let mut cursor = lo;
        let mut prev_key: Option<String> = None;
        for m in &e.members {
            let (key, local) = match &m.id {
                TsEnumMemberId::Ident(i) => (
                    serde_json::to_string(&*i.sym).unwrap_or_default(),
                    locals
                        .contains(&i.sym.to_string())
                        .then(|| i.sym.to_string()),
                ),
                TsEnumMemberId::Str(s) => {
                    let (a, b) = self.range(s.span);
                    (self.src[a..b].to_string(), None)
                }
            };
            let target = local.map(|l| format!("{l} = ")).unwrap_or_default();
            match &m.init {
                Some(init) => {
                    // a string value is not mapped back (TypeScript allows only constant ones)
                    let (a, b) = self.range(init.span());
                    pending.push_str(&format!(" {name}[{key}] = {target}"));
                    pending.push_str(&self.newlines(cursor, a));
                    self.plan
                        .post
                        .push((cursor, a, std::mem::take(&mut pending)));
                    cursor = b;
                    pending.push_str(&format!(
                        "; if (typeof {name}[{key}] !== \"string\") {name}[{name}[{key}]] = {key};"
                    ));
                }
                None => {
                    let value = match &prev_key {
                        None => "0".to_string(),
                        Some(p) => format!("{name}[{p}] + 1"),
                    };
                    pending.push_str(&format!(
                        " {name}[{name}[{key}] = {target}{value}] = {key};"
                    ));
                }
            }
            prev_key = Some(key);
        }
        pending.push_str(&format!(" }})({name});"));
        pending.push_str(&self.newlines(cursor, hi));
        self.plan.post.push((cursor, hi, pending));
    }

    /// Parameter properties: their modifiers blanked, `this.p = p;` after `super(…)` or at the
    /// body's start.
    fn parameter_properties(&mut self, c: &Constructor) {
        let mut names = Vec::new();
        for p in &c.params {
            let ParamOrTsParamProp::TsParamProp(prop) = p else {
                continue;
            };
            let id = match &prop.param {
                TsParamPropParam::Ident(b) => Some(&b.id),
                TsParamPropParam::Assign(a) => match &*a.left {
                    Pat::Ident(b) => Some(&b.id),
                    _ => None,
                },
            };
            let Some(id) = id else {
                self.plan.refused = true;
                return;
            };
            // after its decorators, which the class's lowering blanks and applies
            let lo = match prop.decorators.last() {
                Some(d) => self.range(d.span).1,
                None => self.range(prop.span).0,
            };
            let (at, _) = self.range(id.span);
            self.plan.pre.push((lo, self.blank(lo, at)));
            names.push(id.sym.to_string());
        }
        if names.is_empty() {
            return;
        }
        let Some(body) = &c.body else {
            self.plan.refused = true;
            return;
        };
        let at = match self.derived {
            false => self.range(body.span).0 + 1,
            true => match body.stmts.iter().find(|s| is_super_call(s)) {
                Some(s) => self.range(s.span()).1,
                None => {
                    self.plan.refused = true;
                    return;
                }
            },
        };
        let mut text: String = names.iter().map(|n| format!(" this.{n} = {n};")).collect();
        if self.derived {
            // `super(…)` may end its line without a semicolon
            text.insert(0, ';');
        }
        self.plan.post.push((at, at, text));
        // declared first, as tsc declares them: an instance's own properties start with them
        let fields: String = names.iter().map(|n| format!("{n}; ")).collect();
        self.plan
            .post
            .push((self.body_start, self.body_start, fields));
    }
}

/// `super(…);` as a statement of its own.
fn is_super_call(s: &Stmt) -> bool {
    let Stmt::Expr(e) = s else { return false };
    let mut x = &*e.expr;
    while let Expr::Paren(p) = x {
        x = &p.expr;
    }
    matches!(x, Expr::Call(c) if matches!(c.callee, Callee::Super(_)))
}

/// Names that cannot be declared with `var` in strict code.
fn reserved(name: &str) -> bool {
    const WORDS: &[&str] = &[
        "arguments",
        "await",
        "break",
        "case",
        "catch",
        "class",
        "const",
        "continue",
        "debugger",
        "default",
        "delete",
        "do",
        "else",
        "enum",
        "eval",
        "export",
        "extends",
        "false",
        "finally",
        "for",
        "function",
        "if",
        "implements",
        "import",
        "in",
        "instanceof",
        "interface",
        "let",
        "new",
        "null",
        "package",
        "private",
        "protected",
        "public",
        "return",
        "static",
        "super",
        "switch",
        "this",
        "throw",
        "true",
        "try",
        "typeof",
        "undefined",
        "var",
        "void",
        "while",
        "with",
        "yield",
        "__dp_m",
    ];
    WORDS.contains(&name)
}

impl Visit for Collect<'_> {
    fn visit_module_item(&mut self, item: &ModuleItem) {
        if let ModuleItem::ModuleDecl(ModuleDecl::ExportDecl(x)) = item {
            match &x.decl {
                Decl::TsEnum(e) if !e.declare => return self.enumeration(e, x.span, true),
                Decl::TsModule(m) => {
                    self.namespace(m, x.span, true);
                    return m.visit_children_with(self);
                }
                _ => {}
            }
        }
        item.visit_children_with(self);
    }

    fn visit_decl(&mut self, d: &Decl) {
        match d {
            Decl::TsEnum(e) if !e.declare => self.enumeration(e, e.span, false),
            Decl::TsModule(m) => {
                self.namespace(m, m.span, false);
                m.visit_children_with(self);
            }
            _ => d.visit_children_with(self),
        }
    }

    fn visit_class_decl(&mut self, d: &ClassDecl) {
        let (_, end) = self.range(d.class.span);
        self.decorated_class(&d.class, Some(&d.ident.sym), end);
        d.visit_children_with(self);
    }

    fn visit_export_default_decl(&mut self, d: &ExportDefaultDecl) {
        if let DefaultDecl::Class(c) = &d.decl {
            let (_, end) = self.range(c.class.span);
            let name = c.ident.as_ref().map(|i| &*i.sym);
            self.decorated_class(&c.class, name, end);
            return c.class.visit_with(self);
        }
        d.visit_children_with(self);
    }

    fn visit_class_expr(&mut self, c: &ClassExpr) {
        // tsc decorates class declarations only
        if decorators::has_decorators(&c.class) {
            self.plan.refused = true;
        }
        c.visit_children_with(self);
    }

    fn visit_class(&mut self, c: &Class) {
        let outer = std::mem::replace(&mut self.derived, c.super_class.is_some());
        let first = c.body.iter().map(|m| self.range(m.span()).0).min();
        let outer_start = std::mem::replace(&mut self.body_start, first.unwrap_or(0));
        c.visit_children_with(self);
        self.derived = outer;
        self.body_start = outer_start;
    }

    fn visit_constructor(&mut self, c: &Constructor) {
        self.parameter_properties(c);
        c.visit_children_with(self);
    }

    fn visit_lit(&mut self, _: &Lit) {}

    fn visit_class_prop(&mut self, p: &ClassProp) {
        // without `useDefineForClassFields`, tsc emits nothing for a field without a value
        if !self.opts.define_fields && p.value.is_none() && !p.declare {
            let (lo, hi) = self.range(p.span);
            let after_decorators = p.decorators.last().map_or(lo, |d| self.range(d.span).1);
            let blanked = self.blank(after_decorators, hi);
            self.plan.pre.push((after_decorators, blanked));
        }
        p.visit_children_with(self);
    }

    fn visit_ts_type_assertion(&mut self, a: &TsTypeAssertion) {
        self.assertion(a);
        a.expr.visit_with(self);
    }
}

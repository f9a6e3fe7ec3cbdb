//! Module mocks placed as jest and vitest place them: a file's top-level `jest.mock`/`vi.mock`,
//! `unmock` and `vi.hoisted` run before anything else in it, an ES module's imports (but the test
//! framework's) become dynamic imports that run after them, and every call that names a module
//! is told the file it is written in (`vi.mock(spec)` resolves `spec` from there wherever the
//! call runs). The harness keeps the mocks (`engine/js/module_mocks.js`).

use swc_common::DUMMY_SP;
use swc_ecma_ast::{
    CallExpr, Callee, Decl, Expr, ExprOrSpread, IdentName, ImportDecl, ImportSpecifier, Lit,
    MemberExpr, MemberProp, ModuleDecl, ModuleExportName, ModuleItem, Program, Script, Stmt, Str,
};
use swc_ecma_visit::{Visit, VisitMut, VisitMutWith, VisitWith};

use crate::parse::Parsed;
use crate::Edit;

/// The mocking calls whose first argument names a module relative to the calling file.
const NAMING: [&str; 9] = [
    "mock",
    "doMock",
    "unmock",
    "doUnmock",
    "requireActual",
    "importActual",
    "requireMock",
    "importMock",
    "createMockFromModule",
];

/// The calls both runners move to the top of their file.
const HOISTED: [&str; 3] = ["mock", "unmock", "hoisted"];

/// `source` (the file `rel_path`, relative to the project's root) with its module mocks placed as
/// the runners place them, each told `rel_path`; `None` when it has none (or does not parse: the
/// engine reports that itself).
pub fn hoist_mocks(source: &str, rel_path: &str) -> Option<String> {
    if !mentions_mocking(source) {
        return None;
    }
    crate::with_big_stack(|| {
        let parsed = crate::source_file::parse(source, rel_path).ok()?;
        hoist_parsed(&parsed, source, rel_path)
    })
}

/// A cheap test before parsing: the text names `jest.` or `vi.` and a mocking call.
fn mentions_mocking(source: &str) -> bool {
    (source.contains("jest.") || source.contains("vi."))
        && NAMING
            .iter()
            .chain(HOISTED.iter())
            .any(|n| source.contains(&format!(".{n}(")) || source.contains(&format!(".{n}<")))
}

fn hoist_parsed(parsed: &Parsed, source: &str, rel_path: &str) -> Option<String> {
    let file = serde_json::Value::from(rel_path).to_string();
    let (items, module): (Vec<&Stmt>, bool) = match &parsed.program {
        Program::Script(s) => (s.body.iter().collect(), false),
        Program::Module(m) => (
            m.body.iter().filter_map(ModuleItem::as_stmt).collect(),
            m.body
                .iter()
                .any(|i| matches!(i, ModuleItem::ModuleDecl(_))),
        ),
    };
    // the top level's, then vitest's `vi.mock`/`vi.unmock` wherever they are (vitest hoists a call
    // written in a block, a hook or a test too; jest hoists within the block only)
    let mut hoisted: Vec<Stmt> = items
        .into_iter()
        .filter(|s| hoistable(s))
        .cloned()
        .collect();
    let mut nested = NestedViMocks::default();
    parsed.program.visit_with(&mut nested);
    hoisted.extend(nested.found);
    hoisted.sort_by_key(|s| parsed.span_of(s).lo);
    let mut spans: Vec<crate::model::Span> = Vec::new();
    hoisted.retain(|s| {
        let span = statement_span(s, parsed, source);
        let inside = spans.iter().any(|o| o.lo <= span.lo && span.hi <= o.hi);
        if !inside {
            spans.push(span);
        }
        !inside
    });
    let mut calls = NamingCalls::default();
    parsed.program.visit_with(&mut calls);
    let mut edits: Vec<Edit> = Vec::new();
    for call in &calls.found {
        let at = parsed.span(call.span);
        if spans.iter().any(|s| s.lo <= at.lo && at.hi <= s.hi) {
            continue;
        }
        edits.extend(told_the_file(parsed, call, &file));
    }
    if hoisted.is_empty() {
        return (!edits.is_empty()).then(|| crate::apply_edits(source, &edits));
    }
    let mut top = String::new();
    for stmt in &hoisted {
        let mut stmt = stmt.clone();
        stmt.visit_mut_with(&mut TellFile { file: rel_path });
        let program = Program::Script(Script {
            span: DUMMY_SP,
            body: vec![stmt],
            shebang: None,
        });
        top.push_str(crate::print::emit_one_line(&program, parsed).trim_end());
        top.push(' ');
    }
    if module {
        top.push_str("await globalThis.__dpHarness.mocksReady(); ");
    }
    let at = first_statement(&parsed.program, parsed)?;
    edits.push(Edit {
        span: crate::model::Span { lo: at, hi: at },
        replacement: top,
    });
    for s in &spans {
        edits.push(blank(source, *s));
    }
    if let Program::Module(m) = &parsed.program {
        for item in &m.body {
            if let ModuleItem::ModuleDecl(ModuleDecl::Import(d)) = item {
                if let Some(e) = dynamic_import(d, parsed, source) {
                    edits.push(e);
                }
            }
        }
    }
    Some(crate::apply_edits(source, &edits))
}

/// Whether a top-level statement is one the runners hoist: `vi.mock(…)`, `jest.unmock(…)`,
/// `vi.hoisted(…)`, or a declaration whose every value is `vi.hoisted(…)`.
fn hoistable(stmt: &Stmt) -> bool {
    match stmt {
        Stmt::Expr(e) => api_call(&e.expr, &HOISTED).is_some(),
        Stmt::Decl(Decl::Var(v)) => {
            !v.decls.is_empty()
                && v.decls.iter().all(|d| {
                    d.init
                        .as_deref()
                        .is_some_and(|i| api_call(i, &["hoisted"]).is_some())
                })
        }
        _ => false,
    }
}

/// Where a hoistable statement is in the source: to its `;` if it has one. (The parser's span may
/// end on a `;` the type stripper put where a type-only line was.)
fn statement_span(stmt: &Stmt, parsed: &Parsed, source: &str) -> crate::model::Span {
    let whole = parsed.span_of(stmt);
    let end = match stmt {
        Stmt::Expr(e) => parsed.span_of(&*e.expr).hi,
        Stmt::Decl(Decl::Var(v)) => v.decls.last().map_or(whole.hi, |d| parsed.span_of(d).hi),
        _ => whole.hi,
    };
    crate::model::Span {
        lo: whole.lo,
        hi: with_semicolon(source, end),
    }
}

/// `end`, or just past a `;` that follows it in the source.
fn with_semicolon(source: &str, end: u32) -> u32 {
    match source.as_bytes().get(end as usize) {
        Some(b';') => end + 1,
        _ => end,
    }
}

/// `jest.NAME(…)` or `vi.NAME(…)` for a name of `names` (through parentheses and `await`).
fn api_call<'a>(e: &'a Expr, names: &[&str]) -> Option<&'a CallExpr> {
    let e = match e {
        Expr::Paren(p) => return api_call(&p.expr, names),
        Expr::Await(a) => return api_call(&a.arg, names),
        e => e,
    };
    let Expr::Call(c) = e else { return None };
    api_member(&c.callee, names).map(|_| c)
}

fn api_member<'a>(callee: &'a Callee, names: &[&str]) -> Option<&'a MemberExpr> {
    let Callee::Expr(callee) = callee else {
        return None;
    };
    let Expr::Member(m) = &**callee else {
        return None;
    };
    let (Expr::Ident(obj), MemberProp::Ident(p)) = (&*m.obj, &m.prop) else {
        return None;
    };
    (matches!(&*obj.sym, "jest" | "vi") && names.contains(&&*p.sym)).then_some(m)
}

/// `vi.mock(…)` and `vi.unmock(…)` statements below the top level.
#[derive(Default)]
struct NestedViMocks {
    found: Vec<Stmt>,
    depth: usize,
}

impl Visit for NestedViMocks {
    fn visit_stmt(&mut self, s: &Stmt) {
        if self.depth > 0 {
            if let Stmt::Expr(e) = s {
                if let Some(c) = api_call(&e.expr, &["mock", "unmock"]) {
                    if let Some(m) = api_member(&c.callee, &["mock", "unmock"]) {
                        if matches!(&*m.obj, Expr::Ident(i) if &*i.sym == "vi") {
                            self.found.push(s.clone());
                            return;
                        }
                    }
                }
            }
        }
        self.depth += 1;
        s.visit_children_with(self);
        self.depth -= 1;
    }
}

/// Every mocking call that names a module, anywhere in the file.
#[derive(Default)]
struct NamingCalls {
    found: Vec<CallExpr>,
}

impl Visit for NamingCalls {
    fn visit_call_expr(&mut self, c: &CallExpr) {
        if api_member(&c.callee, &NAMING).is_some() {
            self.found.push(c.clone());
        }
        c.visit_children_with(self);
    }
}

/// Text edits that make `vi.NAME(args)` into `vi.NAME.call(FILE, args)`.
fn told_the_file(parsed: &Parsed, call: &CallExpr, file: &str) -> Vec<Edit> {
    let Callee::Expr(callee) = &call.callee else {
        return Vec::new();
    };
    let callee_end = parsed.span_of(&**callee).hi;
    let arg = match call.args.first() {
        Some(a) => {
            let lo = parsed.span_of(&*a.expr).lo;
            Edit {
                span: crate::model::Span { lo, hi: lo },
                replacement: format!("{file}, "),
            }
        }
        None => {
            let hi = parsed.span(call.span).hi.saturating_sub(1);
            Edit {
                span: crate::model::Span { lo: hi, hi },
                replacement: file.to_string(),
            }
        }
    };
    vec![
        Edit {
            span: crate::model::Span {
                lo: callee_end,
                hi: callee_end,
            },
            replacement: ".call".into(),
        },
        arg,
    ]
}

/// The same change on a hoisted statement's syntax tree (it is printed anew), and
/// `vi.mock(import('./x'))` naming the module by its string.
struct TellFile<'a> {
    file: &'a str,
}

impl VisitMut for TellFile<'_> {
    fn visit_mut_call_expr(&mut self, c: &mut CallExpr) {
        c.visit_mut_children_with(self);
        if api_member(&c.callee, &NAMING).is_none() {
            return;
        }
        if let Some(first) = c.args.first_mut() {
            if let Expr::Call(inner) = &*first.expr {
                if matches!(inner.callee, Callee::Import(_)) && !inner.args.is_empty() {
                    let spec = inner.args[0].expr.clone();
                    first.expr = spec;
                }
            }
        }
        let Callee::Expr(callee) = &c.callee else {
            return;
        };
        c.callee = Callee::Expr(Box::new(Expr::Member(MemberExpr {
            span: DUMMY_SP,
            obj: callee.clone(),
            prop: MemberProp::Ident(IdentName::new("call".into(), DUMMY_SP)),
        })));
        c.args.insert(
            0,
            ExprOrSpread {
                spread: None,
                expr: Box::new(Expr::Lit(Lit::Str(Str {
                    span: DUMMY_SP,
                    value: self.file.into(),
                    raw: None,
                }))),
            },
        );
    }
}

/// Where the hoisted statements go: before the first statement that is not a directive.
fn first_statement(program: &Program, parsed: &Parsed) -> Option<u32> {
    match program {
        Program::Module(m) => m.body.first().map(|i| parsed.span_of(i).lo),
        Program::Script(s) => s
            .body
            .iter()
            .find(|st| !is_directive(st))
            .map(|st| parsed.span_of(st).lo),
    }
}

fn is_directive(stmt: &Stmt) -> bool {
    matches!(stmt, Stmt::Expr(e) if matches!(&*e.expr, Expr::Lit(Lit::Str(_))))
}

/// A hoisted statement's old place: spaces, its line breaks kept.
fn blank(source: &str, span: crate::model::Span) -> Edit {
    let text = &source[span.lo as usize..span.hi as usize];
    Edit {
        span,
        replacement: text
            .chars()
            .map(|c| if c == '\n' || c == '\r' { c } else { ' ' })
            .collect(),
    }
}

/// Whether an import names the test framework itself (it stays static: the hoisted calls use it).
fn framework(spec: &str) -> bool {
    spec == "vitest" || spec.starts_with("vitest/") || spec == "@jest/globals"
}

/// `import a, { b as c } from 'm'` as `const { default: a, b: c } = await import('m');`, on as
/// many lines as before.
fn dynamic_import(d: &ImportDecl, parsed: &Parsed, source: &str) -> Option<Edit> {
    if d.type_only {
        return None;
    }
    let text = |sp: swc_common::Span| {
        let s = parsed.span(sp);
        &source[s.lo as usize..s.hi as usize]
    };
    let spec = text(d.src.span);
    if framework(spec.trim_matches(|c| c == '"' || c == '\'')) {
        return None;
    }
    let with = d
        .with
        .as_ref()
        .map(|w| format!(", {{ with: {} }}", text(w.span)))
        .unwrap_or_default();
    let import = format!("await import({spec}{with})");
    let mut namespace = None;
    let mut names = Vec::new();
    for s in &d.specifiers {
        match s {
            ImportSpecifier::Namespace(n) => namespace = Some(n.local.sym.to_string()),
            ImportSpecifier::Default(n) => names.push(format!("default: {}", n.local.sym)),
            ImportSpecifier::Named(n) if n.is_type_only => {}
            ImportSpecifier::Named(n) => {
                let imported = match &n.imported {
                    Some(ModuleExportName::Ident(i)) => i.sym.to_string(),
                    Some(ModuleExportName::Str(s)) => text(s.span).to_string(),
                    None => n.local.sym.to_string(),
                };
                names.push(format!("{imported}: {}", n.local.sym));
            }
        }
    }
    let mut out = match (&namespace, names.is_empty()) {
        (Some(ns), true) => format!("const {ns} = {import};"),
        (Some(ns), false) => format!(
            "const {ns} = {import}; const {{ {} }} = {ns};",
            names.join(", ")
        ),
        (None, true) if d.specifiers.is_empty() => format!("{import};"),
        (None, true) => return None,
        (None, false) => format!("const {{ {} }} = {import};", names.join(", ")),
    };
    let mut end = parsed.span(d.src.span).hi;
    if let Some(w) = &d.with {
        end = end.max(parsed.span(w.span).hi);
    }
    let span = crate::model::Span {
        lo: parsed.span_of(d).lo,
        hi: with_semicolon(source, end),
    };
    let old = &source[span.lo as usize..span.hi as usize];
    out.extend(std::iter::repeat_n('\n', old.matches('\n').count()));
    Some(Edit {
        span,
        replacement: out,
    })
}

#[cfg(test)]
mod tests {
    use super::hoist_mocks;

    #[test]
    fn a_module_runs_its_mocks_before_its_imports() {
        let src = "import { vi, test } from 'vitest';\nimport { use } from './user.js';\nimport * as dep from './dep';\nconst helper = 1;\nvi.mock('./dep', () => ({\n  value: () => 'mocked'\n}));\ntest('t', () => use());\n";
        let out = hoist_mocks(src, "t.test.js").expect("hoisted");
        assert_eq!(out.lines().count(), src.lines().count(), "{out}");
        let first = out.lines().next().unwrap_or("");
        assert!(first.starts_with("vi.mock.call(\"t.test.js\","), "{out}");
        assert!(
            first.contains("await globalThis.__dpHarness.mocksReady();"),
            "{out}"
        );
        assert!(
            first.ends_with("import { vi, test } from 'vitest';"),
            "{out}"
        );
        assert!(
            out.contains("const { use: use } = await import('./user.js');"),
            "{out}"
        );
        assert!(out.contains("const dep = await import('./dep');"), "{out}");
        assert!(!out.lines().nth(4).unwrap_or("x").contains("mock"), "{out}");
        assert!(out.contains("const helper = 1;"), "{out}");
    }

    #[test]
    fn a_script_hoists_and_tells_every_naming_call_its_file() {
        let src = "'use strict';\nconst mockFn = jest.fn();\nconst user = require('./user');\njest.mock('./dep');\ntest('t', () => {\n  const real = jest.requireActual('./dep');\n  jest.doMock('./other', () => ({}));\n});\n";
        let out = hoist_mocks(src, "t.test.js").expect("hoisted");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "'use strict';");
        assert!(
            lines[1].starts_with("jest.mock.call(\"t.test.js\",\"./dep\"); const mockFn"),
            "{out}"
        );
        assert!(!out.contains("mocksReady"), "{out}");
        assert!(
            out.contains("jest.requireActual.call(\"t.test.js\", './dep')"),
            "{out}"
        );
        assert!(
            out.contains("jest.doMock.call(\"t.test.js\", './other', () => ({}))"),
            "{out}"
        );
        assert_eq!(lines[3].trim(), "", "{out}");
    }

    #[test]
    fn hoisted_values_and_typescript_are_kept() {
        let src = "import { vi } from 'vitest';\nimport def, { a as b } from './m';\nconst { fn } = vi.hoisted(() => ({ fn: vi.fn() }));\nvi.mock(import('./m'), async (orig) => ({ ...(await orig<typeof import('./m')>()), a: fn }));\nlet n: number = def(b);\n";
        let out = hoist_mocks(src, "t.test.ts").expect("hoisted");
        let first = out.lines().next().unwrap_or("");
        assert!(first.starts_with("const{fn}=vi.hoisted("), "{out}");
        assert!(
            first.contains(
                "vi.mock.call(\"t.test.ts\",\"./m\",async orig=>({...(await orig()),a:fn}));"
            ),
            "{out}"
        );
        assert!(
            out.contains("const { default: def, a: b } = await import('./m');"),
            "{out}"
        );
        assert!(out.contains("let n: number = def(b);"), "{out}");
    }

    #[test]
    fn statements_before_a_stripped_type_import_keep_their_ends() {
        let src = "import { it, vi } from 'vitest'\nimport { createStore } from 'zustand/vanilla'\nimport type { StoreApi } from 'zustand/vanilla'\nvi.mock('react', () => ({}))\ntype T = StoreApi<number>\nconst s: T = createStore(() => 1)\n";
        let out = hoist_mocks(src, "t.test.ts").expect("hoisted");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines[1],
            "const { createStore: createStore } = await import('zustand/vanilla');"
        );
        assert_eq!(lines[2], "import type { StoreApi } from 'zustand/vanilla'");
        assert_eq!(lines[4], "type T = StoreApi<number>");
        let js = crate::typescript::strip_types(&out, "t.test.ts").expect("strips");
        assert!(js.code().contains("createStore(() => 1)"), "{}", js.code());
    }

    #[test]
    fn vitest_hoists_a_mock_written_in_a_test_and_jest_does_not() {
        let src = "import { it, vi } from 'vitest';\nimport { f } from './f';\nit('t', () => {\n  vi.mock('./f', () => ({ f: () => 2 }));\n  jest.mock('./g');\n});\n";
        let out = hoist_mocks(src, "t.test.js").expect("hoisted");
        let lines: Vec<&str> = out.lines().collect();
        assert!(
            lines[0].starts_with("vi.mock.call(\"t.test.js\",\"./f\","),
            "{out}"
        );
        assert_eq!(lines[3].trim(), "", "{out}");
        assert!(
            lines[4].contains("jest.mock.call(\"t.test.js\", './g')"),
            "{out}"
        );
    }

    #[test]
    fn a_file_without_mocks_is_left_alone() {
        assert!(hoist_mocks("const x = vi.fn();\n", "a.js").is_none());
        assert!(hoist_mocks("const mock = 1; mock(2);\n", "a.js").is_none());
    }
}

//! Thunk arguments. A speculation thunk is an arrow function inside the decision's function; an
//! arrow that captures the function's locals makes Boa keep them in a heap environment instead
//! of registers, for the whole function and its plain copies too (earcut in Boa: 162 s with
//! thunks, 117 s without). So a thunk takes the locals its checks read as parameters before its
//! index, `(a, b, __i) => …`, and `de` gets their values after the thunk:
//! `__dp.de(d, v, thunk, a, b)`; the runtime calls `thunk(a, b, i)`.
//!
//! The values are read when `de` is called, so a local is passed only when reading it then is
//! safe and the thunk sees what it would have captured: a parameter (for a decision in the
//! body), a `var` or function declaration, or a `let`/`const` every declaration of which in the
//! function ends before the decision (a `for`-`in`/`of` head's: its iterated expression), outside
//! a `switch` case and a `catch` clause (no temporal dead zone); and no function or class nested
//! in the function mentions it (a closure that shares it would not see a parameter copy).

use std::collections::{HashMap, HashSet};

use swc_ecma_ast::{
    ArrowExpr, CatchClause, Class, ClassDecl, Decl, Expr, FnDecl, ForHead, ForInStmt, ForOfStmt,
    Function, FunctionBody, Ident, Stmt, SwitchCase, VarDecl, VarDeclKind,
};
use swc_ecma_visit::{Visit, VisitWith};

use crate::parse::Parsed;
use crate::scope::pat_names;

/// What a function declares and which of its names nested code mentions.
#[derive(Debug, Default)]
pub(super) struct FnLocals {
    params: HashSet<String>,
    body_lo: u32,
    hoisted: HashSet<String>,
    /// Per `let`/`const`/class/catch name, each declaration's end, `None` where it is never safe.
    lexical: HashMap<String, Vec<Option<u32>>>,
    captured: HashSet<String>,
}

impl FnLocals {
    /// The locals of a function with these parameter names and this body.
    pub fn of(params: Vec<String>, body: &FunctionBody, parsed: &Parsed) -> Self {
        let mut w = Walk {
            parsed,
            out: FnLocals {
                params: params.into_iter().collect(),
                body_lo: parsed.span_of(body).lo,
                ..FnLocals::default()
            },
        };
        body.stmts.visit_with(&mut w);
        w.out
    }

    /// Whether the local `name` may be passed to a thunk made at byte `at`.
    pub fn passable(&self, name: &str, at: u32) -> bool {
        if name == "arguments" || self.captured.contains(name) {
            return false;
        }
        if let Some(decls) = self.lexical.get(name) {
            return decls.iter().all(|end| end.is_some_and(|e| e <= at));
        }
        (self.params.contains(name) && at >= self.body_lo) || self.hoisted.contains(name)
    }
}

struct Walk<'a> {
    parsed: &'a Parsed,
    out: FnLocals,
}

impl Walk<'_> {
    fn lexical(&mut self, names: Vec<String>, end: Option<u32>) {
        for n in names {
            self.out.lexical.entry(n).or_default().push(end);
        }
    }

    /// Nested code: every name it mentions is shared with it.
    fn nested<T: VisitWith<Mentions>>(&mut self, node: &T) {
        let mut m = Mentions(Vec::new());
        node.visit_with(&mut m);
        self.out.captured.extend(m.0);
    }

    /// A `for`-`in`/`of` head declaring with `let`/`const`: its names are in their dead zone
    /// until the iterated expression, which ends at `right_end`, has run.
    fn loop_head(&mut self, head: &ForHead, right_end: u32) {
        if let ForHead::VarDecl(v) = head {
            if v.kind != VarDeclKind::Var {
                let mut names = Vec::new();
                v.decls.iter().for_each(|d| pat_names(&d.name, &mut names));
                self.lexical(names, Some(right_end));
            }
        }
    }
}

impl Visit for Walk<'_> {
    fn visit_var_decl(&mut self, v: &VarDecl) {
        for d in &v.decls {
            let mut names = Vec::new();
            pat_names(&d.name, &mut names);
            match v.kind {
                VarDeclKind::Var => self.out.hoisted.extend(names),
                _ => {
                    let end = self.parsed.span_of(d).hi;
                    self.lexical(names, Some(end));
                }
            }
        }
        v.visit_children_with(self);
    }
    fn visit_fn_decl(&mut self, f: &FnDecl) {
        self.out.hoisted.insert(f.ident.sym.to_string());
        self.nested(&*f.function);
    }
    fn visit_class_decl(&mut self, c: &ClassDecl) {
        self.lexical(vec![c.ident.sym.to_string()], None);
        self.nested(&*c.class);
    }
    fn visit_function(&mut self, f: &Function) {
        self.nested(f);
    }
    fn visit_arrow_expr(&mut self, a: &ArrowExpr) {
        self.nested(a);
    }
    fn visit_class(&mut self, c: &Class) {
        self.nested(c);
    }
    fn visit_catch_clause(&mut self, c: &CatchClause) {
        let mut names = Vec::new();
        if let Some(p) = &c.param {
            pat_names(p, &mut names);
        }
        self.lexical(names, None);
        c.visit_children_with(self);
    }
    fn visit_switch_case(&mut self, c: &SwitchCase) {
        // a case's declarations are in scope in the later cases, where a jump skips them
        for s in &c.cons {
            if let Stmt::Decl(Decl::Var(v)) = s {
                if v.kind != VarDeclKind::Var {
                    let mut names = Vec::new();
                    v.decls.iter().for_each(|d| pat_names(&d.name, &mut names));
                    self.lexical(names, None);
                }
            }
        }
        c.visit_children_with(self);
    }
    fn visit_for_in_stmt(&mut self, s: &ForInStmt) {
        self.loop_head(&s.left, self.parsed.span_of(&*s.right).hi);
        s.visit_children_with(self);
    }
    fn visit_for_of_stmt(&mut self, s: &ForOfStmt) {
        self.loop_head(&s.left, self.parsed.span_of(&*s.right).hi);
        s.visit_children_with(self);
    }
}

/// A thunk's parameters: the passed locals, then its index `last`.
pub(super) fn params<'a>(args: &'a [String], last: &'a str) -> Vec<&'a str> {
    args.iter().map(String::as_str).chain([last]).collect()
}

/// Every identifier a piece of code mentions, bindings included (over-approximates its reads).
pub(super) struct Mentions(pub Vec<String>);

impl Visit for Mentions {
    fn visit_ident(&mut self, i: &Ident) {
        self.0.push(i.sym.to_string());
    }
}

/// The identifiers the checks `exprs` mention, each once, in order of first mention.
pub(super) fn mentioned(exprs: &[Expr]) -> Vec<String> {
    let mut m = Mentions(Vec::new());
    exprs.iter().for_each(|e| e.visit_with(&mut m));
    let mut seen = HashSet::new();
    m.0.retain(|n| seen.insert(n.clone()));
    m.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use swc_ecma_ast::{ModuleItem, Program};

    /// The locals of the first function declared in `src`.
    fn locals(src: &str) -> FnLocals {
        let parsed = crate::source_file::parse(src, "t.js").unwrap();
        let f = match &parsed.program {
            Program::Script(s) => match &s.body[0] {
                Stmt::Decl(Decl::Fn(f)) => f.function.clone(),
                _ => panic!("a function first"),
            },
            Program::Module(m) => match &m.body[0] {
                ModuleItem::Stmt(Stmt::Decl(Decl::Fn(f))) => f.function.clone(),
                _ => panic!("a function first"),
            },
        };
        let params = crate::scope::param_names(f.params.iter().map(|p| &p.pat));
        FnLocals::of(params, f.body.as_ref().unwrap(), &parsed)
    }

    #[test]
    fn parameters_vars_and_earlier_lets_pass_and_the_rest_do_not() {
        let src =
            "function f(p) { var v; let a = 1; if (p && v && a && b && c && d) {} let b = 2; \
                   const c = () => d; let d = 3; switch (p) { case 1: let s = 1; } \
                   for (const x of (x && p ? [] : [])) { if (x && p) {} } }";
        let l = locals(src);
        let at = src.find("p && v").unwrap() as u32 + 1;
        assert!(l.passable("p", at));
        assert!(l.passable("v", at));
        assert!(l.passable("a", at));
        // declared after the decision: its temporal dead zone
        assert!(!l.passable("b", at));
        // `d` is mentioned by a nested arrow: shared with it
        assert!(!l.passable("d", at));
        assert!(!l.passable("s", src.len() as u32));
        assert!(!l.passable("arguments", at));
        // a loop's binding: not in its own iterated expression, in the body
        assert!(!l.passable("x", src.find("x && p ?").unwrap() as u32 + 1));
        assert!(l.passable("x", src.find("x && p)").unwrap() as u32 + 1));
    }
}

//! A workaround for Boa 0.22, which gives an arrow function the wrong `this` when the arrow
//! around it does not name `this` itself (`m() { return () => () => this; }` returns the global
//! object there): Boa keeps the enclosing function's `this` for its arrows only when an arrow
//! directly inside it reads `this`. Every arrow whose nested arrows read `this` while it does
//! not gets a read of its own, which changes nothing it computes: `this;` at the end of a body
//! block, `(this, expr)` around an expression body. The engines' own files and everything Boa
//! runs get it; node never needs it.

use std::collections::HashSet;

use swc_common::{Spanned, DUMMY_SP};
use swc_ecma_ast::{
    ArrowExpr, ArrowFunctionBody, Class, Constructor, Expr, ExprStmt, Function, GetterProp,
    ParenExpr, Program, SeqExpr, SetterProp, Stmt, ThisExpr,
};
use swc_ecma_visit::{Visit, VisitMut, VisitMutWith, VisitWith};

/// Finds the arrows that need a read of `this`, by where they start.
#[derive(Default)]
struct Needs {
    /// For each arrow being visited, innermost last: (start, reads `this` itself, a nested arrow
    /// reads it).
    stack: Vec<(u32, bool, bool)>,
    found: HashSet<u32>,
}

impl Needs {
    /// Code that has its own `this` (a function, a class member) is visited apart.
    fn apart(&mut self, visit: impl FnOnce(&mut Self)) {
        let outer = std::mem::take(&mut self.stack);
        visit(self);
        self.stack = outer;
    }
}

impl Visit for Needs {
    fn visit_arrow_expr(&mut self, a: &ArrowExpr) {
        self.stack.push((a.span.lo.0, false, false));
        a.visit_children_with(self);
        let (lo, direct, nested) = self.stack.pop().unwrap_or_default();
        if nested && !direct {
            self.found.insert(lo);
        }
        if direct || nested {
            if let Some(outer) = self.stack.last_mut() {
                outer.2 = true;
            }
        }
    }

    fn visit_this_expr(&mut self, _: &ThisExpr) {
        if let Some(top) = self.stack.last_mut() {
            top.1 = true;
        }
    }

    fn visit_function(&mut self, f: &Function) {
        self.apart(|v| f.visit_children_with(v));
    }

    fn visit_constructor(&mut self, c: &Constructor) {
        self.apart(|v| c.visit_children_with(v));
    }

    fn visit_getter_prop(&mut self, g: &GetterProp) {
        self.apart(|v| g.visit_children_with(v));
    }

    fn visit_setter_prop(&mut self, s: &SetterProp) {
        self.apart(|v| s.visit_children_with(v));
    }

    fn visit_class(&mut self, c: &Class) {
        // `extends` is evaluated where the class stands; members have their own `this`
        if let Some(sup) = &c.super_class {
            sup.visit_with(self);
        }
        self.apart(|v| c.body.visit_with(v));
    }
}

/// The arrows of `program` that need a read of `this`, by start position.
fn needing(program: &Program) -> HashSet<u32> {
    let mut n = Needs::default();
    program.visit_with(&mut n);
    n.found
}

/// Adds the reads to the arrows of `needs`.
struct Fix(HashSet<u32>);

impl VisitMut for Fix {
    fn visit_mut_arrow_expr(&mut self, a: &mut ArrowExpr) {
        a.visit_mut_children_with(self);
        if !self.0.contains(&a.span.lo.0) {
            return;
        }
        let this = || Box::new(Expr::This(ThisExpr { span: DUMMY_SP }));
        match &mut *a.body {
            ArrowFunctionBody::FunctionBody(b) => b.stmts.push(Stmt::Expr(ExprStmt {
                span: DUMMY_SP,
                expr: this(),
            })),
            ArrowFunctionBody::Expr(e) => {
                let body = std::mem::replace(e, this());
                **e = Expr::Paren(ParenExpr {
                    span: DUMMY_SP,
                    expr: Box::new(Expr::Seq(SeqExpr {
                        span: DUMMY_SP,
                        exprs: vec![this(), body],
                    })),
                });
            }
        }
    }
}

/// Gives every arrow of `program` that needs it a read of `this`.
pub(crate) fn fix_program(program: &mut Program) {
    let needs = needing(program);
    if !needs.is_empty() {
        program.visit_mut_with(&mut Fix(needs));
    }
}

/// `source` (the file `rel_path`, JavaScript) with the reads added as text, every other byte in
/// place; `None` when no arrow needs one or the file does not parse.
pub fn fix_text(source: &str, rel_path: &str) -> Option<String> {
    if !source.contains("this") || !source.contains("=>") {
        return None;
    }
    crate::with_big_stack(|| fix_parsed(source, rel_path))
}

fn fix_parsed(source: &str, rel_path: &str) -> Option<String> {
    let parsed = crate::source_file::parse(source, rel_path).ok()?;
    let needs = needing(&parsed.program);
    if needs.is_empty() {
        return None;
    }
    let mut edits: Vec<(usize, &str)> = Vec::new();
    struct Spots<'a> {
        needs: &'a HashSet<u32>,
        parsed: &'a crate::parse::Parsed,
        edits: &'a mut Vec<(usize, &'static str)>,
    }
    impl Visit for Spots<'_> {
        fn visit_arrow_expr(&mut self, a: &ArrowExpr) {
            a.visit_children_with(self);
            if !self.needs.contains(&a.span.lo.0) {
                return;
            }
            let sp = self.parsed.span(a.body.span());
            match &*a.body {
                ArrowFunctionBody::FunctionBody(_) => {
                    self.edits.push((sp.hi as usize - 1, ";this;"));
                }
                ArrowFunctionBody::Expr(_) => {
                    self.edits.push((sp.lo as usize, "(this, "));
                    self.edits.push((sp.hi as usize, ")"));
                }
            }
        }
    }
    parsed.program.visit_with(&mut Spots {
        needs: &needs,
        parsed: &parsed,
        edits: &mut edits,
    });
    // at a shared position an inner arrow's text (pushed first) stays first
    Some(crate::inserts::insert_all(source, &edits))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_between_a_function_and_a_this_read_it() {
        let src = "const o = { m() { return (() => (() => this)())(); } };\nfunction f() { return [1].map((x) => { return [x].map(() => this.k); }); }\nconst g = () => this;\nclass C { p = () => () => this; m() { const h = () => { const t = this; return () => this; }; } }\n";
        let out = fix_text(src, "a.js").expect("fixed");
        assert_eq!(out.lines().count(), src.lines().count());
        assert!(
            out.contains("return (() => (this, (() => this)()))(); }"),
            "{out}"
        );
        assert!(
            out.contains("return [x].map(() => this.k); ;this;})"),
            "{out}"
        );
        assert!(
            out.contains("const g = () => this;"),
            "one arrow: unchanged: {out}"
        );
        assert!(out.contains("p = () => (this, () => this);"), "{out}");
        assert!(
            out.contains("const t = this; return () => this; }"),
            "reads it already: {out}"
        );
        assert_eq!(fix_text("const f = () => () => 1;\n", "b.js"), None);
        let tight = fix_text("function f(){return()=>{return()=>()=>this}}\n", "e.js").unwrap();
        assert_eq!(
            tight,
            "function f(){return()=>{return()=>(this, ()=>this);this;}}\n"
        );
        assert_eq!(
            fix_text("function f() { return () => this; }\n", "c.js"),
            None
        );
    }

    #[test]
    fn deeper_chains_read_it_at_every_level() {
        let src = "function f() { return () => () => () => this; }\n";
        let out = fix_text(src, "d.js").expect("fixed");
        assert!(
            out.contains("return () => (this, () => (this, () => this)); }"),
            "{out}"
        );
    }
}

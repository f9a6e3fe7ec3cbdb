//! A workaround for Boa 0.22's parser, which takes `super(…)` only as a whole expression:
//! `return super(x).then(f)` is a syntax error there (source-map's `SourceMapConsumer`), and one
//! such file stopped every test that loads it. A `super(…)` call whose value is read further
//! (a member, a call of a member) gets parentheses, `(super(x)).then(f)`, which Boa parses and
//! which computes the same. The engines' own files and everything Boa runs get it.

use swc_common::Spanned;
use swc_ecma_ast::{Callee, Expr, MemberExpr, Program};
use swc_ecma_visit::{VisitMut, VisitMutWith};

/// Whether `e` is a call of `super`.
fn is_super_call(e: &Expr) -> bool {
    matches!(e, Expr::Call(c) if matches!(c.callee, Callee::Super(_)))
}

/// Puts each such call in parentheses.
struct Fix;

impl VisitMut for Fix {
    fn visit_mut_member_expr(&mut self, m: &mut MemberExpr) {
        m.visit_mut_children_with(self);
        if is_super_call(&m.obj) {
            crate::inserts::parenthesize(&mut m.obj);
        }
    }
}

/// Parenthesizes every `super(…)` call of `program` that a member access reads.
pub(crate) fn fix_program(program: &mut Program) {
    program.visit_mut_with(&mut Fix);
}

/// `source` (the file `rel_path`, JavaScript) with such calls in parentheses, every other byte in
/// place; `None` when there is none or the file does not parse.
pub fn fix_text(source: &str, rel_path: &str) -> Option<String> {
    if !source.contains("super(") {
        return None;
    }
    crate::inserts::wrap_parsed(source, rel_path, ("(", ")"), |e| match e {
        Expr::Member(m) if is_super_call(&m.obj) => Some(m.obj.span()),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_super_call_read_further_gets_parentheses() {
        let src = "class B extends A {\n  constructor(x) {\n    if (x) return super(x).then((t) => t);\n    super();\n    this.y = super.m();\n  }\n}\n";
        let out = fix_text(src, "a.js").expect("fixed");
        assert!(out.contains("return (super(x)).then((t) => t);"), "{out}");
        assert!(
            out.contains("\n    super();\n"),
            "a bare call: unchanged: {out}"
        );
        assert!(
            out.contains("this.y = super.m();"),
            "super.m: unchanged: {out}"
        );
        assert_eq!(
            fix_text("class C extends D { m() { return super.m(); } }", "b.js"),
            None
        );
    }
}

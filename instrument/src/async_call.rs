//! A workaround for Boa 0.22's parser, which reads `async(` as the head of an async arrow
//! function even when no `=>` follows: a call of a function named `async` (uvu's
//! `const async = suite('async'); async('…', () => {})`, tempura's tests) is a syntax error
//! there, and the file stops every test that loads it. Such a call's callee gets parentheses,
//! `(async)('…', () => {})`, which Boa parses and which computes the same. The engines' own
//! files and everything Boa runs get it.

use swc_common::Spanned;
use swc_ecma_ast::{CallExpr, Callee, Expr, Program};
use swc_ecma_visit::{VisitMut, VisitMutWith};

/// Whether `callee` is the identifier `async`.
fn is_async_name(callee: &Callee) -> bool {
    matches!(callee, Callee::Expr(e) if matches!(&**e, Expr::Ident(i) if &*i.sym == "async"))
}

/// Puts each such callee in parentheses.
struct Fix;

impl VisitMut for Fix {
    fn visit_mut_call_expr(&mut self, c: &mut CallExpr) {
        c.visit_mut_children_with(self);
        if is_async_name(&c.callee) {
            if let Callee::Expr(e) = &mut c.callee {
                crate::inserts::parenthesize(e);
            }
        }
    }
}

/// Parenthesizes the callee of every call of a function named `async` in `program`.
pub(crate) fn fix_program(program: &mut Program) {
    program.visit_mut_with(&mut Fix);
}

/// `source` (the file `rel_path`, JavaScript) with such callees in parentheses, every other byte
/// in place; `None` when there is none or the file does not parse.
pub fn fix_text(source: &str, rel_path: &str) -> Option<String> {
    if !source.contains("async") {
        return None;
    }
    crate::inserts::wrap_parsed(source, rel_path, ("(", ")"), |e| match e {
        Expr::Call(c) if is_async_name(&c.callee) => match &c.callee {
            Callee::Expr(callee) => Some(callee.span()),
            _ => None,
        },
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_call_of_a_function_named_async_gets_its_callee_in_parentheses() {
        let src = "const async = suite('async');\nasync('attaches await', () => {});\nasync.run();\nconst f = async (x) => x;\nconst g = async x => x;\n";
        let out = fix_text(src, "t.js").expect("fixed");
        assert!(
            out.contains("(async)('attaches await', () => {});"),
            "{out}"
        );
        for kept in [
            "async.run();",
            "const f = async (x) => x;",
            "const g = async x => x;",
        ] {
            assert!(out.contains(kept), "{kept}: {out}");
        }
        assert_eq!(fix_text("const f = async () => 1;\n", "u.js"), None);
    }
}

//! A workaround for Boa 0.22 (boa-dev/boa#5456), which reads a local variable on the left of a
//! binary operator only after evaluating the right operand: `x !== (x = f(x))` compares the new
//! `x` with itself (`do { … } while (dir !== (dir = dirname(dir)))` stops after one step). A left
//! operand that is a bare variable the right operand assigns becomes `(0, x)`, which Boa reads
//! first and which computes the same value everywhere. The engines' own files and everything Boa
//! runs get it; node never needs it.

use swc_common::{Spanned, DUMMY_SP};
use swc_ecma_ast::{
    AssignExpr, AssignTarget, BinExpr, BinaryOp, Expr, Ident, Lit, Number, ParenExpr, Program,
    SeqExpr, SimpleAssignTarget, UpdateExpr,
};
use swc_ecma_visit::{Visit, VisitMut, VisitMutWith, VisitWith};

/// Whether an expression assigns the variable `name` (`=`, `+=`, `++`, …) anywhere inside it.
struct Assigns<'a> {
    name: &'a str,
    found: bool,
}

impl Visit for Assigns<'_> {
    fn visit_assign_expr(&mut self, a: &AssignExpr) {
        if let AssignTarget::Simple(SimpleAssignTarget::Ident(id)) = &a.left {
            self.found |= &*id.id.sym == self.name;
        }
        a.visit_children_with(self);
    }

    fn visit_update_expr(&mut self, u: &UpdateExpr) {
        if let Expr::Ident(id) = &*u.arg {
            self.found |= &*id.sym == self.name;
        }
        u.visit_children_with(self);
    }
}

/// The variable on the left of `b` when the right operand assigns it (a logical operator
/// evaluates its left operand first in Boa too).
fn reread(b: &BinExpr) -> Option<&Ident> {
    if matches!(
        b.op,
        BinaryOp::LogicalAnd | BinaryOp::LogicalOr | BinaryOp::NullishCoalescing
    ) {
        return None;
    }
    let Expr::Ident(id) = &*b.left else {
        return None;
    };
    let mut a = Assigns {
        name: &id.sym,
        found: false,
    };
    b.right.visit_with(&mut a);
    a.found.then_some(id)
}

/// Rewrites each such left operand to `(0, x)`.
struct Fix;

impl VisitMut for Fix {
    fn visit_mut_bin_expr(&mut self, b: &mut BinExpr) {
        b.visit_mut_children_with(self);
        let Some(id) = reread(b).cloned() else {
            return;
        };
        let zero = Expr::Lit(Lit::Num(Number {
            span: DUMMY_SP,
            value: 0.0,
            raw: None,
        }));
        *b.left = Expr::Paren(ParenExpr {
            span: DUMMY_SP,
            expr: Box::new(Expr::Seq(SeqExpr {
                span: DUMMY_SP,
                exprs: vec![Box::new(zero), Box::new(Expr::Ident(id))],
            })),
        });
    }
}

/// Reads the left variable of every binary operation of `program` before its right operand.
pub(crate) fn fix_program(program: &mut Program) {
    program.visit_mut_with(&mut Fix);
}

/// Whether the text may hold `x OP (x = …)`: some `(` opens on a name followed by an assignment
/// (a cheap test before parsing code that runs as it is).
fn may_need(source: &str) -> bool {
    let b = source.as_bytes();
    let name = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'$';
    let mut i = 0;
    while let Some(k) = b[i..].iter().position(|&c| c == b'(') {
        let mut j = i + k + 1;
        while j < b.len() && b[j].is_ascii_whitespace() {
            j += 1;
        }
        let start = j;
        while j < b.len() && name(b[j]) {
            j += 1;
        }
        while j < b.len() && b[j].is_ascii_whitespace() {
            j += 1;
        }
        if j > start && j < b.len() {
            let assign = b[j] == b'=' && b.get(j + 1) != Some(&b'=');
            let compound = j + 1 < b.len() && b"+-*/%&|^".contains(&b[j]) && b[j + 1] == b'=';
            if assign || compound {
                return true;
            }
        }
        i += k + 1;
    }
    false
}

/// `source` (the file `rel_path`, JavaScript) with `(0, ` and `)` around each such left operand,
/// every other byte in place; `None` when none needs it or the file does not parse.
pub fn fix_text(source: &str, rel_path: &str) -> Option<String> {
    if !may_need(source) {
        return None;
    }
    crate::inserts::wrap_parsed(source, rel_path, ("(0, ", ")"), |e| match e {
        Expr::Bin(b) => reread(b).map(|id| id.span()),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_left_variable_the_right_operand_assigns_is_read_first() {
        let src = "function up(d) {\n  do { n++ } while (d !== (d = next(d)));\n  q = v - [v = 3][0];\n  return x + (x += 5) + y * (z = 2) + (w || (w = 1));\n}\n";
        let out = fix_text(src, "a.js").expect("fixed");
        assert_eq!(out.lines().count(), src.lines().count());
        assert!(out.contains("while ((0, d) !== (d = next(d)))"), "{out}");
        assert!(
            out.contains("return (0, x) + (x += 5) + y * (z = 2)"),
            "{out}"
        );
        assert!(out.contains("(w || (w = 1))"), "logical: unchanged: {out}");
        assert!(out.contains("q = (0, v) - [v = 3][0];"), "{out}");
    }

    #[test]
    fn code_without_such_an_operand_is_left_alone() {
        assert_eq!(fix_text("if (a === b) f(c = 1);\n", "a.js"), None);
        assert_eq!(fix_text("const s = (a == b) + c;\n", "a.js"), None);
    }
}

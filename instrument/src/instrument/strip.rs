//! Removes the branch points (`__dpb()`) of an instrumented program, for code instrumented only
//! so that speculation can undo its writes: its cost is not the project's. The one first in a loop
//! body becomes `__dp.t()`, which counts nothing but lets the engine stop a loop spinning past
//! the run's time limit.

use swc_common::DUMMY_SP;
use swc_ecma_ast::{Callee, Expr, ExprStmt, ModuleItem, ParenExpr, Program, Stmt};
use swc_ecma_visit::{VisitMut, VisitMutWith};

fn is_branch(e: &Expr) -> bool {
    let Expr::Call(c) = e else { return false };
    c.args.is_empty()
        && matches!(&c.callee, Callee::Expr(f) if matches!(&**f, Expr::Ident(i) if &*i.sym == "__dpb"))
}

fn is_branch_stmt(s: &Stmt) -> bool {
    matches!(s, Stmt::Expr(e) if is_branch(&e.expr))
}

struct Strip;

impl VisitMut for Strip {
    fn visit_mut_expr(&mut self, e: &mut Expr) {
        e.visit_mut_children_with(self);
        if let Expr::Seq(seq) = e {
            seq.exprs.retain(|x| !is_branch(x));
            if seq.exprs.len() == 1 {
                // parenthesised, so `() => (__dpb(), {})` keeps its object literal
                let only = seq.exprs.pop().expect("one expression");
                *e = Expr::Paren(ParenExpr {
                    span: DUMMY_SP,
                    expr: only,
                });
            }
        }
    }

    fn visit_mut_stmt(&mut self, s: &mut Stmt) {
        let body = match s {
            Stmt::While(w) => Some(&mut w.body),
            Stmt::DoWhile(w) => Some(&mut w.body),
            Stmt::For(f) => Some(&mut f.body),
            Stmt::ForIn(f) => Some(&mut f.body),
            Stmt::ForOf(f) => Some(&mut f.body),
            _ => None,
        };
        if let Some(Stmt::Block(b)) = body.map(|b| &mut **b) {
            if let Some(first) = b.stmts.first_mut().filter(|f| is_branch_stmt(f)) {
                *first = Stmt::Expr(ExprStmt {
                    span: DUMMY_SP,
                    expr: Box::new(crate::ast::dp_call("t", Vec::new())),
                });
            }
        }
        s.visit_mut_children_with(self);
    }

    fn visit_mut_stmts(&mut self, stmts: &mut Vec<Stmt>) {
        stmts.visit_mut_children_with(self);
        stmts.retain(|s| !is_branch_stmt(s));
    }

    fn visit_mut_module_items(&mut self, items: &mut Vec<ModuleItem>) {
        items.visit_mut_children_with(self);
        items.retain(|i| !matches!(i, ModuleItem::Stmt(s) if is_branch_stmt(s)));
    }
}

/// Removes every `__dpb()` the instrumenter inserted.
pub fn strip_branch_points(program: &mut Program) {
    program.visit_mut_with(&mut Strip);
}

//! Statement pairs that store a value and then test it, `m = re.exec(s); if (m) return m[1];`,
//! joined into the guard they mean, `if (m = re.exec(s)) return m[1];`, where the pair stands
//! beside another guard or pair: a run of them is then a guard sequence whose captures move with
//! their arms (see [`crate::capture`]). The joined `if` spans both statements, so a fix moves
//! them together; its condition is the assignment as written.
//!
//! Storing into a local and reading it back is the value stored, so the joined program computes
//! the same. Only a bare `if (m)` is joined: a test such as `m !== null` has no text of its own
//! that would read as the joined condition.

use swc_common::{Span as SwcSpan, DUMMY_SP};
use swc_ecma_ast::{
    AssignExpr, AssignOp, AssignTarget, Decl, EmptyStmt, Expr, IfStmt, ModuleItem, Pat, Program,
    SimpleAssignTarget, Stmt,
};
use swc_ecma_visit::{VisitMut, VisitMutWith};

use crate::chain;
use crate::syntax::strip_parens;

/// Joins the program's store-and-test pairs that stand beside other guards.
pub fn join(program: &mut Program) {
    program.visit_mut_with(&mut Join);
}

/// The name a bare `if (name)` tests.
pub fn tested_name(i: &IfStmt) -> Option<&str> {
    match strip_parens(&i.test) {
        Expr::Ident(id) => Some(id.sym.as_ref()),
        _ => None,
    }
}

/// True when `prev` declares the local the guard `next` then tests, `let m = f(); if (m) …`:
/// the test reads what the declaration just stored, so the `if` stays with it.
pub fn tests_declared(prev: &Stmt, next: &IfStmt) -> bool {
    let Stmt::Decl(Decl::Var(v)) = prev else {
        return false;
    };
    let Some(name) = tested_name(next) else {
        return false;
    };
    v.decls
        .last()
        .is_some_and(|d| d.init.is_some() && matches!(&d.name, Pat::Ident(b) if b.id.sym == *name))
}

/// The assignment `name = value` of an expression statement, if it is one to a local.
fn stored(s: &Stmt) -> Option<&AssignExpr> {
    let Stmt::Expr(e) = s else { return None };
    match strip_parens(&e.expr) {
        Expr::Assign(a) if a.op == AssignOp::Assign => {
            matches!(&a.left, AssignTarget::Simple(SimpleAssignTarget::Ident(_))).then_some(a)
        }
        _ => None,
    }
}

/// Whether `stmts[i]` stores into a local that `stmts[i + 1]`, a guard, then tests bare.
fn pair_at(stmts: &[Option<&Stmt>], i: usize) -> bool {
    let (Some(Some(first)), Some(Some(second))) = (stmts.get(i), stmts.get(i + 1)) else {
        return false;
    };
    let Some(a) = stored(first) else { return false };
    let Some((guard, _)) = chain::guard(second) else {
        return false;
    };
    let AssignTarget::Simple(SimpleAssignTarget::Ident(target)) = &a.left else {
        return false;
    };
    tested_name(guard) == Some(target.id.sym.as_ref())
}

/// The pairs of `stmts` to join (their first indices): those in a run of at least two guards
/// and pairs.
fn plan(stmts: &[Option<&Stmt>]) -> Vec<usize> {
    let mut joins = Vec::new();
    let mut run: Vec<Option<usize>> = Vec::new();
    let mut flush = |run: &mut Vec<Option<usize>>| {
        if run.len() >= 2 {
            joins.extend(run.iter().flatten());
        }
        run.clear();
    };
    let mut i = 0;
    while i < stmts.len() {
        if pair_at(stmts, i) {
            run.push(Some(i));
            i += 2;
            continue;
        }
        match chain::runs_as_guard(stmts, i) {
            true => run.push(None),
            false => flush(&mut run),
        }
        i += 1;
    }
    flush(&mut run);
    joins
}

/// The guard `first; second` means: `second` with `first`'s assignment as its test.
fn joined(first: Stmt, second: Stmt) -> Stmt {
    let (Stmt::Expr(e), Stmt::If(mut i)) = (first, second) else {
        unreachable!("a planned pair is an assignment and an if")
    };
    i.span = SwcSpan::new(e.span.lo, i.span.hi);
    i.test = e.expr;
    Stmt::If(i)
}

/// Joins the planned pairs of a list of `T` (statements or module items).
fn join_list<T>(items: &mut Vec<T>, stmt: fn(&T) -> Option<&Stmt>, list: ListOf<T>) {
    let joins = plan(&items.iter().map(stmt).collect::<Vec<_>>());
    for &i in joins.iter().rev() {
        let second = items.remove(i + 1);
        let first = std::mem::replace(
            &mut items[i],
            (list.wrap)(Stmt::Empty(EmptyStmt { span: DUMMY_SP })),
        );
        let (Some(first), Some(second)) = ((list.unwrap)(first), (list.unwrap)(second)) else {
            unreachable!("a planned pair is two statements")
        };
        items[i] = (list.wrap)(joined(first, second));
    }
}

/// How a list's items hold statements.
struct ListOf<T> {
    wrap: fn(Stmt) -> T,
    unwrap: fn(T) -> Option<Stmt>,
}

struct Join;

impl VisitMut for Join {
    fn visit_mut_stmts(&mut self, stmts: &mut Vec<Stmt>) {
        stmts.visit_mut_children_with(self);
        let list = ListOf {
            wrap: |s| s,
            unwrap: Some,
        };
        join_list(stmts, |s| Some(s), list);
    }

    fn visit_mut_module_items(&mut self, items: &mut Vec<ModuleItem>) {
        items.visit_mut_children_with(self);
        let list = ListOf {
            wrap: ModuleItem::Stmt,
            unwrap: |i| match i {
                ModuleItem::Stmt(s) => Some(s),
                ModuleItem::ModuleDecl(_) => None,
            },
        };
        join_list(items, chain::item_stmt, list);
    }
}

#[cfg(test)]
mod tests {
    use crate::parse::parse_js;
    use crate::print::emit_one_line;

    fn joined_text(src: &str) -> String {
        let parsed = parse_js(src, "a.js").unwrap();
        emit_one_line(&parsed.program, &parsed)
    }

    #[test]
    fn pairs_beside_guards_join() {
        let src =
            "function f(s){var m;m=a.exec(s);if(m)return 1;m=b.exec(s);if(m){return 2}return 0}";
        assert_eq!(
            joined_text(src),
            "function f(s){var m;if(m=a.exec(s))return 1;if(m=b.exec(s)){return 2;}return 0;}"
        );
        // beside a plain guard
        let src = "function f(s){if(!s)return 0;m=a.exec(s);if(m)return 1}";
        assert!(joined_text(src).contains("if(m=a.exec(s))return 1"));
    }

    #[test]
    fn lone_pairs_and_other_shapes_stay() {
        for src in [
            // alone
            "function f(s){m=a.exec(s);if(m)return 1;g()}",
            // the test is not the bare local
            "function f(s){m=a.exec(s);if(m!==null)return 1;m=b.exec(s);if(m!==null)return 2}",
            // another local, a compound assignment, an else, a body that does not leave
            "function f(s){m=a.exec(s);if(n)return 1;m=b.exec(s);if(n)return 2}",
            "function f(s){m+=a(s);if(m)return 1;m+=b(s);if(m)return 2}",
            "function f(s){m=a(s);if(m)return 1;else g();m=b(s);if(m)g()}",
            // the guard after a declaration stays with it and ends the run
            "function f(s){let m=a(s);if(m)return 1;m=b(s);if(m)return 2}",
        ] {
            let out = joined_text(src);
            assert!(
                !out.contains("if(m=") && !out.contains("if(m+="),
                "{src}: {out}"
            );
        }
    }
}

//! Shapes of swc expressions and statements that every pass reads the same way: logical
//! operators, parentheses, logical trees, and how switch clauses fall through.

use swc_ecma_ast::{BinExpr, BinaryOp, Expr, Stmt, SwitchCase};

use crate::model::{LogicalOp, Tree};

/// The logical operator of `e` if it is `&&` or `||`.
pub fn logical_op(e: &Expr) -> Option<(LogicalOp, &BinExpr)> {
    match e {
        Expr::Bin(b) if b.op == BinaryOp::LogicalAnd => Some((LogicalOp::And, b)),
        Expr::Bin(b) if b.op == BinaryOp::LogicalOr => Some((LogicalOp::Or, b)),
        _ => None,
    }
}

/// True if `e` binds looser than `&&`/`||` and so needs parentheses as their operand.
pub fn binds_looser_than_logical(e: &Expr) -> bool {
    matches!(
        e,
        Expr::Cond(_)
            | Expr::Assign(_)
            | Expr::Arrow(_)
            | Expr::Yield(_)
            | Expr::Seq(_)
            | Expr::Bin(BinExpr {
                op: BinaryOp::NullishCoalescing,
                ..
            })
    )
}

/// `e` without any surrounding parentheses.
pub fn strip_parens(mut e: &Expr) -> &Expr {
    while let Expr::Paren(p) = e {
        e = &p.expr;
    }
    e
}

/// Builds the tree of a logical expression, pushing its leaves (parentheses stripped) in source order.
pub fn build_tree<'a>(e: &'a Expr, leaves: &mut Vec<&'a Expr>) -> Tree {
    let e = strip_parens(e);
    match logical_op(e) {
        Some((op, b)) => {
            let left = build_tree(&b.left, leaves);
            let right = build_tree(&b.right, leaves);
            Tree::Node {
                op,
                left: Box::new(left),
                right: Box::new(right),
            }
        }
        None => {
            leaves.push(e);
            Tree::Leaf(leaves.len() - 1)
        }
    }
}

/// True if a statement list surely leaves the switch clause (ends in `break`/`return`/`throw`/`continue`).
pub fn ends_clause(stmts: &[Stmt]) -> bool {
    match stmts.last() {
        Some(Stmt::Break(_))
        | Some(Stmt::Return(_))
        | Some(Stmt::Throw(_))
        | Some(Stmt::Continue(_)) => true,
        Some(Stmt::Block(b)) => ends_clause(&b.stmts),
        Some(Stmt::If(i)) => match &i.alt {
            Some(alt) => {
                ends_clause(std::slice::from_ref(&*i.cons))
                    && ends_clause(std::slice::from_ref(&**alt))
            }
            None => false,
        },
        _ => false,
    }
}

/// The fall-through groups of a switch's clauses.
pub fn groups(cases: &[SwitchCase]) -> Vec<Vec<usize>> {
    let mut groups = Vec::new();
    let mut cur = Vec::new();
    for (i, c) in cases.iter().enumerate() {
        cur.push(i);
        if ends_clause(&c.cons) || i + 1 == cases.len() {
            groups.push(std::mem::take(&mut cur));
        }
    }
    groups
}

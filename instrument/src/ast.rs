//! Small constructors for the AST nodes the instrumenter inserts.

use swc_common::{SyntaxContext, DUMMY_SP};
use swc_ecma_ast::{
    ArrowExpr, ArrowFunctionBody, BinExpr, BinaryOp, BindingIdent, BlockStmt, CallExpr, Callee,
    CondExpr, Expr, ExprOrSpread, ExprStmt, Ident, IdentName, Lit, MemberExpr, MemberProp, Number,
    ParenExpr, Pat, SeqExpr, Stmt, Str, UnaryExpr, UnaryOp,
};

/// An identifier expression.
pub fn ident(name: &str) -> Expr {
    Expr::Ident(Ident::new_no_ctxt(name.into(), DUMMY_SP))
}

/// A number literal (negative numbers as unary minus).
pub fn num(n: i64) -> Expr {
    let lit = Expr::Lit(Lit::Num(Number {
        span: DUMMY_SP,
        value: n.unsigned_abs() as f64,
        raw: None,
    }));
    if n < 0 {
        Expr::Unary(UnaryExpr {
            span: DUMMY_SP,
            op: UnaryOp::Minus,
            arg: Box::new(lit),
        })
    } else {
        lit
    }
}

/// A string literal.
pub fn string(s: &str) -> Expr {
    Expr::Lit(Lit::Str(Str {
        span: DUMMY_SP,
        value: s.into(),
        raw: None,
    }))
}

/// `__dp.<name>`.
pub fn dp(name: &str) -> Expr {
    member(ident("__dp"), name)
}

/// `obj.name`.
pub fn member(obj: Expr, name: &str) -> Expr {
    Expr::Member(MemberExpr {
        span: DUMMY_SP,
        obj: Box::new(obj),
        prop: MemberProp::Ident(IdentName::new(name.into(), DUMMY_SP)),
    })
}

/// `e`, parenthesised if it is a comma expression (so it can stand where an assignment expression must).
pub fn comma_safe(e: Expr) -> Expr {
    match e {
        Expr::Seq(_) => paren(e),
        other => other,
    }
}

/// `callee(args...)`.
pub fn call(callee: Expr, args: Vec<Expr>) -> Expr {
    Expr::Call(CallExpr {
        span: DUMMY_SP,
        ctxt: SyntaxContext::empty(),
        callee: Callee::Expr(Box::new(callee)),
        args: args
            .into_iter()
            .map(|e| ExprOrSpread {
                spread: None,
                expr: Box::new(comma_safe(e)),
            })
            .collect(),
        type_args: None,
    })
}

/// `__dp.<name>(args...)`.
pub fn dp_call(name: &str, args: Vec<Expr>) -> Expr {
    call(dp(name), args)
}

/// `__dpb()`: one branch point.
pub fn branch() -> Expr {
    call(ident("__dpb"), Vec::new())
}

/// `__dpb();` as a statement.
pub fn branch_stmt() -> Stmt {
    expr_stmt(branch())
}

/// `(__dp.on && __dp.as())`: an async function starts (while speculating, its continuation would
/// run after the speculation's undo; an engine that cannot drop it refuses the call here).
pub fn async_entry() -> Expr {
    gated(dp_call("as", Vec::new()))
}

/// `(e)`.
pub fn paren(e: Expr) -> Expr {
    Expr::Paren(ParenExpr {
        span: DUMMY_SP,
        expr: Box::new(e),
    })
}

/// `(a, b, ...)`, parenthesised.
pub fn seq(exprs: Vec<Expr>) -> Expr {
    paren(Expr::Seq(SeqExpr {
        span: DUMMY_SP,
        exprs: exprs.into_iter().map(Box::new).collect(),
    }))
}

/// `a op b` (operands must already be parenthesised where needed).
pub fn bin(op: BinaryOp, a: Expr, b: Expr) -> Expr {
    Expr::Bin(BinExpr {
        span: DUMMY_SP,
        op,
        left: Box::new(a),
        right: Box::new(b),
    })
}

/// `__dp.on && e`, parenthesised.
pub fn gated(e: Expr) -> Expr {
    paren(bin(BinaryOp::LogicalAnd, dp("on"), e))
}

/// `t ? c : a`, parenthesised.
pub fn cond(t: Expr, c: Expr, a: Expr) -> Expr {
    paren(Expr::Cond(CondExpr {
        span: DUMMY_SP,
        test: Box::new(t),
        cons: Box::new(comma_safe(c)),
        alt: Box::new(comma_safe(a)),
    }))
}

/// `(params) => { stmts }`, parenthesised.
pub fn arrow_block(params: &[&str], stmts: Vec<Stmt>) -> Expr {
    arrow_body(
        params,
        ArrowFunctionBody::FunctionBody(swc_ecma_ast::FunctionBody {
            span: DUMMY_SP,
            stmts,
        }),
    )
}

/// `(params) => e`, parenthesised.
pub fn arrow_expr(params: &[&str], e: Expr) -> Expr {
    arrow_body(params, ArrowFunctionBody::Expr(Box::new(e)))
}

/// `true` or `false`.
pub fn boolean(b: bool) -> Expr {
    Expr::Lit(Lit::Bool(swc_ecma_ast::Bool {
        span: DUMMY_SP,
        value: b,
    }))
}

/// `void 0`.
pub fn void0() -> Expr {
    Expr::Unary(UnaryExpr {
        span: DUMMY_SP,
        op: UnaryOp::Void,
        arg: Box::new(num(0)),
    })
}

fn arrow_body(params: &[&str], body: ArrowFunctionBody) -> Expr {
    paren(Expr::Arrow(ArrowExpr {
        span: DUMMY_SP,
        ctxt: SyntaxContext::empty(),
        params: params
            .iter()
            .map(|p| {
                Pat::Ident(BindingIdent::from(Ident::new_no_ctxt(
                    (*p).into(),
                    DUMMY_SP,
                )))
            })
            .collect(),
        body: Box::new(body),
        is_async: false,
        is_generator: false,
        type_params: None,
        return_type: None,
    }))
}

/// `kind name = init, …;`: a declaration of plain names.
pub fn var_decl(kind: swc_ecma_ast::VarDeclKind, decls: Vec<(&str, Option<Expr>)>) -> Stmt {
    Stmt::Decl(swc_ecma_ast::Decl::Var(Box::new(swc_ecma_ast::VarDecl {
        span: DUMMY_SP,
        ctxt: SyntaxContext::empty(),
        kind,
        declare: false,
        decls: decls
            .into_iter()
            .map(|(name, init)| swc_ecma_ast::VarDeclarator {
                span: DUMMY_SP,
                name: Pat::Ident(BindingIdent::from(Ident::new_no_ctxt(
                    name.into(),
                    DUMMY_SP,
                ))),
                init: init.map(Box::new),
                definite: false,
            })
            .collect(),
    })))
}

/// An expression statement.
pub fn expr_stmt(e: Expr) -> Stmt {
    Stmt::Expr(ExprStmt {
        span: DUMMY_SP,
        expr: Box::new(e),
    })
}

/// A block of statements.
pub fn block(stmts: Vec<Stmt>) -> Stmt {
    Stmt::Block(BlockStmt {
        span: DUMMY_SP,
        ctxt: SyntaxContext::empty(),
        stmts,
    })
}

/// Inserts `s` as the first statement of `body`, turning a lone statement into a block.
pub fn prepend(body: &mut Box<Stmt>, s: Stmt) {
    match &mut **body {
        Stmt::Block(b) => b.stmts.insert(0, s),
        other => {
            let old = std::mem::replace(
                other,
                Stmt::Empty(swc_ecma_ast::EmptyStmt { span: DUMMY_SP }),
            );
            **body = block(vec![s, old]);
        }
    }
}

/// Number of leading directive statements (`"use strict"` and friends).
pub fn directive_count(stmts: &[Stmt]) -> usize {
    stmts
        .iter()
        .take_while(|s| match s {
            Stmt::Expr(e) => matches!(&*e.expr, Expr::Lit(Lit::Str(_))),
            _ => false,
        })
        .count()
}

/// Number of leading directives (`"use strict"`) of a module's items.
pub fn module_directive_count(items: &[swc_ecma_ast::ModuleItem]) -> usize {
    items
        .iter()
        .take_while(|i| match i {
            swc_ecma_ast::ModuleItem::Stmt(Stmt::Expr(e)) => {
                matches!(&*e.expr, Expr::Lit(Lit::Str(_)))
            }
            _ => false,
        })
        .count()
}

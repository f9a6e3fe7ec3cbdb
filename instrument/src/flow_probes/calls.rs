//! Calls and `new` go through the runtime, which sees the callee, the receiver and the arguments:
//! `__dp.cf(p, f, …args)`, `__dp.cm(p, __dpo = o, __dpo.m, …args)`, `__dp.cn(p, __dpx, C, …args)`,
//! and `__dp.ca(p, __dpx, __dpo = o, __dpo.m, …args)` for the built-in methods that return a new
//! array (the call is then also an allocation site). Calls with few arguments and no spread use
//! the runtime's fixed-arity forms (`cf0`…`cf3`, `cm0`…`cm2`), which need no argument array.

use swc_common::{Spanned, DUMMY_SP};
use swc_ecma_ast::{
    AssignExpr, AssignOp, AssignTarget, BindingIdent, CallExpr, Callee, ComputedPropName, Expr,
    ExprOrSpread, Ident, MemberExpr, MemberProp, OptChainBase, SimpleAssignTarget,
};
use swc_ecma_visit::VisitMutWith;

use super::{take, Flow, PointKind};
use crate::ast::*;

/// Method names of built-ins that return a new array (the runtime checks the callee really is
/// the built-in before it counts an allocation).
const ALLOCATING: [&str; 14] = [
    "map",
    "filter",
    "slice",
    "concat",
    "flat",
    "flatMap",
    "keys",
    "values",
    "entries",
    "from",
    "split",
    "toSorted",
    "toReversed",
    "toSpliced",
];

/// `__dp.<name>(fixed…, args…)`, keeping the arguments' spreads.
fn dp_call_spread(name: &str, fixed: Vec<Expr>, args: Vec<ExprOrSpread>) -> Expr {
    let mut all: Vec<ExprOrSpread> = fixed
        .into_iter()
        .map(|e| ExprOrSpread {
            spread: None,
            expr: Box::new(comma_safe(e)),
        })
        .collect();
    all.extend(args);
    Expr::Call(CallExpr {
        span: DUMMY_SP,
        ctxt: Default::default(),
        callee: Callee::Expr(Box::new(dp(name))),
        args: all,
        type_args: None,
    })
}

/// `cf2` for a call with two arguments and no spread (the runtime's fast forms go up to `max`
/// arguments), else the general `cf`.
fn by_arity(name: &str, args: &[ExprOrSpread], max: usize) -> String {
    if args.len() <= max && args.iter().all(|a| a.spread.is_none()) {
        format!("{name}{}", args.len())
    } else {
        name.to_string()
    }
}

/// `__dpo = e`.
fn to_dpo(e: Expr) -> Expr {
    Expr::Assign(AssignExpr {
        span: DUMMY_SP,
        op: AssignOp::Assign,
        left: AssignTarget::Simple(SimpleAssignTarget::Ident(BindingIdent::from(
            Ident::new_no_ctxt("__dpo".into(), DUMMY_SP),
        ))),
        right: Box::new(e),
    })
}

/// Whether a callee is the global `eval` (a direct eval must stay a direct call).
fn is_eval(f: &Expr) -> bool {
    matches!(f, Expr::Ident(i) if &*i.sym == "eval")
}

/// The callee without its parentheses (`(o.m)()` calls `m` on `o` too).
fn bare(f: &mut Expr) -> &mut Expr {
    let through =
        matches!(f, Expr::Paren(p) if matches!(&*p.expr, Expr::Member(_) | Expr::Paren(_)));
    if !through {
        return f;
    }
    match f {
        Expr::Paren(p) => bare(&mut p.expr),
        other => other,
    }
}

impl Flow<'_> {
    pub(super) fn call(&mut self, e: &mut Expr) {
        let Expr::Call(c) = e else { return };
        c.args.visit_mut_with(self);
        let Callee::Expr(callee) = &mut c.callee else {
            // `super(…)`, `import(…)`
            return;
        };
        if is_eval(callee) {
            return;
        }
        let lo = c.span.lo;
        let text = self.text(callee.span());
        let args = std::mem::take(&mut c.args);
        match bare(callee) {
            Expr::Member(m) if !matches!(m.prop, MemberProp::PrivateName(_)) => {
                m.obj.visit_mut_with(self);
                let name = match &m.prop {
                    MemberProp::Ident(i) => Some(i.sym.to_string()),
                    _ => None,
                };
                let f = match &mut m.prop {
                    MemberProp::Computed(k) => {
                        k.expr.visit_mut_with(self);
                        Expr::Member(MemberExpr {
                            span: DUMMY_SP,
                            obj: Box::new(ident("__dpo")),
                            prop: MemberProp::Computed(ComputedPropName {
                                span: DUMMY_SP,
                                expr: Box::new(take(&mut k.expr)),
                            }),
                        })
                    }
                    _ => member(ident("__dpo"), name.as_deref().unwrap_or("")),
                };
                let recv = to_dpo(take(&mut m.obj));
                let allocating = name.as_deref().is_some_and(|n| ALLOCATING.contains(&n));
                *e = if allocating {
                    let ty = format!("Array ({text})");
                    let p = self.point(lo, PointKind::Alloc { ty, bytes: 0 });
                    dp_call_spread("ca", vec![num(p as i64), ident("__dpx"), recv, f], args)
                } else {
                    let p = self.point(lo, PointKind::Call { callee: text });
                    dp_call_spread(
                        &by_arity("cm", &args, 2),
                        vec![num(p as i64), recv, f],
                        args,
                    )
                };
            }
            Expr::Member(m) => {
                // a private method: `this.#m()` keeps its form
                m.obj.visit_mut_with(self);
                c.args = args;
            }
            Expr::SuperProp(s) => {
                if let swc_ecma_ast::SuperProp::Computed(k) = &mut s.prop {
                    k.expr.visit_mut_with(self);
                }
                c.args = args;
            }
            f => {
                if !matches!(f, Expr::Ident(_)) {
                    f.visit_mut_with(self);
                }
                let f = take(callee);
                let p = self.point(lo, PointKind::Call { callee: text });
                *e = dp_call_spread(&by_arity("cf", &args, 3), vec![num(p as i64), f], args);
            }
        }
    }

    /// `new C(…)`: `__dp.cn(p, __dpx, C, …args)`, an allocation site.
    pub(super) fn new_expr(&mut self, e: &mut Expr) {
        let Expr::New(n) = e else { return };
        if !matches!(&*n.callee, Expr::Ident(_)) {
            n.callee.visit_mut_with(self);
        }
        let mut args = n.args.take().unwrap_or_default();
        args.visit_mut_with(self);
        let ty = format!("new {}", self.text(n.callee.span()));
        let p = self.point(n.span.lo, PointKind::Alloc { ty, bytes: 28 });
        let callee = take(&mut n.callee);
        *e = dp_call_spread("cn", vec![num(p as i64), ident("__dpx"), callee], args);
    }

    /// `a?.b`, `a?.b()`, `f?.()`: the parts are instrumented, the chain keeps its form (its
    /// short-circuit must skip the whole rest).
    pub(super) fn opt_chain(&mut self, e: &mut Expr) {
        let Expr::OptChain(o) = e else { return };
        match &mut *o.base {
            OptChainBase::Member(m) => {
                m.obj.visit_mut_with(self);
                if let MemberProp::Computed(k) = &mut m.prop {
                    k.expr.visit_mut_with(self);
                }
            }
            OptChainBase::Call(c) => {
                match &mut *c.callee {
                    Expr::Member(m) => {
                        m.obj.visit_mut_with(self);
                        if let MemberProp::Computed(k) = &mut m.prop {
                            k.expr.visit_mut_with(self);
                        }
                    }
                    other => other.visit_mut_with(self),
                }
                c.args.visit_mut_with(self);
            }
        }
    }
}

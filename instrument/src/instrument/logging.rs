//! Write and read logging: the calls that let the runtime undo a speculation and track dependences.

use swc_common::{SyntaxContext, DUMMY_SP};
use swc_ecma_ast::{
    AssignExpr, AssignTarget, AssignTargetPat, BindingIdent, Expr, ForHead, Ident, MemberExpr,
    MemberProp, ObjectPatProp, Pat, SimpleAssignTarget, Stmt, VarDecl, VarDeclKind, VarDeclarator,
};
use swc_ecma_visit::VisitMutWith;

use super::{take, Res, Transform};
use crate::ast::*;

/// True for expressions that can be evaluated twice without effects: identifiers, `this`, literals.
fn is_simple(e: &Expr) -> bool {
    matches!(e, Expr::Ident(_) | Expr::This(_) | Expr::Lit(_))
}

/// The property key of a member as an expression, if it is simple.
fn simple_key(p: &MemberProp) -> Option<Expr> {
    match p {
        MemberProp::Ident(i) => Some(string(&i.sym)),
        MemberProp::Computed(c) if is_simple(&c.expr) => Some((*c.expr).clone()),
        _ => None,
    }
}

/// `var __dpa<id> = __dp.on ? __dp.act() : 0;`: the first statement of a function whose
/// variables inner functions write. Its activation's stamp is newer than a running check's start
/// only when the check called it.
pub(super) fn activation_stmt(id: usize) -> Stmt {
    let name = format!("__dpa{id}");
    var_decl(
        VarDeclKind::Var,
        vec![(
            name.as_str(),
            Some(cond(dp("on"), dp_call("act", Vec::new()), num(0))),
        )],
    )
}

/// `typeof __dpa<id> === "number" ? __dpa<id> : 0`: the stamp, or 0 where the declaration is not
/// in scope (a closure in a parameter's default) or is absent (an arrow with an expression body).
fn activation_arg(id: usize) -> Expr {
    let name = format!("__dpa{id}");
    let is_number = bin(
        swc_ecma_ast::BinaryOp::EqEqEq,
        Expr::Unary(swc_ecma_ast::UnaryExpr {
            span: DUMMY_SP,
            op: swc_ecma_ast::UnaryOp::TypeOf,
            arg: Box::new(ident(&name)),
        }),
        string("number"),
    );
    cond(paren(is_number), ident(&name), num(0))
}

fn assign_dpo(e: Expr) -> Expr {
    assign_to("__dpo", e)
}

/// `name = e`, for the prologue's temporaries.
fn assign_to(name: &str, e: Expr) -> Expr {
    Expr::Assign(AssignExpr {
        span: DUMMY_SP,
        op: swc_ecma_ast::AssignOp::Assign,
        left: AssignTarget::Simple(SimpleAssignTarget::Ident(BindingIdent::from(
            Ident::new_no_ctxt(name.into(), DUMMY_SP),
        ))),
        right: Box::new(e),
    })
}

impl Transform<'_> {
    /// The logging calls a write to variable `name` needs, if any.
    /// A write to a variable of an enclosing function also passes that function's activation
    /// stamp (see [`activation_stmt`]): a variable of an activation a check started is its own.
    pub(super) fn var_write_log(&mut self, name: &str) -> Option<Expr> {
        match self.resolve(name) {
            Res::Local => None,
            Res::Outer(b) => {
                let mut args = vec![
                    num(b as i64),
                    ident(name),
                    arrow_block(
                        &["__v"],
                        vec![expr_stmt(Expr::Assign(AssignExpr {
                            span: DUMMY_SP,
                            op: swc_ecma_ast::AssignOp::Assign,
                            left: AssignTarget::Simple(SimpleAssignTarget::Ident(
                                BindingIdent::from(Ident::new_no_ctxt(name.into(), DUMMY_SP)),
                            )),
                            right: Box::new(ident("__v")),
                        }))],
                    ),
                ];
                if let Some(id) = self.activation_of(name) {
                    args.push(activation_arg(id));
                }
                Some(dp_call("wv", args))
            }
            Res::Global => Some(dp_call("wg", vec![string(name)])),
        }
    }

    /// `(__dpm = e, __dp.on && __dp.mk(__dpm), __dpm)` for a literal or `new` inside a function:
    /// while a check runs, the runtime stamps the object, and writes to it are not the check's
    /// effects. Code outside functions runs once, at load, and is left as it is.
    pub(super) fn made_log(&mut self, e: &mut Expr) {
        // the first scope is the top level's
        if self.plain || !self.scopes.iter().skip(1).any(|s| s.function) {
            return;
        }
        // a temporary of its own: `__dpo` holds a member's object while its key is evaluated
        let v = take(e);
        *e = seq(vec![
            assign_to("__dpm", v),
            gated(dp_call("mk", vec![ident("__dpm")])),
            ident("__dpm"),
        ]);
    }

    /// Logs a write to property `m`: returns a gated prefix call, or rewrites `m` so its object is logged on the way.
    pub(super) fn member_write_log(&mut self, m: &mut MemberExpr) -> Option<Expr> {
        self.member_log(m, false)
    }

    /// The log of `delete m`: the same forms with a third argument `1`, so the engine keeps the
    /// object's key order for undo.
    pub(super) fn member_delete_log(&mut self, m: &mut MemberExpr) -> Option<Expr> {
        self.member_log(m, true)
    }

    /// `__dp.wq(o, "#x", o.#x, (__o, __v) => { __o.#x = __v; })`: a private field's old value and
    /// how to put it back (private names are only reachable lexically, so the class writes it).
    fn private_log(&self, o: Expr, name: &swc_ecma_ast::PrivateName) -> Expr {
        let member = |obj: Expr| {
            Expr::Member(MemberExpr {
                span: DUMMY_SP,
                obj: Box::new(obj),
                prop: MemberProp::PrivateName(name.clone()),
            })
        };
        let restore = arrow_block(
            &["__o", "__v"],
            vec![expr_stmt(Expr::Assign(AssignExpr {
                span: DUMMY_SP,
                op: swc_ecma_ast::AssignOp::Assign,
                left: AssignTarget::Simple(SimpleAssignTarget::Member(MemberExpr {
                    span: DUMMY_SP,
                    obj: Box::new(ident("__o")),
                    prop: MemberProp::PrivateName(name.clone()),
                })),
                right: Box::new(ident("__v")),
            }))],
        );
        let text = format!("#{}", name.name);
        dp_call("wq", vec![o.clone(), string(&text), member(o), restore])
    }

    /// The log of a write to private member `m` when its name is a field (an accessor's setter
    /// logs its own writes).
    fn private_write_log(&mut self, m: &mut MemberExpr) -> Option<Expr> {
        let MemberProp::PrivateName(name) = &m.prop else {
            return None;
        };
        if !self.is_private_field(&name.name) {
            return None;
        }
        let name = name.clone();
        if is_simple(&m.obj) {
            return Some(self.private_log((*m.obj).clone(), &name));
        }
        let obj = take(&mut m.obj);
        *m.obj = seq(vec![
            assign_dpo(obj),
            gated(self.private_log(ident("__dpo"), &name)),
            ident("__dpo"),
        ]);
        None
    }

    fn member_log(&mut self, m: &mut MemberExpr, delete: bool) -> Option<Expr> {
        if matches!(m.prop, MemberProp::PrivateName(_)) {
            return self.private_write_log(m);
        }
        let call = |name: &str, mut args: Vec<Expr>| {
            if delete {
                args.push(num(1));
            }
            dp_call(name, args)
        };
        // Boa 0.22's inline cache stores `a.length = n` straight into the slot once warm, so the
        // array is never truncated, and a warm `o.__proto__ = p` indexes past the slots of `o`
        // once its prototype changed (a panic); the computed forms always take the spec path.
        if let MemberProp::Ident(i) = &m.prop {
            if &*i.sym == "length" || &*i.sym == "__proto__" {
                let name = i.sym.to_string();
                m.prop = MemberProp::Computed(swc_ecma_ast::ComputedPropName {
                    span: DUMMY_SP,
                    expr: Box::new(string(&name)),
                });
            }
        }
        let key = simple_key(&m.prop);
        if is_simple(&m.obj) {
            if let Some(k) = key {
                return Some(call("wp", vec![(*m.obj).clone(), k]));
            }
            if let MemberProp::Computed(c) = &mut m.prop {
                let e2 = take(&mut c.expr);
                *c.expr = cond(dp("on"), call("pk", vec![(*m.obj).clone(), e2.clone()]), e2);
            }
            return None;
        }
        let obj = take(&mut m.obj);
        match key {
            Some(k) => {
                *m.obj = seq(vec![
                    assign_dpo(obj),
                    gated(call("wp", vec![ident("__dpo"), k])),
                    ident("__dpo"),
                ]);
            }
            None => {
                *m.obj = paren(assign_dpo(obj));
                if let MemberProp::Computed(c) = &mut m.prop {
                    let e2 = take(&mut c.expr);
                    *c.expr = cond(dp("on"), call("pk", vec![ident("__dpo"), e2.clone()]), e2);
                }
            }
        }
        None
    }

    /// Logging calls for every target of a destructuring pattern that can be logged before the write.
    pub(super) fn pat_write_logs(&mut self, p: &Pat, out: &mut Vec<Expr>) {
        match p {
            Pat::Ident(b) => out.extend(self.var_write_log(&b.id.sym)),
            Pat::Array(a) => {
                for e in a.elems.iter().flatten() {
                    self.pat_write_logs(e, out);
                }
            }
            Pat::Rest(r) => self.pat_write_logs(&r.arg, out),
            Pat::Object(o) => {
                for prop in &o.props {
                    match prop {
                        ObjectPatProp::KeyValue(kv) => self.pat_write_logs(&kv.value, out),
                        ObjectPatProp::Assign(a) => out.extend(self.var_write_log(&a.key.id.sym)),
                        ObjectPatProp::Rest(r) => self.pat_write_logs(&r.arg, out),
                    }
                }
            }
            Pat::Assign(a) => self.pat_write_logs(&a.left, out),
            Pat::Expr(e) => {
                if let Expr::Member(m) = &**e {
                    if is_simple(&m.obj) {
                        if let Some(k) = simple_key(&m.prop) {
                            out.push(dp_call("wp", vec![(*m.obj).clone(), k]));
                        }
                    }
                }
            }
            Pat::Invalid(_) => {}
        }
    }

    /// Logging for the target of an assignment or update; returns the gated prefix if one is needed.
    pub(super) fn target_log(&mut self, target: &mut AssignTarget) -> Option<Expr> {
        match target {
            AssignTarget::Simple(SimpleAssignTarget::Ident(b)) => {
                let name = b.id.sym.to_string();
                self.var_write_log(&name)
            }
            AssignTarget::Simple(SimpleAssignTarget::Member(m)) => self.member_write_log(m),
            AssignTarget::Simple(SimpleAssignTarget::SuperProp(s)) => match &s.prop {
                swc_ecma_ast::SuperProp::Ident(i) => Some(dp_call(
                    "wp",
                    vec![
                        Expr::This(swc_ecma_ast::ThisExpr { span: DUMMY_SP }),
                        string(&i.sym),
                    ],
                )),
                _ => None,
            },
            AssignTarget::Pat(p) => {
                let pat: Pat = match p {
                    AssignTargetPat::Array(a) => Pat::Array(a.clone()),
                    AssignTargetPat::Object(o) => Pat::Object(o.clone()),
                    AssignTargetPat::Invalid(_) => return None,
                };
                let mut logs = Vec::new();
                self.pat_write_logs(&pat, &mut logs);
                match logs.len() {
                    0 => None,
                    1 => logs.pop(),
                    _ => Some(seq(logs)),
                }
            }
            _ => None,
        }
    }

    /// Same as [`Self::target_log`] for the operand of `++`/`--`/`delete`.
    pub(super) fn expr_target_log(&mut self, e: &mut Expr) -> Option<Expr> {
        match e {
            Expr::Ident(i) => {
                let name = i.sym.to_string();
                self.var_write_log(&name)
            }
            Expr::Member(m) => self.member_write_log(m),
            Expr::Paren(p) => self.expr_target_log(&mut p.expr),
            _ => None,
        }
    }

    /// Visits a member's object and key without logging the member read itself (callee position).
    pub(super) fn visit_callee_member(&mut self, e: &mut Expr) {
        match e {
            Expr::Member(m) => m.visit_mut_children_with(self),
            Expr::Paren(p) => self.visit_callee_member(&mut p.expr),
            other => other.visit_mut_with(self),
        }
    }

    pub(super) fn read_log(&mut self, e: &mut Expr) {
        if self.plain {
            return;
        }
        let log = match e {
            Expr::Ident(i) => match self.resolve(&i.sym) {
                Res::Outer(b) => Some(dp_call("rv", vec![num(b as i64)])),
                _ => None,
            },
            Expr::Member(m) if is_simple(&m.obj) => {
                simple_key(&m.prop).map(|k| dp_call("rp", vec![(*m.obj).clone(), k]))
            }
            _ => None,
        };
        if let Some(l) = log {
            let v = take(e);
            *e = seq(vec![gated(l), v]);
        }
    }

    /// A `for (target in/of …)` head whose writes need logging becomes `for (const __dpf in/of …)`
    /// with `target = __dpf;` first in the body, where the assignment is logged like any other.
    pub(super) fn logged_loop_head(&mut self, head: &mut ForHead, body: &mut Box<Stmt>) {
        let ForHead::Pat(p) = head else { return };
        let mut logs = Vec::new();
        self.pat_write_logs(p, &mut logs);
        let needs =
            !logs.is_empty() || matches!(&**p, Pat::Expr(e) if matches!(&**e, Expr::Member(_)));
        if !needs {
            return;
        }
        let pat = std::mem::replace(
            &mut **p,
            Pat::Invalid(swc_ecma_ast::Invalid { span: DUMMY_SP }),
        );
        let Ok(target) = AssignTarget::try_from(pat.clone()) else {
            **p = pat;
            return;
        };
        *head = ForHead::VarDecl(Box::new(VarDecl {
            span: DUMMY_SP,
            ctxt: SyntaxContext::empty(),
            kind: VarDeclKind::Const,
            declare: false,
            decls: vec![VarDeclarator {
                span: DUMMY_SP,
                name: Pat::Ident(BindingIdent::from(Ident::new_no_ctxt(
                    "__dpf".into(),
                    DUMMY_SP,
                ))),
                init: None,
                definite: false,
            }],
        }));
        let assign = Expr::Assign(AssignExpr {
            span: DUMMY_SP,
            op: swc_ecma_ast::AssignOp::Assign,
            left: target,
            right: Box::new(ident("__dpf")),
        });
        prepend(body, expr_stmt(assign));
    }
}

//! The instrumenting transformation: scopes, decision and check markers, thunks, switches, branch points, try tokens.

use std::collections::{HashMap, HashSet};

use swc_common::{SyntaxContext, DUMMY_SP};
use swc_ecma_ast::{
    ArrowExpr, AssignTarget, BinaryOp, CallExpr, Callee, CatchClause, Constructor, DoWhileStmt,
    Expr, FnExpr, ForInStmt, ForOfStmt, ForStmt, Function, IfStmt, MemberProp, Module, ModuleItem,
    OptChainBase, OptChainExpr, Pat, Program, Script, SimpleAssignTarget, Stmt, SwitchCase,
    SwitchStmt, TaggedTpl, UnaryOp, VarDeclKind, VarDeclOrExpr, WhileStmt,
};
use swc_ecma_visit::{VisitMut, VisitMutWith};

use crate::ast::*;
use crate::find::Kind;
use crate::model::{Decision, PruneReason, Span};
use crate::parse::Parsed;
use crate::scope;
use crate::syntax::logical_op;

mod chain;
mod logging;
mod plain;
mod strip;
mod switch;
mod thunk_args;

pub use strip::strip_branch_points;

/// Instruments `program` in place; returns the names of the bindings it numbered, in number order
/// from `first_binding`.
pub fn instrument(
    program: &mut Program,
    parsed: &Parsed,
    decisions: &[Decision],
    first_decision: u32,
    first_binding: u32,
    record_pruned: bool,
) -> Vec<String> {
    let mut t = Transform {
        record_pruned,
        spans: plain::Spans::new(decisions),
        plain: false,
        parsed,
        index: crate::find::index(decisions),
        decisions,
        first_decision,
        next_binding: first_binding,
        bindings: HashMap::new(),
        scopes: Vec::new(),
        next_scope: 0,
        spec: false,
        in_leaf: 0,
        private_names: Vec::new(),
    };
    match program {
        Program::Script(s) => t.script(s),
        Program::Module(m) => t.module(m),
    }
    let mut names = vec![String::new(); (t.next_binding - first_binding) as usize];
    for ((_, name), b) in t.bindings {
        names[(b - first_binding) as usize] = name;
    }
    names
}

struct Scope {
    id: usize,
    names: HashSet<String>,
    function: bool,
    /// A function body's locals, for thunk arguments.
    locals: Option<Box<thunk_args::FnLocals>>,
    /// A function whose variables inner functions write: its body stamps its activation.
    activation: bool,
}

/// How a variable reference resolves.
enum Res {
    /// Declared in the innermost enclosing function (or its blocks).
    Local,
    /// Declared in an enclosing function or the top level: the binding's id.
    Outer(u32),
    /// Not declared anywhere in the file.
    Global,
}

struct Transform<'a> {
    parsed: &'a Parsed,
    index: HashMap<(Kind, Span), usize>,
    decisions: &'a [Decision],
    first_decision: u32,
    next_binding: u32,
    bindings: HashMap<(usize, String), u32>,
    scopes: Vec<Scope>,
    next_scope: usize,
    /// Inside a thunk's copy of a leaf: no decision markers, only branch points and logging.
    spec: bool,
    /// Lexically inside a check (leaf): reads are logged.
    in_leaf: u32,
    /// Private names of the enclosing classes, innermost last: name → whether it is a field.
    private_names: Vec<HashMap<String, bool>>,
    /// Statically pruned decisions get checks too (`--exact`), not only a count.
    record_pruned: bool,
    /// Where the decisions are: one with another inside gets no plain copy.
    spans: plain::Spans,
    /// Instrumenting a plain copy's checks: no read logging (it runs only while nothing is
    /// logged).
    plain: bool,
}

fn prologue() -> Stmt {
    var_decl(
        VarDeclKind::Var,
        vec![("__dpb", Some(dp("b"))), ("__dpo", None), ("__dpm", None)],
    )
}

/// `switch (__i) { case 0: return (S_0); … default: return (S_n-1); }`: a thunk's dispatch, flat
/// (a nested `?:` chain takes Boa quadratic time to parse in the number of leaves).
fn leaf_switch(mut copies: Vec<Expr>) -> Stmt {
    let ret = |e: Expr| {
        Stmt::Return(swc_ecma_ast::ReturnStmt {
            span: DUMMY_SP,
            arg: Some(Box::new(paren(e))),
        })
    };
    let last = copies.pop().unwrap_or_else(|| ident("undefined"));
    let mut cases: Vec<SwitchCase> = copies
        .into_iter()
        .enumerate()
        .map(|(i, c)| SwitchCase {
            span: DUMMY_SP,
            test: Some(Box::new(num(i as i64))),
            cons: vec![ret(c)],
        })
        .collect();
    cases.push(SwitchCase {
        span: DUMMY_SP,
        test: None,
        cons: vec![ret(last)],
    });
    Stmt::Switch(SwitchStmt {
        span: DUMMY_SP,
        body_ctxt: SyntaxContext::empty(),
        discriminant: Box::new(ident("__i")),
        cases,
    })
}

fn take(e: &mut Expr) -> Expr {
    std::mem::replace(e, Expr::Invalid(swc_ecma_ast::Invalid { span: DUMMY_SP }))
}

impl Transform<'_> {
    /// Whether a callee is the global `eval` (`eval`, `(0, eval)`, `globalThis.eval`).
    fn is_eval(&self, f: &Expr) -> bool {
        match f {
            Expr::Ident(i) => {
                &*i.sym == "eval" && !self.scopes.iter().any(|s| s.names.contains("eval"))
            }
            Expr::Paren(p) => self.is_eval(&p.expr),
            Expr::Seq(q) => q.exprs.last().is_some_and(|l| self.is_eval(l)),
            // `globalThis.eval(…)` and the like; a method named `eval` of any other object is not
            Expr::Member(m) => {
                matches!(&m.prop, MemberProp::Ident(i) if &*i.sym == "eval")
                    && matches!(&*m.obj, Expr::Ident(o)
                        if ["globalThis", "global", "window", "self"].contains(&&*o.sym))
            }
            _ => false,
        }
    }

    /// Whether private name `#name` resolves to a field (not a method or accessor).
    fn is_private_field(&self, name: &str) -> bool {
        self.private_names
            .iter()
            .rev()
            .find_map(|names| names.get(name).copied())
            .unwrap_or(false)
    }

    fn push_scope(&mut self, names: Vec<String>, function: bool) {
        self.next_scope += 1;
        self.scopes.push(Scope {
            id: self.next_scope,
            names: names.into_iter().collect(),
            function,
            locals: None,
            activation: false,
        });
    }

    fn pop_scope(&mut self) {
        self.scopes.pop();
    }

    /// The locals the speculation thunk of checks `leaves`, made at byte `at`, takes as
    /// arguments (see [`thunk_args`]).
    fn thunk_params(&self, leaves: &[Expr], at: u32) -> Vec<String> {
        let Some(s) = self.scopes.iter().rev().find(|s| s.function) else {
            return Vec::new();
        };
        let Some(locals) = &s.locals else {
            return Vec::new();
        };
        if leaves.iter().any(plain::defines_code) {
            return Vec::new();
        }
        thunk_args::mentioned(leaves)
            .into_iter()
            .filter(|n| self.is_local(n) && locals.passable(n, at))
            .collect()
    }

    /// Whether `name` is declared in the innermost function (no binding numbered).
    fn is_local(&self, name: &str) -> bool {
        for s in self.scopes.iter().rev() {
            if s.names.contains(name) {
                return true;
            }
            if s.function {
                return false;
            }
        }
        false
    }

    /// The scope id of the function whose activation holds `name`, when that is not the top
    /// level (whose variables live as long as the program); that function is marked to stamp
    /// its activation.
    fn activation_of(&mut self, name: &str) -> Option<usize> {
        let at = self.scopes.iter().rposition(|s| s.names.contains(name))?;
        let f = self.scopes[..=at].iter().rposition(|s| s.function)?;
        if f == 0 {
            return None;
        }
        self.scopes[f].activation = true;
        Some(self.scopes[f].id)
    }

    fn resolve(&mut self, name: &str) -> Res {
        let mut crossed = false;
        for s in self.scopes.iter().rev() {
            if s.names.contains(name) {
                if !crossed {
                    return Res::Local;
                }
                let key = (s.id, name.to_string());
                let next = &mut self.next_binding;
                let b = *self.bindings.entry(key).or_insert_with(|| {
                    *next += 1;
                    *next - 1
                });
                return Res::Outer(b);
            }
            if s.function {
                crossed = true;
            }
        }
        Res::Global
    }

    fn script(&mut self, s: &mut Script) {
        let mut names = Vec::new();
        scope::var_names(&s.body, &mut names);
        scope::lexical_names(&s.body, &mut names);
        self.push_scope(names, true);
        s.body.visit_mut_with(self);
        self.pop_scope();
        let at = directive_count(&s.body);
        s.body.insert(at, prologue());
    }

    fn module(&mut self, m: &mut Module) {
        let mut names = Vec::new();
        scope::module_names(&m.body, &mut names);
        self.push_scope(names, true);
        m.body.visit_mut_with(self);
        self.pop_scope();
        let at = module_directive_count(&m.body);
        m.body.insert(at, ModuleItem::Stmt(prologue()));
    }

    fn decision_number(&self, k: usize) -> i64 {
        (self.first_decision as usize + k) as i64
    }

    /// Whether decision `dec` is only counted (`dx`, a branch point per check): a check suspends
    /// (`await`, `yield`), or it is statically pruned and `--exact` does not ask for its checks.
    fn counted_only(&self, dec: &Decision) -> bool {
        let suspends = dec.pruned.iter().any(|r| {
            matches!(r, PruneReason::Unrepeatable { what, .. } if what == "await" || what == "yield")
        });
        suspends || (!dec.pruned.is_empty() && !self.record_pruned)
    }

    /// Instruments a `&&`/`||` tree whose root (parentheses stripped) is `e`.
    fn logical(&mut self, e: &mut Expr) {
        let found = if self.spec {
            None
        } else {
            let span = self.parsed.span_of(&*e);
            self.index.get(&(Kind::Logical, span)).copied()
        };
        let Some(k) = found else {
            self.undecided(e);
            return;
        };
        let d = self.decision_number(k);
        let dec = &self.decisions[k];
        if self.counted_only(dec) {
            self.leaves(e, &mut 0, &mut |t, leaf, _| {
                t.leaf_body(leaf);
                *leaf = seq(vec![branch(), take(leaf)]);
            });
            *e = seq(vec![dp_call("dx", vec![num(d)]), take(e)]);
            return;
        }
        // a decision inside a plain copy is recorded in full when it is recorded
        let outer_plain = std::mem::replace(&mut self.plain, false);
        self.kept_logical(e, k);
        self.plain = outer_plain;
    }

    /// [`Self::logical`] for a decision that is recorded, not only counted.
    fn kept_logical(&mut self, e: &mut Expr, k: usize) {
        let d = self.decision_number(k);
        let dec = &self.decisions[k];
        let with_thunk = dec.pruned.is_empty();
        let mut copies = Vec::new();
        if with_thunk {
            self.collect_leaves(e, &mut copies);
        }
        let args = self.thunk_params(&copies, dec.span.lo);
        let copyable = self.spans.shallow(dec.span, k) && !plain::defines_code(e);
        let mut plain = (with_thunk && copyable).then(|| e.clone());
        if let Some(p) = plain.as_mut() {
            self.plain = true;
            self.leaves(p, &mut 0, &mut |t, leaf, _| {
                t.leaf_body(leaf);
                *leaf = seq(vec![branch(), take(leaf)]);
            });
            self.plain = false;
        }
        self.leaves(e, &mut 0, &mut |t, leaf, i| {
            t.leaf_body(leaf);
            let v = take(leaf);
            *leaf = seq(vec![
                dp_call("cs", vec![num(d), num(i as i64)]),
                dp_call("ce", vec![num(d), num(i as i64), v]),
            ]);
        });
        let real = take(e);
        let end = if with_thunk {
            let saved = self.spec;
            self.spec = true;
            for c in &mut copies {
                self.leaf_body(c);
            }
            self.spec = saved;
            let thunk = bin(
                BinaryOp::LogicalAnd,
                dp_call("k", vec![num(d)]),
                arrow_block(&thunk_args::params(&args, "__i"), vec![leaf_switch(copies)]),
            );
            let mut call = vec![num(d), real, thunk];
            call.extend(args.iter().map(|a| ident(a)));
            dp_call("de", call)
        } else {
            dp_call("de", vec![num(d), real])
        };
        *e = match plain {
            Some(p) => cond(dp_call("dr", vec![num(d)]), end, p),
            None => seq(vec![dp_call("ds", vec![num(d)]), end]),
        };
    }

    /// A chain that is not a decision (in speculation, or partly lowered text such as JSX): a
    /// branch point per leaf, and a sub-chain that is a decision of its own instrumented as one
    /// (`a && b && <i/>` holds the decision `a && b`).
    fn undecided(&mut self, e: &mut Expr) {
        match e {
            Expr::Paren(p) => self.undecided(&mut p.expr),
            Expr::Bin(b) if matches!(b.op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr) => {
                for side in [&mut b.left, &mut b.right] {
                    let mut inner: &mut Expr = side;
                    while let Expr::Paren(p) = inner {
                        inner = &mut p.expr;
                    }
                    let decision = !self.spec
                        && logical_op(inner).is_some()
                        && self
                            .index
                            .contains_key(&(Kind::Logical, self.parsed.span_of(&*inner)));
                    match decision {
                        true => self.logical(inner),
                        false => self.undecided(inner),
                    }
                }
            }
            _ => {
                self.leaf_body(e);
                *e = seq(vec![branch(), take(e)]);
            }
        }
    }

    /// Instruments the inside of one leaf (as a check: reads are logged).
    fn leaf_body(&mut self, leaf: &mut Expr) {
        self.in_leaf += 1;
        self.visit_mut_expr(leaf);
        self.in_leaf -= 1;
    }

    fn collect_leaves(&self, e: &Expr, out: &mut Vec<Expr>) {
        match e {
            Expr::Paren(p) => self.collect_leaves(&p.expr, out),
            _ => match logical_op(e) {
                Some((_, b)) => {
                    self.collect_leaves(&b.left, out);
                    self.collect_leaves(&b.right, out);
                }
                None => out.push(e.clone()),
            },
        }
    }

    fn leaves(
        &mut self,
        e: &mut Expr,
        next: &mut usize,
        f: &mut dyn FnMut(&mut Self, &mut Expr, usize),
    ) {
        match e {
            Expr::Paren(p) => self.leaves(&mut p.expr, next, f),
            Expr::Bin(b) if matches!(b.op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr) => {
                self.leaves(&mut b.left, next, f);
                self.leaves(&mut b.right, next, f);
            }
            _ => {
                *next += 1;
                f(self, e, *next - 1);
            }
        }
    }

    fn function_like(
        &mut self,
        params: Vec<String>,
        body: Option<&mut swc_ecma_ast::FunctionBody>,
        (arguments, is_async): (bool, bool),
        visit_params: &mut dyn FnMut(&mut Self),
    ) {
        let param_names = params.clone();
        let mut names = params;
        if arguments {
            names.push("arguments".into());
        }
        if let Some(b) = &body {
            scope::var_names(&b.stmts, &mut names);
            scope::lexical_names(&b.stmts, &mut names);
        }
        self.push_scope(names, true);
        if let (Some(b), Some(s)) = (&body, self.scopes.last_mut()) {
            s.locals = Some(Box::new(thunk_args::FnLocals::of(
                param_names,
                b,
                self.parsed,
            )));
        }
        let saved_leaf = std::mem::take(&mut self.in_leaf);
        visit_params(self);
        if let Some(b) = body {
            b.stmts.visit_mut_with(self);
            let at = directive_count(&b.stmts);
            b.stmts.insert(at, branch_stmt());
            if is_async {
                b.stmts
                    .insert(at + 1, crate::ast::expr_stmt(crate::ast::async_entry()));
            }
            if let Some(s) = self.scopes.last().filter(|s| s.activation) {
                b.stmts.insert(at, logging::activation_stmt(s.id));
            }
        }
        self.in_leaf = saved_leaf;
        self.pop_scope();
    }
}

impl VisitMut for Transform<'_> {
    fn visit_mut_expr(&mut self, e: &mut Expr) {
        match e {
            Expr::Paren(p) => p.expr.visit_mut_with(self),
            Expr::Bin(b) if matches!(b.op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr) => {
                self.logical(e)
            }
            Expr::Bin(b) if b.op == BinaryOp::NullishCoalescing => {
                b.visit_mut_children_with(self);
                let l = take(&mut b.left);
                *b.left = seq(vec![branch(), l]);
                let r = take(&mut b.right);
                *b.right = seq(vec![branch(), r]);
            }
            Expr::Cond(c) => {
                if self.conditional(c) {
                    return;
                }
                c.visit_mut_children_with(self);
                let cons = take(&mut c.cons);
                *c.cons = seq(vec![branch(), cons]);
                let alt = take(&mut c.alt);
                *c.alt = seq(vec![branch(), alt]);
            }
            Expr::Assign(a) => {
                a.right.visit_mut_with(self);
                match &mut a.left {
                    AssignTarget::Simple(SimpleAssignTarget::Member(m)) => {
                        m.visit_mut_children_with(self)
                    }
                    AssignTarget::Pat(p) => p.visit_mut_children_with(self),
                    _ => {}
                }
                if let Some(log) = self.target_log(&mut a.left) {
                    let v = take(e);
                    *e = seq(vec![gated(log), v]);
                }
            }
            Expr::Update(u) => {
                match &mut *u.arg {
                    Expr::Member(m) => m.visit_mut_children_with(self),
                    Expr::Paren(p) => {
                        if let Expr::Member(m) = &mut *p.expr {
                            m.visit_mut_children_with(self)
                        }
                    }
                    _ => {}
                }
                if let Some(log) = self.expr_target_log(&mut u.arg) {
                    let v = take(e);
                    *e = seq(vec![gated(log), v]);
                }
            }
            // `+x` in a check parses strings: `__dp.n(x)` charges that under the native-cost model
            Expr::Unary(u) if u.op == UnaryOp::Plus && self.in_leaf > 0 => {
                u.arg.visit_mut_with(self);
                let arg = take(&mut u.arg);
                *e = dp_call("n", vec![arg]);
            }
            Expr::Unary(u) if u.op == UnaryOp::Delete => match &mut *u.arg {
                Expr::Member(m) => {
                    m.visit_mut_children_with(self);
                    if let Some(log) = self.member_delete_log(m) {
                        let v = take(e);
                        *e = seq(vec![gated(log), v]);
                    }
                }
                // `delete x` must keep its operand a reference: no read logging around it.
                Expr::Ident(_) => {}
                other => other.visit_mut_with(self),
            },
            Expr::Ident(_) => {
                if self.in_leaf > 0 {
                    self.read_log(e);
                }
            }
            Expr::Array(_) | Expr::Object(_) | Expr::New(_) => {
                e.visit_mut_children_with(self);
                self.made_log(e);
            }
            Expr::Member(m) => {
                m.visit_mut_children_with(self);
                if self.in_leaf > 0 {
                    self.read_log(e);
                }
            }
            _ => e.visit_mut_children_with(self),
        }
    }

    fn visit_mut_class(&mut self, c: &mut swc_ecma_ast::Class) {
        use swc_ecma_ast::ClassMember;
        let names = c
            .body
            .iter()
            .filter_map(|m| match m {
                ClassMember::PrivateProp(p) => Some((p.key.name.to_string(), true)),
                ClassMember::PrivateMethod(p) => Some((p.key.name.to_string(), false)),
                _ => None,
            })
            .collect();
        self.private_names.push(names);
        c.visit_mut_children_with(self);
        self.private_names.pop();
    }

    fn visit_mut_call_expr(&mut self, c: &mut CallExpr) {
        if let Callee::Expr(callee) = &mut c.callee {
            self.visit_callee_member(callee);
        }
        c.args.visit_mut_with(self);
        let evals = matches!(&c.callee, Callee::Expr(f) if self.is_eval(f));
        if let Some(first) = c.args.first_mut().filter(|a| evals && a.spread.is_none()) {
            // the code eval runs is not instrumented: while a check or a speculation runs, calling
            // it is an effect (the argument, evaluated before the call, says so; a direct call
            // stays direct)
            let code = take(&mut first.expr);
            *first.expr = seq(vec![
                gated(dp_call("ev", vec![string("runs code through eval")])),
                code,
            ]);
        }
    }

    fn visit_mut_tagged_tpl(&mut self, t: &mut TaggedTpl) {
        self.visit_callee_member(&mut t.tag);
        t.tpl.visit_mut_with(self);
    }

    fn visit_mut_opt_chain_expr(&mut self, o: &mut OptChainExpr) {
        match &mut *o.base {
            OptChainBase::Member(m) => m.visit_mut_children_with(self),
            OptChainBase::Call(c) => {
                self.visit_callee_member(&mut c.callee);
                c.args.visit_mut_with(self);
            }
        }
    }

    fn visit_mut_pat(&mut self, p: &mut Pat) {
        match p {
            Pat::Expr(e) => self.visit_callee_member(e),
            _ => p.visit_mut_children_with(self),
        }
    }

    fn visit_mut_function(&mut self, f: &mut Function) {
        let params = scope::param_names(f.params.iter().map(|p| &p.pat));
        let mut ps = std::mem::take(&mut f.params);
        let mut body = f.body.take();
        let is_async = f.is_async && !f.is_generator;
        self.function_like(params, body.as_mut(), (true, is_async), &mut |t| {
            ps.visit_mut_with(t)
        });
        f.params = ps;
        f.body = body;
    }

    fn visit_mut_fn_expr(&mut self, f: &mut FnExpr) {
        let names = f.ident.iter().map(|i| i.sym.to_string()).collect();
        self.push_scope(names, false);
        f.function.visit_mut_with(self);
        self.pop_scope();
    }

    fn visit_mut_constructor(&mut self, c: &mut Constructor) {
        let params = scope::param_names(scope::ctor_pats(&c.params));
        let mut ps = std::mem::take(&mut c.params);
        let mut body = c.body.take();
        self.function_like(params, body.as_mut(), (true, false), &mut |t| {
            ps.visit_mut_with(t)
        });
        c.params = ps;
        c.body = body;
    }

    fn visit_mut_arrow_expr(&mut self, a: &mut ArrowExpr) {
        let params = scope::param_names(&a.params);
        let mut ps = std::mem::take(&mut a.params);
        match &mut *a.body {
            swc_ecma_ast::ArrowFunctionBody::FunctionBody(b) => {
                let is_async = a.is_async;
                self.function_like(params, Some(b), (false, is_async), &mut |t| {
                    ps.visit_mut_with(t)
                });
            }
            swc_ecma_ast::ArrowFunctionBody::Expr(e) => {
                self.push_scope(params, true);
                let saved_leaf = std::mem::take(&mut self.in_leaf);
                ps.visit_mut_with(self);
                e.visit_mut_with(self);
                let v = take(e);
                **e = if a.is_async {
                    seq(vec![branch(), crate::ast::async_entry(), v])
                } else {
                    seq(vec![branch(), v])
                };
                self.in_leaf = saved_leaf;
                self.pop_scope();
            }
        }
        a.params = ps;
    }

    fn visit_mut_stmts(&mut self, stmts: &mut Vec<Stmt>) {
        self.statements(stmts);
    }

    fn visit_mut_module_items(&mut self, items: &mut Vec<ModuleItem>) {
        self.module_items(items);
    }

    fn visit_mut_block_stmt(&mut self, b: &mut swc_ecma_ast::BlockStmt) {
        let mut names = Vec::new();
        scope::lexical_names(&b.stmts, &mut names);
        self.push_scope(names, false);
        b.stmts.visit_mut_with(self);
        self.pop_scope();
    }

    fn visit_mut_catch_clause(&mut self, c: &mut CatchClause) {
        let mut names = Vec::new();
        if let Some(p) = &c.param {
            scope::pat_names(p, &mut names);
        }
        self.push_scope(names, false);
        c.visit_mut_children_with(self);
        self.pop_scope();
    }

    fn visit_mut_if_stmt(&mut self, s: &mut IfStmt) {
        if self.ladder(s) {
            return;
        }
        s.visit_mut_children_with(self);
        prepend(&mut s.cons, branch_stmt());
        if let Some(alt) = &mut s.alt {
            prepend(alt, branch_stmt());
        }
    }

    fn visit_mut_while_stmt(&mut self, s: &mut WhileStmt) {
        s.visit_mut_children_with(self);
        prepend(&mut s.body, branch_stmt());
    }

    fn visit_mut_do_while_stmt(&mut self, s: &mut DoWhileStmt) {
        s.visit_mut_children_with(self);
        prepend(&mut s.body, branch_stmt());
    }

    fn visit_mut_for_stmt(&mut self, s: &mut ForStmt) {
        let names = match &s.init {
            Some(VarDeclOrExpr::VarDecl(v)) => scope::let_names(v),
            _ => Vec::new(),
        };
        self.push_scope(names, false);
        s.visit_mut_children_with(self);
        self.pop_scope();
        prepend(&mut s.body, branch_stmt());
    }

    fn visit_mut_for_in_stmt(&mut self, s: &mut ForInStmt) {
        self.logged_loop_head(&mut s.left, &mut s.body);
        self.push_scope(scope::head_let_names(&s.left), false);
        s.visit_mut_children_with(self);
        self.pop_scope();
        prepend(&mut s.body, branch_stmt());
    }

    fn visit_mut_for_of_stmt(&mut self, s: &mut ForOfStmt) {
        self.logged_loop_head(&mut s.left, &mut s.body);
        self.push_scope(scope::head_let_names(&s.left), false);
        s.visit_mut_children_with(self);
        self.pop_scope();
        prepend(&mut s.body, branch_stmt());
    }

    fn visit_mut_switch_stmt(&mut self, s: &mut SwitchStmt) {
        let found = if self.spec {
            None
        } else {
            let span = self.parsed.span_of(&*s);
            self.index.get(&(Kind::Switch, span)).copied()
        };
        let mut names = Vec::new();
        for c in &s.cases {
            scope::lexical_names(&c.cons, &mut names);
        }
        self.push_scope(names, false);
        s.visit_mut_children_with(self);
        self.pop_scope();
        match found {
            Some(k) => switch::decision(s, self.decision_number(k)),
            None => switch::undecided(s),
        }
    }

    fn visit_mut_stmt(&mut self, s: &mut Stmt) {
        s.visit_mut_children_with(self);
        if let Stmt::Try(t) = s {
            if t.handler.is_none() && t.finalizer.is_none() {
                return;
            }
            // `u(token, 1)` in a `catch` also charges the exception caught (native-cost model)
            let unwind = |caught: bool| {
                let mut args = vec![ident("__dpt")];
                if caught {
                    args.push(num(1));
                }
                expr_stmt(dp_call("u", args))
            };
            if let Some(h) = &mut t.handler {
                h.body.stmts.insert(0, unwind(true));
            }
            if let Some(f) = &mut t.finalizer {
                f.stmts.insert(0, unwind(false));
            }
            let token = var_decl(
                VarDeclKind::Const,
                vec![("__dpt", Some(dp_call("dt", Vec::new())))],
            );
            let try_stmt =
                std::mem::replace(s, Stmt::Empty(swc_ecma_ast::EmptyStmt { span: DUMMY_SP }));
            *s = block(vec![token, try_stmt]);
        }
    }
}

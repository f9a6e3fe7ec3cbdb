//! Object-flow instrumentation for `js-flow`: allocation sites, the uses of their objects and the
//! call sites that give them a context, as calls of the flow runtime (`__dp` in flow mode).
//!
//! Every instrumented point gets a number (`first_point` on) and a [`FlowPoint`] saying where it
//! is and what it is; the runtime reports its counters by these numbers.

mod calls;
mod scopes;

use swc_common::DUMMY_SP;
use swc_ecma_ast::{
    ArrowExpr, AssignTarget, BinaryOp, BlockStmt, Constructor, Decl, Expr, ExprOrSpread, FnExpr,
    ForInStmt, ForOfStmt, ForStmt, Function, Lit, MemberExpr, MemberProp, Module, ModuleDecl,
    ModuleItem, Pat, Program, Prop, PropName, ReturnStmt, Script, SimpleAssignTarget, Stmt,
    ThrowStmt, UnaryOp, VarDeclKind, VarDeclOrExpr, VarDeclarator,
};
use swc_ecma_visit::{VisitMut, VisitMutWith};

use crate::ast::*;
use crate::parse::Parsed;
use crate::scope;
use scopes::{Place, Scopes};

/// What an instrumented point is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PointKind {
    /// An allocation site: objects are created here.
    Alloc {
        /// The allocated type as reports show it (`Object`, `Array`, `closure`, `new Foo`,
        /// `Array (.map)`).
        ty: String,
        /// Estimated bytes of one object known from the source (0: measured at run time).
        bytes: u32,
    },
    /// A call: objects passed here may go to code that is not instrumented.
    Call {
        /// The callee as written (shortened).
        callee: String,
    },
    /// Any other use of an object: a property read or write, a comparison, a store, a return.
    Use,
}

/// One instrumented point.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlowPoint {
    /// Its number.
    pub id: u32,
    /// 1-based line in the original text.
    pub line: u32,
    /// 1-based column.
    pub col: u32,
    /// What it is.
    pub kind: PointKind,
    /// The function it is in (`<top level>`, `<anonymous>`).
    pub func: String,
}

/// A file instrumented for object flow.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlowInstrumented {
    /// The instrumented program.
    pub code: String,
    /// Its points, in number order from `first_point`.
    pub points: Vec<FlowPoint>,
    /// First point number free for the next file.
    pub next_point: u32,
}

/// Instruments a parsed program for object flow; returns its points.
pub(crate) fn instrument(
    program: &mut Program,
    parsed: &Parsed,
    source: &str,
    first_point: u32,
) -> Vec<FlowPoint> {
    let mut t = Flow {
        parsed,
        source,
        next: first_point,
        points: Vec::new(),
        scopes: Scopes::default(),
        depth: 0,
        funcs: vec!["<top level>".into()],
        next_name: None,
        next_rest: None,
    };
    match program {
        Program::Script(s) => t.script(s),
        Program::Module(m) => t.module(m),
    }
    t.points
}

/// Longest callee or type text kept for a point.
const TEXT_LIMIT: usize = 40;

struct Flow<'a> {
    parsed: &'a Parsed,
    source: &'a str,
    next: u32,
    points: Vec<FlowPoint>,
    scopes: Scopes,
    /// Functions entered: closures are allocation sites only inside functions.
    depth: u32,
    /// Names of the enclosing functions, innermost last.
    funcs: Vec<String>,
    /// The name of the function about to be entered, where the syntax gives it.
    next_name: Option<String>,
    /// The rest parameter (`...args`) of the function about to be entered: an array it allocates.
    next_rest: Option<(String, swc_common::BytePos)>,
}

/// The rest parameter bound to a plain name, if any.
fn rest_param<'p>(
    params: impl IntoIterator<Item = &'p Pat>,
) -> Option<(String, swc_common::BytePos)> {
    params.into_iter().find_map(|p| match p {
        Pat::Rest(r) => match &*r.arg {
            Pat::Ident(b) => Some((b.id.sym.to_string(), r.span.lo)),
            _ => None,
        },
        _ => None,
    })
}

/// `var __dpx = 0, __dpo;`: the top level's context and the scratch receiver of method calls.
fn prologue() -> Stmt {
    var_decl(
        VarDeclKind::Var,
        vec![("__dpx", Some(num(0))), ("__dpo", None)],
    )
}

/// `const __dpx = __dp.en();`: a function's context (the call site that called it).
fn entry() -> Stmt {
    var_decl(
        VarDeclKind::Const,
        vec![("__dpx", Some(dp_call("en", Vec::new())))],
    )
}

fn take(e: &mut Expr) -> Expr {
    std::mem::replace(e, Expr::Invalid(swc_ecma_ast::Invalid { span: DUMMY_SP }))
}

/// Literals and `undefined`: values that are never objects.
fn never_object(e: &Expr) -> bool {
    match e {
        Expr::Lit(Lit::Regex(_)) => false,
        Expr::Lit(_) | Expr::Tpl(_) => true,
        Expr::Ident(i) => &*i.sym == "undefined",
        Expr::Unary(u) => !matches!(u.op, UnaryOp::Delete),
        Expr::Paren(p) => never_object(&p.expr),
        _ => false,
    }
}

/// An object or array pattern: destructuring reads the value's properties or elements.
fn is_destructuring(p: &Pat) -> bool {
    matches!(p, Pat::Object(_) | Pat::Array(_))
}

/// An anonymous function, arrow or class expression (its name comes from where it stands).
fn is_anonymous_fn(e: &Expr) -> bool {
    match e {
        Expr::Arrow(_) => true,
        Expr::Fn(f) => f.ident.is_none(),
        Expr::Class(c) => c.ident.is_none(),
        _ => false,
    }
}

impl Flow<'_> {
    fn point(&mut self, lo: swc_common::BytePos, kind: PointKind) -> u32 {
        let at = self.parsed.span(swc_common::Span::new(lo, lo)).lo as usize;
        let (line, col) = self.parsed.lines.line_col(self.source, at);
        let id = self.next;
        self.next += 1;
        let func = self.funcs.last().cloned().unwrap_or_default();
        self.points.push(FlowPoint {
            id,
            line,
            col,
            kind,
            func,
        });
        id
    }

    fn use_point(&mut self, lo: swc_common::BytePos) -> Expr {
        num(self.point(lo, PointKind::Use) as i64)
    }

    /// The source text of a node, shortened, on one line.
    fn text(&self, sp: swc_common::Span) -> String {
        let s = self.parsed.span(sp);
        let t = self
            .source
            .get(s.lo as usize..s.hi as usize)
            .unwrap_or("?")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        match t.char_indices().nth(TEXT_LIMIT) {
            Some((i, _)) => format!("{}…", &t[..i]),
            None => t,
        }
    }

    fn script(&mut self, s: &mut Script) {
        let mut names = Vec::new();
        scope::var_names(&s.body, &mut names);
        scope::lexical_names(&s.body, &mut names);
        self.scopes.push(names, true);
        self.scopes.fix(scopes::fixed_names(&s.body));
        s.body.visit_mut_with(self);
        self.scopes.pop();
        let at = directive_count(&s.body);
        s.body.insert(at, prologue());
    }

    fn module(&mut self, m: &mut Module) {
        let mut names = Vec::new();
        scope::module_names(&m.body, &mut names);
        self.scopes.push(names, true);
        self.scopes.fix(scopes::module_fixed_names(&m.body));
        m.body.visit_mut_with(self);
        self.scopes.pop();
        let at = module_directive_count(&m.body);
        m.body.insert(at, ModuleItem::Stmt(prologue()));
    }

    /// `__dp.<f>(point, e)` for a value that may be an object.
    fn wrap(&mut self, f: &str, e: &mut Expr, lo: swc_common::BytePos) {
        if never_object(e) {
            return;
        }
        let p = self.use_point(lo);
        let v = take(e);
        *e = dp_call(f, vec![p, v]);
    }

    /// Registers the allocation of an object or array literal or a closure at `e`.
    fn alloc(&mut self, e: &mut Expr, ty: &str, bytes: u32, name: Option<&str>) {
        let lo = swc_common::Spanned::span(&*e).lo;
        let p = self.point(
            lo,
            PointKind::Alloc {
                ty: ty.into(),
                bytes,
            },
        );
        let v = take(e);
        let mut args = vec![num(p as i64), ident("__dpx"), v];
        if let Some(n) = name {
            args.push(string(n));
        }
        *e = dp_call("a", args);
    }

    /// A function, arrow or class expression standing where it gets `name`: closures made inside
    /// functions become allocation sites, classes are registered as instrumented code.
    fn fn_value(&mut self, e: &mut Expr, name: Option<&str>) {
        let name = if is_anonymous_fn(e) { name } else { None };
        match e {
            Expr::Class(_) => {
                let v = take(e);
                let mut args = vec![v];
                if let Some(n) = name {
                    args.push(string(n));
                }
                *e = dp_call("fc", args);
            }
            Expr::Fn(_) | Expr::Arrow(_) if self.depth > 0 => {
                self.alloc(e, "closure", 0, Some(name.unwrap_or("")))
            }
            _ => {}
        }
    }

    /// Visits a value, then makes it an allocation site if it is a closure (named `name`).
    fn visit_value(&mut self, e: &mut Expr, name: Option<&str>) {
        if matches!(e, Expr::Fn(_) | Expr::Arrow(_)) {
            self.next_name = name.map(str::to_string);
        }
        e.visit_mut_with(self);
        let bare = match e {
            Expr::Paren(p) => &mut *p.expr,
            other => other,
        };
        self.fn_value(bare, name);
    }

    fn function_like(
        &mut self,
        mut names: Vec<String>,
        body: Option<&mut Vec<Stmt>>,
        visit_params: &mut dyn FnMut(&mut Self),
    ) {
        names.push("arguments".into());
        if let Some(b) = &body {
            scope::var_names(b.iter(), &mut names);
            scope::lexical_names(b.iter(), &mut names);
        }
        self.scopes.push(names, true);
        if let Some(b) = &body {
            self.scopes.fix(scopes::fixed_names(b.iter()));
        }
        self.depth += 1;
        let name = self.next_name.take();
        self.funcs
            .push(name.unwrap_or_else(|| "<anonymous>".into()));
        let rest = self.next_rest.take();
        visit_params(self);
        if let Some(b) = body {
            b.visit_mut_with(self);
            let at = directive_count(b);
            b.insert(at, entry());
            if let Some((name, lo)) = rest {
                let ty = "Array (rest parameter)";
                let p = self.point(
                    lo,
                    PointKind::Alloc {
                        ty: ty.into(),
                        bytes: 0,
                    },
                );
                let tag = dp_call("a", vec![num(p as i64), ident("__dpx"), ident(&name)]);
                b.insert(at + 1, expr_stmt(tag));
            }
        }
        self.funcs.pop();
        self.depth -= 1;
        self.scopes.pop();
    }

    /// A member expression read as a value: `__dp.g(p, o, key)` (a use of `o`; a heap read of
    /// the value if it is a tracked object).
    fn member_read(&mut self, e: &mut Expr) {
        let Expr::Member(m) = e else { return };
        m.obj.visit_mut_with(self);
        let lo = m.span.lo;
        let key = match &mut m.prop {
            MemberProp::Ident(i) => string(&i.sym),
            MemberProp::Computed(c) => {
                c.expr.visit_mut_with(self);
                take(&mut c.expr)
            }
            MemberProp::PrivateName(_) => {
                // `o.#x`: a use of `o`, and the value is read out of it
                self.wrap("u", &mut m.obj, lo);
                return self.wrap("hr", e, lo);
            }
        };
        let p = self.use_point(lo);
        let obj = take(&mut m.obj);
        *e = dp_call("g", vec![p, obj, key]);
    }

    /// The object of a member that is written, deleted or updated: visited, then `__dp.u(p, o)`.
    fn member_target(&mut self, m: &mut MemberExpr) {
        m.obj.visit_mut_with(self);
        if let MemberProp::Computed(c) = &mut m.prop {
            c.expr.visit_mut_with(self);
        }
        let lo = m.span.lo;
        self.wrap("u", &mut m.obj, lo);
    }

    /// A value handed to the module's importers, whose uses are not seen: `__dp.x(p, v)`.
    fn exported(&mut self, e: &mut Expr, lo: swc_common::BytePos) {
        if never_object(e) {
            return;
        }
        let callee = "the module's importers".to_string();
        let p = self.point(lo, PointKind::Call { callee });
        let v = take(e);
        *e = dp_call("x", vec![num(p as i64), v]);
    }

    /// `module.exports`, `exports.x`, `module.exports.x`: an assignment that exports its value.
    fn is_export_target(&self, m: &MemberExpr) -> bool {
        let free = |e: &Expr, name: &str| {
            matches!(e, Expr::Ident(i) if &*i.sym == name)
                && matches!(self.scopes.place(name), Place::Global)
        };
        let module_exports = |e: &Expr| match e {
            Expr::Member(m) => {
                free(&m.obj, "module")
                    && matches!(&m.prop, MemberProp::Ident(p) if &*p.sym == "exports")
            }
            _ => false,
        };
        module_exports(&Expr::Member(m.clone()))
            || free(&m.obj, "exports")
            || module_exports(&m.obj)
    }

    fn assign(&mut self, e: &mut Expr) {
        let Expr::Assign(a) = e else { return };
        let plain = a.op == swc_ecma_ast::AssignOp::Assign;
        let exports = match &a.left {
            AssignTarget::Simple(SimpleAssignTarget::Member(m)) => self.is_export_target(m),
            _ => false,
        };
        let name = match &a.left {
            AssignTarget::Simple(SimpleAssignTarget::Ident(i)) => Some(i.id.sym.to_string()),
            _ => None,
        };
        match &mut a.left {
            AssignTarget::Simple(SimpleAssignTarget::Member(m)) => self.member_target(m),
            AssignTarget::Pat(p) => p.visit_mut_children_with(self),
            _ => {}
        }
        self.visit_value(&mut a.right, if plain { name.as_deref() } else { None });
        let lo = a.span.lo;
        let stored = match (&a.left, &name) {
            (AssignTarget::Simple(SimpleAssignTarget::Member(_)), _) => true,
            (_, Some(n)) => !matches!(self.scopes.place(n), Place::Local),
            _ => false,
        };
        if plain && matches!(a.left, AssignTarget::Pat(_)) {
            // destructuring reads the value's properties
            self.wrap("u", &mut a.right, lo);
        }
        if plain && exports {
            self.exported(&mut a.right, lo);
        } else if plain && stored {
            self.wrap("hw", &mut a.right, lo);
        }
    }

    /// `a === b` and the other equalities become one runtime call that uses both operands and
    /// compares them (`__dp.se(p, a, b)`); `instanceof` and `in` use their object operand.
    fn comparison(&mut self, e: &mut Expr) {
        let Expr::Bin(b) = e else { return };
        b.visit_mut_children_with(self);
        let lo = b.span.lo;
        let f = match b.op {
            BinaryOp::InstanceOf => return self.wrap("u", &mut b.left, lo),
            BinaryOp::In => return self.wrap("u", &mut b.right, lo),
            BinaryOp::EqEqEq => "se",
            BinaryOp::NotEqEq => "sn",
            BinaryOp::EqEq => "le",
            _ => "ln",
        };
        // against a literal (`o === null`, `k === 'x'`) the comparison only tests what the value
        // is, it does not need the object
        if never_object(&b.left) || never_object(&b.right) {
            return;
        }
        let p = self.use_point(lo);
        let (l, r) = (take(&mut b.left), take(&mut b.right));
        *e = dp_call(f, vec![p, l, r]);
    }

    fn outer_read(&mut self, e: &mut Expr) {
        let Expr::Ident(i) = e else { return };
        if matches!(self.scopes.place(&i.sym), Place::Outer) {
            let lo = i.span.lo;
            self.wrap("hr", e, lo);
        }
    }
}

impl VisitMut for Flow<'_> {
    fn visit_mut_expr(&mut self, e: &mut Expr) {
        match e {
            Expr::Object(o) => {
                o.visit_mut_children_with(self);
                let props = o.props.len() as u32;
                self.alloc(e, "Object", 12 + 4 * props.max(1), None);
            }
            Expr::Array(a) => {
                a.visit_mut_children_with(self);
                self.alloc(e, "Array", 0, None);
            }
            Expr::New(_) => self.new_expr(e),
            Expr::Call(_) => self.call(e),
            Expr::Member(_) => self.member_read(e),
            Expr::Assign(_) => self.assign(e),
            Expr::Update(u) => match &mut *u.arg {
                Expr::Member(m) => self.member_target(m),
                Expr::Ident(_) => {}
                other => other.visit_mut_with(self),
            },
            Expr::Unary(u) if matches!(u.op, UnaryOp::Delete | UnaryOp::TypeOf) => {
                match &mut *u.arg {
                    Expr::Member(m) if u.op == UnaryOp::Delete => self.member_target(m),
                    Expr::Ident(_) => {}
                    other => other.visit_mut_with(self),
                }
            }
            Expr::Bin(b)
                if matches!(
                    b.op,
                    BinaryOp::EqEq
                        | BinaryOp::NotEq
                        | BinaryOp::EqEqEq
                        | BinaryOp::NotEqEq
                        | BinaryOp::InstanceOf
                        | BinaryOp::In
                ) =>
            {
                self.comparison(e)
            }
            Expr::Ident(_) => self.outer_read(e),
            Expr::Yield(y) if !y.delegate => {
                y.visit_mut_children_with(self);
                // what a generator yields goes to whoever iterates it, maybe a test
                if let Some(arg) = &mut y.arg {
                    if !never_object(arg) {
                        let callee = "the consumer of the generator".to_string();
                        let p = self.point(y.span.lo, PointKind::Call { callee });
                        let v = take(arg);
                        **arg = dp_call("x", vec![num(p as i64), v]);
                    }
                }
            }
            Expr::OptChain(_) => self.opt_chain(e),
            Expr::TaggedTpl(t) => {
                if let Expr::Member(m) = &mut *t.tag {
                    m.obj.visit_mut_with(self);
                } else {
                    t.tag.visit_mut_with(self);
                }
                t.tpl.visit_mut_with(self);
            }
            _ => e.visit_mut_children_with(self),
        }
    }

    fn visit_mut_expr_or_spread(&mut self, a: &mut ExprOrSpread) {
        self.visit_value(&mut a.expr, None);
        if let Some(sp) = a.spread {
            self.wrap("u", &mut a.expr, sp.lo);
        }
    }

    fn visit_mut_spread_element(&mut self, s: &mut swc_ecma_ast::SpreadElement) {
        s.expr.visit_mut_with(self);
        let lo = s.dot3_token.lo;
        self.wrap("u", &mut s.expr, lo);
    }

    fn visit_mut_prop(&mut self, p: &mut Prop) {
        match p {
            Prop::KeyValue(kv) => {
                kv.key.visit_mut_with(self);
                let name = match &kv.key {
                    PropName::Ident(i) => Some(i.sym.to_string()),
                    PropName::Str(s) => Some(s.value.to_string_lossy().into_owned()),
                    _ => None,
                };
                self.visit_value(&mut kv.value, name.as_deref());
            }
            Prop::Shorthand(i) => {
                let mut e = Expr::Ident(i.clone());
                self.outer_read(&mut e);
                if !matches!(e, Expr::Ident(_)) {
                    *p = Prop::KeyValue(swc_ecma_ast::KeyValueProp {
                        key: PropName::Ident(swc_ecma_ast::IdentName::new(i.sym.clone(), i.span)),
                        value: Box::new(e),
                    });
                }
            }
            _ => p.visit_mut_children_with(self),
        }
    }

    fn visit_mut_var_declarator(&mut self, d: &mut VarDeclarator) {
        d.name.visit_mut_with(self);
        let name = match &d.name {
            Pat::Ident(b) => Some(b.id.sym.to_string()),
            _ => None,
        };
        if let Some(init) = &mut d.init {
            self.visit_value(init, name.as_deref());
            if is_destructuring(&d.name) {
                let lo = d.span.lo;
                self.wrap("u", init, lo);
            }
        }
    }

    fn visit_mut_return_stmt(&mut self, r: &mut ReturnStmt) {
        if let Some(arg) = &mut r.arg {
            self.visit_value(arg, None);
            if never_object(arg) {
                return;
            }
            // a function called from code that is not instrumented returns to where uses are not seen
            let callee = format!(
                "the caller of {}",
                self.funcs.last().cloned().unwrap_or_default()
            );
            let p = self.point(r.span.lo, PointKind::Call { callee });
            let v = take(arg);
            **arg = dp_call("rt", vec![num(p as i64), ident("__dpx"), v]);
        }
    }

    fn visit_mut_throw_stmt(&mut self, t: &mut ThrowStmt) {
        t.arg.visit_mut_with(self);
        if never_object(&t.arg) {
            return;
        }
        // whoever catches it may be code that is not instrumented
        let callee = "the code that catches it".to_string();
        let p = self.point(t.span.lo, PointKind::Call { callee });
        let v = take(&mut t.arg);
        *t.arg = dp_call("th", vec![num(p as i64), v]);
    }

    fn visit_mut_pat(&mut self, p: &mut Pat) {
        match p {
            // closures are wrapped only by the places that name them, so a default keeps its name
            Pat::Assign(a) => {
                a.left.visit_mut_with(self);
                a.right.visit_mut_with(self);
                // a default destructured right away (`{ maxAge } = {}`) is used by the pattern
                if is_destructuring(&a.left) {
                    let lo = a.span.lo;
                    self.wrap("u", &mut a.right, lo);
                }
            }
            Pat::Expr(e) => {
                if let Expr::Member(m) = &mut **e {
                    self.member_target(m);
                }
            }
            _ => p.visit_mut_children_with(self),
        }
    }

    fn visit_mut_function(&mut self, f: &mut Function) {
        let params = scope::param_names(f.params.iter().map(|p| &p.pat));
        self.next_rest = rest_param(f.params.iter().map(|p| &p.pat));
        let mut ps = std::mem::take(&mut f.params);
        let body = f.body.as_mut().map(|b| &mut b.stmts);
        self.function_like(params, body, &mut |t| ps.visit_mut_with(t));
        f.params = ps;
    }

    fn visit_mut_fn_decl(&mut self, f: &mut swc_ecma_ast::FnDecl) {
        self.next_name = Some(f.ident.sym.to_string());
        f.function.visit_mut_with(self);
    }

    fn visit_mut_class_method(&mut self, m: &mut swc_ecma_ast::ClassMethod) {
        m.key.visit_mut_with(self);
        self.next_name = Some(self.text(swc_common::Spanned::span(&m.key)));
        m.function.visit_mut_with(self);
    }

    fn visit_mut_method_prop(&mut self, m: &mut swc_ecma_ast::MethodProp) {
        m.key.visit_mut_with(self);
        self.next_name = Some(self.text(swc_common::Spanned::span(&m.key)));
        m.function.visit_mut_with(self);
    }

    fn visit_mut_fn_expr(&mut self, f: &mut FnExpr) {
        if let Some(i) = &f.ident {
            self.next_name.get_or_insert_with(|| i.sym.to_string());
        }
        let names = f.ident.iter().map(|i| i.sym.to_string()).collect();
        self.scopes.push(names, false);
        f.function.visit_mut_with(self);
        self.scopes.pop();
    }

    fn visit_mut_constructor(&mut self, c: &mut Constructor) {
        let params = scope::param_names(scope::ctor_pats(&c.params));
        let mut ps = std::mem::take(&mut c.params);
        self.next_name = Some("constructor".into());
        let body = c.body.as_mut().map(|b| &mut b.stmts);
        self.function_like(params, body, &mut |t| ps.visit_mut_with(t));
        c.params = ps;
    }

    fn visit_mut_arrow_expr(&mut self, a: &mut ArrowExpr) {
        let params = scope::param_names(&a.params);
        self.next_rest = rest_param(&a.params);
        let mut ps = std::mem::take(&mut a.params);
        if let swc_ecma_ast::ArrowFunctionBody::Expr(e) = &mut *a.body {
            // `=> e` becomes `=> { return e; }` so the arrow can have its context
            let v = take(e);
            *a.body = swc_ecma_ast::ArrowFunctionBody::FunctionBody(swc_ecma_ast::FunctionBody {
                span: DUMMY_SP,
                stmts: vec![Stmt::Return(ReturnStmt {
                    span: swc_common::Spanned::span(&v),
                    arg: Some(Box::new(v)),
                })],
            });
        }
        if let swc_ecma_ast::ArrowFunctionBody::FunctionBody(b) = &mut *a.body {
            // arrows have no `arguments` of their own: the name stays the enclosing function's
            self.function_like(params, Some(&mut b.stmts), &mut |t| ps.visit_mut_with(t));
        }
        a.params = ps;
    }

    fn visit_mut_block_stmt(&mut self, b: &mut BlockStmt) {
        let mut names = Vec::new();
        scope::lexical_names(&b.stmts, &mut names);
        self.scopes.push(names, false);
        self.scopes.fix(scopes::fixed_names(&b.stmts));
        b.stmts.visit_mut_with(self);
        self.scopes.pop();
    }

    fn visit_mut_catch_clause(&mut self, c: &mut swc_ecma_ast::CatchClause) {
        let mut names = Vec::new();
        if let Some(p) = &c.param {
            scope::pat_names(p, &mut names);
        }
        self.scopes.push(names, false);
        c.visit_mut_children_with(self);
        self.scopes.pop();
    }

    fn visit_mut_for_stmt(&mut self, s: &mut ForStmt) {
        let names = match &s.init {
            Some(VarDeclOrExpr::VarDecl(v)) => scope::let_names(v),
            _ => Vec::new(),
        };
        self.scopes.push(names, false);
        s.visit_mut_children_with(self);
        self.scopes.pop();
    }

    fn visit_mut_for_of_stmt(&mut self, s: &mut ForOfStmt) {
        self.loop_head(&mut s.left, &mut s.right, &mut s.body, true);
    }

    fn visit_mut_for_in_stmt(&mut self, s: &mut ForInStmt) {
        // its variable gets keys (strings): nothing is read out of the object
        self.loop_head(&mut s.left, &mut s.right, &mut s.body, false);
    }

    fn visit_mut_stmts(&mut self, stmts: &mut Vec<Stmt>) {
        let mut out = Vec::with_capacity(stmts.len());
        for mut s in std::mem::take(stmts) {
            s.visit_mut_with(self);
            let class = match &s {
                Stmt::Decl(Decl::Class(c)) => Some(c.ident.sym.to_string()),
                _ => None,
            };
            out.push(s);
            if let Some(c) = class {
                out.push(expr_stmt(dp_call("fc", vec![ident(&c)])));
            }
        }
        *stmts = out;
    }

    fn visit_mut_module_items(&mut self, items: &mut Vec<ModuleItem>) {
        let mut out = Vec::with_capacity(items.len());
        let mut named = Vec::new();
        for mut item in std::mem::take(items) {
            item.visit_mut_with(self);
            self.export_item(&mut item, &mut named);
            let class = match &item {
                ModuleItem::Stmt(Stmt::Decl(Decl::Class(c))) => Some(c.ident.sym.to_string()),
                ModuleItem::ModuleDecl(ModuleDecl::ExportDecl(e)) => match &e.decl {
                    Decl::Class(c) => Some(c.ident.sym.to_string()),
                    _ => None,
                },
                _ => None,
            };
            out.push(item);
            if let Some(c) = class {
                out.push(ModuleItem::Stmt(expr_stmt(dp_call("fc", vec![ident(&c)]))));
            }
        }
        // `export { a, b }`: the bindings' values reach the importers
        for (name, lo) in named {
            let mut e = ident(&name);
            self.exported(&mut e, lo);
            out.push(ModuleItem::Stmt(expr_stmt(e)));
        }
        *items = out;
    }
}

impl Flow<'_> {
    /// What an ES module exports reaches its importers: `export const x = v`, `export default v`
    /// are wrapped here, the names of `export { a }` collected for the end of the module.
    fn export_item(
        &mut self,
        item: &mut ModuleItem,
        named: &mut Vec<(String, swc_common::BytePos)>,
    ) {
        let ModuleItem::ModuleDecl(d) = item else {
            return;
        };
        match d {
            ModuleDecl::ExportDecl(e) => {
                if let Decl::Var(v) = &mut e.decl {
                    for d in &mut v.decls {
                        if let Some(init) = &mut d.init {
                            let lo = swc_common::Spanned::span(&**init).lo;
                            self.exported(init, lo);
                        }
                    }
                }
            }
            ModuleDecl::ExportDefaultExpr(e) => {
                let lo = e.span.lo;
                self.exported(&mut e.expr, lo);
            }
            ModuleDecl::ExportNamed(n) if n.src.is_none() => {
                for sp in &n.specifiers {
                    if let swc_ecma_ast::ExportSpecifier::Named(s) = sp {
                        if let swc_ecma_ast::ModuleExportName::Ident(i) = &s.orig {
                            named.push((i.sym.to_string(), i.span.lo));
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// `for (x of xs)` / `for (k in o)`: iterating uses the collection; with `elements`, each
    /// element bound to a plain name is read out of it.
    fn loop_head(
        &mut self,
        left: &mut swc_ecma_ast::ForHead,
        right: &mut Box<Expr>,
        body: &mut Box<Stmt>,
        elements: bool,
    ) {
        self.scopes.push(scope::head_let_names(left), false);
        left.visit_mut_with(self);
        right.visit_mut_with(self);
        let lo = swc_common::Spanned::span(&**right).lo;
        self.wrap("u", right, lo);
        body.visit_mut_with(self);
        // `for (const x of xs)`: each element is read out of the collection
        if let (swc_ecma_ast::ForHead::VarDecl(v), true) = (&*left, elements) {
            if let [d] = v.decls.as_slice() {
                if let Pat::Ident(b) = &d.name {
                    let p = self.use_point(lo);
                    let read = dp_call("hr", vec![p, ident(&b.id.sym)]);
                    prepend(body, expr_stmt(read));
                }
            }
        }
        self.scopes.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::PointKind;

    fn flow(src: &str) -> crate::flow_probes::FlowInstrumented {
        crate::instrument_flow(src, "a.js", 1).expect("parses")
    }

    #[test]
    fn allocations_uses_and_calls_go_through_the_runtime() {
        let src = "const cache = {};\nfunction f(x) {\n  const o = { a: x };\n  const g = () => o.a;\n  cache[x] = [o];\n  return g();\n}\n";
        let out = flow(src);
        let code = out.code.replace(char::is_whitespace, "");
        assert!(code.contains("constcache=__dp.a(1,__dpx,{})"), "{code}");
        assert!(code.contains("const__dpx=__dp.en();"), "{code}");
        assert!(code.contains("__dp.a(2,__dpx,{a:x})"), "{code}");
        // the arrow keeps its name and gets its own context
        assert!(code.contains(",\"g\")"), "{code}");
        // the store into the module-level cache: a use of the cache, a heap write of the array
        assert!(code.contains("__dp.u("), "{code}");
        assert!(code.contains("__dp.hw("), "{code}");
        assert!(code.contains("__dp.cf0("), "{code}");
        assert!(code.contains("__dp.rt("), "{code}");
        let allocs: Vec<&str> = out
            .points
            .iter()
            .filter_map(|p| match &p.kind {
                PointKind::Alloc { ty, .. } => Some(ty.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(allocs, ["Object", "Object", "closure", "Array"]);
        assert_eq!(out.points[1].line, 3);
        assert_eq!(out.next_point, 1 + out.points.len() as u32);
    }

    #[test]
    fn rest_parameters_allocate_and_module_exports_are_handed_on() {
        let out = crate::instrument_flow(
            "export const api = { a: 1 };\nconst b = [];\nexport { b };\nexport default function f(...xs) { return xs; }\n",
            "m.mjs",
            1,
        )
        .expect("parses");
        let code = out.code.replace(char::is_whitespace, "");
        assert!(code.contains("constapi=__dp.x("), "{code}");
        let last = code.rsplit('}').next().unwrap_or_default();
        assert!(
            last.starts_with("__dp.x(") && last.ends_with(",b);"),
            "{code}"
        );
        assert!(code.contains("const__dpx=__dp.en();__dp.a("), "{code}");
        assert!(out.points.iter().any(|p| matches!(&p.kind,
            PointKind::Alloc { ty, .. } if ty == "Array (rest parameter)")));
    }

    #[test]
    fn destructuring_yields_private_reads_and_loops_are_followed() {
        let src = "class C { #m = new Map(); *it() { for (const x of this.#m) { yield [x]; } } set(k, { age } = {}) { const [a, b] = k; return a + b + age; } }";
        let code = flow(src).code.replace(char::is_whitespace, "");
        // the default options object is destructured: used
        assert!(code.contains("{age}=__dp.u("), "{code}");
        assert!(code.contains("const[a,b]=__dp.u("), "{code}");
        // yielded to whoever iterates: handed on
        assert!(code.contains("yield__dp.x("), "{code}");
        // a private field's value is read out of the object; loop elements out of the collection
        assert!(code.contains("__dp.hr(") && code.contains(".#m)"), "{code}");
        assert!(code.contains(",x);"), "{code}");
    }

    #[test]
    fn method_calls_keep_their_receiver_and_chains_their_short_circuit() {
        let out = flow("function f(o, xs) { o?.a.b; o.m(1); return xs.map((x) => x); }");
        let code = out.code.replace(char::is_whitespace, "");
        assert!(code.contains("o?.a.b"), "{code}");
        assert!(code.contains("__dp.cm1("), "{code}");
        assert!(code.contains("__dpo=o,__dpo.m,1"), "{code}");
        assert!(code.contains("__dp.ca("), "{code}");
    }
}

//! Static pruning (paper section 3.5): decisions whose checks cannot be reordered, with the reason.

use std::collections::HashSet;

use swc_ecma_ast::{BinaryOp, Callee, Expr, Lit, MemberProp, OptChainBase, SwitchStmt, UnaryOp};
use swc_ecma_visit::{Visit, VisitWith};

use crate::model::{Context, LogicalOp, PruneReason, SwitchShape, Tree};
use crate::parse::Parsed;
use crate::syntax::{build_tree, strip_parens};

/// The pruning reasons of a logical decision with these leaves (parentheses stripped, source order).
pub fn logical(
    tree: &Tree,
    leaves: &[&Expr],
    context: Context,
    source: &str,
    parsed: &Parsed,
) -> Vec<PruneReason> {
    let mut out = unrepeatable_checks(leaves);
    if context == Context::Value {
        if let Tree::Node {
            op: LogicalOp::Or,
            right,
            ..
        } = tree
        {
            if let Tree::Leaf(r) = **right {
                if is_literal(leaves[r]) {
                    out.push(PruneReason::DefaultValue);
                }
            }
        }
    }
    let path_of = |e: &Expr| access_path(e, source, parsed);
    let guards: Vec<Vec<String>> = leaves.iter().map(|l| guarded_paths(l, &path_of)).collect();
    let uses: Vec<Vec<String>> = leaves.iter().map(|l| used_paths(l, &path_of)).collect();
    out.extend(null_guards(&guards, &uses));
    out
}

/// The pruning reasons of an arm chain with these conditions (parentheses stripped, arm order):
/// a condition that cannot run out of place or twice, and a later condition using what an
/// earlier one tests for null, undefined or type (in any `&&`/`||` operand of it).
///
/// A later condition is reached when the earlier ones were false: an earlier test that is never
/// true for `null` or `undefined` (`Array.isArray(v)`, `v instanceof C`, `typeof v === 'string'`,
/// `v === 'a'`) lets every nullish value through, so it shields nothing from a later
/// condition that only reads a property of `v` (`typeof v.toSqlString === 'function'`), which
/// throws for nullish values alone. A deeper use (`v.a.b`, `v.m()`) still counts: what the test
/// let through may lack `a` or `m`.
pub fn chain(conds: &[&Expr], source: &str, parsed: &Parsed) -> Vec<PruneReason> {
    let mut out = unrepeatable_checks(conds);
    let path_of = |e: &Expr| access_path(e, source, parsed);
    let uses: Vec<Vec<String>> = conds.iter().map(|c| used_paths(c, &path_of)).collect();
    let later = |i: usize, g: &String| uses.iter().skip(i + 1).any(|u| deeper(u, g));
    let guards: Vec<Vec<String>> = conds
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let mut operands = Vec::new();
            build_tree(c, &mut operands);
            operands
                .iter()
                .flat_map(|o| {
                    let through = never_true_for_nullish(o);
                    guarded_paths(o, &path_of).into_iter().filter(move |g| {
                        // a test that lets nullish values through guards only deeper uses
                        !through || later(i, g)
                    })
                })
                .collect()
        })
        .collect();
    out.extend(null_guards(&guards, &uses));
    out
}

/// Whether some use in `used` goes below `g` (`g.a.b`, `g.m()`: a path that starts with `g.`).
fn deeper(used: &[String], g: &str) -> bool {
    used.iter()
        .any(|u| u.starts_with(g) && matches!(u.as_bytes().get(g.len()), Some(b'.') | Some(b'[')))
}

/// A test that is false for `null` and `undefined`, whatever else it tests: a built-in type
/// predicate, `instanceof`, `typeof` compared with a type other than `undefined` and `object`,
/// equality with a literal that is not nullish.
fn never_true_for_nullish(test: &Expr) -> bool {
    let is_str = |e: &Expr, f: &dyn Fn(&str) -> bool| matches!(strip_parens(e), Expr::Lit(Lit::Str(s)) if f(&s.value.to_string_lossy()));
    let non_nullish_literal = |e: &Expr| {
        matches!(
            strip_parens(e),
            Expr::Lit(Lit::Str(_) | Lit::Num(_) | Lit::Bool(_) | Lit::BigInt(_))
        )
    };
    let is_typeof = |e: &Expr| matches!(strip_parens(e), Expr::Unary(u) if u.op == UnaryOp::TypeOf);
    match strip_parens(test) {
        Expr::Call(c) => {
            let Callee::Expr(callee) = &c.callee else {
                return false;
            };
            let Expr::Member(m) = strip_parens(callee) else {
                return false;
            };
            let (Expr::Ident(obj), MemberProp::Ident(prop)) = (strip_parens(&m.obj), &m.prop)
            else {
                return false;
            };
            matches!(
                (&*obj.sym, &*prop.sym),
                ("Array", "isArray")
                    | ("Buffer", "isBuffer")
                    | ("ArrayBuffer", "isView")
                    | (
                        "Number",
                        "isFinite" | "isInteger" | "isSafeInteger" | "isNaN"
                    )
            )
        }
        Expr::Bin(b) => match b.op {
            BinaryOp::InstanceOf => true,
            BinaryOp::EqEqEq | BinaryOp::EqEq => {
                let type_name = |t: &str| t != "undefined" && t != "object";
                (is_typeof(&b.left) && is_str(&b.right, &type_name))
                    || (is_typeof(&b.right) && is_str(&b.left, &type_name))
                    || (!is_typeof(&b.left) && non_nullish_literal(&b.right))
                    || (!is_typeof(&b.right) && non_nullish_literal(&b.left))
            }
            _ => false,
        },
        _ => false,
    }
}

/// An `Unrepeatable` reason for each check holding a construct that cannot run out of place or twice.
fn unrepeatable_checks(checks: &[&Expr]) -> Vec<PruneReason> {
    checks
        .iter()
        .enumerate()
        .filter_map(|(i, c)| {
            unrepeatable(c).map(|what| PruneReason::Unrepeatable {
                what: what.to_string(),
                leaf: i,
            })
        })
        .collect()
}

/// For each check that uses a path an earlier one guards (the path or one below it), the first
/// such guard.
fn null_guards(guards: &[Vec<String>], uses: &[Vec<String>]) -> Vec<PruneReason> {
    let mut out = Vec::new();
    'users: for (j, used) in uses.iter().enumerate() {
        for (i, guarded) in guards.iter().enumerate().take(j) {
            for g in guarded {
                let hit = used.iter().any(|u| {
                    u == g
                        || (u.starts_with(g.as_str())
                            && matches!(u.as_bytes().get(g.len()), Some(b'.') | Some(b'[')))
                });
                if hit {
                    out.push(PruneReason::NullGuard {
                        path: g.clone(),
                        guard: i,
                        user: j,
                    });
                    continue 'users;
                }
            }
        }
    }
    out
}

/// The pruning reasons of a switch decision.
pub fn switch(s: &SwitchStmt, shape: &SwitchShape) -> Vec<PruneReason> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    for (i, c) in s.cases.iter().enumerate() {
        let Some(test) = &c.test else { continue };
        if let Some(what) = unrepeatable(test) {
            out.push(PruneReason::Unrepeatable {
                what: what.to_string(),
                leaf: i,
            });
        }
        match constant_key(test) {
            None => out.push(PruneReason::NonConstantCase { case: i }),
            Some(k) => {
                if !seen.insert(k) {
                    out.push(PruneReason::DuplicateCase { case: i });
                }
            }
        }
    }
    if let Some(d) = shape.default_index {
        if shape.groups.iter().any(|g| g.contains(&d) && g.len() > 1) {
            out.push(PruneReason::DefaultPosition);
        }
    }
    out
}

/// A literal (the right operand of the default-value idiom).
fn is_literal(e: &Expr) -> bool {
    match strip_parens(e) {
        Expr::Lit(_) => true,
        Expr::Tpl(t) => t.exprs.is_empty(),
        Expr::Array(a) => a.elems.is_empty(),
        Expr::Object(o) => o.props.is_empty(),
        Expr::Unary(u) => {
            u.op == UnaryOp::Minus && matches!(strip_parens(&u.arg), Expr::Lit(Lit::Num(_)))
        }
        Expr::Ident(i) => &*i.sym == "undefined",
        _ => false,
    }
}

/// A value key for a constant case test, `None` if it is not a constant.
fn constant_key(e: &Expr) -> Option<String> {
    match strip_parens(e) {
        Expr::Lit(Lit::Str(s)) => Some(format!("s{:?}", s.value)),
        Expr::Lit(Lit::Num(n)) => Some(format!("n{}", n.value)),
        Expr::Lit(Lit::Bool(b)) => Some(format!("b{}", b.value)),
        Expr::Lit(Lit::Null(_)) => Some("null".into()),
        Expr::Lit(Lit::BigInt(b)) => Some(format!("i{}", b.value)),
        Expr::Unary(u) if u.op == UnaryOp::Minus => match strip_parens(&u.arg) {
            Expr::Lit(Lit::Num(n)) => Some(format!("n{}", -n.value)),
            _ => None,
        },
        Expr::Tpl(t) if t.exprs.is_empty() => Some(format!("s{:?}", t.quasis[0].cooked)),
        Expr::Ident(i) if &*i.sym == "undefined" => Some("undefined".into()),
        _ => None,
    }
}

/// The first construct in `e` (outside nested functions) that cannot run out of place or twice.
pub fn unrepeatable(e: &Expr) -> Option<&'static str> {
    let mut f = Unrepeatable(None);
    e.visit_with(&mut f);
    f.0
}

struct Unrepeatable(Option<&'static str>);

impl Visit for Unrepeatable {
    fn visit_expr(&mut self, e: &Expr) {
        if self.0.is_some() {
            return;
        }
        self.0 = match e {
            Expr::Await(_) => Some("await"),
            Expr::Yield(_) => Some("yield"),
            Expr::Assign(_) => Some("assignment"),
            Expr::Update(_) => Some("update"),
            Expr::Unary(u) if u.op == UnaryOp::Delete => Some("delete"),
            _ => None,
        };
        if self.0.is_none() {
            e.visit_children_with(self);
        }
    }
    fn visit_function(&mut self, _: &swc_ecma_ast::Function) {}
    fn visit_arrow_expr(&mut self, _: &swc_ecma_ast::ArrowExpr) {}
    fn visit_class(&mut self, _: &swc_ecma_ast::Class) {}
}

/// The access path an expression denotes (`a`, `this.x`, `a.b[0]`), if it is one.
fn access_path(e: &Expr, source: &str, parsed: &Parsed) -> Option<String> {
    fn is_path(e: &Expr) -> bool {
        match strip_parens(e) {
            Expr::Ident(_) | Expr::This(_) => true,
            Expr::Member(m) => {
                is_path(&m.obj)
                    && match &m.prop {
                        MemberProp::Ident(_) | MemberProp::PrivateName(_) => true,
                        MemberProp::Computed(c) => {
                            matches!(strip_parens(&c.expr), Expr::Lit(_) | Expr::Ident(_))
                        }
                    }
            }
            Expr::OptChain(o) => match &*o.base {
                OptChainBase::Member(m) => is_path(&Expr::Member(m.clone())),
                OptChainBase::Call(_) => false,
            },
            _ => false,
        }
    }
    let e = strip_parens(e);
    if !is_path(e) {
        return None;
    }
    let sp = parsed.span_of(e);
    let text = source.get(sp.lo as usize..sp.hi as usize)?;
    Some(
        text.chars()
            .filter(|c| !c.is_whitespace() && *c != '(' && *c != ')')
            .collect::<String>()
            .replace("?.[", "[")
            .replace("?.", "."),
    )
}

/// Paths an earlier leaf tests for existence or type.
fn guarded_paths(leaf: &Expr, path_of: &dyn Fn(&Expr) -> Option<String>) -> Vec<String> {
    let mut out = Vec::new();
    let mut add = |e: &Expr| {
        let e = strip_parens(e);
        let e = match e {
            Expr::Unary(u) if u.op == UnaryOp::TypeOf => &*u.arg,
            _ => e,
        };
        if let Some(p) = path_of(e) {
            out.push(p);
        }
    };
    let mut e = strip_parens(leaf);
    while let Expr::Unary(u) = e {
        if u.op != UnaryOp::Bang {
            break;
        }
        e = strip_parens(&u.arg);
    }
    match e {
        Expr::Bin(b) => match b.op {
            BinaryOp::EqEq | BinaryOp::NotEq | BinaryOp::EqEqEq | BinaryOp::NotEqEq => {
                add(&b.left);
                add(&b.right);
            }
            BinaryOp::InstanceOf => add(&b.left),
            BinaryOp::In => add(&b.right),
            _ => {}
        },
        Expr::Call(c) => {
            let is_check = match &c.callee {
                Callee::Expr(callee) => {
                    let name = match strip_parens(callee) {
                        Expr::Ident(i) => i.sym.to_string(),
                        Expr::Member(m) => match &m.prop {
                            MemberProp::Ident(i) => i.sym.to_string(),
                            _ => String::new(),
                        },
                        _ => String::new(),
                    };
                    name.starts_with("is") || name.starts_with("has")
                }
                _ => false,
            };
            if is_check {
                for a in &c.args {
                    add(&a.expr);
                }
            }
        }
        Expr::Unary(u) if u.op == UnaryOp::TypeOf => add(&u.arg),
        other => add(other),
    }
    out
}

/// Paths a later leaf dereferences, each of which throws when it is `null` or `undefined`:
/// objects of member accesses, callees (of calls and `new`), the right operand of `in` and
/// of `instanceof` (`B && o instanceof B` guards a `B` that may be missing).
fn used_paths(leaf: &Expr, path_of: &dyn Fn(&Expr) -> Option<String>) -> Vec<String> {
    struct Uses<'f> {
        path_of: &'f dyn Fn(&Expr) -> Option<String>,
        out: Vec<String>,
    }
    impl Visit for Uses<'_> {
        fn visit_member_expr(&mut self, m: &swc_ecma_ast::MemberExpr) {
            if let Some(p) = (self.path_of)(&m.obj) {
                self.out.push(p);
            }
            m.visit_children_with(self);
        }
        fn visit_call_expr(&mut self, c: &swc_ecma_ast::CallExpr) {
            if let Callee::Expr(callee) = &c.callee {
                if let Some(p) = (self.path_of)(callee) {
                    self.out.push(p);
                }
            }
            c.visit_children_with(self);
        }
        fn visit_new_expr(&mut self, n: &swc_ecma_ast::NewExpr) {
            if let Some(p) = (self.path_of)(&n.callee) {
                self.out.push(p);
            }
            n.visit_children_with(self);
        }
        fn visit_bin_expr(&mut self, b: &swc_ecma_ast::BinExpr) {
            if matches!(b.op, BinaryOp::In | BinaryOp::InstanceOf) {
                if let Some(p) = (self.path_of)(&b.right) {
                    self.out.push(p);
                }
            }
            b.visit_children_with(self);
        }
    }
    let mut u = Uses {
        path_of,
        out: Vec::new(),
    };
    leaf.visit_with(&mut u);
    u.out
}

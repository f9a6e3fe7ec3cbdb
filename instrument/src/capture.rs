//! Conditions that capture what they test into a local, `if (m = re.exec(s)) return m[1];`: the
//! arms of a chain may move with them when nothing but those arms' bodies reads the local.
//!
//! Taking arm `i` means its condition ran last, so its body reads what its own condition stored,
//! in any order. What differs between orders is only the value left when no such arm is taken
//! (another condition's false value), so the local must be read nowhere else: declared with
//! `var`, or `let` in a block around the chain, in the chain's own function; mentioned there
//! only as a capture of this chain, its declaration, or inside a capturing arm's body, or as the
//! capture of another `if` or `?:` and inside that one's consequent (which reads what its own
//! condition just stored: SheetJS's `write_num_flt` captures into one `r` all along); and by no
//! nested function (a closure could read it after a later execution of the chain), with no
//! `eval` or `with` in the function.

use swc_common::DUMMY_SP;
use swc_ecma_ast::{
    ArrowExpr, AssignExpr, AssignOp, AssignTarget, BinaryOp, BlockStmt, Class, CondExpr,
    Constructor, Expr, Function, GetterProp, Ident, IfStmt, ModuleItem, ParenExpr, Pat, SetterProp,
    SimpleAssignTarget, Stmt, VarDecl, VarDeclKind, WithStmt,
};
use swc_ecma_visit::{Visit, VisitWith};

use crate::model::Span;
use crate::parse::Parsed;
use crate::syntax::strip_parens;

/// The assignments `name = value` a condition captures with, if it is a capture: the whole
/// condition, an operand of an equality (`(m = re.exec(s)) !== null`), or every operand of an
/// `||` of captures of one local (`(m = s.match(A)) || (m = s.match(B))`).
fn assignments(cond: &Expr) -> Option<Vec<&AssignExpr>> {
    if let Some(a) = plain_assignment(cond) {
        return Some(vec![a]);
    }
    match strip_parens(cond) {
        Expr::Bin(b) if EQUALITIES.contains(&b.op) => plain_assignment(&b.left)
            .or_else(|| plain_assignment(&b.right))
            .map(|a| vec![a]),
        Expr::Bin(b) if b.op == BinaryOp::LogicalOr => {
            let mut all = assignments(&b.left)?;
            all.extend(assignments(&b.right)?);
            let first = target(all[0]);
            all.iter()
                .all(|a| target(a).sym == first.sym)
                .then_some(all)
        }
        _ => None,
    }
}

/// The local an assignment of [`plain_assignment`] stores into.
fn target(a: &AssignExpr) -> &Ident {
    match &a.left {
        AssignTarget::Simple(SimpleAssignTarget::Ident(b)) => &b.id,
        _ => unreachable!("plain assignments store into a local"),
    }
}

/// `e` (parentheses stripped) if it is `name = value`.
fn plain_assignment(e: &Expr) -> Option<&AssignExpr> {
    match strip_parens(e) {
        Expr::Assign(a) if a.op == AssignOp::Assign => {
            matches!(&a.left, AssignTarget::Simple(SimpleAssignTarget::Ident(_))).then_some(a)
        }
        _ => None,
    }
}

const EQUALITIES: [BinaryOp; 4] = [
    BinaryOp::EqEq,
    BinaryOp::NotEq,
    BinaryOp::EqEqEq,
    BinaryOp::NotEqEq,
];

/// The local a condition captures into and where it says so, if it captures (see
/// [`assignments`]).
fn captured(cond: &Expr) -> Option<Vec<&Ident>> {
    Some(assignments(cond)?.into_iter().map(target).collect())
}

/// The condition testing what it would capture, without storing it (`re.exec(s) !== null`),
/// if it captures.
pub fn uncaptured(cond: &Expr) -> Option<Expr> {
    let name = target(assignments(cond)?[0]).sym.clone();
    Some(without_captures(cond, &name))
}

/// `e` with every plain assignment to `name` among its equality and `||` operands replaced by
/// its value (an assignment to another local stays, and keeps the condition unrepeatable).
fn without_captures(e: &Expr, name: &str) -> Expr {
    if let Some(a) = plain_assignment(e).filter(|a| target(a).sym == *name) {
        return Expr::Paren(ParenExpr {
            span: DUMMY_SP,
            expr: Box::new(strip_parens(&a.right).clone()),
        });
    }
    match strip_parens(e) {
        Expr::Bin(b) if EQUALITIES.contains(&b.op) || b.op == BinaryOp::LogicalOr => {
            let mut b = b.clone();
            *b.left = without_captures(&b.left, name);
            *b.right = without_captures(&b.right, name);
            Expr::Bin(b)
        }
        other => other.clone(),
    }
}

/// Per condition, whether it is a capture that may move with its arm (`bodies`: the arms'
/// body spans; `function`: the span of the function around the chain, `None` at top level).
pub fn movable(
    parsed: &Parsed,
    function: Option<Span>,
    conds: &[&Expr],
    bodies: &[Span],
) -> Vec<bool> {
    let targets: Vec<Option<(&str, Vec<Span>)>> = conds
        .iter()
        .map(|c| {
            captured(c).map(|ids| {
                let spans = ids.iter().map(|id| parsed.span_of(*id)).collect();
                (ids[0].sym.as_ref(), spans)
            })
        })
        .collect();
    let Some(function) = function else {
        return vec![false; conds.len()];
    };
    // one walk of the function per local the chain captures into
    let mut verdicts: Vec<(&str, bool)> = Vec::new();
    targets
        .iter()
        .map(|t| {
            let Some((name, _)) = t else { return false };
            if let Some((_, v)) = verdicts.iter().find(|(n, _)| n == name) {
                return *v;
            }
            let captures: Vec<Span> = targets
                .iter()
                .flatten()
                .filter(|(n, _)| n == name)
                .flat_map(|(_, s)| s.iter().copied())
                .collect();
            let arms: Vec<Span> = targets
                .iter()
                .zip(bodies)
                .filter(|(t, _)| t.as_ref().is_some_and(|(n, _)| n == name))
                .map(|(_, b)| *b)
                .collect();
            let chain = Span {
                lo: captures[0].lo,
                hi: captures[captures.len() - 1].hi,
            };
            let v = read_only_by_arms(parsed, function, name, chain, &captures, &arms);
            verdicts.push((name, v));
            v
        })
        .collect()
}

/// Whether `name` is a local of the function spanning `function` mentioned only as one of
/// `captures`, in its declaration, or inside one of `arms`.
fn read_only_by_arms(
    parsed: &Parsed,
    function: Span,
    name: &str,
    chain: Span,
    captures: &[Span],
    arms: &[Span],
) -> bool {
    let mut find = FindFunction {
        parsed,
        at: function,
        uses: None,
        name,
    };
    parsed.program.visit_with(&mut find);
    let Some(uses) = find.uses else {
        return false;
    };
    let within = |s: Span, outer: Span| outer.lo <= s.lo && s.hi <= outer.hi;
    let declared = uses
        .declarations
        .iter()
        .any(|(_, scope)| scope.is_none_or(|b| within(chain, b)));
    declared
        && !uses.forbidden
        && uses
            .declarations
            .iter()
            .all(|(_, scope)| scope.is_none_or(|b| within(chain, b)))
        && uses.mentions.iter().all(|&(at, nested)| {
            !nested
                && (captures.contains(&at)
                    || uses.declarations.iter().any(|(d, _)| *d == at)
                    || arms.iter().any(|&a| within(at, a))
                    || uses.recaptures.contains(&at)
                    || uses.fresh.iter().any(|&b| within(at, b)))
        })
}

/// What one function does with one name.
#[derive(Default)]
struct Uses {
    /// Every mention (declarations and captures included), and whether nested code makes it.
    mentions: Vec<(Span, bool)>,
    /// The function's own `var`/`let` declarations of the name: where, and the block around a
    /// `let` (`None` for `var`).
    declarations: Vec<(Span, Option<Span>)>,
    /// `eval`, `with`, or a declaration other than a plain `var`/`let` of the name.
    forbidden: bool,
    /// Where the function's `if` and `?:` conditions that capture into the name store it.
    recaptures: Vec<Span>,
    /// The consequents of those `if`s and `?:`s, which read what their condition stored.
    fresh: Vec<Span>,
}

/// Finds the function (or arrow) spanning `at` and collects its uses of `name`.
struct FindFunction<'a> {
    parsed: &'a Parsed,
    at: Span,
    uses: Option<Uses>,
    name: &'a str,
}

impl FindFunction<'_> {
    fn collect<T: for<'c> VisitWith<Collect<'c>>>(&mut self, node: &T) {
        let mut c = Collect {
            parsed: self.parsed,
            name: self.name,
            nested: 0,
            // the body's `let`s are the function's (its block is not always visited as one)
            blocks: vec![self.at],
            uses: Uses::default(),
        };
        node.visit_children_with(&mut c);
        self.uses = Some(c.uses);
    }
}

impl Visit for FindFunction<'_> {
    fn visit_function(&mut self, f: &Function) {
        if self.uses.is_some() {
            return;
        }
        if self.parsed.span_of(f) == self.at {
            self.collect(f);
        } else {
            f.visit_children_with(self);
        }
    }
    fn visit_arrow_expr(&mut self, a: &ArrowExpr) {
        if self.uses.is_some() {
            return;
        }
        if self.parsed.span_of(a) == self.at {
            self.collect(a);
        } else {
            a.visit_children_with(self);
        }
    }
}

/// Collects one function's uses of a name.
struct Collect<'a> {
    parsed: &'a Parsed,
    name: &'a str,
    /// How many functions deep inside the function the visit is.
    nested: u32,
    /// The blocks around the node being visited, innermost last.
    blocks: Vec<Span>,
    uses: Uses,
}

impl Collect<'_> {
    fn nested<T: VisitWith<Self>>(&mut self, node: &T) {
        self.nested += 1;
        node.visit_children_with(self);
        self.nested -= 1;
    }

    /// Notes a condition that captures into the name, and the consequent that reads it.
    fn capturing(&mut self, test: &Expr, consequent: Span) {
        let Some(ids) = captured(test).filter(|ids| ids[0].sym == *self.name) else {
            return;
        };
        if self.nested == 0 {
            let spans = ids.iter().map(|i| self.parsed.span_of(*i));
            self.uses.recaptures.extend(spans);
            self.uses.fresh.push(consequent);
        }
    }
}

impl Collect<'_> {
    /// Notes a declaration of the name that the next statement, an `if`, tests bare
    /// (`let m = f(); if (m) return m;`): the test and its consequent read what was just stored.
    fn declared_then_tested(&mut self, first: &Stmt, next: &Stmt) {
        let Stmt::If(i) = next else { return };
        if self.nested == 0
            && crate::pairs::tested_name(i) == Some(self.name)
            && crate::pairs::tests_declared(first, i)
        {
            self.uses.recaptures.push(self.parsed.span_of(&*i.test));
            self.uses.fresh.push(self.parsed.span_of(&*i.cons));
        }
    }
}

impl Visit for Collect<'_> {
    fn visit_ident(&mut self, i: &Ident) {
        if i.sym == *"eval" {
            self.uses.forbidden = true;
        }
        if i.sym == *self.name {
            self.uses
                .mentions
                .push((self.parsed.span_of(i), self.nested > 0));
        }
    }
    fn visit_if_stmt(&mut self, s: &IfStmt) {
        self.capturing(&s.test, self.parsed.span_of(&*s.cons));
        s.visit_children_with(self);
    }
    fn visit_cond_expr(&mut self, c: &CondExpr) {
        self.capturing(&c.test, self.parsed.span_of(&*c.cons));
        c.visit_children_with(self);
    }
    fn visit_with_stmt(&mut self, w: &WithStmt) {
        self.uses.forbidden = true;
        w.visit_children_with(self);
    }
    fn visit_var_decl(&mut self, v: &VarDecl) {
        for d in &v.decls {
            let Pat::Ident(b) = &d.name else { continue };
            if b.id.sym != *self.name {
                continue;
            }
            match (v.kind, self.nested) {
                (VarDeclKind::Var, 0) => self
                    .uses
                    .declarations
                    .push((self.parsed.span_of(&b.id), None)),
                (VarDeclKind::Let, 0) => {
                    let block = self.blocks.last().copied();
                    match block {
                        Some(b2) => self
                            .uses
                            .declarations
                            .push((self.parsed.span_of(&b.id), Some(b2))),
                        None => self.uses.forbidden = true,
                    }
                }
                (_, 0) => self.uses.forbidden = true,
                _ => {}
            }
        }
        v.visit_children_with(self);
    }
    fn visit_stmts(&mut self, stmts: &[Stmt]) {
        for pair in stmts.windows(2) {
            self.declared_then_tested(&pair[0], &pair[1]);
        }
        stmts.visit_children_with(self);
    }
    fn visit_module_items(&mut self, items: &[ModuleItem]) {
        for pair in items.windows(2) {
            if let [ModuleItem::Stmt(a), ModuleItem::Stmt(b)] = pair {
                self.declared_then_tested(a, b);
            }
        }
        items.visit_children_with(self);
    }
    fn visit_block_stmt(&mut self, b: &BlockStmt) {
        self.blocks.push(self.parsed.span_of(b));
        b.visit_children_with(self);
        self.blocks.pop();
    }
    fn visit_function(&mut self, f: &Function) {
        self.nested(f);
    }
    fn visit_arrow_expr(&mut self, a: &ArrowExpr) {
        self.nested(a);
    }
    fn visit_class(&mut self, c: &Class) {
        self.nested(c);
    }
    fn visit_constructor(&mut self, c: &Constructor) {
        self.nested(c);
    }
    fn visit_getter_prop(&mut self, g: &GetterProp) {
        self.nested(g);
    }
    fn visit_setter_prop(&mut self, s: &SetterProp) {
        self.nested(s);
    }
}

#[cfg(test)]
mod tests {
    use crate::model::{PruneReason, Shape};

    /// Whether the first arm chain of `src` is kept (not statically pruned).
    fn kept(src: &str) -> bool {
        let ds = crate::find_decisions(src, "t.js").expect("parses");
        let d = ds
            .iter()
            .find(|d| matches!(d.shape, Shape::Chain(_)))
            .expect("a chain");
        assert!(d.pruned.is_empty(), "{src}: {:?}", d.pruned);
        true
    }

    const GUARDS: &str = "function f(s) {\n  var m;\n  if (m = A.exec(s)) return m[1];\n  if (m = B.exec(s)) { return m[2]; }\n  return null;\n}";

    #[test]
    fn captures_read_only_by_their_arms_move() {
        assert!(kept(GUARDS));
        assert!(kept(
            "function f(s) { let m; if (m = A.exec(s)) g(m); else if (m = B.exec(s)) h(m); else k(); }"
        ));
        assert!(kept("const f = (s) => { var m; return (m = A.exec(s)) ? m[1] : (m = B.exec(s)) ? m[2] : 0; }"));
        assert!(kept(
            "function f(s) { var m; if (s === 'x') return 1; if (m = A.exec(s)) return m[1]; }"
        ));
        assert!(kept(
            "function f(s) { let m; if ((m = s.match(A)) || (m = s.match(B))) { g(m); return 1; } if ((m = s.match(C))) { return m; } }"
        ));
        assert!(kept(
            "function f(p) { var m; if ((m = /^a(1)/.exec(p)) !== null) g(m); else if (null != (m = /^b/.exec(p))) h(m); }"
        ));
        // store-and-test pairs after a declaring one (@ctrl/tinycolor's stringInputToObject)
        assert!(kept(
            "function f(s) { let m = A.exec(s); if (m) { return m[1]; } m = B.exec(s); if (m) { return m[2]; } m = C.exec(s); if (m) return m[3]; return false; }"
        ));
        // later code captures into the same local before it reads it (SheetJS's write_num_flt)
        assert!(kept(
            "function f(s) { var r; if ((r = A.exec(s))) return r[1]; if ((r = B.exec(s))) return r[2]; s = s.trim(); if ((r = C.exec(s))) { g(r); return r[0]; } return (r = D.exec(s)) ? r[3] : null; }"
        ));
    }

    #[test]
    fn captures_read_elsewhere_stay() {
        let stays = [
            // read after the chain: the value left when no arm is taken depends on the order
            "function f(s) { var m; if (m = A.exec(s)) g(m); else if (m = B.exec(s)) h(m); return m; }",
            // read by an arm that does not capture it
            "function f(s) { var m; if (m = A.exec(s)) return m; if (s) return m; }",
            // read by the final else
            "function f(s) { var m; if (m = A.exec(s)) g(m); else if (m = B.exec(s)) h(m); else k(m); }",
            // a parameter (sloppy `arguments` aliases it)
            "function f(m, s) { if (m = A.exec(s)) return m; if (m = B.exec(s)) return m; }",
            // not the function's own local
            "var m; function f(s) { if (m = A.exec(s)) return m; if (m = B.exec(s)) return m; }",
            // a closure shares it
            "function f(s) { var m; if (m = A.exec(s)) return () => m; if (m = B.exec(s)) return m; }",
            // its own condition reads it
            "function f(s) { var m; if (m = A.exec(m)) return m; if (m = B.exec(s)) return m; }",
            // eval could read it
            "function f(s) { var m; if (m = A.exec(s)) return eval('m'); if (m = B.exec(s)) return m; }",
            // a `let` of another block
            "function f(s) { { let m; } if (m = A.exec(s)) return m; if (m = B.exec(s)) return m; }",
            // the other operand reads it
            "function f(s) { var m; if ((m = A.exec(s)) !== m) return m; if (m = B.exec(s)) return m; }",
            // an `||` of captures of two locals
            "function f(s) { var m, n; if ((m = A(s)) || (n = B(s))) return m; if (m = B.exec(s)) return m; }",
            // an equality of two captures: the other local's store stays a write
            "function f(s) { var m, n; if ((m = A(s)) == (n = B(s))) return m; if (m = B.exec(s)) return m; }",
            // a compound assignment is no capture
            "function f(s) { var m = 0; if (m += A(s)) return m; if (m = B.exec(s)) return m; }",
            // read before a later capture: in a loop, the last execution's value
            "function f(a) { var m; for (var s of a) { g(m); if (m = A.exec(s)) return 1; if (m = B.exec(s)) return 2; } }",
            // read in the alternate of a later capture
            "function f(s) { var m; if (m = A.exec(s)) return m; if (m = B.exec(s)) return m; s = s.trim(); if ((m = C.exec(s))) g(); else h(m); }",
            // a later capture that reads it first
            "function f(s) { var m; if (m = A.exec(s)) return m; if (m = B.exec(s)) return m; if ((m = C(m))) return m; }",
            // store-and-test pairs read after the chain
            "function f(s) { let m = A.exec(s); if (m) return 1; m = B.exec(s); if (m) return 2; m = C.exec(s); if (m) return 3; return m; }",
            // a declaration's test that is not right after it
            "function f(s) { let m = A.exec(s); g(); if (m) return 1; m = B.exec(s); if (m) return 2; m = C.exec(s); if (m) return 3; }",
        ];
        for src in stays {
            let ds = crate::find_decisions(src, "t.js").expect("parses");
            let d = ds
                .iter()
                .find(|d| matches!(d.shape, Shape::Chain(_)))
                .expect("a chain");
            assert!(
                d.pruned.iter().any(
                    |r| matches!(r, PruneReason::Unrepeatable { what, .. } if what == "assignment")
                ),
                "{src}: {:?}",
                d.pruned
            );
        }
    }

    #[test]
    fn arms_that_capture_are_never_one_body() {
        let ds = crate::find_decisions(GUARDS.replace("m[2]; }", "m[1]; }").as_str(), "t.js")
            .expect("parses");
        let Shape::Chain(c) = &ds[0].shape else {
            panic!("a chain")
        };
        assert_eq!(c.same_body, vec![vec![0], vec![1]]);
    }
}

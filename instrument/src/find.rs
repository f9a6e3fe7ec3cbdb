//! Finding decisions: maximal `&&`/`||` trees with two or more leaves, and switches with two or more cases.

use std::collections::HashMap;

use swc_common::Spanned;
use swc_ecma_ast::{
    CondExpr, DoWhileStmt, Expr, ExprStmt, ForStmt, IfStmt, SeqExpr, SwitchStmt, UnaryExpr,
    UnaryOp, WhileStmt,
};
use swc_ecma_visit::{Visit, VisitWith};

use crate::model::{Case, Context, Decision, DecisionId, Leaf, Shape, Span, SwitchShape};
use crate::parse::Parsed;
use crate::prune;
use crate::syntax::{binds_looser_than_logical, build_tree, groups, logical_op};

/// Which kind of node a decision number belongs to, keyed by the node's byte span.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A logical decision.
    Logical,
    /// A switch decision.
    Switch,
}

/// Every decision of a parsed file, in pre-order (outer before inner, then source order).
pub fn decisions(parsed: &Parsed, source: &str, rel_path: &str) -> Vec<Decision> {
    let mut f = Finder {
        parsed,
        source,
        rel_path,
        out: Vec::new(),
        test_next: false,
    };
    parsed.program.visit_with(&mut f);
    f.out
}

/// Maps (kind, span) of each decision to its index in `decisions`.
pub fn index(decisions: &[Decision]) -> HashMap<(Kind, Span), usize> {
    decisions
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let kind = match d.shape {
                Shape::Logical { .. } => Kind::Logical,
                Shape::Switch(_) => Kind::Switch,
            };
            ((kind, d.span), i)
        })
        .collect()
}

struct Finder<'a> {
    parsed: &'a Parsed,
    source: &'a str,
    rel_path: &'a str,
    out: Vec<Decision>,
    /// The next expression visited is in boolean-test context.
    test_next: bool,
}

impl Finder<'_> {
    fn text(&self, sp: Span) -> String {
        self.source
            .get(sp.lo as usize..sp.hi as usize)
            .unwrap_or("")
            .to_string()
    }

    fn visit_test(&mut self, e: &Expr) {
        self.test_next = true;
        self.visit_expr(e);
        self.test_next = false;
    }

    fn logical(&mut self, e: &Expr, context: Context) {
        let mut leaves = Vec::new();
        let tree = build_tree(e, &mut leaves);
        let span = self.parsed.span_of(e);
        let leaf_models: Vec<Leaf> = leaves
            .iter()
            .map(|l| {
                let sp = self.parsed.span_of(*l);
                Leaf {
                    span: sp,
                    text: self.text(sp),
                    low_precedence: binds_looser_than_logical(l),
                }
            })
            .collect();
        let pruned = prune::logical(&tree, &leaves, context, self.source, self.parsed);
        self.out.push(Decision {
            id: DecisionId::new(self.rel_path, span),
            location: self
                .parsed
                .lines
                .location(self.rel_path, self.source, span.lo as usize),
            span,
            shape: Shape::Logical { tree, context },
            leaves: leaf_models,
            pruned,
        });
        for l in leaves {
            self.visit_expr(l);
        }
    }
}

impl Visit for Finder<'_> {
    fn visit_expr(&mut self, e: &Expr) {
        let test = std::mem::take(&mut self.test_next);
        match e {
            Expr::Paren(p) => {
                self.test_next = test;
                self.visit_expr(&p.expr);
                self.test_next = false;
            }
            // lowered TypeScript: a chain in inserted text is not the file's
            _ if logical_op(e).is_some() && self.parsed.is_original(e.span()) => {
                let ctx = if test { Context::Test } else { Context::Value };
                self.logical(e, ctx);
            }
            _ => e.visit_children_with(self),
        }
    }

    fn visit_if_stmt(&mut self, s: &IfStmt) {
        self.visit_test(&s.test);
        s.cons.visit_with(self);
        s.alt.visit_with(self);
    }

    fn visit_while_stmt(&mut self, s: &WhileStmt) {
        self.visit_test(&s.test);
        s.body.visit_with(self);
    }

    fn visit_do_while_stmt(&mut self, s: &DoWhileStmt) {
        s.body.visit_with(self);
        self.visit_test(&s.test);
    }

    fn visit_for_stmt(&mut self, s: &ForStmt) {
        s.init.visit_with(self);
        if let Some(t) = &s.test {
            self.visit_test(t);
        }
        if let Some(u) = &s.update {
            self.visit_test(u);
        }
        s.body.visit_with(self);
    }

    fn visit_cond_expr(&mut self, c: &CondExpr) {
        self.visit_test(&c.test);
        self.visit_expr(&c.cons);
        self.visit_expr(&c.alt);
    }

    fn visit_unary_expr(&mut self, u: &UnaryExpr) {
        if matches!(u.op, UnaryOp::Bang | UnaryOp::Void) {
            self.visit_test(&u.arg);
        } else {
            self.visit_expr(&u.arg);
        }
    }

    fn visit_expr_stmt(&mut self, s: &ExprStmt) {
        self.visit_test(&s.expr);
    }

    fn visit_seq_expr(&mut self, s: &SeqExpr) {
        let n = s.exprs.len();
        for (i, e) in s.exprs.iter().enumerate() {
            if i + 1 < n {
                self.visit_test(e);
            } else {
                self.visit_expr(e);
            }
        }
    }

    fn visit_switch_stmt(&mut self, s: &SwitchStmt) {
        let n_cases = s.cases.iter().filter(|c| c.test.is_some()).count();
        if n_cases >= 2 && self.parsed.is_original(s.span) {
            let span = self.parsed.span_of(s);
            let cases: Vec<Case> = s
                .cases
                .iter()
                .map(|c| Case {
                    span: self.parsed.span_of(c),
                    test: c
                        .test
                        .as_ref()
                        .map(|t| self.text(self.parsed.span_of(&**t))),
                })
                .collect();
            let shape = SwitchShape {
                discriminant: self.text(self.parsed.span_of(&*s.discriminant)),
                cases,
                groups: groups(&s.cases),
                default_index: s.cases.iter().position(|c| c.test.is_none()),
            };
            let pruned = prune::switch(s, &shape);
            self.out.push(Decision {
                id: DecisionId::new(self.rel_path, span),
                location: self
                    .parsed
                    .lines
                    .location(self.rel_path, self.source, span.lo as usize),
                span,
                shape: Shape::Switch(shape),
                leaves: Vec::new(),
                pruned,
            });
        }
        s.visit_children_with(self);
    }
}

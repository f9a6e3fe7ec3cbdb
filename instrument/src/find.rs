//! Finding decisions: maximal `&&`/`||` trees with two or more leaves, switches with two or more
//! cases, and arm chains (else-if ladders, guard sequences, conditional chains) with two or more
//! conditions.

use std::collections::HashMap;

use swc_common::Spanned;
use swc_ecma_ast::{
    ArrowExpr, BlockStmt, CondExpr, DoWhileStmt, Expr, ExprStmt, ForStmt, Function, IfStmt,
    ModuleItem, SeqExpr, Stmt, SwitchCase, SwitchStmt, UnaryExpr, UnaryOp, WhileStmt,
};
use swc_ecma_visit::{Visit, VisitWith};

use crate::capture;
use crate::chain;
use crate::model::{
    Arm, Case, ChainKind, ChainShape, Context, Decision, DecisionId, Leaf, PruneReason, Shape,
    Span, SwitchShape,
};
use crate::parse::Parsed;
use crate::prune;
use crate::syntax::{binds_looser_than_logical, build_tree, groups, logical_op, strip_parens};

/// Which kind of node a decision number belongs to, keyed by the node's byte span.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A logical decision.
    Logical,
    /// A switch decision.
    Switch,
    /// An arm chain (keyed by the span of the whole construct).
    Chain,
}

/// Every decision of a parsed file, in pre-order (outer before inner, then source order).
pub fn decisions(parsed: &Parsed, source: &str, rel_path: &str) -> Vec<Decision> {
    let mut f = Finder {
        parsed,
        source,
        rel_path,
        out: Vec::new(),
        test_next: false,
        list_start: match source.starts_with("#!") {
            true => source.find('\n').map_or(source.len(), |n| n + 1) as u32,
            false => 0,
        },
        functions: Vec::new(),
        function_spans: Vec::new(),
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
                Shape::Chain(_) => Kind::Chain,
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
    /// Where the statement list being visited starts (after its `{` or `case …:`): only trivia
    /// lies between it and the first statement.
    list_start: u32,
    /// The 1-based start lines of the functions around the node being visited, innermost last.
    functions: Vec<u32>,
    /// The spans of the functions around the node being visited, innermost last.
    function_spans: Vec<Span>,
}

impl Finder<'_> {
    fn text(&self, sp: Span) -> String {
        self.source
            .get(sp.lo as usize..sp.hi as usize)
            .unwrap_or("")
            .to_string()
    }

    fn push(&mut self, span: Span, shape: Shape, leaves: Vec<Leaf>, pruned: Vec<PruneReason>) {
        self.out.push(Decision {
            id: DecisionId::new(self.rel_path, span),
            location: self
                .parsed
                .lines
                .location(self.rel_path, self.source, span.lo as usize),
            span,
            shape,
            leaves,
            pruned,
            function_line: self.functions.last().copied(),
        });
    }

    /// Visits a function's children with its start line on the stack.
    fn in_function(&mut self, span: Span, visit: impl FnOnce(&mut Self)) {
        let lo = span.lo;
        let line = self
            .parsed
            .lines
            .location(self.rel_path, self.source, lo as usize)
            .line;
        self.functions.push(line);
        self.function_spans.push(span);
        visit(self);
        self.functions.pop();
        self.function_spans.pop();
    }

    /// A check (parentheses stripped) as a leaf.
    fn leaf(&self, e: &Expr) -> Leaf {
        let sp = self.parsed.span_of(e);
        Leaf {
            span: sp,
            text: self.text(sp),
            low_precedence: binds_looser_than_logical(e),
        }
    }

    /// Records an arm chain with these conditions and arms.
    fn chain(&mut self, kind: ChainKind, span: Span, conds: &[&Expr], arms: Vec<Arm>) {
        let conds: Vec<&Expr> = conds.iter().map(|c| strip_parens(c)).collect();
        let leaves = conds.iter().map(|c| self.leaf(c)).collect();
        let body_spans: Vec<Span> = arms.iter().map(|a| a.body).collect();
        let function = self.function_spans.last().copied();
        let movable = capture::movable(self.parsed, function, &conds, &body_spans);
        // a movable capture is checked as the value it tests; its arm's body reads what its
        // own condition stored, so it behaves as no other arm does
        let uncaptured: Vec<Option<Expr>> = conds
            .iter()
            .zip(&movable)
            .map(|(c, &m)| m.then(|| capture::uncaptured(c)).flatten())
            .collect();
        let conds: Vec<&Expr> = conds
            .iter()
            .zip(&uncaptured)
            .map(|(c, u)| u.as_ref().unwrap_or(c))
            .collect();
        let bodies: Vec<String> = arms
            .iter()
            .zip(&movable)
            .enumerate()
            .map(|(i, (a, &m))| match m {
                true => format!("\0capture {i}"),
                false => chain::normalise(&self.text(a.body)),
            })
            .collect();
        let shape = ChainShape {
            kind,
            arms,
            default: None,
            same_body: chain::same_groups(&bodies),
            proven_exclusive: crate::exclusive::proven_exclusive(&conds),
        };
        let pruned = prune::chain(&conds, self.source, self.parsed);
        self.push(span, Shape::Chain(shape), leaves, pruned);
    }

    /// Sets the default (`else`, last alternative) of the arm chain just recorded.
    fn set_default(&mut self, default: Span) {
        if let Some(Shape::Chain(c)) = self.out.last_mut().map(|d| &mut d.shape) {
            c.default = Some(default);
        }
    }

    /// The arm from the start of `from` to the end of `body`.
    fn arm(&self, from: &impl Spanned, body: &impl Spanned) -> Arm {
        let body = self.parsed.span_of(body);
        Arm {
            span: Span {
                lo: self.parsed.span_of(from).lo,
                hi: body.hi,
            },
            body,
        }
    }

    /// An else-if ladder: records it and visits its parts (the inner `if`s are not ladders of their own).
    fn ladder(&mut self, s: &IfStmt, levels: &[&IfStmt], default: Option<&Stmt>) {
        let arms = levels.iter().map(|l| self.arm(*l, &*l.cons)).collect();
        let conds: Vec<&Expr> = levels.iter().map(|l| &*l.test).collect();
        self.chain(ChainKind::IfElse, self.parsed.span_of(s), &conds, arms);
        if let Some(d) = default {
            self.set_default(self.parsed.span_of(d));
        }
        for l in levels {
            self.visit_test(&l.test);
            l.cons.visit_with(self);
        }
        if let Some(d) = default {
            d.visit_with(self);
        }
    }

    /// A conditional chain: records it and visits its parts.
    fn conditional(&mut self, c: &CondExpr, levels: &[&CondExpr], last: &Expr) {
        let arms = levels
            .iter()
            .map(|l| self.arm(&*l.test, &*l.cons))
            .collect();
        let conds: Vec<&Expr> = levels.iter().map(|l| &*l.test).collect();
        self.chain(ChainKind::Conditional, self.parsed.span_of(c), &conds, arms);
        self.set_default(self.parsed.span_of(last));
        for l in levels {
            self.visit_test(&l.test);
            self.visit_expr(&l.cons);
        }
        self.visit_expr(last);
    }

    /// Visits a statement list (`spans` of every item, `None` for what is not a statement),
    /// recording each guard sequence before its statements.
    fn statements(
        &mut self,
        stmts: &[Option<&Stmt>],
        spans: &[Span],
        visit: &mut dyn FnMut(&mut Self, usize),
    ) {
        let mut runs = chain::guard_runs(stmts).into_iter().peekable();
        for i in 0..stmts.len() {
            if let Some((a, b)) = runs.next_if(|r| r.0 == i) {
                self.guards(stmts, spans, a, b);
            }
            visit(self, i);
        }
    }

    /// Records the guard sequence `stmts[a..b]`.
    fn guards(&mut self, stmts: &[Option<&Stmt>], spans: &[Span], a: usize, b: usize) {
        let guards: Vec<(&IfStmt, &Stmt)> = stmts[a..b]
            .iter()
            .filter_map(|s| s.and_then(chain::guard))
            .collect();
        if guards.iter().any(|(i, _)| !self.parsed.is_original(i.span)) {
            return;
        }
        let src = self.source;
        let arms = (a..b)
            .zip(&guards)
            .map(|(k, (_, exit))| {
                let from = if k > 0 {
                    spans[k - 1].hi
                } else {
                    self.list_start
                };
                let sp = spans[k];
                Arm {
                    span: Span {
                        lo: chain::leading_comments(src, from as usize, sp.lo as usize) as u32,
                        hi: chain::trailing_comments(src, sp.hi as usize) as u32,
                    },
                    body: self.parsed.span_of(*exit),
                }
            })
            .collect();
        let conds: Vec<&Expr> = guards.iter().map(|(i, _)| &*i.test).collect();
        let span = Span {
            lo: spans[a].lo,
            hi: spans[b - 1].hi,
        };
        self.chain(ChainKind::Guards, span, &conds, arms);
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
        let leaf_models: Vec<Leaf> = leaves.iter().map(|l| self.leaf(l)).collect();
        let pruned = prune::logical(&tree, &leaves, context, self.source, self.parsed);
        self.push(span, Shape::Logical { tree, context }, leaf_models, pruned);
        for l in leaves {
            self.visit_expr(l);
        }
    }
}

impl Visit for Finder<'_> {
    fn visit_function(&mut self, f: &Function) {
        let span = self.parsed.span_of(f);
        self.in_function(span, |s| f.visit_children_with(s));
    }

    fn visit_arrow_expr(&mut self, a: &ArrowExpr) {
        let span = self.parsed.span_of(a);
        self.in_function(span, |s| a.visit_children_with(s));
    }
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
        if let Some((levels, default)) = chain::ladder(s) {
            if self.parsed.is_original(s.span) {
                return self.ladder(s, &levels, default);
            }
        }
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
        if let Some((levels, last)) = chain::conditional(c) {
            if self.parsed.is_original(c.span) {
                return self.conditional(c, &levels, last);
            }
        }
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
            self.push(span, Shape::Switch(shape), Vec::new(), pruned);
        }
        s.visit_children_with(self);
    }

    fn visit_stmts(&mut self, stmts: &[Stmt]) {
        let opt: Vec<Option<&Stmt>> = stmts.iter().map(Some).collect();
        let spans: Vec<Span> = stmts.iter().map(|s| self.parsed.span_of(s)).collect();
        self.statements(&opt, &spans, &mut |f, i| stmts[i].visit_with(f));
    }

    fn visit_module_items(&mut self, items: &[ModuleItem]) {
        let opt: Vec<Option<&Stmt>> = items.iter().map(chain::item_stmt).collect();
        let spans: Vec<Span> = items.iter().map(|s| self.parsed.span_of(s)).collect();
        self.statements(&opt, &spans, &mut |f, i| items[i].visit_with(f));
    }

    fn visit_block_stmt(&mut self, b: &BlockStmt) {
        let saved = std::mem::replace(&mut self.list_start, self.parsed.span_of(b).lo + 1);
        b.visit_children_with(self);
        self.list_start = saved;
    }

    fn visit_switch_case(&mut self, c: &SwitchCase) {
        let start = match &c.test {
            Some(t) => self.parsed.span_of(&**t).hi,
            None => self.parsed.span_of(c).lo,
        };
        let saved = std::mem::replace(&mut self.list_start, start);
        c.visit_children_with(self);
        self.list_start = saved;
    }
}

//! Arm chains (else-if ladders, guard sequences, conditional chains) go through the runtime
//! calls of logical decisions: each condition, in place, is a check (`cs`, `ce`); a true one ends
//! the decision with `de`, which evaluates the later conditions speculatively through a thunk
//! when `k` asks for it; the last condition ends it whatever its value.
//!
//! Condition `i < n-1` of decision `D` becomes
//! `((__dp.cs(D, i), __dp.ce(D, i, ci)) && __dp.de(D, true, __dp.k(D) && Ti))`, with
//! `Ti = (__dpi) => __dpi === i+1 ? (c{i+1}) : … : void 0`, and the last
//! `__dp.de(D, (__dp.cs(D, n-1), __dp.ce(D, n-1, c{n-1})), false)`; the first starts with
//! `__dp.ds(D), `. A chain whose condition suspends (`await`, `yield`), or a statically pruned one
//! (but under `--exact`, where it passes `false` for every thunk), gets `__dp.dx(D)` and plain
//! branch points instead. The thunks hold `n(n-1)/2` condition copies in all, so a chain of more than
//! [`MAX_SPECULATED`] conditions is instrumented as a pruned one is (checks, no speculation).

use swc_common::DUMMY_SP;
use swc_ecma_ast::{BinaryOp, CondExpr, Expr, IfStmt, ModuleItem, Stmt};
use swc_ecma_visit::VisitMutWith;

use super::{plain, take, Transform};
use crate::ast::*;
use crate::chain;
use crate::find::Kind;
use crate::model::{ChainKind, Shape, Span};
use crate::syntax::strip_parens;

/// The most conditions a chain may have for its later conditions to be speculated.
const MAX_SPECULATED: usize = 64;

/// How a chain's conditions are instrumented.
enum Mode {
    /// Counted only (a condition suspends, or pruned without `--exact`): `dx` and branch
    /// points.
    Counted,
    /// Statically pruned under `--exact`: checks without speculation.
    Pruned,
    /// Kept: checks, and the later conditions speculated through thunks.
    Kept,
}

/// One chain being instrumented.
struct Plan {
    /// The decision number.
    d: i64,
    /// Number of conditions.
    n: usize,
    mode: Mode,
    /// The conditions as copies instrumented for speculation (kept chains only).
    copies: Vec<Expr>,
    /// The conditions' plain copies, run when an execution is counted only (kept chains whose
    /// conditions hold no decision, function or class; otherwise empty).
    plain: Vec<Expr>,
    /// The locals the thunks take as arguments (`super::thunk_args`).
    args: Vec<String>,
}

/// `e` without any surrounding parentheses, mutably.
fn strip_parens_mut(mut e: &mut Expr) -> &mut Expr {
    while let Expr::Paren(p) = e {
        e = &mut p.expr;
    }
    e
}

impl Transform<'_> {
    /// The decision number of the arm chain of `kind` with `n` conditions spanning `span`, if
    /// it is one (never while instrumenting a speculation copy).
    fn chain_at(&self, span: Span, kind: ChainKind, n: usize) -> Option<usize> {
        if self.spec {
            return None;
        }
        let k = *self.index.get(&(Kind::Chain, span))?;
        let d = &self.decisions[k];
        match &d.shape {
            Shape::Chain(c) if c.kind == kind && d.leaves.len() == n => Some(k),
            _ => None,
        }
    }

    /// The plan for decision `k` with these conditions (as written, before instrumenting).
    fn plan(&mut self, k: usize, conds: Vec<Expr>) -> Plan {
        let dec = &self.decisions[k];
        let mode = match (self.counted_only(dec), dec.pruned.is_empty()) {
            (true, _) => Mode::Counted,
            (false, true) if conds.len() <= MAX_SPECULATED => Mode::Kept,
            (false, _) => Mode::Pruned,
        };
        let mut copies = Vec::new();
        // a kept chain's captures (`m = e`) are movable ones: speculation evaluates what they
        // test and leaves the local alone
        let speculated: Vec<Expr> = conds[1..]
            .iter()
            .map(|c| crate::capture::uncaptured(c).unwrap_or_else(|| c.clone()))
            .collect();
        let args = match mode {
            Mode::Kept => self.thunk_params(&speculated, dec.span.lo),
            _ => Vec::new(),
        };
        if matches!(mode, Mode::Kept) {
            let saved = std::mem::replace(&mut self.spec, true);
            for mut c in speculated {
                self.leaf_body(&mut c);
                copies.push(c);
            }
            self.spec = saved;
        }
        let copyable = matches!(mode, Mode::Kept)
            && conds
                .iter()
                .all(|c| !plain::defines_code(c) && self.spans.shallow(self.parsed.span_of(c), k));
        let mut plain = Vec::new();
        if copyable {
            self.plain = true;
            for mut c in conds.iter().cloned() {
                self.leaf_body(&mut c);
                plain.push(c);
            }
            self.plain = false;
        }
        Plan {
            d: self.decision_number(k),
            n: conds.len(),
            mode,
            copies,
            plain,
            args,
        }
    }

    /// `(__dpi) => __dpi === i+1 ? (c{i+1}) : … : void 0` over the conditions after `i`.
    fn thunk(plan: &Plan, i: usize) -> Expr {
        let mut body = void0();
        for j in (i + 1..plan.n).rev() {
            body = Expr::Cond(CondExpr {
                span: DUMMY_SP,
                test: Box::new(bin(BinaryOp::EqEqEq, ident("__dpi"), num(j as i64))),
                cons: Box::new(paren(plan.copies[j - 1].clone())),
                alt: Box::new(body),
            });
        }
        arrow_expr(&super::thunk_args::params(&plan.args, "__dpi"), body)
    }

    /// Instruments condition `i` of the chain in place.
    fn chain_condition(&mut self, plan: &Plan, i: usize, cond: &mut Expr) {
        self.leaf_body(cond);
        let mut c = take(cond);
        while let Expr::Paren(p) = c {
            c = *p.expr;
        }
        let d = num(plan.d);
        let at = num(i as i64);
        let mut parts = Vec::new();
        if let Mode::Counted = plan.mode {
            if i == 0 {
                parts.push(dp_call("dx", vec![d]));
            }
            parts.extend([branch(), c]);
            *cond = seq(parts);
            return;
        }
        if i == 0 && plan.plain.is_empty() {
            parts.push(dp_call("ds", vec![d.clone()]));
        }
        let check = seq(vec![
            dp_call("cs", vec![d.clone(), at.clone()]),
            dp_call("ce", vec![d.clone(), at, c]),
        ]);
        if i + 1 == plan.n {
            parts.push(dp_call("de", vec![d.clone(), check, boolean(false)]));
        } else {
            let thunk = match plan.mode {
                Mode::Kept => bin(
                    BinaryOp::LogicalAnd,
                    dp_call("k", vec![d.clone()]),
                    Self::thunk(plan, i),
                ),
                _ => boolean(false),
            };
            let mut call = vec![d.clone(), boolean(true), thunk];
            if matches!(plan.mode, Mode::Kept) {
                call.extend(plan.args.iter().map(|a| ident(a)));
            }
            let ends = dp_call("de", call);
            parts.push(bin(BinaryOp::LogicalAnd, check, ends));
        }
        *cond = match plan.plain.get(i) {
            Some(p) if i == 0 => crate::ast::cond(
                dp_call("dr", vec![d]),
                seq(parts),
                seq(vec![branch(), p.clone()]),
            ),
            Some(p) => crate::ast::cond(dp_call("dc", vec![d]), seq(parts), p.clone()),
            None => seq(parts),
        };
    }

    /// The plan for the arm chain of `kind` spanning `span` with these conditions, if it is a
    /// decision.
    fn start(&mut self, span: Span, kind: ChainKind, tests: &[&Expr]) -> Option<Plan> {
        let k = self.chain_at(span, kind, tests.len())?;
        let conds = tests.iter().map(|t| strip_parens(t).clone()).collect();
        Some(self.plan(k, conds))
    }

    /// Instruments `s` as an else-if ladder if it is one; false if it is not.
    pub(super) fn ladder(&mut self, s: &mut IfStmt) -> bool {
        let Some((levels, _)) = chain::ladder(s) else {
            return false;
        };
        let tests: Vec<&Expr> = levels.iter().map(|l| &*l.test).collect();
        let Some(plan) = self.start(self.parsed.span_of(&*s), ChainKind::IfElse, &tests) else {
            return false;
        };
        self.ladder_level(s, &plan, 0);
        true
    }

    fn ladder_level(&mut self, s: &mut IfStmt, plan: &Plan, i: usize) {
        self.chain_condition(plan, i, &mut s.test);
        s.cons.visit_mut_with(self);
        prepend(&mut s.cons, branch_stmt());
        if let Some(alt) = &mut s.alt {
            match &mut **alt {
                Stmt::If(next) if i + 1 < plan.n => self.ladder_level(next, plan, i + 1),
                other => other.visit_mut_with(self),
            }
            prepend(alt, branch_stmt());
        }
    }

    /// Instruments `c` as a conditional chain if it is one; false if it is not.
    pub(super) fn conditional(&mut self, c: &mut CondExpr) -> bool {
        let Some((levels, _)) = chain::conditional(c) else {
            return false;
        };
        let tests: Vec<&Expr> = levels.iter().map(|l| &*l.test).collect();
        let span = self.parsed.span_of(&*c);
        // a chain inside a plain copy is recorded in full when it is recorded
        let outer_plain = std::mem::replace(&mut self.plain, false);
        let Some(plan) = self.start(span, ChainKind::Conditional, &tests) else {
            self.plain = outer_plain;
            return false;
        };
        self.conditional_level(c, &plan, 0);
        self.plain = outer_plain;
        true
    }

    fn conditional_level(&mut self, c: &mut CondExpr, plan: &Plan, i: usize) {
        self.chain_condition(plan, i, &mut c.test);
        c.cons.visit_mut_with(self);
        let cons = take(&mut c.cons);
        *c.cons = seq(vec![branch(), cons]);
        match strip_parens_mut(&mut c.alt) {
            Expr::Cond(next) if i + 1 < plan.n => self.conditional_level(next, plan, i + 1),
            other => other.visit_mut_with(self),
        }
        let alt = take(&mut c.alt);
        *c.alt = seq(vec![branch(), alt]);
    }

    /// The guard sequences of a statement list that are decisions: `(start, end, decision)`.
    fn guard_decisions(&self, stmts: &[Option<&Stmt>]) -> Vec<(usize, usize, usize)> {
        chain::guard_runs(stmts)
            .into_iter()
            .filter_map(|(a, b)| {
                let span = Span {
                    lo: self.parsed.span_of(stmts[a]?).lo,
                    hi: self.parsed.span_of(stmts[b - 1]?).hi,
                };
                let k = self.chain_at(span, ChainKind::Guards, b - a)?;
                Some((a, b, k))
            })
            .collect()
    }

    /// Instruments the guards `stmts` of decision `k`.
    fn guards(&mut self, k: usize, stmts: Vec<&mut Stmt>) {
        let mut ifs: Vec<&mut IfStmt> = stmts
            .into_iter()
            .filter_map(|s| match s {
                Stmt::If(i) => Some(i),
                _ => None,
            })
            .collect();
        let conds = ifs.iter().map(|s| strip_parens(&s.test).clone()).collect();
        let plan = self.plan(k, conds);
        for (i, s) in ifs.iter_mut().enumerate() {
            self.chain_condition(&plan, i, &mut s.test);
            s.cons.visit_mut_with(self);
            prepend(&mut s.cons, branch_stmt());
        }
    }

    /// Visits a statement list, instrumenting its guard sequences that are decisions.
    pub(super) fn statements(&mut self, stmts: &mut [Stmt]) {
        let runs = self.guard_decisions(&stmts.iter().map(Some).collect::<Vec<_>>());
        let mut at = 0;
        for (a, b, k) in runs {
            stmts[at..a].iter_mut().for_each(|s| s.visit_mut_with(self));
            self.guards(k, stmts[a..b].iter_mut().collect());
            at = b;
        }
        stmts[at..].iter_mut().for_each(|s| s.visit_mut_with(self));
    }

    /// [`Self::statements`] for a module's items.
    pub(super) fn module_items(&mut self, items: &mut [ModuleItem]) {
        let stmts: Vec<Option<&Stmt>> = items.iter().map(chain::item_stmt).collect();
        let runs = self.guard_decisions(&stmts);
        let mut at = 0;
        for (a, b, k) in runs {
            items[at..a].iter_mut().for_each(|i| i.visit_mut_with(self));
            let guards = items[a..b]
                .iter_mut()
                .filter_map(|i| match i {
                    ModuleItem::Stmt(s) => Some(s),
                    ModuleItem::ModuleDecl(_) => None,
                })
                .collect();
            self.guards(k, guards);
            at = b;
        }
        items[at..].iter_mut().for_each(|i| i.visit_mut_with(self));
    }
}

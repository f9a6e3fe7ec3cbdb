//! Switch statements: a decision's switch reports which clause ran and what each case test cost.
//!
//! When every case test is a literal, `sw(d, x, default, label…)` does it all in one call: the
//! runtime compares `x` with the labels in order, as the switch will, and charges a branch point
//! per test. Otherwise `sd(d, x)` opens it, `sc(d, i)` starts each case test and `sm(d, i)`
//! marks the clause taken.

use swc_common::DUMMY_SP;
use swc_ecma_ast::{Expr, SwitchCase, SwitchStmt};

use super::take;
use crate::ast::*;

/// Instruments switch `s`, decision `d`.
pub(super) fn decision(s: &mut SwitchStmt, d: i64) {
    match literal_labels(s) {
        Some((default, labels)) => {
            let disc = take(&mut s.discriminant);
            let mut args = vec![num(d), disc, num(default)];
            args.extend(labels);
            *s.discriminant = dp_call("sw", args);
        }
        None => opened_and_marked(s, d),
    }
}

/// A switch that is no decision: a branch point per case test.
pub(super) fn undecided(s: &mut SwitchStmt) {
    for c in s.cases.iter_mut() {
        if let Some(t) = &mut c.test {
            let v = take(t);
            **t = seq(vec![branch(), v]);
        }
    }
}

/// The index of the `default` clause (-1 if none) and copies of the case tests in order, when
/// every test is a literal whose `===` the runtime can decide without running code.
fn literal_labels(s: &SwitchStmt) -> Option<(i64, Vec<Expr>)> {
    let mut default = -1;
    let mut labels = Vec::new();
    for (i, c) in s.cases.iter().enumerate() {
        match &c.test {
            Some(t) if crate::exclusive::literal(t).is_some() => labels.push((**t).clone()),
            Some(_) => return None,
            None => default = i as i64,
        }
    }
    Some((default, labels))
}

/// `sd`, `sc` before each case test, `sm` at the start of each clause (and a `default` clause
/// with `sm(d, -1)` when there is none).
fn opened_and_marked(s: &mut SwitchStmt, d: i64) {
    let disc = take(&mut s.discriminant);
    *s.discriminant = dp_call("sd", vec![num(d), disc]);
    let mut has_default = false;
    for (i, c) in s.cases.iter_mut().enumerate() {
        match &mut c.test {
            Some(t) => {
                let v = take(t);
                **t = seq(vec![dp_call("sc", vec![num(d), num(i as i64)]), v]);
            }
            None => has_default = true,
        }
        c.cons
            .insert(0, expr_stmt(dp_call("sm", vec![num(d), num(i as i64)])));
    }
    if !has_default {
        s.cases.push(SwitchCase {
            span: DUMMY_SP,
            test: None,
            cons: vec![expr_stmt(dp_call("sm", vec![num(d), num(-1)]))],
        });
    }
}

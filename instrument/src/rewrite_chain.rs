//! Rewriting an arm chain with a new order of its arms as minimal text edits: a ladder's or
//! conditional's slot `k` gets condition and body of arm `order[k]`, each in place (the `if`,
//! `else if`, `?`, `:` and what lies between arms stay); a guard sequence's slot `k` gets the
//! whole guard `order[k]` with its comments. The final `else` / alternative never moves.

use swc_ecma_ast::{CondExpr, IfStmt, Stmt};
use swc_ecma_visit::{Visit, VisitWith};

use crate::chain;
use crate::error::RewriteError;
use crate::model::{ChainKind, ChainShape, Decision, Shape, Span};
use crate::parse::Parsed;
use crate::rewrite::mismatch;
use crate::Edit;

/// The edits that give the arm chain `d` (whose shape is `shape`) the arm order `order`.
pub fn edits(
    source: &str,
    parsed: &Parsed,
    d: &Decision,
    shape: &ChainShape,
    order: &[usize],
) -> Result<Vec<Edit>, RewriteError> {
    let mut sorted = order.to_vec();
    sorted.sort_unstable();
    if sorted != (0..shape.arms.len()).collect::<Vec<_>>() {
        return Err(mismatch(
            d,
            "the new order is not a permutation of the arms",
        ));
    }
    let fresh = crate::find::decisions(parsed, source, &d.location.file)
        .into_iter()
        .find(|f| f.span == d.span && f.leaves == d.leaves)
        .ok_or_else(|| mismatch(d, "the source's arm chain differs from the recorded one"))?;
    let Shape::Chain(now) = &fresh.shape else {
        return Err(mismatch(d, "no arm chain at this span in the source"));
    };
    if now.kind != shape.kind || now.arms.len() != shape.arms.len() {
        return Err(mismatch(
            d,
            "the source's arm chain differs from the recorded one",
        ));
    }
    let text = |sp: Span| &source[sp.lo as usize..sp.hi as usize];
    let mut edits = Vec::new();
    let moved = order.iter().enumerate().filter(|(k, o)| k != *o);
    if now.kind == ChainKind::Guards {
        for (k, &o) in moved {
            edits.push(Edit {
                span: now.arms[k].span,
                replacement: text(now.arms[o].span).to_string(),
            });
        }
        return Ok(edits);
    }
    let (conds, last_open) = condition_spans(source, parsed, d.span, now.kind)
        .filter(|(c, _)| c.len() == now.arms.len())
        .ok_or_else(|| mismatch(d, "no arm chain at this span in the source"))?;
    let last = now.arms.len() - 1;
    // a comment ending a body's line moves with it, when every body ends its line (else a
    // moved `// …` would swallow the code after a body that does not)
    let ends: Option<Vec<usize>> = now
        .arms
        .iter()
        .map(|a| chain::comments_to_line_end(source, a.body.hi as usize))
        .collect();
    let bodies: Vec<Span> = match ends {
        Some(ends) => now
            .arms
            .iter()
            .zip(ends)
            .map(|(a, hi)| Span {
                lo: a.body.lo,
                hi: hi as u32,
            })
            .collect(),
        None => now.arms.iter().map(|a| a.body).collect(),
    };
    for (k, &o) in moved {
        edits.push(Edit {
            span: conds[k],
            replacement: text(conds[o]).to_string(),
        });
        let body = text(now.arms[o].body);
        let comment = text(Span {
            lo: now.arms[o].body.hi,
            hi: bodies[o].hi,
        });
        // the last body of a ladder without `else` may end in an `if` without `else`, which
        // would take the `else` that follows its new slot
        let followed_by_else = k < last || now.default.is_some();
        edits.push(Edit {
            span: bodies[k],
            replacement: match followed_by_else && o == last && last_open {
                true => format!("{{ {body} }}{comment}"),
                false => format!("{body}{comment}"),
            },
        });
    }
    Ok(edits)
}

/// Whether a statement as a ladder's body could take an `else` written after it (it is or ends
/// in a lone statement that may be an `if` without `else`).
fn takes_else(s: &Stmt) -> bool {
    matches!(
        s,
        Stmt::If(_)
            | Stmt::For(_)
            | Stmt::ForIn(_)
            | Stmt::ForOf(_)
            | Stmt::While(_)
            | Stmt::Labeled(_)
            | Stmt::With(_)
    )
}

/// What lies between the parentheses of `if (…)`: the test with the comments around it (just
/// the test if the text is not as expected).
fn if_condition(source: &str, parsed: &Parsed, s: &IfStmt) -> Span {
    let test = parsed.span_of(&*s.test);
    let open = chain::skip_trivia(source, parsed.span_of(s).lo as usize + "if".len());
    let close = chain::skip_trivia(source, test.hi as usize);
    let ok = source.as_bytes().get(open) == Some(&b'(')
        && source.as_bytes().get(close) == Some(&b')')
        && open < test.lo as usize;
    match ok {
        true => Span {
            lo: open as u32 + 1,
            hi: close as u32,
        },
        false => test,
    }
}

/// The spans of the conditions (with their parentheses and, in a ladder, the comments inside
/// `if (…)`) of the ladder or conditional chain spanning `span`, and whether its last body could
/// take an `else` (see [`takes_else`]).
fn condition_spans(
    source: &str,
    parsed: &Parsed,
    span: Span,
    kind: ChainKind,
) -> Option<(Vec<Span>, bool)> {
    struct Find<'a> {
        source: &'a str,
        parsed: &'a Parsed,
        span: Span,
        kind: ChainKind,
        out: Option<(Vec<Span>, bool)>,
    }
    impl Find<'_> {
        fn outside(&self, sp: Span) -> bool {
            self.out.is_some() || sp.lo > self.span.lo || sp.hi < self.span.hi
        }
    }
    impl Visit for Find<'_> {
        fn visit_stmt(&mut self, s: &Stmt) {
            if !self.outside(self.parsed.span_of(s)) {
                s.visit_children_with(self);
            }
        }
        fn visit_if_stmt(&mut self, s: &IfStmt) {
            let sp = self.parsed.span_of(s);
            if sp == self.span && self.kind == ChainKind::IfElse {
                if let Some((levels, default)) = chain::ladder(s) {
                    let tests = levels
                        .iter()
                        .map(|l| if_condition(self.source, self.parsed, l));
                    let open =
                        default.is_none() && levels.last().is_some_and(|l| takes_else(&l.cons));
                    self.out = Some((tests.collect(), open));
                    return;
                }
            }
            s.visit_children_with(self);
        }
        fn visit_expr(&mut self, e: &swc_ecma_ast::Expr) {
            if !self.outside(self.parsed.span_of(e)) {
                e.visit_children_with(self);
            }
        }
        fn visit_cond_expr(&mut self, c: &CondExpr) {
            let sp = self.parsed.span_of(c);
            if sp == self.span && self.kind == ChainKind::Conditional {
                if let Some((levels, _)) = chain::conditional(c) {
                    let tests = levels.iter().map(|l| self.parsed.span_of(&*l.test));
                    self.out = Some((tests.collect(), false));
                    return;
                }
            }
            c.visit_children_with(self);
        }
    }
    let mut f = Find {
        source,
        parsed,
        span,
        kind,
        out: None,
    };
    parsed.program.visit_with(&mut f);
    f.out
}

//! Plain copies: a kept `&&`/`||` decision runs `__dp.dr(D) ? <recorded> : <plain>`, where the
//! plain copy is the decision as written with a branch point before each check; an arm chain's
//! first condition does the same and each later one runs `__dp.dc(D) ? <recorded> : <plain>`
//! (`dc`: whether this execution has a frame; if not it counts the branch point). A settled
//! decision's executions that are not recorded run the copies, and pay one runtime call plus
//! the branch points instead of a frame and two calls per check. Only checks whose copying
//! duplicates nothing but expressions and decisions that hold no others get one: no function or
//! class, no decision nested two deep. A decision inside a copy is instrumented in full there
//! too (it may be recorded while the outer one is not), so its code appears twice.

use swc_ecma_ast::{ArrowExpr, Class, Expr, Function};
use swc_ecma_visit::{Visit, VisitWith};

use crate::model::{Decision, Span};

/// The decisions of a file by where they start: which lie inside a span.
pub(super) struct Spans(Vec<(Span, usize)>);

impl Spans {
    /// The spans of `decisions`, by start.
    pub fn new(decisions: &[Decision]) -> Self {
        let mut v: Vec<(Span, usize)> = decisions.iter().map(|d| d.span).zip(0..).collect();
        v.sort_by_key(|(s, _)| s.lo);
        Spans(v)
    }

    /// The decisions other than `except` inside `span`.
    fn inside(&self, span: Span, except: usize) -> impl Iterator<Item = (Span, usize)> + '_ {
        let from = self.0.partition_point(|(s, _)| s.lo < span.lo);
        self.0[from..]
            .iter()
            .take_while(move |(s, _)| s.lo < span.hi)
            .filter(move |&&(s, k)| k != except && s.hi <= span.hi)
            .copied()
    }

    /// Whether a decision other than `except` lies inside `span`.
    pub fn any_inside(&self, span: Span, except: usize) -> bool {
        self.inside(span, except).next().is_some()
    }

    /// Whether the decisions inside `span` (but `except`) hold none themselves: a copy of
    /// `span` then duplicates decisions one level deep at most.
    pub fn shallow(&self, span: Span, except: usize) -> bool {
        self.inside(span, except)
            .all(|(s, k)| !self.any_inside(s, k))
    }
}

/// Whether `e` defines a function or a class.
pub(super) fn defines_code(e: &Expr) -> bool {
    let mut found = Defines(false);
    e.visit_with(&mut found);
    found.0
}

struct Defines(bool);

impl Visit for Defines {
    fn visit_function(&mut self, _: &Function) {
        self.0 = true;
    }
    fn visit_arrow_expr(&mut self, _: &ArrowExpr) {
        self.0 = true;
    }
    fn visit_class(&mut self, _: &Class) {
        self.0 = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_decision_holding_another_is_marked_and_disjoint_ones_are_not() {
        let src = "if (a && f(b || c)) x(); if (d && e) y();";
        let parsed = crate::source_file::parse(src, "t.js").unwrap();
        let decisions = crate::find::decisions(&parsed, src, "t.js");
        let spans = Spans::new(&decisions);
        let by_text: Vec<(String, bool)> = (0..decisions.len())
            .map(|k| {
                let s = decisions[k].span;
                let text = src[s.lo as usize..s.hi as usize].to_string();
                (text, spans.any_inside(s, k))
            })
            .collect();
        assert!(
            by_text.contains(&("a && f(b || c)".into(), true)),
            "{by_text:?}"
        );
        assert!(by_text.contains(&("b || c".into(), false)), "{by_text:?}");
        assert!(by_text.contains(&("d && e".into(), false)), "{by_text:?}");
        let outer = (0..decisions.len()).find(|&k| by_text[k].1).unwrap();
        assert!(spans.shallow(decisions[outer].span, outer));
    }

    #[test]
    fn a_decision_two_deep_makes_a_span_deep() {
        let src = "if (a && f(b || g(c && d))) x();";
        let parsed = crate::source_file::parse(src, "t.js").unwrap();
        let decisions = crate::find::decisions(&parsed, src, "t.js");
        let spans = Spans::new(&decisions);
        let depth = |k: usize| spans.shallow(decisions[k].span, k);
        let shallow: Vec<bool> = (0..decisions.len()).map(depth).collect();
        assert_eq!(shallow.iter().filter(|&&s| !s).count(), 1, "{shallow:?}");
    }
}

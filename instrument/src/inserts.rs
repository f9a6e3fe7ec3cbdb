//! Text inserted into a source at byte offsets, every other byte in place: how the workarounds for
//! Boa change code that runs as it is.

use swc_common::DUMMY_SP;
use swc_ecma_ast::{Expr, ParenExpr};
use swc_ecma_visit::{Visit, VisitWith};

/// Puts `e` in parentheses (in a program's tree, as the workarounds for Boa do).
pub(crate) fn parenthesize(e: &mut Expr) {
    let inner = std::mem::replace(e, Expr::Invalid(Default::default()));
    *e = Expr::Paren(ParenExpr {
        span: DUMMY_SP,
        expr: Box::new(inner),
    });
}

/// `source` with each `(offset, text)` inserted; texts at one offset appear in the order given.
pub(crate) fn insert_all(source: &str, edits: &[(usize, &str)]) -> String {
    // from the end, so earlier offsets stay right; at one offset the last given goes in first
    let mut order: Vec<(usize, &(usize, &str))> = edits.iter().enumerate().collect();
    order.sort_by_key(|(k, e)| std::cmp::Reverse((e.0, *k)));
    let mut out = source.to_string();
    for (_, (at, text)) in order {
        out.insert_str(*at, text);
    }
    out
}

/// `source` (the file `rel_path`) parsed, with `open` and `close` around each expression part
/// `find` picks (it is given every expression, innermost first); `None` when it picks none or the
/// file does not parse.
pub(crate) fn wrap_parsed(
    source: &str,
    rel_path: &str,
    (open, close): (&'static str, &'static str),
    find: impl Fn(&Expr) -> Option<swc_common::Span> + Send,
) -> Option<String> {
    struct Spots<'a, F> {
        parsed: &'a crate::parse::Parsed,
        find: F,
        wrap: (&'static str, &'static str),
        edits: Vec<(usize, &'static str)>,
    }
    impl<F: Fn(&Expr) -> Option<swc_common::Span>> Visit for Spots<'_, F> {
        fn visit_expr(&mut self, e: &Expr) {
            e.visit_children_with(self);
            if let Some(sp) = (self.find)(e) {
                let sp = self.parsed.span(sp);
                self.edits.push((sp.lo as usize, self.wrap.0));
                self.edits.push((sp.hi as usize, self.wrap.1));
            }
        }
    }
    crate::with_big_stack(|| {
        let parsed = crate::source_file::parse(source, rel_path).ok()?;
        let mut spots = Spots {
            parsed: &parsed,
            find,
            wrap: (open, close),
            edits: Vec::new(),
        };
        parsed.program.visit_with(&mut spots);
        (!spots.edits.is_empty()).then(|| insert_all(source, &spots.edits))
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn texts_at_one_offset_keep_their_order() {
        let out = super::insert_all("ab", &[(1, "["), (0, "<"), (1, "]"), (2, ">")]);
        assert_eq!(out, "<a[]b>");
    }
}

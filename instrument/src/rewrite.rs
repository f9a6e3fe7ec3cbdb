//! Rewriting one decision with a new order as minimal text edits on the original source.

use swc_ecma_ast::{Expr, SwitchStmt};
use swc_ecma_visit::{Visit, VisitWith};

use crate::error::RewriteError;
use crate::model::{Decision, LogicalOp, Reorder, Shape, Span, Tree};
use crate::parse::Parsed;
use crate::source_file::parse;
use crate::syntax::{binds_looser_than_logical, ends_clause, logical_op, strip_parens};
use crate::Edit;

/// A logical tree with the spans needed to move its parts.
enum STree {
    Leaf {
        idx: usize,
        outer: Span,
        inner: Span,
        low_precedence: bool,
    },
    Node {
        op: LogicalOp,
        left: Box<STree>,
        right: Box<STree>,
        outer: Span,
        inner: Span,
    },
}

impl STree {
    fn outer(&self) -> Span {
        match self {
            STree::Leaf { outer, .. } | STree::Node { outer, .. } => *outer,
        }
    }
    fn inner(&self) -> Span {
        match self {
            STree::Leaf { inner, .. } | STree::Node { inner, .. } => *inner,
        }
    }
    fn leaves(&self, out: &mut Vec<usize>) {
        match self {
            STree::Leaf { idx, .. } => out.push(*idx),
            STree::Node { left, right, .. } => {
                left.leaves(out);
                right.leaves(out);
            }
        }
    }
}

fn tree_leaves(t: &Tree, out: &mut Vec<usize>) {
    match t {
        Tree::Leaf(i) => out.push(*i),
        Tree::Node { left, right, .. } => {
            tree_leaves(left, out);
            tree_leaves(right, out);
        }
    }
}

fn sorted_leaves_st(t: &STree) -> Vec<usize> {
    let mut v = Vec::new();
    t.leaves(&mut v);
    v.sort_unstable();
    v
}

fn sorted_leaves_tree(t: &Tree) -> Vec<usize> {
    let mut v = Vec::new();
    tree_leaves(t, &mut v);
    v.sort_unstable();
    v
}

fn build(e: &Expr, parsed: &Parsed, next: &mut usize) -> STree {
    let outer = parsed.span_of(e);
    let s = strip_parens(e);
    let inner = parsed.span_of(s);
    match logical_op(s) {
        Some((op, b)) => {
            let left = build(&b.left, parsed, next);
            let right = build(&b.right, parsed, next);
            STree::Node {
                op,
                left: Box::new(left),
                right: Box::new(right),
                outer,
                inner,
            }
        }
        None => {
            *next += 1;
            STree::Leaf {
                idx: *next - 1,
                outer,
                inner,
                low_precedence: binds_looser_than_logical(s),
            }
        }
    }
}

/// Finds the logical expression or switch with the given span.
struct FindNode<'a> {
    parsed: &'a Parsed,
    span: Span,
    expr: Option<Expr>,
    switch: Option<SwitchStmt>,
}

impl Visit for FindNode<'_> {
    fn visit_expr(&mut self, e: &Expr) {
        if self.expr.is_some() {
            return;
        }
        let sp = self.parsed.span_of(e);
        if sp.lo > self.span.lo || sp.hi < self.span.hi {
            return;
        }
        if sp == self.span && logical_op(e).is_some() {
            self.expr = Some(e.clone());
            return;
        }
        e.visit_children_with(self);
    }
    fn visit_switch_stmt(&mut self, s: &SwitchStmt) {
        if self.parsed.span_of(s) == self.span {
            self.switch = Some(s.clone());
            return;
        }
        s.visit_children_with(self);
    }
}

/// The error for an order that does not fit decision `d` or its source.
pub(crate) fn mismatch(d: &Decision, message: impl Into<String>) -> RewriteError {
    RewriteError::Mismatch {
        id: d.id.to_string(),
        message: message.into(),
    }
}

fn chain_st<'t>(t: &'t STree, op: LogicalOp, out: &mut Vec<&'t STree>) {
    match t {
        STree::Node {
            op: o, left, right, ..
        } if *o == op => {
            chain_st(left, op, out);
            chain_st(right, op, out);
        }
        _ => out.push(t),
    }
}

fn chain_tree<'t>(t: &'t Tree, op: LogicalOp, out: &mut Vec<&'t Tree>) {
    match t {
        Tree::Node {
            op: o, left, right, ..
        } if *o == op => {
            chain_tree(left, op, out);
            chain_tree(right, op, out);
        }
        _ => out.push(t),
    }
}

struct Renderer<'a> {
    source: &'a str,
    decision: &'a Decision,
}

impl Renderer<'_> {
    fn render(&self, new: &Tree, old: &STree, edits: &mut Vec<Edit>) -> Result<(), RewriteError> {
        match (new, old) {
            (Tree::Leaf(i), STree::Leaf { idx, .. }) if i == idx => Ok(()),
            (Tree::Node { op, .. }, STree::Node { op: oop, .. }) if op == oop => {
                let mut olds = Vec::new();
                chain_st(old, *op, &mut olds);
                let mut news = Vec::new();
                chain_tree(new, *op, &mut news);
                if olds.len() != news.len() {
                    return Err(mismatch(
                        self.decision,
                        "the new order changes the operand structure",
                    ));
                }
                let old_sets: Vec<Vec<usize>> = olds.iter().map(|o| sorted_leaves_st(o)).collect();
                for (k, n) in news.iter().enumerate() {
                    let set = sorted_leaves_tree(n);
                    let m = old_sets.iter().position(|s| *s == set).ok_or_else(|| {
                        mismatch(
                            self.decision,
                            "an operand of the new order is not one of the old",
                        )
                    })?;
                    if m == k {
                        self.render(n, olds[k], edits)?;
                    } else {
                        let text = self.text_of(n, olds[m])?;
                        let needs = match olds[m] {
                            STree::Leaf { low_precedence, .. } => *low_precedence,
                            STree::Node { op: inner_op, .. } => {
                                *op == LogicalOp::And && *inner_op == LogicalOp::Or
                            }
                        };
                        edits.push(Edit {
                            span: olds[k].outer(),
                            replacement: if needs { format!("({text})") } else { text },
                        });
                    }
                }
                Ok(())
            }
            _ => Err(mismatch(
                self.decision,
                "the new order does not have the decision's shape and operators",
            )),
        }
    }

    /// The text of `old` (parentheses stripped) after giving it the order `new`.
    fn text_of(&self, new: &Tree, old: &STree) -> Result<String, RewriteError> {
        let mut edits = Vec::new();
        self.render(new, old, &mut edits)?;
        let inner = old.inner();
        for e in &mut edits {
            e.span.lo -= inner.lo;
            e.span.hi -= inner.lo;
        }
        let base = &self.source[inner.lo as usize..inner.hi as usize];
        Ok(crate::apply_edits(base, &edits))
    }
}

/// Edits that give a logical, switch or arm-chain decision its new order (see [`crate::rewrite`]).
pub fn rewrite(source: &str, d: &Decision, order: &Reorder) -> Result<Vec<Edit>, RewriteError> {
    let parsed = parse(source, &d.location.file).map_err(|e| RewriteError::Reparse {
        id: d.id.to_string(),
        message: format!("original does not parse: {e}"),
    })?;
    let mut f = FindNode {
        parsed: &parsed,
        span: d.span,
        expr: None,
        switch: None,
    };
    parsed.program.visit_with(&mut f);
    let edits = match (&d.shape, order) {
        (Shape::Logical { .. }, Reorder::Logical(tree)) => {
            let e = f
                .expr
                .ok_or_else(|| mismatch(d, "no logical expression at this span in the source"))?;
            let mut n = 0;
            let st = build(&e, &parsed, &mut n);
            if n != d.leaves.len() {
                return Err(mismatch(
                    d,
                    "the source's decision differs from the recorded one",
                ));
            }
            if sorted_leaves_tree(tree) != (0..n).collect::<Vec<_>>() {
                return Err(mismatch(
                    d,
                    "the new order is not a permutation of the leaves",
                ));
            }
            let r = Renderer {
                source,
                decision: d,
            };
            let mut edits = Vec::new();
            r.render(tree, &st, &mut edits)?;
            edits
        }
        (Shape::Switch(shape), Reorder::Switch(perm)) => {
            let s = f
                .switch
                .ok_or_else(|| mismatch(d, "no switch at this span in the source"))?;
            let mut sorted = perm.clone();
            sorted.sort_unstable();
            if sorted != (0..shape.groups.len()).collect::<Vec<_>>() {
                return Err(mismatch(
                    d,
                    "the new order is not a permutation of the case groups",
                ));
            }
            if s.cases.len() != shape.cases.len() {
                return Err(mismatch(
                    d,
                    "the source's switch differs from the recorded one",
                ));
            }
            let region = |g: &[usize]| Span {
                lo: parsed.span_of(&s.cases[g[0]]).lo,
                hi: parsed.span_of(&s.cases[*g.last().unwrap_or(&g[0])]).hi,
            };
            let last = perm.len() - 1;
            let mut edits = Vec::new();
            for (slot, &g) in perm.iter().enumerate() {
                if g == slot {
                    continue;
                }
                let group = &shape.groups[g];
                let from = region(group);
                let mut text = source[from.lo as usize..from.hi as usize].to_string();
                let last_clause = &s.cases[*group.last().unwrap_or(&group[0])];
                if slot != last && !ends_clause(&last_clause.cons) {
                    text.push_str(&added_break(source, &text, parsed.span_of(last_clause).lo));
                }
                edits.push(Edit {
                    span: region(&shape.groups[slot]),
                    replacement: text,
                });
            }
            edits
        }
        (Shape::Chain(shape), Reorder::Chain(order)) => {
            crate::rewrite_chain::edits(source, &parsed, d, shape, order)?
        }
        _ => return Err(mismatch(d, "the new order is for another kind of decision")),
    };
    let new_source = crate::apply_edits(source, &edits);
    parse(&new_source, &d.location.file).map_err(|e| RewriteError::Reparse {
        id: d.id.to_string(),
        message: e.to_string(),
    })?;
    Ok(edits)
}

/// The `break` that ends a moved clause group: on the same line after a semicolon; on a line
/// of its own (the clause's indentation plus one level) after code written without
/// semicolons, where ` break;` would not parse.
fn added_break(source: &str, text: &str, clause_lo: u32) -> String {
    if text.trim_end().ends_with(';') {
        return " break;".to_string();
    }
    let line_start = source[..clause_lo as usize]
        .rfind('\n')
        .map_or(0, |i| i + 1);
    let indent: String = source[line_start..]
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect();
    let unit = if indent.starts_with('\t') { "\t" } else { "  " };
    format!("\n{indent}{unit}break")
}

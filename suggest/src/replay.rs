//! Replays recorded cost-value histories through a logical tree with short-circuit rules.

use instrument::model::{LogicalOp, Tree};
use jsproject::profile::{Cell, Row};

/// Cost and truthiness of evaluating `tree` once on the leaf cells `cells`.
pub fn eval(tree: &Tree, cells: &[Cell]) -> Cell {
    match tree {
        Tree::Leaf(i) => cells[*i],
        Tree::Node { op, left, right } => {
            let l = eval(left, cells);
            if short_circuits(*op, l.value) {
                l
            } else {
                let r = eval(right, cells);
                Cell {
                    cost: l.cost + r.cost,
                    value: r.value,
                }
            }
        }
    }
}

/// True if a left operand with truthiness `value` decides `op` on its own.
pub fn short_circuits(op: LogicalOp, value: bool) -> bool {
    match op {
        LogicalOp::And => !value,
        LogicalOp::Or => value,
    }
}

/// Total cost of evaluating `tree` over every recorded execution (rows weighted by their counts).
pub fn tree_cost<'a>(tree: &Tree, rows: impl IntoIterator<Item = &'a Row>) -> u64 {
    rows.into_iter()
        .map(|r| eval(tree, &r.cells).cost * r.count)
        .sum()
}

/// Number of leaves of `tree`.
pub fn leaf_count(tree: &Tree) -> usize {
    match tree {
        Tree::Leaf(_) => 1,
        Tree::Node { left, right, .. } => leaf_count(left) + leaf_count(right),
    }
}

/// Leaf indices of `tree`, left to right.
pub fn leaves_in_order(tree: &Tree) -> Vec<usize> {
    fn walk(t: &Tree, out: &mut Vec<usize>) {
        match t {
            Tree::Leaf(i) => out.push(*i),
            Tree::Node { left, right, .. } => {
                walk(left, out);
                walk(right, out);
            }
        }
    }
    let mut out = Vec::new();
    walk(tree, &mut out);
    out
}

/// Renders `tree` with the leaf texts `texts`, parenthesising nested operators of another kind.
pub fn render(tree: &Tree, texts: &[String]) -> String {
    match tree {
        Tree::Leaf(i) => texts.get(*i).cloned().unwrap_or_else(|| format!("#{i}")),
        Tree::Node { op, left, right } => {
            let side = |t: &Tree| match t {
                Tree::Node { op: inner, .. } if inner != op => format!("({})", render(t, texts)),
                _ => render(t, texts),
            };
            format!("{} {} {}", side(left), op.as_str(), side(right))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(cost: u64, value: bool) -> Cell {
        Cell { cost, value }
    }

    fn and(l: Tree, r: Tree) -> Tree {
        Tree::Node {
            op: LogicalOp::And,
            left: Box::new(l),
            right: Box::new(r),
        }
    }

    #[test]
    fn paper_table1_costs_of_a_and_b() {
        // Table 1 / Figure 5 of the paper: a = /[def]/.test(..), b = match[3].
        let rows = [
            Row {
                cells: vec![c(3, true), c(1, true), c(1, true)],
                count: 1,
            },
            Row {
                cells: vec![c(3, true), c(1, false), c(1, true)],
                count: 1,
            },
            Row {
                cells: vec![c(3, false), c(1, false), c(1, true)],
                count: 1,
            },
        ];
        let ab = and(Tree::Leaf(0), Tree::Leaf(1));
        let ba = and(Tree::Leaf(1), Tree::Leaf(0));
        let per_row: Vec<u64> = rows.iter().map(|r| eval(&ab, &r.cells).cost).collect();
        assert_eq!(per_row, vec![4, 4, 3]);
        let per_row: Vec<u64> = rows.iter().map(|r| eval(&ba, &r.cells).cost).collect();
        assert_eq!(per_row, vec![4, 1, 1]);
        assert_eq!(tree_cost(&ab, &rows), 11);
        assert_eq!(tree_cost(&ba, &rows), 6);
    }

    #[test]
    fn counts_weight_rows_and_or_short_circuits_on_true() {
        let or = Tree::Node {
            op: LogicalOp::Or,
            left: Box::new(Tree::Leaf(0)),
            right: Box::new(Tree::Leaf(1)),
        };
        let rows = [
            Row {
                cells: vec![c(2, true), c(5, false)],
                count: 3,
            },
            Row {
                cells: vec![c(2, false), c(5, true)],
                count: 2,
            },
        ];
        assert_eq!(tree_cost(&or, &rows), 3 * 2 + 2 * 7);
        assert!(eval(&or, &rows[1].cells).value);
    }

    #[test]
    fn render_parenthesises_mixed_operators() {
        let t = Tree::Node {
            op: LogicalOp::Or,
            left: Box::new(and(Tree::Leaf(0), Tree::Leaf(1))),
            right: Box::new(Tree::Leaf(2)),
        };
        let texts = vec!["a".to_string(), "b".to_string(), "c".to_string()];
        assert_eq!(render(&t, &texts), "(a && b) || c");
        assert_eq!(leaves_in_order(&t), vec![0, 1, 2]);
        assert_eq!(leaf_count(&t), 3);
    }
}

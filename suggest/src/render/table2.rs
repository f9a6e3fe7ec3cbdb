//! The paper's Table 2 as text, one renderer for `suggest` (one project) and `eval` (a row per
//! project and the totals).

use comfy_table::{presets::NOTHING, CellAlignment, Table};

use crate::report::Table2;

/// One row: a label (the project, or none for `suggest`), the figures, and for `eval` the test
/// count and the node time of the original.
pub struct Row<'a> {
    /// Project name (`eval`), or `None` for a single project.
    pub label: Option<String>,
    /// Tests run (`eval` only).
    pub tests: Option<usize>,
    /// The figures.
    pub table: &'a Table2,
    /// Seconds of the original under node (`eval` only).
    pub t_node: Option<f64>,
}

/// The improvement range, `-` when nothing was suggested.
pub fn improvement(min: Option<f64>, max: Option<f64>) -> String {
    match (min, max) {
        (Some(a), Some(b)) if (a - b).abs() < 0.05 => format!("{a:.1}"),
        (Some(a), Some(b)) => format!("{a:.1} - {b:.1}"),
        _ => "-".into(),
    }
}

fn secs(x: Option<f64>) -> String {
    x.map_or("-".into(), |v| format!("{v:.2}s"))
}

fn ratio(a: f64, b: Option<f64>) -> String {
    match b {
        Some(b) if b > 0.0 => format!("{:.1}x", a / b),
        _ => "-".into(),
    }
}

/// The table; the project, Tests, t_node and Boa/node columns appear when `eval` is set.
pub fn render(rows: &[Row<'_>], eval: bool) -> String {
    let mut t = Table::new();
    t.load_preset(NOTHING);
    let mut header: Vec<&str> = Vec::new();
    if eval {
        header.extend(["Project", "Tests"]);
    }
    header.extend([
        "Files", "LogExp", "Switch", "Chain", "StaPru", "Ev", "DynPru", "Cand", "t_base", "t_prof",
        "Overh",
    ]);
    if eval {
        header.extend(["t_node", "Boa/node"]);
    }
    header.extend(["|", "LogExp", "Switch", "Chain", "Total", "Impr(%)"]);
    t.set_header(header);
    for r in rows {
        let x = r.table;
        let mut cells: Vec<String> = Vec::new();
        if eval {
            cells.push(r.label.clone().unwrap_or_default());
            cells.push(r.tests.map_or("-".into(), |n| n.to_string()));
        }
        cells.extend([
            x.files.to_string(),
            x.logical.to_string(),
            x.switches.to_string(),
            x.chains.to_string(),
            x.statically_pruned.to_string(),
            x.evaluated.to_string(),
            x.dynamically_pruned.to_string(),
            x.candidates.to_string(),
            secs(Some(x.t_base)),
            secs(Some(x.t_prof)),
            format!("{:.1}x", x.overhead),
        ]);
        if eval {
            cells.push(secs(r.t_node));
            cells.push(ratio(x.t_base, r.t_node));
        }
        cells.extend([
            "|".to_string(),
            x.opportunities_logical.to_string(),
            x.opportunities_switch.to_string(),
            x.opportunities_chain.to_string(),
            x.opportunities_total.to_string(),
            improvement(x.improvement_min, x.improvement_max),
        ]);
        t.add_row(cells);
    }
    let last = t.column_count();
    for (i, c) in t.column_iter_mut().enumerate() {
        c.set_padding((0, 1));
        let left = (eval && i == 0) || i + 1 == last;
        c.set_cell_alignment(if left {
            CellAlignment::Left
        } else {
            CellAlignment::Right
        });
    }
    let mut s = t.trim_fmt();
    s.push('\n');
    s
}

//! What `engine/js/node_profile.js` writes at the end of a node run, and the [`Profile`] made of it.

use serde::Deserialize;

use crate::prepare::Prepared;
use jsproject::profile::{
    Cell, DecisionProfile, Profile, Row, SwitchRow, TestResult, TestSlice, Totals,
};

/// One unit (a loaded workload file or a test) as the runner saw it.
#[derive(Debug, Deserialize)]
pub(crate) struct Unit {
    name: String,
    file: String,
    passed: bool,
    error: Option<String>,
    bp: u64,
    native: u64,
    load_of_test_file: bool,
}

/// Distinct rows of one unit: `[[cost, value], …]` with counts.
type UnitRows = Vec<(Vec<(u64, bool)>, u64)>;
/// Distinct switch executions of one unit: `[matched clause (-1: none), case costs]` with counts.
type UnitSwitchRows = Vec<((i64, Vec<u64>), u64)>;

/// A decision's record (only decisions the run reached).
#[derive(Debug, Deserialize)]
struct Record {
    d: usize,
    executions: u64,
    /// Executions counted but not recorded (settled).
    #[serde(default)]
    unrecorded: u64,
    /// Sum of `w (w - 1)` over the recorded executions (settled).
    #[serde(default)]
    spread: u64,
    excluded: Vec<String>,
    effects: Vec<String>,
    all_boolean: bool,
    /// Per unit: its distinct rows.
    rows: Vec<(usize, UnitRows)>,
    /// Per unit: its distinct switch executions.
    switch_rows: Vec<(usize, UnitSwitchRows)>,
}

/// The runner's output file.
#[derive(Debug, Deserialize)]
pub(crate) struct Dump {
    decisions: Vec<Record>,
    /// Prepared files in the order they were loaded.
    loaded: Vec<usize>,
    units_with_data: Vec<usize>,
    timed_out: bool,
    units: Vec<Unit>,
    notes: Vec<String>,
    stopped: Option<String>,
    /// A project file that does not parse was loaded (`file:line:col: message`).
    syntax_error: Option<String>,
    /// Decisions numbered past the runtime's room, not profiled.
    #[serde(default)]
    beyond_room: u64,
}

impl Dump {
    /// The syntax error of a loaded project file, if one was loaded.
    pub(crate) fn syntax_error(&self) -> Option<&str> {
        self.syntax_error.as_deref()
    }

    /// Whether the run stopped at `--timeout`.
    pub(crate) fn timed_out(&self) -> bool {
        self.timed_out || self.stopped.is_some()
    }

    /// The profile of the run, decisions listed in load order as the Boa engine lists them.
    pub(crate) fn into_profile(self, prepared: &Prepared, root: String, seconds: f64) -> Profile {
        let timed_out = self.timed_out();
        let mut remap = vec![None; self.units.len()];
        let mut tests = Vec::new();
        for (i, u) in self.units.into_iter().enumerate() {
            if u.load_of_test_file && u.passed && !self.units_with_data.contains(&i) {
                continue;
            }
            remap[i] = Some(tests.len());
            let name = if u.load_of_test_file {
                format!("{} (load)", u.name)
            } else {
                u.name
            };
            tests.push(TestResult {
                name,
                file: u.file,
                passed: u.passed,
                error: u.error,
                branch_points: u.bp,
                native_units: u.native,
            });
        }
        let mut records: Vec<Option<Record>> = Vec::new();
        records.resize_with(prepared.decisions.len(), || None);
        for r in self.decisions {
            if r.d < records.len() {
                let d = r.d;
                records[d] = Some(r);
            }
        }
        let mut seen = vec![false; prepared.files.len()];
        let mut decisions = Vec::new();
        let mut totals = Totals::default();
        for &f in &self.loaded {
            if f >= seen.len() || std::mem::replace(&mut seen[f], true) {
                continue;
            }
            totals.files += 1;
            for d in prepared.files[f].clone() {
                let dp = decision(&prepared.decisions[d], records[d].take(), &remap);
                count(&mut totals, &dp);
                decisions.push(dp);
            }
        }
        let mut notes = prepared.notes.clone();
        notes.extend(self.notes);
        if self.beyond_room > 0 {
            notes.push(format!(
                "{} decisions loaded past the first 262,144 of the run were not profiled under node (the embedded engine, --engine boa, profiles them)",
                self.beyond_room
            ));
        }
        Profile {
            root,
            decisions,
            tests,
            totals,
            seconds,
            timed_out,
            notes,
            redirects: Vec::new(),
            cost_model: jsproject::CostModel::default(),
        }
    }
}

fn count(totals: &mut Totals, dp: &DecisionProfile) {
    match dp.decision.shape {
        instrument::model::Shape::Logical { .. } => totals.logical += 1,
        instrument::model::Shape::Switch(_) => totals.switches += 1,
        instrument::model::Shape::Chain(_) => totals.chains += 1,
    }
    if !dp.decision.pruned.is_empty() {
        totals.statically_pruned += 1;
    }
    if dp.executions > 0 {
        totals.executed += 1;
    }
    if !dp.excluded.is_empty() {
        totals.dynamically_pruned += 1;
    }
}

fn decision(
    d: &instrument::model::Decision,
    r: Option<Record>,
    remap: &[Option<usize>],
) -> DecisionProfile {
    let Some(r) = r else {
        return DecisionProfile {
            decision: d.clone(),
            executions: 0,
            unrecorded: 0,
            spread: 0,
            slices: Vec::new(),
            excluded: Vec::new(),
            all_boolean: true,
            effects: Vec::new(),
        };
    };
    let unit = |u: usize| remap.get(u).copied().flatten().unwrap_or(u);
    let mut slices: Vec<TestSlice> = Vec::new();
    let slice = |u: usize, slices: &mut Vec<TestSlice>| -> usize {
        let t = unit(u);
        match slices.iter().position(|s| s.test == t) {
            Some(i) => i,
            None => {
                slices.push(TestSlice {
                    test: t,
                    ..TestSlice::default()
                });
                slices.len() - 1
            }
        }
    };
    for (u, rows) in r.rows {
        let i = slice(u, &mut slices);
        let mut rs: Vec<Row> = rows
            .into_iter()
            .map(|(cells, count)| Row {
                cells: cells
                    .into_iter()
                    .map(|(cost, value)| Cell { cost, value })
                    .collect(),
                count,
            })
            .collect();
        rs.sort_by(|a, b| a.cells.cmp(&b.cells));
        slices[i].rows.extend(rs);
    }
    for (u, rows) in r.switch_rows {
        let i = slice(u, &mut slices);
        let mut rs: Vec<SwitchRow> = rows
            .into_iter()
            .map(|((matched, case_costs), count)| SwitchRow {
                matched: usize::try_from(matched).ok(),
                case_costs,
                count,
            })
            .collect();
        rs.sort_by(|a, b| (a.matched, &a.case_costs).cmp(&(b.matched, &b.case_costs)));
        slices[i].switch_rows.extend(rs);
    }
    slices.sort_by_key(|s| s.test);
    DecisionProfile {
        unrecorded: r.unrecorded,
        spread: r.spread,
        ..DecisionProfile::new(
            d.clone(),
            r.executions,
            slices,
            &r.excluded,
            r.all_boolean,
            &r.effects,
        )
    }
}

//! The profiling runtime's bookkeeping: decision and check stacks, the branch-point counter,
//! per-test histories, exclusions and check dependences. Pure Rust; `dp.rs` drives it from JS.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use instrument::model::{Decision, Shape};

use jsproject::profile::{Cell, Row, SwitchRow, TestSlice};

/// A coarse clock every runtime reads at each branch point: a thread adds one every tenth of
/// a second (reading it costs a load; reading the time at each branch point would cost more).
static CLOCK: AtomicU32 = AtomicU32::new(0);

/// Starts the thread that moves [`CLOCK`], once per process.
fn start_clock() {
    static STARTED: std::sync::Once = std::sync::Once::new();
    STARTED.call_once(|| {
        let _ = std::thread::Builder::new()
            .name("decisionprof-clock".into())
            .spawn(|| loop {
                std::thread::sleep(Duration::from_millis(100));
                CLOCK.fetch_add(1, Ordering::Relaxed);
            });
    });
}

/// A location a check read or wrote, for dynamic pruning of dependent checks.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum Loc {
    /// A non-local binding, by its global number.
    Var(u32),
    /// Property `key` of the object at an address.
    Prop(usize, String),
    /// Every property of the object at an address (a built-in mutated it).
    All(usize),
    /// An undeclared (global object) variable.
    Global(String),
    /// State of the object at an address kept in internal slots (what changed it, e.g.
    /// "advances a generator"), which no property read observes.
    Builtin(usize, &'static str),
}

impl Loc {
    fn overlaps(&self, other: &Loc) -> bool {
        match (self.whole(), other.whole(), self, other) {
            (Some(a), Some(b), _, _) => a == b,
            (Some(a), None, _, Loc::Prop(b, _)) | (None, Some(a), Loc::Prop(b, _), _) => a == *b,
            _ => self == other,
        }
    }

    /// What check `i` writing here is reported as.
    fn effect_of(&self, i: usize, names: &[String]) -> String {
        match self {
            Loc::Builtin(_, what) => format!("check {i} {what}"),
            _ => format!("check {i} writes {}", self.describe(names)),
        }
    }

    /// The object a location covers whole (a built-in mutation), if it does.
    fn whole(&self) -> Option<usize> {
        match self {
            Loc::All(a) | Loc::Builtin(a, _) => Some(*a),
            _ => None,
        }
    }

    fn is_variable(&self) -> bool {
        matches!(self, Loc::Var(_) | Loc::Global(_))
    }

    fn describe(&self, names: &[String]) -> String {
        match self {
            Loc::Var(b) => match names.get(*b as usize).filter(|n| !n.is_empty()) {
                Some(n) => format!("`{n}`"),
                None => format!("a variable of an enclosing scope (binding #{b})"),
            },
            Loc::Global(n) => format!("global variable `{n}`"),
            Loc::Prop(_, k) => format!("property `{k}`"),
            Loc::All(_) => "an object mutated by a built-in".to_string(),
            Loc::Builtin(..) => "the internal state of an object".to_string(),
        }
    }
}

/// Reads and writes of one check evaluation.
#[derive(Debug, Default, Clone)]
pub(crate) struct Accesses {
    reads: HashSet<Loc>,
    writes: HashSet<Loc>,
}

impl Accesses {
    /// Drops writes of `locs` (put back as they were found, see [`crate::restored`]).
    pub fn forget(&mut self, locs: &[Loc]) {
        for l in locs {
            self.writes.remove(l);
        }
    }

    fn merge(&mut self, other: Accesses) {
        self.reads.extend(other.reads);
        self.writes.extend(other.writes);
    }

    /// A conflict between this check and a later one (`other`), if any; of several, the one
    /// whose description sorts first (the sets have no order; the report must not change).
    fn conflict_with<'a>(&'a self, other: &'a Accesses, names: &[String]) -> Option<&'a Loc> {
        let first = |it: &mut dyn Iterator<Item = &'a Loc>| it.min_by_key(|l| l.describe(names));
        // Reads are only logged lexically inside a check, so a variable written by an earlier
        // check (which a function the later check calls may read) counts as a conflict on its own.
        if let Some(w) = first(&mut self.writes.iter().filter(|w| w.is_variable())) {
            return Some(w);
        }
        let touched = |w: &Loc| {
            other
                .reads
                .iter()
                .chain(other.writes.iter())
                .any(|l| w.overlaps(l))
        };
        if let Some(w) = first(&mut self.writes.iter().filter(|w| touched(w))) {
            return Some(w);
        }
        first(
            &mut other
                .writes
                .iter()
                .filter(|w| self.reads.iter().any(|l| w.overlaps(l))),
        )
    }
}

/// Executions of one decision that are replay-tested for dependences between its checks.
const MAX_REPLAYS: u32 = 1024;
/// Of those, executions tested with read traps (a read shows on any execution, a value change only on some).
pub(crate) const MAX_TRAP_REPLAYS: u32 = 32;

/// Distinct switch executions (matched clause, case test costs) with counts.
type SwitchCounts = HashMap<(Option<usize>, Vec<u64>), u64>;

/// Kind of a known decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Logical { leaves: usize },
    Switch,
}

/// Run-time record of one decision.
#[derive(Debug)]
pub(crate) struct DecState {
    kind: Kind,
    /// Real evaluations.
    pub executions: u64,
    /// Of those, counted but not recorded (settled, see [`crate::settle`]).
    pub unrecorded: u64,
    /// Sum of `w (w - 1)` over its recorded executions of weight `w` (see [`crate::settle`]).
    pub spread: u64,
    settle: crate::settle::Settle,
    /// Why it was excluded (empty: not excluded).
    pub excluded: Vec<String>,
    /// Writes its checks make that are visible outside them (`check 1 writes property 'n'`):
    /// reordering would move them, so the decision is never suggested.
    pub effects: Vec<String>,
    replays: u32,
    /// Every leaf value so far was a boolean.
    pub all_boolean: bool,
    /// Per unit (in order of first recording): distinct rows with counts.
    rows: Vec<(usize, HashMap<Vec<Cell>, u64>)>,
    switch_rows: Vec<(usize, SwitchCounts)>,
}

impl DecState {
    fn new(decision: &Decision) -> Self {
        let kind = match &decision.shape {
            // an arm chain's conditions are checks as a logical decision's leaves are
            Shape::Logical { .. } | Shape::Chain(_) => Kind::Logical {
                leaves: decision.leaves.len(),
            },
            Shape::Switch(_) => Kind::Switch,
        };
        DecState {
            kind,
            executions: 0,
            unrecorded: 0,
            spread: 0,
            settle: crate::settle::Settle::default(),
            excluded: Vec::new(),
            effects: Vec::new(),
            replays: 0,
            all_boolean: true,
            rows: Vec::new(),
            switch_rows: Vec::new(),
        }
    }

    fn exclude(&mut self, reason: String) {
        if self.excluded.len() < 4 && !self.excluded.contains(&reason) {
            self.excluded.push(reason);
        }
    }

    /// The recorded histories as per-test slices.
    pub fn slices(&self) -> Vec<TestSlice> {
        let mut out: Vec<TestSlice> = Vec::new();
        let slice_of = |unit: usize, out: &mut Vec<TestSlice>| -> usize {
            if let Some(i) = out.iter().position(|s| s.test == unit) {
                i
            } else {
                out.push(TestSlice {
                    test: unit,
                    ..TestSlice::default()
                });
                out.len() - 1
            }
        };
        for (unit, rows) in &self.rows {
            let i = slice_of(*unit, &mut out);
            let mut rs: Vec<Row> = rows
                .iter()
                .map(|(cells, count)| Row {
                    cells: cells.clone(),
                    count: *count,
                })
                .collect();
            rs.sort_by(|a, b| a.cells.cmp(&b.cells));
            out[i].rows.extend(rs);
        }
        for (unit, rows) in &self.switch_rows {
            let i = slice_of(*unit, &mut out);
            let mut rs: Vec<SwitchRow> = rows
                .iter()
                .map(|((matched, costs), count)| SwitchRow {
                    matched: *matched,
                    case_costs: costs.clone(),
                    count: *count,
                })
                .collect();
            rs.sort_by(|a, b| (a.matched, &a.case_costs).cmp(&(b.matched, &b.case_costs)));
            out[i].switch_rows.extend(rs);
        }
        out.sort_by_key(|s| s.test);
        out
    }
}

/// One real evaluation of a logical decision in progress.
#[derive(Debug)]
pub(crate) struct Frame {
    /// The decision.
    pub d: u32,
    /// Cost and value per leaf, once measured.
    pub cells: Vec<Option<Cell>>,
    /// Reads and writes per leaf.
    pub accesses: Vec<Accesses>,
    /// Per leaf evaluated for real: its range in the real-write log.
    pub writes: Vec<Option<(usize, usize)>>,
    /// Per leaf: measured speculatively.
    pub speculated: Vec<bool>,
    all_boolean: bool,
    /// Not recorded (settled): counted only, no cells.
    pub skip: bool,
    /// How many executions its row stands for.
    weight: u64,
}

/// One real evaluation of a switch in progress.
#[derive(Debug)]
struct SwitchFrame {
    d: u32,
    case_costs: Vec<u64>,
    last_sc: u64,
}

/// A check in progress.
#[derive(Debug)]
struct CheckFrame {
    d: u32,
    leaf: u32,
    start: u64,
    log_start: usize,
    acc: Accesses,
    /// [`crate::made::Made::now`] when it started: objects made since are its own.
    made_from: u64,
}

/// A speculative evaluation in progress.
#[derive(Debug)]
pub(crate) struct Spec {
    /// The real branch-point counter before speculation started (restored afterwards).
    pub saved_bp: u64,
    /// The native-unit counter before speculation started (restored afterwards).
    pub saved_native: u64,
    /// The fraction of a native unit not charged yet when speculation started (restored too).
    pub saved_frac: f64,
    /// Counter value when the current leaf started.
    pub leaf_start: u64,
    /// Set when the budget was exceeded.
    pub over_budget: bool,
    /// Reads and writes of the current leaf.
    pub acc: Accesses,
    /// The first effect of the current leaf that speculation suppressed instead of undoing
    /// (output, a timer, a promise job, a file write): its decision is excluded with it.
    pub effect: Option<String>,
    /// [`crate::made::Made::now`] when the current leaf started: objects made since are its own.
    made_from: u64,
}

/// Why a JS callback must stop right now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Abort {
    /// The speculative evaluation exceeded the budget.
    Budget,
    /// The run exceeded `--timeout`.
    Timeout,
    /// The running test exceeded `--test-timeout`.
    TestTimeout,
}

/// The whole runtime state.
#[derive(Debug)]
pub(crate) struct Runtime {
    /// Branch points so far (real execution only), plus native units under the native model.
    pub bp: u64,
    /// Native units charged so far (see [`crate::costs`]), whatever the model.
    pub native: u64,
    /// Fraction of a native unit not charged yet.
    native_frac: f64,
    /// Native units count in `bp`, hence in check costs.
    pub native_model: bool,
    /// Per decision number.
    pub decisions: Vec<DecState>,
    /// Source names of the logged bindings, by binding number.
    binding_names: Vec<String>,
    frames: Vec<Frame>,
    switches: Vec<SwitchFrame>,
    /// Case-cost lists of switch executions past, cleared for the next (a switch in an
    /// interpreter's loop runs millions of times).
    spare_costs: Vec<Vec<u64>>,
    checks: Vec<CheckFrame>,
    /// The speculation in progress.
    pub spec: Option<Spec>,
    /// Branch points allowed per speculative leaf.
    pub budget: u64,
    /// Unit (test) the data goes to.
    pub unit: usize,
    /// Units that recorded at least one row.
    pub unit_has_data: HashSet<usize>,
    deadline: Option<Instant>,
    tick: u32,
    /// The [`CLOCK`] reading at the last deadline check.
    clock_seen: u32,
    /// The deadline passed.
    pub timed_out: bool,
    /// When the running test (unit) must stop, if it has a limit.
    pub unit_deadline: Option<Instant>,
    /// The running test passed its limit: every branch point stops it until it ends.
    pub unit_timed_out: bool,
    /// Set from outside to stop the run (checked with the deadline).
    pub cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// The last `ds` started a top-level decision (the real-write log can be cleared).
    pub top_level_start: bool,
    /// Record every execution (`--exact`): no settling.
    pub exact: bool,
    /// Objects made while checks run (see [`crate::made`]).
    made: crate::made::Made,
}

impl Runtime {
    /// A runtime with no decisions yet.
    pub fn new(budget: u64, deadline: Option<Instant>) -> Self {
        start_clock();
        Runtime {
            bp: 0,
            native: 0,
            native_frac: 0.0,
            native_model: false,
            decisions: Vec::new(),
            binding_names: Vec::new(),
            frames: Vec::new(),
            switches: Vec::new(),
            spare_costs: Vec::new(),
            checks: Vec::new(),
            spec: None,
            budget,
            unit: 0,
            unit_has_data: HashSet::new(),
            deadline,
            unit_deadline: None,
            unit_timed_out: false,
            cancel: None,
            tick: 0,
            clock_seen: 0,
            timed_out: false,
            top_level_start: false,
            exact: false,
            made: crate::made::Made::default(),
        }
    }

    /// Registers the decisions of a newly instrumented file (numbered in order).
    pub fn add_decisions(&mut self, decisions: &[Decision]) {
        self.decisions.extend(decisions.iter().map(DecState::new));
    }

    /// Adds the source names of the next logged bindings (numbered globally, in load order).
    pub fn add_bindings(&mut self, names: &[String]) {
        self.binding_names.extend(names.iter().cloned());
    }

    /// True while a real check or a speculation runs (the `__dp.on` gate).
    pub fn gate(&self) -> bool {
        self.spec.is_some() || !self.checks.is_empty()
    }

    /// Time left until the deadline, if there is one.
    pub fn time_left(&self) -> Option<std::time::Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }

    /// Checks the wall-clock deadline now.
    pub fn check_deadline(&mut self) -> bool {
        if let Some(d) = self.deadline {
            if Instant::now() >= d {
                self.timed_out = true;
            }
        }
        let cancelled = self
            .cancel
            .as_ref()
            .is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed));
        if cancelled {
            self.timed_out = true;
        }
        self.timed_out
    }

    /// The earliest of the run's and the running test's deadlines.
    pub fn limit(&self) -> Option<Instant> {
        match (self.deadline, self.unit_deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Marks the run or the running test as over its limit (whichever passed; the test's when
    /// neither clock says so yet) and says which.
    pub fn stop_at_limit(&mut self) -> Abort {
        self.check_deadlines();
        if !self.timed_out {
            self.unit_timed_out = true;
        }
        self.stopped().unwrap_or(Abort::TestTimeout)
    }

    /// Whether [`CLOCK`] moved since the last look: a tenth of a second passed, so the
    /// deadlines are worth reading even when few branch points ran (slow built-ins between them).
    #[inline]
    fn clock_moved(&mut self) -> bool {
        let now = CLOCK.load(Ordering::Relaxed);
        if now == self.clock_seen {
            return false;
        }
        self.clock_seen = now;
        true
    }

    /// Checks the run's and the running test's deadlines.
    fn check_deadlines(&mut self) {
        self.check_deadline();
        if self.unit_deadline.is_some_and(|d| Instant::now() >= d) {
            self.unit_timed_out = true;
        }
    }

    /// Why running code must stop now, if it must: the run's or the test's time is up.
    pub fn stopped(&self) -> Option<Abort> {
        if self.timed_out {
            Some(Abort::Timeout)
        } else if self.unit_timed_out {
            Some(Abort::TestTimeout)
        } else {
            None
        }
    }

    /// One branch point.
    #[inline]
    pub fn branch(&mut self) -> Result<(), Abort> {
        self.bp += 1;
        self.tick = self.tick.wrapping_add(1);
        if self.tick & 0x3fff == 0 || self.clock_moved() {
            self.check_deadlines();
        }
        if let Some(a) = self.stopped() {
            return Err(a);
        }
        if let Some(spec) = &mut self.spec {
            if spec.over_budget || self.bp - spec.leaf_start > self.budget {
                spec.over_budget = true;
                return Err(Abort::Budget);
            }
        }
        Ok(())
    }

    /// Charges `units` of work a built-in did (fractions carry over to the next charge).
    pub fn charge(&mut self, units: f64) {
        self.native_frac += units;
        if self.native_frac >= 1.0 {
            let whole = self.native_frac.floor();
            self.native_frac -= whole;
            self.native += whole as u64;
            if self.native_model {
                self.bp += whole as u64;
            }
        }
    }

    /// Branch points alone so far (without native units).
    pub fn pure_branch_points(&self) -> u64 {
        if self.native_model {
            self.bp - self.native
        } else {
            self.bp
        }
    }

    /// `t()`: a loop iteration in code instrumented for logging only; counts nothing, but
    /// stops at the deadline.
    pub fn tick(&mut self) -> Result<(), Abort> {
        self.tick = self.tick.wrapping_add(1);
        if self.tick & 0x3fff == 0 || self.clock_moved() {
            self.check_deadlines();
        }
        match self.stopped() {
            Some(a) => Err(a),
            None => Ok(()),
        }
    }

    fn valid(&self, d: u32) -> bool {
        (d as usize) < self.decisions.len()
    }

    /// `ds(d)` (`cheap` false), or `dr(d)` (`cheap` true): whether this execution takes its
    /// instrumented form. Under `dr` it does not when it is counted only and nothing logs reads
    /// (no check open, no speculation): its plain copy runs then, with no frame.
    pub fn decision_start(&mut self, d: u32, cheap: bool) -> bool {
        if self.spec.is_some() || !self.valid(d) {
            return cheap;
        }
        let top = self.frames.is_empty() && self.checks.is_empty();
        let (unit, frames) = (self.unit, &self.frames);
        let st = &mut self.decisions[d as usize];
        st.executions += 1;
        let open = || frames.iter().rev().find(|f| f.d == d).map(|f| !f.skip);
        // an excluded decision can never be reordered: from then on it is only counted, unless it
        // is nested in a recorded execution of its own (the checks of both are open)
        let weight = match (self.exact, st.excluded.is_empty()) {
            (true, _) => 1,
            (false, false) if open() != Some(true) => 0,
            (false, _) => st.settle.weight(unit, open),
        };
        let n = match (st.kind, weight) {
            (_, 0) => 0,
            (Kind::Logical { leaves }, _) => leaves,
            (Kind::Switch, _) => 0,
        };
        if weight == 0 {
            st.unrecorded += 1;
            if cheap && self.checks.is_empty() {
                return false;
            }
        } else {
            self.top_level_start = top;
        }
        self.frames.push(Frame {
            d,
            cells: vec![None; n],
            accesses: vec![Accesses::default(); n],
            writes: vec![None; n],
            speculated: vec![false; n],
            all_boolean: true,
            skip: weight == 0,
            weight,
        });
        weight > 0 || cheap
    }

    /// `dc(d)`: whether the running execution of arm chain `d` has a frame (its next condition
    /// takes the instrumented form); if not, the plain condition's branch point.
    pub fn chain_framed(&mut self, d: u32) -> Result<bool, Abort> {
        if self.frames.last().is_some_and(|f| f.d == d) {
            return Ok(true);
        }
        self.branch()?;
        Ok(false)
    }

    /// The innermost open execution of `d` is not recorded (settled).
    fn skipping(&self, d: u32) -> bool {
        !self.exact
            && self
                .frames
                .iter()
                .rev()
                .find(|f| f.d == d)
                .is_some_and(|f| f.skip)
    }

    /// `cs(d, i)`.
    pub fn check_start(&mut self, d: u32, leaf: u32, log_len: usize) -> Result<(), Abort> {
        self.branch()?;
        if self.spec.is_some() {
            return Ok(());
        }
        // a check's cost is its own work: no fraction of a unit carries in from before it
        self.native_frac = 0.0;
        if self.skipping(d) {
            return Ok(());
        }
        if self.checks.is_empty() {
            self.made.clear();
        }
        self.checks.push(CheckFrame {
            d,
            leaf,
            start: self.bp,
            log_start: log_len,
            acc: Accesses::default(),
            made_from: self.made.now(),
        });
        Ok(())
    }

    /// Where the real-write log stood when the innermost open check `leaf` of `d` started, if
    /// that check wrote something (only then can a write have been put back).
    pub fn written_log_start(&self, d: u32, leaf: u32) -> Option<usize> {
        self.checks
            .iter()
            .rev()
            .find(|c| c.d == d && c.leaf == leaf)
            .filter(|c| !c.acc.writes.is_empty())
            .map(|c| c.log_start)
    }

    /// Drops `locs` from the writes of the innermost open check `leaf` of `d`: it put them back
    /// as it found them.
    pub fn forget_writes(&mut self, d: u32, leaf: u32, locs: &[Loc]) {
        if let Some(c) = self
            .checks
            .iter_mut()
            .rev()
            .find(|c| c.d == d && c.leaf == leaf)
        {
            c.acc.forget(locs);
        }
    }

    /// `ce(d, i, v)`: `truthy`/`is_bool` describe the value.
    pub fn check_end(&mut self, d: u32, leaf: u32, truthy: bool, is_bool: bool, log_len: usize) {
        if self.spec.is_some() {
            return;
        }
        let pos = self.checks.iter().rposition(|c| c.d == d && c.leaf == leaf);
        let Some(pos) = pos else { return };
        let mut popped = self.checks.split_off(pos);
        let check = popped.remove(0);
        let cost = self.bp - check.start + 1;
        if let Some(parent) = self.checks.last_mut() {
            parent.acc.merge(check.acc.clone());
        }
        if let Some(frame) = self.frames.iter_mut().rev().find(|f| f.d == d) {
            let i = leaf as usize;
            if i < frame.cells.len() {
                frame.cells[i] = Some(Cell {
                    cost,
                    value: truthy,
                });
                frame.all_boolean &= is_bool;
                frame.accesses[i] = check.acc;
                if log_len > check.log_start {
                    frame.writes[i] = Some((check.log_start, log_len));
                }
            }
        }
    }

    /// `k(d)`: does `d` need its thunk?
    pub fn needs_thunk(&self, d: u32) -> bool {
        if self.spec.is_some() || !self.valid(d) || !self.decisions[d as usize].excluded.is_empty()
        {
            return false;
        }
        match self.frames.iter().rev().find(|f| f.d == d) {
            Some(f) if f.skip => false,
            Some(f) => {
                f.cells.iter().any(Option::is_none)
                    || (f.writes.iter().any(Option::is_some)
                        && self.decisions[d as usize].replays < MAX_REPLAYS)
            }
            None => false,
        }
    }

    /// Pops the frame of `d` at `de` (frames above it were left by exceptions).
    pub fn take_frame(&mut self, d: u32) -> Option<Frame> {
        if self.spec.is_some() {
            return None;
        }
        let pos = self.frames.iter().rposition(|f| f.d == d)?;
        let mut rest = self.frames.split_off(pos);
        Some(rest.remove(0))
    }

    /// Whether `d` is excluded already.
    pub fn is_excluded(&self, d: u32) -> bool {
        self.valid(d) && !self.decisions[d as usize].excluded.is_empty()
    }

    /// Counts one replay test of `d`; `None` once enough were done, else how many came before.
    pub fn take_replay(&mut self, d: u32) -> Option<u32> {
        if !self.valid(d) {
            return None;
        }
        let st = &mut self.decisions[d as usize];
        if st.replays >= MAX_REPLAYS {
            return None;
        }
        st.replays += 1;
        Some(st.replays - 1)
    }

    /// Whether a decision's checks are being evaluated now.
    pub fn has_open_frames(&self) -> bool {
        !self.frames.is_empty()
    }

    /// Excludes every decision whose checks are being evaluated now.
    pub fn exclude_open(&mut self, reason: &str) {
        let open: Vec<u32> = self.frames.iter().map(|f| f.d).collect();
        for d in open {
            self.exclude(d, reason.to_string());
        }
    }

    /// Excludes `d` with a reason.
    pub fn exclude(&mut self, d: u32, reason: String) {
        if self.valid(d) {
            self.decisions[d as usize].exclude(reason);
        }
    }

    /// Finishes a frame after speculation: conflict check, then the row.
    pub fn finish_frame(&mut self, frame: Frame) {
        let d = frame.d as usize;
        for (i, a) in frame.accesses.iter().enumerate() {
            if let Some(w) = a
                .writes
                .iter()
                .min_by_key(|w| w.describe(&self.binding_names))
            {
                let effect = w.effect_of(i, &self.binding_names);
                let st = &mut self.decisions[d];
                if st.effects.len() < 4 && !st.effects.contains(&effect) {
                    st.effects.push(effect);
                }
            }
        }
        if self.decisions[d].excluded.is_empty() {
            'outer: for i in 0..frame.accesses.len() {
                for j in (i + 1)..frame.accesses.len() {
                    if let Some(loc) =
                        frame.accesses[i].conflict_with(&frame.accesses[j], &self.binding_names)
                    {
                        let reason = format!(
                            "checks {} and {} depend on each other ({})",
                            i,
                            j,
                            loc.describe(&self.binding_names)
                        );
                        self.decisions[d].exclude(reason);
                        break 'outer;
                    }
                }
            }
        }
        let st = &mut self.decisions[d];
        if !frame.all_boolean {
            st.all_boolean = false;
        }
        if !st.excluded.is_empty() || frame.cells.iter().any(Option::is_none) {
            return;
        }
        let cells: Vec<Cell> = frame
            .cells
            .into_iter()
            .map(|c| {
                c.unwrap_or(Cell {
                    cost: 1,
                    value: false,
                })
            })
            .collect();
        let unit = self.unit;
        if !self.exact {
            st.settle.recorded(cells.iter().map(|c| c.value).collect());
        }
        if st.rows.last().map(|(u, _)| *u) != Some(unit) {
            st.rows.push((unit, HashMap::new()));
        }
        if let Some((_, map)) = st.rows.last_mut() {
            *map.entry(cells).or_insert(0) += frame.weight;
            st.spread += frame.weight * (frame.weight - 1);
        }
        self.unit_has_data.insert(unit);
    }

    /// Starts speculation (the caller saves JS-side state).
    pub fn spec_begin(&mut self) {
        self.spec = Some(Spec {
            saved_bp: self.bp,
            saved_native: self.native,
            saved_frac: self.native_frac,
            leaf_start: self.bp,
            over_budget: false,
            acc: Accesses::default(),
            effect: None,
            made_from: self.made.now(),
        });
    }

    /// Records an effect the current speculative leaf made and that was suppressed.
    pub fn note_spec_effect(&mut self, what: &str) {
        if let Some(s) = &mut self.spec {
            s.effect.get_or_insert_with(|| what.to_string());
        }
    }

    /// Takes the suppressed effect of the leaf just evaluated, if any.
    pub fn take_spec_effect(&mut self) -> Option<String> {
        self.spec.as_mut().and_then(|s| s.effect.take())
    }

    /// Starts one speculative leaf.
    pub fn spec_leaf_start(&mut self) {
        let bp = self.bp;
        if let Some(s) = &mut self.spec {
            s.leaf_start = bp;
            s.over_budget = false;
            s.acc = Accesses::default();
            s.made_from = self.made.now();
            self.native_frac = 0.0;
        }
    }

    /// Ends one speculative leaf: its cost and accesses.
    pub fn spec_leaf_end(&mut self) -> (u64, Accesses, bool) {
        let bp = self.bp;
        match &mut self.spec {
            Some(s) => (
                bp - s.leaf_start + 1,
                std::mem::take(&mut s.acc),
                s.over_budget,
            ),
            None => (1, Accesses::default(), false),
        }
    }

    /// Ends speculation; the counter goes back to where it was.
    pub fn spec_end(&mut self) {
        if let Some(s) = self.spec.take() {
            self.bp = s.saved_bp;
            self.native = s.saved_native;
            self.native_frac = s.saved_frac;
        }
    }

    /// Records a read for dependence tracking.
    pub fn read(&mut self, loc: Loc) {
        if let Some(s) = &mut self.spec {
            s.acc.reads.insert(loc);
        } else if let Some(c) = self.checks.last_mut() {
            c.acc.reads.insert(loc);
        }
    }

    /// `mk(o)`: the object at `addr` was made now, while a check or a speculation runs.
    pub fn mark_made(&mut self, addr: usize) {
        if self.gate() {
            self.made.mark(addr);
        }
    }

    /// `act()`: a stamp for a function activation starting now (0 while no check runs).
    pub fn activation_stamp(&mut self) -> u64 {
        if self.gate() {
            self.made.stamp()
        } else {
            0
        }
    }

    /// Where objects and activations the running check or speculative leaf made begin.
    fn made_from(&self) -> Option<u64> {
        match (&self.spec, self.checks.last()) {
            (Some(s), _) => Some(s.made_from),
            (None, Some(c)) => Some(c.made_from),
            (None, None) => None,
        }
    }

    /// True when the object at `addr` was made by the running check or speculative leaf: a
    /// write to it is neither an effect nor undone.
    pub fn made_here(&self, addr: usize) -> bool {
        self.made_from()
            .is_some_and(|from| self.made.since(addr, from))
    }

    /// True when stamp `st` (of an activation) is newer than the running check's start.
    pub fn own_stamp(&self, st: u64) -> bool {
        self.made_from().is_some_and(|from| st > from)
    }

    /// Records a write for dependence tracking.
    pub fn write(&mut self, loc: Loc) {
        if let Some(s) = &mut self.spec {
            s.acc.writes.insert(loc);
        } else if let Some(c) = self.checks.last_mut() {
            c.acc.writes.insert(loc);
        }
    }

    /// `sd(d, x)`.
    pub fn switch_start(&mut self, d: u32) {
        if self.spec.is_some() || !self.valid(d) {
            return;
        }
        self.decisions[d as usize].executions += 1;
        let mut case_costs = self.spare_costs.pop().unwrap_or_default();
        case_costs.clear();
        self.switches.push(SwitchFrame {
            d,
            case_costs,
            last_sc: self.bp,
        });
    }

    fn close_case(&mut self) {
        let bp = self.bp;
        if let Some(f) = self.switches.last_mut() {
            if let Some(last) = f.case_costs.last_mut() {
                *last = bp - f.last_sc + 1;
            }
        }
    }

    /// `sc(d, i)`.
    pub fn switch_case(&mut self, d: u32) -> Result<(), Abort> {
        if self.spec.is_none() && self.switches.last().map(|f| f.d) == Some(d) {
            self.close_case();
        }
        self.branch()?;
        if self.spec.is_some() {
            return Ok(());
        }
        let bp = self.bp;
        if let Some(f) = self.switches.last_mut() {
            if f.d == d {
                f.case_costs.push(1);
                f.last_sc = bp;
            }
        }
        Ok(())
    }

    /// `sm(d, i)`: the first after `sd` is the match.
    pub fn switch_match(&mut self, d: u32, clause: i64) {
        if self.spec.is_some() {
            return;
        }
        let Some(pos) = self.switches.iter().rposition(|f| f.d == d) else {
            return;
        };
        if pos + 1 == self.switches.len() {
            self.close_case();
        }
        let Some(f) = self.switches.drain(pos..).next() else {
            return;
        };
        self.switch_row(d, usize::try_from(clause).ok(), f.case_costs);
    }

    /// `sw(d, x, default, labels…)` once the runtime compared `x` with the labels: `tested` case
    /// tests ran, each a branch point of cost 1, and `clause` was taken (`None`: no clause).
    pub fn switch_of_literals(
        &mut self,
        d: u32,
        tested: usize,
        clause: Option<usize>,
    ) -> Result<(), Abort> {
        let recorded = self.spec.is_none() && self.valid(d);
        if recorded {
            self.decisions[d as usize].executions += 1;
        }
        for _ in 0..tested {
            self.branch()?;
        }
        if recorded {
            let mut costs = self.spare_costs.pop().unwrap_or_default();
            costs.clear();
            costs.resize(tested, 1);
            self.switch_row(d, clause, costs);
        }
        Ok(())
    }

    /// Counts one execution of switch `d` that took `clause` with case tests of these costs.
    fn switch_row(&mut self, d: u32, clause: Option<usize>, case_costs: Vec<u64>) {
        let key = (clause, case_costs);
        let unit = self.unit;
        let st = &mut self.decisions[d as usize];
        if !st.excluded.is_empty() {
            self.spare_costs.push(key.1);
            return;
        }
        if st.switch_rows.last().map(|(u, _)| *u) != Some(unit) {
            st.switch_rows.push((unit, HashMap::new()));
        }
        if let Some((_, map)) = st.switch_rows.last_mut() {
            match map.get_mut(&key) {
                Some(count) => {
                    *count += 1;
                    self.spare_costs.push(key.1);
                }
                None => {
                    map.insert(key, 1);
                }
            }
        }
        self.unit_has_data.insert(unit);
    }

    /// `dx(d)`.
    pub fn decision_unmeasured(&mut self, d: u32) {
        if self.spec.is_some() || !self.valid(d) {
            return;
        }
        if let Some(pos) = self.frames.iter().rposition(|f| f.d == d) {
            self.frames.truncate(pos);
        } else {
            self.decisions[d as usize].executions += 1;
        }
    }

    /// `dt()`: a token describing the stack depths.
    pub fn token(&self) -> u64 {
        ((self.frames.len() as u64) << 40)
            | ((self.switches.len() as u64) << 20)
            | self.checks.len() as u64
    }

    /// `u(token)`: drops frames and checks opened after `token` (an exception unwound them).
    pub fn unwind(&mut self, token: u64) {
        if self.spec.is_some() {
            return;
        }
        let frames = (token >> 40) as usize;
        let switches = ((token >> 20) & 0xf_ffff) as usize;
        let checks = (token & 0xf_ffff) as usize;
        self.frames.truncate(frames);
        self.switches.truncate(switches);
        while self.checks.len() > checks {
            if let Some(c) = self.checks.pop() {
                if let Some(parent) = self.checks.last_mut() {
                    parent.acc.merge(c.acc);
                }
            }
        }
    }

    /// Clears every stack (between units, after an uncaught exception).
    pub fn reset_stacks(&mut self) {
        self.frames.clear();
        self.switches.clear();
        self.checks.clear();
    }

    /// Records one speculative cell into a frame.
    pub fn set_spec_cell(frame: &mut Frame, leaf: usize, cell: Cell, is_bool: bool, acc: Accesses) {
        if leaf < frame.cells.len() {
            frame.cells[leaf] = Some(cell);
            frame.speculated[leaf] = true;
            frame.accesses[leaf] = acc;
            frame.all_boolean &= is_bool;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn logical(leaves: usize) -> Decision {
        jsproject::profile::test_decision(&vec!["x"; leaves])
    }

    #[test]
    fn check_cost_counts_its_own_and_nested_branch_points() {
        let mut rt = Runtime::new(100, None);
        rt.add_decisions(&[logical(2)]);
        rt.decision_start(0, false);
        rt.check_start(0, 0, 0).unwrap();
        rt.branch().unwrap();
        rt.branch().unwrap();
        rt.check_end(0, 0, true, true, 0);
        rt.check_start(0, 1, 0).unwrap();
        rt.check_end(0, 1, false, true, 0);
        let frame = rt.take_frame(0).unwrap();
        rt.finish_frame(frame);
        let slices = rt.decisions[0].slices();
        assert_eq!(slices.len(), 1);
        assert_eq!(
            slices[0].rows[0].cells,
            vec![
                Cell {
                    cost: 3,
                    value: true
                },
                Cell {
                    cost: 1,
                    value: false
                }
            ]
        );
    }

    #[test]
    fn speculation_does_not_move_the_real_counter_and_records_nothing() {
        let mut rt = Runtime::new(100, None);
        rt.add_decisions(&[logical(2)]);
        rt.spec_begin();
        rt.decision_start(0, false);
        rt.branch().unwrap();
        rt.spec_end();
        assert_eq!(rt.bp, 0);
        assert_eq!(rt.decisions[0].executions, 0);
    }

    #[test]
    fn budget_aborts_a_speculation() {
        let mut rt = Runtime::new(3, None);
        rt.spec_begin();
        rt.spec_leaf_start();
        for _ in 0..3 {
            rt.branch().unwrap();
        }
        assert_eq!(rt.branch(), Err(Abort::Budget));
        let (_, _, over) = rt.spec_leaf_end();
        assert!(over);
    }

    #[test]
    fn equal_executions_are_counted_per_test() {
        let mut rt = Runtime::new(100, None);
        rt.add_decisions(&[logical(2)]);
        for unit in [0, 0, 1] {
            rt.unit = unit;
            rt.decision_start(0, false);
            for leaf in 0..2 {
                rt.check_start(0, leaf, 0).unwrap();
                rt.check_end(0, leaf, true, true, 0);
            }
            let f = rt.take_frame(0).unwrap();
            rt.finish_frame(f);
        }
        let slices = rt.decisions[0].slices();
        let counts: Vec<(usize, u64)> = slices.iter().map(|s| (s.test, s.rows[0].count)).collect();
        assert_eq!(counts, vec![(0, 2), (1, 1)]);
    }

    #[test]
    fn a_write_read_conflict_excludes_the_decision() {
        let mut rt = Runtime::new(100, None);
        rt.add_decisions(&[logical(2)]);
        rt.decision_start(0, false);
        rt.check_start(0, 0, 0).unwrap();
        rt.write(Loc::Prop(1, "x".into()));
        rt.check_end(0, 0, true, true, 0);
        rt.check_start(0, 1, 0).unwrap();
        rt.read(Loc::Prop(1, "x".into()));
        rt.check_end(0, 1, true, true, 0);
        let f = rt.take_frame(0).unwrap();
        rt.finish_frame(f);
        assert_eq!(rt.decisions[0].excluded.len(), 1);
        assert!(rt.decisions[0].slices().is_empty());
    }
}

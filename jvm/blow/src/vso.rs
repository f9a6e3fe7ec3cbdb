//! Virtual penalties and the virtual space overhead (VSO), the paper's POSTGC step: each tracked
//! object carries a penalty counter outside the object; mutator events and GCs fire the spec's
//! rules on it; after every GC, VSO = (penalties of live objects + live bytes) / live bytes.

use super::spec::{Action, Event, Metric, Penalty, Spec};

/// What is known about one tracked object (kept in a side table, never in the object).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ObjState {
    /// Shallow size in bytes.
    pub size: u64,
    /// Bytes of one container slot (for `amplify(unused)`).
    pub slot_bytes: u64,
    /// Consecutive GCs without a read or write.
    pub idle_gcs: u64,
    /// Whether the object was read or written since the last GC.
    pub used_since_gc: bool,
    /// Reads so far.
    pub reads: u64,
    /// Writes so far.
    pub writes: u64,
    /// Elements held (containers).
    pub elements: u64,
    /// Slots allocated (containers).
    pub capacity: u64,
    /// Distinct element positions read since the last GC.
    pub read_positions: u64,
    /// Virtual penalty in bytes.
    pub penalty: u64,
}

/// One point of the VSO timeline.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GcPoint {
    /// Ordinal of the GC (1-based).
    pub gc: u64,
    /// Live bytes the GC left (whole heap, not only tracked objects).
    pub live_bytes: u64,
    /// Sum of the penalties of live tracked objects.
    pub penalty_bytes: u64,
    /// `(penalty_bytes + live_bytes) / live_bytes`.
    pub vso: f64,
}

impl ObjState {
    /// Current value of a metric.
    pub fn metric(&self, metric: Metric) -> u64 {
        match metric {
            Metric::IdleGcs => self.idle_gcs,
            Metric::Reads => self.reads,
            Metric::Writes => self.writes,
            Metric::Elements => self.elements,
            Metric::Capacity => self.capacity,
            Metric::UsedPct => self
                .elements
                .saturating_mul(100)
                .checked_div(self.capacity)
                .unwrap_or(100),
            Metric::ReadSpreadPct => self
                .read_positions
                .saturating_mul(100)
                .checked_div(self.elements)
                .unwrap_or(100),
            Metric::Size => self.size,
        }
    }

    /// Records a mutator event's effect on the history (before rules fire).
    pub fn observe(&mut self, event: &Event) {
        match event {
            Event::Read | Event::ArrayRead => {
                self.reads += 1;
                self.used_since_gc = true;
            }
            Event::Write | Event::ArrayWrite => {
                self.writes += 1;
                self.used_since_gc = true;
            }
            Event::Alloc | Event::Enter(_) | Event::Exit(_) | Event::Gc => {}
        }
    }

    /// Fires the rules for `event` as if it happened `n` times in a row. Only `reset` changes
    /// what conditions see, so after at most two rounds a round either only adds a fixed
    /// penalty (added for all remaining rounds at once) or leaves the state as it was.
    pub fn fire_times(&mut self, spec: &Spec, event: &Event, n: u64) {
        for done in 0..n {
            let before = self.clone();
            let zeroed = self.fire(spec, event);
            let history_kept = ObjState {
                penalty: before.penalty,
                ..self.clone()
            } == before;
            if done == 0 || !history_kept {
                continue;
            }
            if !zeroed {
                let added = self.penalty - before.penalty;
                let rest = n - done - 1;
                self.penalty = self.penalty.saturating_add(added.saturating_mul(rest));
            }
            return;
        }
    }

    /// Fires every rule of `spec` for `event` whose conditions hold, in source order; returns
    /// whether a `deamplify` or `reset` fired.
    pub fn fire(&mut self, spec: &Spec, event: &Event) -> bool {
        let mut zeroed = false;
        for rule in spec.rules.iter().filter(|r| &r.event == event) {
            if !rule
                .when
                .iter()
                .all(|c| c.op.holds(self.metric(c.metric), c.value))
            {
                continue;
            }
            match rule.action {
                Action::Amplify(p) => self.penalty += self.penalty_bytes(p),
                Action::Deamplify => {
                    self.penalty = 0;
                    zeroed = true;
                }
                Action::Reset => {
                    zeroed = true;
                    self.penalty = 0;
                    self.idle_gcs = 0;
                    self.reads = 0;
                    self.writes = 0;
                }
            }
        }
        zeroed
    }

    /// Bytes one `amplify(p)` adds.
    fn penalty_bytes(&self, p: Penalty) -> u64 {
        match p {
            Penalty::Size => self.size,
            Penalty::Unused => self.capacity.saturating_sub(self.elements) * self.slot_bytes,
            Penalty::Bytes(n) => n,
        }
    }

    /// The GC step for a live object: advance staleness, fire `on gc` rules, start a new window.
    pub fn after_gc(&mut self, spec: &Spec) {
        self.idle_gcs = if self.used_since_gc {
            0
        } else {
            self.idle_gcs + 1
        };
        self.fire(spec, &Event::Gc);
        self.used_since_gc = false;
        self.read_positions = 0;
    }
}

/// POSTGC: runs the GC step on every live tracked object and returns the timeline point.
pub fn post_gc<'a>(
    spec: &Spec,
    gc: u64,
    live_bytes: u64,
    live: impl IntoIterator<Item = &'a mut ObjState>,
) -> GcPoint {
    let mut penalty_bytes = 0u64;
    for obj in live {
        obj.after_gc(spec);
        penalty_bytes = penalty_bytes.saturating_add(obj.penalty);
    }
    let vso = if live_bytes == 0 {
        1.0
    } else {
        (penalty_bytes as f64 + live_bytes as f64) / live_bytes as f64
    };
    GcPoint {
        gc,
        live_bytes,
        penalty_bytes,
        vso,
    }
}

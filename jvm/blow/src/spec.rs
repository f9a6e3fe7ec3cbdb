//! The symptom specification: what objects to track, which events to observe, and the
//! amplify / deamplify / reset rules checked at those events (a small cousin of PerfBlower's ISL).

use std::collections::BTreeSet;

/// A parsed symptom specification.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spec {
    /// Short name, reported with every penalized object (the paper's problem ID).
    pub name: String,
    /// One-line description of the symptom.
    pub about: String,
    /// Classes whose instances are tracked (`*` for all).
    pub track: Vec<TypePattern>,
    /// Rules in source order; at one event every matching rule fires in this order.
    pub rules: Vec<Rule>,
}

/// A class-name pattern: exact (`java.util.ArrayList`), prefix (`java.util.*`) or any (`*`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TypePattern {
    /// Every class.
    Any,
    /// Classes whose binary name starts with this prefix.
    Prefix(String),
    /// Exactly this class.
    Exact(String),
}

/// One `on EVENT [when CONDS] -> ACTION;` rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    /// 1-based line of the rule in its file.
    pub line: usize,
    /// Event that triggers the rule.
    pub event: Event,
    /// Conditions over the object's history, all of which must hold.
    pub when: Vec<Cond>,
    /// What the rule does to the object's penalty counter.
    pub action: Action,
}

/// An event on a tracked object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// The object is allocated.
    Alloc,
    /// A field of the object is read.
    Read,
    /// A field of the object is written.
    Write,
    /// An element of the (array) object is read.
    ArrayRead,
    /// An element of the (array) object is written.
    ArrayWrite,
    /// A method of the object whose name matches is entered.
    Enter(String),
    /// A method of the object whose name matches returns.
    Exit(String),
    /// A garbage collection finished and the object is still live (the paper's `reachedOnce`).
    Gc,
}

/// A comparison of one history metric with a constant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cond {
    /// Metric compared.
    pub metric: Metric,
    /// Comparison operator.
    pub op: Cmp,
    /// Constant on the right-hand side.
    pub value: u64,
}

/// Per-object history a condition can look at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Metric {
    /// Consecutive GCs since the object was last read or written.
    IdleGcs,
    /// Field or element reads so far.
    Reads,
    /// Field or element writes so far.
    Writes,
    /// Elements a container holds.
    Elements,
    /// Slots a container has allocated.
    Capacity,
    /// `elements * 100 / capacity` (100 when the capacity is 0).
    UsedPct,
    /// Distinct element positions read since the last GC, in percent of the elements.
    ReadSpreadPct,
    /// Shallow size of the object in bytes.
    Size,
}

/// Comparison operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cmp {
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `==`
    Eq,
    /// `!=`
    Ne,
}

/// What a rule does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Add a virtual penalty to the object's counter.
    Amplify(Penalty),
    /// Remove all penalties of the object.
    Deamplify,
    /// Remove all penalties and forget the object's history.
    Reset,
}

/// Size of one virtual penalty.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Penalty {
    /// The object's shallow size (the paper's choice).
    Size,
    /// The bytes of a container's unused slots.
    Unused,
    /// A fixed number of bytes.
    Bytes(u64),
}

/// Instrumentation a spec needs; everything else is left out of the rewritten classes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Needs {
    /// Allocation sites of tracked classes (always needed: they register the objects).
    pub alloc: bool,
    /// Field reads (`getfield`).
    pub field_reads: bool,
    /// Field writes (`putfield`).
    pub field_writes: bool,
    /// Array element reads (`*aload`).
    pub array_reads: bool,
    /// Array element writes (`*astore`).
    pub array_writes: bool,
    /// Container state (elements, capacity, read positions) sampled by the runtime.
    pub containers: bool,
    /// Method names whose entry or exit is observed.
    pub methods: BTreeSet<String>,
}

impl Cmp {
    /// Whether `left OP right` holds.
    pub fn holds(self, left: u64, right: u64) -> bool {
        match self {
            Cmp::Lt => left < right,
            Cmp::Le => left <= right,
            Cmp::Gt => left > right,
            Cmp::Ge => left >= right,
            Cmp::Eq => left == right,
            Cmp::Ne => left != right,
        }
    }
}

impl TypePattern {
    /// Whether the class with this binary name (dots, e.g. `java.util.ArrayList`) matches.
    pub fn matches(&self, class: &str) -> bool {
        match self {
            TypePattern::Any => true,
            TypePattern::Prefix(p) => class.starts_with(p.as_str()),
            TypePattern::Exact(c) => class == c,
        }
    }
}

impl Spec {
    /// Whether instances of `class` are tracked.
    pub fn tracks(&self, class: &str) -> bool {
        self.track.iter().any(|p| p.matches(class))
    }

    /// The events the instrumentation must report for this spec.
    pub fn needs(&self) -> Needs {
        let mut needs = Needs {
            alloc: true,
            ..Needs::default()
        };
        for rule in &self.rules {
            match &rule.event {
                Event::Read => needs.field_reads = true,
                Event::Write => needs.field_writes = true,
                Event::ArrayRead => needs.array_reads = true,
                Event::ArrayWrite => needs.array_writes = true,
                Event::Enter(m) | Event::Exit(m) => {
                    needs.methods.insert(m.clone());
                }
                Event::Alloc | Event::Gc => {}
            }
            for cond in &rule.when {
                match cond.metric {
                    Metric::IdleGcs | Metric::Reads | Metric::Writes => {
                        needs.field_reads = true;
                        needs.field_writes = true;
                        needs.array_reads = true;
                        needs.array_writes = true;
                    }
                    Metric::Elements
                    | Metric::Capacity
                    | Metric::UsedPct
                    | Metric::ReadSpreadPct => needs.containers = true,
                    Metric::Size => {}
                }
            }
        }
        needs
    }
}

//! Reading the trace `decisionprof.BlowRt` writes (`runtime/BlowRt.java`) and replaying it
//! through a spec: per GC, each live tracked object's counters become its [`ObjState`], the
//! spec's rules fire, and POSTGC gives the timeline point.

use super::spec::{Event, Spec};
use super::vso::{post_gc, GcPoint, ObjState};
use std::collections::BTreeMap;

/// Source of the runtime class, compiled with `javac` at run time.
pub const BLOW_RUNTIME_SOURCE: &str = include_str!("runtime/BlowRt.java");

/// Bytes of one reference slot in a container's backing array (compressed oops, as the runtime
/// assumes for its size estimates).
pub const SLOT_BYTES: u64 = 4;

/// A malformed trace line.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("{file}:{line}: bad trace line: {text}")]
pub struct TraceError {
    /// Trace file name.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// The line.
    pub text: String,
}

/// One live tracked object as one GC saw it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ObjSample {
    /// Tracking id.
    pub id: u64,
    /// Shallow size in bytes.
    pub size: u64,
    /// Reads so far.
    pub reads: u64,
    /// Writes so far.
    pub writes: u64,
    /// Elements (containers, arrays).
    pub elements: u64,
    /// Backing slots, `None` when the runtime could not see them.
    pub capacity: Option<u64>,
    /// Distinct element positions read since the previous GC.
    pub positions: u64,
}

/// Call counts of one observed method on one live tracked object, as one GC saw them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CallSample {
    /// Tracking id.
    pub id: u64,
    /// Index of the method name in the spec's [`super::spec::Needs::methods`].
    pub method: usize,
    /// Entries so far.
    pub enters: u64,
    /// Exits (returns and exceptional exits) so far.
    pub exits: u64,
}

/// One GC record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GcRecord {
    /// GC ordinal.
    pub gc: u64,
    /// Live heap bytes after the GC.
    pub live_bytes: u64,
    /// Tracked objects that died since the previous record.
    pub dead: Vec<u64>,
    /// Live tracked objects whose figures changed (the others are live and unchanged).
    pub objects: Vec<ObjSample>,
    /// Method call counts that changed.
    pub calls: Vec<CallSample>,
    /// Per object, its last method events since the previous GC in order (`2m` an entry of
    /// method `m`, `2m + 1` an exit).
    pub orders: BTreeMap<u64, Vec<usize>>,
}

/// A parsed trace.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Trace {
    /// GC records in order.
    pub gcs: Vec<GcRecord>,
    /// Allocation site of every tracked object, by id.
    pub sites: BTreeMap<u64, String>,
    /// Reference path from a static field, by id, for objects still reachable at exit.
    pub paths: BTreeMap<u64, String>,
}

/// Parses a trace; `file` names it in errors.
pub fn parse_trace(file: &str, text: &str) -> Result<Trace, TraceError> {
    let mut trace = Trace::default();
    let mut site_names: BTreeMap<u64, String> = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        let bad = || TraceError {
            file: file.to_string(),
            line: i + 1,
            text: line.to_string(),
        };
        let mut words = line.split(' ');
        let tag = words.next().unwrap_or("");
        if tag == "S" || tag == "P" || tag == "N" {
            let id = words.next().and_then(|w| w.parse().ok()).ok_or_else(bad)?;
            let text = words.collect::<Vec<_>>().join(" ");
            match tag {
                "N" => {
                    site_names.insert(id, text);
                }
                // `S id k` names a site announced by `N k site`; otherwise the text is the site
                "S" => {
                    let named = text.parse::<u64>().ok().and_then(|k| site_names.get(&k));
                    let site = named.cloned().unwrap_or(text);
                    trace.sites.insert(id, site);
                }
                _ => {
                    trace.paths.insert(id, text);
                }
            }
            continue;
        }
        if tag == "Q" {
            let nums: Vec<usize> = words
                .map(str::parse)
                .collect::<Result<_, _>>()
                .map_err(|_| bad())?;
            let (id, order) = nums.split_first().ok_or_else(bad)?;
            let rec = trace.gcs.last_mut().ok_or_else(bad)?;
            rec.orders.insert(*id as u64, order.to_vec());
            continue;
        }
        let nums: Vec<i64> = words
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map_err(|_| bad())?;
        let n = |k: usize| u64::try_from(nums[k]).map_err(|_| bad());
        match (tag, nums.len()) {
            ("G", 2) => trace.gcs.push(GcRecord {
                gc: n(0)?,
                live_bytes: n(1)?,
                dead: Vec::new(),
                objects: Vec::new(),
                calls: Vec::new(),
                orders: BTreeMap::new(),
            }),
            ("D", 1) => trace.gcs.last_mut().ok_or_else(bad)?.dead.push(n(0)?),
            ("O", 7) => {
                let sample = ObjSample {
                    id: n(0)?,
                    size: n(1)?,
                    reads: n(2)?,
                    writes: n(3)?,
                    elements: n(4)?,
                    capacity: u64::try_from(nums[5]).ok(),
                    positions: n(6)?,
                };
                trace.gcs.last_mut().ok_or_else(bad)?.objects.push(sample);
            }
            ("M", 4) => {
                let sample = CallSample {
                    id: n(0)?,
                    method: usize::try_from(n(1)?).map_err(|_| bad())?,
                    enters: n(2)?,
                    exits: n(3)?,
                };
                trace.gcs.last_mut().ok_or_else(bad)?.calls.push(sample);
            }
            _ => return Err(bad()),
        }
    }
    Ok(trace)
}

/// Replays the trace through `spec`: the VSO timeline and the final state of every object.
/// Reads and writes fire the spec's `read`/`array_read` and `write`/`array_write` rules once per
/// GC window in which the object's counters grew; `enter`/`exit` rules fire once per call (the
/// runtime counts, it does not order events, so within a window reads and writes come first).
pub fn replay(spec: &Spec, trace: &Trace) -> (Vec<GcPoint>, BTreeMap<u64, ObjState>) {
    let methods: Vec<String> = spec.needs().methods.into_iter().collect();
    // calls seen so far per (object, method)
    let mut calls: BTreeMap<(u64, usize), (u64, u64)> = BTreeMap::new();
    // live objects' states, and those of objects that died
    let mut live: BTreeMap<u64, ObjState> = BTreeMap::new();
    let mut gone: BTreeMap<u64, ObjState> = BTreeMap::new();
    let mut points = Vec::with_capacity(trace.gcs.len());
    for rec in &trace.gcs {
        for s in &rec.objects {
            let first = !live.contains_key(&s.id);
            let st = live.entry(s.id).or_default();
            let (read, written) = (s.reads > st.reads, s.writes > st.writes);
            st.used_since_gc |= read || written;
            st.size = s.size;
            st.slot_bytes = SLOT_BYTES;
            st.reads = s.reads;
            st.writes = s.writes;
            st.elements = s.elements;
            st.read_positions = s.positions;
            // Unknown capacity: treat the container as full (never under-utilized).
            st.capacity = s.capacity.unwrap_or(s.elements);
            if first {
                st.fire(spec, &Event::Alloc);
            }
            let fired = [
                (read, Event::Read),
                (read, Event::ArrayRead),
                (written, Event::Write),
                (written, Event::ArrayWrite),
            ];
            for (_, event) in fired.iter().filter(|(happened, _)| *happened) {
                st.fire(spec, event);
            }
        }
        // the calls of objects that died since the previous GC are reported with their death
        fire_method_events(spec, &methods, rec, &mut calls, &mut live);
        for id in &rec.dead {
            if let Some(st) = live.remove(id) {
                gone.insert(*id, st);
            }
        }
        points.push(post_gc(spec, rec.gc, rec.live_bytes, live.values_mut()));
    }
    gone.append(&mut live);
    (points, gone)
}

/// Fires the `enter`/`exit` rules for the method calls one GC record reports: the calls the
/// record's event order does not cover first (grouped per method: they came earlier, in an order
/// the runtime did not keep), then the ordered tail, so whatever came last acts last.
fn fire_method_events(
    spec: &Spec,
    methods: &[String],
    rec: &GcRecord,
    seen: &mut BTreeMap<(u64, usize), (u64, u64)>,
    live: &mut BTreeMap<u64, ObjState>,
) {
    let event = |slot: usize| {
        let name = methods.get(slot / 2)?.clone();
        Some(match slot % 2 {
            0 => Event::Enter(name),
            _ => Event::Exit(name),
        })
    };
    let mut deltas: BTreeMap<u64, Vec<u64>> = BTreeMap::new();
    for c in &rec.calls {
        let before = seen.entry((c.id, c.method)).or_default();
        let d = deltas
            .entry(c.id)
            .or_insert_with(|| vec![0; 2 * methods.len()]);
        if let Some(pair) = d.get_mut(2 * c.method..2 * c.method + 2) {
            pair[0] = c.enters.saturating_sub(before.0);
            pair[1] = c.exits.saturating_sub(before.1);
        }
        *before = (c.enters, c.exits);
    }
    for (id, mut d) in deltas {
        let Some(st) = live.get_mut(&id) else {
            continue;
        };
        let order = rec.orders.get(&id).map_or(&[][..], Vec::as_slice);
        for &slot in order {
            if let Some(n) = d.get_mut(slot) {
                *n = n.saturating_sub(1);
            }
        }
        for (slot, n) in d.into_iter().enumerate() {
            if let Some(e) = event(slot) {
                st.fire_times(spec, &e, n);
            }
        }
        for e in order.iter().filter_map(|&slot| event(slot)) {
            st.fire(spec, &e);
        }
    }
}

/// One suspicious allocation site.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SiteReport {
    /// Allocation site as the instrumentation named it (`Class.java:line`).
    pub site: String,
    /// Total penalty bytes of its objects.
    pub penalty: u64,
    /// Penalized objects from it.
    pub objects: usize,
    /// Reference path of its most penalized object still reachable at exit.
    pub path: Option<String>,
}

/// The allocation sites with the most penalty at the end, largest first.
pub fn top_sites(trace: &Trace, states: &BTreeMap<u64, ObjState>, n: usize) -> Vec<SiteReport> {
    let mut by_site: BTreeMap<&str, (SiteReport, u64)> = BTreeMap::new();
    for (id, st) in states.iter().filter(|(_, st)| st.penalty > 0) {
        let site = trace.sites.get(id).map_or("<unknown site>", String::as_str);
        let (r, best) = by_site.entry(site).or_insert_with(|| {
            let r = SiteReport {
                site: site.to_string(),
                penalty: 0,
                objects: 0,
                path: None,
            };
            (r, 0)
        });
        r.penalty += st.penalty;
        r.objects += 1;
        if let Some(p) = trace.paths.get(id).filter(|_| st.penalty > *best) {
            r.path = Some(p.clone());
            *best = st.penalty;
        }
    }
    let mut v: Vec<SiteReport> = by_site.into_values().map(|(r, _)| r).collect();
    v.sort_by(|a, b| b.penalty.cmp(&a.penalty).then_with(|| a.site.cmp(&b.site)));
    v.truncate(n);
    v
}

//! The Java side of profiling: building the `decisionprof.DpRt` runtime class with the JDK on the
//! machine, the side file it reads (HFG labels), and the profile it dumps at JVM exit.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::sites::{Instrumented, SiteKind};
use jvm_bytecode::jdk::{build_runtime_class, JdkError};
use jvm_bytecode::layout::element_bytes;

/// Internal name of the runtime class.
pub const RUNTIME_CLASS: &str = "decisionprof/DpRt";

/// The descriptor of the runtime's probe method `name`.
pub fn runtime_descriptor(name: &str) -> &'static str {
    match name {
        "enter" | "exit" => "(I)V",
        "param" | "enter1" => "(Ljava/lang/Object;II)V",
        "enter2" => "(Ljava/lang/Object;ILjava/lang/Object;II)V",
        "alloc" => "(Ljava/lang/Object;IIIJ)V",
        "allocR" => "(Ljava/lang/Object;Ljava/lang/Object;IIIJ)V",
        "acc" | "hr" => "(Ljava/lang/Object;II)V",
        "on" | "stay" => "(I)Z",
        _ => "(Ljava/lang/Object;)V",
    }
}

/// The runtime's Java source.
pub const RUNTIME_SOURCE: &str = include_str!("runtime/DpRt.java");

/// Errors of the runtime side.
#[derive(Debug, thiserror::Error)]
pub enum RuntimeError {
    /// The runtime could not be built.
    #[error(transparent)]
    Jdk(#[from] JdkError),
    /// File I/O failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The error.
        source: std::io::Error,
    },
    /// The dumped profile is malformed.
    #[error("{path}:{line}: malformed profile line")]
    Profile {
        /// The profile file.
        path: String,
        /// 1-based line.
        line: usize,
    },
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> RuntimeError + '_ {
    move |source| RuntimeError::Io {
        path: path.display().to_string(),
        source,
    }
}

/// Compiles the runtime (once per source version) into a cache directory under the system
/// temp dir and returns the classpath entry holding `decisionprof/DpRt.class`.
pub fn build_runtime() -> Result<PathBuf, RuntimeError> {
    Ok(build_runtime_class("DpRt", RUNTIME_SOURCE)?)
}

/// First word of the side file (`DPS3`).
pub const SIDE_MAGIC: u32 = 0x4450_5333;

/// Writes the side file the runtime reads at start-up, binary and big-endian, every list as
/// its length then its elements so the runtime reads each with one bulk copy (a cold JVM
/// parsing element by element spent 10 ms on ANTLR 4, building its tables 9 ms more): the magic
/// [`SIDE_MAGIC`], sites, methods, context classes and stack depth; the array sites as `(site,
/// element bytes)` pairs; the numbered methods' exits as `(method, exit node)` pairs; then the
/// HFG edges' labels as [`EdgeTable`]'s three arrays.
pub fn write_side_file(
    inst: &Instrumented,
    context: u32,
    stack_depth: u32,
    path: &Path,
) -> Result<(), RuntimeError> {
    let mut out: Vec<u8> = Vec::new();
    let int = |out: &mut Vec<u8>, v: usize| out.extend_from_slice(&(v as u32).to_be_bytes());
    let ints = |out: &mut Vec<u8>, vs: &[usize]| {
        int(out, vs.len());
        for &v in vs {
            int(out, v);
        }
    };
    for v in [
        SIDE_MAGIC as usize,
        inst.sites.len(),
        inst.methods.len(),
        context.max(1) as usize,
        stack_depth as usize,
    ] {
        int(&mut out, v);
    }
    let arrays: Vec<usize> = inst
        .sites
        .iter()
        .filter_map(|site| match &site.kind {
            SiteKind::Alloc { ty, .. } => element_bytes(ty).map(|e| [site.id as usize, e as usize]),
            SiteKind::Param { .. } => None,
        })
        .flatten()
        .collect();
    ints(&mut out, &arrays);
    let numbered: Vec<_> = inst.methods.iter().filter(|m| m.numbered).collect();
    let exits: Vec<usize> = numbered
        .iter()
        .flat_map(|m| [m.id as usize, m.flow.cfg.exit()])
        .collect();
    ints(&mut out, &exits);
    let mut edges = Vec::new();
    for m in &numbered {
        let id = m.id as usize;
        edges.extend(
            m.flow
                .edge_labels()
                .into_iter()
                .map(|(f, t, inc)| (id, f, t, inc)),
        );
    }
    let table = EdgeTable::new(inst.methods.len(), &edges);
    ints(&mut out, &table.base);
    ints(&mut out, &table.start);
    int(&mut out, table.pairs.len());
    for v in &table.pairs {
        out.extend_from_slice(&v.to_be_bytes());
    }
    std::fs::write(path, out).map_err(io(path))
}

/// The HFG edges' labels as the runtime looks them up, compressed rows: method `m`'s nodes
/// have the slots `base[m] .. base[m + 1]` (node `v` the slot `base[m] + v`, up to the
/// largest target of an edge); slot `k`'s edges are `pairs[start[k] .. start[k + 1]]`, a
/// `(from, label)` pair each.
#[derive(Debug, PartialEq, Eq)]
pub struct EdgeTable {
    /// Per method, its first slot; one more entry, the number of slots.
    pub base: Vec<usize>,
    /// Per slot, its first element of `pairs`; one more entry, the length of `pairs`.
    pub start: Vec<usize>,
    /// `(from, label)` pairs, `from` widened to 64 bits.
    pub pairs: Vec<u64>,
}

impl EdgeTable {
    /// The table of `methods` methods with `edges` `(method, from, to, label)`; of edges repeated
    /// between the same nodes the first label stays, and methods out of range are left out.
    pub fn new(methods: usize, edges: &[(usize, usize, usize, u64)]) -> EdgeTable {
        let mut into: Vec<Vec<Vec<(u64, u64)>>> = vec![Vec::new(); methods];
        for &(m, from, to, label) in edges {
            let Some(nodes) = into.get_mut(m) else {
                continue;
            };
            if nodes.len() <= to {
                nodes.resize(to + 1, Vec::new());
            }
            if nodes[to].iter().all(|&(f, _)| f != from as u64) {
                nodes[to].push((from as u64, label));
            }
        }
        let mut t = EdgeTable {
            base: Vec::with_capacity(methods + 1),
            start: Vec::new(),
            pairs: Vec::new(),
        };
        for nodes in &into {
            t.base.push(t.start.len());
            for pairs in nodes {
                t.start.push(t.pairs.len());
                t.pairs.extend(pairs.iter().flat_map(|&(f, l)| [f, l]));
            }
        }
        t.base.push(t.start.len());
        t.start.push(t.pairs.len());
        t
    }
}

pub use graph::flow::SiteCounts;

/// One finished path segment: in `method`, an object of `site` (in context class `ctx`) went
/// from `from` to `to` with Ball–Larus sum `sum`, `count` times.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct PathRecord {
    /// Method id.
    pub method: u32,
    /// Site id.
    pub site: u32,
    /// Context class of the objects (0 without contexts).
    pub ctx: u32,
    /// First node (0: the HFG start; otherwise a restarted segment).
    pub from: usize,
    /// Last node (the method's exit for complete paths).
    pub to: usize,
    /// Sum of the labels along the segment.
    pub sum: u64,
    /// How many objects took it.
    pub count: u64,
}

/// Heap reads at one load: `(method id, instruction, reads)`.
pub type LoadCount = (u32, usize, u64);

/// The profile dumped by the runtime.
#[derive(Debug, Clone, Default)]
pub struct RawProfile {
    /// Context classes (`--context`).
    pub context: u32,
    /// Counters per `(site, context class)`.
    pub sites: BTreeMap<(u32, u32), SiteCounts>,
    /// Path segments.
    pub paths: Vec<PathRecord>,
    /// Sampled allocation stacks per `(site, context class)`: callers innermost first, `;`
    /// between frames, with the objects each sample stands for.
    pub stacks: BTreeMap<(u32, u32), Vec<(String, u64)>>,
    /// Heap reads per `(site, context class)` by load: `(method id, instruction, reads)`.
    pub loads: BTreeMap<(u32, u32), Vec<LoadCount>>,
    /// Objects followed per `(site, context class)`: all of them unless the run was sampled.
    pub followed: BTreeMap<(u32, u32), u64>,
    /// The plan of a sampled run (none for a full run).
    pub sampling: Option<SampleRecord>,
    /// A sampled run's counts per `(site, context class)` and group of the followed objects:
    /// random replicate groups, then the certain stratum (the first objects of each site).
    pub groups: BTreeMap<(u32, u32), Vec<GroupCount>>,
    /// Objects of the certain stratum per `(site, context class)` (sampled runs).
    pub certain: BTreeMap<(u32, u32), u64>,
    /// A sampled run's path segments of burst-traced invocations (the first of each method).
    pub burst_paths: Vec<PathRecord>,
}

/// Counts of one group of a site's followed objects.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GroupCount {
    /// Heap writes.
    pub writes: u64,
    /// Heap reads.
    pub reads: u64,
    /// Objects used.
    pub used: u64,
    /// Objects written to the heap.
    pub heap: u64,
}

/// What the runtime reports of a sampled run's plan.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SampleRecord {
    /// Share of objects followed.
    pub rate: f64,
    /// Seed.
    pub seed: u64,
    /// Path window, milliseconds.
    pub period_ms: u32,
    /// Windows with path probes on.
    pub windows_on: u64,
    /// All windows.
    pub windows: u64,
}

/// Reads the runtime's dump.
pub fn read_profile(path: &Path) -> Result<RawProfile, RuntimeError> {
    let text = std::fs::read_to_string(path).map_err(io(path))?;
    let bad = |line: usize| RuntimeError::Profile {
        path: path.display().to_string(),
        line,
    };
    let mut p = RawProfile {
        context: 1,
        ..RawProfile::default()
    };
    for (k, line) in text.lines().enumerate() {
        let f: Vec<&str> = line.split(' ').collect();
        let num = |i: usize| -> Result<u64, RuntimeError> {
            f.get(i)
                .and_then(|x| x.parse::<u64>().ok())
                .ok_or_else(|| bad(k + 1))
        };
        match f[0] {
            "decisionprof-profile" => p.context = num(2)? as u32,
            "R" => {
                p.sampling = Some(SampleRecord {
                    rate: f
                        .get(1)
                        .and_then(|x| x.parse::<f64>().ok())
                        .ok_or_else(|| bad(k + 1))?,
                    seed: num(2)?,
                    period_ms: num(3)? as u32,
                    windows_on: num(4)?,
                    windows: num(5)?,
                })
            }
            "S" => {
                let key = (num(1)? as u32, num(2)? as u32);
                p.followed
                    .insert(key, if f.len() > 9 { num(9)? } else { num(3)? });
                if f.len() > 10 {
                    p.certain.insert(key, num(10)?);
                }
                p.sites.insert(
                    (num(1)? as u32, num(2)? as u32),
                    SiteCounts {
                        objects: num(3)?,
                        heap_objects: num(4)?,
                        used_objects: num(5)?,
                        heap_writes: num(6)?,
                        heap_reads: num(7)?,
                        bytes: if f.len() > 8 { num(8)? } else { 0 },
                    },
                );
            }
            "G" => {
                let key = (num(1)? as u32, num(2)? as u32);
                let mut groups = Vec::new();
                for g in (3..f.len()).step_by(4) {
                    groups.push(GroupCount {
                        writes: num(g)?,
                        reads: num(g + 1)?,
                        used: num(g + 2)?,
                        heap: num(g + 3)?,
                    });
                }
                p.groups.insert(key, groups);
            }
            "K" => {
                let slot = num(2)? as u32;
                let ctx = p.context.max(1);
                p.stacks
                    .entry((slot / ctx, slot % ctx))
                    .or_default()
                    .push((f.get(3).unwrap_or(&"").to_string(), num(1)?));
            }
            "L" => {
                let slot = num(1)? as u32;
                let ctx = p.context.max(1);
                p.loads.entry((slot / ctx, slot % ctx)).or_default().push((
                    num(2)? as u32,
                    num(3)? as usize,
                    num(4)?,
                ));
            }
            "P" | "B" => {
                let r = PathRecord {
                    method: num(1)? as u32,
                    site: (num(2)? as u32) / p.context.max(1),
                    ctx: (num(2)? as u32) % p.context.max(1),
                    from: num(3)? as usize,
                    to: num(4)? as usize,
                    sum: num(5)?,
                    count: num(6)?,
                };
                if f[0] == "P" {
                    p.paths.push(r);
                } else {
                    p.burst_paths.push(r);
                }
            }
            "" => {}
            _ => return Err(bad(k + 1)),
        }
    }
    p.paths.sort();
    p.burst_paths.sort();
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edge_table_rows_hold_each_nodes_incoming_edges_first_label_kept() {
        // method 0: 0->1 (5), 1->2 (7), 0->2 (9), 0->1 again (11); method 1 none; method 2: 0->1
        let edges = [
            (0, 0, 1, 5),
            (0, 1, 2, 7),
            (0, 0, 2, 9),
            (0, 0, 1, 11),
            (2, 0, 1, 3),
            (7, 0, 1, 1),
        ];
        let t = EdgeTable::new(3, &edges);
        assert_eq!(t.base, vec![0, 3, 3, 5]);
        assert_eq!(t.start, vec![0, 0, 2, 6, 6, 8]);
        assert_eq!(t.pairs, vec![0, 5, 1, 7, 0, 9, 0, 3]);
    }
}

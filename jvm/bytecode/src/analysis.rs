//! The static pipeline per method and per jar, with phase timings and reusable results.

use std::fmt::Write as _;
use std::path::Path;
use std::time::{Duration, Instant};

use super::cfg::{Cfg, CfgEdge, CfgNode};
use super::classfile::{parse_class, read_jar, ClassError, MethodCode};
use super::defuse::{DefId, DefKind, DefUse};
use super::hfg::{
    add_access_edges, add_bypass_edges, construct_hfg, def_use_sets, AccessWalk, AcyclicOrder, Hfg,
    HfgOptions, MergedHfg,
};
use super::slice::{forward_slice, ControlDeps, Slice};
use graph::{remove_cycles, Digraph};

/// Time spent in each phase (summed over methods for a jar); serialized as milliseconds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PhaseTimes {
    /// Reading the jar and parsing class files.
    pub parse: Duration,
    /// Building CFGs.
    pub cfg: Duration,
    /// Def-use by abstract interpretation.
    pub defuse: Duration,
    /// Control dependences and slices.
    pub slice: Duration,
    /// Acyclic conversion and Algorithm 1.
    pub hfg: Duration,
    /// Algorithm 2.
    pub bypass: Duration,
    /// Merging and Ball–Larus numbering.
    pub numbering: Duration,
}

impl PhaseTimes {
    /// Adds another set of times to this one.
    pub fn add(&mut self, o: &PhaseTimes) {
        self.parse += o.parse;
        self.cfg += o.cfg;
        self.defuse += o.defuse;
        self.slice += o.slice;
        self.hfg += o.hfg;
        self.bypass += o.bypass;
        self.numbering += o.numbering;
    }

    /// The sum of all phases.
    pub fn total(&self) -> Duration {
        self.parse + self.cfg + self.defuse + self.slice + self.hfg + self.bypass + self.numbering
    }

    /// `(name, duration)` pairs in pipeline order.
    pub fn phases(&self) -> [(&'static str, Duration); 7] {
        [
            ("parse", self.parse),
            ("cfg", self.cfg),
            ("defuse", self.defuse),
            ("slice", self.slice),
            ("hfg", self.hfg),
            ("bypass", self.bypass),
            ("numbering", self.numbering),
        ]
    }
}

impl serde::Serialize for PhaseTimes {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = ser.serialize_map(Some(8))?;
        for (k, d) in self.phases() {
            m.serialize_entry(k, &(d.as_secs_f64() * 1e3))?;
        }
        m.serialize_entry("total", &(self.total().as_secs_f64() * 1e3))?;
        m.end()
    }
}

/// Everything the static analysis computed for one method (kept for instrumentation).
#[derive(Debug, Clone)]
pub struct MethodFlow {
    /// The method's code.
    pub method: MethodCode,
    /// Its CFG.
    pub cfg: Cfg,
    /// The acyclic CFG (back edges replaced), same node ids.
    pub acyclic: Digraph<CfgNode, CfgEdge>,
    /// The removed back edges.
    pub back_edges: Vec<(usize, usize)>,
    /// Reference def-use.
    pub defuse: DefUse,
    /// One slice per slicing target.
    pub slices: Vec<Slice>,
    /// One HFG per slice (same order).
    pub hfgs: Vec<Hfg>,
    /// The merged, numbered HFG.
    pub merged: MergedHfg,
    /// Phase times of this method.
    pub times: PhaseTimes,
}

/// Headline figures of one method.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct MethodSummary {
    /// `Class.name(descriptor)`.
    pub method: String,
    /// CFG nodes, without start and exit.
    pub cfg_nodes: usize,
    /// CFG edges.
    pub cfg_edges: usize,
    /// Number of slicing targets.
    pub slices: usize,
    /// Merged HFG nodes, without start and exit.
    pub hfg_nodes: usize,
    /// Merged HFG edges, bypass edges included.
    pub hfg_edges: usize,
    /// Bypass-only edges of the merged HFG.
    pub bypass_edges: usize,
    /// Ball–Larus path count, if it fit.
    pub paths: Option<u64>,
    /// Why there is no path count.
    pub numbering_error: Option<String>,
    /// Analysis time of the method (CFG to numbering), in microseconds.
    pub time_us: u64,
}

impl MethodFlow {
    /// Runs the whole static pipeline on one method.
    pub fn analyze(m: &MethodCode, opts: &HfgOptions) -> Result<MethodFlow, ClassError> {
        let mut times = PhaseTimes::default();
        let t = Instant::now();
        let cfg = Cfg::build(m)?;
        times.cfg = t.elapsed();
        let t = Instant::now();
        let defuse = DefUse::compute(m, &cfg)?;
        times.defuse = t.elapsed();
        let t = Instant::now();
        let cd = ControlDeps::compute(&cfg);
        let targets: Vec<DefId> = (0..defuse.defs.len() as DefId)
            .filter(|&d| {
                let kind = defuse.defs[d as usize].kind;
                kind.is_slice_target() && (opts.call_results || kind != DefKind::CallReturn)
            })
            .collect();
        let slices: Vec<Slice> = targets
            .iter()
            .map(|&d| forward_slice(&cfg, &defuse, &cd, d))
            .collect();
        times.slice = t.elapsed();
        let t = Instant::now();
        let acyc = remove_cycles(&cfg.graph, cfg.start(), cfg.exit(), CfgEdge::Dummy);
        let order = AcyclicOrder::new(&acyc.graph).ok_or_else(|| ClassError::Unsupported {
            method: m.display_name(),
            message: "acyclic conversion left a cycle".into(),
        })?;
        let mut hfgs: Vec<Hfg> = slices
            .iter()
            .map(|s| {
                let tn = defuse.defs[s.target as usize].node;
                construct_hfg(&order, s, tn, opts)
            })
            .collect();
        times.hfg = t.elapsed();
        let t = Instant::now();
        let mut walk = AccessWalk::new(&defuse);
        for (h, s) in hfgs.iter_mut().zip(&slices) {
            let sets = def_use_sets(&defuse, &cfg.node_of, s);
            add_bypass_edges(h, &sets, &order);
            if opts.complete_bypass {
                add_access_edges(
                    h,
                    &defuse,
                    s.target,
                    &order,
                    &cfg.node_of,
                    opts.full_access_walk,
                    &mut walk,
                );
            }
        }
        times.bypass = t.elapsed();
        let t = Instant::now();
        let merged = MergedHfg::merge(&hfgs, cfg.exit(), opts);
        times.numbering = t.elapsed();
        Ok(MethodFlow {
            method: m.clone(),
            cfg,
            acyclic: acyc.graph,
            back_edges: acyc.back_edges,
            defuse,
            slices,
            hfgs,
            merged,
            times,
        })
    }

    /// The headline figures.
    pub fn summary(&self) -> MethodSummary {
        MethodSummary {
            method: self.method.display_name(),
            cfg_nodes: self.cfg.graph.node_count() - 2,
            cfg_edges: self.cfg.graph.edge_count(),
            slices: self.slices.len(),
            hfg_nodes: self.merged.inner_nodes(),
            hfg_edges: self.merged.graph.edge_count(),
            bypass_edges: self.merged.bypass_count(),
            paths: self.merged.numbering.as_ref().map(|n| n.path_count()),
            numbering_error: self.merged.numbering_error.clone(),
            time_us: u64::try_from(self.times.total().as_micros()).unwrap_or(u64::MAX),
        }
    }
}

/// Analyses the methods of one class entry of a jar for instrumentation: the methods that could
/// not be analysed (or whose analysis panicked) are left out with a warning, and an unparsable
/// class has none.
pub fn analyze_class(
    name: &str,
    bytes: &[u8],
    opts: &HfgOptions,
    warnings: &mut Vec<String>,
) -> Vec<MethodFlow> {
    let (class, skipped) = match parse_class(name, bytes) {
        Ok(x) => x,
        Err(e) => {
            warnings.push(format!("copied unchanged: {e}"));
            return Vec::new();
        }
    };
    for e in skipped {
        warnings.push(format!("not instrumented: {e}"));
    }
    let mut flows = Vec::new();
    for m in &class.methods {
        let res = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            MethodFlow::analyze(m, opts)
        }));
        match res {
            Ok(Ok(f)) => flows.push(f),
            Ok(Err(e)) => warnings.push(format!("not instrumented: {e}")),
            Err(_) => warnings.push(format!(
                "not instrumented: {}: analysis panicked (a bug)",
                m.display_name()
            )),
        }
    }
    flows
}

/// Totals over a jar (the paper's Table 2 and Figure 12 columns).
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct JarTotals {
    /// Classes parsed.
    pub classes: usize,
    /// Methods with code that were analysed.
    pub methods: usize,
    /// Methods skipped with a warning.
    pub skipped_methods: usize,
    /// Classes that could not be parsed.
    pub skipped_classes: usize,
    /// CFG nodes.
    pub cfg_nodes: usize,
    /// CFG edges.
    pub cfg_edges: usize,
    /// Merged HFG nodes.
    pub hfg_nodes: usize,
    /// Merged HFG edges.
    pub hfg_edges: usize,
    /// Bypass-only edges.
    pub bypass_edges: usize,
    /// Sum of path counts of numbered methods (saturating).
    pub paths: u64,
    /// Methods whose path count overflowed.
    pub overflowed: usize,
    /// Phase times.
    pub times: PhaseTimes,
}

/// The static analysis of a jar.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct JarReport {
    /// Per-method figures of the analysed methods.
    pub methods: Vec<MethodSummary>,
    /// Totals.
    pub totals: JarTotals,
    /// One line per skipped class or method, naming it.
    pub warnings: Vec<String>,
}

/// Analyses every method of a jar (or those whose `Class.name` equals `only`), keeping the full
/// per-method results when `keep` says so. Unparsable classes and unsupported methods become
/// warnings; only an unreadable jar is an error.
pub fn analyze_jar(
    path: &Path,
    opts: &HfgOptions,
    only: Option<&str>,
    mut keep: impl FnMut(&MethodCode) -> bool,
) -> Result<(JarReport, Vec<MethodFlow>), ClassError> {
    let t = Instant::now();
    let entries = read_jar(path)?;
    let mut report = JarReport::default();
    report.totals.times.parse = t.elapsed();
    let mut flows = Vec::new();
    for (name, bytes) in &entries {
        let t = Instant::now();
        let parsed = parse_class(name, bytes);
        report.totals.times.parse += t.elapsed();
        let (class, skipped) = match parsed {
            Ok(x) => x,
            Err(e) => {
                report.warnings.push(format!("skipped class {e}"));
                report.totals.skipped_classes += 1;
                continue;
            }
        };
        report.totals.classes += 1;
        for e in skipped {
            let wanted = match (&e, only) {
                (_, None) => true,
                (ClassError::Unsupported { method, .. }, Some(o)) => {
                    method.starts_with(&format!("{o}("))
                }
                _ => false,
            };
            if wanted {
                report.warnings.push(format!("skipped method {e}"));
                report.totals.skipped_methods += 1;
            }
        }
        for m in &class.methods {
            if let Some(o) = only {
                if format!("{}.{}", m.class.replace('/', "."), m.name) != o {
                    continue;
                }
            }
            let res = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                MethodFlow::analyze(m, opts)
            }));
            let flow = match res {
                Ok(Ok(f)) => f,
                Ok(Err(e)) => {
                    report.warnings.push(format!("skipped method {e}"));
                    report.totals.skipped_methods += 1;
                    continue;
                }
                Err(_) => {
                    report.warnings.push(format!(
                        "skipped method {}: analysis panicked (a bug)",
                        m.display_name()
                    ));
                    report.totals.skipped_methods += 1;
                    continue;
                }
            };
            let s = flow.summary();
            let tt = &mut report.totals;
            tt.methods += 1;
            tt.cfg_nodes += s.cfg_nodes;
            tt.cfg_edges += s.cfg_edges;
            tt.hfg_nodes += s.hfg_nodes;
            tt.hfg_edges += s.hfg_edges;
            tt.bypass_edges += s.bypass_edges;
            match s.paths {
                Some(p) => tt.paths = tt.paths.saturating_add(p),
                None => tt.overflowed += 1,
            }
            tt.times.add(&flow.times);
            if let Some(e) = &s.numbering_error {
                report
                    .warnings
                    .push(format!("{}: not numbered: {e}", s.method));
            }
            report.methods.push(s);
            if keep(m) {
                flows.push(flow);
            }
        }
    }
    Ok((report, flows))
}

impl JarReport {
    /// The report as `jvm-flow --static` prints it: a row per method (CFG and HFG sizes, bypass
    /// edges, paths, time), then the totals and the phase times; `jar` names the jar.
    pub fn text(&self, jar: &str) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "{jar}");
        let _ = writeln!(
            out,
            "{:>7} {:>7} {:>7} {:>6} {:>7} {:>6} {:>6} {:>20} {:>8}  method",
            "cfg-n", "cfg-e", "hfg-n", "%", "hfg-e", "%", "bypass", "paths", "us"
        );
        for m in &self.methods {
            let paths = m
                .paths
                .map_or_else(|| "overflow".to_string(), |p| p.to_string());
            let _ = writeln!(
                out,
                "{:>7} {:>7} {:>7} {:>6.1} {:>7} {:>6.1} {:>6} {:>20} {:>8}  {}",
                m.cfg_nodes,
                m.cfg_edges,
                m.hfg_nodes,
                pct(m.hfg_nodes, m.cfg_nodes),
                m.hfg_edges,
                pct(m.hfg_edges, m.cfg_edges),
                m.bypass_edges,
                paths,
                m.time_us,
                m.method
            );
        }
        let t = &self.totals;
        let _ = writeln!(
            out,
            "total: {} classes, {} methods ({} skipped, {} classes unparsable)",
            t.classes, t.methods, t.skipped_methods, t.skipped_classes
        );
        let _ = writeln!(
            out,
            "  CFG {} nodes, {} edges; HFG {} nodes ({:.1}%), {} edges ({:.1}%), of which {} bypass",
            t.cfg_nodes,
            t.cfg_edges,
            t.hfg_nodes,
            pct(t.hfg_nodes, t.cfg_nodes),
            t.hfg_edges,
            pct(t.hfg_edges, t.cfg_edges),
            t.bypass_edges
        );
        let _ = writeln!(
            out,
            "  paths: {} in numbered methods, {} methods overflowed",
            t.paths, t.overflowed
        );
        let phases: Vec<String> = t
            .times
            .phases()
            .iter()
            .map(|(k, d)| format!("{k} {:.1} ms", d.as_secs_f64() * 1e3))
            .collect();
        let _ = writeln!(
            out,
            "  time: {} (total {:.1} ms)",
            phases.join(", "),
            t.times.total().as_secs_f64() * 1e3
        );
        out
    }

    /// The report as `jvm-flow --static --format json` prints it: the jar, the options, the
    /// totals, the methods, the warnings and the exported `flows` (those kept by
    /// [`analyze_jar`]).
    pub fn json(&self, jar: &str, opts: &HfgOptions, flows: &[MethodFlow]) -> serde_json::Value {
        serde_json::json!({
            "jar": jar,
            "options": opts,
            "totals": self.totals,
            "methods": self.methods,
            "warnings": self.warnings,
            "flows": flows.iter().map(|f| f.export()).collect::<Vec<_>>(),
        })
    }
}

/// `part` in percent of `whole` (0 for an empty whole).
fn pct(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

/// A merged-HFG node as exported: CFG node id, label and instruction range.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct NodeExport {
    /// CFG node id.
    pub id: usize,
    /// `S`, `E`, `L<line>@<first>` or `@<first>`.
    pub label: String,
    /// First instruction index (none for start and exit).
    pub first: Option<usize>,
    /// Last instruction index, inclusive.
    pub last: Option<usize>,
}

/// A merged-HFG edge as exported, with its Ball–Larus increment.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct EdgeExport {
    /// Source CFG node id.
    pub from: usize,
    /// Target CFG node id.
    pub to: usize,
    /// Ball–Larus increment (none if the method was not numbered).
    pub increment: Option<u64>,
    /// Whether only bypass edges (Algorithm 2 or its completion) made it.
    pub bypass: bool,
}

/// One slice as exported.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SliceExport {
    /// What the target is.
    pub target: super::defuse::DefKind,
    /// The target's instruction (none for parameters).
    pub insn: Option<usize>,
    /// CFG nodes of the slice.
    pub nodes: Vec<usize>,
}

/// The numbered merged HFG of a method, for instrumentation and offline decoding.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct FlowExport {
    /// `Class.name(descriptor)`.
    pub method: String,
    /// Number of paths, if numbered.
    pub paths: Option<u64>,
    /// Nodes of the merged HFG (start and exit included).
    pub nodes: Vec<NodeExport>,
    /// Edges with increments.
    pub edges: Vec<EdgeExport>,
    /// The slices the HFG was built from.
    pub slices: Vec<SliceExport>,
}

impl MethodFlow {
    /// The merged HFG's edges with their Ball–Larus increments, `(from, to, increment)` by CFG
    /// node; none if the method was not numbered.
    pub fn edge_labels(&self) -> Vec<(usize, usize, u64)> {
        let g = &self.merged.graph;
        let Some(n) = &self.merged.numbering else {
            return Vec::new();
        };
        g.edges()
            .iter()
            .zip(&n.increment)
            .map(|(e, &inc)| (*g.node(e.from), *g.node(e.to), inc))
            .collect()
    }

    /// The numbered merged HFG as plain data.
    pub fn export(&self) -> FlowExport {
        let g = &self.merged.graph;
        let nodes = (0..g.node_count())
            .map(|v| {
                let id = *g.node(v);
                let r = self.cfg.insns(id);
                NodeExport {
                    id,
                    label: self.cfg.label(id),
                    first: (!r.is_empty()).then_some(r.start),
                    last: (!r.is_empty()).then(|| r.end - 1),
                }
            })
            .collect();
        let edges = g
            .edges()
            .iter()
            .enumerate()
            .map(|(k, e)| EdgeExport {
                from: *g.node(e.from),
                to: *g.node(e.to),
                increment: self.merged.numbering.as_ref().map(|n| n.increment[k]),
                bypass: e.data,
            })
            .collect();
        let slices = self
            .slices
            .iter()
            .map(|s| {
                let d = self.defuse.defs[s.target as usize];
                SliceExport {
                    target: d.kind,
                    insn: d.insn,
                    nodes: s.nodes.clone(),
                }
            })
            .collect();
        FlowExport {
            method: self.method.display_name(),
            paths: self.merged.numbering.as_ref().map(|n| n.path_count()),
            nodes,
            edges,
            slices,
        }
    }
}

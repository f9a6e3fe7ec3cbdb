//! Graphviz drawings of one method: CFG, slice HFGs and the numbered merged HFG.

use std::fmt::Write;

use super::analysis::MethodFlow;
use super::cfg::CfgEdge;

fn esc(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// One `digraph` with a cluster for the CFG, one per slice HFG and one for the merged HFG with
/// Ball–Larus increments on its edges (dashed: exceptional or bypass; dotted: back edges).
pub fn method_dot(f: &MethodFlow) -> String {
    let mut s = String::new();
    let name = f.method.display_name();
    let label = |n: usize| {
        let r = f.cfg.insns(n);
        if r.is_empty() {
            f.cfg.label(n)
        } else {
            format!("{}\\n[{}..{}]", f.cfg.label(n), r.start, r.end - 1)
        }
    };
    let _ = writeln!(s, "digraph \"{}\" {{", esc(&name));
    let _ = writeln!(
        s,
        "  label=\"{}\"; node [shape=box, fontsize=10];",
        esc(&name)
    );
    let _ = writeln!(s, "  subgraph cluster_cfg {{ label=\"CFG\";");
    for n in 0..f.cfg.graph.node_count() {
        let _ = writeln!(s, "    c{n} [label=\"{}\"];", label(n));
    }
    for e in f.cfg.graph.edges() {
        let back = f.back_edges.contains(&(e.from, e.to));
        let style = match (e.data, back) {
            (_, true) => " [style=dotted]",
            (CfgEdge::Exceptional, _) => " [style=dashed]",
            _ => "",
        };
        let _ = writeln!(s, "    c{} -> c{}{style};", e.from, e.to);
    }
    let _ = writeln!(s, "  }}");
    for (k, (h, sl)) in f.hfgs.iter().zip(&f.slices).enumerate() {
        let def = f.defuse.defs[sl.target as usize];
        let _ = writeln!(
            s,
            "  subgraph cluster_slice{k} {{ label=\"slice of {:?} at {}\";",
            def.kind,
            f.cfg.label(def.node)
        );
        for &n in &h.nodes {
            let _ = writeln!(s, "    s{k}_{n} [label=\"{}\"];", label(n));
        }
        for &(a, b) in &h.edges {
            let _ = writeln!(s, "    s{k}_{a} -> s{k}_{b};");
        }
        for &(a, b) in &h.bypass {
            let _ = writeln!(s, "    s{k}_{a} -> s{k}_{b} [style=dashed, color=blue];");
        }
        let _ = writeln!(s, "  }}");
    }
    let m = &f.merged;
    let paths = m
        .numbering
        .as_ref()
        .map_or("not numbered".to_string(), |p| {
            format!("{} paths", p.path_count())
        });
    let _ = writeln!(
        s,
        "  subgraph cluster_merged {{ label=\"merged HFG, {paths}\";"
    );
    for v in 0..m.graph.node_count() {
        let _ = writeln!(s, "    m{} [label=\"{}\"];", v, label(*m.graph.node(v)));
    }
    for (id, e) in m.graph.edges().iter().enumerate() {
        let inc = m
            .numbering
            .as_ref()
            .map_or(String::new(), |p| format!("label=\"{}\"", p.increment[id]));
        let style = if e.data {
            ", style=dashed, color=blue"
        } else {
            ""
        };
        let _ = writeln!(s, "    m{} -> m{} [{inc}{style}];", e.from, e.to);
    }
    let _ = writeln!(s, "  }}");
    let _ = writeln!(s, "}}");
    s
}

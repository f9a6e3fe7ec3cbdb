//! Graphviz drawings of one method: CFG, slice HFGs and the numbered merged HFG, through
//! [`report::emit::dot`].

use report::emit::dot::{escape, label, Digraph};

use super::analysis::MethodFlow;
use super::cfg::CfgEdge;

/// One `digraph` with a cluster for the CFG, one per slice HFG and one for the merged HFG with
/// Ball–Larus increments on its edges (dashed: exceptional or bypass; dotted: back edges).
pub fn method_dot(f: &MethodFlow) -> String {
    let name = escape(&f.method.display_name());
    let node_label = |n: usize| {
        let r = f.cfg.insns(n);
        if r.is_empty() {
            f.cfg.label(n)
        } else {
            format!("{}\\n[{}..{}]", f.cfg.label(n), r.start, r.end - 1)
        }
    };
    let mut g = Digraph::new(format!("\"{name}\""));
    g.statement(label(&name));
    g.statement("node [shape=box, fontsize=10]");
    g.cluster("cluster_cfg", "CFG");
    for n in 0..f.cfg.graph.node_count() {
        g.node(format!("c{n}"), &label(node_label(n)));
    }
    for e in f.cfg.graph.edges() {
        let back = f.back_edges.contains(&(e.from, e.to));
        let style = match (e.data, back) {
            (_, true) => "style=dotted",
            (CfgEdge::Exceptional, _) => "style=dashed",
            _ => "",
        };
        g.edge(format!("c{}", e.from), format!("c{}", e.to), style);
    }
    g.close();
    for (k, (h, sl)) in f.hfgs.iter().zip(&f.slices).enumerate() {
        let def = f.defuse.defs[sl.target as usize];
        let title = format!("slice of {:?} at {}", def.kind, f.cfg.label(def.node));
        g.cluster(format!("cluster_slice{k}"), title);
        for &n in &h.nodes {
            g.node(format!("s{k}_{n}"), &label(node_label(n)));
        }
        for &(a, b) in &h.edges {
            g.edge(format!("s{k}_{a}"), format!("s{k}_{b}"), "");
        }
        for &(a, b) in &h.bypass {
            g.edge(
                format!("s{k}_{a}"),
                format!("s{k}_{b}"),
                "style=dashed, color=blue",
            );
        }
        g.close();
    }
    let m = &f.merged;
    let paths = m
        .numbering
        .as_ref()
        .map_or("not numbered".to_string(), |p| {
            format!("{} paths", p.path_count())
        });
    g.cluster("cluster_merged", format!("merged HFG, {paths}"));
    for v in 0..m.graph.node_count() {
        g.node(format!("m{v}"), &label(node_label(*m.graph.node(v))));
    }
    for (id, e) in m.graph.edges().iter().enumerate() {
        let mut attrs: Vec<String> = Vec::new();
        if let Some(p) = &m.numbering {
            attrs.push(label(p.increment[id]));
        }
        if e.data {
            attrs.push("style=dashed, color=blue".into());
        }
        g.edge(
            format!("m{}", e.from),
            format!("m{}", e.to),
            &attrs.join(", "),
        );
    }
    g.close();
    g.finish()
}

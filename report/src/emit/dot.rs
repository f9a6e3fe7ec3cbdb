//! Graphviz DOT output: a writer for one `digraph` with nodes, edges and clusters, used for the
//! object-flow graphs of allocation sites and for the drawings of a method's CFG and HFGs.

use std::fmt::Display;
use std::fmt::Write as _;

/// `text` with backslashes and double quotes escaped, for a quoted DOT string.
pub fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// A `label="…"` attribute; `text` is taken as it is (escape its parts with [`escape`]; `\n`
/// in it is DOT's line break).
pub fn label(text: impl Display) -> String {
    format!("label=\"{text}\"")
}

/// One `digraph` being written.
pub struct Digraph {
    out: String,
    depth: usize,
}

impl Digraph {
    /// A graph named `id` (as DOT reads it: quote it yourself when it needs quotes).
    pub fn new(id: impl Display) -> Digraph {
        Digraph {
            out: format!("digraph {id} {{\n"),
            depth: 1,
        }
    }

    fn indent(&mut self) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
    }

    /// A statement of the current graph or cluster (`label="…"`, `node [shape=box]`).
    pub fn statement(&mut self, stmt: impl Display) {
        self.indent();
        let _ = writeln!(self.out, "{stmt};");
    }

    /// A node with its attributes (none when `attrs` is empty).
    pub fn node(&mut self, id: impl Display, attrs: &str) {
        self.indent();
        match attrs.is_empty() {
            true => writeln!(self.out, "{id};"),
            false => writeln!(self.out, "{id} [{attrs}];"),
        }
        .unwrap_or_default();
    }

    /// An edge with its attributes (none when `attrs` is empty).
    pub fn edge(&mut self, from: impl Display, to: impl Display, attrs: &str) {
        self.indent();
        match attrs.is_empty() {
            true => writeln!(self.out, "{from} -> {to};"),
            false => writeln!(self.out, "{from} -> {to} [{attrs}];"),
        }
        .unwrap_or_default();
    }

    /// Opens the cluster `name` labelled `label`; [`Digraph::close`] ends it.
    pub fn cluster(&mut self, name: impl Display, label: impl Display) {
        self.indent();
        let _ = writeln!(self.out, "subgraph {name} {{ label=\"{label}\";");
        self.depth += 1;
    }

    /// Ends the innermost open cluster.
    pub fn close(&mut self) {
        self.depth = self.depth.saturating_sub(1).max(1);
        self.indent();
        self.out.push_str("}\n");
    }

    /// The graph's text, closed.
    pub fn finish(mut self) -> String {
        while self.depth > 1 {
            self.close();
        }
        self.out.push_str("}\n");
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_graph_with_a_cluster_nodes_and_edges() {
        let mut g = Digraph::new("\"m\"");
        g.statement(label("a \\\"b\\\""));
        g.cluster("cluster_cfg", "CFG");
        g.node("c0", &label("start"));
        g.edge("c0", "c1", "style=dotted");
        g.close();
        g.edge("m0", "m1", "");
        let text = g.finish();
        assert_eq!(
            text,
            "digraph \"m\" {\n  label=\"a \\\"b\\\"\";\n  subgraph cluster_cfg { label=\"CFG\";\n    \
             c0 [label=\"start\"];\n    c0 -> c1 [style=dotted];\n  }\n  m0 -> m1;\n}\n"
        );
        assert_eq!(escape(r#"a\"b"#), r#"a\\\"b"#);
    }
}

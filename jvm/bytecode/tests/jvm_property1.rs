//! Property 1 of the paper on randomized small methods: generate Java methods, compile them with
//! `javac`, and on every path of the acyclic CFG follow each object (new, parameter, call result)
//! instruction by instruction; every two consecutive accesses in different nodes must be an edge
//! of the merged HFG, and the entry edge to the object's creation must exist.

mod jvm_support;

use std::collections::BTreeSet;
use std::fmt::Write;
use std::sync::OnceLock;

use graph::{Digraph, PathNumbering};
use jvm_bytecode::cfg::{CfgEdge, CfgNode};
use jvm_bytecode::classfile::{Resolved, Ty};
use jvm_bytecode::defuse::DefKind;
use jvm_bytecode::{HfgOptions, MethodFlow};
use jvm_support::*;
use ristretto_classfile::attributes::Instruction as I;

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const VARS: usize = 3;

fn stmt(r: &mut Rng, depth: u32, out: &mut String, indent: usize) {
    let pad = " ".repeat(indent);
    let v = |r: &mut Rng| format!("v{}", r.below(VARS as u64));
    let choice = if depth == 0 { r.below(8) } else { r.below(12) };
    match choice {
        0 => {
            let _ = writeln!(out, "{pad}{} = new Box();", v(r));
        }
        1 => {
            let _ = writeln!(out, "{pad}{} = {};", v(r), v(r));
        }
        2 => {
            let _ = writeln!(out, "{pad}{}.touch();", v(r));
        }
        3 => {
            let _ = writeln!(out, "{pad}{}.link({});", v(r), v(r));
        }
        4 => {
            let _ = writeln!(out, "{pad}{} = {}.get();", v(r), v(r));
        }
        5 => {
            let _ = writeln!(out, "{pad}{} = q;", v(r));
        }
        6 => {
            let k = r.below(5);
            let _ = writeln!(out, "{pad}{} = p0 > {k} ? {} : {};", v(r), v(r), v(r));
        }
        7 => {
            let _ = writeln!(out, "{pad}{}.link(p1 > 2 ? {} : {});", v(r), v(r), v(r));
        }
        8 => {
            let _ = writeln!(out, "{pad}if ({} != null) {{", v(r));
            for _ in 0..=r.below(2) {
                stmt(r, depth - 1, out, indent + 4);
            }
            let _ = writeln!(out, "{pad}}}");
        }
        9 | 10 => {
            let k = r.below(5);
            let _ = writeln!(out, "{pad}if (p0 > {k}) {{");
            for _ in 0..=r.below(2) {
                stmt(r, depth - 1, out, indent + 4);
            }
            if r.below(2) == 0 {
                let _ = writeln!(out, "{pad}}} else {{");
                for _ in 0..=r.below(2) {
                    stmt(r, depth - 1, out, indent + 4);
                }
            }
            let _ = writeln!(out, "{pad}}}");
        }
        _ => {
            let _ = writeln!(out, "{pad}while (i < p1) {{");
            let _ = writeln!(out, "{pad}    i++;");
            for _ in 0..=r.below(2) {
                stmt(r, depth - 1, out, indent + 4);
            }
            let _ = writeln!(out, "{pad}}}");
        }
    }
}

fn program(seed: u64, methods: usize) -> String {
    let mut r = Rng(seed);
    let mut s = String::from(
        "public class Rand {\n    static class Box {\n        Box next;\n        void touch() { }\n        void link(Box o) { next = o; }\n        Box get() { return next; }\n    }\n",
    );
    for m in 0..methods {
        let _ = writeln!(s, "    static void m{m}(int p0, int p1, Box q) {{");
        let _ = writeln!(s, "        Box v0 = null;\n        Box v1 = null;\n        Box v2 = null;\n        int i = 0;");
        for _ in 0..(3 + r.below(6)) {
            stmt(&mut r, 2, &mut s, 8);
        }
        let _ = writeln!(s, "    }}");
    }
    s.push_str("}\n");
    s
}

/// Follows the object made by instruction `t` (or parameter local `param`) along one acyclic
/// path; returns the nodes of its accesses in order (creation first).
fn accesses(f: &MethodFlow, path: &[usize], t: Option<usize>, param: Option<usize>) -> Vec<usize> {
    let code = &f.method.code;
    let mut locals = vec![false; f.method.max_locals];
    let mut stack: Vec<bool> = Vec::new();
    let mut out = Vec::new();
    if let Some(p) = param {
        if path.first() == Some(&f.cfg.start()) && path.get(1) == Some(&f.cfg.node_of[0]) {
            locals[p] = true;
            out.push(f.cfg.start());
        } else {
            return out; // a loop restart: the parameter's object is not followed
        }
    }
    for &n in path {
        for i in f.cfg.insns(n) {
            let mut used = false;
            let mut pop = |stack: &mut Vec<bool>, k: usize| {
                for _ in 0..k {
                    used |= stack.pop().expect("stack");
                }
            };
            let created = Some(i) == t;
            let mut push_new = false;
            match &code[i] {
                I::Aconst_null
                | I::Iconst_0
                | I::Iconst_1
                | I::Iconst_2
                | I::Iconst_3
                | I::Iconst_4
                | I::Iconst_5
                | I::Bipush(_) => stack.push(false),
                I::New(_) => push_new = true,
                I::Dup => {
                    let x = *stack.last().expect("dup");
                    stack.push(x);
                }
                I::Aload_0 | I::Aload_1 | I::Aload_2 | I::Aload_3 | I::Aload(_) => {
                    let k = match &code[i] {
                        I::Aload_0 => 0,
                        I::Aload_1 => 1,
                        I::Aload_2 => 2,
                        I::Aload_3 => 3,
                        I::Aload(k) => usize::from(*k),
                        _ => unreachable!(),
                    };
                    stack.push(locals[k]);
                }
                I::Astore_0 | I::Astore_1 | I::Astore_2 | I::Astore_3 | I::Astore(_) => {
                    let k = match &code[i] {
                        I::Astore_0 => 0,
                        I::Astore_1 => 1,
                        I::Astore_2 => 2,
                        I::Astore_3 => 3,
                        I::Astore(k) => usize::from(*k),
                        _ => unreachable!(),
                    };
                    let x = stack.pop().expect("astore");
                    used |= x;
                    locals[k] = x;
                }
                I::Iload_0 | I::Iload_1 | I::Iload_2 | I::Iload_3 | I::Iload(_) => {
                    stack.push(false)
                }
                I::Istore_0 | I::Istore_1 | I::Istore_2 | I::Istore_3 | I::Istore(_) => {
                    stack.pop();
                }
                I::Iinc(..) | I::Goto(_) | I::Return => {}
                I::If_icmpeq(_)
                | I::If_icmpne(_)
                | I::If_icmplt(_)
                | I::If_icmpge(_)
                | I::If_icmpgt(_)
                | I::If_icmple(_) => pop(&mut stack, 2),
                I::Ifeq(_) | I::Ifne(_) | I::Iflt(_) | I::Ifge(_) | I::Ifgt(_) | I::Ifle(_) => {
                    pop(&mut stack, 1)
                }
                I::Ifnull(_) | I::Ifnonnull(_) => pop(&mut stack, 1),
                I::Invokespecial(_) | I::Invokevirtual(_) => {
                    let Resolved::Invoke { args, ret, .. } = &f.method.resolved[i] else {
                        panic!("unresolved call")
                    };
                    pop(&mut stack, args.len() + 1);
                    if *ret == Ty::Ref {
                        push_new = true;
                    }
                }
                other => panic!("generator emitted an unexpected instruction {other:?}"),
            }
            if push_new {
                stack.push(created);
            }
            if created || used {
                out.push(n);
            }
        }
    }
    out
}

/// The class of `methods` random methods (one fixed seed), compiled once for both tests here:
/// they check the same methods with different options.
fn random_classes(methods: usize) -> &'static Classes {
    static RAND: OnceLock<(usize, Classes)> = OnceLock::new();
    let (n, classes) = RAND.get_or_init(|| {
        let dir = tempfile::tempdir().expect("temp dir");
        let src = dir.path().join("Rand.java");
        std::fs::write(&src, program(0x5EED_1234_ABCD_0001, methods)).expect("write source");
        if let Ok(keep) = std::env::var("DP_KEEP_SOURCE") {
            std::fs::copy(&src, keep).expect("copy source");
        }
        (methods, compile_classes(std::slice::from_ref(&src)))
    });
    assert_eq!(*n, methods, "the tests here share one program");
    classes
}

/// Checks Property 1 on `methods` random methods; returns (violations, paths, pairs).
fn check(opts: &HfgOptions, methods: usize) -> (Vec<String>, usize, usize) {
    let classes = random_classes(methods);
    let mut checked_paths = 0usize;
    let mut checked_pairs = 0usize;
    let mut missing = Vec::new();
    for k in 0..methods {
        let m = classes.method("Rand", &format!("m{k}"));
        let f = MethodFlow::analyze(&m, opts).expect("analysis succeeds");
        let merged_edges: BTreeSet<(usize, usize)> = f
            .merged
            .graph
            .edges()
            .iter()
            .map(|e| (*f.merged.graph.node(e.from), *f.merged.graph.node(e.to)))
            .collect();
        // enumerate the acyclic CFG's paths through its own Ball–Larus numbering
        let mut g: Digraph<CfgNode, CfgEdge> = f.acyclic.clone();
        g.sort_successors();
        let Ok(bl) = PathNumbering::compute(&g, f.cfg.start(), f.cfg.exit(), 4000) else {
            continue;
        };
        for id in 0..bl.path_count() {
            let path = bl.decode(&g, id).expect("decodes");
            checked_paths += 1;
            for d in &f.defuse.defs {
                let (t, param) = match d.kind {
                    DefKind::New | DefKind::CallReturn => (d.insn, None),
                    DefKind::Param(p) => (None, Some(p)), // `q` is parameter 2, local 2
                    _ => continue,
                };
                if t.is_some_and(|t| !path.contains(&f.cfg.node_of[t])) {
                    continue;
                }
                let acc = accesses(&f, &path, t, param);
                if acc.is_empty() {
                    continue;
                }
                if acc[0] != f.cfg.start() && !merged_edges.contains(&(f.cfg.start(), acc[0])) {
                    missing.push(format!("m{k}: no entry edge to creation node {}", acc[0]));
                }
                let last = *acc.last().expect("non-empty");
                if !merged_edges.contains(&(last, f.cfg.exit())) {
                    missing.push(format!(
                        "m{k}: no exit edge from last access {}",
                        f.cfg.label(last)
                    ));
                }
                for w in acc.windows(2) {
                    if w[0] != w[1] {
                        checked_pairs += 1;
                        if !merged_edges.contains(&(w[0], w[1])) {
                            missing.push(format!(
                                "m{k}: consecutive accesses {} -> {} on path {path:?} have no HFG edge",
                                f.cfg.label(w[0]),
                                f.cfg.label(w[1])
                            ));
                        }
                    }
                }
            }
        }
    }
    (missing, checked_paths, checked_pairs)
}

#[test]
fn property_1_holds_on_random_methods() {
    let (missing, paths, pairs) = check(&HfgOptions::default(), 300);
    assert!(
        missing.is_empty(),
        "{} violations, e.g.\n{}",
        missing.len(),
        missing[..missing.len().min(10)].join("\n")
    );
    assert!(paths > 1000, "only {paths} paths checked");
    assert!(pairs > 1000, "only {pairs} pairs checked");
}

/// Why the default completes Algorithm 2: on its own it misses edges Property 1 needs (an
/// earlier access that does not dominate the use, or an alias through a copy).
#[test]
fn algorithm_2_alone_misses_edges_that_property_1_needs() {
    let opts = HfgOptions {
        complete_bypass: false,
        ..HfgOptions::default()
    };
    let (missing, _, _) = check(&opts, 300);
    assert!(!missing.is_empty());
}

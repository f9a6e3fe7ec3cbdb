//! Offline reconstruction (Algorithm 4): decoding path segments on the numbered HFG, mapping HFG
//! edges to def-use edges of the object-flow graph (walking back over use-use edges), and
//! classifying what each node does with the object (reference-propagation node kinds). The result
//! is the language-neutral [`graph::flow`] model; calls are resolved to method ids here.

use std::collections::{BTreeMap, BTreeSet};

use graph::flow::{CallArg, FlowGraph, FlowNode, NodeKind, Segment};
use ristretto_classfile::attributes::Instruction;

use super::classfile::{Resolved, Ty};
use super::defuse::{DefId, DefKind};
use super::flow::{is_array_load, is_array_store};
use super::hfg::MergedHfg;
use super::instrument::{CallRef, Instrumented, MethodInfo, Site, SiteKind, HEAP_WRITE_CALLS};
use super::runtime::PathRecord;
use graph::NodeId;

/// Decodes the segment `from → to` with label sum `sum` on a numbered merged HFG.
pub fn decode_segment(m: &MergedHfg, from: NodeId, to: NodeId, sum: u64) -> Option<Vec<NodeId>> {
    let num = m.numbering.as_ref()?;
    let g = &m.graph;
    let (&s, &t) = (m.index.get(&from)?, m.index.get(&to)?);
    // nodes that reach t
    let mut reach = vec![false; g.node_count()];
    reach[t] = true;
    let mut stack = vec![t];
    while let Some(v) = stack.pop() {
        for p in g.predecessors(v) {
            if !reach[p] {
                reach[p] = true;
                stack.push(p);
            }
        }
    }
    if !reach[s] {
        return None;
    }
    let mut path = vec![s];
    let mut budget = 100_000usize;
    fn go(
        g: &graph::Digraph<NodeId, bool>,
        inc: &[u64],
        reach: &[bool],
        t: usize,
        rest: u64,
        path: &mut Vec<usize>,
        budget: &mut usize,
    ) -> bool {
        let v = *path.last().expect("non-empty");
        if v == t {
            return rest == 0;
        }
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        let mut outs: Vec<usize> = g.out_edges(v).to_vec();
        outs.sort_by_key(|&e| std::cmp::Reverse(inc[e]));
        for e in outs {
            let w = g.edge(e).to;
            if inc[e] > rest || !reach[w] {
                continue;
            }
            path.push(w);
            if go(g, inc, reach, t, rest - inc[e], path, budget) {
                return true;
            }
            path.pop();
        }
        false
    }
    if go(g, &num.increment, &reach, t, sum, &mut path, &mut budget) {
        Some(path.into_iter().map(|v| *g.node(v)).collect())
    } else {
        None
    }
}

/// The definitions that may hold the object of `target`: itself and local copies of it.
pub fn aliases(m: &MethodInfo, target: DefId) -> BTreeSet<DefId> {
    let may = m.flow.defuse.may_hold(target);
    (0..may.len() as DefId)
        .filter(|&d| may[d as usize])
        .collect()
}

/// What node `v` does with an object held by the definitions `alias`.
pub fn classify_node(
    m: &MethodInfo,
    alias: &BTreeSet<DefId>,
    v: NodeId,
    jar_classes: &BTreeSet<String>,
) -> (BTreeSet<NodeKind>, Vec<(CallRef, usize)>) {
    use Instruction as I;
    let mc = &m.flow.method;
    let du = &m.flow.defuse;
    let mut kinds = BTreeSet::new();
    let mut calls = Vec::new();
    for i in m.flow.cfg.insns(v) {
        if let Some(d) = du.def_of_insn[i] {
            if alias.contains(&d)
                && matches!(du.defs[d as usize].kind, DefKind::New | DefKind::NewArray)
            {
                kinds.insert(NodeKind::Alloc);
            }
        }
        for (op, ds) in du.operands[i].iter().enumerate() {
            if !ds.iter().any(|d| alias.contains(d)) {
                continue;
            }
            let k = match &mc.code[i] {
                I::Putfield(_) => {
                    if op == 0 && mc.resolved[i] == Resolved::Value(Ty::Ref) {
                        NodeKind::HeapWrite
                    } else {
                        NodeKind::Use
                    }
                }
                I::Putstatic(_) => NodeKind::HeapWrite,
                I::Aastore => {
                    if op == 0 {
                        NodeKind::HeapWrite
                    } else {
                        NodeKind::Use
                    }
                }
                I::Areturn => NodeKind::Return,
                I::Athrow => NodeKind::Throw,
                I::Astore(_)
                | I::Astore_w(_)
                | I::Astore_0
                | I::Astore_1
                | I::Astore_2
                | I::Astore_3 => NodeKind::Assign,
                I::Invokevirtual(_)
                | I::Invokespecial(_)
                | I::Invokestatic(_)
                | I::Invokeinterface(..)
                | I::Invokedynamic(_) => {
                    let Resolved::Invoke { args, receiver, .. } = &mc.resolved[i] else {
                        continue;
                    };
                    let refs: Vec<usize> = args
                        .iter()
                        .enumerate()
                        .filter(|(_, t)| **t == Ty::Ref)
                        .map(|(a, _)| a)
                        .collect();
                    let callee = m.calls.get(&i);
                    let ctor = callee.is_some_and(|c| c.name == "<init>");
                    if op >= refs.len() {
                        // the receiver
                        if ctor {
                            continue;
                        }
                        NodeKind::Use
                    } else if ctor {
                        if let Some(c) = callee {
                            let a = refs[refs.len() - 1 - op];
                            calls.push((c.clone(), a + 1));
                        }
                        NodeKind::Producer
                    } else {
                        let a = refs[refs.len() - 1 - op];
                        match callee {
                            Some(c)
                                if !jar_classes.contains(&c.owner)
                                    && a + 1 == args.len()
                                    && HEAP_WRITE_CALLS.contains(&c.name.as_str()) =>
                            {
                                // stored by the JDK: also a call into code we do not see
                                calls.push((c.clone(), a + usize::from(*receiver)));
                                NodeKind::HeapWrite
                            }
                            Some(c) => {
                                calls.push((c.clone(), a + usize::from(*receiver)));
                                NodeKind::Call
                            }
                            None => NodeKind::Call,
                        }
                    }
                }
                I::Getfield(_) | I::Arraylength | I::Monitorenter | I::Monitorexit => NodeKind::Use,
                // Aastore's stored value (operand 0) was handled above
                insn if is_array_load(insn) || is_array_store(insn) => NodeKind::Use,
                _ => continue,
            };
            kinds.insert(k);
        }
    }
    (kinds, calls)
}

/// Builds the object-flow graph of one site from its path records (Algorithm 4).
pub fn flow_graph(inst: &Instrumented, site: &Site, records: &[PathRecord]) -> FlowGraph {
    let m = &inst.methods[site.method as usize];
    let alias = aliases(m, site.def);
    let du = &m.flow.defuse;
    let exit = m.flow.cfg.exit();
    let is_alloc = matches!(site.kind, SiteKind::Alloc { .. });
    let mut fg = FlowGraph {
        site: site.id,
        nodes: BTreeMap::new(),
        edges: BTreeMap::new(),
        segments: Vec::new(),
        objects: 0,
        undecoded: 0,
    };
    // the def nodes of the definitions each node uses
    let mut def_nodes: BTreeMap<NodeId, BTreeSet<NodeId>> = BTreeMap::new();
    for r in records {
        let Some(nodes) = decode_segment(&m.flow.merged, r.from, r.to, r.sum) else {
            fg.undecoded += r.count;
            continue;
        };
        let first = r.from == 0;
        if first {
            fg.objects += r.count;
        }
        for (k, &v) in nodes.iter().enumerate() {
            if v == 0 && is_alloc {
                continue;
            }
            let e = fg.nodes.entry(v).or_insert_with(|| {
                let (kinds, calls) = if v == exit || v == 0 {
                    (BTreeSet::new(), Vec::new())
                } else {
                    classify_node(m, &alias, v, &inst.jar_classes)
                };
                FlowNode {
                    node: v,
                    line: m.flow.cfg.line(v),
                    kinds,
                    objects: 0,
                    calls: calls
                        .iter()
                        .map(|(c, param)| CallArg {
                            callee: format!("{}.{}", c.owner.replace('/', "."), c.name),
                            callees: resolve(inst, c),
                            param: *param,
                        })
                        .collect(),
                }
            });
            e.objects += r.count;
            if k == 0 || (k == 1 && first && is_alloc) {
                continue;
            }
            let src = if v == exit {
                nodes[k - 1]
            } else {
                let ds = def_nodes.entry(v).or_insert_with(|| {
                    m.flow
                        .cfg
                        .insns(v)
                        .flat_map(|i| du.uses[i].iter().copied())
                        .filter(|d| alias.contains(d))
                        .map(|d| du.defs[d as usize].node)
                        .collect()
                });
                (0..k)
                    .rev()
                    .map(|j| nodes[j])
                    .find(|p| ds.contains(p) && *p != v)
                    .unwrap_or(nodes[k - 1])
            };
            *fg.edges.entry((src, v)).or_insert(0) += r.count;
        }
        fg.segments.push(Segment {
            nodes,
            count: r.count,
            first,
        });
    }
    fg
}

/// The methods of the jar a call may dispatch to (none for methods outside the jar).
pub fn resolve(inst: &Instrumented, c: &CallRef) -> Vec<u32> {
    let exact: Vec<u32> = inst
        .methods
        .iter()
        .filter(|m| {
            m.flow.method.class == c.owner
                && m.flow.method.name == c.name
                && m.flow.method.descriptor == c.desc
        })
        .map(|m| m.id)
        .collect();
    if !exact.is_empty() || !inst.jar_classes.contains(&c.owner) {
        return exact;
    }
    // virtual or interface dispatch inside the jar: any method with that name and descriptor
    inst.methods
        .iter()
        .filter(|m| m.flow.method.name == c.name && m.flow.method.descriptor == c.desc)
        .map(|m| m.id)
        .collect()
}

//! Offline reconstruction (Algorithm 4): decoding path segments on the numbered HFG, mapping HFG
//! edges to def-use edges of the object-flow graph (walking back over use-use edges), and
//! classifying what each node does with the object (reference-propagation node kinds). The result
//! is the language-neutral [`graph::flow`] model; calls are resolved to method ids here.

use rustc_hash::FxHashMap as HashMap;
use std::collections::{BTreeMap, BTreeSet};

use graph::flow::{CallArg, CallEffect, FlowGraph, FlowNode, NodeKind, Segment};
use ristretto_classfile::attributes::Instruction;

use super::runtime::PathRecord;
use super::sites::{Instrumented, MethodInfo, Site, SiteKind};
use super::summary::{Dispatch, Summaries};
use graph::NodeId;
use jvm_bytecode::cfg::CfgEdge;
use jvm_bytecode::defuse::{DefId, DefKind};
use jvm_bytecode::hfg::MergedHfg;
use jvm_bytecode::hierarchy::JarHierarchy;
use jvm_bytecode::invoke::{stores_last_argument, CallRef};
use jvm_bytecode::roles::{operand_role, Role, INDY_OWNER};

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

/// A call into code outside the jar that receives the object, as [`classify_node`] finds it.
#[derive(Debug, Clone)]
pub struct OutCall {
    /// The called method (for `invokedynamic`: owner `java/lang/invoke/CallSite`, the call-site
    /// name).
    pub call: CallRef,
    /// Parameter index in the callee (`this` is 0).
    pub param: usize,
    /// `invokestatic`/`invokespecial`: no dynamic dispatch.
    pub exact: bool,
    /// Definitions of the call's receiver (empty for static calls).
    pub receiver: Vec<DefId>,
}

/// What node `v` does with an object held by the definitions `alias`, and the calls it is
/// passed to there; with what the nodes it reaches only on the operand stack do
/// ([`stack_fed`]), as no probe sees the object there.
pub fn classify_node(
    m: &MethodInfo,
    alias: &BTreeSet<DefId>,
    v: NodeId,
    hierarchy: &JarHierarchy,
) -> (BTreeSet<NodeKind>, Vec<OutCall>) {
    let (mut kinds, mut calls) = node_roles(m, alias, v, hierarchy);
    for u in stack_fed(m, alias, v) {
        let (k, c) = node_roles(m, alias, u, hierarchy);
        kinds.extend(k);
        calls.extend(c);
    }
    (kinds, calls)
}

/// Whether node `v` puts an object of `alias` on the operand stack where a probe sees it: it
/// allocates one, or loads a local in `slots`, those `alias` was stored in (a load pushes the
/// local's definitions without recording them, so the slot stands for them).
fn pushes(m: &MethodInfo, alias: &BTreeSet<DefId>, slots: &BTreeSet<usize>, v: NodeId) -> bool {
    let du = &m.flow.defuse;
    m.flow.cfg.insns(v).any(|i| {
        let def = du.def_of_insn[i]
            .is_some_and(|d| alias.contains(&d) && du.defs[d as usize].kind != DefKind::Local);
        def || aload_slot(&m.flow.method.code[i]).is_some_and(|s| slots.contains(&s))
    })
}

/// The local slot an `aload` reads.
fn aload_slot(insn: &Instruction) -> Option<usize> {
    use Instruction as I;
    match *insn {
        I::Aload(n) => Some(usize::from(n)),
        I::Aload_w(n) => Some(usize::from(n)),
        I::Aload_0 => Some(0),
        I::Aload_1 => Some(1),
        I::Aload_2 => Some(2),
        I::Aload_3 => Some(3),
        _ => None,
    }
}

/// Whether node `u` consumes an operand that may hold an object of `alias`.
fn consumes(m: &MethodInfo, alias: &BTreeSet<DefId>, u: NodeId) -> bool {
    let du = &m.flow.defuse;
    m.flow
        .cfg
        .insns(u)
        .any(|i| du.operands[i].iter().flatten().any(|d| alias.contains(d)))
}

/// The nodes after `v` that consume an object `v` pushed while it is still on the operand
/// stack: a statement split across nodes (`list.add(⏎ Long.valueOf(x))` spans two lines; in a
/// `try` block every instruction that may throw ends a node), so the object reaches them
/// without a load a probe could see. Followed along normal edges through nodes that neither
/// push nor consume such an object, at most [`STACK_SPAN`] nodes deep.
fn stack_fed(m: &MethodInfo, alias: &BTreeSet<DefId>, v: NodeId) -> Vec<NodeId> {
    let cfg = &m.flow.cfg;
    let du = &m.flow.defuse;
    let slots: BTreeSet<usize> = alias
        .iter()
        .filter_map(|&d| du.defs[d as usize].local)
        .collect();
    let mut fed = Vec::new();
    if !pushes(m, alias, &slots, v) {
        return fed;
    }
    let normal = |n: NodeId| {
        cfg.graph
            .out_edges(n)
            .iter()
            .map(|&e| cfg.graph.edge(e))
            .filter(|e| e.data == CfgEdge::Normal)
            .map(|e| e.to)
            .collect::<Vec<_>>()
    };
    let mut seen = BTreeSet::from([v]);
    let mut work: Vec<(NodeId, usize)> = normal(v).into_iter().map(|u| (u, 1)).collect();
    while let Some((u, depth)) = work.pop() {
        if u == cfg.exit() || !seen.insert(u) || pushes(m, alias, &slots, u) {
            continue;
        }
        if consumes(m, alias, u) {
            fed.push(u);
        } else if depth < STACK_SPAN {
            work.extend(normal(u).into_iter().map(|w| (w, depth + 1)));
        }
    }
    fed.sort_unstable();
    fed
}

/// How many nodes [`stack_fed`] follows an object on the operand stack.
const STACK_SPAN: usize = 8;

/// What node `v`'s own instructions do with an object held by `alias` ([`classify_node`]).
fn node_roles(
    m: &MethodInfo,
    alias: &BTreeSet<DefId>,
    v: NodeId,
    hierarchy: &JarHierarchy,
) -> (BTreeSet<NodeKind>, Vec<OutCall>) {
    let mc = &m.flow.method;
    let du = &m.flow.defuse;
    let mut kinds = BTreeSet::new();
    let mut calls = Vec::new();
    for i in m.flow.cfg.insns(v) {
        if let Some(d) = du.def_of_insn[i] {
            let allocates = matches!(
                du.defs[d as usize].kind,
                DefKind::New | DefKind::NewArray | DefKind::Boxed
            );
            if alias.contains(&d) && allocates {
                kinds.insert(NodeKind::Alloc);
            }
        }
        for (op, ds) in du.operands[i].iter().enumerate() {
            if !ds.iter().any(|d| alias.contains(d)) {
                continue;
            }
            let callee = m.calls.get(&i);
            let k = match operand_role(&mc.code[i], &mc.resolved[i], op, callee) {
                Role::Use => NodeKind::Use,
                Role::HeapWrite => NodeKind::HeapWrite,
                Role::Return => NodeKind::Return,
                Role::Throw => NodeKind::Throw,
                Role::Assign => NodeKind::Assign,
                Role::CtorReceiver | Role::Other => continue,
                Role::Indy => {
                    if let Some(name) = m.indy.get(&i) {
                        calls.push(OutCall {
                            call: CallRef {
                                owner: INDY_OWNER.into(),
                                name: name.clone(),
                                desc: String::new(),
                            },
                            param: 0,
                            exact: true,
                            receiver: Vec::new(),
                        });
                    }
                    NodeKind::Call
                }
                Role::Arg { param, last, ctor } => {
                    let Some(c) = callee else {
                        kinds.insert(NodeKind::Call);
                        continue;
                    };
                    let static_call = Dispatch::of(&mc.code[i]).is_exact();
                    let receiver = if static_call || ctor {
                        Vec::new()
                    } else {
                        du.operands[i].last().cloned().unwrap_or_default()
                    };
                    calls.push(OutCall {
                        call: c.clone(),
                        param,
                        exact: static_call,
                        receiver,
                    });
                    if ctor {
                        NodeKind::Producer
                    } else if !hierarchy.declares(&c.owner, &c.name, &c.desc)
                        && last
                        && stores_last_argument(&c.owner, &c.name)
                    {
                        // stored by the JDK: also a call into code we do not see
                        NodeKind::HeapWrite
                    } else {
                        NodeKind::Call
                    }
                }
            };
            kinds.insert(k);
        }
    }
    (kinds, calls)
}

/// The class of the objects a receiver's definitions hold, when they all come from `new` of
/// one class in the same method (through local copies).
fn receiver_class(inst: &Instrumented, m: &MethodInfo, defs: &[DefId]) -> Option<String> {
    let du = &m.flow.defuse;
    let mut work: Vec<DefId> = defs.to_vec();
    let mut seen = BTreeSet::new();
    let mut class: Option<String> = None;
    while let Some(d) = work.pop() {
        if !seen.insert(d) {
            continue;
        }
        let def = du.defs[d as usize];
        match (def.kind, def.insn) {
            (DefKind::Local, Some(i)) => work.extend(du.uses[i].iter().copied()),
            (DefKind::New, Some(i)) => {
                let ty = inst.sites.iter().find_map(|s| match &s.kind {
                    SiteKind::Alloc { insn, ty } if s.method == m.id && *insn == i => Some(ty),
                    _ => None,
                })?;
                if class.as_ref().is_some_and(|c| c != ty) {
                    return None;
                }
                class = Some(ty.clone());
            }
            _ => return None,
        }
    }
    class
}

/// The summary of what code outside the jar does with an object passed to `c`.
fn outside_effect(
    inst: &Instrumented,
    m: &MethodInfo,
    c: &OutCall,
    lib: &mut Summaries,
) -> Option<CallEffect> {
    let dispatch = if c.exact {
        Dispatch::Exact
    } else {
        // a receiver of a jar class may override what the library method calls back
        let receiver = receiver_class(inst, m, &c.receiver).filter(|r| !inst.hierarchy.knows(r));
        Dispatch::Virtual { receiver }
    };
    lib.effect(&library_call(&inst.hierarchy, &c.call), c.param, &dispatch)
}

/// A call on a jar class that inherits the method from the library, as the library's
/// summaries know it: named by its first library superclass (`ScriptCache.put` on a class
/// extending `LinkedHashMap` → `LinkedHashMap.put`).
pub(crate) fn library_call(h: &JarHierarchy, c: &CallRef) -> CallRef {
    let owner = match h.knows(&c.owner) {
        true => h.library_superclass(&c.owner).unwrap_or(&c.owner),
        false => &c.owner,
    };
    CallRef {
        owner: owner.to_string(),
        name: c.name.clone(),
        desc: c.desc.clone(),
    }
}

/// Builds the object-flow graph of one site from its path records (Algorithm 4).
pub fn flow_graph(
    inst: &Instrumented,
    index: &MethodIndex<'_>,
    site: &Site,
    records: &[PathRecord],
    lib: &mut Summaries,
) -> FlowGraph {
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
                    classify_node(m, &alias, v, &inst.hierarchy)
                };
                FlowNode {
                    node: v,
                    line: m.flow.cfg.line(v),
                    kinds,
                    objects: 0,
                    calls: calls
                        .iter()
                        .map(|c| {
                            let callees = index.resolve(&c.call);
                            let effect = if callees.is_empty() {
                                outside_effect(inst, m, c, lib)
                            } else {
                                None
                            };
                            CallArg {
                                callee: if c.call.owner == INDY_OWNER {
                                    format!("invokedynamic {}", c.call.name)
                                } else {
                                    format!("{}.{}", c.call.owner.replace('/', "."), c.call.name)
                                },
                                callees,
                                param: c.param,
                                receiver: c.param == 0 && !c.receiver.is_empty(),
                                effect,
                            }
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

/// The jar's methods by signature: which of them a call may dispatch to.
pub struct MethodIndex<'a> {
    exact: HashMap<(&'a str, &'a str, &'a str), Vec<u32>>,
    by_name: HashMap<(&'a str, &'a str), Vec<(&'a str, u32)>>,
    jar_classes: &'a BTreeSet<String>,
    hierarchy: &'a JarHierarchy,
    ancestors: HashMap<&'a str, Vec<&'a str>>,
}

impl<'a> MethodIndex<'a> {
    /// Indexes the methods of `inst`.
    pub fn new(inst: &'a Instrumented) -> MethodIndex<'a> {
        let mut exact: HashMap<(&str, &str, &str), Vec<u32>> = HashMap::default();
        let mut by_name: HashMap<(&str, &str), Vec<(&str, u32)>> = HashMap::default();
        for m in &inst.methods {
            let mc = &m.flow.method;
            exact
                .entry((&mc.class, &mc.name, &mc.descriptor))
                .or_default()
                .push(m.id);
            by_name
                .entry((&mc.name, &mc.descriptor))
                .or_default()
                .push((mc.class.as_str(), m.id));
        }
        let mut ancestors: HashMap<&str, Vec<&str>> = HashMap::default();
        for m in &inst.methods {
            let class = m.flow.method.class.as_str();
            ancestors
                .entry(class)
                .or_insert_with(|| inst.hierarchy.supertypes(class));
        }
        MethodIndex {
            exact,
            by_name,
            jar_classes: &inst.jar_classes,
            hierarchy: &inst.hierarchy,
            ancestors,
        }
    }

    /// The methods of the jar `c` may dispatch to: those of its name and descriptor in classes
    /// related to the owner (the one it inherits, overrides in subclasses, implementations of an
    /// interface); none if no related class declares one (a method inherited from the library),
    /// or the owner is outside the jar; any of that name if the owner's class did not parse.
    /// Constructors and initializers: the named one only.
    pub fn resolve(&self, c: &CallRef) -> Vec<u32> {
        let key = (c.owner.as_str(), c.name.as_str(), c.desc.as_str());
        let exact = self.exact.get(&key);
        if c.name.starts_with('<') {
            return exact.cloned().unwrap_or_default();
        }
        if exact.is_none() && !self.jar_classes.contains(&c.owner) {
            return Vec::new();
        }
        let same = self
            .by_name
            .get(&(c.name.as_str(), c.desc.as_str()))
            .map(Vec::as_slice)
            .unwrap_or_default();
        // the owner's supertypes: cached for classes with methods, else computed here
        let computed;
        let owner_up: &[&str] = match self.ancestors.get(c.owner.as_str()) {
            Some(up) => up,
            None => {
                computed = self.hierarchy.supertypes(&c.owner);
                &computed
            }
        };
        let related: Vec<u32> = same
            .iter()
            .filter(|(class, _)| owner_up.contains(class) || self.ancestors(class).contains(&key.0))
            .map(|&(_, id)| id)
            .collect();
        if related.is_empty() && !self.hierarchy.knows(&c.owner) {
            // a class of the jar that did not parse: its relations are not known
            return same.iter().map(|&(_, id)| id).collect();
        }
        related
    }

    /// The supertypes of a class that declares methods ([`JarHierarchy::supertypes`]).
    fn ancestors(&self, class: &str) -> &[&'a str] {
        self.ancestors
            .get(class)
            .map(Vec::as_slice)
            .unwrap_or_default()
    }
}

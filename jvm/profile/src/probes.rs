//! Instrumentation of one class for flow profiling (Algorithm 3 on a stock JVM): calls into the
//! `decisionprof.DpRt` runtime at method entry and exit (normal and exceptional), after
//! allocations, after reference loads in HFG nodes (object accesses), and around heap writes,
//! heap reads and uses (reference-propagation bits).
//!
//! The probes of each instruction are planned here and inserted by [`jvm_bytecode::splice`]. Choices made
//! here:
//! * the catch-all handler of a constructor starts after the `super(…)`/`this(…)` call (an
//!   uninitialized `this` cannot reach a handler that rethrows); exceptions before it leave a
//!   frame that the runtime closes at the caller's next call;
//! * LocalVariable(Type)Table and other code attributes with offsets are dropped from
//!   instrumented methods (debug information only);
//! * in constructors nothing is passed to the runtime before the `super` call, and uses of the
//!   object under construction (`this`) do not count as uses;
//! * a call on an object of a class of the jar counts as a use at the callee's entry (`use(this)`
//!   first in every instance method), so only calls into other classes (the JDK) pass their
//!   receiver at the call site; accesses to `this` inside instance methods need no call. A method
//!   a jar class inherits from a JDK class without overriding it is therefore not seen as a use;
//! * classes chosen by [`super::tagfield::tag_roots`] (listed in [`Instrumented::tag_classes`])
//!   get the synthetic tag field, even when none of their methods is instrumented.

use rustc_hash::FxHashMap as HashMap;
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};

use ristretto_classfile::attributes::{Instruction, VerificationType};
use ristretto_classfile::{ClassFile, Constant, ConstantPool};

use super::dual::{double, in_b, loop_headers};
use super::property::{ProbeFilter, Property};
use super::runtime::{runtime_descriptor, RUNTIME_CLASS};
use super::sites::{Instrumented, MethodInfo, Site, SiteKind};
use super::tag_access::{add_gates, gate_root, Gate};
use super::tagfield::add_tag_field;
use graph::NodeId;
use jvm_bytecode::analysis::MethodFlow;
use jvm_bytecode::cfg::CfgEdge;
use jvm_bytecode::classfile::{class_of, method_names, source_file, MethodCode, Resolved, Ty};
use jvm_bytecode::defuse::DefKind;
use jvm_bytecode::descriptor::{desc_kinds, descriptors, kwords, load, store, K};
use jvm_bytecode::hfg::{HfgOptions, MergedHfg};
use jvm_bytecode::hierarchy::JarHierarchy;
use jvm_bytecode::invoke::{
    boxing_class, calls_of, indy_names, stores_last_argument, CallRef, HEAP_READ_CALLS,
};
use jvm_bytecode::opcodes::{is_array_load, is_array_store, is_return};
use jvm_bytecode::splice::{
    code_parts, frames_name, splice, throwable_class, Body, CodeParts, Handler, Plan, Probes,
    Switch,
};
use jvm_bytecode::write::class_to_bytes;

/// Constant-pool entries added to one class.
struct Pool<'p, 'a> {
    cp: &'p mut ConstantPool<'a>,
    rt: u16,
    refs: HashMap<&'static str, u16>,
    gates: HashMap<(String, Gate), u16>,
    ints: HashMap<i32, u16>,
    longs: HashMap<i64, u16>,
    throwable: Option<u16>,
}

type PoolResult<T> = Result<T, String>;

impl Pool<'_, '_> {
    fn call(&mut self, name: &'static str) -> PoolResult<Instruction> {
        if let Some(&i) = self.refs.get(name) {
            return Ok(Instruction::Invokestatic(i));
        }
        let desc = runtime_descriptor(name);
        let i = self
            .cp
            .add_method_ref(self.rt, name, desc)
            .map_err(|e| e.to_string())?;
        self.refs.insert(name, i);
        Ok(Instruction::Invokestatic(i))
    }

    /// A call of root `root`'s gate `g` ([`super::tag_access`]).
    fn gate(&mut self, root: &str, g: Gate) -> PoolResult<Instruction> {
        if let Some(&i) = self.gates.get(&(root.to_string(), g)) {
            return Ok(Instruction::Invokestatic(i));
        }
        let e = |e: ristretto_classfile::Error| e.to_string();
        let class = self.cp.add_class(root).map_err(e)?;
        let i = self
            .cp
            .add_method_ref(class, g.name(), &g.descriptor(root))
            .map_err(e)?;
        self.gates.insert((root.to_string(), g), i);
        Ok(Instruction::Invokestatic(i))
    }

    /// The call of probe `g` on a value statically of class `class` (if known): its root's gate
    /// where [`gate_root`] allows it from `ctx`'s class, else the runtime's probe.
    fn probe(&mut self, ctx: &Ctx<'_>, g: Gate, class: Option<&str>) -> PoolResult<Instruction> {
        match class.and_then(|c| ctx.gate_root(c)) {
            Some(root) => self.gate(root, g),
            None => self.call(g.probe()),
        }
    }

    fn int(&mut self, v: i64) -> PoolResult<Instruction> {
        use Instruction as I;
        Ok(match v {
            -1 => I::Iconst_m1,
            0 => I::Iconst_0,
            1 => I::Iconst_1,
            2 => I::Iconst_2,
            3 => I::Iconst_3,
            4 => I::Iconst_4,
            5 => I::Iconst_5,
            -128..=127 => I::Bipush(v as i8),
            -32768..=32767 => I::Sipush(v as i16),
            _ => {
                let v = i32::try_from(v).map_err(|e| e.to_string())?;
                let idx = match self.ints.get(&v) {
                    Some(&i) => i,
                    None => {
                        let i = self.cp.add_integer(v).map_err(|e| e.to_string())?;
                        self.ints.insert(v, i);
                        i
                    }
                };
                match u8::try_from(idx) {
                    Ok(b) => I::Ldc(b),
                    Err(_) => I::Ldc_w(idx),
                }
            }
        })
    }

    fn long(&mut self, v: i64) -> PoolResult<Instruction> {
        Ok(match v {
            0 => Instruction::Lconst_0,
            1 => Instruction::Lconst_1,
            _ => {
                let idx = match self.longs.get(&v) {
                    Some(&i) => i,
                    None => {
                        let i = self.cp.add_long(v).map_err(|e| e.to_string())?;
                        self.longs.insert(v, i);
                        i
                    }
                };
                Instruction::Ldc2_w(idx)
            }
        })
    }

    fn throwable(&mut self) -> PoolResult<u16> {
        throwable_class(self.cp, &mut self.throwable)
    }
}

/// The class a field or return descriptor names (`Lp/C;` → `p/C`); `None` for primitives and
/// arrays.
fn desc_class(desc: &str) -> Option<&str> {
    desc.strip_prefix('L')?.strip_suffix(';')
}

/// The return descriptor of a method descriptor (`V` if it has none).
fn return_desc(desc: &str) -> &str {
    desc.rsplit_once(')').map_or("V", |(_, r)| r)
}

/// The owner class and the descriptor of a field reference.
fn field_ref(cp: &ConstantPool<'_>, index: u16) -> Option<(String, String)> {
    let Constant::FieldRef {
        class_index,
        name_and_type_index,
    } = cp.try_get(index).ok()?
    else {
        return None;
    };
    let owner = cp.try_get_class(*class_index).ok()?.to_string();
    let (_, d) = cp.try_get_name_and_type(*name_and_type_index).ok()?;
    Some((owner, cp.try_get_utf8(*d).ok()?.to_string()))
}

/// A property the instrumentation is restricted to ([`super::property`]): its probe filter and
/// the analysis options its pruned HFGs are numbered again with.
#[derive(Debug, Clone, Copy)]
pub struct Restrict<'a> {
    /// Which probes the property needs.
    pub filter: &'a ProbeFilter,
    /// The options the methods were analysed with.
    pub opts: &'a HfgOptions,
}

/// Counters shared by all classes of one jar.
#[derive(Debug, Default)]
pub struct Ids {
    /// Next method id.
    pub methods: u32,
    /// Next site id.
    pub sites: u32,
}

/// Instruments one class; `Ok(None)` when it has nothing to instrument. On error nothing is
/// added to `out` and the caller copies the class unchanged. With `dual` (a sampled run) its
/// path-numbered methods get two copies ([`super::dual`]).
pub fn instrument_class(
    entry: &str,
    bytes: &[u8],
    flows: Vec<MethodFlow>,
    out: &mut Instrumented,
    restrict: Option<Restrict<'_>>,
    dual: bool,
) -> Result<Option<Vec<u8>>, String> {
    let mut cf = ClassFile::from_bytes(bytes).map_err(|e| e.to_string())?;
    let class_name = cf
        .constant_pool
        .try_get_class(cf.this_class)
        .map_or_else(|_| String::new(), |n| n.to_string());
    let tagged = out.tag_classes.contains(&class_name);
    if flows.is_empty() && !tagged {
        return Ok(None);
    }
    if tagged {
        add_tag_field(&mut cf)?;
    }
    let has_frames = cf.version.major() >= 50;
    let source = source_file(&cf);
    let mut methods_new: Vec<MethodInfo> = Vec::new();
    let mut warnings_new: Vec<String> = Vec::new();
    let mut sites_new: Vec<Site> = Vec::new();
    let mut next_method = out.methods.len() as u32;
    let mut next_site = out.sites.len() as u32;
    // names of the methods, resolved before the pool is borrowed mutably
    let names = method_names(&cf);
    let mut by_name: HashMap<(String, String), MethodFlow> = flows
        .into_iter()
        .map(|f| ((f.method.name.clone(), f.method.descriptor.clone()), f))
        .collect();
    let rt = cf
        .constant_pool
        .add_class(RUNTIME_CLASS)
        .map_err(|e| e.to_string())?;
    let mut pool = Pool {
        cp: &mut cf.constant_pool,
        rt,
        refs: HashMap::default(),
        gates: HashMap::default(),
        ints: HashMap::default(),
        longs: HashMap::default(),
        throwable: None,
    };
    for (mi, m) in cf.methods.iter_mut().enumerate() {
        let (name, desc) = &names[mi];
        let Some(mut flow) = by_name.remove(&(name.clone(), desc.clone())) else {
            continue;
        };
        let Some(parts) = code_parts(m) else {
            continue;
        };
        if *parts.code != flow.method.code {
            return Err(format!(
                "{}: code differs from analysis",
                flow.method.display_name()
            ));
        }
        let method_id = next_method;
        next_method += 1;
        let calls = calls_of(parts.code, pool.cp);
        let indy = indy_names(parts.code, pool.cp);
        if let Some(r) = restrict {
            prune_slices(&mut flow, r, pool.cp, &calls);
        }
        let (sites_before, next_before) = (sites_new.len(), next_site);
        let mut sink = SiteSink {
            next: &mut next_site,
            sites: &mut sites_new,
        };
        let rewritten = match rewrite_method(
            &flow,
            method_id,
            &mut sink,
            &calls,
            &out.hierarchy,
            &out.gate_classes,
            restrict.map(|r| r.filter),
            &mut pool,
            has_frames,
            dual,
            parts,
        ) {
            Ok(r) => r,
            Err(e) => {
                // nothing of the method was changed: leave it as it is
                sites_new.truncate(sites_before);
                next_site = next_before;
                next_method -= 1;
                warnings_new.push(format!(
                    "method left uninstrumented: {}: {e}",
                    flow.method.display_name()
                ));
                continue;
            }
        };
        methods_new.push(MethodInfo {
            id: method_id,
            numbered: rewritten,
            flow,
            source: source.clone(),
            calls,
            indy,
        });
    }
    if tagged && out.gate_classes.contains(&class_name) {
        add_gates(&mut cf, has_frames)?;
    }
    let bytes = class_to_bytes(&cf).map_err(|e| e.to_string())?;
    // a last sanity check: the result parses again (the class file structure only: building
    // the analysis' view of every method again took a quarter of the rewriting)
    ClassFile::from_bytes(&bytes).map_err(|e| format!("{entry}: re-parse failed: {e}"))?;
    out.methods.extend(methods_new);
    out.sites.extend(sites_new);
    out.warnings.extend(warnings_new);
    Ok(Some(bytes))
}

/// The `super(…)`/`this(…)` call of a constructor: the first `invokespecial <init>` whose
/// receiver is `this`.
fn super_call(flow: &MethodFlow, calls: &BTreeMap<usize, CallRef>) -> Option<usize> {
    let du = &flow.defuse;
    let this = du.defs.iter().position(|d| d.kind == DefKind::Param(0))? as u32;
    calls.iter().find_map(|(&i, c)| {
        (c.name == "<init>"
            && matches!(flow.method.code[i], Instruction::Invokespecial(_))
            && du.operands[i].last().is_some_and(|o| o.contains(&this)))
        .then_some(i)
    })
}

/// What the probe planners of one method share.
#[derive(Clone, Copy)]
struct Ctx<'f> {
    flow: &'f MethodFlow,
    calls: &'f BTreeMap<usize, CallRef>,
    hierarchy: &'f JarHierarchy,
    /// The classes with probe gates ([`super::tag_access`]).
    roots: &'f BTreeSet<String>,
    /// The property's probe filter: probes no property object can reach are left out.
    filter: Option<&'f ProbeFilter>,
    mid: i64,
    method_id: u32,
    numbered: bool,
    is_ctor: bool,
    /// The constructor's `super(…)`/`this(…)` call: nothing may touch references up to it.
    super_idx: Option<usize>,
    this_def: Option<u32>,
    /// First free local slot (scratch space for reordering operands).
    scratch: usize,
    /// The values given a use probe so far in the current block (planning goes in order).
    used: &'f RefCell<UsedInBlock>,
}

/// The definitions whose value already got a use probe in the block being planned: a second
/// use of the same value there adds nothing (an object counts as used once).
#[derive(Debug, Default)]
struct UsedInBlock {
    node: Option<NodeId>,
    defs: BTreeSet<u32>,
}

impl Ctx<'_> {
    /// Whether operand `op` of instruction `i` needs its use probe, the caller's other conditions
    /// met: not when the same single value was used earlier in its block, or in the block that
    /// is the only way into it (straight-line code over several lines). Records the use.
    fn first_use(&self, i: usize, op: usize) -> bool {
        let node = self.flow.cfg.node_of[i];
        let mut u = self.used.borrow_mut();
        if u.node != Some(node) {
            if !u.node.is_some_and(|prev| self.only_way_in(prev, node)) {
                u.defs.clear();
            }
            u.node = Some(node);
        }
        match self.flow.defuse.operands[i].get(op).map(Vec::as_slice) {
            Some(&[d]) => u.defs.insert(d),
            _ => true,
        }
    }

    /// Whether the only edge into `node` is the normal one from `prev`: every probe of `prev`
    /// ran before `node` starts (an exceptional edge may leave `prev` before its probes).
    fn only_way_in(&self, prev: NodeId, node: NodeId) -> bool {
        let g = &self.flow.cfg.graph;
        match g.in_edges(node) {
            &[e] => {
                let e = g.edge(e);
                e.from == prev && e.data == CfgEdge::Normal
            }
            _ => false,
        }
    }

    /// Starts a planning pass over the method.
    fn restart(&self) {
        *self.used.borrow_mut() = UsedInBlock::default();
    }

    fn early(&self, i: usize) -> bool {
        self.super_idx.is_some_and(|s| i <= s)
    }

    /// Whether operand `op` of instruction `i` is `this`. In a constructor, uses of the object
    /// under construction do not count; in other instance methods `this` was already used at
    /// entry: either way no call is needed.
    fn on_this(&self, i: usize, op: usize) -> bool {
        let du = &self.flow.defuse;
        self.this_def.is_some_and(|t| {
            du.operands[i].get(op).is_some_and(|o| {
                if self.is_ctor {
                    o.contains(&t)
                } else {
                    o == &vec![t]
                }
            })
        })
    }

    /// The tag root whose gates this method's probes call for a value of class `class`.
    fn gate_root<'c>(&'c self, class: &'c str) -> Option<&'c str> {
        gate_root(self.hierarchy, self.roots, &self.flow.method.class, class)
    }

    fn line_of(&self, i: usize) -> Option<u32> {
        self.flow.method.lines.get(i).copied().flatten()
    }

    /// Whether a location of field descriptor `desc` needs its probe (all do without a property).
    fn holds_desc(&self, desc: &str) -> bool {
        self.filter.is_none_or(|f| f.holds_desc(desc))
    }

    /// Whether a location whose static type is `class` needs its probe.
    fn holds_class(&self, class: &str) -> bool {
        self.filter.is_none_or(|f| f.holds_class(class))
    }

    /// Whether uses of arrays need probes: arrays whose elements are of one of `kinds`
    /// (descriptor letters, `L` for references).
    fn arrays(&self, kinds: &[char]) -> bool {
        self.filter
            .is_none_or(|f| kinds.iter().any(|&k| f.arrays(k)))
    }

    /// Whether an allocation of `ty` is instrumented.
    fn allocates(&self, ty: &str) -> bool {
        self.filter.is_none_or(|f| f.allocates(ty))
    }

    /// Whether reference operand `op` (in pop order) of instruction `i` may be a property
    /// object: false only when every definition reaching it is an allocation, a box or a call
    /// result (or a local copy of one) whose type cannot be one.
    fn operand_may_hold(&self, i: usize, op: usize, cp: &ConstantPool<'_>) -> bool {
        if self.filter.is_none() {
            return true;
        }
        let du = &self.flow.defuse;
        let code = &self.flow.method.code;
        let Some(defs) = du.operands.get(i).and_then(|o| o.get(op)) else {
            return true;
        };
        let mut todo = defs.clone();
        let mut seen = BTreeSet::new();
        while let Some(d) = todo.pop() {
            if !seen.insert(d) {
                continue;
            }
            let def = &du.defs[d as usize];
            let Some(at) = def.insn else {
                return true;
            };
            let holds = match def.kind {
                DefKind::New | DefKind::NewArray | DefKind::Boxed => {
                    self.allocates(&site_type(cp, self.calls, code, at))
                }
                DefKind::CallReturn => self
                    .calls
                    .get(&at)
                    .is_none_or(|c| self.holds_desc(return_desc(&c.desc))),
                DefKind::Local => match du.operands.get(at).and_then(|o| o.first()) {
                    Some(stored) => {
                        todo.extend(stored);
                        false
                    }
                    None => true,
                },
                _ => true,
            };
            if holds {
                return true;
            }
        }
        false
    }
}

/// The type an allocating instruction `i` makes, as sites name it: the box class of a boxing
/// call, else the `new`/array type.
fn site_type(
    cp: &ConstantPool<'_>,
    calls: &BTreeMap<usize, CallRef>,
    code: &[Instruction],
    i: usize,
) -> String {
    match calls.get(&i).and_then(boxing_class) {
        Some(class) => class.to_string(),
        None => allocated_type(cp, &code[i]),
    }
}

/// The allocations of a class's analysed methods that belong to `property`: their types.
pub(crate) fn property_types(
    bytes: &[u8],
    flows: &[MethodFlow],
    property: &Property,
) -> BTreeSet<String> {
    use Instruction as I;
    let Ok(cf) = ClassFile::from_bytes(bytes) else {
        return BTreeSet::new();
    };
    let cp = &cf.constant_pool;
    let source = source_file(&cf);
    let mut out = BTreeSet::new();
    for f in flows {
        let code = &f.method.code;
        let calls = calls_of(code, cp);
        for (i, insn) in code.iter().enumerate() {
            let allocates = match insn {
                I::New(_) | I::Newarray(_) | I::Anewarray(_) | I::Multianewarray(..) => true,
                I::Invokestatic(_) => calls.get(&i).and_then(boxing_class).is_some(),
                _ => false,
            };
            if !allocates {
                continue;
            }
            let ty = site_type(cp, &calls, code, i);
            let line = f.method.lines.get(i).copied().flatten();
            if property.matches(&ty, line, source.as_deref()) {
                out.insert(ty);
            }
        }
    }
    out
}

/// Keeps the slices a property needs (its allocations, and the parameters whose declared type
/// can hold its objects) and numbers their HFGs again; a method left without any is not
/// path-profiled (no entry, exit or access probes).
fn prune_slices(
    flow: &mut MethodFlow,
    r: Restrict<'_>,
    cp: &ConstantPool<'_>,
    calls: &BTreeMap<usize, CallRef>,
) {
    let mc = &flow.method;
    let du = &flow.defuse;
    let params = descriptors(&mc.descriptor).map_or_else(Vec::new, |(p, _)| p);
    let keep: Vec<bool> = flow
        .slices
        .iter()
        .map(|s| {
            let d = &du.defs[s.target as usize];
            match d.kind {
                // the object under construction is no site of its constructor
                DefKind::Param(0) if mc.name == "<init>" => false,
                DefKind::Param(k) => match mc.is_static {
                    false if k == 0 => r.filter.holds_class(&mc.class),
                    false => params.get(k - 1).is_some_and(|p| r.filter.holds_desc(p)),
                    true => params.get(k).is_some_and(|p| r.filter.holds_desc(p)),
                },
                DefKind::New | DefKind::NewArray | DefKind::Boxed => d
                    .insn
                    .is_some_and(|i| r.filter.allocates(&site_type(cp, calls, &mc.code, i))),
                _ => false,
            }
        })
        .collect();
    if keep.iter().any(|k| !k) {
        let (mut a, mut b) = (keep.iter(), keep.iter());
        flow.slices.retain(|_| a.next().copied().unwrap_or(false));
        flow.hfgs.retain(|_| b.next().copied().unwrap_or(false));
        flow.merged = MergedHfg::merge(&flow.hfgs, flow.cfg.exit(), r.opts);
    }
    if flow.hfgs.is_empty() {
        flow.merged.numbering = None;
        flow.merged.numbering_error = Some("no slice of the property".into());
    }
}

/// Site ids and the sites of the jar, appended to as allocations and parameters are found.
struct SiteSink<'s> {
    next: &'s mut u32,
    sites: &'s mut Vec<Site>,
}

impl SiteSink<'_> {
    fn add(&mut self, make: impl FnOnce(u32) -> Site) -> u32 {
        let id = *self.next;
        *self.next += 1;
        self.sites.push(make(id));
        id
    }
}

/// Instruments one method (Algorithm 3); returns whether it is path-numbered. On error nothing
/// of the method was changed.
#[allow(clippy::too_many_arguments)]
fn rewrite_method(
    flow: &MethodFlow,
    method_id: u32,
    sink: &mut SiteSink<'_>,
    calls: &BTreeMap<usize, CallRef>,
    hierarchy: &JarHierarchy,
    roots: &BTreeSet<String>,
    filter: Option<&ProbeFilter>,
    pool: &mut Pool<'_, '_>,
    has_frames: bool,
    dual: bool,
    mut parts: CodeParts<'_>,
) -> Result<bool, String> {
    let mc: &MethodCode = &flow.method;
    let is_ctor = mc.name == "<init>";
    let super_idx = match is_ctor {
        true => Some(
            super_call(flow, calls)
                .ok_or_else(|| format!("{}: no super() call found", mc.display_name()))?,
        ),
        false => None,
    };
    let ctx = Ctx {
        flow,
        calls,
        hierarchy,
        roots,
        filter,
        mid: i64::from(method_id),
        method_id,
        numbered: flow.merged.numbering.is_some(),
        is_ctor,
        super_idx,
        // a static method's first parameter is no `this`: its uses are counted
        this_def: match mc.is_static {
            true => None,
            false => flow
                .defuse
                .defs
                .iter()
                .position(|d| d.kind == DefKind::Param(0))
                .map(|d| d as u32),
        },
        scratch: usize::from(*parts.max_locals),
        used: &RefCell::new(UsedInBlock::default()),
    };
    let mut groups: Vec<Probes> = vec![Probes::default(); parts.code.len()];
    let prologue = plan_prologue(&ctx, pool, sink)?;
    plan_allocations(&ctx, &mut groups, pool, sink)?;
    // the allocation probes, which both copies of a duplicated method carry
    let object_only = match dual && ctx.numbered && mc.name != "<clinit>" {
        true => Some(groups.clone()),
        false => None,
    };
    let mut scratch_used = 0;
    ctx.restart();
    for (i, g) in groups.iter_mut().enumerate() {
        scratch_used = scratch_used.max(plan_probes(&ctx, i, g, pool)?);
    }
    let protect_from = super_idx.map_or(0, |s| s + 1);
    let handler = match ctx.numbered && protect_from < groups.len() {
        true => Some(Handler {
            from: protect_from,
            code: vec![pool.int(ctx.mid)?, pool.call("exit")?, Instruction::Athrow],
            throwable: pool.throwable()?,
            locals: Vec::new(),
        }),
        false => None,
    };
    let frames_name = frames_name(pool.cp, has_frames && handler.is_some(), parts.attributes)?;
    let new_stack = parts
        .max_stack
        .checked_add(8)
        .ok_or_else(|| "max_stack overflow".to_string())?;
    let new_locals = u16::try_from(usize::from(*parts.max_locals) + scratch_used)
        .map_err(|_| "max_locals overflow".to_string())?;
    let plan = Plan {
        entry_switch: None,
        prologue,
        groups,
        handler,
    };
    if let Some(object_only) = object_only {
        let extra = Extra {
            has_frames,
            scratch_used,
            max_stack: new_stack,
        };
        if try_dual(&ctx, object_only, &plan, pool, sink, extra, &mut parts)? {
            return Ok(true);
        }
    }
    let body = Body {
        code: parts.code,
        exception_table: parts.exception_table,
        attributes: parts.attributes,
    };
    splice(plan, body, frames_name, &mc.display_name())?;
    *parts.max_stack = new_stack;
    *parts.max_locals = new_locals;
    Ok(ctx.numbered)
}

/// What a doubled method needs besides the single plan: whether the class keeps frames, the
/// scratch locals the single plan uses, and its max stack.
#[derive(Clone, Copy)]
struct Extra {
    has_frames: bool,
    scratch_used: usize,
    max_stack: u16,
}

/// Lays the method out twice ([`double`]) and instruments the copies ([`plan_dual`]); false,
/// with nothing changed, when the doubled method does not fit (64 KiB, 32 KiB branches).
fn try_dual(
    ctx: &Ctx<'_>,
    object_only: Vec<Probes>,
    plan: &Plan,
    pool: &mut Pool<'_, '_>,
    sink: &mut SiteSink<'_>,
    extra: Extra,
    parts: &mut CodeParts<'_>,
) -> Result<bool, String> {
    let mc = &ctx.flow.method;
    let frames = extra
        .has_frames
        .then(|| entry_locals(mc, pool))
        .transpose()?;
    let frames_name = frames_name(pool.cp, extra.has_frames, parts.attributes)?;
    let Ok(mut d) = double(
        parts.code,
        parts.exception_table,
        parts.attributes,
        frames,
        frames_name,
    ) else {
        return Ok(false);
    };
    let (dual_plan, used) = plan_dual(ctx, object_only, plan, pool, sink)?;
    let body = Body {
        code: &mut d.code,
        exception_table: &mut d.exception_table,
        attributes: &mut d.attributes,
    };
    if splice(dual_plan, body, None, &mc.display_name()).is_err() {
        return Ok(false);
    }
    let locals = usize::from(*parts.max_locals) + extra.scratch_used.max(used);
    *parts.max_locals = u16::try_from(locals).map_err(|_| "max_locals overflow".to_string())?;
    *parts.code = d.code;
    *parts.exception_table = d.exception_table;
    *parts.attributes = d.attributes;
    *parts.max_stack = extra.max_stack;
    Ok(true)
}

/// The plan of a doubled body ([`double`]): copy A with the object probes only, B entered at
/// the `nop` through the full prologue, a switch at the entry and at every loop header of
/// either copy; returns it with the scratch locals copy A needs.
fn plan_dual(
    ctx: &Ctx<'_>,
    object_only: Vec<Probes>,
    full: &Plan,
    pool: &mut Pool<'_, '_>,
    sink: &mut SiteSink<'_>,
) -> Result<(Plan, usize), String> {
    let n = ctx.flow.method.code.len();
    let a = Ctx {
        numbered: false,
        ..*ctx
    };
    let prologue = plan_prologue(&a, pool, sink)?;
    let mut groups = object_only;
    let mut used = 0;
    a.restart();
    for (i, g) in groups.iter_mut().enumerate() {
        used = used.max(plan_probes(&a, i, g, pool)?);
    }
    // at the entry: traced or in its burst; at a loop header: still traced
    let entry = vec![pool.int(ctx.mid)?, pool.call("on")?];
    let header = vec![pool.int(ctx.mid)?, pool.call("stay")?];
    let switch = |check: &Vec<Instruction>, jump_if_set, target| Switch {
        check: check.clone(),
        jump_if_set,
        target,
    };
    let headers = loop_headers(&ctx.flow.method.code);
    for &h in &headers {
        groups[h].switch = Some(switch(&header, true, in_b(n, h)));
    }
    groups.push(Probes {
        pre: full.prologue.clone(),
        ..Probes::default()
    });
    for (i, g) in full.groups.iter().enumerate() {
        let mut g = g.clone();
        if headers.contains(&i) {
            g.switch = Some(switch(&header, false, i));
        }
        groups.push(g);
    }
    let handler = full.handler.clone().map(|h| Handler {
        from: in_b(n, h.from),
        ..h
    });
    let plan = Plan {
        entry_switch: Some(switch(&entry, true, n)),
        prologue,
        groups,
        handler,
    };
    Ok((plan, used))
}

/// The locals of a method's entry frame: `this` (uninitialized in a constructor), then its
/// parameters.
fn entry_locals(mc: &MethodCode, pool: &mut Pool<'_, '_>) -> Result<Vec<VerificationType>, String> {
    let mut out = Vec::new();
    let mut class = |name: &str| -> Result<VerificationType, String> {
        let cpool_index = pool.cp.add_class(name).map_err(|e| e.to_string())?;
        Ok(VerificationType::Object { cpool_index })
    };
    if mc.name == "<init>" {
        out.push(VerificationType::UninitializedThis);
    } else if !mc.is_static {
        out.push(class(&mc.class)?);
    }
    let (params, _) = descriptors(&mc.descriptor).ok_or("a malformed descriptor")?;
    for d in params {
        out.push(match d.as_bytes()[0] {
            b'J' => VerificationType::Long,
            b'D' => VerificationType::Double,
            b'F' => VerificationType::Float,
            b'L' => class(&d[1..d.len() - 1])?,
            b'[' => class(d)?,
            _ => VerificationType::Integer,
        });
    }
    Ok(out)
}

/// Method entry: `enter`, the parameter sites (roots of Algorithm 5), and the use of `this`.
fn plan_prologue(
    ctx: &Ctx<'_>,
    pool: &mut Pool<'_, '_>,
    sink: &mut SiteSink<'_>,
) -> Result<Vec<Instruction>, String> {
    let mc = &ctx.flow.method;
    let du = &ctx.flow.defuse;
    let mut prologue = Vec::new();
    if ctx.numbered {
        // the parameter sites' (local slot, site id)
        let mut params = Vec::new();
        let mut slot = 0usize;
        for (k, &t) in mc.params.iter().enumerate() {
            let words = if t == Ty::Prim2 { 2 } else { 1 };
            let def = du.defs.iter().position(|d| d.kind == DefKind::Param(k));
            let kept = ctx
                .flow
                .slices
                .iter()
                .any(|s| Some(s.target as usize) == def);
            if let (Ty::Ref, false, Some(d), true) = (t, ctx.is_ctor && k == 0, def, kept) {
                let id = sink.add(|id| Site {
                    id,
                    method: ctx.method_id,
                    kind: SiteKind::Param { index: k },
                    def: d as u32,
                    node: 0,
                    line: ctx.line_of(0),
                    profiled: true,
                });
                params.push((slot, id));
            }
            slot += words;
        }
        // the entry and the first two parameters in one call, the others after it
        let (first, rest) = params.split_at(params.len().min(2));
        for &(slot, id) in first {
            prologue.push(load(K::Ref, slot));
            prologue.push(pool.int(i64::from(id))?);
        }
        prologue.push(pool.int(ctx.mid)?);
        prologue.push(pool.call(["enter", "enter1", "enter2"][first.len()])?);
        for &(slot, id) in rest {
            prologue.push(load(K::Ref, slot));
            prologue.push(pool.int(ctx.mid)?);
            prologue.push(pool.int(i64::from(id))?);
            prologue.push(pool.call("param")?);
        }
    }
    if !mc.is_static && !ctx.is_ctor && ctx.holds_class(&mc.class) {
        prologue.push(Instruction::Aload_0);
        prologue.push(pool.probe(ctx, Gate::Use, Some(&mc.class))?);
    }
    Ok(prologue)
}

/// The allocating instructions as `(instruction after which the object is complete, allocation)`:
/// a `new` is complete after its constructor call, arrays and boxes at once.
fn allocations(ctx: &Ctx<'_>) -> Vec<(usize, usize)> {
    use Instruction as I;
    let code = &ctx.flow.method.code;
    let du = &ctx.flow.defuse;
    let mut out = Vec::new();
    for (i, insn) in code.iter().enumerate() {
        match insn {
            I::New(_) if matches!(code.get(i + 1), Some(I::Dup)) => {
                let Some(d) = du.def_of_insn[i] else { continue };
                let ctor = (i + 2..code.len()).find(|&j| {
                    matches!(code[j], I::Invokespecial(_))
                        && ctx.calls.get(&j).is_some_and(|c| c.name == "<init>")
                        && du.operands[j].last().is_some_and(|o| o == &vec![d])
                });
                if let Some(j) = ctor {
                    out.push((j, i));
                }
            }
            I::Newarray(_) | I::Anewarray(_) | I::Multianewarray(..) => out.push((i, i)),
            I::Invokestatic(_) if ctx.calls.get(&i).and_then(boxing_class).is_some() => {
                out.push((i, i))
            }
            _ => {}
        }
    }
    out
}

/// The allocated type as reports show it.
fn allocated_type(cp: &ConstantPool<'_>, insn: &Instruction) -> String {
    use Instruction as I;
    match insn {
        I::New(c) => class_of(cp, *c),
        I::Multianewarray(c, _) => source_array_name(&class_of(cp, *c)),
        I::Anewarray(c) => format!("{}[]", source_array_name(&class_of(cp, *c))),
        I::Newarray(t) => format!("{}[]", format!("{t:?}").to_lowercase()),
        _ => "?".into(),
    }
}

/// An array class named as source code names it (`[[I` → `int[][]`, `[La/B;` → `a/B[]`); any
/// other class name as it is.
fn source_array_name(class: &str) -> String {
    let dims = class.bytes().take_while(|&b| b == b'[').count();
    if dims == 0 {
        return class.to_string();
    }
    let elem = &class[dims..];
    let base = match elem.as_bytes().first() {
        Some(b'L') => elem[1..].trim_end_matches(';'),
        Some(b'Z') => "boolean",
        Some(b'B') => "byte",
        Some(b'C') => "char",
        Some(b'S') => "short",
        Some(b'I') => "int",
        Some(b'J') => "long",
        Some(b'F') => "float",
        Some(b'D') => "double",
        _ => return class.to_string(),
    };
    format!("{base}{}", "[]".repeat(dims))
}

/// An `alloc`/`allocR` call after each complete allocation, with its site and path start.
fn plan_allocations(
    ctx: &Ctx<'_>,
    groups: &mut [Probes],
    pool: &mut Pool<'_, '_>,
    sink: &mut SiteSink<'_>,
) -> Result<(), String> {
    use Instruction as I;
    let flow = ctx.flow;
    let du = &flow.defuse;
    for (j, a) in allocations(ctx) {
        let d = du.def_of_insn[a].ok_or("an allocation defines no value")?;
        let node = du.defs[d as usize].node;
        let start = match ctx.numbered {
            true => flow.merged.increment(0, node).map(|x| x as i64),
            false => None,
        };
        let ty = site_type(pool.cp, ctx.calls, &flow.method.code, a);
        if !ctx.allocates(&ty) {
            continue;
        }
        let id = sink.add(|id| Site {
            id,
            method: ctx.method_id,
            kind: SiteKind::Alloc { insn: a, ty },
            def: d,
            node,
            line: ctx.line_of(a),
            profiled: start.is_some(),
        });
        let g = &mut groups[j].post;
        g.push(I::Dup);
        let with_recv = !flow.method.is_static && !ctx.early(j);
        if with_recv {
            g.push(I::Aload_0);
        }
        g.push(pool.int(ctx.mid)?);
        g.push(pool.int(i64::from(id))?);
        g.push(pool.int(start.map_or(-1, |_| node as i64))?);
        g.push(pool.long(start.unwrap_or(0))?);
        g.push(pool.call(if with_recv { "allocR" } else { "alloc" })?);
    }
    Ok(())
}

/// The probes of instruction `i` (accesses, uses, heap reads/writes, exits); returns the scratch
/// locals they need.
fn plan_probes(
    ctx: &Ctx<'_>,
    i: usize,
    g: &mut Probes,
    pool: &mut Pool<'_, '_>,
) -> Result<usize, String> {
    use Instruction as I;
    let flow = ctx.flow;
    let insn = &flow.method.code[i];
    if is_return(insn) && ctx.numbered {
        g.pre.push(pool.int(ctx.mid)?);
        g.pre.push(pool.call("exit")?);
    }
    if ctx.early(i) {
        plan_early_store(ctx, i, g, pool)?;
        return Ok(0);
    }
    let node = flow.cfg.node_of[i];
    match insn {
        I::Aload(_) | I::Aload_w(_) | I::Aload_0 | I::Aload_1 | I::Aload_2 | I::Aload_3
            if ctx.numbered && flow.merged.index.contains_key(&node) =>
        {
            g.post.push(I::Dup);
            g.post.push(pool.int(ctx.mid)?);
            g.post.push(pool.int(node as i64)?);
            g.post.push(pool.call("acc")?);
        }
        I::Getfield(_) | I::Getstatic(_) | I::Putstatic(_) | I::Putfield(_) | I::Arraylength => {
            plan_heap_access(ctx, i, g, pool)?
        }
        // a lock taken on it is a use
        I::Monitorenter
            if !ctx.on_this(i, 0) && ctx.operand_may_hold(i, 0, pool.cp) && ctx.first_use(i, 0) =>
        {
            g.pre.push(I::Dup);
            g.pre.push(pool.call("use")?);
        }
        _ if is_array_load(insn) => plan_heap_access(ctx, i, g, pool)?,
        _ if is_array_store(insn) => return plan_array_store(ctx, i, g, pool),
        I::Invokevirtual(_) | I::Invokeinterface(..) | I::Invokespecial(_) => {
            return plan_instance_call(ctx, i, g, pool)
        }
        I::Invokestatic(_) => {
            let Some(c) = ctx.calls.get(&i) else {
                return Ok(0);
            };
            if let Some((_, Some(K::Ref))) = desc_kinds(&c.desc) {
                if !ctx.hierarchy.declares(&c.owner, &c.name, &c.desc)
                    && HEAP_READ_CALLS.contains(&c.name.as_str())
                    && ctx.holds_desc(return_desc(&c.desc))
                {
                    heap_read(ctx, i, desc_class(return_desc(&c.desc)), &mut g.post, pool)?;
                }
            }
        }
        _ => {}
    }
    Ok(0)
}

/// Before a constructor's `super(…)`/`this(…)` call nothing may touch the new object, but the
/// objects stored into its fields there are written to the heap (javac stores the outer instance
/// and captured variables first): `hw` on the value.
fn plan_early_store(
    ctx: &Ctx<'_>,
    i: usize,
    g: &mut Probes,
    pool: &mut Pool<'_, '_>,
) -> Result<(), String> {
    let mc = &ctx.flow.method;
    let Instruction::Putfield(x) = mc.code[i] else {
        return Ok(());
    };
    if mc.resolved[i] != Resolved::Value(Ty::Ref) {
        return Ok(());
    }
    let desc = field_ref(pool.cp, x).map(|(_, d)| d);
    let value = match ctx.filter {
        Some(_) => desc.as_deref().is_none_or(|d| ctx.holds_desc(d)),
        None => true,
    };
    if value && ctx.operand_may_hold(i, 0, pool.cp) {
        g.pre.push(Instruction::Dup);
        g.pre
            .push(pool.probe(ctx, Gate::HeapWrite, desc.as_deref().and_then(desc_class))?);
    }
    Ok(())
}

/// Field reads and writes and array reads: the object is used, references read from or written
/// to the heap are reported.
/// `hr(obj, method, instruction)` on the reference just loaded: a heap read at that load.
/// Left out where the next instruction casts the reference to a type no property object has
/// (a property object read there would fail the cast before the program holds it).
fn heap_read(
    ctx: &Ctx<'_>,
    i: usize,
    value: Option<&str>,
    out: &mut Vec<Instruction>,
    pool: &mut Pool<'_, '_>,
) -> Result<(), String> {
    if let Some(Instruction::Checkcast(c)) = ctx.flow.method.code.get(i + 1) {
        let to = class_of(pool.cp, *c);
        let holds = match to.starts_with('[') {
            true => ctx.holds_desc(&to),
            false => ctx.holds_class(&to),
        };
        if !holds {
            return Ok(());
        }
    }
    out.push(Instruction::Dup);
    out.push(pool.int(ctx.mid)?);
    out.push(pool.int(i as i64)?);
    out.push(pool.probe(ctx, Gate::HeapRead, value)?);
    Ok(())
}

fn plan_heap_access(
    ctx: &Ctx<'_>,
    i: usize,
    g: &mut Probes,
    pool: &mut Pool<'_, '_>,
) -> Result<(), String> {
    use Instruction as I;
    let mc = &ctx.flow.method;
    let is_ref = mc.resolved[i] == Resolved::Value(Ty::Ref);
    let field = match &mc.code[i] {
        I::Getfield(x) | I::Putfield(x) | I::Getstatic(x) | I::Putstatic(x) => {
            field_ref(pool.cp, *x)
        }
        _ => None,
    };
    // with a property: whether the field's owner (the receiver's type) or its value may be one
    let (owner, value) = match (&field, ctx.filter) {
        (Some((o, d)), Some(_)) => (ctx.holds_class(o), ctx.holds_desc(d)),
        _ => (true, true),
    };
    // the static classes of the receiver and of the value
    let owner_class = field.as_ref().map(|(o, _)| o.as_str());
    let value_class = field.as_ref().and_then(|(_, d)| desc_class(d));
    // whether reference operand `op` may be a property object, by what defines it
    let may = |op: usize, pool: &Pool<'_, '_>| ctx.operand_may_hold(i, op, pool.cp);
    match &mc.code[i] {
        I::Getfield(_) => {
            if !ctx.on_this(i, 0) && owner && may(0, pool) && ctx.first_use(i, 0) {
                g.pre.push(I::Dup);
                g.pre.push(pool.probe(ctx, Gate::Use, owner_class)?);
            }
            if is_ref && value {
                heap_read(ctx, i, value_class, &mut g.post, pool)?;
            }
        }
        I::Getstatic(_) if is_ref && value => {
            heap_read(ctx, i, value_class, &mut g.post, pool)?;
        }
        I::Putstatic(_) if is_ref && value && may(0, pool) => {
            g.pre.push(I::Dup);
            g.pre.push(pool.probe(ctx, Gate::HeapWrite, value_class)?);
        }
        I::Putfield(_) => {
            let Resolved::Value(t) = mc.resolved[i] else {
                return Ok(());
            };
            let receiver = usize::from(t == Ty::Ref);
            if t == Ty::Ref && value && may(0, pool) {
                g.pre.push(I::Dup);
                g.pre.push(pool.probe(ctx, Gate::HeapWrite, value_class)?);
            }
            if !ctx.on_this(i, receiver)
                && owner
                && may(receiver, pool)
                && ctx.first_use(i, receiver)
            {
                let probe = pool.probe(ctx, Gate::Use, owner_class)?;
                if t == Ty::Prim2 {
                    g.pre
                        .extend([I::Dup2_x1, I::Pop2, I::Dup, probe, I::Dup_x2, I::Pop]);
                } else {
                    g.pre.extend([I::Swap, I::Dup, probe, I::Swap]);
                }
            }
        }
        I::Arraylength => {
            if ctx.arrays(ANY_ARRAY) && may(0, pool) && ctx.first_use(i, 0) {
                g.pre.push(I::Dup);
                g.pre.push(pool.call("use")?);
            }
        }
        I::Getstatic(_) | I::Putstatic(_) => {}
        load => {
            // array element loads: the array is used; a loaded reference is a heap read (of
            // any type: the array's is not known here)
            if ctx.arrays(element_of(load)) && may(0, pool) && ctx.first_use(i, 0) {
                g.pre.extend([I::Swap, I::Dup]);
                g.pre.push(pool.call("use")?);
                g.pre.push(I::Swap);
            }
            if matches!(load, I::Aaload) {
                heap_read(ctx, i, None, &mut g.post, pool)?;
            }
        }
    }
    Ok(())
}

/// Every array element kind.
const ANY_ARRAY: &[char] = &['L', 'B', 'Z', 'C', 'S', 'I', 'J', 'F', 'D'];

/// The element kinds (descriptor letters, `L` for references) of the arrays an array load or
/// store works on: `baload`/`bastore` serve `byte[]` and `boolean[]`.
fn element_of(insn: &Instruction) -> &'static [char] {
    use Instruction as I;
    match insn {
        I::Aaload | I::Aastore => &['L'],
        I::Baload | I::Bastore => &['B', 'Z'],
        I::Caload | I::Castore => &['C'],
        I::Saload | I::Sastore => &['S'],
        I::Iaload | I::Iastore => &['I'],
        I::Laload | I::Lastore => &['J'],
        I::Faload | I::Fastore => &['F'],
        I::Daload | I::Dastore => &['D'],
        _ => ANY_ARRAY,
    }
}

/// Array stores: a stored reference is a heap write; the array is used (value and index are
/// parked in scratch locals to reach it).
fn plan_array_store(
    ctx: &Ctx<'_>,
    i: usize,
    g: &mut Probes,
    pool: &mut Pool<'_, '_>,
) -> Result<usize, String> {
    let insn = &ctx.flow.method.code[i];
    use Instruction as I;
    let k = match insn {
        I::Aastore => K::Ref,
        I::Fastore => K::Float,
        I::Lastore => K::Long,
        I::Dastore => K::Double,
        _ => K::Int,
    };
    if k == K::Ref && ctx.operand_may_hold(i, 0, pool.cp) {
        g.pre.push(I::Dup);
        g.pre.push(pool.call("hw")?);
    }
    let array_op = usize::from(k == K::Ref);
    if !ctx.arrays(element_of(insn))
        || !ctx.operand_may_hold(i, array_op, pool.cp)
        || !ctx.first_use(i, array_op)
    {
        return Ok(0);
    }
    let vs = ctx.scratch;
    let is = ctx.scratch + kwords(k);
    g.pre.push(store(k, vs));
    g.pre.push(store(K::Int, is));
    g.pre.push(I::Dup);
    g.pre.push(pool.call("use")?);
    g.pre.push(load(K::Int, is));
    g.pre.push(load(k, vs));
    Ok(kwords(k) + 1)
}

/// Calls on objects: calls into other classes (the JDK) use their receiver at the call site
/// (calls into the jar's classes count at the callee's entry); known collection methods write or
/// read references in the heap.
fn plan_instance_call(
    ctx: &Ctx<'_>,
    i: usize,
    g: &mut Probes,
    pool: &mut Pool<'_, '_>,
) -> Result<usize, String> {
    use Instruction as I;
    let Some(c) = ctx.calls.get(&i) else {
        return Ok(0);
    };
    if c.name == "<init>" {
        return Ok(0);
    }
    let Some((args, ret)) = desc_kinds(&c.desc) else {
        return Ok(0);
    };
    // library code runs the call: its owner is outside the jar, or inherits the method from there
    let foreign = !ctx.hierarchy.declares(&c.owner, &c.name, &c.desc);
    let descs = descriptors(&c.desc);
    let holds_last = descs
        .as_ref()
        .is_none_or(|(p, _)| p.last().is_none_or(|d| ctx.holds_desc(d)));
    if foreign
        && args.last() == Some(&K::Ref)
        && stores_last_argument(&c.owner, &c.name)
        && holds_last
    {
        let last = descs.as_ref().and_then(|(p, _)| p.last());
        g.pre.push(I::Dup);
        g.pre
            .push(pool.probe(ctx, Gate::HeapWrite, last.and_then(|d| desc_class(d)))?);
    }
    let recv_op = args.iter().filter(|&&k| k == K::Ref).count();
    let mut used = 0;
    if foreign && !ctx.on_this(i, recv_op) && ctx.holds_class(&c.owner) && ctx.first_use(i, recv_op)
    {
        let mut slots = Vec::with_capacity(args.len());
        let mut s = ctx.scratch;
        for &k in &args {
            slots.push(s);
            s += kwords(k);
        }
        used = s - ctx.scratch;
        for (k, &sl) in args.iter().zip(&slots).rev() {
            g.pre.push(store(*k, sl));
        }
        g.pre.push(I::Dup);
        g.pre.push(pool.probe(ctx, Gate::Use, Some(&c.owner))?);
        for (k, &sl) in args.iter().zip(&slots) {
            g.pre.push(load(*k, sl));
        }
    }
    if foreign
        && ret == Some(K::Ref)
        && HEAP_READ_CALLS.contains(&c.name.as_str())
        && ctx.holds_desc(return_desc(&c.desc))
    {
        heap_read(ctx, i, desc_class(return_desc(&c.desc)), &mut g.post, pool)?;
    }
    Ok(used)
}

#[cfg(test)]
mod tests {
    use super::source_array_name;

    #[test]
    fn array_classes_are_named_as_source_names_them() {
        assert_eq!(source_array_name("[[I"), "int[][]");
        assert_eq!(
            source_array_name("[Ljava/lang/Object;"),
            "java/lang/Object[]"
        );
        assert_eq!(source_array_name("java/lang/String"), "java/lang/String");
    }
}

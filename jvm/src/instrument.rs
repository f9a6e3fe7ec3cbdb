//! Instrumentation of one class for flow profiling (Algorithm 3 on a stock JVM): calls into the
//! `decisionprof.DpRt` runtime at method entry and exit (normal and exceptional), after
//! allocations, after reference loads in HFG nodes (object accesses), and around heap writes,
//! heap reads and uses (reference-propagation bits).
//!
//! Inserted code never contains branch targets and is stack-neutral, so every original
//! instruction becomes a group `pre…, insn, post…`: branches, exception ranges, line numbers and
//! stack-map frames move to the group start; `Uninitialized` offsets move with their `new`.
//! Choices made here:
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

use std::collections::{BTreeMap, BTreeSet, HashMap};

use ristretto_classfile::attributes::{
    Attribute, ExceptionTableEntry, Instruction, LineNumber, StackFrame, VerificationType,
};
use ristretto_classfile::{ClassFile, Constant, ConstantPool, MethodAccessFlags};

use super::analysis::MethodFlow;
use super::classfile::{parse_class, MethodCode, Resolved, Ty};
use super::defuse::DefKind;
use super::tagfield::add_tag_field;
use super::write::{class_to_bytes, instruction_offsets};
use graph::NodeId;

/// Internal name of the runtime class.
pub const RUNTIME_CLASS: &str = "decisionprof/DpRt";

/// Collection methods whose last reference argument is stored in the heap.
pub const HEAP_WRITE_CALLS: &[&str] = &[
    "add",
    "put",
    "offer",
    "push",
    "addLast",
    "addFirst",
    "offerFirst",
    "offerLast",
    "set",
    "putIfAbsent",
    "addElement",
];

/// Collection methods whose returned reference is read from the heap.
pub const HEAP_READ_CALLS: &[&str] = &[
    "get",
    "poll",
    "pop",
    "peek",
    "remove",
    "next",
    "getFirst",
    "getLast",
    "pollFirst",
    "pollLast",
    "elementAt",
    "firstElement",
    "lastElement",
    "getOrDefault",
    "take",
];

/// A called method as named by the constant pool.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct CallRef {
    /// Internal name of the owner class.
    pub owner: String,
    /// Method name.
    pub name: String,
    /// Descriptor.
    pub desc: String,
}

/// What a profiled site is.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub enum SiteKind {
    /// An allocation (`new`, `newarray`, …) at an instruction.
    Alloc {
        /// The allocating instruction.
        insn: usize,
        /// Allocated type (internal name or array descriptor).
        ty: String,
    },
    /// An incoming reference parameter (Algorithm 5 roots).
    Param {
        /// Parameter index (`this` is 0 in instance methods).
        index: usize,
    },
}

/// One profiled site.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Site {
    /// Global site id.
    pub id: u32,
    /// Index of its method in [`Instrumented::methods`].
    pub method: u32,
    /// What it is.
    pub kind: SiteKind,
    /// Its definition in the method's def-use relation.
    pub def: u32,
    /// CFG node of the definition.
    pub node: NodeId,
    /// Source line.
    pub line: Option<u32>,
    /// Whether its flow is path-profiled (the method is numbered).
    pub profiled: bool,
}

/// One instrumented method with what offline decoding needs.
#[derive(Debug, Clone)]
pub struct MethodInfo {
    /// Global method id.
    pub id: u32,
    /// The static analysis (numbered HFG when `numbered`).
    pub flow: MethodFlow,
    /// Whether entry/exit and accesses were instrumented (the HFG is numbered).
    pub numbered: bool,
    /// Source file name from the class, if any.
    pub source: Option<String>,
    /// Called method of each invoke instruction.
    pub calls: BTreeMap<usize, CallRef>,
}

/// What instrumenting classes produced so far.
#[derive(Debug, Default)]
pub struct Instrumented {
    /// Instrumented methods, indexed by id.
    pub methods: Vec<MethodInfo>,
    /// Sites, indexed by id.
    pub sites: Vec<Site>,
    /// Classes of the jar (internal names).
    pub jar_classes: BTreeSet<String>,
    /// Classes copied unchanged and methods left out, one line each.
    pub warnings: Vec<String>,
    /// Classes that get the synthetic tag field ([`super::tagfield`]).
    pub tag_classes: BTreeSet<String>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum K {
    Int,
    Float,
    Long,
    Double,
    Ref,
}

fn desc_kinds(desc: &str) -> Option<(Vec<K>, Option<K>)> {
    let b = desc.as_bytes();
    if b.first() != Some(&b'(') {
        return None;
    }
    let mut i = 1;
    let mut args = Vec::new();
    let one = |c: u8| match c {
        b'J' => K::Long,
        b'D' => K::Double,
        b'F' => K::Float,
        b'L' | b'[' => K::Ref,
        _ => K::Int,
    };
    while *b.get(i)? != b')' {
        let c = b[i];
        if c == b'[' {
            while *b.get(i)? == b'[' {
                i += 1;
            }
            if b[i] == b'L' {
                while *b.get(i)? != b';' {
                    i += 1;
                }
            }
            i += 1;
            args.push(K::Ref);
            continue;
        }
        if c == b'L' {
            while *b.get(i)? != b';' {
                i += 1;
            }
        }
        i += 1;
        args.push(one(c));
    }
    let r = *b.get(i + 1)?;
    Some((args, (r != b'V').then(|| one(r))))
}

fn kwords(k: K) -> usize {
    if matches!(k, K::Long | K::Double) {
        2
    } else {
        1
    }
}

fn store(k: K, s: usize) -> Instruction {
    use Instruction as I;
    let w = s > 255;
    let (n8, n16) = (s as u8, s as u16);
    match (k, w) {
        (K::Int, false) => I::Istore(n8),
        (K::Int, true) => I::Istore_w(n16),
        (K::Float, false) => I::Fstore(n8),
        (K::Float, true) => I::Fstore_w(n16),
        (K::Long, false) => I::Lstore(n8),
        (K::Long, true) => I::Lstore_w(n16),
        (K::Double, false) => I::Dstore(n8),
        (K::Double, true) => I::Dstore_w(n16),
        (K::Ref, false) => I::Astore(n8),
        (K::Ref, true) => I::Astore_w(n16),
    }
}

fn load(k: K, s: usize) -> Instruction {
    use Instruction as I;
    let w = s > 255;
    let (n8, n16) = (s as u8, s as u16);
    match (k, w) {
        (K::Int, false) => I::Iload(n8),
        (K::Int, true) => I::Iload_w(n16),
        (K::Float, false) => I::Fload(n8),
        (K::Float, true) => I::Fload_w(n16),
        (K::Long, false) => I::Lload(n8),
        (K::Long, true) => I::Lload_w(n16),
        (K::Double, false) => I::Dload(n8),
        (K::Double, true) => I::Dload_w(n16),
        (K::Ref, false) => I::Aload(n8),
        (K::Ref, true) => I::Aload_w(n16),
    }
}

/// Constant-pool entries added to one class.
struct Pool<'p, 'a> {
    cp: &'p mut ConstantPool<'a>,
    rt: u16,
    refs: HashMap<&'static str, u16>,
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
        let desc = match name {
            "enter" | "exit" => "(I)V",
            "param" => "(Ljava/lang/Object;II)V",
            "alloc" => "(Ljava/lang/Object;IIIJ)V",
            "allocR" => "(Ljava/lang/Object;Ljava/lang/Object;IIIJ)V",
            "acc" => "(Ljava/lang/Object;II)V",
            _ => "(Ljava/lang/Object;)V",
        };
        let i = self
            .cp
            .add_method_ref(self.rt, name, desc)
            .map_err(|e| e.to_string())?;
        self.refs.insert(name, i);
        Ok(Instruction::Invokestatic(i))
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
        if let Some(t) = self.throwable {
            return Ok(t);
        }
        let t = self
            .cp
            .add_class("java/lang/Throwable")
            .map_err(|e| e.to_string())?;
        self.throwable = Some(t);
        Ok(t)
    }
}

fn call_ref(cp: &ConstantPool<'_>, index: u16) -> Option<CallRef> {
    let (class_index, nat) = match cp.try_get(index).ok()? {
        Constant::MethodRef {
            class_index,
            name_and_type_index,
        }
        | Constant::InterfaceMethodRef {
            class_index,
            name_and_type_index,
        } => (*class_index, *name_and_type_index),
        _ => return None,
    };
    let owner = cp.try_get_class(class_index).ok()?.to_string();
    let (n, d) = cp.try_get_name_and_type(nat).ok()?;
    Some(CallRef {
        owner,
        name: cp.try_get_utf8(*n).ok()?.to_string(),
        desc: cp.try_get_utf8(*d).ok()?.to_string(),
    })
}

fn class_of(cp: &ConstantPool<'_>, index: u16) -> String {
    cp.try_get_class(index)
        .map(|s| s.to_string())
        .unwrap_or_else(|_| "?".into())
}

/// One original instruction with the code inserted before and after it.
#[derive(Default)]
struct Group {
    pre: Vec<Instruction>,
    post: Vec<Instruction>,
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
/// added to `out` and the caller copies the class unchanged.
pub fn instrument_class(
    entry: &str,
    bytes: &[u8],
    flows: Vec<MethodFlow>,
    out: &mut Instrumented,
) -> Result<Option<Vec<u8>>, String> {
    let mut cf = ClassFile::from_bytes(bytes).map_err(|e| e.to_string())?;
    let tagged = cf
        .constant_pool
        .try_get_class(cf.this_class)
        .is_ok_and(|n| out.tag_classes.contains(&n.to_string()));
    if flows.is_empty() && !tagged {
        return Ok(None);
    }
    if tagged {
        add_tag_field(&mut cf)?;
    }
    let has_frames = cf.version.major() >= 50;
    let source = cf.attributes.iter().find_map(|a| match a {
        Attribute::SourceFile {
            source_file_index, ..
        } => cf
            .constant_pool
            .try_get_utf8(*source_file_index)
            .ok()
            .map(|s| s.to_string()),
        _ => None,
    });
    let mut methods_new: Vec<MethodInfo> = Vec::new();
    let mut warnings_new: Vec<String> = Vec::new();
    let mut sites_new: Vec<Site> = Vec::new();
    let mut next_method = out.methods.len() as u32;
    let mut next_site = out.sites.len() as u32;
    // names of the methods, resolved before the pool is borrowed mutably
    let names: Vec<(String, String, bool)> = cf
        .methods
        .iter()
        .map(|m| {
            let n = cf
                .constant_pool
                .try_get_utf8(m.name_index)
                .map(|s| s.to_string())
                .unwrap_or_default();
            let d = cf
                .constant_pool
                .try_get_utf8(m.descriptor_index)
                .map(|s| s.to_string())
                .unwrap_or_default();
            (n, d, m.access_flags.contains(MethodAccessFlags::STATIC))
        })
        .collect();
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
        refs: HashMap::new(),
        ints: HashMap::new(),
        longs: HashMap::new(),
        throwable: None,
    };
    for (mi, m) in cf.methods.iter_mut().enumerate() {
        let (name, desc, _is_static) = &names[mi];
        let Some(flow) = by_name.remove(&(name.clone(), desc.clone())) else {
            continue;
        };
        let Some(Attribute::Code {
            max_stack,
            max_locals,
            code,
            exception_table,
            attributes,
            ..
        }) = m
            .attributes
            .iter_mut()
            .find(|a| matches!(a, Attribute::Code { .. }))
        else {
            continue;
        };
        if *code != flow.method.code {
            return Err(format!(
                "{}: code differs from analysis",
                flow.method.display_name()
            ));
        }
        let method_id = next_method;
        next_method += 1;
        let mut calls = BTreeMap::new();
        for (i, insn) in code.iter().enumerate() {
            if let Instruction::Invokevirtual(x)
            | Instruction::Invokespecial(x)
            | Instruction::Invokestatic(x)
            | Instruction::Invokeinterface(x, _) = insn
            {
                if let Some(c) = call_ref(pool.cp, *x) {
                    calls.insert(i, c);
                }
            }
        }
        let (sites_before, next_before) = (sites_new.len(), next_site);
        let rewritten = match rewrite_method(
            &flow,
            method_id,
            &mut next_site,
            &mut sites_new,
            &calls,
            &out.jar_classes,
            &mut pool,
            has_frames,
            code,
            exception_table,
            attributes,
            max_stack,
            max_locals,
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
        });
    }
    let bytes = class_to_bytes(&cf).map_err(|e| e.to_string())?;
    // a last sanity check: the result parses again
    parse_class(entry, &bytes).map_err(|e| format!("re-parse failed: {e}"))?;
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

#[allow(clippy::too_many_arguments)]
fn rewrite_method(
    flow: &MethodFlow,
    method_id: u32,
    next_site: &mut u32,
    sites: &mut Vec<Site>,
    calls: &BTreeMap<usize, CallRef>,
    jar_classes: &BTreeSet<String>,
    pool: &mut Pool<'_, '_>,
    has_frames: bool,
    code: &mut Vec<Instruction>,
    exception_table: &mut Vec<ExceptionTableEntry>,
    attributes: &mut Vec<Attribute>,
    max_stack: &mut u16,
    max_locals: &mut u16,
) -> Result<bool, String> {
    use Instruction as I;
    let mc: &MethodCode = &flow.method;
    let du = &flow.defuse;
    let n = code.len();
    let numbered = flow.merged.numbering.is_some();
    let is_ctor = mc.name == "<init>";
    let super_idx = if is_ctor {
        match super_call(flow, calls) {
            Some(i) => Some(i),
            None => return Err(format!("{}: no super() call found", mc.display_name())),
        }
    } else {
        None
    };
    // before the super call nothing may touch references
    let early = |i: usize| super_idx.is_some_and(|s| i <= s);
    let this_def = du
        .defs
        .iter()
        .position(|d| d.kind == DefKind::Param(0))
        .map(|d| d as u32);
    // In a constructor, uses of `this` (the object under construction) do not count; in other
    // instance methods `this` was already used at entry: either way no call is needed.
    let on_this = |i: usize, op: usize| -> bool {
        this_def.is_some_and(|t| {
            du.operands[i].get(op).is_some_and(|o| {
                if is_ctor {
                    o.contains(&t)
                } else {
                    o == &vec![t]
                }
            })
        })
    };
    let mid = i64::from(method_id);
    let scratch = usize::from(*max_locals);
    let mut scratch_used = 0usize;
    let mut groups: Vec<Group> = (0..n).map(|_| Group::default()).collect();
    let mut prologue: Vec<Instruction> = Vec::new();
    let line_of = |i: usize| mc.lines.get(i).copied().flatten();
    if numbered {
        prologue.push(pool.int(mid)?);
        prologue.push(pool.call("enter")?);
        // parameter sites (roots of Algorithm 5)
        let mut slot = 0usize;
        for (k, &t) in mc.params.iter().enumerate() {
            let words = if t == Ty::Prim2 { 2 } else { 1 };
            if t == Ty::Ref && !(is_ctor && k == 0) {
                if let Some(d) = du.defs.iter().position(|d| d.kind == DefKind::Param(k)) {
                    let id = *next_site;
                    *next_site += 1;
                    sites.push(Site {
                        id,
                        method: method_id,
                        kind: SiteKind::Param { index: k },
                        def: d as u32,
                        node: 0,
                        line: line_of(0),
                        profiled: true,
                    });
                    prologue.push(load(K::Ref, slot));
                    prologue.push(pool.int(mid)?);
                    prologue.push(pool.int(i64::from(id))?);
                    prologue.push(pool.call("param")?);
                }
            }
            slot += words;
        }
    }
    if !mc.is_static && !is_ctor {
        prologue.push(I::Aload_0);
        prologue.push(pool.call("use")?);
    }
    let cp_new_ty = |insn: &Instruction| -> String {
        match insn {
            I::New(c) | I::Multianewarray(c, _) => class_of(pool.cp, *c),
            I::Anewarray(c) => format!("{}[]", class_of(pool.cp, *c)),
            I::Newarray(t) => format!("{}[]", format!("{t:?}").to_lowercase()),
            _ => "?".into(),
        }
    };
    let mut alloc_after: Vec<(usize, usize)> = Vec::new(); // (insn with post, allocating insn)
    for (i, insn) in code.iter().enumerate() {
        match insn {
            I::New(_) => {
                if !matches!(code.get(i + 1), Some(I::Dup)) {
                    continue;
                }
                let Some(d) = du.def_of_insn[i] else { continue };
                let ctor = (i + 2..n).find(|&j| {
                    matches!(code[j], I::Invokespecial(_))
                        && calls.get(&j).is_some_and(|c| c.name == "<init>")
                        && du.operands[j].last().is_some_and(|o| o == &vec![d])
                });
                if let Some(j) = ctor {
                    alloc_after.push((j, i));
                }
            }
            I::Newarray(_) | I::Anewarray(_) | I::Multianewarray(..) => alloc_after.push((i, i)),
            _ => {}
        }
    }
    let mut ty_of_site: Vec<(usize, String)> = Vec::new();
    for &(_, a) in &alloc_after {
        ty_of_site.push((a, cp_new_ty(&code[a])));
    }
    for (k, &(j, a)) in alloc_after.iter().enumerate() {
        let d = du.def_of_insn[a].expect("allocations define");
        let node = du.defs[d as usize].node;
        let start = if numbered {
            flow.merged.increment(0, node).map(|x| x as i64)
        } else {
            None
        };
        let id = *next_site;
        *next_site += 1;
        sites.push(Site {
            id,
            method: method_id,
            kind: SiteKind::Alloc {
                insn: a,
                ty: ty_of_site[k].1.clone(),
            },
            def: d,
            node,
            line: line_of(a),
            profiled: start.is_some(),
        });
        let g = &mut groups[j].post;
        g.push(I::Dup);
        let with_recv = !mc.is_static && !early(j);
        if with_recv {
            g.push(I::Aload_0);
        }
        g.push(pool.int(mid)?);
        g.push(pool.int(i64::from(id))?);
        g.push(pool.int(start.map_or(-1, |_| node as i64))?);
        g.push(pool.long(start.unwrap_or(0))?);
        g.push(pool.call(if with_recv { "allocR" } else { "alloc" })?);
    }
    for (i, insn) in code.iter().enumerate() {
        if early(i) {
            continue;
        }
        let node = flow.cfg.node_of[i];
        let g = &mut groups[i];
        match insn {
            I::Aload(_) | I::Aload_w(_) | I::Aload_0 | I::Aload_1 | I::Aload_2 | I::Aload_3
                if numbered && flow.merged.index.contains_key(&node) =>
            {
                g.post.push(I::Dup);
                g.post.push(pool.int(mid)?);
                g.post.push(pool.int(node as i64)?);
                g.post.push(pool.call("acc")?);
            }
            I::Getfield(_) => {
                if !on_this(i, 0) {
                    g.pre.push(I::Dup);
                    g.pre.push(pool.call("use")?);
                }
                if mc.resolved[i] == Resolved::Value(Ty::Ref) {
                    g.post.push(I::Dup);
                    g.post.push(pool.call("hr")?);
                }
            }
            I::Getstatic(_) if mc.resolved[i] == Resolved::Value(Ty::Ref) => {
                g.post.push(I::Dup);
                g.post.push(pool.call("hr")?);
            }
            I::Putstatic(_) if mc.resolved[i] == Resolved::Value(Ty::Ref) => {
                g.pre.push(I::Dup);
                g.pre.push(pool.call("hw")?);
            }
            I::Putfield(_) => {
                let t = match &mc.resolved[i] {
                    Resolved::Value(t) => *t,
                    _ => continue,
                };
                if t == Ty::Ref {
                    g.pre.push(I::Dup);
                    g.pre.push(pool.call("hw")?);
                }
                let recv_op = usize::from(t == Ty::Ref);
                if !on_this(i, recv_op) {
                    if t == Ty::Prim2 {
                        g.pre.extend([I::Dup2_x1, I::Pop2, I::Dup]);
                        g.pre.push(pool.call("use")?);
                        g.pre.extend([I::Dup_x2, I::Pop]);
                    } else {
                        g.pre.extend([I::Swap, I::Dup]);
                        g.pre.push(pool.call("use")?);
                        g.pre.push(I::Swap);
                    }
                }
            }
            I::Aaload => {
                g.pre.extend([I::Swap, I::Dup]);
                g.pre.push(pool.call("use")?);
                g.pre.push(I::Swap);
                g.post.push(I::Dup);
                g.post.push(pool.call("hr")?);
            }
            I::Iaload | I::Baload | I::Caload | I::Saload | I::Faload | I::Laload | I::Daload => {
                g.pre.extend([I::Swap, I::Dup]);
                g.pre.push(pool.call("use")?);
                g.pre.push(I::Swap);
            }
            I::Arraylength => {
                g.pre.push(I::Dup);
                g.pre.push(pool.call("use")?);
            }
            I::Aastore
            | I::Iastore
            | I::Bastore
            | I::Castore
            | I::Sastore
            | I::Fastore
            | I::Lastore
            | I::Dastore => {
                let k = match insn {
                    I::Aastore => K::Ref,
                    I::Fastore => K::Float,
                    I::Lastore => K::Long,
                    I::Dastore => K::Double,
                    _ => K::Int,
                };
                if k == K::Ref {
                    g.pre.push(I::Dup);
                    g.pre.push(pool.call("hw")?);
                }
                let vs = scratch;
                let is = scratch + kwords(k);
                scratch_used = scratch_used.max(kwords(k) + 1);
                g.pre.push(store(k, vs));
                g.pre.push(store(K::Int, is));
                g.pre.push(I::Dup);
                g.pre.push(pool.call("use")?);
                g.pre.push(load(K::Int, is));
                g.pre.push(load(k, vs));
            }
            I::Invokevirtual(_) | I::Invokeinterface(..) | I::Invokespecial(_) => {
                let Some(c) = calls.get(&i) else { continue };
                if c.name == "<init>" {
                    continue;
                }
                let Some((args, ret)) = desc_kinds(&c.desc) else {
                    continue;
                };
                let foreign = !jar_classes.contains(&c.owner);
                if foreign
                    && args.last() == Some(&K::Ref)
                    && HEAP_WRITE_CALLS.contains(&c.name.as_str())
                {
                    g.pre.push(I::Dup);
                    g.pre.push(pool.call("hw")?);
                }
                let recv_op = args.iter().filter(|&&k| k == K::Ref).count();
                // calls into the jar's own classes count as uses at the callee's entry
                if foreign && !on_this(i, recv_op) {
                    let mut slots = Vec::with_capacity(args.len());
                    let mut s = scratch;
                    for &k in &args {
                        slots.push(s);
                        s += kwords(k);
                    }
                    scratch_used = scratch_used.max(s - scratch);
                    for (k, &sl) in args.iter().zip(&slots).rev() {
                        g.pre.push(store(*k, sl));
                    }
                    g.pre.push(I::Dup);
                    g.pre.push(pool.call("use")?);
                    for (k, &sl) in args.iter().zip(&slots) {
                        g.pre.push(load(*k, sl));
                    }
                }
                if foreign && ret == Some(K::Ref) && HEAP_READ_CALLS.contains(&c.name.as_str()) {
                    g.post.push(I::Dup);
                    g.post.push(pool.call("hr")?);
                }
            }
            I::Invokestatic(_) => {
                let Some(c) = calls.get(&i) else { continue };
                if let Some((_, Some(K::Ref))) = desc_kinds(&c.desc) {
                    if !jar_classes.contains(&c.owner) && HEAP_READ_CALLS.contains(&c.name.as_str())
                    {
                        g.post.push(I::Dup);
                        g.post.push(pool.call("hr")?);
                    }
                }
            }
            I::Ireturn | I::Lreturn | I::Freturn | I::Dreturn | I::Areturn | I::Return
                if numbered =>
            {
                g.pre.push(pool.int(mid)?);
                g.pre.push(pool.call("exit")?);
            }
            _ => {}
        }
    }
    // also the returns inside a constructor's early region (rare: none in javac output)
    if let Some(s) = super_idx {
        for (i, insn) in code.iter().enumerate().take(s + 1) {
            if numbered
                && matches!(
                    insn,
                    I::Ireturn | I::Lreturn | I::Freturn | I::Dreturn | I::Areturn | I::Return
                )
            {
                groups[i].pre.push(pool.int(mid)?);
                groups[i].pre.push(pool.call("exit")?);
            }
        }
    }
    // layout
    let mut new_code: Vec<Instruction> = prologue;
    let mut gstart = vec![0usize; n + 1];
    let mut pos = vec![0usize; n];
    for (i, g) in groups.iter().enumerate() {
        gstart[i] = new_code.len();
        new_code.extend(g.pre.iter().cloned());
        pos[i] = new_code.len();
        new_code.push(code[i].clone());
        new_code.extend(g.post.iter().cloned());
    }
    gstart[n] = new_code.len();
    let handler_at = new_code.len();
    let protect_from = super_idx.map_or(0, |s| s + 1);
    let add_handler = numbered && protect_from < n;
    if add_handler {
        new_code.push(pool.int(mid)?);
        new_code.push(pool.call("exit")?);
        new_code.push(I::Athrow);
    }
    // branch targets
    let to16 = |x: usize| u16::try_from(x).map_err(|_| "method too large".to_string());
    for i in 0..n {
        let p = pos[i];
        let rel = |off: i32| -> Result<i32, String> {
            let t = (i as i64 + i64::from(off)) as usize;
            Ok((gstart[t.min(n)] as i64 - p as i64) as i32)
        };
        new_code[p] = match &code[i] {
            I::Ifeq(t) => I::Ifeq(to16(gstart[usize::from(*t)])?),
            I::Ifne(t) => I::Ifne(to16(gstart[usize::from(*t)])?),
            I::Iflt(t) => I::Iflt(to16(gstart[usize::from(*t)])?),
            I::Ifge(t) => I::Ifge(to16(gstart[usize::from(*t)])?),
            I::Ifgt(t) => I::Ifgt(to16(gstart[usize::from(*t)])?),
            I::Ifle(t) => I::Ifle(to16(gstart[usize::from(*t)])?),
            I::If_icmpeq(t) => I::If_icmpeq(to16(gstart[usize::from(*t)])?),
            I::If_icmpne(t) => I::If_icmpne(to16(gstart[usize::from(*t)])?),
            I::If_icmplt(t) => I::If_icmplt(to16(gstart[usize::from(*t)])?),
            I::If_icmpge(t) => I::If_icmpge(to16(gstart[usize::from(*t)])?),
            I::If_icmpgt(t) => I::If_icmpgt(to16(gstart[usize::from(*t)])?),
            I::If_icmple(t) => I::If_icmple(to16(gstart[usize::from(*t)])?),
            I::If_acmpeq(t) => I::If_acmpeq(to16(gstart[usize::from(*t)])?),
            I::If_acmpne(t) => I::If_acmpne(to16(gstart[usize::from(*t)])?),
            I::Ifnull(t) => I::Ifnull(to16(gstart[usize::from(*t)])?),
            I::Ifnonnull(t) => I::Ifnonnull(to16(gstart[usize::from(*t)])?),
            I::Goto(t) => I::Goto(to16(gstart[usize::from(*t)])?),
            I::Goto_w(t) => I::Goto_w(gstart[(*t).max(0) as usize] as i32),
            I::Tableswitch(ts) => {
                let mut ts = ts.clone();
                ts.default = rel(ts.default)?;
                for o in ts.offsets.iter_mut() {
                    *o = rel(*o)?;
                }
                I::Tableswitch(ts)
            }
            I::Lookupswitch(ls) => {
                let mut ls = ls.clone();
                ls.default = rel(ls.default)?;
                for v in ls.pairs.values_mut() {
                    *v = rel(*v)?;
                }
                I::Lookupswitch(ls)
            }
            other => other.clone(),
        };
        if matches!(code[i], I::Jsr(_) | I::Jsr_w(_) | I::Ret(_) | I::Ret_w(_)) {
            return Err("jsr/ret".into());
        }
    }
    let old_offsets = instruction_offsets(code).map_err(|e| e.to_string())?;
    let new_offsets = instruction_offsets(&new_code).map_err(|e| {
        format!("cannot lay out the instrumented code (a branch spans more than 32 KiB?): {e}")
    })?;
    if *new_offsets.last().unwrap_or(&0) > 65535 {
        return Err("instrumented method exceeds 64 KiB".into());
    }
    let byte_to_index: HashMap<u32, usize> = old_offsets
        .iter()
        .enumerate()
        .map(|(i, &b)| (b, i))
        .collect();
    let remap_vt = |v: &VerificationType| -> Result<VerificationType, String> {
        Ok(match v {
            VerificationType::Uninitialized { offset } => {
                let i = *byte_to_index
                    .get(&u32::from(*offset))
                    .ok_or("Uninitialized offset is not an instruction")?;
                VerificationType::Uninitialized {
                    offset: u16::try_from(new_offsets[pos[i]])
                        .map_err(|_| "offset too large".to_string())?,
                }
            }
            other => other.clone(),
        })
    };
    // exception table
    // short branches must still reach their targets (no widening: the method is left as is)
    for i in 0..n {
        let short = match &code[i] {
            I::Goto(t)
            | I::Ifeq(t)
            | I::Ifne(t)
            | I::Iflt(t)
            | I::Ifge(t)
            | I::Ifgt(t)
            | I::Ifle(t)
            | I::If_icmpeq(t)
            | I::If_icmpne(t)
            | I::If_icmplt(t)
            | I::If_icmpge(t)
            | I::If_icmpgt(t)
            | I::If_icmple(t)
            | I::If_acmpeq(t)
            | I::If_acmpne(t)
            | I::Ifnull(t)
            | I::Ifnonnull(t) => Some(usize::from(*t)),
            _ => None,
        };
        if let Some(t) = short {
            let d = i64::from(new_offsets[gstart[t]]) - i64::from(new_offsets[pos[i]]);
            if i16::try_from(d).is_err() {
                return Err(format!(
                    "{}: a branch would span {d} bytes after instrumentation (more than 32 KiB)",
                    mc.display_name()
                ));
            }
        }
    }
    let mut exception_table_new = exception_table.clone();
    for h in exception_table_new.iter_mut() {
        let s = usize::from(h.range_pc.start);
        let e = usize::from(h.range_pc.end).min(n);
        let hd = usize::from(h.handler_pc);
        h.range_pc = to16(gstart[s])?..to16(gstart[e])?;
        h.handler_pc = to16(gstart[hd])?;
    }
    if add_handler {
        exception_table_new.push(ExceptionTableEntry {
            range_pc: to16(gstart[protect_from])?..to16(handler_at)?,
            handler_pc: to16(handler_at)?,
            catch_type: 0,
        });
    }
    // code attributes
    let mut has_smt = false;
    let mut kept = Vec::new();
    for a in attributes.iter().cloned() {
        match a {
            Attribute::LineNumberTable {
                name_index,
                line_numbers,
            } => {
                let mut lns = Vec::with_capacity(line_numbers.len());
                for l in line_numbers {
                    let s = usize::from(l.start_pc).min(n);
                    lns.push(LineNumber {
                        start_pc: to16(if s == 0 { 0 } else { gstart[s] })?,
                        line_number: l.line_number,
                    });
                }
                kept.push(Attribute::LineNumberTable {
                    name_index,
                    line_numbers: lns,
                });
            }
            Attribute::StackMapTable { name_index, frames } => {
                has_smt = true;
                let mut out = Vec::with_capacity(frames.len() + 1);
                let mut prev: Option<usize> = None;
                let mut prev_new: Option<usize> = None;
                for f in &frames {
                    let d = usize::from(f.offset_delta());
                    let old = match prev {
                        None => d,
                        Some(p) => p + d + 1,
                    };
                    prev = Some(old);
                    let at = *gstart.get(old).ok_or("frame out of range")?;
                    out.push(reframe(f, delta(prev_new, at)?, &remap_vt)?);
                    prev_new = Some(at);
                }
                if add_handler {
                    let t = pool.throwable()?;
                    out.push(StackFrame::FullFrame {
                        frame_type: 255,
                        offset_delta: delta(prev_new, handler_at)?,
                        locals: vec![],
                        stack: vec![VerificationType::Object { cpool_index: t }],
                    });
                }
                kept.push(Attribute::StackMapTable {
                    name_index,
                    frames: out,
                });
            }
            Attribute::LocalVariableTable { .. }
            | Attribute::LocalVariableTypeTable { .. }
            | Attribute::RuntimeVisibleTypeAnnotations { .. }
            | Attribute::RuntimeInvisibleTypeAnnotations { .. }
            | Attribute::Unknown { .. } => {}
            other => kept.push(other),
        }
    }
    if !has_smt && has_frames && add_handler {
        let name_index = pool
            .cp
            .add_utf8("StackMapTable")
            .map_err(|e| e.to_string())?;
        let t = pool.throwable()?;
        kept.push(Attribute::StackMapTable {
            name_index,
            frames: vec![StackFrame::FullFrame {
                frame_type: 255,
                offset_delta: to16(handler_at)?,
                locals: vec![],
                stack: vec![VerificationType::Object { cpool_index: t }],
            }],
        });
    }
    let new_stack = max_stack
        .checked_add(8)
        .ok_or_else(|| "max_stack overflow".to_string())?;
    let new_locals = u16::try_from(usize::from(*max_locals) + scratch_used)
        .map_err(|_| "max_locals overflow".to_string())?;
    *attributes = kept;
    *code = new_code;
    *exception_table = exception_table_new;
    *max_stack = new_stack;
    *max_locals = new_locals;
    Ok(numbered)
}

fn delta(prev: Option<usize>, at: usize) -> Result<u16, String> {
    let d = match prev {
        None => at,
        Some(p) => at
            .checked_sub(p + 1)
            .ok_or_else(|| "stack map frames out of order".to_string())?,
    };
    u16::try_from(d).map_err(|_| "frame delta too large".to_string())
}

fn reframe(
    f: &StackFrame,
    d: u16,
    vt: &dyn Fn(&VerificationType) -> Result<VerificationType, String>,
) -> Result<StackFrame, String> {
    let map = |v: &[VerificationType]| -> Result<Vec<VerificationType>, String> {
        v.iter().map(vt).collect()
    };
    Ok(match f {
        StackFrame::SameFrame { .. } | StackFrame::SameFrameExtended { .. } => {
            if d <= 63 {
                StackFrame::SameFrame {
                    frame_type: d as u8,
                }
            } else {
                StackFrame::SameFrameExtended {
                    frame_type: 251,
                    offset_delta: d,
                }
            }
        }
        StackFrame::SameLocals1StackItemFrame { stack, .. }
        | StackFrame::SameLocals1StackItemFrameExtended { stack, .. } => {
            if d <= 63 {
                StackFrame::SameLocals1StackItemFrame {
                    frame_type: 64 + d as u8,
                    stack: map(stack)?,
                }
            } else {
                StackFrame::SameLocals1StackItemFrameExtended {
                    frame_type: 247,
                    offset_delta: d,
                    stack: map(stack)?,
                }
            }
        }
        StackFrame::ChopFrame { frame_type, .. } => StackFrame::ChopFrame {
            frame_type: *frame_type,
            offset_delta: d,
        },
        StackFrame::AppendFrame {
            frame_type, locals, ..
        } => StackFrame::AppendFrame {
            frame_type: *frame_type,
            offset_delta: d,
            locals: map(locals)?,
        },
        StackFrame::FullFrame {
            frame_type,
            locals,
            stack,
            ..
        } => StackFrame::FullFrame {
            frame_type: *frame_type,
            offset_delta: d,
            locals: map(locals)?,
            stack: map(stack)?,
        },
    })
}

//! The bytecode side of jvm-blow: a copy of the user's jar with calls into
//! `decisionprof.BlowRt` for exactly the events a [`Spec`] needs, inserted by [`jvm_bytecode::splice`].
//!
//! * **Allocations** of tracked classes: after the constructor call that completes a `new`
//!   (arrays at once) `dup; ldc "File.java:line new TYPE"; invokestatic alloc`.
//! * **Reads** (when the spec needs reads): `read(this)` first in every instance method other than
//!   a constructor (so `this.f` needs no probe of its own), `read(o)` before `getfield` on other
//!   objects, `readAt(array, index)` before array loads, and for calls on objects of classes
//!   outside the jar (the JDK's collections, whose code is not rewritten): `readAt(list, i)` for
//!   `get(int)`, `readAll(c)` for calls that scan the whole container (`iterator`, `contains`, …),
//!   `write(c)` for calls that change it (`add`, `put`, `clear`, …), `read(c)` otherwise.
//! * **Writes**: `write(o)` before `putfield` and array stores.
//! * **Method events** (`enter NAME` / `exit NAME`, the name's index `m` in [`Needs::methods`]):
//!   in an instance method of a jar class with that name `enter(this, m)` first and `exit(this, m)`
//!   before every return and in a catch-all handler that rethrows; a call to a method with that
//!   name on a receiver outside the jar (the JDK's own code is not rewritten) gets `enter` before
//!   and `exit` after it, the receiver parked in a scratch local.
//! * In a constructor nothing is reported before its `super(…)`/`this(…)` call (the object under
//!   construction cannot be passed), except allocations completed there.
//!
//! Every insertion is stack-neutral and holds no branch target, so stack-map frames only move.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use ristretto_classfile::attributes::{Instruction, VerificationType};
use ristretto_classfile::{ClassFile, ConstantPool};

use super::spec::{Needs, Spec};
use jvm_bytecode::classfile::{
    class_of, method_names, parse_class, source_file, Jar, MethodCode, Resolved, Ty,
};
use jvm_bytecode::descriptor::{desc_kinds, kwords, load, store, K};
use jvm_bytecode::hierarchy::JarHierarchy;
use jvm_bytecode::invoke::{call_ref, CallRef, HEAP_WRITE_CALLS};
use jvm_bytecode::jar::{by_name, read_classes, rewrite_jar, JarError};
use jvm_bytecode::opcodes::{is_array_load, is_array_store};
use jvm_bytecode::splice::{
    code_parts, frames_name, splice, throwable_class, Body, Handler, Plan, Probes,
};
use jvm_bytecode::write::class_to_bytes;

/// Internal name of the jvm-blow runtime class.
pub const BLOW_RUNTIME_CLASS: &str = "decisionprof/BlowRt";

/// Calls on a foreign container that read every element.
const SCAN_CALLS: &[&str] = &[
    "iterator",
    "listIterator",
    "spliterator",
    "forEach",
    "stream",
    "parallelStream",
    "toArray",
    "contains",
    "containsAll",
    "containsValue",
    "indexOf",
    "lastIndexOf",
    "equals",
    "hashCode",
    "toString",
    "values",
    "entrySet",
    "keySet",
];

/// Calls on a foreign container that change it, beyond [`HEAP_WRITE_CALLS`].
const CHANGE_CALLS: &[&str] = &[
    "clear",
    "remove",
    "removeAll",
    "retainAll",
    "removeIf",
    "addAll",
    "putAll",
    "sort",
    "replaceAll",
    "ensureCapacity",
    "trimToSize",
    "poll",
    "pop",
];

/// What instrumenting a jar for jvm-blow did.
#[derive(Debug, Default, Clone)]
pub struct BlowInstrumented {
    /// Classes rewritten.
    pub classes: usize,
    /// Allocation sites of tracked classes that report to the runtime.
    pub alloc_sites: usize,
    /// Read and write probes inserted.
    pub probes: usize,
    /// Method entry/exit probes inserted (in jar methods and around calls into the JDK).
    pub method_probes: usize,
    /// Classes copied unchanged and methods left out, one line each.
    pub warnings: Vec<String>,
}

/// Writes a copy of the jar at `input` to `output` with the probes `spec` needs.
pub fn instrument_blow_jar(
    input: &Path,
    output: &Path,
    spec: &Spec,
) -> Result<BlowInstrumented, JarError> {
    let mut zip = Jar::open(input)?;
    let read = read_classes(&mut zip)?;
    let hierarchy = JarHierarchy::new(&read.shapes);
    let known = by_name(&read.classes);
    let needs = spec.needs();
    let mut out = BlowInstrumented::default();
    let warnings = rewrite_jar(
        output,
        &mut zip,
        |name| known.get(name).copied(),
        |name, bytes, warnings| {
            let cx = ClassCx {
                spec,
                needs: &needs,
                jar_classes: &read.names,
                hierarchy: &hierarchy,
            };
            instrument_blow_class(name, bytes, &cx, &mut out, warnings)
        },
    )?;
    out.warnings.extend(warnings);
    Ok(out)
}

/// What every class of one jar is instrumented against.
struct ClassCx<'a> {
    spec: &'a Spec,
    needs: &'a Needs,
    jar_classes: &'a BTreeSet<String>,
    hierarchy: &'a JarHierarchy,
}

impl ClassCx<'_> {
    /// Whether `new` of `class` (internal name) makes a tracked object: the spec tracks the
    /// class or a supertype the jar shows (`class History extends ArrayList` is an ArrayList).
    fn tracks_new(&self, class: &str) -> bool {
        self.hierarchy
            .supertypes(class)
            .iter()
            .any(|t| self.spec.tracks(&t.replace('/', ".")))
    }

    /// Whether a call of `name`/`desc` on `owner` runs library code on its receiver: the owner
    /// is outside the jar, or a jar class inherits the method from a library class other than
    /// `Object` (whose methods read no fields of a jar object).
    fn foreign(&self, owner: &str, name: &str, desc: &str) -> bool {
        if !self.jar_classes.contains(owner) {
            return true;
        }
        if self.hierarchy.declares(owner, name, desc) {
            return false;
        }
        self.hierarchy
            .library_superclass(owner)
            .is_some_and(|t| t != "java/lang/Object" && !self.jar_classes.contains(t))
    }
}

/// Constant-pool entries of the runtime calls and site names added to one class.
struct BlowPool<'p, 'a> {
    cp: &'p mut ConstantPool<'a>,
    rt: Option<u16>,
    calls: HashMap<&'static str, u16>,
    strings: HashMap<String, u16>,
    throwable: Option<u16>,
}

impl BlowPool<'_, '_> {
    fn call(&mut self, name: &'static str) -> Result<Instruction, String> {
        if let Some(&i) = self.calls.get(name) {
            return Ok(Instruction::Invokestatic(i));
        }
        let rt = match self.rt {
            Some(rt) => rt,
            None => {
                let rt = self
                    .cp
                    .add_class(BLOW_RUNTIME_CLASS)
                    .map_err(|e| e.to_string())?;
                self.rt = Some(rt);
                rt
            }
        };
        let desc = match name {
            "alloc" => "(Ljava/lang/Object;Ljava/lang/String;)V",
            "readAt" | "enter" | "exit" => "(Ljava/lang/Object;I)V",
            _ => "(Ljava/lang/Object;)V",
        };
        let i = self
            .cp
            .add_method_ref(rt, name, desc)
            .map_err(|e| e.to_string())?;
        self.calls.insert(name, i);
        Ok(Instruction::Invokestatic(i))
    }

    fn throwable(&mut self) -> Result<u16, String> {
        throwable_class(self.cp, &mut self.throwable)
    }

    /// `push m; invokestatic enter|exit`: method event `call` on the object on the stack.
    fn method_call(&mut self, call: &'static str, m: u16) -> Result<Vec<Instruction>, String> {
        let push = match i8::try_from(m) {
            Ok(b) => Instruction::Bipush(b),
            Err(_) => Instruction::Sipush(i16::try_from(m).map_err(|e| e.to_string())?),
        };
        Ok(vec![push, self.call(call)?])
    }

    /// `aload o; push m; invokestatic enter|exit`: method event `call` on local `o`.
    fn method_event(
        &mut self,
        call: &'static str,
        m: u16,
        o: usize,
    ) -> Result<Vec<Instruction>, String> {
        let mut code = vec![load(K::Ref, o)];
        code.extend(self.method_call(call, m)?);
        Ok(code)
    }

    fn string(&mut self, s: &str) -> Result<Instruction, String> {
        let idx = match self.strings.get(s) {
            Some(&i) => i,
            None => {
                let i = self.cp.add_string(s).map_err(|e| e.to_string())?;
                self.strings.insert(s.to_string(), i);
                i
            }
        };
        Ok(match u8::try_from(idx) {
            Ok(b) => Instruction::Ldc(b),
            Err(_) => Instruction::Ldc_w(idx),
        })
    }
}

/// Instruments one class; `Ok(None)` when it needs no probe.
fn instrument_blow_class(
    name: &str,
    bytes: &[u8],
    cx: &ClassCx<'_>,
    out: &mut BlowInstrumented,
    warnings: &mut Vec<String>,
) -> Result<Option<Vec<u8>>, String> {
    let (class, skipped) = parse_class(name, bytes).map_err(|e| e.to_string())?;
    warnings.extend(skipped.iter().map(|e| format!("not instrumented: {e}")));
    let mut cf = ClassFile::from_bytes(bytes).map_err(|e| e.to_string())?;
    let file = source_file(&cf).unwrap_or_else(|| {
        let simple = class.name.rsplit('/').next().unwrap_or(&class.name);
        format!("{}.java", simple.split('$').next().unwrap_or(simple))
    });
    let names = method_names(&cf);
    let mut by_name: HashMap<(&str, &str), &MethodCode> = class
        .methods
        .iter()
        .map(|m| ((m.name.as_str(), m.descriptor.as_str()), m))
        .collect();
    let mut pool = BlowPool {
        cp: &mut cf.constant_pool,
        rt: None,
        calls: HashMap::new(),
        strings: HashMap::new(),
        throwable: None,
    };
    let has_frames = cf.version.major() >= 50;
    let this_class = cf.this_class;
    let mut changed = false;
    for (mi, m) in cf.methods.iter_mut().enumerate() {
        let (mname, mdesc) = &names[mi];
        let Some(mc) = by_name.remove(&(mname.as_str(), mdesc.as_str())) else {
            continue;
        };
        let Some(parts) = code_parts(m) else {
            continue;
        };
        if *parts.code != mc.code {
            return Err(format!(
                "{}: code differs from its parse",
                mc.display_name()
            ));
        }
        let mut planner = Planner {
            cx,
            mc,
            file: &file,
            pool: &mut pool,
            scratch: usize::from(*parts.max_locals),
            stats: (0, 0),
            method_probes: 0,
            this_class,
        };
        let (plan, scratch_used) = match planner.plan() {
            Ok(p) => p,
            Err(e) => {
                warnings.push(format!(
                    "method left uninstrumented: {}: {e}",
                    mc.display_name()
                ));
                continue;
            }
        };
        let (sites, probes) = planner.stats;
        let method_probes = planner.method_probes;
        if sites + probes == 0 && plan.prologue.is_empty() {
            continue;
        }
        let frames_name = frames_name(
            pool.cp,
            has_frames && plan.handler.is_some(),
            parts.attributes,
        )?;
        let new_stack = parts.max_stack.checked_add(4).ok_or("max_stack overflow")?;
        let new_locals = u16::try_from(usize::from(*parts.max_locals) + scratch_used)
            .map_err(|_| "max_locals overflow".to_string())?;
        let body = Body {
            code: parts.code,
            exception_table: parts.exception_table,
            attributes: parts.attributes,
        };
        if let Err(e) = splice(plan, body, frames_name, &mc.display_name()) {
            warnings.push(format!(
                "method left uninstrumented: {}: {e}",
                mc.display_name()
            ));
            continue;
        }
        *parts.max_stack = new_stack;
        *parts.max_locals = new_locals;
        out.alloc_sites += sites;
        out.method_probes += method_probes;
        out.probes += probes + usize::from(!mc.is_static && mc.name != "<init>");
        changed = true;
    }
    if !changed {
        return Ok(None);
    }
    let bytes = class_to_bytes(&cf).map_err(|e| e.to_string())?;
    parse_class(name, &bytes).map_err(|e| format!("re-parse failed: {e}"))?;
    out.classes += 1;
    Ok(Some(bytes))
}

/// Plans the probes of one method.
struct Planner<'p, 'c, 'a, 'cp> {
    cx: &'c ClassCx<'a>,
    mc: &'c MethodCode,
    file: &'c str,
    pool: &'p mut BlowPool<'cp, 'a>,
    /// First free local slot.
    scratch: usize,
    /// Allocation sites and read/write probes planned.
    stats: (usize, usize),
    /// Method entry/exit probes planned.
    method_probes: usize,
    /// Constant-pool index of the class itself (the type of `this`).
    this_class: u16,
}

impl Planner<'_, '_, '_, '_> {
    /// The plan and the scratch locals it needs.
    fn plan(&mut self) -> Result<(Plan, usize), String> {
        let n = self.mc.code.len();
        let mut groups = vec![Probes::default(); n];
        let (completions, super_idx) = completions(self.mc, self.pool.cp);
        for (j, a) in completions {
            self.plan_alloc(a, &mut groups[j])?;
        }
        let mut prologue = Vec::new();
        let reads = self.cx.needs.field_reads;
        if reads && !self.mc.is_static && self.mc.name != "<init>" {
            prologue.push(Instruction::Aload_0);
            prologue.push(self.pool.call("read")?);
        }
        let handler = self.plan_method_events(&mut prologue, &mut groups)?;
        let mut scratch_used = 0;
        for (i, g) in groups.iter_mut().enumerate() {
            if super_idx.is_some_and(|s| i <= s) {
                continue;
            }
            scratch_used = scratch_used.max(self.plan_access(i, g)?);
        }
        let plan = Plan {
            entry_switch: None,
            prologue,
            groups,
            handler,
        };
        Ok((plan, scratch_used))
    }

    /// `enter(this, m)` first, `exit(this, m)` before every return and in a catch-all handler
    /// that rethrows, when the spec observes this instance method's name.
    fn plan_method_events(
        &mut self,
        prologue: &mut Vec<Instruction>,
        groups: &mut [Probes],
    ) -> Result<Option<Handler>, String> {
        use Instruction as I;
        let mc = self.mc;
        if mc.is_static || mc.name.starts_with('<') {
            return Ok(None);
        }
        let Some(m) = method_index(self.cx.needs, &mc.name) else {
            return Ok(None);
        };
        // `this` must stay in local 0 for the exit probes to name it
        if mc
            .code
            .iter()
            .any(|i| matches!(i, I::Astore_0 | I::Astore(0) | I::Astore_w(0)))
        {
            return Err("local 0 (`this`) is overwritten, so no exit could name it".into());
        }
        prologue.extend(self.pool.method_event("enter", m, 0)?);
        let returns = mc.code.iter().enumerate().filter(|(_, i)| {
            matches!(
                i,
                I::Return | I::Ireturn | I::Lreturn | I::Freturn | I::Dreturn | I::Areturn
            )
        });
        for (i, _) in returns {
            groups[i].pre.extend(self.pool.method_event("exit", m, 0)?);
            self.method_probes += 1;
        }
        let mut code = self.pool.method_event("exit", m, 0)?;
        code.push(I::Athrow);
        self.method_probes += 2;
        Ok(Some(Handler {
            from: 0,
            code,
            throwable: self.pool.throwable()?,
            locals: vec![VerificationType::Object {
                cpool_index: self.this_class,
            }],
        }))
    }

    /// `alloc` in `g` (the group completing the allocation at `a`), if its type is tracked.
    fn plan_alloc(&mut self, a: usize, g: &mut Probes) -> Result<(), String> {
        let ty = allocated_class(self.pool.cp, &self.mc.code[a]);
        let tracked = match &self.mc.code[a] {
            Instruction::New(c) => self.cx.tracks_new(&class_of(self.pool.cp, *c)),
            _ => self.cx.spec.tracks(&ty),
        };
        if !tracked {
            return Ok(());
        }
        let line = self.mc.lines.get(a).copied().flatten();
        let site = match line {
            Some(l) => format!("{}:{l} new {ty}", self.file),
            None => format!(
                "{}.{} new {ty}",
                self.mc.class.replace('/', "."),
                self.mc.name
            ),
        };
        g.post.push(Instruction::Dup);
        g.post.push(self.pool.string(&site)?);
        g.post.push(self.pool.call("alloc")?);
        self.stats.0 += 1;
        Ok(())
    }

    /// Read and write probes of instruction `i`; returns the scratch locals they need.
    fn plan_access(&mut self, i: usize, g: &mut Probes) -> Result<usize, String> {
        use Instruction as I;
        let needs = self.cx.needs;
        let insn = &self.mc.code[i];
        let before = g.pre.len();
        let mut used = 0;
        match insn {
            I::Getfield(_) if needs.field_reads && !self.on_this(i) => {
                g.pre.push(I::Dup);
                g.pre.push(self.pool.call("read")?);
            }
            I::Putfield(_) if needs.field_writes => {
                let wide = self.mc.resolved[i] == Resolved::Value(Ty::Prim2);
                let (before_call, after_call) = match wide {
                    true => (&[I::Dup2_x1, I::Pop2, I::Dup][..], &[I::Dup_x2, I::Pop][..]),
                    false => (&[I::Swap, I::Dup][..], &[I::Swap][..]),
                };
                g.pre.extend_from_slice(before_call);
                g.pre.push(self.pool.call("write")?);
                g.pre.extend_from_slice(after_call);
            }
            _ if is_array_load(insn) && needs.array_reads => {
                g.pre.push(I::Dup2);
                g.pre.push(self.pool.call("readAt")?);
            }
            _ if is_array_store(insn) && needs.array_writes => {
                used = self.plan_array_store(insn, g)?;
            }
            I::Invokevirtual(_) | I::Invokeinterface(..)
                if needs.field_reads || needs.containers || !needs.methods.is_empty() =>
            {
                used = self.plan_foreign_call(i, g)?;
            }
            _ => {}
        }
        if g.pre.len() > before {
            self.stats.1 += 1;
        }
        Ok(used)
    }

    /// Whether the object operand of the field read at `i` is `this` (loaded just before it).
    fn on_this(&self, i: usize) -> bool {
        !self.mc.is_static
            && self.mc.name != "<init>"
            && i > 0
            && matches!(self.mc.code[i - 1], Instruction::Aload_0)
    }

    /// `write(array)` before an array store: value and index wait in scratch locals.
    fn plan_array_store(&mut self, insn: &Instruction, g: &mut Probes) -> Result<usize, String> {
        use Instruction as I;
        let k = match insn {
            I::Aastore => K::Ref,
            I::Fastore => K::Float,
            I::Lastore => K::Long,
            I::Dastore => K::Double,
            _ => K::Int,
        };
        let (vs, is) = (self.scratch, self.scratch + kwords(k));
        g.pre.push(store(k, vs));
        g.pre.push(store(K::Int, is));
        g.pre.push(I::Dup);
        g.pre.push(self.pool.call("write")?);
        g.pre.push(load(K::Int, is));
        g.pre.push(load(k, vs));
        Ok(kwords(k) + 1)
    }

    /// The receiver of a call into a class outside the jar is read, scanned or written, and the
    /// call is reported as a method event when the spec observes its name.
    fn plan_foreign_call(&mut self, i: usize, g: &mut Probes) -> Result<usize, String> {
        use Instruction as I;
        let idx = match &self.mc.code[i] {
            I::Invokevirtual(x) | I::Invokeinterface(x, _) => *x,
            _ => return Ok(0),
        };
        let Some(c) = call_ref(self.pool.cp, idx) else {
            return Ok(0);
        };
        if !self.cx.foreign(&c.owner, &c.name, &c.desc) || c.owner.starts_with('[') {
            return Ok(0);
        }
        let Some((args, _)) = desc_kinds(&c.desc) else {
            return Ok(0);
        };
        // each entry consumes one copy of the receiver
        let mut uses: Vec<Vec<Instruction>> = Vec::new();
        if self.cx.needs.containers && c.name == "get" && args == [K::Int] {
            g.pre.push(I::Dup2);
            g.pre.push(self.pool.call("readAt")?);
        } else {
            let what = call_kind(&c, self.cx.needs.containers);
            if what == "readAll" || self.cx.needs.field_reads {
                uses.push(vec![self.pool.call(what)?]);
            }
        }
        let mut extra = 0;
        if let Some(m) = method_index(self.cx.needs, &c.name) {
            let r = self.scratch + args.iter().map(|&k| kwords(k)).sum::<usize>();
            uses.push(self.pool.method_call("enter", m)?);
            uses.push(vec![store(K::Ref, r)]);
            g.post.extend(self.pool.method_event("exit", m, r)?);
            self.method_probes += 2;
            extra = 1;
        }
        if uses.is_empty() {
            return Ok(0);
        }
        let used = receiver_probe(&args, self.scratch, &uses, g);
        Ok(used.max(args.iter().map(|&k| kwords(k)).sum::<usize>()) + extra)
    }
}

/// The index of a method name among the names the spec observes (`enter`/`exit` events).
fn method_index(needs: &Needs, name: &str) -> Option<u16> {
    let m = needs.methods.iter().position(|n| n == name)?;
    u16::try_from(m).ok()
}

/// Which runtime call a call on a foreign receiver reports.
fn call_kind(c: &CallRef, containers: bool) -> &'static str {
    let name = c.name.as_str();
    if HEAP_WRITE_CALLS.contains(&name) || CHANGE_CALLS.contains(&name) {
        "write"
    } else if containers && SCAN_CALLS.contains(&name) {
        "readAll"
    } else {
        "read"
    }
}

/// Code before a call that hands a copy of its receiver to each of `uses`, the arguments parked
/// in scratch locals from `scratch` on; returns the locals used.
fn receiver_probe(args: &[K], scratch: usize, uses: &[Vec<Instruction>], g: &mut Probes) -> usize {
    use Instruction as I;
    let copies = |g: &mut Probes| {
        for u in uses {
            g.pre.push(I::Dup);
            g.pre.extend(u.iter().cloned());
        }
    };
    match args {
        [] => {
            copies(g);
            0
        }
        [k] if kwords(*k) == 1 => {
            g.pre.push(I::Swap);
            copies(g);
            g.pre.push(I::Swap);
            0
        }
        _ => {
            let mut slots = Vec::with_capacity(args.len());
            let mut s = scratch;
            for &k in args {
                slots.push(s);
                s += kwords(k);
            }
            for (k, &sl) in args.iter().zip(&slots).rev() {
                g.pre.push(store(*k, sl));
            }
            copies(g);
            for (k, &sl) in args.iter().zip(&slots) {
                g.pre.push(load(*k, sl));
            }
            s - scratch
        }
    }
}

/// The binary name of what an allocating instruction creates (`java.util.ArrayList`, `long[]`).
fn allocated_class(cp: &ConstantPool<'_>, insn: &Instruction) -> String {
    use Instruction as I;
    match insn {
        I::New(c) => class_of(cp, *c).replace('/', "."),
        I::Anewarray(c) => format!("{}[]", array_elem(&class_of(cp, *c))),
        I::Multianewarray(c, _) => array_elem(&class_of(cp, *c)),
        I::Newarray(t) => format!("{}[]", format!("{t:?}").to_lowercase()),
        _ => "?".into(),
    }
}

/// A class name or array descriptor as Java source writes it (`[[I` → `int[][]`).
fn array_elem(name: &str) -> String {
    let dims = name.bytes().take_while(|&b| b == b'[').count();
    let base = &name[dims..];
    let base = match base {
        "I" => "int".to_string(),
        "J" => "long".to_string(),
        "D" => "double".to_string(),
        "F" => "float".to_string(),
        "Z" => "boolean".to_string(),
        "B" => "byte".to_string(),
        "C" => "char".to_string(),
        "S" => "short".to_string(),
        b if dims > 0 => b
            .trim_start_matches('L')
            .trim_end_matches(';')
            .replace('/', "."),
        b => b.replace('/', "."),
    };
    format!("{base}{}", "[]".repeat(dims))
}

/// Where allocations complete, as `(instruction after which the object is ready, allocating
/// instruction)`, and in a constructor the index of its `super(…)`/`this(…)` call. A `new` is
/// matched to its constructor call by nesting: javac emits `new C; dup; args…; invokespecial
/// C.<init>` with nested allocations completed first.
fn completions(mc: &MethodCode, cp: &ConstantPool<'_>) -> (Vec<(usize, usize)>, Option<usize>) {
    use Instruction as I;
    let mut out = Vec::new();
    let mut pending: Vec<(usize, bool)> = Vec::new();
    let mut super_idx = None;
    for (i, insn) in mc.code.iter().enumerate() {
        match insn {
            I::New(_) => pending.push((i, matches!(mc.code.get(i + 1), Some(I::Dup)))),
            I::Invokespecial(x) if call_ref(cp, *x).is_some_and(|c| c.name == "<init>") => {
                match pending.pop() {
                    Some((a, true)) => out.push((i, a)),
                    Some((_, false)) => {}
                    None if mc.name == "<init>" && super_idx.is_none() => super_idx = Some(i),
                    None => {}
                }
            }
            I::Newarray(_) | I::Anewarray(_) | I::Multianewarray(..) => out.push((i, i)),
            _ => {}
        }
    }
    (out, super_idx)
}

#[cfg(test)]
mod tests {
    use super::array_elem;

    #[test]
    fn array_names_read_as_java_source() {
        assert_eq!(array_elem("[[I"), "int[][]");
        assert_eq!(array_elem("[Ljava/lang/String;"), "java.lang.String[]");
        assert_eq!(array_elem("java/lang/String"), "java.lang.String");
    }
}

//! Interprocedural summaries of code outside the profiled jar (Algorithm 5 applied to the JDK and
//! the classpath jars): for a method and one of its reference parameters, whether the method uses
//! the object, stores it into the heap, returns it, or loses it where no summary follows
//! (native code, a call whose target cannot be read, a throw, a depth or cycle cut-off).
//!
//! Each summary is computed from the method's class file with the same CFG and def-use analysis
//! as the jar's own methods, and operands are read through [`jvm_bytecode::roles::operand_role`], the
//! function reconstruction uses. Calls on the parameter are uses; arguments follow the callee's
//! summary; a callee that returns the parameter hands the object back, and the result is followed
//! in the caller. Choices:
//!
//! * dispatch: a call whose target is exact (static, special, private, final, a final class, or a
//!   receiver whose class is known) trusts the whole summary; a virtual call resolved in its
//!   declared class trusts only a use (an override elsewhere may do anything else);
//! * cycles and chains deeper than [`MAX_DEPTH`] are unknown, never optimistic;
//! * `invokedynamic` string concatenation uses its arguments (it calls `toString`); any other
//!   call site (a lambda capturing the object) keeps it where its use is unknown.

mod library;

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::path::Path;
use std::sync::Arc;

use graph::flow::CallEffect;
use ristretto_classfile::attributes::Instruction;
use ristretto_classfile::MethodAccessFlags;

use jvm_bytecode::cfg::Cfg;
use jvm_bytecode::defuse::{DefKind, DefUse};
use jvm_bytecode::invoke::CallRef;
use jvm_bytecode::jdk::JdkError;
use jvm_bytecode::layout::instance_bytes;
use jvm_bytecode::roles::{operand_role, Role, INDY_OWNER};

pub use library::{LibClass, LibMethod, Library, JDK_MODULES};

/// Calls deeper than this are not followed (unknown).
pub const MAX_DEPTH: usize = 16;

/// Summaries computed per query before the rest is unknown (pathological call graphs).
const BUDGET: usize = 20_000;

/// How a call reaches its target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Dispatch {
    /// `invokestatic`/`invokespecial`: the named method.
    Exact,
    /// `invokevirtual`/`invokeinterface`, with the receiver's class where it is known.
    Virtual {
        /// The receiver's exact class (internal name), if known.
        receiver: Option<String>,
    },
}

impl Dispatch {
    /// How the invoke instruction `insn` dispatches (its receiver's class not known).
    pub fn of(insn: &Instruction) -> Dispatch {
        match insn {
            Instruction::Invokestatic(_) | Instruction::Invokespecial(_) => Dispatch::Exact,
            _ => Dispatch::Virtual { receiver: None },
        }
    }

    /// Whether the target is the named method (no dynamic dispatch).
    pub fn is_exact(&self) -> bool {
        *self == Dispatch::Exact
    }
}

/// What an `invokedynamic` call site named `name` does with its arguments: string
/// concatenation (`makeConcatWithConstants`) calls their `toString`, any other call site (a
/// lambda capturing them) keeps them.
pub fn indy_effect(name: &str) -> CallEffect {
    if name == "makeConcatWithConstants" {
        used()
    } else {
        CallEffect {
            stored: true,
            ..CallEffect::default()
        }
    }
}

/// `(class, method, descriptor, parameter)`.
type Key = (String, String, String, usize);

/// A method's CFG and def-use relation, or `None` where its code cannot be analysed.
type MethodFlow = Option<Arc<(Cfg, DefUse)>>;

/// Summaries over a [`Library`], computed on demand and memoized.
pub struct Summaries {
    lib: Library,
    memo: HashMap<Key, CallEffect>,
    flows: HashMap<(String, String, String), MethodFlow>,
    active: HashSet<Key>,
    cuts: usize,
    spent: usize,
}

fn unknown() -> CallEffect {
    CallEffect {
        unknown: true,
        ..CallEffect::default()
    }
}

/// What a native method whose behaviour is documented does with its reference parameters:
/// `System.arraycopy` reads the source's elements and writes the destination's, keeping
/// neither array.
fn known_native(class: &str, name: &str) -> Option<CallEffect> {
    (class == "java/lang/System" && name == "arraycopy").then(used)
}

fn used() -> CallEffect {
    CallEffect {
        used: true,
        ..CallEffect::default()
    }
}

impl Summaries {
    /// Summaries of the classes in `lib`.
    pub fn new(lib: Library) -> Summaries {
        Summaries {
            lib,
            memo: HashMap::default(),
            flows: HashMap::default(),
            active: HashSet::default(),
            cuts: 0,
            spent: 0,
        }
    }

    /// Summaries of the running JDK, `jar` itself (for class layouts), the jars on `classpath`
    /// (`:`-separated) and those the manifest of `jar` names.
    pub fn for_jar(jar: &Path, classpath: Option<&str>) -> Result<Summaries, JdkError> {
        Ok(Summaries::new(Library::for_jar(jar, classpath)?))
    }

    /// No summaries: every call outside the jar is unknown.
    pub fn none() -> Summaries {
        Summaries::new(Library::empty())
    }

    /// [`Summaries::for_jar`] for the verdicts of a run; without them (no JDK image could be
    /// read) every call into the JDK stays "use unknown", with a warning in `warnings`.
    pub fn for_jar_or_none(
        jar: &Path,
        classpath: Option<&str>,
        warnings: &mut Vec<String>,
    ) -> Summaries {
        Summaries::for_jar(jar, classpath).unwrap_or_else(|e| {
            warnings.push(format!("no summaries of library code: {e}"));
            Summaries::none()
        })
    }

    /// Estimated bytes of an instance of `class` (internal name) from its and its superclasses'
    /// fields; `None` when a class file in the chain is missing.
    pub fn instance_bytes(&mut self, class: &str) -> Option<u64> {
        let mut fields = Vec::new();
        let mut at = Some(class.to_string());
        while let Some(c) = at {
            let lc = self.lib.class(&c)?;
            fields.extend(lc.fields.iter().cloned());
            at = lc.super_name.clone();
        }
        Some(instance_bytes(fields.iter().map(String::as_str)))
    }

    /// What the method `call` reaches does with its parameter `param` (`this` is 0); `None`
    /// when its class file is not available.
    pub fn effect(
        &mut self,
        call: &CallRef,
        param: usize,
        dispatch: &Dispatch,
    ) -> Option<CallEffect> {
        if call.owner == INDY_OWNER {
            return Some(indy_effect(&call.name));
        }
        if self.lib.is_empty() {
            return None;
        }
        self.spent = 0;
        self.call_effect(call, param, dispatch, 0)
    }

    fn call_effect(
        &mut self,
        call: &CallRef,
        param: usize,
        dispatch: &Dispatch,
        depth: usize,
    ) -> Option<CallEffect> {
        let start = match dispatch {
            Dispatch::Virtual {
                receiver: Some(r), ..
            } if !r.starts_with('[') => r.clone(),
            _ => call.owner.clone(),
        };
        let (class, mi) = self.resolve(&start, &call.owner, &call.name, &call.desc)?;
        let m = &class.methods[mi];
        let exact = match dispatch {
            Dispatch::Exact => true,
            Dispatch::Virtual { receiver } => {
                receiver.is_some()
                    || m.flags.intersects(
                        MethodAccessFlags::PRIVATE
                            | MethodAccessFlags::FINAL
                            | MethodAccessFlags::STATIC,
                    )
                    || (class.is_final && class.name == start)
            }
        };
        let mut e = self.method_effect(&class, mi, param, depth);
        if !exact && !e.used {
            e.unknown = true;
        }
        Some(e)
    }

    /// The method `name desc` as a call on an object of class `start` finds it: up the
    /// superclass chain, then a default method of the called interface `owner`.
    fn resolve(
        &mut self,
        start: &str,
        owner: &str,
        name: &str,
        desc: &str,
    ) -> Option<(Arc<LibClass>, usize)> {
        let mut at = Some(start.to_string());
        while let Some(c) = at {
            let class = self.lib.class(&c)?;
            if let Some(i) = class
                .methods
                .iter()
                .position(|m| m.name == name && m.desc == desc)
            {
                return Some((class, i));
            }
            at = class.super_name.clone();
        }
        let class = self.lib.class(owner)?;
        let i = class
            .methods
            .iter()
            .position(|m| m.name == name && m.desc == desc && m.code.is_some())?;
        Some((class, i))
    }

    fn method_effect(
        &mut self,
        class: &Arc<LibClass>,
        mi: usize,
        param: usize,
        depth: usize,
    ) -> CallEffect {
        let m = &class.methods[mi];
        let key: Key = (class.name.clone(), m.name.clone(), m.desc.clone(), param);
        if let Some(e) = self.memo.get(&key) {
            return *e;
        }
        self.spent += 1;
        if depth > MAX_DEPTH || self.spent > BUDGET || !self.active.insert(key.clone()) {
            self.cuts += 1;
            return unknown();
        }
        let cuts = self.cuts;
        let e = self.analyse(class, mi, param, depth);
        self.active.remove(&key);
        if self.cuts == cuts {
            self.memo.insert(key, e);
        }
        e
    }

    fn flow(&mut self, class: &LibClass, mi: usize) -> MethodFlow {
        let m = &class.methods[mi];
        let key = (class.name.clone(), m.name.clone(), m.desc.clone());
        if let Some(f) = self.flows.get(&key) {
            return f.clone();
        }
        let f = m.code.as_ref().and_then(|code| {
            let cfg = Cfg::build(code).ok()?;
            let du = DefUse::compute(code, &cfg).ok()?;
            Some(Arc::new((cfg, du)))
        });
        self.flows.insert(key, f.clone());
        f
    }

    /// The summary of parameter `param` of one method from its code.
    fn analyse(
        &mut self,
        class: &Arc<LibClass>,
        mi: usize,
        param: usize,
        depth: usize,
    ) -> CallEffect {
        let m = &class.methods[mi];
        if let Some(e) = known_native(&class.name, &m.name) {
            return e;
        }
        if m.flags
            .intersects(MethodAccessFlags::NATIVE | MethodAccessFlags::ABSTRACT)
        {
            return unknown();
        }
        let (Some(code), Some(flow)) = (m.code.as_ref(), self.flow(class, mi)) else {
            return unknown();
        };
        let du = &flow.1;
        let Some(pd) = du.defs.iter().position(|d| d.kind == DefKind::Param(param)) else {
            return CallEffect::default();
        };
        let mut may = du.may_hold(pd as u32);
        let mut effect = CallEffect::default();
        let mut followed = HashSet::default();
        let mut changed = true;
        while changed && !effect.used {
            changed = false;
            for i in 0..code.code.len() {
                for (op, ds) in du.operands[i].iter().enumerate() {
                    if !ds.iter().any(|&d| may[d as usize]) {
                        continue;
                    }
                    let callee = m.calls.get(&i);
                    let e = match operand_role(&code.code[i], &code.resolved[i], op, callee) {
                        Role::Use => used(),
                        Role::HeapWrite => CallEffect {
                            stored: true,
                            ..CallEffect::default()
                        },
                        Role::Return => CallEffect {
                            returned: true,
                            ..CallEffect::default()
                        },
                        Role::Throw => unknown(),
                        Role::Assign | Role::CtorReceiver | Role::Other => continue,
                        Role::Indy => indy_effect(m.indy.get(&i).map_or("", String::as_str)),
                        Role::Arg { param: p, .. } => {
                            let Some(c) = callee else {
                                effect.join(unknown());
                                continue;
                            };
                            let mut e = self
                                .call_effect(c, p, &Dispatch::of(&code.code[i]), depth + 1)
                                .unwrap_or_else(unknown);
                            if e.returned {
                                // handed back: follow the call's result here
                                e.returned = false;
                                if let Some(r) = du.def_of_insn[i] {
                                    if followed.insert(r) {
                                        for (d, h) in du.may_hold(r).into_iter().enumerate() {
                                            if h && !may[d] {
                                                may[d] = true;
                                                changed = true;
                                            }
                                        }
                                    }
                                }
                            }
                            e
                        }
                    };
                    effect.join(e);
                }
            }
        }
        effect
    }
}

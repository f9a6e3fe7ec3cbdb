//! Where a reference a method of the jar returns goes in the jar methods that call it (a
//! returned object is traced into its callers, not counted as escaping): a static pass over
//! every call site's result, through local copies, with the operand roles reconstruction uses.
//! A result the caller stores, throws, returns from a method whose callers let it escape, or
//! hands to code whose summary may keep it escapes; one passed to a jar method escapes as that
//! parameter's profiled flows do. The calls into code outside the jar that callers hand it to
//! (and "callers outside the jar" where only such code calls the method) are kept with their
//! summaries' effects: places the object may be used.

use std::collections::{BTreeMap, BTreeSet};

use graph::flow::{CallArg, CallEffect, ReturnFlow};

use super::objflow::{library_call, MethodIndex};
use super::sites::{Instrumented, MethodInfo};
use super::summary::{indy_effect, Dispatch, Summaries};
use jvm_bytecode::roles::{operand_role, Role};

/// Whether code outside the jar may keep what it receives (or lose track of it).
fn keeps(e: CallEffect) -> bool {
    e.stored || e.returned || e.unknown
}

/// The flows of the references the methods `wanted` return (and of the methods they return
/// them through), per method id of the jar.
pub fn return_flows(
    inst: &Instrumented,
    index: &MethodIndex<'_>,
    lib: &mut Summaries,
    wanted: &BTreeSet<u32>,
) -> BTreeMap<u32, ReturnFlow> {
    // callers: callee -> (caller, call instruction)
    let mut callers: BTreeMap<u32, Vec<(u32, usize)>> = BTreeMap::new();
    for m in &inst.methods {
        for (&i, c) in &m.calls {
            for callee in index.resolve(c) {
                callers.entry(callee).or_default().push((m.id, i));
            }
        }
    }
    let mut walk = Walk {
        inst,
        index,
        callers: &callers,
        done: BTreeMap::new(),
        active: BTreeSet::new(),
    };
    for &m in wanted {
        walk.active.clear();
        walk.flow_of(lib, m);
    }
    walk.done
}

/// The state of one pass: the jar, its call graph backwards, what is known and what is under way.
struct Walk<'a> {
    inst: &'a Instrumented,
    index: &'a MethodIndex<'a>,
    callers: &'a BTreeMap<u32, Vec<(u32, usize)>>,
    done: BTreeMap<u32, ReturnFlow>,
    active: BTreeSet<u32>,
}

impl Walk<'_> {
    fn flow_of(&mut self, lib: &mut Summaries, method: u32) -> ReturnFlow {
        if let Some(f) = self.done.get(&method) {
            return f.clone();
        }
        let Some(sites) = self.callers.get(&method) else {
            // called from outside the jar (the JDK, reflection, an entry point): what the
            // caller does with the object is not known
            let unseen = ReturnFlow {
                escapes: true,
                params: Vec::new(),
                outside: vec![outside_arg(OUTSIDE_CALLERS.into(), 0, None)],
            };
            self.done.insert(method, unseen.clone());
            return unseen;
        };
        if !self.active.insert(method) {
            // a recursive return chain: not followed
            return ReturnFlow {
                escapes: true,
                ..ReturnFlow::default()
            };
        }
        let mut flow = ReturnFlow::default();
        for &(caller, insn) in sites {
            let f = self.result_flow(lib, caller, insn);
            flow.escapes |= f.escapes;
            flow.params.extend(f.params);
            flow.outside.extend(f.outside);
        }
        self.active.remove(&method);
        if flow.escapes {
            flow.params.clear();
        }
        flow.params.sort();
        flow.params.dedup();
        flow.outside
            .sort_by(|a, b| (&a.callee, a.param).cmp(&(&b.callee, b.param)));
        flow.outside
            .dedup_by(|a, b| a.callee == b.callee && a.param == b.param && a.effect == b.effect);
        self.done.insert(method, flow.clone());
        flow
    }

    /// Where the result of call instruction `insn` of method `caller` goes in it.
    fn result_flow(&mut self, lib: &mut Summaries, caller: u32, insn: usize) -> ReturnFlow {
        let inst = self.inst;
        let m: &MethodInfo = &inst.methods[caller as usize];
        let du = &m.flow.defuse;
        let code = &m.flow.method;
        let mut flow = ReturnFlow::default();
        let Some(d) = du.def_of_insn[insn] else {
            return flow; // the result is not kept
        };
        let may = du.may_hold(d);
        // the instructions that use any definition holding the result
        let users: BTreeSet<usize> = (0..may.len())
            .filter(|&x| may[x])
            .flat_map(|x| du.users[x].iter().copied())
            .collect();
        for i in users {
            for (op, ds) in du.operands[i].iter().enumerate() {
                if !ds.iter().any(|&x| may[x as usize]) {
                    continue;
                }
                let callee = m.calls.get(&i);
                match operand_role(&code.code[i], &code.resolved[i], op, callee) {
                    Role::HeapWrite | Role::Throw => flow.escapes = true,
                    Role::Indy => {
                        let name = m.indy.get(&i).map_or("", String::as_str);
                        let e = indy_effect(name);
                        flow.escapes |= keeps(e);
                        let callee = format!("invokedynamic {name}");
                        flow.outside.push(outside_arg(callee, 0, Some(e)));
                    }
                    Role::Return => {
                        let up = self.flow_of(lib, m.id);
                        flow.escapes |= up.escapes;
                        flow.params.extend(up.params);
                        flow.outside.extend(up.outside);
                    }
                    Role::Arg { param, .. } => {
                        let Some(c) = callee else {
                            flow.escapes = true;
                            continue;
                        };
                        let targets = self.index.resolve(c);
                        if targets.is_empty() {
                            let call = library_call(&inst.hierarchy, c);
                            let e = lib.effect(&call, param, &Dispatch::of(&code.code[i]));
                            flow.escapes |= e.is_none_or(keeps);
                            let callee = format!("{}.{}", c.owner.replace('/', "."), c.name);
                            flow.outside.push(outside_arg(callee, param, e));
                        } else {
                            flow.params.extend(targets.into_iter().map(|t| (t, param)));
                        }
                    }
                    Role::Use | Role::Assign | Role::CtorReceiver | Role::Other => {}
                }
            }
        }
        flow
    }
}

/// How reports name the callers of a method that only code outside the jar calls.
const OUTSIDE_CALLERS: &str = "callers outside the jar";

/// A call into code outside the jar that receives a returned object.
fn outside_arg(callee: String, param: usize, effect: Option<CallEffect>) -> CallArg {
    CallArg {
        callee,
        callees: Vec::new(),
        param,
        // which argument the object is does not change what is done with it there
        receiver: false,
        effect,
    }
}

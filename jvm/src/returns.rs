//! Where a reference a method of the jar returns goes in the jar methods that call it (a
//! returned object is traced into its callers, not counted as escaping): a static pass over
//! every call site's result, through local copies, with the operand roles reconstruction uses.
//! A result the caller stores, throws, returns from a method whose callers let it escape, or
//! hands to code whose summary may keep it escapes; one passed to a jar method escapes as that
//! parameter's profiled flows do.

use std::collections::{BTreeMap, BTreeSet};

use graph::flow::ReturnFlow;
use ristretto_classfile::attributes::Instruction;

use super::instrument::{Instrumented, MethodInfo};
use super::objflow::{operand_role, resolve, Role};
use super::summary::{Dispatch, Summaries};

/// The call-site name of `invokedynamic` string concatenation.
const CONCAT: &str = "makeConcatWithConstants";

/// The flows of returned references, per method id of the jar.
pub fn return_flows(inst: &Instrumented, lib: &mut Summaries) -> BTreeMap<u32, ReturnFlow> {
    // callers: callee -> (caller, call instruction)
    let mut callers: BTreeMap<u32, Vec<(u32, usize)>> = BTreeMap::new();
    for m in &inst.methods {
        for (&i, c) in &m.calls {
            for callee in resolve(inst, c) {
                callers.entry(callee).or_default().push((m.id, i));
            }
        }
    }
    let mut done: BTreeMap<u32, ReturnFlow> = BTreeMap::new();
    for m in &inst.methods {
        let ret = m.flow.method.descriptor.rsplit(')').next().unwrap_or("");
        if ret.starts_with('L') || ret.starts_with('[') {
            let mut active = BTreeSet::new();
            flow_of(inst, lib, &callers, m.id, &mut done, &mut active);
        }
    }
    done
}

fn flow_of(
    inst: &Instrumented,
    lib: &mut Summaries,
    callers: &BTreeMap<u32, Vec<(u32, usize)>>,
    method: u32,
    done: &mut BTreeMap<u32, ReturnFlow>,
    active: &mut BTreeSet<u32>,
) -> ReturnFlow {
    if let Some(f) = done.get(&method) {
        return f.clone();
    }
    let escaping = ReturnFlow {
        escapes: true,
        params: Vec::new(),
    };
    let Some(sites) = callers.get(&method) else {
        // called from outside the jar (the JDK, reflection, an entry point)
        done.insert(method, escaping.clone());
        return escaping;
    };
    if !active.insert(method) {
        return escaping; // a recursive return chain: not followed
    }
    let mut flow = ReturnFlow::default();
    for &(caller, insn) in sites {
        let m = &inst.methods[caller as usize];
        let f = result_flow(inst, lib, callers, m, insn, done, active);
        flow.escapes |= f.escapes;
        flow.params.extend(f.params);
        if flow.escapes {
            break;
        }
    }
    active.remove(&method);
    if flow.escapes {
        flow.params.clear();
    }
    flow.params.sort();
    flow.params.dedup();
    done.insert(method, flow.clone());
    flow
}

/// Where the result of call instruction `insn` of `m` goes in `m`.
fn result_flow(
    inst: &Instrumented,
    lib: &mut Summaries,
    callers: &BTreeMap<u32, Vec<(u32, usize)>>,
    m: &MethodInfo,
    insn: usize,
    done: &mut BTreeMap<u32, ReturnFlow>,
    active: &mut BTreeSet<u32>,
) -> ReturnFlow {
    let du = &m.flow.defuse;
    let code = &m.flow.method;
    let mut flow = ReturnFlow::default();
    let Some(d) = du.def_of_insn[insn] else {
        return flow; // the result is not kept
    };
    let may = du.may_hold(d);
    for i in 0..code.code.len() {
        for (op, ds) in du.operands[i].iter().enumerate() {
            if !ds.iter().any(|&x| may[x as usize]) {
                continue;
            }
            let callee = m.calls.get(&i);
            match operand_role(&code.code[i], &code.resolved[i], op, callee) {
                Role::HeapWrite | Role::Throw => flow.escapes = true,
                // string concatenation only reads it; a lambda capturing it keeps it
                Role::Indy => {
                    flow.escapes |= m.indy.get(&i).map(String::as_str) != Some(CONCAT);
                }
                Role::Return => {
                    let up = flow_of(inst, lib, callers, m.id, done, active);
                    flow.escapes |= up.escapes;
                    flow.params.extend(up.params);
                }
                Role::Arg { param, .. } => {
                    let Some(c) = callee else {
                        flow.escapes = true;
                        continue;
                    };
                    let targets = resolve(inst, c);
                    if targets.is_empty() {
                        let dispatch = match code.code[i] {
                            Instruction::Invokestatic(_) | Instruction::Invokespecial(_) => {
                                Dispatch::Exact
                            }
                            _ => Dispatch::Virtual { receiver: None },
                        };
                        let e = lib.effect(c, param, &dispatch);
                        flow.escapes |= e.is_none_or(|e| e.stored || e.returned || e.unknown);
                    } else {
                        flow.params.extend(targets.into_iter().map(|t| (t, param)));
                    }
                }
                Role::Use | Role::Assign | Role::CtorReceiver | Role::Other => {}
            }
            if flow.escapes {
                return flow;
            }
        }
    }
    flow
}

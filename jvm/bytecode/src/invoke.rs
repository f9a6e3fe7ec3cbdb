//! Calls as the bytecode names them: the called method of an invoke instruction, the calls and
//! `invokedynamic` call-site names of a method's code, and what known library calls do with
//! their arguments and results (collection writes and reads, boxing).

use std::collections::BTreeMap;

use ristretto_classfile::attributes::Instruction;
use ristretto_classfile::{Constant, ConstantPool};

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

/// Whether a call of `name` on `owner` outside the jar stores its last reference argument in
/// the heap (a collection's `add`, `put`, `set`, …). Reflection's setters are not: `Field.set`
/// unboxes its value into a primitive field or stores it, which only the field's type tells.
pub fn stores_last_argument(owner: &str, name: &str) -> bool {
    HEAP_WRITE_CALLS.contains(&name)
        && !owner.starts_with("java/lang/reflect/")
        && !owner.starts_with("java/lang/invoke/")
}

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

/// Whether a call is a boxing allocation site (see [`crate::classfile::boxing_class`]); the box class
/// if so.
pub fn boxing_class(c: &CallRef) -> Option<&str> {
    crate::classfile::boxing_class(&c.owner, &c.name, &c.desc)
}

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

/// The method an invoke instruction's constant-pool entry `index` names.
pub fn call_ref(cp: &ConstantPool<'_>, index: u16) -> Option<CallRef> {
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

/// The calls of a method's code by instruction index.
pub fn calls_of(code: &[Instruction], cp: &ConstantPool<'_>) -> BTreeMap<usize, CallRef> {
    let mut calls = BTreeMap::new();
    for (i, insn) in code.iter().enumerate() {
        if let Instruction::Invokevirtual(x)
        | Instruction::Invokespecial(x)
        | Instruction::Invokestatic(x)
        | Instruction::Invokeinterface(x, _) = insn
        {
            if let Some(c) = call_ref(cp, *x) {
                calls.insert(i, c);
            }
        }
    }
    calls
}

/// The call-site name of each `invokedynamic` of a method's code.
pub fn indy_names(code: &[Instruction], cp: &ConstantPool<'_>) -> BTreeMap<usize, String> {
    let mut out = BTreeMap::new();
    for (i, insn) in code.iter().enumerate() {
        let Instruction::Invokedynamic(x) = insn else {
            continue;
        };
        if let Ok(Constant::InvokeDynamic {
            name_and_type_index,
            ..
        }) = cp.try_get(*x)
        {
            if let Ok((n, _)) = cp.try_get_name_and_type(*name_and_type_index) {
                if let Ok(s) = cp.try_get_utf8(*n) {
                    out.insert(i, s.to_rust_string());
                }
            }
        }
    }
    out
}

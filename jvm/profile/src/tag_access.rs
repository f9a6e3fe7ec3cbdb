//! Probe gates: small static methods added to tag roots ([`super::tagfield::gate_roots`]) that
//! read an object's tag field in the program's own code and call the runtime only when the probe
//! has work to do. A probe in code of a root's hierarchy on a value statically of a class under
//! the same root ([`gate_root`]) calls the root's gate instead of the runtime: the JIT inlines
//! the gate (at most 35 bytes) into the caller, so an object left out of the sample, or one
//! already known used, costs a field load and a branch instead of a call that C2 must compile
//! around.
//!
//! Each gate skips exactly where the runtime's probe would return at once (`DpRt.use`, `hw`,
//! `hr`), and calls it otherwise, also when the runtime has no `Unsafe` to read tag fields with
//! (`DpRt.FIELDS` false: every object is then in the weak table).

use std::collections::BTreeSet;

use ristretto_classfile::attributes::{Attribute, Instruction, StackFrame};
use ristretto_classfile::{ClassFile, MethodAccessFlags};

use super::runtime::{runtime_descriptor, RUNTIME_CLASS};
use super::tagfield::TAG_FIELD;
use jvm_bytecode::hierarchy::JarHierarchy;

/// The low bits of a tag that hold the allocation slot + 1 (`DpRt.SLOT_MASK`); the used bit
/// (`DpRt.USED`) is bit 30.
const SLOT_BITS: i8 = 26;

/// Which runtime probe a gate stands in front of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Gate {
    /// `DpRt.use(Object)`: skipped for an untagged object and for one already used.
    Use,
    /// `DpRt.hw(Object)`: skipped for an untagged object already marked stored.
    HeapWrite,
    /// `DpRt.hr(Object, int, int)`: skipped for an untagged object.
    HeapRead,
}

/// Every gate, in the order they are added to a root.
pub const GATES: [Gate; 3] = [Gate::Use, Gate::HeapWrite, Gate::HeapRead];

impl Gate {
    /// The gate method's name in the root class.
    pub fn name(self) -> &'static str {
        match self {
            Gate::Use => "__dp$use",
            Gate::HeapWrite => "__dp$hw",
            Gate::HeapRead => "__dp$hr",
        }
    }

    /// The runtime probe it calls.
    pub fn probe(self) -> &'static str {
        match self {
            Gate::Use => "use",
            Gate::HeapWrite => "hw",
            Gate::HeapRead => "hr",
        }
    }

    /// The gate's descriptor in root class `root` (internal name).
    pub fn descriptor(self, root: &str) -> String {
        match self {
            Gate::HeapRead => format!("(L{root};II)V"),
            _ => format!("(L{root};)V"),
        }
    }

    /// Local slots of its parameters (the object, and for heap reads method and instruction).
    fn params(self) -> u16 {
        match self {
            Gate::HeapRead => 3,
            _ => 1,
        }
    }
}

/// The root whose gates code in class `from` calls for a value statically of class `class`:
/// the top of `class`'s chain of the jar's superclasses, if it has gates (`roots`) and is also
/// `from`'s. Code of `from` runs only once `from` and so its root are initialized: a gate call
/// never loads or initializes a class the program has not (as a call on another root would,
/// even for a null value, running its static initializer or failing on a class it names that
/// is missing).
pub fn gate_root<'h>(
    hierarchy: &'h JarHierarchy,
    roots: &BTreeSet<String>,
    from: &str,
    class: &'h str,
) -> Option<&'h str> {
    let top = hierarchy.top(class)?;
    (roots.contains(top) && hierarchy.top(from) == Some(top)).then_some(top)
}

/// Adds the gates to root `cf` (which has its tag field): public static synthetic methods,
/// with frames when the class file version needs them. A root that already has them (a jar
/// instrumented twice) is left as it is.
pub fn add_gates(cf: &mut ClassFile<'_>, frames: bool) -> Result<(), String> {
    let me = cf.this_class;
    let e = |e: ristretto_classfile::Error| e.to_string();
    let root = cf.constant_pool.try_get_class(me).map_err(e)?.to_string();
    let done = cf.methods.iter().any(|m| {
        cf.constant_pool
            .try_get_utf8(m.name_index)
            .is_ok_and(|n| *n == *Gate::Use.name())
    });
    if done {
        return Ok(());
    }
    let cp = &mut cf.constant_pool;
    let code_name = cp.add_utf8("Code").map_err(e)?;
    let frames_name = match frames {
        true => Some(cp.add_utf8("StackMapTable").map_err(e)?),
        false => None,
    };
    let rt = cp.add_class(RUNTIME_CLASS).map_err(e)?;
    let fields = cp.add_field_ref(rt, "FIELDS", "Z").map_err(e)?;
    let tag = cp.add_field_ref(me, TAG_FIELD, "I").map_err(e)?;
    let consts = Consts { fields, tag };
    for gate in GATES {
        let cp = &mut cf.constant_pool;
        let name_index = cp.add_utf8(gate.name()).map_err(e)?;
        let descriptor_index = cp.add_utf8(gate.descriptor(&root)).map_err(e)?;
        let probe = cp
            .add_method_ref(rt, gate.probe(), runtime_descriptor(gate.probe()))
            .map_err(e)?;
        let (code, call, ret) = gate_code(gate, &consts, probe);
        let mut attributes = Vec::new();
        if let Some(name_index) = frames_name {
            // both targets see the parameters only and an empty stack
            attributes.push(Attribute::StackMapTable {
                name_index,
                frames: vec![
                    StackFrame::SameFrame {
                        frame_type: u8::try_from(call).map_err(|e| e.to_string())?,
                    },
                    StackFrame::SameFrame {
                        frame_type: u8::try_from(ret - call - 1).map_err(|e| e.to_string())?,
                    },
                ],
            });
        }
        cf.methods.push(ristretto_classfile::Method {
            access_flags: MethodAccessFlags::PUBLIC
                | MethodAccessFlags::STATIC
                | MethodAccessFlags::SYNTHETIC,
            name_index,
            descriptor_index,
            attributes: vec![Attribute::Code {
                name_index: code_name,
                max_stack: 3,
                max_locals: gate.params() + 1,
                code,
                exception_table: Vec::new(),
                attributes,
            }],
        });
    }
    Ok(())
}

/// Constant-pool entries the gates share.
struct Consts {
    fields: u16,
    tag: u16,
}

/// A gate's code, with the instruction indices of its call and of its return (the branch
/// targets). Tag bits are tested by shifts (`v << 6` keeps the slot, `v << 1` has the used bit
/// as its sign): no constants, and each gate stays within the 35 bytes the JIT inlines at any
/// call site (`MaxInlineSize`, `C1MaxInlineSize`).
fn gate_code(gate: Gate, c: &Consts, probe: u16) -> (Vec<Instruction>, usize, usize) {
    use Instruction as I;
    // the tests for skipping jump to RET, for calling to CALL; both are patched below
    const CALL: u16 = u16::MAX;
    const RET: u16 = u16::MAX - 1;
    let slot_bits = [I::Bipush(32 - SLOT_BITS), I::Ishl];
    let mut code = vec![
        I::Aload_0,
        I::Ifnull(RET),
        I::Getstatic(c.fields),
        I::Ifeq(CALL),
        I::Aload_0,
        I::Getfield(c.tag),
    ];
    match gate {
        // untagged, or used already: nothing to do
        Gate::Use => {
            code.extend([I::Istore_1, I::Iload_1]);
            code.extend(slot_bits);
            code.extend([I::Ifeq(RET), I::Iload_1, I::Iconst_1, I::Ishl, I::Iflt(RET)]);
        }
        // tagged: counted; untagged: marked EARLY once (the runtime's CAS from 0)
        Gate::HeapWrite => {
            code.extend([I::Istore_1, I::Iload_1]);
            code.extend(slot_bits);
            code.extend([I::Ifne(CALL), I::Iload_1, I::Ifne(RET)]);
        }
        Gate::HeapRead => {
            code.extend(slot_bits);
            code.push(I::Ifeq(RET));
        }
    }
    let call = code.len();
    code.push(I::Aload_0);
    if gate == Gate::HeapRead {
        code.extend([I::Iload_1, I::Iload_2]);
    }
    code.push(I::Invokestatic(probe));
    let ret = code.len();
    code.push(I::Return);
    let at = |t: u16| match t {
        CALL => call as u16,
        _ => ret as u16,
    };
    for insn in &mut code {
        match insn {
            I::Ifnull(t) | I::Ifeq(t) | I::Ifne(t) | I::Iflt(t) if *t >= RET => *t = at(*t),
            _ => {}
        }
    }
    (code, call, ret)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::RUNTIME_SOURCE;

    #[test]
    fn tag_bits_are_the_runtimes() {
        for decl in [
            "SLOT_MASK = (1 << 26) - 1",
            "USED = 1 << 30",
            "public static final boolean FIELDS",
        ] {
            assert!(RUNTIME_SOURCE.contains(decl), "{decl}");
        }
    }

    fn shape(name: &str, sup: &str) -> jvm_bytecode::hierarchy::ClassShape {
        jvm_bytecode::hierarchy::ClassShape {
            name: name.into(),
            super_name: Some(sup.into()),
            interfaces: Vec::new(),
            special: false,
            has_suid: false,
            methods: Vec::new(),
        }
    }

    #[test]
    fn probes_call_the_gate_of_their_own_classes_root_only() {
        let h = JarHierarchy::new(&[
            shape("p/Root", "java/lang/Object"),
            shape("p/Sub", "p/Root"),
            shape("q/Other", "java/lang/Object"),
            shape("p/Plain", "java/lang/Object"),
            shape("p/List", "java/util/ArrayList"),
        ]);
        let roots: BTreeSet<String> = ["p/Root", "q/Other"].map(String::from).into();
        // code of the root's hierarchy: its gates
        assert_eq!(gate_root(&h, &roots, "p/Root", "p/Sub"), Some("p/Root"));
        assert_eq!(gate_root(&h, &roots, "p/Sub", "p/Root"), Some("p/Root"));
        // another class's code could initialize the root first: the runtime's probe
        assert_eq!(gate_root(&h, &roots, "q/Other", "p/Sub"), None);
        assert_eq!(gate_root(&h, &roots, "p/Plain", "p/Root"), None);
        // no gates: the runtime's probe
        assert_eq!(gate_root(&h, &roots, "p/Plain", "p/Plain"), None);
        assert_eq!(gate_root(&h, &roots, "p/List", "p/List"), None);
        assert_eq!(gate_root(&h, &roots, "p/Root", "java/lang/String"), None);
    }

    #[test]
    fn gates_jump_to_their_call_or_their_return() {
        let c = Consts { fields: 1, tag: 2 };
        for gate in GATES {
            let (code, call, ret) = gate_code(gate, &c, 5);
            assert_eq!(code[ret], Instruction::Return);
            assert_eq!(code[ret - 1], Instruction::Invokestatic(5));
            assert_eq!(code[call], Instruction::Aload_0);
            let bytes = jvm_bytecode::write::instruction_offsets(&code).unwrap();
            assert!(
                bytes[code.len()] <= 35,
                "{gate:?}: {} bytes",
                bytes[code.len()]
            );
            for insn in &code {
                if let Instruction::Ifnull(t)
                | Instruction::Ifeq(t)
                | Instruction::Ifne(t)
                | Instruction::Iflt(t) = insn
                {
                    assert!(
                        usize::from(*t) == call || usize::from(*t) == ret,
                        "{gate:?}"
                    );
                }
            }
        }
    }
}

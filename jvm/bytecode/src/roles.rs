//! What an instruction does with one of its reference operands: the one reading of operands that
//! the reconstruction of profiled flows and the summaries of library code share.

use ristretto_classfile::attributes::Instruction;

use crate::classfile::{Resolved, Ty};
use crate::invoke::CallRef;
use crate::opcodes::{is_array_load, is_array_store};

/// Owner given to `invokedynamic` call sites where calls are named by [`CallRef`]s (their name
/// is the call site's).
pub const INDY_OWNER: &str = "java/lang/invoke/CallSite";

/// What an instruction does with one of its reference operands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Uses the object: a field or element access, a method called on it, a lock.
    Use,
    /// Stores it into a field, static or array element.
    HeapWrite,
    /// Returns it.
    Return,
    /// Throws it.
    Throw,
    /// Stores it into a local variable.
    Assign,
    /// Passes it to a method as parameter `param` (`this` is 0); `last`: the last argument;
    /// `ctor`: to a constructor (the new object is produced from it).
    Arg {
        /// The callee's parameter (`this` is 0).
        param: usize,
        /// Whether it is the last argument.
        last: bool,
        /// Whether the callee is a constructor.
        ctor: bool,
    },
    /// Is the object a constructor initializes (the `new` it was created by).
    CtorReceiver,
    /// Passes it to an `invokedynamic` call site (a string concatenation, a lambda).
    Indy,
    /// Nothing that matters (a comparison, a cast, a null check).
    Other,
}

/// What `insn` does with its reference operand `op` (0 is the top of the stack); `callee` is the
/// method an invoke calls. Both the reconstruction and the library summaries read operands
/// through this one function.
pub fn operand_role(
    insn: &Instruction,
    resolved: &Resolved,
    op: usize,
    callee: Option<&CallRef>,
) -> Role {
    use Instruction as I;
    match insn {
        I::Putfield(_) if op == 0 && *resolved == Resolved::Value(Ty::Ref) => Role::HeapWrite,
        I::Putstatic(_) => Role::HeapWrite,
        I::Aastore if op == 0 => Role::HeapWrite,
        I::Areturn => Role::Return,
        I::Athrow => Role::Throw,
        I::Astore(_) | I::Astore_w(_) | I::Astore_0 | I::Astore_1 | I::Astore_2 | I::Astore_3 => {
            Role::Assign
        }
        I::Invokedynamic(_) => Role::Indy,
        I::Invokevirtual(_) | I::Invokespecial(_) | I::Invokestatic(_) | I::Invokeinterface(..) => {
            let Resolved::Invoke { args, receiver, .. } = resolved else {
                return Role::Other;
            };
            let refs: Vec<usize> = args
                .iter()
                .enumerate()
                .filter(|(_, t)| **t == Ty::Ref)
                .map(|(a, _)| a)
                .collect();
            let ctor = callee.is_some_and(|c| c.name == "<init>");
            if op >= refs.len() {
                return if ctor { Role::CtorReceiver } else { Role::Use };
            }
            let a = refs[refs.len() - 1 - op];
            Role::Arg {
                param: a + usize::from(*receiver),
                last: a + 1 == args.len(),
                ctor,
            }
        }
        I::Putfield(_) | I::Aastore | I::Getfield(_) => Role::Use,
        I::Arraylength | I::Monitorenter | I::Monitorexit => Role::Use,
        insn if is_array_load(insn) || is_array_store(insn) => Role::Use,
        _ => Role::Other,
    }
}

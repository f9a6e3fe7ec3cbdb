//! Control transfer of single instructions: branch targets, fall-through, method exit.

use ristretto_classfile::attributes::Instruction;

/// Where control can go after one instruction (normal flow only).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transfer {
    /// Explicit branch targets (instruction indices).
    pub targets: Vec<usize>,
    /// Whether control can fall through to the next instruction.
    pub falls_through: bool,
    /// Whether the instruction leaves the method (`*return`, `athrow`).
    pub exits: bool,
}

/// Whether the instruction is one the analysis refuses (`jsr`, `ret`, reserved opcodes).
pub fn is_unsupported(insn: &Instruction) -> bool {
    use Instruction as I;
    matches!(
        insn,
        I::Jsr(_)
            | I::Jsr_w(_)
            | I::Ret(_)
            | I::Ret_w(_)
            | I::Breakpoint
            | I::Impdep1
            | I::Impdep2
            | I::Wide
    )
}

/// The normal control transfer of instruction `i` (index `i` needed for relative switch targets).
pub fn transfer(insn: &Instruction, i: usize) -> Transfer {
    use Instruction as I;
    let rel = |off: i32| (i as i64 + i64::from(off)).max(0) as usize;
    if let Some(t) = short_branch_target(insn) {
        return Transfer {
            targets: vec![usize::from(t)],
            falls_through: !matches!(insn, I::Goto(_)),
            exits: false,
        };
    }
    match insn {
        I::Goto_w(t) => Transfer {
            targets: vec![(*t).max(0) as usize],
            falls_through: false,
            exits: false,
        },
        I::Tableswitch(ts) => {
            let mut targets: Vec<usize> = ts.offsets.iter().map(|&o| rel(o)).collect();
            targets.push(rel(ts.default));
            Transfer {
                targets,
                falls_through: false,
                exits: false,
            }
        }
        I::Lookupswitch(ls) => {
            let mut targets: Vec<usize> = ls.pairs.values().map(|&o| rel(o)).collect();
            targets.push(rel(ls.default));
            Transfer {
                targets,
                falls_through: false,
                exits: false,
            }
        }
        _ if is_return(insn) || matches!(insn, I::Athrow) => Transfer {
            targets: vec![],
            falls_through: false,
            exits: true,
        },
        _ => Transfer {
            targets: vec![],
            falls_through: true,
            exits: false,
        },
    }
}

/// The target (instruction index) of a branch with a 16-bit target: every `if*` and `goto`.
pub fn short_branch_target(insn: &Instruction) -> Option<u16> {
    use Instruction as I;
    match insn {
        I::Ifeq(t)
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
        | I::Ifnonnull(t)
        | I::Goto(t) => Some(*t),
        _ => None,
    }
}

/// The same short branch aimed at instruction `t`; any other instruction is returned unchanged.
pub fn with_short_target(insn: &Instruction, t: u16) -> Instruction {
    use Instruction as I;
    match insn {
        I::Ifeq(_) => I::Ifeq(t),
        I::Ifne(_) => I::Ifne(t),
        I::Iflt(_) => I::Iflt(t),
        I::Ifge(_) => I::Ifge(t),
        I::Ifgt(_) => I::Ifgt(t),
        I::Ifle(_) => I::Ifle(t),
        I::If_icmpeq(_) => I::If_icmpeq(t),
        I::If_icmpne(_) => I::If_icmpne(t),
        I::If_icmplt(_) => I::If_icmplt(t),
        I::If_icmpge(_) => I::If_icmpge(t),
        I::If_icmpgt(_) => I::If_icmpgt(t),
        I::If_icmple(_) => I::If_icmple(t),
        I::If_acmpeq(_) => I::If_acmpeq(t),
        I::If_acmpne(_) => I::If_acmpne(t),
        I::Ifnull(_) => I::Ifnull(t),
        I::Ifnonnull(_) => I::Ifnonnull(t),
        I::Goto(_) => I::Goto(t),
        other => other.clone(),
    }
}

/// Whether the instruction returns from the method (any `*return`).
pub fn is_return(insn: &Instruction) -> bool {
    use Instruction as I;
    matches!(
        insn,
        I::Ireturn | I::Lreturn | I::Freturn | I::Dreturn | I::Areturn | I::Return
    )
}

/// Whether the instruction loads an array element (`*aload`).
pub fn is_array_load(insn: &Instruction) -> bool {
    use Instruction as I;
    matches!(
        insn,
        I::Aaload
            | I::Iaload
            | I::Baload
            | I::Caload
            | I::Saload
            | I::Faload
            | I::Laload
            | I::Daload
    )
}

/// Whether the instruction stores an array element (`*astore`).
pub fn is_array_store(insn: &Instruction) -> bool {
    use Instruction as I;
    matches!(
        insn,
        I::Aastore
            | I::Iastore
            | I::Bastore
            | I::Castore
            | I::Sastore
            | I::Fastore
            | I::Lastore
            | I::Dastore
    )
}

//! Two copies of a method body for sampled runs (the Arnold–Ryder scheme the property-aware
//! sampling paper builds on): copy A carries only the object probes, copy B the path probes too,
//! and a check at the method's entry and at every loop header moves execution to the copy the
//! sampling plan wants. Outside path windows and bursts a method then runs no path probe at all.
//!
//! [`double`] lays the original body out twice — A at `0..n`, a `nop` at `n` where B is entered,
//! B at `n+1..=2n` — with branches, exception ranges, line numbers and stack-map frames moved, so
//! that the splice can instrument the two copies as one method.

use std::collections::BTreeSet;

use ristretto_classfile::attributes::{
    Attribute, ExceptionTableEntry, Instruction, LineNumber, StackFrame, VerificationType,
};

use jvm_bytecode::frames::{delta_after, frame_positions, uninitialized_mover, with_delta, Remap};
use jvm_bytecode::opcodes::{short_branch_target, with_short_target};
use jvm_bytecode::write::instruction_offsets;

/// A method body laid out twice.
#[derive(Debug, Clone)]
pub struct Doubled {
    /// A, the `nop` entry of B, B.
    pub code: Vec<Instruction>,
    /// The original handlers for A, then for B.
    pub exception_table: Vec<ExceptionTableEntry>,
    /// The code's attributes with lines and frames for both copies.
    pub attributes: Vec<Attribute>,
}

/// Where copy B's instruction `i` is in a doubled body of `n` instructions.
pub fn in_b(n: usize, i: usize) -> usize {
    n + 1 + i
}

/// The targets of backward branches: loop headers, where execution may change copies.
pub fn loop_headers(code: &[Instruction]) -> BTreeSet<usize> {
    use Instruction as I;
    let mut out = BTreeSet::new();
    for (i, insn) in code.iter().enumerate() {
        let mut add = |t: i64| {
            if t >= 0 && t as usize <= i {
                out.insert(t as usize);
            }
        };
        match insn {
            _ if short_branch_target(insn).is_some() => {
                add(short_branch_target(insn).map_or(-1, i64::from))
            }
            I::Goto_w(t) => add(i64::from(*t)),
            I::Tableswitch(ts) => {
                add(i as i64 + i64::from(ts.default));
                ts.offsets
                    .iter()
                    .for_each(|o| add(i as i64 + i64::from(*o)));
            }
            I::Lookupswitch(ls) => {
                add(i as i64 + i64::from(ls.default));
                ls.pairs
                    .values()
                    .for_each(|o| add(i as i64 + i64::from(*o)));
            }
            _ => {}
        }
    }
    out
}

fn to16(x: usize) -> Result<u16, String> {
    u16::try_from(x).map_err(|_| "doubled method too large".to_string())
}

/// The body laid out twice. `entry` is the method's entry frame (its parameters as locals),
/// needed where the class keeps frames (B's entry is reached by a jump); `frames_name` the
/// constant-pool index of "StackMapTable" for a method that has no table yet.
pub fn double(
    code: &[Instruction],
    table: &[ExceptionTableEntry],
    attributes: &[Attribute],
    entry: Option<Vec<VerificationType>>,
    frames_name: Option<u16>,
) -> Result<Doubled, String> {
    let n = code.len();
    let mut out = code.to_vec();
    out.push(Instruction::Nop);
    for insn in code {
        out.push(shifted(insn, n + 1)?);
    }
    let mut exception_table = table.to_vec();
    for h in table {
        let (s, e) = (usize::from(h.range_pc.start), usize::from(h.range_pc.end));
        exception_table.push(ExceptionTableEntry {
            range_pc: to16(in_b(n, s))?..to16(in_b(n, e.min(n)))?,
            handler_pc: to16(in_b(n, usize::from(h.handler_pc)))?,
            catch_type: h.catch_type,
        });
    }
    let old_offsets = instruction_offsets(code).map_err(|e| e.to_string())?;
    let new_offsets = instruction_offsets(&out).map_err(|e| e.to_string())?;
    // B's frames name B's `new` instructions
    let in_copy_b = uninitialized_mover(&old_offsets, |i| new_offsets[in_b(n, i)]);
    let mut attrs = Vec::with_capacity(attributes.len() + 1);
    let mut has_frames = false;
    for a in attributes {
        attrs.push(match a {
            Attribute::LineNumberTable {
                name_index,
                line_numbers,
            } => {
                let mut lns = line_numbers.clone();
                for ln in line_numbers {
                    let s = usize::from(ln.start_pc).min(n);
                    lns.push(LineNumber {
                        start_pc: to16(if s == 0 { n } else { in_b(n, s) })?,
                        line_number: ln.line_number,
                    });
                }
                Attribute::LineNumberTable {
                    name_index: *name_index,
                    line_numbers: lns,
                }
            }
            Attribute::StackMapTable { name_index, frames } => {
                has_frames = true;
                let locals = entry
                    .clone()
                    .ok_or("a frame table without an entry frame")?;
                Attribute::StackMapTable {
                    name_index: *name_index,
                    frames: doubled_frames(frames, n, locals, &in_copy_b)?,
                }
            }
            other => other.clone(),
        });
    }
    if let (false, Some(locals), Some(name_index)) = (has_frames, entry, frames_name) {
        attrs.push(Attribute::StackMapTable {
            name_index,
            frames: doubled_frames(&[], n, locals, &in_copy_b)?,
        });
    }
    Ok(Doubled {
        code: out,
        exception_table,
        attributes: attrs,
    })
}

/// A's frames as they are, a full entry frame at the `nop` (equal to the implicit one, so B's
/// frames, stored relative to it, keep their meaning), then B's frames.
fn doubled_frames(
    frames: &[StackFrame],
    n: usize,
    entry: Vec<VerificationType>,
    in_copy_b: &Remap<'_>,
) -> Result<Vec<StackFrame>, String> {
    let delta = |prev: Option<usize>, at: usize| -> Result<u16, String> {
        let d = delta_after(prev, at).ok_or("stack map frames out of order")?;
        u16::try_from(d).map_err(|_| "frame delta too large".to_string())
    };
    let same = |v: &VerificationType| -> Result<VerificationType, String> { Ok(v.clone()) };
    let positions = frame_positions(frames);
    let mut out = Vec::with_capacity(2 * frames.len() + 1);
    let mut prev = None;
    for (f, &at) in frames.iter().zip(&positions) {
        out.push(with_delta(f, delta(prev, at)?, false, &same)?);
        prev = Some(at);
    }
    out.push(StackFrame::FullFrame {
        frame_type: 255,
        offset_delta: delta(prev, n)?,
        locals: entry,
        stack: Vec::new(),
    });
    prev = Some(n);
    for (f, &at) in frames.iter().zip(&positions) {
        let at = in_b(n, at);
        out.push(with_delta(f, delta(prev, at)?, false, in_copy_b)?);
        prev = Some(at);
    }
    Ok(out)
}

/// An instruction of copy B: absolute targets move by `by`; switch offsets are relative and stay.
fn shifted(insn: &Instruction, by: usize) -> Result<Instruction, String> {
    use Instruction as I;
    Ok(match insn {
        I::Jsr(_) | I::Jsr_w(_) | I::Ret(_) | I::Ret_w(_) => return Err("jsr/ret".into()),
        _ if short_branch_target(insn).is_some() => {
            let t = short_branch_target(insn).map_or(0, usize::from);
            with_short_target(insn, to16(t + by)?)
        }
        I::Goto_w(t) => I::Goto_w(*t + by as i32),
        other => other.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backward_targets_are_loop_headers() {
        use Instruction as I;
        // 0: iconst_0  1: istore_1  2: iload_1  3: ifne 6  4: iinc  5: goto 2  6: return
        let code = vec![
            I::Iconst_0,
            I::Istore_1,
            I::Iload_1,
            I::Ifne(6),
            I::Iinc(1, 1),
            I::Goto(2),
            I::Return,
        ];
        assert_eq!(loop_headers(&code).into_iter().collect::<Vec<_>>(), vec![2]);
        let d = double(&code, &[], &[], None, None).unwrap();
        assert_eq!(d.code.len(), 15);
        assert_eq!(d.code[7], I::Nop);
        // B's forward branch and its back edge point into B
        assert_eq!(d.code[in_b(7, 3)], I::Ifne(14));
        assert_eq!(d.code[in_b(7, 5)], I::Goto(10));
        assert_eq!(d.code[3], I::Ifne(6));
    }
}

//! Writing class files back: ristretto's serializer with the StackMapTable encoded here, because
//! ristretto 0.31.0 writes the second frame one byte late when the first frame is at offset 0 and
//! does not widen `same`/`same_locals_1_stack_item` frames whose delta exceeds 63.

use std::io::Cursor;

use ristretto_classfile::attributes::{Attribute, Instruction, StackFrame};
use ristretto_classfile::ClassFile;

use super::classfile::ClassError;

fn write_err(e: impl std::fmt::Display) -> ClassError {
    ClassError::Parse {
        name: "<write>".into(),
        message: e.to_string(),
    }
}

/// The byte offset of every instruction, plus the code length at the end.
pub fn instruction_offsets(code: &[Instruction]) -> Result<Vec<u32>, ClassError> {
    let mut cur = Cursor::new(Vec::new());
    let mut out = Vec::with_capacity(code.len() + 1);
    for insn in code {
        out.push(u32::try_from(cur.position()).map_err(write_err)?);
        insn.to_bytes(&mut cur).map_err(write_err)?;
    }
    out.push(u32::try_from(cur.position()).map_err(write_err)?);
    Ok(out)
}

/// Encodes StackMapTable frames whose deltas count instructions (as ristretto reads them) into
/// the attribute's bytes with byte deltas, widening short forms whose delta exceeds 63.
pub fn encode_stack_map(frames: &[StackFrame], offsets: &[u32]) -> Result<Vec<u8>, ClassError> {
    let mut out = Vec::new();
    out.extend_from_slice(
        &u16::try_from(frames.len())
            .map_err(write_err)?
            .to_be_bytes(),
    );
    let mut prev_insn: Option<usize> = None;
    let mut prev_byte = 0u32;
    for f in frames {
        let delta = usize::from(f.offset_delta());
        let insn = match prev_insn {
            None => delta,
            Some(p) => p + delta + 1,
        };
        let byte = *offsets.get(insn).ok_or_else(|| {
            write_err(format!(
                "stack map frame at instruction {insn} out of range"
            ))
        })?;
        let bd = match prev_insn {
            None => byte,
            Some(_) => byte
                .checked_sub(prev_byte + 1)
                .ok_or_else(|| write_err("stack map frames out of order"))?,
        };
        let bd16 = u16::try_from(bd).map_err(write_err)?;
        let frame = match f {
            StackFrame::SameFrame { .. } if bd <= 63 => StackFrame::SameFrame {
                frame_type: bd16 as u8,
            },
            StackFrame::SameFrame { .. } => StackFrame::SameFrameExtended {
                frame_type: 251,
                offset_delta: bd16,
            },
            StackFrame::SameLocals1StackItemFrame { stack, .. } if bd <= 63 => {
                StackFrame::SameLocals1StackItemFrame {
                    frame_type: 64 + bd16 as u8,
                    stack: stack.clone(),
                }
            }
            StackFrame::SameLocals1StackItemFrame { stack, .. } => {
                StackFrame::SameLocals1StackItemFrameExtended {
                    frame_type: 247,
                    offset_delta: bd16,
                    stack: stack.clone(),
                }
            }
            StackFrame::SameLocals1StackItemFrameExtended {
                frame_type, stack, ..
            } => StackFrame::SameLocals1StackItemFrameExtended {
                frame_type: *frame_type,
                offset_delta: bd16,
                stack: stack.clone(),
            },
            StackFrame::ChopFrame { frame_type, .. } => StackFrame::ChopFrame {
                frame_type: *frame_type,
                offset_delta: bd16,
            },
            StackFrame::SameFrameExtended { frame_type, .. } => StackFrame::SameFrameExtended {
                frame_type: *frame_type,
                offset_delta: bd16,
            },
            StackFrame::AppendFrame {
                frame_type, locals, ..
            } => StackFrame::AppendFrame {
                frame_type: *frame_type,
                offset_delta: bd16,
                locals: locals.clone(),
            },
            StackFrame::FullFrame {
                frame_type,
                locals,
                stack,
                ..
            } => StackFrame::FullFrame {
                frame_type: *frame_type,
                offset_delta: bd16,
                locals: locals.clone(),
                stack: stack.clone(),
            },
        };
        frame.to_bytes(&mut out).map_err(write_err)?;
        prev_insn = Some(insn);
        prev_byte = byte;
    }
    Ok(out)
}

/// Serializes a class file; every StackMapTable is encoded by [`encode_stack_map`].
pub fn class_to_bytes(cf: &ClassFile<'_>) -> Result<Vec<u8>, ClassError> {
    let mut cf = cf.clone();
    for m in &mut cf.methods {
        for a in &mut m.attributes {
            let Attribute::Code {
                code, attributes, ..
            } = a
            else {
                continue;
            };
            let offsets = instruction_offsets(code)?;
            for inner in attributes.iter_mut() {
                if let Attribute::StackMapTable { name_index, frames } = inner {
                    let info = encode_stack_map(frames, &offsets)?;
                    *inner = Attribute::Unknown {
                        name_index: *name_index,
                        info,
                    };
                }
            }
        }
    }
    let mut out = Vec::new();
    cf.to_bytes(&mut out).map_err(write_err)?;
    Ok(out)
}

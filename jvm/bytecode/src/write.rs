//! Writing class files back: ristretto's serializer with the StackMapTable encoded here, because
//! ristretto 0.31.0 writes the second frame one byte late when the first frame is at offset 0 and
//! does not widen `same`/`same_locals_1_stack_item` frames whose delta exceeds 63.

use std::io::Cursor;

use ristretto_classfile::attributes::{Attribute, Instruction, StackFrame};
use ristretto_classfile::ClassFile;

use super::classfile::ClassError;
use crate::frames::{delta_after, frame_positions, with_delta};

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
    let positions = frame_positions(frames);
    let mut prev_byte: Option<usize> = None;
    for (f, &insn) in frames.iter().zip(&positions) {
        let byte = *offsets.get(insn).ok_or_else(|| {
            write_err(format!(
                "stack map frame at instruction {insn} out of range"
            ))
        })? as usize;
        let bd = delta_after(prev_byte, byte)
            .ok_or_else(|| write_err("stack map frames out of order"))?;
        let bd16 = u16::try_from(bd).map_err(write_err)?;
        let frame = with_delta(f, bd16, false, &|v| Ok::<_, ClassError>(v.clone()))?;
        frame.to_bytes(&mut out).map_err(write_err)?;
        prev_byte = Some(byte);
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

//! StackMapTable frames moved to new offsets: the one place that knows how a frame's kind depends
//! on its offset delta (short forms hold deltas up to 63).

use ristretto_classfile::attributes::{StackFrame, VerificationType};

/// The position (in whatever unit the deltas count) of each frame, from the deltas as stored.
pub fn frame_positions(frames: &[StackFrame]) -> Vec<usize> {
    let mut prev: Option<usize> = None;
    frames
        .iter()
        .map(|f| {
            let d = usize::from(f.offset_delta());
            let at = prev.map_or(d, |p| p + d + 1);
            prev = Some(at);
            at
        })
        .collect()
}

/// The stored delta of a frame at `at` following a frame at `prev` (the first frame stores `at`).
pub fn delta_after(prev: Option<usize>, at: usize) -> Option<usize> {
    match prev {
        None => Some(at),
        Some(p) => at.checked_sub(p + 1),
    }
}

/// The frame `f` with offset delta `d` and its verification types passed through `map`.
///
/// Short forms widen when `d` exceeds 63. With `compact`, extended forms also shrink when `d`
/// fits a short form; without it an extended form stays extended (class files round-trip).
pub fn with_delta<E>(
    f: &StackFrame,
    d: u16,
    compact: bool,
    map: &dyn Fn(&VerificationType) -> Result<VerificationType, E>,
) -> Result<StackFrame, E> {
    let all = |v: &[VerificationType]| v.iter().map(map).collect::<Result<Vec<_>, E>>();
    let short = d <= 63;
    Ok(match f {
        StackFrame::SameFrame { .. } if short => StackFrame::SameFrame {
            frame_type: d as u8,
        },
        StackFrame::SameFrameExtended { .. } if short && compact => StackFrame::SameFrame {
            frame_type: d as u8,
        },
        StackFrame::SameFrame { .. } | StackFrame::SameFrameExtended { .. } => {
            StackFrame::SameFrameExtended {
                frame_type: 251,
                offset_delta: d,
            }
        }
        StackFrame::SameLocals1StackItemFrame { stack, .. } if short => {
            StackFrame::SameLocals1StackItemFrame {
                frame_type: 64 + d as u8,
                stack: all(stack)?,
            }
        }
        StackFrame::SameLocals1StackItemFrameExtended { stack, .. } if short && compact => {
            StackFrame::SameLocals1StackItemFrame {
                frame_type: 64 + d as u8,
                stack: all(stack)?,
            }
        }
        StackFrame::SameLocals1StackItemFrame { stack, .. }
        | StackFrame::SameLocals1StackItemFrameExtended { stack, .. } => {
            StackFrame::SameLocals1StackItemFrameExtended {
                frame_type: 247,
                offset_delta: d,
                stack: all(stack)?,
            }
        }
        StackFrame::ChopFrame { frame_type, .. } => StackFrame::ChopFrame {
            frame_type: *frame_type,
            offset_delta: d,
        },
        StackFrame::AppendFrame {
            frame_type, locals, ..
        } => StackFrame::AppendFrame {
            frame_type: *frame_type,
            offset_delta: d,
            locals: all(locals)?,
        },
        StackFrame::FullFrame {
            frame_type,
            locals,
            stack,
            ..
        } => StackFrame::FullFrame {
            frame_type: *frame_type,
            offset_delta: d,
            locals: all(locals)?,
            stack: all(stack)?,
        },
    })
}

/// A map over verification types (moving `Uninitialized` offsets).
pub type Remap<'a> = dyn Fn(&VerificationType) -> Result<VerificationType, String> + 'a;

/// Moves `Uninitialized` verification types (byte offsets of `new` instructions) along with their
/// instruction: `old_offsets` are the byte offsets of the code the frames were written for,
/// `moved(i)` the new byte offset of its instruction `i`.
pub fn uninitialized_mover(
    old_offsets: &[u32],
    moved: impl Fn(usize) -> u32,
) -> impl Fn(&VerificationType) -> Result<VerificationType, String> {
    let byte_to_index: rustc_hash::FxHashMap<u32, usize> = old_offsets
        .iter()
        .enumerate()
        .map(|(i, &b)| (b, i))
        .collect();
    move |v: &VerificationType| {
        Ok(match v {
            VerificationType::Uninitialized { offset } => {
                let i = *byte_to_index
                    .get(&u32::from(*offset))
                    .ok_or("Uninitialized offset is not an instruction")?;
                VerificationType::Uninitialized {
                    offset: u16::try_from(moved(i)).map_err(|_| "offset too large".to_string())?,
                }
            }
            other => other.clone(),
        })
    }
}

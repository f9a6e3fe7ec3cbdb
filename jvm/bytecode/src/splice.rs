//! Inserting code around the instructions of a method and moving everything that names an
//! instruction: branch targets, exception ranges, line numbers, stack-map frames and
//! `Uninitialized` offsets.
//!
//! Inserted code must hold no branch targets and be stack-neutral, so every original instruction
//! becomes a group `switch? pre…, insn, post…` and whatever pointed at the instruction points at
//! the start of its group; a switch's branch may only aim at the start of a group. A catch-all handler may be appended; it gets a full frame with a `Throwable` on
//! the stack. LocalVariable(Type)Table and type annotations (offsets into code, debug information
//! only) are dropped.

use ristretto_classfile::attributes::{
    Attribute, ExceptionTableEntry, Instruction, LineNumber, StackFrame, VerificationType,
};
use ristretto_classfile::ConstantPool;

use crate::frames::{delta_after, frame_positions, uninitialized_mover, with_delta, Remap};
use crate::opcodes::{short_branch_target, with_short_target};
use crate::write::instruction_offsets;

/// A check that may leave for another group: `check` pushes an int; when it is non-zero
/// (`jump_if_set`) or zero (otherwise) execution continues at the start of group `target`, which
/// must hold a frame where the class keeps frames.
#[derive(Debug, Clone)]
pub struct Switch {
    /// Pushes the int tested.
    pub check: Vec<Instruction>,
    /// Jump on a non-zero int (else on zero).
    pub jump_if_set: bool,
    /// The original instruction whose group is jumped to.
    pub target: usize,
}

/// Code inserted before and after one original instruction.
#[derive(Debug, Default, Clone)]
pub struct Probes {
    /// Runs first, before `pre` (branches to the instruction land on it).
    pub switch: Option<Switch>,
    /// Runs before the instruction (branches to the instruction land here).
    pub pre: Vec<Instruction>,
    /// Runs after the instruction.
    pub post: Vec<Instruction>,
}

/// A catch-all handler appended to the method.
#[derive(Debug, Clone)]
pub struct Handler {
    /// First original instruction it protects (it protects every one from there on).
    pub from: usize,
    /// Its code, which must end by leaving the method (e.g. `athrow`).
    pub code: Vec<Instruction>,
    /// Constant-pool index of `java/lang/Throwable`.
    pub throwable: u16,
    /// Locals its frame declares; each must hold its type at every protected instruction.
    pub locals: Vec<VerificationType>,
}

/// What to insert into one method.
#[derive(Debug, Default, Clone)]
pub struct Plan {
    /// Runs first of all, before the prologue.
    pub entry_switch: Option<Switch>,
    /// Code run first, before the original first instruction.
    pub prologue: Vec<Instruction>,
    /// One entry per original instruction.
    pub groups: Vec<Probes>,
    /// An appended catch-all handler.
    pub handler: Option<Handler>,
}

/// The parts of a `Code` attribute that a splice rewrites.
pub struct Body<'m> {
    /// The instructions.
    pub code: &'m mut Vec<Instruction>,
    /// The exception table.
    pub exception_table: &'m mut Vec<ExceptionTableEntry>,
    /// The code's own attributes.
    pub attributes: &'m mut Vec<Attribute>,
}

/// Where the groups landed in the new code.
struct Layout {
    code: Vec<Instruction>,
    /// New index of each group's start (`n` entries plus the end).
    start: Vec<usize>,
    /// New index of each original instruction.
    pos: Vec<usize>,
    /// New index of the appended handler.
    handler_at: usize,
    /// The switches' branches: new index and target group.
    jumps: Vec<(usize, usize)>,
}

/// Applies `plan` to `body`; on error `body` is unchanged. `frames_name` is the constant-pool
/// index of the name "StackMapTable", needed only when a handler is added to a method of a class
/// that needs frames but has no frame table yet. `method` names the method in messages.
pub fn splice(
    plan: Plan,
    body: Body<'_>,
    frames_name: Option<u16>,
    method: &str,
) -> Result<(), String> {
    let original: &[Instruction] = body.code;
    if plan.groups.len() != original.len() {
        return Err(format!("{method}: probes for a different method"));
    }
    let mut l = lay_out(original, &plan);
    retarget(original, &mut l)?;
    let old_offsets = instruction_offsets(original).map_err(|e| e.to_string())?;
    let new_offsets = instruction_offsets(&l.code).map_err(|e| {
        format!("cannot lay out the instrumented code (a branch spans more than 32 KiB?): {e}")
    })?;
    if *new_offsets.last().unwrap_or(&0) > 65535 {
        return Err("instrumented method exceeds 64 KiB".into());
    }
    check_short_branches(original, &l, &new_offsets, method)?;
    let table = relocate_exceptions(body.exception_table, &l, plan.handler.as_ref())?;
    let remap = uninitialized_mover(&old_offsets, |i| new_offsets[l.pos[i]]);
    let attributes = relocate_attributes(
        body.attributes,
        &l,
        plan.handler.as_ref(),
        frames_name,
        &remap,
    )?;
    *body.code = l.code;
    *body.exception_table = table;
    *body.attributes = attributes;
    Ok(())
}

/// Appends a switch's check and a placeholder branch (aimed by `retarget`).
fn lay_switch(s: &Switch, code: &mut Vec<Instruction>, jumps: &mut Vec<(usize, usize)>) {
    code.extend(s.check.iter().cloned());
    jumps.push((code.len(), s.target));
    code.push(match s.jump_if_set {
        true => Instruction::Ifne(0),
        false => Instruction::Ifeq(0),
    });
}

fn lay_out(original: &[Instruction], plan: &Plan) -> Layout {
    let n = original.len();
    let mut code = Vec::new();
    let mut jumps = Vec::new();
    if let Some(s) = &plan.entry_switch {
        lay_switch(s, &mut code, &mut jumps);
    }
    code.extend(plan.prologue.iter().cloned());
    let mut start = vec![0usize; n + 1];
    let mut pos = vec![0usize; n];
    for (i, g) in plan.groups.iter().enumerate() {
        start[i] = code.len();
        if let Some(s) = &g.switch {
            lay_switch(s, &mut code, &mut jumps);
        }
        code.extend(g.pre.iter().cloned());
        pos[i] = code.len();
        code.push(original[i].clone());
        code.extend(g.post.iter().cloned());
    }
    start[n] = code.len();
    let handler_at = code.len();
    if let Some(h) = &plan.handler {
        code.extend(h.code.iter().cloned());
    }
    Layout {
        code,
        start,
        pos,
        handler_at,
        jumps,
    }
}

fn to16(x: usize) -> Result<u16, String> {
    u16::try_from(x).map_err(|_| "method too large".to_string())
}

/// Points every branch of the original instructions at the start of its target's group.
fn retarget(original: &[Instruction], l: &mut Layout) -> Result<(), String> {
    use Instruction as I;
    let n = original.len();
    for (i, insn) in original.iter().enumerate() {
        let p = l.pos[i];
        let start = &l.start;
        let rel = |off: i32| -> i32 {
            let t = (i as i64 + i64::from(off)) as usize;
            (start[t.min(n)] as i64 - p as i64) as i32
        };
        let moved = match insn {
            I::Jsr(_) | I::Jsr_w(_) | I::Ret(_) | I::Ret_w(_) => return Err("jsr/ret".into()),
            _ if short_branch_target(insn).is_some() => {
                let t = short_branch_target(insn).map_or(0, usize::from);
                with_short_target(insn, to16(start[t])?)
            }
            I::Goto_w(t) => I::Goto_w(start[(*t).max(0) as usize] as i32),
            I::Tableswitch(ts) => {
                let mut ts = ts.clone();
                ts.default = rel(ts.default);
                ts.offsets.iter_mut().for_each(|o| *o = rel(*o));
                I::Tableswitch(ts)
            }
            I::Lookupswitch(ls) => {
                let mut ls = ls.clone();
                ls.default = rel(ls.default);
                ls.pairs.values_mut().for_each(|v| *v = rel(*v));
                I::Lookupswitch(ls)
            }
            _ => continue,
        };
        l.code[p] = moved;
    }
    for &(at, target) in &l.jumps {
        let t = to16(*l.start.get(target).ok_or("a switch to no instruction")?)?;
        l.code[at] = with_short_target(&l.code[at], t);
    }
    Ok(())
}

/// Short branches must still reach their targets: no widening, the method is left as it is.
fn check_short_branches(
    original: &[Instruction],
    l: &Layout,
    new_offsets: &[u32],
    method: &str,
) -> Result<(), String> {
    let original_branches = original.iter().enumerate().filter_map(|(i, insn)| {
        short_branch_target(insn).map(|t| (l.pos[i], l.start[usize::from(t)]))
    });
    let switches = l.jumps.iter().map(|&(at, t)| (at, l.start[t]));
    for (from, to) in original_branches.chain(switches) {
        let d = i64::from(new_offsets[to]) - i64::from(new_offsets[from]);
        if i16::try_from(d).is_err() {
            return Err(format!(
                "{method}: a branch would span {d} bytes after instrumentation (more than 32 KiB)"
            ));
        }
    }
    Ok(())
}

fn relocate_exceptions(
    table: &[ExceptionTableEntry],
    l: &Layout,
    handler: Option<&Handler>,
) -> Result<Vec<ExceptionTableEntry>, String> {
    let n = l.pos.len();
    let mut out = table.to_vec();
    for h in out.iter_mut() {
        let s = usize::from(h.range_pc.start);
        let e = usize::from(h.range_pc.end).min(n);
        let hd = usize::from(h.handler_pc);
        h.range_pc = to16(l.start[s])?..to16(l.start[e])?;
        h.handler_pc = to16(l.start[hd])?;
    }
    if let Some(h) = handler {
        out.push(ExceptionTableEntry {
            range_pc: to16(l.start[h.from])?..to16(l.handler_at)?,
            handler_pc: to16(l.handler_at)?,
            catch_type: 0,
        });
    }
    Ok(out)
}

fn relocate_attributes(
    attributes: &[Attribute],
    l: &Layout,
    handler: Option<&Handler>,
    frames_name: Option<u16>,
    remap: &Remap<'_>,
) -> Result<Vec<Attribute>, String> {
    let n = l.pos.len();
    let mut has_frames = false;
    let mut kept = Vec::new();
    for a in attributes.iter().cloned() {
        match a {
            Attribute::LineNumberTable {
                name_index,
                line_numbers,
            } => {
                let mut lns = Vec::with_capacity(line_numbers.len());
                for ln in line_numbers {
                    let s = usize::from(ln.start_pc).min(n);
                    lns.push(LineNumber {
                        start_pc: to16(if s == 0 { 0 } else { l.start[s] })?,
                        line_number: ln.line_number,
                    });
                }
                kept.push(Attribute::LineNumberTable {
                    name_index,
                    line_numbers: lns,
                });
            }
            Attribute::StackMapTable { name_index, frames } => {
                has_frames = true;
                let frames = relocate_frames(&frames, l, handler, remap)?;
                kept.push(Attribute::StackMapTable { name_index, frames });
            }
            Attribute::LocalVariableTable { .. }
            | Attribute::LocalVariableTypeTable { .. }
            | Attribute::RuntimeVisibleTypeAnnotations { .. }
            | Attribute::RuntimeInvisibleTypeAnnotations { .. }
            | Attribute::Unknown { .. } => {}
            other => kept.push(other),
        }
    }
    if let (false, Some(name_index), Some(h)) = (has_frames, frames_name, handler) {
        kept.push(Attribute::StackMapTable {
            name_index,
            frames: vec![handler_frame(to16(l.handler_at)?, h)],
        });
    }
    Ok(kept)
}

fn relocate_frames(
    frames: &[StackFrame],
    l: &Layout,
    handler: Option<&Handler>,
    remap: &Remap<'_>,
) -> Result<Vec<StackFrame>, String> {
    let delta = |prev: Option<usize>, at: usize| -> Result<u16, String> {
        let d = delta_after(prev, at).ok_or("stack map frames out of order")?;
        u16::try_from(d).map_err(|_| "frame delta too large".to_string())
    };
    let mut out = Vec::with_capacity(frames.len() + 1);
    let mut prev: Option<usize> = None;
    for (f, old) in frames.iter().zip(frame_positions(frames)) {
        let at = *l.start.get(old).ok_or("frame out of range")?;
        out.push(with_delta(f, delta(prev, at)?, true, remap)?);
        prev = Some(at);
    }
    if let Some(h) = handler {
        out.push(handler_frame(delta(prev, l.handler_at)?, h));
    }
    Ok(out)
}

fn handler_frame(offset_delta: u16, h: &Handler) -> StackFrame {
    StackFrame::FullFrame {
        frame_type: 255,
        offset_delta,
        locals: h.locals.clone(),
        stack: vec![VerificationType::Object {
            cpool_index: h.throwable,
        }],
    }
}

/// The code of one method, rewritten in place.
pub struct CodeParts<'m> {
    /// The instructions.
    pub code: &'m mut Vec<Instruction>,
    /// The exception table.
    pub exception_table: &'m mut Vec<ExceptionTableEntry>,
    /// The code's attributes (line numbers, frames, …).
    pub attributes: &'m mut Vec<Attribute>,
    /// Its maximal stack depth.
    pub max_stack: &'m mut u16,
    /// Its local slots.
    pub max_locals: &'m mut u16,
}

/// The parts of a method's `Code` attribute, if it has one.
pub fn code_parts(m: &mut ristretto_classfile::Method) -> Option<CodeParts<'_>> {
    match m
        .attributes
        .iter_mut()
        .find(|a| matches!(a, Attribute::Code { .. }))?
    {
        Attribute::Code {
            max_stack,
            max_locals,
            code,
            exception_table,
            attributes,
            ..
        } => Some(CodeParts {
            code,
            exception_table,
            attributes,
            max_stack,
            max_locals,
        }),
        _ => None,
    }
}

/// The constant-pool index of the name "StackMapTable" when a method of a class that needs frames
/// gets a handler (`needs_frames`) and has no frame table yet, for `splice` to start one.
pub fn frames_name(
    cp: &mut ConstantPool<'_>,
    needs_frames: bool,
    attributes: &[Attribute],
) -> Result<Option<u16>, String> {
    let has_table = attributes
        .iter()
        .any(|a| matches!(a, Attribute::StackMapTable { .. }));
    match needs_frames && !has_table {
        true => cp
            .add_utf8("StackMapTable")
            .map(Some)
            .map_err(|e| e.to_string()),
        false => Ok(None),
    }
}

/// The constant-pool index of `java/lang/Throwable`, added on first use and kept in `cached`.
pub fn throwable_class(cp: &mut ConstantPool<'_>, cached: &mut Option<u16>) -> Result<u16, String> {
    if let Some(t) = *cached {
        return Ok(t);
    }
    let t = cp
        .add_class("java/lang/Throwable")
        .map_err(|e| e.to_string())?;
    *cached = Some(t);
    Ok(t)
}

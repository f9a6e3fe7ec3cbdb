//! Reference def-use by abstract interpretation of locals and the operand stack: every value
//! slot holds the set of definitions (instructions, parameters, caught exceptions) that may
//! have produced the reference in it; an instruction that consumes a reference uses those.

use rustc_hash::FxHashMap as HashMap;
use smallvec::{smallvec, SmallVec};

use ristretto_classfile::attributes::Instruction;

use super::cfg::Cfg;
use super::classfile::{ClassError, MethodCode, Resolved, Ty};
use super::opcodes::transfer;
use graph::NodeId;

/// Index of a definition in [`DefUse::defs`].
pub type DefId = u32;

/// What produced a reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum DefKind {
    /// `new`.
    New,
    /// `newarray`, `anewarray`, `multianewarray`.
    NewArray,
    /// An incoming reference parameter (`this` is parameter 0 of an instance method).
    Param(usize),
    /// The reference returned by a call.
    CallReturn,
    /// A box returned by `Integer.valueOf` or a sibling: an allocation (autoboxing).
    Boxed,
    /// A store into a local variable (`astore`): a new definition of that variable.
    Local,
    /// Any other reference producer (field or array load, constant, `null`).
    Other,
    /// The exception object at the start of a handler.
    Caught,
}

impl DefKind {
    /// Whether the paper treats it as a slicing target (new objects, parameters, call results).
    pub fn is_slice_target(self) -> bool {
        matches!(
            self,
            DefKind::New
                | DefKind::NewArray
                | DefKind::Param(_)
                | DefKind::CallReturn
                | DefKind::Boxed
        )
    }
}

/// One definition of a reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct DefSite {
    /// Its kind.
    pub kind: DefKind,
    /// The defining instruction (`None` for parameters).
    pub insn: Option<usize>,
    /// The CFG node it belongs to (the start node for parameters).
    pub node: NodeId,
    /// The local-variable slot it writes (stores and parameters).
    pub local: Option<usize>,
}

/// The def-use relation of one method.
#[derive(Debug, Clone, Default)]
pub struct DefUse {
    /// All definitions.
    pub defs: Vec<DefSite>,
    /// Definitions used by each instruction (sorted).
    pub uses: Vec<Vec<DefId>>,
    /// The definition made by each instruction, if any.
    pub def_of_insn: Vec<Option<DefId>>,
    /// Instructions using each definition (sorted).
    pub users: Vec<Vec<usize>>,
    /// Per instruction, the definitions of each reference operand it consumes, in pop order.
    pub operands: Vec<Vec<Vec<DefId>>>,
}

/// The definitions a reference may come from, sorted: inline up to four (most values have one),
/// so copying a state allocates nothing per value.
type Defs = SmallVec<[DefId; 4]>;

/// The abstract value of a local or stack slot.
#[derive(Debug, PartialEq)]
enum V {
    Top,
    P,
    R(Defs),
}

impl Clone for V {
    fn clone(&self) -> V {
        match self {
            V::Top => V::Top,
            V::P => V::P,
            V::R(d) => V::R(d.clone()),
        }
    }

    /// Reuses a spilled list's buffer: the interpreter copies states into scratch ones.
    fn clone_from(&mut self, source: &V) {
        match (&mut *self, source) {
            (V::R(a), V::R(b)) => a.clone_from(b),
            _ => *self = source.clone(),
        }
    }
}

/// Joins `b` into `a` in place; whether `a` changed.
fn join_v(a: &mut V, b: &V) -> bool {
    match (&mut *a, b) {
        (V::P, V::P) | (V::Top, _) => false,
        (V::R(x), V::R(y)) => {
            let mut changed = false;
            for d in y {
                if let Err(k) = x.binary_search(d) {
                    x.insert(k, *d);
                    changed = true;
                }
            }
            changed
        }
        _ => {
            *a = V::Top;
            true
        }
    }
}

#[derive(Debug, PartialEq)]
struct St {
    locals: Vec<V>,
    stack: Vec<V>,
}

impl Clone for St {
    fn clone(&self) -> St {
        St {
            locals: self.locals.clone(),
            stack: self.stack.clone(),
        }
    }

    /// Reuses the buffers of `self` (the interpreter's scratch states).
    fn clone_from(&mut self, source: &St) {
        self.locals.clone_from(&source.locals);
        self.stack.clone_from(&source.stack);
    }
}

fn join_into(dst: &mut Option<St>, src: &St) -> Result<bool, String> {
    match dst {
        None => {
            *dst = Some(src.clone());
            Ok(true)
        }
        Some(d) => {
            if d.stack.len() != src.stack.len() || d.locals.len() != src.locals.len() {
                return Err("inconsistent stack heights at a join".into());
            }
            let mut changed = false;
            for (x, y) in d
                .locals
                .iter_mut()
                .chain(d.stack.iter_mut())
                .zip(src.locals.iter().chain(src.stack.iter()))
            {
                changed |= join_v(x, y);
            }
            Ok(changed)
        }
    }
}

/// Joins the state a handler is entered with (the locals of a covered instruction, the caught
/// exception `caught` alone on the stack) into the handler's state; whether it changed.
fn join_handler(dst: &mut Option<St>, locals: &[V], caught: DefId) -> Result<bool, String> {
    let exc = V::R(smallvec![caught]);
    match dst {
        None => {
            *dst = Some(St {
                locals: locals.to_vec(),
                stack: vec![exc],
            });
            Ok(true)
        }
        Some(d) => {
            if d.stack.len() != 1 || d.locals.len() != locals.len() {
                return Err("inconsistent stack heights at a handler".into());
            }
            let mut changed = join_v(&mut d.stack[0], &exc);
            for (x, y) in d.locals.iter_mut().zip(locals) {
                changed |= join_v(x, y);
            }
            Ok(changed)
        }
    }
}

struct Interp<'a> {
    m: &'a MethodCode,
    cfg: &'a Cfg,
    du: DefUse,
    keys: HashMap<(u8, usize), DefId>,
}

impl Interp<'_> {
    fn def(
        &mut self,
        tag: u8,
        at: usize,
        kind: DefKind,
        insn: Option<usize>,
        node: NodeId,
    ) -> DefId {
        if let Some(&d) = self.keys.get(&(tag, at)) {
            return d;
        }
        let id = self.du.defs.len() as DefId;
        self.du.defs.push(DefSite {
            kind,
            insn,
            node,
            local: None,
        });
        self.keys.insert((tag, at), id);
        id
    }

    fn insn_def(&mut self, i: usize, kind: DefKind) -> V {
        let node = self.cfg.node_of[i];
        let d = self.def(0, i, kind, Some(i), node);
        self.du.def_of_insn[i] = Some(d);
        V::R(smallvec![d])
    }

    fn use_v(&mut self, i: usize, v: &V) {
        if let V::R(ds) = v {
            self.du.operands[i].push(ds.to_vec());
            let u = &mut self.du.uses[i];
            for d in ds {
                if let Err(k) = u.binary_search(d) {
                    u.insert(k, *d);
                }
            }
        }
    }

    fn step(&mut self, i: usize, st: &mut St) -> Result<(), String> {
        use Instruction as I;
        let insn = &self.m.code[i];
        self.du.operands[i].clear();
        if let Some(op) = local_op(insn) {
            return self.step_local(i, op, st);
        }
        if let Some((pop, push)) = primitive_shape(insn) {
            st.pop_n(i, pop)?;
            st.push_p(push);
            return Ok(());
        }
        match insn {
            I::Nop | I::Goto(_) | I::Goto_w(_) | I::Return | I::Iinc(..) | I::Iinc_w(..) => {}
            I::Aconst_null => self.push_def(i, DefKind::Other, st),
            I::Ldc(_) | I::Ldc_w(_) | I::Ldc2_w(_) => match &self.m.resolved[i] {
                Resolved::Value(Ty::Ref) => self.push_def(i, DefKind::Other, st),
                Resolved::Value(Ty::Prim2) => st.push_p(2),
                _ => st.push_p(1),
            },
            I::Iaload | I::Faload | I::Baload | I::Caload | I::Saload => {
                st.pop(i)?;
                self.pop_use(i, st)?;
                st.push_p(1);
            }
            I::Laload | I::Daload => {
                st.pop(i)?;
                self.pop_use(i, st)?;
                st.push_p(2);
            }
            I::Aaload => {
                st.pop(i)?;
                self.pop_use(i, st)?;
                self.push_def(i, DefKind::Other, st);
            }
            I::Iastore | I::Fastore | I::Bastore | I::Castore | I::Sastore => {
                st.pop_n(i, 2)?;
                self.pop_use(i, st)?;
            }
            I::Lastore | I::Dastore => {
                st.pop_n(i, 3)?;
                self.pop_use(i, st)?;
            }
            I::Aastore => {
                self.pop_use(i, st)?;
                st.pop(i)?;
                self.pop_use(i, st)?;
            }
            I::If_acmpeq(_) | I::If_acmpne(_) => {
                self.pop_use(i, st)?;
                self.pop_use(i, st)?;
            }
            I::Ifnull(_)
            | I::Ifnonnull(_)
            | I::Areturn
            | I::Athrow
            | I::Monitorenter
            | I::Monitorexit => {
                self.pop_use(i, st)?;
            }
            I::Arraylength | I::Instanceof(_) => {
                self.pop_use(i, st)?;
                st.push_p(1);
            }
            I::Checkcast(_) => {
                let v = self.pop_use(i, st)?;
                st.stack.push(v);
            }
            I::Getstatic(_) | I::Getfield(_) | I::Putstatic(_) | I::Putfield(_) => {
                self.step_field(i, insn, st)?
            }
            I::Invokevirtual(_)
            | I::Invokespecial(_)
            | I::Invokestatic(_)
            | I::Invokeinterface(..)
            | I::Invokedynamic(_) => self.step_invoke(i, st)?,
            I::New(_) => self.push_def(i, DefKind::New, st),
            I::Newarray(_) | I::Anewarray(_) => {
                st.pop(i)?;
                self.push_def(i, DefKind::NewArray, st);
            }
            I::Multianewarray(_, dims) => {
                st.pop_n(i, usize::from(*dims))?;
                self.push_def(i, DefKind::NewArray, st);
            }
            _ => step_stack_op(i, insn, st)?,
        }
        Ok(())
    }

    /// Pops a value that the instruction uses (a reference operand is recorded).
    fn pop_use(&mut self, i: usize, st: &mut St) -> Result<V, String> {
        let v = st.pop(i)?;
        self.use_v(i, &v);
        Ok(v)
    }

    /// Pushes the reference that instruction `i` defines.
    fn push_def(&mut self, i: usize, kind: DefKind, st: &mut St) {
        let v = self.insn_def(i, kind);
        st.stack.push(v);
    }

    /// Pops a value of type `t` (a reference is used).
    fn pop_ty(&mut self, i: usize, st: &mut St, t: Ty) -> Result<(), String> {
        match t {
            Ty::Void => Ok(()),
            Ty::Prim1 => st.pop_n(i, 1),
            Ty::Prim2 => st.pop_n(i, 2),
            Ty::Ref => self.pop_use(i, st).map(|_| ()),
        }
    }

    /// Pushes a value of type `t` produced by instruction `i` (a reference is a new definition).
    fn push_ty(&mut self, i: usize, st: &mut St, t: Ty, kind: DefKind) {
        match t {
            Ty::Ref => self.push_def(i, kind, st),
            Ty::Prim2 => st.push_p(2),
            Ty::Prim1 => st.push_p(1),
            Ty::Void => {}
        }
    }

    fn step_local(&mut self, i: usize, op: LocalOp, st: &mut St) -> Result<(), String> {
        match op {
            LocalOp::Load {
                slot,
                words,
                is_ref,
            } => {
                let v = st.local(i, slot + words - 1).cloned()?;
                match (is_ref, v) {
                    (true, v @ V::R(_)) => st.stack.push(v),
                    _ => st.push_p(words),
                }
            }
            LocalOp::Store {
                slot,
                words,
                is_ref: false,
            } => {
                st.pop_n(i, words)?;
                for k in 0..words {
                    *st.local_mut(i, slot + k)? = V::P;
                }
            }
            LocalOp::Store { slot, .. } => {
                let v = self.pop_use(i, st)?;
                let nv = if matches!(v, V::R(_)) {
                    let nv = self.insn_def(i, DefKind::Local);
                    if let Some(d) = self.du.def_of_insn[i] {
                        self.du.defs[d as usize].local = Some(slot);
                    }
                    nv
                } else {
                    v
                };
                *st.local_mut(i, slot)? = nv;
            }
        }
        Ok(())
    }

    fn step_field(&mut self, i: usize, insn: &Instruction, st: &mut St) -> Result<(), String> {
        use Instruction as I;
        let Resolved::Value(t) = self.m.resolved[i] else {
            return Err(format!("instruction {i}: unresolved field"));
        };
        match insn {
            I::Putstatic(_) => self.pop_ty(i, st, t)?,
            I::Putfield(_) => {
                self.pop_ty(i, st, t)?;
                self.pop_use(i, st)?;
            }
            _ => {
                if matches!(insn, I::Getfield(_)) {
                    self.pop_use(i, st)?;
                }
                self.push_ty(i, st, t, DefKind::Other);
            }
        }
        Ok(())
    }

    fn step_invoke(&mut self, i: usize, st: &mut St) -> Result<(), String> {
        let Resolved::Invoke {
            args,
            ret,
            receiver,
            boxing,
        } = self.m.resolved[i].clone()
        else {
            return Err(format!("instruction {i}: unresolved call"));
        };
        for &t in args.iter().rev() {
            self.pop_ty(i, st, t)?;
        }
        if receiver {
            self.pop_use(i, st)?;
        }
        let kind = if boxing {
            DefKind::Boxed
        } else {
            DefKind::CallReturn
        };
        self.push_ty(i, st, ret, kind);
        Ok(())
    }
}

impl St {
    fn pop(&mut self, i: usize) -> Result<V, String> {
        self.stack
            .pop()
            .ok_or_else(|| format!("instruction {i}: stack underflow"))
    }

    fn pop_n(&mut self, i: usize, n: usize) -> Result<(), String> {
        for _ in 0..n {
            self.pop(i)?;
        }
        Ok(())
    }

    fn push_p(&mut self, n: usize) {
        self.stack.extend(std::iter::repeat_n(V::P, n));
    }

    fn local(&self, i: usize, n: usize) -> Result<&V, String> {
        self.locals
            .get(n)
            .ok_or_else(|| format!("instruction {i}: local {n} out of range"))
    }

    fn local_mut(&mut self, i: usize, n: usize) -> Result<&mut V, String> {
        self.locals
            .get_mut(n)
            .ok_or_else(|| format!("instruction {i}: local {n} out of range"))
    }
}

/// A load or store of a local variable, decoded from its many opcodes.
#[derive(Debug, Clone, Copy)]
enum LocalOp {
    Load {
        slot: usize,
        words: usize,
        is_ref: bool,
    },
    Store {
        slot: usize,
        words: usize,
        is_ref: bool,
    },
}

/// Decodes `*load*` and `*store*` instructions (not array loads/stores).
fn local_op(insn: &Instruction) -> Option<LocalOp> {
    use Instruction as I;
    // (slot, words, is_ref, is_store)
    let (slot, words, is_ref, store) = match *insn {
        I::Iload(n) | I::Fload(n) => (usize::from(n), 1, false, false),
        I::Iload_w(n) | I::Fload_w(n) => (usize::from(n), 1, false, false),
        I::Iload_0 | I::Fload_0 => (0, 1, false, false),
        I::Iload_1 | I::Fload_1 => (1, 1, false, false),
        I::Iload_2 | I::Fload_2 => (2, 1, false, false),
        I::Iload_3 | I::Fload_3 => (3, 1, false, false),
        I::Lload(n) | I::Dload(n) => (usize::from(n), 2, false, false),
        I::Lload_w(n) | I::Dload_w(n) => (usize::from(n), 2, false, false),
        I::Lload_0 | I::Dload_0 => (0, 2, false, false),
        I::Lload_1 | I::Dload_1 => (1, 2, false, false),
        I::Lload_2 | I::Dload_2 => (2, 2, false, false),
        I::Lload_3 | I::Dload_3 => (3, 2, false, false),
        I::Aload(n) => (usize::from(n), 1, true, false),
        I::Aload_w(n) => (usize::from(n), 1, true, false),
        I::Aload_0 => (0, 1, true, false),
        I::Aload_1 => (1, 1, true, false),
        I::Aload_2 => (2, 1, true, false),
        I::Aload_3 => (3, 1, true, false),
        I::Istore(n) | I::Fstore(n) => (usize::from(n), 1, false, true),
        I::Istore_w(n) | I::Fstore_w(n) => (usize::from(n), 1, false, true),
        I::Istore_0 | I::Fstore_0 => (0, 1, false, true),
        I::Istore_1 | I::Fstore_1 => (1, 1, false, true),
        I::Istore_2 | I::Fstore_2 => (2, 1, false, true),
        I::Istore_3 | I::Fstore_3 => (3, 1, false, true),
        I::Lstore(n) | I::Dstore(n) => (usize::from(n), 2, false, true),
        I::Lstore_w(n) | I::Dstore_w(n) => (usize::from(n), 2, false, true),
        I::Lstore_0 | I::Dstore_0 => (0, 2, false, true),
        I::Lstore_1 | I::Dstore_1 => (1, 2, false, true),
        I::Lstore_2 | I::Dstore_2 => (2, 2, false, true),
        I::Lstore_3 | I::Dstore_3 => (3, 2, false, true),
        I::Astore(n) => (usize::from(n), 1, true, true),
        I::Astore_w(n) => (usize::from(n), 1, true, true),
        I::Astore_0 => (0, 1, true, true),
        I::Astore_1 => (1, 1, true, true),
        I::Astore_2 => (2, 1, true, true),
        I::Astore_3 => (3, 1, true, true),
        _ => return None,
    };
    Some(match store {
        false => LocalOp::Load {
            slot,
            words,
            is_ref,
        },
        true => LocalOp::Store {
            slot,
            words,
            is_ref,
        },
    })
}

/// Words popped and primitive words pushed by instructions that touch no reference: constants,
/// arithmetic, conversions, comparisons, primitive branches and returns.
fn primitive_shape(insn: &Instruction) -> Option<(usize, usize)> {
    use Instruction as I;
    Some(match insn {
        I::Iconst_m1
        | I::Iconst_0
        | I::Iconst_1
        | I::Iconst_2
        | I::Iconst_3
        | I::Iconst_4
        | I::Iconst_5
        | I::Fconst_0
        | I::Fconst_1
        | I::Fconst_2
        | I::Bipush(_)
        | I::Sipush(_) => (0, 1),
        I::Lconst_0 | I::Lconst_1 | I::Dconst_0 | I::Dconst_1 => (0, 2),
        I::Iadd
        | I::Isub
        | I::Imul
        | I::Idiv
        | I::Irem
        | I::Ishl
        | I::Ishr
        | I::Iushr
        | I::Iand
        | I::Ior
        | I::Ixor
        | I::Fadd
        | I::Fsub
        | I::Fmul
        | I::Fdiv
        | I::Frem
        | I::Fcmpl
        | I::Fcmpg => (2, 1),
        I::Ladd
        | I::Lsub
        | I::Lmul
        | I::Ldiv
        | I::Lrem
        | I::Land
        | I::Lor
        | I::Lxor
        | I::Dadd
        | I::Dsub
        | I::Dmul
        | I::Ddiv
        | I::Drem => (4, 2),
        I::Lshl | I::Lshr | I::Lushr => (3, 2),
        I::Ineg | I::Fneg | I::I2f | I::F2i | I::I2b | I::I2c | I::I2s => (1, 1),
        I::Lneg | I::Dneg | I::L2d | I::D2l => (2, 2),
        I::I2l | I::I2d | I::F2l | I::F2d => (1, 2),
        I::L2i | I::L2f | I::D2i | I::D2f => (2, 1),
        I::Lcmp | I::Dcmpl | I::Dcmpg => (4, 1),
        I::Ifeq(_) | I::Ifne(_) | I::Iflt(_) | I::Ifge(_) | I::Ifgt(_) | I::Ifle(_) => (1, 0),
        I::If_icmpeq(_)
        | I::If_icmpne(_)
        | I::If_icmplt(_)
        | I::If_icmpge(_)
        | I::If_icmpgt(_)
        | I::If_icmple(_) => (2, 0),
        I::Tableswitch(_) | I::Lookupswitch(_) | I::Ireturn | I::Freturn | I::Pop => (1, 0),
        I::Lreturn | I::Dreturn | I::Pop2 => (2, 0),
        _ => return None,
    })
}

/// `dup*` and `swap`: values move on the stack with their definitions.
fn step_stack_op(i: usize, insn: &Instruction, st: &mut St) -> Result<(), String> {
    use Instruction as I;
    match insn {
        I::Dup => {
            let a = st.pop(i)?;
            st.stack.extend([a.clone(), a]);
        }
        I::Dup_x1 => {
            let (a, b) = (st.pop(i)?, st.pop(i)?);
            st.stack.extend([a.clone(), b, a]);
        }
        I::Dup_x2 => {
            let (a, b, c) = (st.pop(i)?, st.pop(i)?, st.pop(i)?);
            st.stack.extend([a.clone(), c, b, a]);
        }
        I::Dup2 => {
            let (a, b) = (st.pop(i)?, st.pop(i)?);
            st.stack.extend([b.clone(), a.clone(), b, a]);
        }
        I::Dup2_x1 => {
            let (a, b, c) = (st.pop(i)?, st.pop(i)?, st.pop(i)?);
            st.stack.extend([b.clone(), a.clone(), c, b, a]);
        }
        I::Dup2_x2 => {
            let (a, b, c, d) = (st.pop(i)?, st.pop(i)?, st.pop(i)?, st.pop(i)?);
            st.stack.extend([b.clone(), a.clone(), d, c, b, a]);
        }
        I::Swap => {
            let (a, b) = (st.pop(i)?, st.pop(i)?);
            st.stack.extend([a, b]);
        }
        other => return Err(format!("instruction {i}: {other:?} not supported")),
    }
    Ok(())
}

impl DefUse {
    /// The local slots the definitions write: one past the highest (0 when none does).
    pub fn local_slots(&self) -> usize {
        self.defs
            .iter()
            .filter_map(|d| d.local)
            .max()
            .map_or(0, |m| m + 1)
    }

    /// Per local slot (up to [`DefUse::local_slots`]), the definitions that write it, in id order.
    pub fn defs_by_slot(&self) -> Vec<Vec<usize>> {
        let mut of_slot: Vec<Vec<usize>> = vec![Vec::new(); self.local_slots()];
        for (d, def) in self.defs.iter().enumerate() {
            if let Some(k) = def.local {
                of_slot[k].push(d);
            }
        }
        of_slot
    }

    /// Per definition, whether it may hold the object that `target` defines: the target itself
    /// and every local copy of something that may (a fixed point over local stores).
    pub fn may_hold(&self, target: DefId) -> Vec<bool> {
        let mut may = vec![false; self.defs.len()];
        self.may_hold_each(target, |d| !std::mem::replace(&mut may[d as usize], true));
        may
    }

    /// [`DefUse::may_hold`] through `mark`, which marks a definition and says whether it was not
    /// marked yet (the caller keeps the marks: a sparse set costs what it marks).
    pub fn may_hold_each(&self, target: DefId, mut mark: impl FnMut(DefId) -> bool) {
        mark(target);
        // a worklist over the users: a store of something that may hold it may hold it
        let mut todo = vec![target];
        while let Some(x) = todo.pop() {
            for &i in self.users.get(x as usize).into_iter().flatten() {
                let Some(d) = self.def_of_insn[i] else {
                    continue;
                };
                if self.defs[d as usize].kind == DefKind::Local && mark(d) {
                    todo.push(d);
                }
            }
        }
    }

    /// Computes the def-use relation of a method whose CFG is `cfg`.
    pub fn compute(m: &MethodCode, cfg: &Cfg) -> Result<DefUse, ClassError> {
        let n = m.code.len();
        let err = |message: String| ClassError::Unsupported {
            method: m.display_name(),
            message,
        };
        let mut it = Interp {
            m,
            cfg,
            du: DefUse {
                defs: Vec::new(),
                uses: vec![Vec::new(); n],
                def_of_insn: vec![None; n],
                users: Vec::new(),
                operands: vec![Vec::new(); n],
            },
            keys: HashMap::default(),
        };
        let mut locals = vec![V::Top; m.max_locals];
        let mut slot = 0;
        for (k, &t) in m.params.iter().enumerate() {
            let words = if t == Ty::Prim2 { 2 } else { 1 };
            if slot + words > locals.len() {
                return Err(err("parameters exceed max_locals".into()));
            }
            if t == Ty::Ref {
                let d = it.def(1, k, DefKind::Param(k), None, cfg.start());
                it.du.defs[d as usize].local = Some(slot);
                locals[slot] = V::R(smallvec![d]);
            } else {
                locals[slot] = V::P;
                if words == 2 {
                    locals[slot + 1] = V::P;
                }
            }
            slot += words;
        }
        let mut state: Vec<Option<St>> = vec![None; n];
        state[0] = Some(St {
            locals,
            stack: Vec::new(),
        });
        let mut work: Vec<usize> = vec![0];
        let mut queued = vec![false; n];
        queued[0] = true;
        // scratch states, copied into with `clone_from` so their buffers are reused
        let mut st = St {
            locals: Vec::new(),
            stack: Vec::new(),
        };
        let mut before: Vec<V> = Vec::new();
        while let Some(i) = work.pop() {
            queued[i] = false;
            st.clone_from(state[i].as_ref().expect("queued states exist"));
            // the state before the instruction reaches the handlers that cover it
            let covered = m.handlers.iter().any(|h| i >= h.start && i < h.end);
            if covered {
                before.clone_from(&st.locals);
            }
            it.step(i, &mut st).map_err(&err)?;
            let t = transfer(&m.code[i], i);
            let mut succ = t.targets.clone();
            if t.falls_through {
                succ.push(i + 1);
            }
            for s in succ {
                if s >= n {
                    return Err(err(format!("instruction {i}: successor {s} out of range")));
                }
                if join_into(&mut state[s], &st).map_err(&err)? && !queued[s] {
                    queued[s] = true;
                    work.push(s);
                }
            }
            if !covered {
                continue;
            }
            for (hi, h) in m.handlers.iter().enumerate() {
                if i < h.start || i >= h.end {
                    continue;
                }
                let node = cfg.node_of[h.handler];
                let d = it.def(2, hi, DefKind::Caught, Some(h.handler), node);
                for locals in [&before, &st.locals] {
                    if join_handler(&mut state[h.handler], locals, d).map_err(&err)?
                        && !queued[h.handler]
                    {
                        queued[h.handler] = true;
                        work.push(h.handler);
                    }
                }
            }
        }
        let mut du = it.du;
        du.users = vec![Vec::new(); du.defs.len()];
        for (i, ds) in du.uses.iter().enumerate() {
            for &d in ds {
                du.users[d as usize].push(i);
            }
        }
        Ok(du)
    }
}

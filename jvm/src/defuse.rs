//! Reference def-use by abstract interpretation of locals and the operand stack: every value
//! slot holds the set of definitions (instructions, parameters, caught exceptions) that may
//! have produced the reference in it; an instruction that consumes a reference uses those.

use std::collections::HashMap;

use ristretto_classfile::attributes::Instruction;

use super::cfg::Cfg;
use super::classfile::{ClassError, MethodCode, Resolved, Ty};
use super::flow::transfer;
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
            DefKind::New | DefKind::NewArray | DefKind::Param(_) | DefKind::CallReturn
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

#[derive(Debug, Clone, PartialEq)]
enum V {
    Top,
    P,
    R(Vec<DefId>),
}

fn join_v(a: &V, b: &V) -> V {
    match (a, b) {
        (V::P, V::P) => V::P,
        (V::R(x), V::R(y)) => {
            let mut z = x.clone();
            for d in y {
                if let Err(k) = z.binary_search(d) {
                    z.insert(k, *d);
                }
            }
            V::R(z)
        }
        _ => V::Top,
    }
}

#[derive(Debug, Clone, PartialEq)]
struct St {
    locals: Vec<V>,
    stack: Vec<V>,
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
                let j = join_v(x, y);
                if j != *x {
                    *x = j;
                    changed = true;
                }
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
        V::R(vec![d])
    }

    fn use_v(&mut self, i: usize, v: &V) {
        if let V::R(ds) = v {
            self.du.operands[i].push(ds.clone());
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
        macro_rules! pop {
            () => {
                st.stack
                    .pop()
                    .ok_or_else(|| format!("instruction {i}: stack underflow"))?
            };
        }
        macro_rules! popu {
            () => {{
                let v = pop!();
                self.use_v(i, &v);
                v
            }};
        }
        macro_rules! popw {
            ($n:expr) => {
                for _ in 0..$n {
                    pop!();
                }
            };
        }
        macro_rules! push_p {
            ($n:expr) => {
                for _ in 0..$n {
                    st.stack.push(V::P);
                }
            };
        }
        let pop_ty = |this: &mut Self, st: &mut St, t: Ty| -> Result<(), String> {
            match t {
                Ty::Void => {}
                Ty::Prim1 => {
                    st.stack.pop().ok_or("stack underflow")?;
                }
                Ty::Prim2 => {
                    st.stack.pop().ok_or("stack underflow")?;
                    st.stack.pop().ok_or("stack underflow")?;
                }
                Ty::Ref => {
                    let v = st.stack.pop().ok_or("stack underflow")?;
                    this.use_v(i, &v);
                }
            }
            Ok(())
        };
        let load = |st: &mut St, n: usize, words: usize| -> Result<(), String> {
            for k in 0..words {
                let v = st
                    .locals
                    .get(n + k)
                    .cloned()
                    .ok_or_else(|| format!("instruction {i}: local {} out of range", n + k))?;
                st.stack.push(if words == 1 && matches!(v, V::R(_)) {
                    v
                } else {
                    V::P
                });
            }
            Ok(())
        };
        let store = |st: &mut St, n: usize, v: Vec<V>| -> Result<(), String> {
            for (k, x) in v.into_iter().enumerate() {
                *st.locals
                    .get_mut(n + k)
                    .ok_or_else(|| format!("instruction {i}: local {} out of range", n + k))? = x;
            }
            Ok(())
        };
        match insn {
            I::Nop | I::Goto(_) | I::Goto_w(_) | I::Return | I::Iinc(..) | I::Iinc_w(..) => {}
            I::Aconst_null => {
                let v = self.insn_def(i, DefKind::Other);
                st.stack.push(v);
            }
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
            | I::Sipush(_) => push_p!(1),
            I::Lconst_0 | I::Lconst_1 | I::Dconst_0 | I::Dconst_1 => push_p!(2),
            I::Ldc(_) | I::Ldc_w(_) | I::Ldc2_w(_) => match &self.m.resolved[i] {
                Resolved::Value(Ty::Ref) => {
                    let v = self.insn_def(i, DefKind::Other);
                    st.stack.push(v);
                }
                Resolved::Value(Ty::Prim2) => push_p!(2),
                _ => push_p!(1),
            },
            I::Iload(n) | I::Fload(n) => load(st, usize::from(*n), 1).map(|_| {
                *st.stack.last_mut().expect("pushed") = V::P;
            })?,
            I::Iload_w(n) | I::Fload_w(n) => load(st, usize::from(*n), 1).map(|_| {
                *st.stack.last_mut().expect("pushed") = V::P;
            })?,
            I::Iload_0 | I::Fload_0 => push_p!(1),
            I::Iload_1 | I::Fload_1 => push_p!(1),
            I::Iload_2 | I::Fload_2 => push_p!(1),
            I::Iload_3 | I::Fload_3 => push_p!(1),
            I::Lload(_) | I::Dload(_) | I::Lload_w(_) | I::Dload_w(_) => push_p!(2),
            I::Lload_0 | I::Lload_1 | I::Lload_2 | I::Lload_3 => push_p!(2),
            I::Dload_0 | I::Dload_1 | I::Dload_2 | I::Dload_3 => push_p!(2),
            I::Aload(n) => load(st, usize::from(*n), 1)?,
            I::Aload_w(n) => load(st, usize::from(*n), 1)?,
            I::Aload_0 => load(st, 0, 1)?,
            I::Aload_1 => load(st, 1, 1)?,
            I::Aload_2 => load(st, 2, 1)?,
            I::Aload_3 => load(st, 3, 1)?,
            I::Iaload | I::Faload | I::Baload | I::Caload | I::Saload => {
                pop!();
                popu!();
                push_p!(1);
            }
            I::Laload | I::Daload => {
                pop!();
                popu!();
                push_p!(2);
            }
            I::Aaload => {
                pop!();
                popu!();
                let v = self.insn_def(i, DefKind::Other);
                st.stack.push(v);
            }
            I::Istore(n) | I::Fstore(n) => {
                pop!();
                store(st, usize::from(*n), vec![V::P])?
            }
            I::Istore_w(n) | I::Fstore_w(n) => {
                pop!();
                store(st, usize::from(*n), vec![V::P])?
            }
            I::Istore_0 | I::Fstore_0 => {
                pop!();
                store(st, 0, vec![V::P])?
            }
            I::Istore_1 | I::Fstore_1 => {
                pop!();
                store(st, 1, vec![V::P])?
            }
            I::Istore_2 | I::Fstore_2 => {
                pop!();
                store(st, 2, vec![V::P])?
            }
            I::Istore_3 | I::Fstore_3 => {
                pop!();
                store(st, 3, vec![V::P])?
            }
            I::Lstore(n) | I::Dstore(n) => {
                popw!(2);
                store(st, usize::from(*n), vec![V::P, V::P])?
            }
            I::Lstore_w(n) | I::Dstore_w(n) => {
                popw!(2);
                store(st, usize::from(*n), vec![V::P, V::P])?
            }
            I::Lstore_0 | I::Dstore_0 => {
                popw!(2);
                store(st, 0, vec![V::P, V::P])?
            }
            I::Lstore_1 | I::Dstore_1 => {
                popw!(2);
                store(st, 1, vec![V::P, V::P])?
            }
            I::Lstore_2 | I::Dstore_2 => {
                popw!(2);
                store(st, 2, vec![V::P, V::P])?
            }
            I::Lstore_3 | I::Dstore_3 => {
                popw!(2);
                store(st, 3, vec![V::P, V::P])?
            }
            I::Astore(_)
            | I::Astore_w(_)
            | I::Astore_0
            | I::Astore_1
            | I::Astore_2
            | I::Astore_3 => {
                let n = match insn {
                    I::Astore(n) => usize::from(*n),
                    I::Astore_w(n) => usize::from(*n),
                    I::Astore_0 => 0,
                    I::Astore_1 => 1,
                    I::Astore_2 => 2,
                    _ => 3,
                };
                let v = popu!();
                let nv = if matches!(v, V::R(_)) {
                    let nv = self.insn_def(i, DefKind::Local);
                    if let Some(d) = self.du.def_of_insn[i] {
                        self.du.defs[d as usize].local = Some(n);
                    }
                    nv
                } else {
                    v
                };
                store(st, n, vec![nv])?
            }
            I::Iastore | I::Fastore | I::Bastore | I::Castore | I::Sastore => {
                pop!();
                pop!();
                popu!();
            }
            I::Lastore | I::Dastore => {
                popw!(3);
                popu!();
            }
            I::Aastore => {
                popu!();
                pop!();
                popu!();
            }
            I::Pop => {
                pop!();
            }
            I::Pop2 => popw!(2),
            I::Dup => {
                let a = pop!();
                st.stack.push(a.clone());
                st.stack.push(a);
            }
            I::Dup_x1 => {
                let a = pop!();
                let b = pop!();
                st.stack.extend([a.clone(), b, a]);
            }
            I::Dup_x2 => {
                let a = pop!();
                let b = pop!();
                let c = pop!();
                st.stack.extend([a.clone(), c, b, a]);
            }
            I::Dup2 => {
                let a = pop!();
                let b = pop!();
                st.stack.extend([b.clone(), a.clone(), b, a]);
            }
            I::Dup2_x1 => {
                let a = pop!();
                let b = pop!();
                let c = pop!();
                st.stack.extend([b.clone(), a.clone(), c, b, a]);
            }
            I::Dup2_x2 => {
                let a = pop!();
                let b = pop!();
                let c = pop!();
                let d = pop!();
                st.stack.extend([b.clone(), a.clone(), d, c, b, a]);
            }
            I::Swap => {
                let a = pop!();
                let b = pop!();
                st.stack.extend([a, b]);
            }
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
            | I::Fcmpg => {
                popw!(2);
                push_p!(1);
            }
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
            | I::Drem => {
                popw!(4);
                push_p!(2);
            }
            I::Lshl | I::Lshr | I::Lushr => {
                popw!(3);
                push_p!(2);
            }
            I::Ineg | I::Fneg | I::I2f | I::F2i | I::I2b | I::I2c | I::I2s => {
                popw!(1);
                push_p!(1);
            }
            I::Lneg | I::Dneg | I::L2d | I::D2l => {
                popw!(2);
                push_p!(2);
            }
            I::I2l | I::I2d | I::F2l | I::F2d => {
                popw!(1);
                push_p!(2);
            }
            I::L2i | I::L2f | I::D2i | I::D2f => {
                popw!(2);
                push_p!(1);
            }
            I::Lcmp | I::Dcmpl | I::Dcmpg => {
                popw!(4);
                push_p!(1);
            }
            I::Ifeq(_) | I::Ifne(_) | I::Iflt(_) | I::Ifge(_) | I::Ifgt(_) | I::Ifle(_) => {
                pop!();
            }
            I::If_icmpeq(_)
            | I::If_icmpne(_)
            | I::If_icmplt(_)
            | I::If_icmpge(_)
            | I::If_icmpgt(_)
            | I::If_icmple(_) => popw!(2),
            I::If_acmpeq(_) | I::If_acmpne(_) => {
                popu!();
                popu!();
            }
            I::Ifnull(_) | I::Ifnonnull(_) => {
                popu!();
            }
            I::Tableswitch(_) | I::Lookupswitch(_) => {
                pop!();
            }
            I::Ireturn | I::Freturn => {
                pop!();
            }
            I::Lreturn | I::Dreturn => popw!(2),
            I::Areturn | I::Athrow | I::Monitorenter | I::Monitorexit => {
                popu!();
            }
            I::Getstatic(_) | I::Getfield(_) | I::Putstatic(_) | I::Putfield(_) => {
                let Resolved::Value(t) = self.m.resolved[i] else {
                    return Err(format!("instruction {i}: unresolved field"));
                };
                match insn {
                    I::Putstatic(_) => pop_ty(self, st, t)?,
                    I::Putfield(_) => {
                        pop_ty(self, st, t)?;
                        popu!();
                    }
                    _ => {
                        if matches!(insn, I::Getfield(_)) {
                            popu!();
                        }
                        match t {
                            Ty::Ref => {
                                let v = self.insn_def(i, DefKind::Other);
                                st.stack.push(v);
                            }
                            Ty::Prim2 => push_p!(2),
                            _ => push_p!(1),
                        }
                    }
                }
            }
            I::Invokevirtual(_)
            | I::Invokespecial(_)
            | I::Invokestatic(_)
            | I::Invokeinterface(..)
            | I::Invokedynamic(_) => {
                let Resolved::Invoke {
                    args,
                    ret,
                    receiver,
                } = self.m.resolved[i].clone()
                else {
                    return Err(format!("instruction {i}: unresolved call"));
                };
                for &t in args.iter().rev() {
                    pop_ty(self, st, t)?;
                }
                if receiver {
                    popu!();
                }
                match ret {
                    Ty::Ref => {
                        let v = self.insn_def(i, DefKind::CallReturn);
                        st.stack.push(v);
                    }
                    Ty::Prim2 => push_p!(2),
                    Ty::Prim1 => push_p!(1),
                    Ty::Void => {}
                }
            }
            I::New(_) => {
                let v = self.insn_def(i, DefKind::New);
                st.stack.push(v);
            }
            I::Newarray(_) | I::Anewarray(_) => {
                pop!();
                let v = self.insn_def(i, DefKind::NewArray);
                st.stack.push(v);
            }
            I::Multianewarray(_, dims) => {
                popw!(usize::from(*dims));
                let v = self.insn_def(i, DefKind::NewArray);
                st.stack.push(v);
            }
            I::Arraylength | I::Instanceof(_) => {
                popu!();
                push_p!(1);
            }
            I::Checkcast(_) => {
                let v = popu!();
                st.stack.push(v);
            }
            other => return Err(format!("instruction {i}: {other:?} not supported")),
        }
        Ok(())
    }
}

impl DefUse {
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
            keys: HashMap::new(),
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
                locals[slot] = V::R(vec![d]);
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
        while let Some(i) = work.pop() {
            queued[i] = false;
            let before = state[i].clone().expect("queued states exist");
            let mut st = before.clone();
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
            for (hi, h) in m.handlers.iter().enumerate() {
                if i < h.start || i >= h.end {
                    continue;
                }
                let node = cfg.node_of[h.handler];
                let d = it.def(2, hi, DefKind::Caught, Some(h.handler), node);
                for locals in [&before.locals, &st.locals] {
                    let hs = St {
                        locals: locals.clone(),
                        stack: vec![V::R(vec![d])],
                    };
                    if join_into(&mut state[h.handler], &hs).map_err(&err)? && !queued[h.handler] {
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

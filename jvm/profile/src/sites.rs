//! What instrumenting a jar produced, as the run and the reconstruction read it: the methods
//! with their static analyses, the profiled sites (allocations and reference parameters), the
//! jar's classes and hierarchy, and the classes given tag fields and probe gates.

use std::collections::{BTreeMap, BTreeSet};

use graph::NodeId;

use jvm_bytecode::analysis::MethodFlow;
use jvm_bytecode::hierarchy::JarHierarchy;
use jvm_bytecode::invoke::CallRef;

/// What a profiled site is.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub enum SiteKind {
    /// An allocation (`new`, `newarray`, …) at an instruction.
    Alloc {
        /// The allocating instruction.
        insn: usize,
        /// Allocated type (internal name or array descriptor).
        ty: String,
    },
    /// An incoming reference parameter (Algorithm 5 roots).
    Param {
        /// Parameter index (`this` is 0 in instance methods).
        index: usize,
    },
}

/// One profiled site.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Site {
    /// Global site id.
    pub id: u32,
    /// Index of its method in [`Instrumented::methods`].
    pub method: u32,
    /// What it is.
    pub kind: SiteKind,
    /// Its definition in the method's def-use relation.
    pub def: u32,
    /// CFG node of the definition.
    pub node: NodeId,
    /// Source line.
    pub line: Option<u32>,
    /// Whether its flow is path-profiled (the method is numbered).
    pub profiled: bool,
}

/// One instrumented method with what offline decoding needs.
#[derive(Debug, Clone)]
pub struct MethodInfo {
    /// Global method id.
    pub id: u32,
    /// The static analysis (numbered HFG when `numbered`).
    pub flow: MethodFlow,
    /// Whether entry/exit and accesses were instrumented (the HFG is numbered).
    pub numbered: bool,
    /// Source file name from the class, if any.
    pub source: Option<String>,
    /// Called method of each invoke instruction.
    pub calls: BTreeMap<usize, CallRef>,
    /// Call-site name of each `invokedynamic` (`makeConcatWithConstants`, a lambda's method).
    pub indy: BTreeMap<usize, String>,
}

/// What instrumenting classes produced so far.
#[derive(Debug, Default)]
pub struct Instrumented {
    /// Instrumented methods, indexed by id.
    pub methods: Vec<MethodInfo>,
    /// Sites, indexed by id.
    pub sites: Vec<Site>,
    /// Classes of the jar (internal names).
    pub jar_classes: BTreeSet<String>,
    /// Classes copied unchanged and methods left out, one line each.
    pub warnings: Vec<String>,
    /// Classes that get the synthetic tag field ([`super::tagfield`]).
    pub tag_classes: BTreeSet<String>,
    /// The tag classes that also get probe gates ([`super::tag_access`]).
    pub gate_classes: BTreeSet<String>,
    /// Which calls reach the jar's own methods ([`jvm_bytecode::hierarchy`]).
    pub hierarchy: JarHierarchy,
}

//! Which function declares a name: the innermost one (a local), an enclosing one or the top level
//! (an outer variable, living on the heap), or none (a global).

use std::collections::HashSet;

use swc_ecma_ast::{Decl, ModuleDecl, ModuleItem, Stmt, VarDeclKind};

/// Where a name is declared, seen from the innermost function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    /// In the innermost enclosing function (or its blocks).
    Local,
    /// In an enclosing function or the top level, assignable (`var`, `let`, a parameter).
    Outer,
    /// In an enclosing function or the top level, never assigned (`const`, a function or class
    /// declaration, an import): its reads are not heap traffic worth following.
    OuterFixed,
    /// Nowhere in the file.
    Global,
}

#[derive(Debug, Default)]
pub(super) struct Scopes {
    /// Names per scope, innermost last, and whether the scope is a function's.
    stack: Vec<(HashSet<String>, bool)>,
    /// The names of each scope that are never assigned.
    fixed: Vec<HashSet<String>>,
}

/// Names a statement list binds for good: `const`, function and class declarations.
pub(super) fn fixed_names<'a>(stmts: impl IntoIterator<Item = &'a Stmt>) -> Vec<String> {
    let mut out = Vec::new();
    for s in stmts {
        if let Stmt::Decl(d) = s {
            decl_fixed(d, &mut out);
        }
    }
    out
}

fn decl_fixed(d: &Decl, out: &mut Vec<String>) {
    match d {
        Decl::Var(v) if v.kind == VarDeclKind::Const => v
            .decls
            .iter()
            .for_each(|d| crate::scope::pat_names(&d.name, out)),
        Decl::Fn(f) => out.push(f.ident.sym.to_string()),
        Decl::Class(c) => out.push(c.ident.sym.to_string()),
        _ => {}
    }
}

/// The same for a module's top level, imports included.
pub(super) fn module_fixed_names(items: &[ModuleItem]) -> Vec<String> {
    let mut out = fixed_names(items.iter().filter_map(|i| match i {
        ModuleItem::Stmt(s) => Some(s),
        _ => None,
    }));
    for item in items {
        match item {
            ModuleItem::ModuleDecl(ModuleDecl::ExportDecl(e)) => decl_fixed(&e.decl, &mut out),
            ModuleItem::ModuleDecl(ModuleDecl::Import(i)) => {
                crate::scope::import_names(i, &mut out)
            }
            _ => {}
        }
    }
    out
}

impl Scopes {
    pub(super) fn push(&mut self, names: Vec<String>, function: bool) {
        self.stack.push((names.into_iter().collect(), function));
        self.fixed.push(HashSet::new());
    }

    /// Marks names of the innermost scope as never assigned.
    pub(super) fn fix(&mut self, names: Vec<String>) {
        if let Some(f) = self.fixed.last_mut() {
            f.extend(names);
        }
    }

    pub(super) fn pop(&mut self) {
        self.stack.pop();
        self.fixed.pop();
    }

    pub(super) fn place(&self, name: &str) -> Place {
        let mut crossed = false;
        for ((names, function), fixed) in self.stack.iter().zip(&self.fixed).rev() {
            if names.contains(name) {
                return match (crossed, fixed.contains(name)) {
                    (false, _) => Place::Local,
                    (true, false) => Place::Outer,
                    (true, true) => Place::OuterFixed,
                };
            }
            crossed |= *function;
        }
        Place::Global
    }
}

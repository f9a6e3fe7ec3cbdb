//! `namespace N { … }` lowered as TypeScript emits it, around the body's own text: the header
//! becomes an immediately called function of `N` (the object made first unless a class or
//! function of that name already is `N`), `export` inside the body is blanked, and each exported
//! function is put on `N` at the body's start (declarations are hoisted); exported variables and
//! classes become accessors of `N`, so `N.x` reads the binding as it is now. Nested namespaces,
//! `namespace A.B`, exported enums and destructured exports are left to the full transform.

use std::collections::HashSet;

use swc_common::Spanned;
use swc_ecma_ast::{
    Decl, ModuleDecl, ModuleItem, Pat, Program, Stmt, TsModuleDecl, TsModuleName, TsNamespaceBody,
    VarDeclKind,
};

use super::lower::Collect;

/// Names a class or a function declares at the top of `program` (a namespace merges into them).
pub(super) fn merge_targets(program: &Program) -> HashSet<String> {
    let decl_name = |d: &Decl| match d {
        Decl::Class(c) => Some(c.ident.sym.to_string()),
        Decl::Fn(f) if f.function.body.is_some() => Some(f.ident.sym.to_string()),
        _ => None,
    };
    let items: Vec<Option<String>> = match program {
        Program::Module(m) => m
            .body
            .iter()
            .map(|i| match i {
                ModuleItem::Stmt(Stmt::Decl(d)) => decl_name(d),
                ModuleItem::ModuleDecl(ModuleDecl::ExportDecl(x)) => decl_name(&x.decl),
                _ => None,
            })
            .collect(),
        Program::Script(s) => s
            .body
            .iter()
            .map(|st| match st {
                Stmt::Decl(d) => decl_name(d),
                _ => None,
            })
            .collect(),
    };
    items.into_iter().flatten().collect()
}

/// Whether a namespace body has values (a body of types only is the stripper's to blank).
fn instantiated(items: &[ModuleItem]) -> bool {
    let is_value = |d: &Decl| match d {
        Decl::TsInterface(_) | Decl::TsTypeAlias(_) => false,
        Decl::TsModule(m) => !m.declare && m.body.as_ref().is_some_and(body_has_values),
        Decl::TsEnum(e) => !e.declare,
        Decl::Var(v) => !v.declare,
        Decl::Fn(f) => !f.declare,
        Decl::Class(c) => !c.declare,
        Decl::Using(_) => true,
    };
    items.iter().any(|i| match i {
        ModuleItem::Stmt(Stmt::Decl(d)) => is_value(d),
        ModuleItem::ModuleDecl(ModuleDecl::ExportDecl(x)) => is_value(&x.decl),
        ModuleItem::Stmt(Stmt::Empty(_)) => false,
        _ => true,
    })
}

fn body_has_values(b: &TsNamespaceBody) -> bool {
    match b {
        TsNamespaceBody::TsModuleBlock(b) => instantiated(&b.body),
        TsNamespaceBody::TsNamespaceDecl(_) => true,
    }
}

impl Collect<'_> {
    /// Plans the lowering of `m` (at `sp`, `export` included); `false` when the body holds only
    /// types and the stripper blanks it.
    pub(super) fn namespace(&mut self, m: &TsModuleDecl, sp: swc_common::Span, export: bool) {
        let (TsModuleName::Ident(id), Some(TsNamespaceBody::TsModuleBlock(block))) =
            (&m.id, &m.body)
        else {
            self.plan.refused = !m.declare;
            return;
        };
        if m.declare || !instantiated(&block.body) {
            return;
        }
        let name = id.sym.to_string();
        let (lo, hi) = self.range(sp);
        let (body_lo, body_hi) = self.range(block.span);
        if body_hi != hi || !self.src[..hi].ends_with('}') || !self.src[body_lo..].starts_with('{')
        {
            self.plan.refused = true;
            return;
        }
        let mut exports = String::new();
        for item in &block.body {
            let ModuleItem::ModuleDecl(ModuleDecl::ExportDecl(x)) = item else {
                if matches!(item, ModuleItem::ModuleDecl(_)) {
                    self.plan.refused = true;
                }
                continue;
            };
            // `export` goes: a block cannot export
            let (xlo, _) = self.range(x.span);
            let (dlo, _) = self.range(x.decl.span());
            self.plan.pre.push((xlo, self.blank(xlo, dlo)));
            match &x.decl {
                Decl::Fn(f) if f.function.body.is_some() => {
                    let f = &f.ident.sym;
                    exports.push_str(&format!(" {name}.{f} = {f};"));
                }
                Decl::Class(c) => exports.push_str(&accessor(&name, &c.ident.sym, false)),
                Decl::Var(v) if !v.declare => {
                    for d in &v.decls {
                        let Pat::Ident(b) = &d.name else {
                            self.plan.refused = true;
                            return;
                        };
                        let settable = v.kind != VarDeclKind::Const;
                        exports.push_str(&accessor(&name, &b.id.sym, settable));
                    }
                }
                Decl::Fn(_) | Decl::TsInterface(_) | Decl::TsTypeAlias(_) => {}
                Decl::TsModule(n) if n.declare || !n.body.as_ref().is_some_and(body_has_values) => {
                }
                _ => {
                    self.plan.refused = true;
                    return;
                }
            }
        }
        // the header and braces as blanks, so the stripper reads the body as a block
        self.plan.pre.push((lo, self.blank(lo, body_lo)));
        let open = match (self.merged.contains(&name), export) {
            (true, _) => format!("(function ({name}) {{"),
            (false, true) => format!(
                "export var {name} = {name} === undefined ? {{}} : {name}; (function ({name}) {{"
            ),
            (false, false) => {
                format!("var {name} = {name} === undefined ? {{}} : {name}; (function ({name}) {{")
            }
        };
        let head = format!("{open}{exports}{}", self.newlines(lo, body_lo + 1));
        self.plan.post.push((lo, body_lo + 1, head));
        self.plan.post.push((hi - 1, hi, format!("}})({name});")));
    }
}

/// `N.x` as an accessor of the binding `x` (settable unless it is a constant).
fn accessor(ns: &str, x: &str, settable: bool) -> String {
    let set = match settable {
        true => format!(", set: function (v) {{ {x} = v; }}"),
        false => String::new(),
    };
    format!(
        " Object.defineProperty({ns}, \"{x}\", {{ get: function () {{ return {x}; }}{set}, \
         enumerable: true, configurable: true }});"
    )
}

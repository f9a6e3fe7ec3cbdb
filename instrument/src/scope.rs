//! Which names a function, block or program declares, so writes can be classed as local, outer or global.

use swc_ecma_ast::{
    ArrowExpr, Class, Decl, Function, ModuleDecl, ModuleItem, ObjectPatProp, Pat, Stmt, VarDecl,
    VarDeclKind,
};
use swc_ecma_visit::{Visit, VisitWith};

/// Pushes every name bound by a pattern.
pub fn pat_names(p: &Pat, out: &mut Vec<String>) {
    match p {
        Pat::Ident(b) => out.push(b.id.sym.to_string()),
        Pat::Array(a) => a.elems.iter().flatten().for_each(|e| pat_names(e, out)),
        Pat::Rest(r) => pat_names(&r.arg, out),
        Pat::Object(o) => {
            for prop in &o.props {
                match prop {
                    ObjectPatProp::KeyValue(kv) => pat_names(&kv.value, out),
                    ObjectPatProp::Assign(a) => out.push(a.key.id.sym.to_string()),
                    ObjectPatProp::Rest(r) => pat_names(&r.arg, out),
                }
            }
        }
        Pat::Assign(a) => pat_names(&a.left, out),
        Pat::Invalid(_) | Pat::Expr(_) => {}
    }
}

/// Every name a list of parameter patterns binds, in order.
pub fn param_names<'a>(params: impl IntoIterator<Item = &'a Pat>) -> Vec<String> {
    let mut out = Vec::new();
    for p in params {
        pat_names(p, &mut out);
    }
    out
}

/// The patterns of a constructor's plain parameters (not TypeScript parameter properties).
pub fn ctor_pats(params: &[swc_ecma_ast::ParamOrTsParamProp]) -> impl Iterator<Item = &Pat> {
    params.iter().filter_map(|p| match p {
        swc_ecma_ast::ParamOrTsParamProp::Param(p) => Some(&p.pat),
        _ => None,
    })
}

/// Names declared with `var` (and function declarations in nested blocks) in these statements, not entering functions.
struct VarNames(Vec<String>);

impl Visit for VarNames {
    fn visit_var_decl(&mut self, v: &VarDecl) {
        if v.kind == VarDeclKind::Var {
            for d in &v.decls {
                pat_names(&d.name, &mut self.0);
            }
        }
        v.visit_children_with(self);
    }
    fn visit_fn_decl(&mut self, f: &swc_ecma_ast::FnDecl) {
        self.0.push(f.ident.sym.to_string());
    }
    fn visit_function(&mut self, _: &Function) {}
    fn visit_arrow_expr(&mut self, _: &ArrowExpr) {}
    fn visit_class(&mut self, _: &Class) {}
}

/// Names a function body (or a script) declares with `var` or hoisted function declarations.
pub fn var_names<'a>(stmts: impl IntoIterator<Item = &'a Stmt>, out: &mut Vec<String>) {
    let mut v = VarNames(Vec::new());
    for s in stmts {
        s.visit_with(&mut v);
    }
    out.extend(v.0);
}

/// The names a `let`/`const` declaration binds (none for `var`: those belong to the function).
pub fn let_names(v: &VarDecl) -> Vec<String> {
    let mut names = Vec::new();
    if v.kind != VarDeclKind::Var {
        for d in &v.decls {
            pat_names(&d.name, &mut names);
        }
    }
    names
}

/// The block-scoped names a `for … in`/`for … of` head declares.
pub fn head_let_names(left: &swc_ecma_ast::ForHead) -> Vec<String> {
    match left {
        swc_ecma_ast::ForHead::VarDecl(v) => let_names(v),
        _ => Vec::new(),
    }
}

/// Names a statement list declares lexically at its own level (`let`, `const`, `class`, functions).
pub fn lexical_names<'a>(stmts: impl IntoIterator<Item = &'a Stmt>, out: &mut Vec<String>) {
    for s in stmts {
        if let Stmt::Decl(d) = s {
            decl_names(d, out);
        }
    }
}

fn decl_names(d: &Decl, out: &mut Vec<String>) {
    match d {
        Decl::Var(v) => v.decls.iter().for_each(|d| pat_names(&d.name, out)),
        Decl::Fn(f) => out.push(f.ident.sym.to_string()),
        Decl::Class(c) => out.push(c.ident.sym.to_string()),
        Decl::Using(u) => u.decls.iter().for_each(|d| pat_names(&d.name, out)),
        _ => {}
    }
}

/// The local names an import declaration binds.
pub fn import_names(i: &swc_ecma_ast::ImportDecl, out: &mut Vec<String>) {
    for s in &i.specifiers {
        let local = match s {
            swc_ecma_ast::ImportSpecifier::Named(n) => &n.local,
            swc_ecma_ast::ImportSpecifier::Default(d) => &d.local,
            swc_ecma_ast::ImportSpecifier::Namespace(n) => &n.local,
        };
        out.push(local.sym.to_string());
    }
}

/// Names a module's top level declares: its statements' declarations and imports.
pub fn module_names(items: &[ModuleItem], out: &mut Vec<String>) {
    let stmts = items.iter().filter_map(|i| match i {
        ModuleItem::Stmt(s) => Some(s),
        _ => None,
    });
    var_names(stmts.clone(), out);
    lexical_names(stmts, out);
    for item in items {
        match item {
            ModuleItem::ModuleDecl(ModuleDecl::Import(i)) => import_names(i, out),
            ModuleItem::ModuleDecl(ModuleDecl::ExportDecl(e)) => decl_names(&e.decl, out),
            ModuleItem::ModuleDecl(ModuleDecl::ExportDefaultDecl(e)) => match &e.decl {
                swc_ecma_ast::DefaultDecl::Fn(f) => {
                    if let Some(i) = &f.ident {
                        out.push(i.sym.to_string());
                    }
                }
                swc_ecma_ast::DefaultDecl::Class(c) => {
                    if let Some(i) = &c.ident {
                        out.push(i.sym.to_string());
                    }
                }
                _ => {}
            },
            _ => {}
        }
    }
}

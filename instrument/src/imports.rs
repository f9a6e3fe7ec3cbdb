//! What an ES module exports and asks of others by name, and dropping the names it asks for that
//! are not there (positions kept): the engine binds such a name to `undefined`, as vitest and
//! jest do (see `engine/src/imports.rs`).

use std::collections::BTreeSet;

use swc_ecma_ast::{
    Decl, ExportSpecifier, ImportSpecifier, ModuleDecl, ModuleExportName, ModuleItem, Pat, Program,
};

/// The names a module exports, as far as its text says.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ModuleExports {
    /// Exported names (`default` included).
    pub names: BTreeSet<String>,
    /// The specifiers of its `export * from '…'`, whose names are exported too.
    pub star_from: Vec<String>,
    /// Names it re-exports from another module (`export { a as b } from './m'`): the exported
    /// name, the name asked of the module, and its specifier.
    pub renamed_from: Vec<(String, String, String)>,
    /// It exports names its text does not spell (a destructuring `export const { a } = o`).
    pub open: bool,
}

/// A name an import or a re-export asks of another module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedRequest {
    /// The module specifier (`./options`).
    pub from: String,
    /// The name asked for.
    pub name: String,
    /// The local binding an import creates (none for a re-export).
    pub local: Option<String>,
    /// Byte range of the specifier in the source.
    pub span: (usize, usize),
}

fn export_name(n: &ModuleExportName) -> String {
    match n {
        ModuleExportName::Ident(i) => i.sym.to_string(),
        ModuleExportName::Str(s) => s.value.to_string_lossy().into_owned(),
    }
}

fn module_of(source: &str, rel_path: &str) -> Option<(crate::parse::Parsed, Vec<ModuleItem>)> {
    let parsed = crate::source_file::parse(source, rel_path).ok()?;
    let Program::Module(m) = &parsed.program else {
        // a TypeScript module of types only is a script once they are stripped: no names
        let types_only = crate::typescript::is_typescript(rel_path) && source.contains("export ");
        return types_only.then_some((parsed, Vec::new()));
    };
    let body = m.body.clone();
    Some((parsed, body))
}

/// What the module `source` (the file `rel_path`) exports; `None` when it is not an ES module or
/// does not parse.
pub fn module_exports(source: &str, rel_path: &str) -> Option<ModuleExports> {
    let (_, body) = module_of(source, rel_path)?;
    let mut out = ModuleExports::default();
    for item in &body {
        let ModuleItem::ModuleDecl(decl) = item else {
            continue;
        };
        match decl {
            ModuleDecl::ExportDecl(e) => match &e.decl {
                Decl::Fn(f) => drop(out.names.insert(f.ident.sym.to_string())),
                Decl::Class(c) => drop(out.names.insert(c.ident.sym.to_string())),
                Decl::Var(v) => {
                    for d in &v.decls {
                        match &d.name {
                            Pat::Ident(i) => drop(out.names.insert(i.id.sym.to_string())),
                            _ => out.open = true,
                        }
                    }
                }
                // a type exports no value
                Decl::TsInterface(_) | Decl::TsTypeAlias(_) => {}
                Decl::TsEnum(e) => drop(out.names.insert(e.id.sym.to_string())),
                // a namespace, or a construct we do not read: assume anything
                _ => out.open = true,
            },
            ModuleDecl::ExportNamed(n) if !n.type_only => {
                let from = n
                    .src
                    .as_ref()
                    .map(|s| s.value.to_string_lossy().into_owned());
                for s in &n.specifiers {
                    let name = match s {
                        ExportSpecifier::Named(s) => {
                            let name = export_name(s.exported.as_ref().unwrap_or(&s.orig));
                            if let (Some(from), false) = (&from, s.is_type_only) {
                                let asked = export_name(&s.orig);
                                out.renamed_from.push((name.clone(), asked, from.clone()));
                            }
                            name
                        }
                        ExportSpecifier::Namespace(s) => export_name(&s.name),
                        ExportSpecifier::Default(s) => s.exported.sym.to_string(),
                    };
                    out.names.insert(name);
                }
            }
            ModuleDecl::ExportDefaultDecl(_) | ModuleDecl::ExportDefaultExpr(_) => {
                out.names.insert("default".into());
            }
            ModuleDecl::ExportAll(a) if !a.type_only => {
                out.star_from
                    .push(a.src.value.to_string_lossy().into_owned());
            }
            _ => {}
        }
    }
    Some(out)
}

/// The names the module `source` imports or re-exports by name from other modules, with where
/// each is asked (type-only ones left out).
pub fn named_requests(source: &str, rel_path: &str) -> Vec<NamedRequest> {
    let Some((parsed, body)) = module_of(source, rel_path) else {
        return Vec::new();
    };
    // a specifier lowered TypeScript inserted is not the file's text: left alone
    let at = |s: swc_common::Span| {
        let sp = parsed.span(s);
        parsed
            .is_original(s)
            .then_some((sp.lo as usize, sp.hi as usize))
    };
    let mut out = Vec::new();
    for item in &body {
        match item {
            ModuleItem::ModuleDecl(ModuleDecl::Import(i)) if !i.type_only => {
                let from = i.src.value.to_string_lossy().into_owned();
                for s in &i.specifiers {
                    let ImportSpecifier::Named(n) = s else {
                        continue;
                    };
                    if n.is_type_only {
                        continue;
                    }
                    let name = n
                        .imported
                        .as_ref()
                        .map(export_name)
                        .unwrap_or_else(|| n.local.sym.to_string());
                    let Some(span) = at(n.span) else { continue };
                    out.push(NamedRequest {
                        from: from.clone(),
                        name,
                        local: Some(n.local.sym.to_string()),
                        span,
                    });
                }
            }
            ModuleItem::ModuleDecl(ModuleDecl::ExportNamed(e)) if !e.type_only => {
                let Some(src) = &e.src else {
                    continue;
                };
                let from = src.value.to_string_lossy().into_owned();
                for s in &e.specifiers {
                    let ExportSpecifier::Named(n) = s else {
                        continue;
                    };
                    if n.is_type_only {
                        continue;
                    }
                    let Some(span) = at(n.span) else { continue };
                    out.push(NamedRequest {
                        from: from.clone(),
                        name: export_name(&n.orig),
                        local: None,
                        span,
                    });
                }
            }
            _ => {}
        }
    }
    out
}

/// `source` without the `dropped` specifiers (blanked, so every other offset stays), their
/// imported bindings declared `undefined` on a line added at the end.
pub fn drop_requests(source: &str, dropped: &[&NamedRequest]) -> String {
    let mut bytes = source.as_bytes().to_vec();
    let mut locals = Vec::new();
    for r in dropped {
        let (a, b) = r.span;
        if b > bytes.len() || a > b {
            continue;
        }
        crate::blank::blank_list_item(&mut bytes, a, b);
        if let Some(l) = &r.local {
            locals.push(l.as_str());
        }
    }
    let mut out = String::from_utf8(bytes).unwrap_or_else(|_| source.to_string());
    if !locals.is_empty() {
        if !out.ends_with('\n') {
            out.push('\n');
        }
        out.push_str(&format!("var {};\n", locals.join(", ")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_modules_exports_are_read_from_its_text() {
        let src = "export const a = 1, b = 2;\nexport function f() {}\nexport class C {}\nconst x = 1;\nexport { x as y, x as 'z w' };\nexport default 3;\nexport * from './more.js';\nexport * as ns from './ns.js';\nexport type T = number;\nexport interface I {}\n";
        let e = module_exports(src, "m.ts").expect("a module");
        let names: Vec<&str> = e.names.iter().map(String::as_str).collect();
        assert_eq!(names, ["C", "a", "b", "default", "f", "ns", "y", "z w"]);
        assert_eq!(e.star_from, ["./more.js"]);
        assert!(!e.open);
        assert!(
            module_exports("export const { a } = o;", "d.js")
                .expect("module")
                .open
        );
        assert_eq!(module_exports("module.exports = 1;", "c.js"), None);
        let types =
            "import { A } from './a.js';\nexport interface I { a: A }\nexport type T = I;\n";
        let e = module_exports(types, "types.ts").expect("a module of types");
        assert!(e.names.is_empty() && !e.open);
    }

    #[test]
    fn missing_names_are_blanked_and_imports_bound_at_the_end() {
        let src = "import { a, Opts, b as c } from './x';\nexport { T, u } from './y';\nexport { Opts };\n";
        let reqs = named_requests(src, "m.js");
        let asked: Vec<(&str, &str, Option<&str>)> = reqs
            .iter()
            .map(|r| (r.from.as_str(), r.name.as_str(), r.local.as_deref()))
            .collect();
        assert_eq!(
            asked,
            [
                ("./x", "a", Some("a")),
                ("./x", "Opts", Some("Opts")),
                ("./x", "b", Some("c")),
                ("./y", "T", None),
                ("./y", "u", None)
            ]
        );
        let out = drop_requests(src, &[&reqs[1], &reqs[3]]);
        let lines: Vec<String> = out.lines().map(|l| l.replace(' ', "")).collect();
        assert_eq!(
            lines,
            [
                "import{a,basc}from'./x';",
                "export{u}from'./y';",
                "export{Opts};",
                "varOpts;"
            ]
        );
        assert_eq!(
            out.lines().next().map(str::len),
            src.lines().next().map(str::len)
        );
    }
}

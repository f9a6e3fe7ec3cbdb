//! Reading a JavaScript or TypeScript configuration file without running it: the object it
//! exports (`export default {…}`, `export default defineConfig({…})`, `module.exports = {…}`),
//! with every literal part as JSON and anything computed left out.

use serde_json::{Map, Value};
use swc_ecma_ast::{
    ArrayLit, AssignTarget, Callee, Expr, Lit, ModuleDecl, ModuleItem, ObjectLit, Program, Prop,
    PropName, PropOrSpread, SimpleAssignTarget, Stmt,
};

/// The exported configuration object of `source` (the file `rel_path`), as JSON; `None` when the
/// file does not parse or exports no object literal.
pub fn literal_config(source: &str, rel_path: &str) -> Option<Value> {
    let parsed = crate::parse::parse(source, rel_path).ok()?;
    let items: Vec<Option<&Expr>> = match &parsed.program {
        Program::Module(m) => m
            .body
            .iter()
            .map(|i| match i {
                ModuleItem::ModuleDecl(ModuleDecl::ExportDefaultExpr(e)) => Some(&*e.expr),
                ModuleItem::Stmt(s) => module_exports(s),
                _ => None,
            })
            .collect(),
        Program::Script(s) => s.body.iter().map(module_exports).collect(),
    };
    items.into_iter().flatten().find_map(object_of)
}

/// The right-hand side of `module.exports = …`.
fn module_exports(s: &Stmt) -> Option<&Expr> {
    let Stmt::Expr(e) = s else { return None };
    let Expr::Assign(a) = &*e.expr else {
        return None;
    };
    let AssignTarget::Simple(SimpleAssignTarget::Member(m)) = &a.left else {
        return None;
    };
    let is_module = matches!(&*m.obj, Expr::Ident(i) if &*i.sym == "module");
    let is_exports = m.prop.as_ident().is_some_and(|p| &*p.sym == "exports");
    (is_module && is_exports).then_some(&*a.right)
}

/// An object literal, possibly wrapped in a call such as `defineConfig(…)` or parentheses.
fn object_of(e: &Expr) -> Option<Value> {
    match e {
        Expr::Object(o) => Some(object(o)),
        Expr::Paren(p) => object_of(&p.expr),
        Expr::Call(c) if matches!(c.callee, Callee::Expr(_)) => {
            c.args.first().and_then(|a| object_of(&a.expr))
        }
        Expr::TsAs(a) => object_of(&a.expr),
        Expr::TsSatisfies(s) => object_of(&s.expr),
        _ => None,
    }
}

fn object(o: &ObjectLit) -> Value {
    let mut map = Map::new();
    for p in &o.props {
        let PropOrSpread::Prop(p) = p else { continue };
        let Prop::KeyValue(kv) = &**p else { continue };
        let key = match &kv.key {
            PropName::Ident(i) => i.sym.to_string(),
            PropName::Str(s) => s.value.to_string_lossy().into_owned(),
            _ => continue,
        };
        if let Some(v) = literal(&kv.value) {
            map.insert(key, v);
        }
    }
    Value::Object(map)
}

fn array(a: &ArrayLit) -> Value {
    Value::Array(
        a.elems
            .iter()
            .flatten()
            .filter(|e| e.spread.is_none())
            .filter_map(|e| literal(&e.expr))
            .collect(),
    )
}

/// A literal value as JSON; computed values are `None`.
fn literal(e: &Expr) -> Option<Value> {
    Some(match e {
        Expr::Lit(Lit::Str(s)) => Value::String(s.value.to_string_lossy().into_owned()),
        Expr::Lit(Lit::Num(n)) => serde_json::Number::from_f64(n.value).map(Value::Number)?,
        Expr::Lit(Lit::Bool(b)) => Value::Bool(b.value),
        Expr::Lit(Lit::Null(_)) => Value::Null,
        Expr::Tpl(t) if t.exprs.is_empty() => Value::String(
            t.quasis
                .iter()
                .map(|q| {
                    q.cooked
                        .as_ref()
                        .map_or(String::new(), |c| c.to_string_lossy().into_owned())
                })
                .collect(),
        ),
        Expr::Array(a) => array(a),
        Expr::Object(o) => object(o),
        Expr::Paren(p) => literal(&p.expr)?,
        Expr::TsAs(a) => literal(&a.expr)?,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::literal_config;
    use serde_json::json;

    #[test]
    fn exported_objects_are_read_without_running_them() {
        let vitest = "import { defineConfig } from 'vitest/config';\nexport default defineConfig({\n  plugins: [react()],\n  test: { include: ['src/**/*.spec.ts'], setupFiles: './setup.ts', environment: 'node' },\n});\n";
        assert_eq!(
            literal_config(vitest, "vitest.config.ts").unwrap()["test"],
            json!({ "include": ["src/**/*.spec.ts"], "setupFiles": "./setup.ts", "environment": "node" })
        );
        let jest = "/** @type {import('jest').Config} */\nmodule.exports = { testMatch: [`**/?(*.)+(spec).js`], roots: ['<rootDir>/lib'], verbose: true, transform: makeIt() };\n";
        let v = literal_config(jest, "jest.config.js").unwrap();
        assert_eq!(v["testMatch"], json!(["**/?(*.)+(spec).js"]));
        assert_eq!(v["verbose"], json!(true));
        assert!(v.get("transform").is_none());
        assert_eq!(literal_config("export const x = 1;", "c.mjs"), None);
    }
}

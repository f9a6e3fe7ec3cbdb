//! Reading a JavaScript or TypeScript configuration file without running it: the object it
//! exports (`export default {…}`, `export default defineConfig({…})`, `module.exports = {…}`),
//! with every literal part as JSON and anything computed left out, but for the usual spellings of
//! a path next to the configuration file (`path.resolve(__dirname, 'src')`,
//! `fileURLToPath(new URL('./src', import.meta.url))`), read as `./src`, and regular expressions,
//! read as `{ "$regex": source, "flags": flags }`.

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
        Expr::Lit(Lit::Regex(r)) => serde_json::json!({ "$regex": &*r.exp, "flags": &*r.flags }),
        e => Value::String(local_path(e)?),
    })
}

/// `./a/b` for a path next to the configuration file spelled as `resolve(__dirname, 'a', 'b')`
/// (`path.resolve`, `join`, `path.join`; `__dirname`, `import.meta.dirname` or `process.cwd()`;
/// `resolve('./a/b')`),
/// `fileURLToPath(new URL('./a', import.meta.url))` or `new URL('./a', import.meta.url).pathname`.
fn local_path(e: &Expr) -> Option<String> {
    match e {
        Expr::Call(c) => {
            let Callee::Expr(callee) = &c.callee else {
                return None;
            };
            let name = match &**callee {
                Expr::Ident(i) => i.sym.to_string(),
                Expr::Member(m) => m.prop.as_ident()?.sym.to_string(),
                _ => return None,
            };
            match name.as_str() {
                "resolve" | "join" => {
                    let (first, rest) = c.args.split_first()?;
                    // `resolve('./src')`: from the folder the runner starts in, the project's
                    let relative = name == "resolve"
                        && matches!(literal(&first.expr), Some(Value::String(p)) if !p.starts_with('/'));
                    let rest = match relative {
                        true => &c.args[..],
                        false if is_config_dir(&first.expr) => rest,
                        false => return None,
                    };
                    let mut out = String::from(".");
                    for a in rest {
                        let Some(Value::String(part)) = literal(&a.expr) else {
                            return None;
                        };
                        let part = part.trim_start_matches("./").trim_end_matches('/');
                        if !part.is_empty() && part != "." {
                            out.push('/');
                            out.push_str(part);
                        }
                    }
                    Some(out)
                }
                "fileURLToPath" => c.args.first().and_then(|a| url_next_to_config(&a.expr)),
                _ => None,
            }
        }
        Expr::Member(m) if m.prop.as_ident().is_some_and(|p| &*p.sym == "pathname") => {
            url_next_to_config(&m.obj)
        }
        _ => None,
    }
}

/// `__dirname`, `import.meta.dirname` or `process.cwd()`.
fn is_config_dir(e: &Expr) -> bool {
    match e {
        Expr::Ident(i) => &*i.sym == "__dirname",
        Expr::Member(m) => {
            m.prop.as_ident().is_some_and(|p| &*p.sym == "dirname")
                && matches!(&*m.obj, Expr::MetaProp(_))
        }
        Expr::Call(c) => matches!(&c.callee, Callee::Expr(f) if matches!(&**f, Expr::Member(m)
            if m.prop.as_ident().is_some_and(|p| &*p.sym == "cwd")
                && matches!(&*m.obj, Expr::Ident(i) if &*i.sym == "process"))),
        _ => false,
    }
}

/// `new URL('./a', import.meta.url)` as `./a`.
fn url_next_to_config(e: &Expr) -> Option<String> {
    let Expr::New(n) = e else { return None };
    let args = n.args.as_ref()?;
    let [path, base] = args.as_slice() else {
        return None;
    };
    let base_is_module = matches!(&*base.expr, Expr::Member(m)
        if matches!(&*m.obj, Expr::MetaProp(_)) && m.prop.as_ident().is_some_and(|p| &*p.sym == "url"));
    let Some(Value::String(p)) = literal(&path.expr) else {
        return None;
    };
    (base_is_module && p.starts_with("./")).then(|| p.trim_end_matches('/').to_string())
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

    #[test]
    fn paths_next_to_the_file_and_regexes_are_read() {
        let vite = "import path from 'node:path';\nexport default {\n  resolve: { alias: { '@': path.resolve(__dirname, './src'), '~u': join(import.meta.dirname, 'src', 'utils/'), x: fileURLToPath(new URL('./lib', import.meta.url)), y: new URL('./y/', import.meta.url).pathname, z: path.resolve(other, 'a'), w: resolve('./src/$1.ts') } },\n  test: { alias: [{ find: /^#(.*)$/i, replacement: resolve(process.cwd(), 'src/$1') }] },\n};\n";
        let v = literal_config(vite, "vite.config.ts").unwrap();
        assert_eq!(
            v["resolve"]["alias"],
            json!({ "@": "./src", "~u": "./src/utils", "x": "./lib", "y": "./y", "w": "./src/$1.ts" })
        );
        assert_eq!(
            v["test"]["alias"],
            json!([{ "find": { "$regex": "^#(.*)$", "flags": "i" }, "replacement": "./src/$1" }])
        );
    }
}

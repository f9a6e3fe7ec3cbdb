//! Reading a JavaScript or TypeScript configuration file without running it: the object it
//! exports (`export default {…}`, `export default defineConfig({…})`, `module.exports = {…}`),
//! with every literal part as JSON and anything computed left out, but for the usual spellings of
//! a path next to the configuration file (`path.resolve(__dirname, 'src')`,
//! `fileURLToPath(new URL('./src', import.meta.url))`), read as `./src`, regular expressions,
//! read as `{ "$regex": source, "flags": flags }`, the file's top-level constants bound to such
//! values or to a JSON file next to it (`const pkg = require('./package.json')`, `import pkg
//! from './package.json'`), their fields (`pkg.version`) and `JSON.stringify` of any of these.

use std::collections::HashMap;
use std::path::Path;

use serde_json::{Map, Value};
use swc_ecma_ast::{
    ArrayLit, AssignTarget, Callee, Decl, Expr, Lit, ModuleDecl, ModuleItem, ObjectLit, Pat,
    Program, Prop, PropName, PropOrSpread, SimpleAssignTarget, Stmt, VarDeclKind,
};

/// The exported configuration object of `source` (the file `rel_path`), as JSON; `None` when the
/// file does not parse or exports no object literal. JSON files it names are not read.
pub fn literal_config(source: &str, rel_path: &str) -> Option<Value> {
    read_config(source, rel_path, None)
}

/// [`literal_config`] of the file `rel_path` in `dir`, reading the JSON files next to it that its
/// constants name.
pub fn literal_config_in(source: &str, rel_path: &str, dir: &Path) -> Option<Value> {
    read_config(source, rel_path, Some(dir))
}

fn read_config(source: &str, rel_path: &str, dir: Option<&Path>) -> Option<Value> {
    let parsed = crate::source_file::parse(source, rel_path).ok()?;
    let mut reader = Reader {
        bindings: HashMap::new(),
        dir: dir.map(|d| d.join(rel_path).parent().unwrap_or(d).to_path_buf()),
    };
    let items: Vec<Option<&Expr>> = match &parsed.program {
        Program::Module(m) => m
            .body
            .iter()
            .map(|i| match i {
                ModuleItem::ModuleDecl(ModuleDecl::ExportDefaultExpr(e)) => Some(&*e.expr),
                ModuleItem::ModuleDecl(ModuleDecl::Import(import)) => {
                    reader.bind_import(import);
                    None
                }
                ModuleItem::Stmt(s) => {
                    reader.bind_consts(s);
                    module_exports(s)
                }
                _ => None,
            })
            .collect(),
        Program::Script(s) => s
            .body
            .iter()
            .map(|st| {
                reader.bind_consts(st);
                module_exports(st)
            })
            .collect(),
    };
    items
        .into_iter()
        .flatten()
        .find_map(|e| reader.object_of(e))
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

/// Reads literal values, through the file's top-level constants.
struct Reader {
    /// Top-level constants with a value read.
    bindings: HashMap<String, Value>,
    /// The configuration file's folder, when JSON files next to it may be read.
    dir: Option<std::path::PathBuf>,
}

impl Reader {
    /// `import name from './x.json'` (with or without `with { type: 'json' }`).
    fn bind_import(&mut self, import: &swc_ecma_ast::ImportDecl) {
        let source = import.src.value.to_string_lossy().into_owned();
        for spec in &import.specifiers {
            if let swc_ecma_ast::ImportSpecifier::Default(d) = spec {
                if let Some(v) = self.json_file(&source) {
                    self.bindings.insert(d.local.sym.to_string(), v);
                }
            }
        }
    }

    /// `const name = <literal>`, `const name = require('./x.json')` or
    /// `const name = createRequire(import.meta.url)('./x.json')` at the top level.
    fn bind_consts(&mut self, s: &Stmt) {
        let Stmt::Decl(Decl::Var(var)) = s else {
            return;
        };
        if var.kind != VarDeclKind::Const {
            return;
        }
        for d in &var.decls {
            let (Pat::Ident(name), Some(init)) = (&d.name, &d.init) else {
                continue;
            };
            let value = match self.required_json(init) {
                Some(file) => self.json_file(&file),
                None => self.literal(init),
            };
            if let Some(v) = value {
                self.bindings.insert(name.id.sym.to_string(), v);
            }
        }
    }

    /// The JSON file a `require('./x.json')` call (any callee ending in a call) names.
    fn required_json(&self, e: &Expr) -> Option<String> {
        let Expr::Call(c) = e else { return None };
        let Callee::Expr(_) = &c.callee else {
            return None;
        };
        match self.literal(&c.args.first()?.expr)? {
            Value::String(f) if f.starts_with('.') && f.ends_with(".json") => Some(f),
            _ => None,
        }
    }

    /// The JSON file `request` names next to the configuration, read.
    fn json_file(&self, request: &str) -> Option<Value> {
        if !(request.starts_with("./") || request.starts_with("../")) || !request.ends_with(".json")
        {
            return None;
        }
        let text = std::fs::read_to_string(self.dir.as_ref()?.join(request)).ok()?;
        serde_json::from_str(&text).ok()
    }

    /// An object literal, possibly wrapped in a call such as `defineConfig(…)` or parentheses.
    fn object_of(&self, e: &Expr) -> Option<Value> {
        match e {
            Expr::Object(o) => Some(self.object(o)),
            Expr::Paren(p) => self.object_of(&p.expr),
            Expr::Call(c) if matches!(c.callee, Callee::Expr(_)) => {
                c.args.first().and_then(|a| self.object_of(&a.expr))
            }
            Expr::TsAs(a) => self.object_of(&a.expr),
            Expr::TsSatisfies(s) => self.object_of(&s.expr),
            _ => None,
        }
    }

    fn object(&self, o: &ObjectLit) -> Value {
        let mut map = Map::new();
        for p in &o.props {
            let PropOrSpread::Prop(p) = p else { continue };
            let Prop::KeyValue(kv) = &**p else { continue };
            let key = match &kv.key {
                PropName::Ident(i) => i.sym.to_string(),
                PropName::Str(s) => s.value.to_string_lossy().into_owned(),
                _ => continue,
            };
            if let Some(v) = self.literal(&kv.value) {
                map.insert(key, v);
            }
        }
        Value::Object(map)
    }

    fn array(&self, a: &ArrayLit) -> Value {
        Value::Array(
            a.elems
                .iter()
                .flatten()
                .filter(|e| e.spread.is_none())
                .filter_map(|e| self.literal(&e.expr))
                .collect(),
        )
    }

    /// A literal value as JSON; computed values are `None`.
    fn literal(&self, e: &Expr) -> Option<Value> {
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
            Expr::Array(a) => self.array(a),
            Expr::Object(o) => self.object(o),
            Expr::Paren(p) => self.literal(&p.expr)?,
            Expr::TsAs(a) => self.literal(&a.expr)?,
            Expr::Lit(Lit::Regex(r)) => {
                serde_json::json!({ "$regex": &*r.exp, "flags": &*r.flags })
            }
            Expr::Ident(i) => self.bindings.get(&*i.sym)?.clone(),
            Expr::Member(m)
                if !matches!(&*m.obj, Expr::MetaProp(_))
                    && m.prop.as_ident().is_some_and(|p| &*p.sym != "pathname") =>
            {
                let field = m.prop.as_ident()?;
                self.literal(&m.obj)?.get(&*field.sym)?.clone()
            }
            Expr::Call(c) if is_json_stringify(&c.callee) => {
                let v = self.literal(&c.args.first()?.expr)?;
                Value::String(serde_json::to_string(&v).ok()?)
            }
            e => Value::String(self.local_path(e)?),
        })
    }

    /// `./a/b` for a path next to the configuration file spelled as `resolve(__dirname, 'a', 'b')`
    /// (`path.resolve`, `join`, `path.join`; `__dirname`, `import.meta.dirname` or `process.cwd()`;
    /// `resolve('./a/b')`),
    /// `fileURLToPath(new URL('./a', import.meta.url))` or `new URL('./a', import.meta.url).pathname`.
    fn local_path(&self, e: &Expr) -> Option<String> {
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
                            && matches!(self.literal(&first.expr), Some(Value::String(p)) if !p.starts_with('/'));
                        let rest = match relative {
                            true => &c.args[..],
                            false if is_config_dir(&first.expr) => rest,
                            false => return None,
                        };
                        let mut out = String::from(".");
                        for a in rest {
                            let Some(Value::String(part)) = self.literal(&a.expr) else {
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
                    "fileURLToPath" => c
                        .args
                        .first()
                        .and_then(|a| url_next_to_config(self, &a.expr)),
                    _ => None,
                }
            }
            Expr::Member(m) if m.prop.as_ident().is_some_and(|p| &*p.sym == "pathname") => {
                url_next_to_config(self, &m.obj)
            }
            _ => None,
        }
    }
}

/// `JSON.stringify`.
fn is_json_stringify(callee: &Callee) -> bool {
    matches!(callee, Callee::Expr(f) if matches!(&**f, Expr::Member(m)
        if m.prop.as_ident().is_some_and(|p| &*p.sym == "stringify")
            && matches!(&*m.obj, Expr::Ident(i) if &*i.sym == "JSON")))
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
fn url_next_to_config(r: &Reader, e: &Expr) -> Option<String> {
    let Expr::New(n) = e else { return None };
    let args = n.args.as_ref()?;
    let [path, base] = args.as_slice() else {
        return None;
    };
    let base_is_module = matches!(&*base.expr, Expr::Member(m)
        if matches!(&*m.obj, Expr::MetaProp(_)) && m.prop.as_ident().is_some_and(|p| &*p.sym == "url"));
    let Some(Value::String(p)) = r.literal(&path.expr) else {
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
    fn constants_json_files_and_their_fields_are_read() {
        let d = std::env::temp_dir().join(format!("dp-config-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(d.join("package.json"), r#"{"version":"7.1.0","name":"p"}"#).unwrap();
        let vite = "import { createRequire } from 'node:module';\nimport meta from './package.json' with { type: 'json' };\nconst pkg = createRequire(import.meta.url)('./package.json');\nconst flag = 'on';\nlet later = 1;\nexport default defineConfig({ define: { __VERSION__: JSON.stringify(pkg.version), __NAME__: JSON.stringify(meta.name), __FLAG__: JSON.stringify(flag), __LATER__: later, __RAW__: 'false' } });\n";
        let v = super::literal_config_in(vite, "vite.config.ts", &d).unwrap();
        std::fs::remove_dir_all(&d).unwrap();
        assert_eq!(
            v["define"],
            json!({ "__VERSION__": "\"7.1.0\"", "__NAME__": "\"p\"", "__FLAG__": "\"on\"", "__RAW__": "false" })
        );
        // without the folder, no file is read
        let v = literal_config(vite, "vite.config.ts").unwrap();
        assert_eq!(
            v["define"],
            json!({ "__FLAG__": "\"on\"", "__RAW__": "false" })
        );
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

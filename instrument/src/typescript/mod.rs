//! TypeScript sources: types are stripped with swc's fast stripper, which blanks them in place,
//! so every byte offset of the JavaScript it returns is the same offset in the `.ts` file and
//! decisions, reports and patches name the TypeScript source itself. `enum` declarations and
//! parameter properties are lowered around the rest of the file, which keeps its positions
//! through an [`OffsetMap`] (`lower.rs`). Files that need more (`namespace`, `import x =`) run
//! transformed, but their positions no longer match the source, so they are not instrumented.

mod decorators;
mod lower;
mod namespace;

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use swc_common::{Globals, Mark, SyntaxContext, GLOBALS};
use swc_ecma_ast::{Expr, Ident, ImportDecl, ImportSpecifier, ModuleDecl, ModuleItem, Program};
use swc_ecma_transforms_base::resolver;
use swc_ecma_visit::{Visit, VisitMutWith, VisitWith};

use swc_common::errors::{DiagnosticBuilder, Emitter, Handler};
use swc_common::sync::Lrc;
use swc_common::SourceMap;
use swc_ts_fast_strip::{operate, ErrorCode, Mode, Options};

use crate::error::ParseError;
pub use crate::offsets::OffsetMap;
use crate::parse::LineIndex;

/// Whether `path` names a TypeScript source (`.ts`, `.mts`, `.cts`, `.tsx`; declaration files
/// included).
pub fn is_typescript(path: &str) -> bool {
    path.ends_with(".ts")
        || path.ends_with(".mts")
        || path.ends_with(".cts")
        || path.ends_with(".tsx")
}

/// Whether `path` names a file the engines run only once it is stripped or lowered: TypeScript,
/// or JavaScript with JSX (`.jsx`).
pub fn needs_stripping(path: &str) -> bool {
    is_typescript(path) || path.ends_with(".jsx")
}

/// Whether the file `path` with text `text` runs only once stripped or lowered: TypeScript, a
/// `.jsx` file, or a project's JavaScript file with JSX in it (as Babel's React preset lets a
/// `.js` file have; a dependency's files are compiled already).
pub fn needs_lowering(path: &str, text: &str) -> bool {
    needs_stripping(path) || js_with_jsx(path, text)
}

fn js_with_jsx(path: &str, text: &str) -> bool {
    let js = path.ends_with(".js") || path.ends_with(".mjs") || path.ends_with(".cjs");
    js && !path.split('/').any(|c| c == "node_modules")
        && (text.contains("/>") || text.contains("</"))
        && crate::jsx::has_jsx(text)
}

/// Whether `path` names a declaration file (`.d.ts`, `.d.mts`, `.d.cts`): types only, no code.
pub fn is_declaration(path: &str) -> bool {
    path.ends_with(".d.ts") || path.ends_with(".d.mts") || path.ends_with(".d.cts")
}

/// What the project's `tsconfig.json` says about emitting JavaScript, as far as stripping goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TsOptions {
    /// Class fields keep JavaScript's define semantics (`useDefineForClassFields`, the default
    /// from target ES2022 on); otherwise a field declared without a value is not emitted.
    pub define_fields: bool,
    /// Decorators record `design:*` metadata (`emitDecoratorMetadata`).
    pub decorator_metadata: bool,
    /// Decorators are TypeScript's own (`experimentalDecorators`), not the TC39 ones.
    pub legacy_decorators: bool,
    /// What JSX compiles to (`jsx`, `jsxImportSource`, `jsxFactory`, `jsxFragmentFactory`).
    pub jsx: crate::jsx::JsxRuntime,
}

impl Default for TsOptions {
    /// Without a `tsconfig.json`: fields as JavaScript has them, decorators TypeScript's own
    /// with their metadata.
    fn default() -> Self {
        TsOptions {
            define_fields: true,
            decorator_metadata: true,
            legacy_decorators: true,
            jsx: crate::jsx::JsxRuntime::default(),
        }
    }
}

/// JavaScript for one TypeScript file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stripped {
    /// Types blanked in place: offsets are those of the source.
    InPlace(String),
    /// Enums and parameter properties lowered: the map gives each offset's place in the source.
    Lowered {
        /// The JavaScript.
        code: String,
        /// Offsets of `code` to offsets of the source.
        map: OffsetMap,
    },
    /// Transformed (namespaces, `import x =`): runnable, offsets differ.
    Transformed {
        /// The JavaScript.
        code: String,
        /// What made the transform necessary, as the stripper said it.
        why: String,
    },
}

impl Stripped {
    /// The JavaScript text.
    pub fn code(&self) -> &str {
        match self {
            Stripped::InPlace(c) => c,
            Stripped::Lowered { code, .. } | Stripped::Transformed { code, .. } => code,
        }
    }

    /// The JavaScript text, owned.
    pub fn into_code(self) -> String {
        match self {
            Stripped::InPlace(c) => c,
            Stripped::Lowered { code, .. } | Stripped::Transformed { code, .. } => code,
        }
    }
}

/// Diagnostics the stripper reports, with their byte positions in the source map.
#[derive(Clone, Default)]
struct Collected(Arc<Mutex<Vec<(u32, String)>>>);

impl Emitter for Collected {
    fn emit(&mut self, db: &mut DiagnosticBuilder<'_>) {
        let lo = db.span.primary_span().map_or(0, |s| s.lo.0);
        if let Ok(mut v) = self.0.lock() {
            v.push((lo, db.message()));
        }
    }
}

/// Runs the stripper in `mode`; on failure the first diagnostic as (byte offset, message).
fn run(source: &str, rel_path: &str, mode: Mode) -> Result<String, (ErrorCode, usize, String)> {
    let cm: Lrc<SourceMap> = Lrc::new(SourceMap::default());
    let collected = Collected::default();
    let handler = Handler::with_emitter(true, false, Box::new(collected.clone()));
    let module = match rel_path {
        p if p.ends_with(".mts") => Some(true),
        p if p.ends_with(".cts") => Some(false),
        _ => None,
    };
    let strip_only = matches!(mode, Mode::StripOnly);
    let options = Options {
        module,
        filename: Some(rel_path.to_string()),
        mode,
        parser: swc_ecma_parser::TsSyntax {
            decorators: true,
            tsx: rel_path.ends_with(".tsx"),
            ..Default::default()
        },
        ..Default::default()
    };
    let globals = swc_common::Globals::default();
    let result = swc_common::GLOBALS.set(&globals, || {
        operate(&cm, &handler, source.to_string(), options)
    });
    match result {
        Ok(out) if strip_only => Ok(in_bytes(source, out.code)),
        Ok(out) => Ok(out.code),
        Err(e) => {
            let first = collected.0.lock().ok().and_then(|v| v.first().cloned());
            // the only file of a fresh source map starts at byte position 1
            let (lo, msg) = first.unwrap_or((1, e.message.clone()));
            Err((e.code, lo.saturating_sub(1) as usize, msg))
        }
    }
}

/// The stripper's output with every blanked character as wide in bytes as in the source: it keeps
/// UTF-16 widths (`'é'` becomes one space), and our offsets are bytes. Unchanged when the two do
/// not line up character by character.
fn in_bytes(source: &str, out: String) -> String {
    if source.is_ascii() || out.len() == source.len() {
        return out;
    }
    let mut fixed = String::with_capacity(source.len());
    let mut rest = out.chars().peekable();
    for c in source.chars() {
        if rest.peek() == Some(&c) {
            fixed.push(c);
            rest.next();
            continue;
        }
        // a blanked or substituted character: as many ASCII characters as its UTF-16 width
        let mut taken = String::new();
        while taken.len() < c.len_utf16() {
            match rest.next() {
                Some(b) if b.is_ascii() => taken.push(b),
                _ => return out,
            }
        }
        match c.is_ascii() {
            true => fixed.push_str(&taken),
            false if taken.trim().is_empty() => {
                fixed.extend(std::iter::repeat_n(' ', c.len_utf8()));
            }
            false => return out,
        }
    }
    match rest.next() {
        None => fixed,
        Some(_) => out,
    }
}
/// Strips the types of `source` (the file `rel_path`) with the default [`TsOptions`]; a syntax
/// error names its line and column.
pub fn strip_types(source: &str, rel_path: &str) -> Result<Stripped, ParseError> {
    strip_types_with(source, rel_path, &TsOptions::default())
}

/// Strips the types of `source` (the file `rel_path`) as the project's options say.
pub fn strip_types_with(
    source: &str,
    rel_path: &str,
    opts: &TsOptions,
) -> Result<Stripped, ParseError> {
    let error = |at: usize, message: String| {
        let (line, col) = LineIndex::new(source).line_col(source, at);
        ParseError {
            file: rel_path.to_string(),
            line,
            col,
            message,
        }
    };
    if !is_typescript(rel_path) {
        return Ok(with_jsx(Stripped::InPlace(source.to_string()), &opts.jsx));
    }
    let stripped = strip_types_only(source, rel_path, opts, &error)?;
    match rel_path.ends_with(".tsx") {
        true => Ok(with_jsx(stripped, &opts.jsx)),
        false => Ok(stripped),
    }
}

/// `stripped` with its JSX lowered (see [`crate::jsx`]), its map composed with the stripping's.
fn with_jsx(stripped: Stripped, runtime: &crate::jsx::JsxRuntime) -> Stripped {
    let Some(l) = crate::jsx::lower(stripped.code(), runtime) else {
        return stripped;
    };
    match stripped {
        Stripped::InPlace(_) => Stripped::Lowered {
            code: l.code,
            map: l.map,
        },
        Stripped::Lowered { map, .. } => Stripped::Lowered {
            code: l.code,
            map: l.map.then(&map),
        },
        Stripped::Transformed { why, .. } => Stripped::Transformed { code: l.code, why },
    }
}

/// The types of `source` stripped (JSX left as it is).
fn strip_types_only(
    source: &str,
    rel_path: &str,
    opts: &TsOptions,
    error: &dyn Fn(usize, String) -> ParseError,
) -> Result<Stripped, ParseError> {
    let stripped = run(source, rel_path, Mode::StripOnly);
    match stripped {
        // the stripper leaves decorators, which JavaScript engines do not run, and fields
        // declared without a value, which tsc drops without `useDefineForClassFields`: lowered
        Ok(code)
            if code.len() == source.len()
                && (source.contains('@') || (!opts.define_fields && source.contains("class"))) =>
        {
            if !opts.legacy_decorators {
                if let Some(at) = decorators::first_decorator(source, rel_path) {
                    return Err(error(
                        at,
                        "TC39 decorators (tsconfig.json without experimentalDecorators) are not supported by decisionprof; TypeScript's experimentalDecorators are".into(),
                    ));
                }
            }
            match lower::lower(source, rel_path, opts) {
                Some(l) => Ok(Stripped::Lowered {
                    code: l.code,
                    map: l.map,
                }),
                None => Ok(Stripped::InPlace(elide_type_imports(
                    code, source, rel_path,
                ))),
            }
        }
        Ok(code) if code.len() == source.len() => Ok(Stripped::InPlace(elide_type_imports(
            code, source, rel_path,
        ))),
        Ok(code) => Ok(Stripped::Transformed {
            code,
            why: "the type stripper moved code".into(),
        }),
        Err((ErrorCode::UnsupportedSyntax, at, why)) => {
            if let Some(l) = lower::lower(source, rel_path, opts) {
                return Ok(Stripped::Lowered {
                    code: l.code,
                    map: l.map,
                });
            }
            let code = run(source, rel_path, Mode::Transform).map_err(|(_, at, m)| error(at, m))?;
            let (line, col) = LineIndex::new(source).line_col(source, at);
            Ok(Stripped::Transformed {
                code,
                why: format!("{why} (line {line}, column {col})"),
            })
        }
        Err((_, at, message)) => Err(error(at, message)),
    }
}

/// `code` parsed with `syntax` on its own, with the position its first byte has in the spans.
fn parse_alone(code: &str, syntax: swc_ecma_parser::Syntax) -> Option<(Program, u32)> {
    use swc_ecma_parser::{Parser, StringInput};
    let cm: Lrc<SourceMap> = Lrc::new(SourceMap::default());
    let fm = cm.new_source_file(Lrc::new(swc_common::FileName::Anon), code.to_string());
    let program = Parser::new(syntax, StringInput::from(&*fm), None)
        .parse_program()
        .ok()?;
    Some((program, fm.start_pos.0))
}

/// Every binding the program refers to (name and scope, after swc's resolver), other than the
/// names its imports bind: a local of the same name (`function Opts(o: Opts)`) is another binding.
#[derive(Default)]
struct Refs(HashSet<(String, SyntaxContext)>);

impl Visit for Refs {
    fn visit_import_decl(&mut self, _: &ImportDecl) {}

    fn visit_ident(&mut self, i: &Ident) {
        self.0.insert((i.sym.to_string(), i.ctxt));
    }
}

/// Drops the imported names a stripped file no longer uses (they named types), as TypeScript
/// elides them, padding with spaces so offsets stay; an import left with no binding goes whole.
/// So does `export default T` of a type the file declares (`interface T`, `type T`), which
/// names nothing once the types are gone.
fn elide_type_imports(js: String, source: &str, rel_path: &str) -> String {
    // parse as the JavaScript the file now is (the same goal: module, script or either)
    let as_js = rel_path
        .trim_end_matches(".ts")
        .trim_end_matches(".mts")
        .trim_end_matches(".cts");
    let ext = match rel_path {
        p if p.ends_with(".mts") => ".mjs",
        p if p.ends_with(".cts") => ".cjs",
        _ => ".js",
    };
    let Ok(parsed) = crate::parse::parse_js(&js, &format!("{as_js}{ext}")) else {
        return js;
    };
    let Program::Module(module) = &parsed.program else {
        return js;
    };
    let mut module = module.clone();
    let unresolved = GLOBALS.set(&Globals::new(), || {
        let unresolved = Mark::new();
        module.visit_mut_with(&mut resolver(unresolved, Mark::new(), false));
        SyntaxContext::empty().apply_mark(unresolved)
    });
    let mut refs = Refs::default();
    module.visit_with(&mut refs);
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    let blank = |text: &str| -> String {
        text.chars()
            .map(|c| if c == '\n' { '\n' } else { ' ' })
            .collect()
    };
    for item in &module.body {
        if let ModuleItem::ModuleDecl(ModuleDecl::ExportDefaultExpr(e)) = item {
            if let Expr::Ident(i) = &*e.expr {
                if i.ctxt == unresolved && declares_type(source, &i.sym) {
                    let span = parsed.span_of(e);
                    let (lo, hi) = (span.lo as usize, span.hi as usize);
                    edits.push((lo, hi, blank(&js[lo..hi])));
                }
            }
            continue;
        }
        let ModuleItem::ModuleDecl(ModuleDecl::Import(decl)) = item else {
            continue;
        };
        if decl.type_only || decl.specifiers.is_empty() {
            continue;
        }
        let local = |s: &ImportSpecifier| match s {
            ImportSpecifier::Named(n) => (n.local.sym.to_string(), n.local.ctxt),
            ImportSpecifier::Default(d) => (d.local.sym.to_string(), d.local.ctxt),
            ImportSpecifier::Namespace(n) => (n.local.sym.to_string(), n.local.ctxt),
        };
        let (used, unused): (Vec<_>, Vec<_>) = decl
            .specifiers
            .iter()
            .partition(|s| refs.0.contains(&local(s)));
        if unused.is_empty() {
            continue;
        }
        let span = parsed.span_of(decl);
        let (lo, hi) = (span.lo as usize, span.hi as usize);
        let text = &js[lo..hi];
        if used.is_empty() {
            edits.push((lo, hi, blank(text)));
            continue;
        }
        let has_named = used.iter().any(|s| matches!(s, ImportSpecifier::Named(_)));
        let (Some(open), Some(close)) = (text.find('{'), text.rfind('}')) else {
            continue;
        };
        if !has_named {
            // `import d, { T } from` → `import d        from`: the comma goes too
            let comma = text[..open].rfind(',').unwrap_or(open);
            edits.push((lo + comma, lo + close + 1, " ".repeat(close + 1 - comma)));
            continue;
        }
        // blank each unused name with one comma next to it
        let mut list: Vec<u8> = text.as_bytes().to_vec();
        for u in &unused {
            let sp = parsed.span_of(*u);
            crate::blank::blank_list_item(&mut list, sp.lo as usize - lo, sp.hi as usize - lo);
        }
        edits.push((
            lo,
            hi,
            String::from_utf8(list).unwrap_or_else(|_| text.to_string()),
        ));
    }
    let mut out = js;
    for (lo, hi, text) in edits.into_iter().rev() {
        if text.len() == hi - lo {
            out.replace_range(lo..hi, &text);
        }
    }
    out
}

/// Whether the TypeScript `source` declares `name` as a type (`interface name`, `type name`).
pub fn declares_type(source: &str, name: &str) -> bool {
    let ident = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    ["interface ", "type "].iter().any(|kw| {
        let pattern = format!("{kw}{name}");
        source.match_indices(&pattern).any(|(at, _)| {
            let before = source[..at].chars().next_back();
            let after = source[at + pattern.len()..].chars().next();
            !before.is_some_and(ident) && !after.is_some_and(ident)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tsx_file_is_typescript_and_its_jsx_is_lowered() {
        let src =
            "const m = new Map<string, number>();\nexport const n = (x: unknown) => x as number;\n";
        let out = strip_types(src, "a.tsx").expect("stripped");
        assert!(matches!(out, Stripped::InPlace(_)), "{out:?}");
        assert!(
            out.code().contains("new Map                ()"),
            "{}",
            out.code()
        );
        let jsx = "const v = (n: string) => <b>{n}</b>;\n";
        let Stripped::Lowered { code, map } = strip_types(jsx, "v.tsx").expect("lowered") else {
            panic!("JSX is lowered");
        };
        assert!(
            code.starts_with("const v = (n        ) => __dp_jsx(\"b\", {}, (n));\n"),
            "{code}"
        );
        let n = code.find("(n))").expect("the child") as u32 + 1;
        assert_eq!(
            (map.start(n), map.end(n + 1)),
            (29, 30),
            "the child `n` is the source's"
        );
        // a `.jsx` file: its JSX is lowered, the rest stays
        let Stripped::Lowered { code, .. } =
            strip_types("const w = <>x</>;", "w.jsx").expect("lowered")
        else {
            panic!("JSX is lowered");
        };
        assert!(
            code.starts_with("const w = __dp_jsx(__dp_jsxFragment(), null, \"x\");"),
            "{code}"
        );
    }

    #[test]
    fn a_projects_javascript_with_jsx_is_lowered_and_a_dependencys_is_not() {
        assert!(needs_lowering("src/view.js", "export const v = <b/>;"));
        assert!(
            !needs_lowering("src/html.js", "export const s = '</div>';"),
            "no element"
        );
        assert!(!needs_lowering(
            "node_modules/x/v.js",
            "export const v = <b/>;"
        ));
        assert!(needs_lowering("src/a.ts", ""));
        let Stripped::Lowered { code, .. } =
            strip_types("const v = <b/>;", "src/view.js").expect("lowered")
        else {
            panic!("JSX is lowered");
        };
        assert!(code.starts_with("const v = __dp_jsx(\"b\", {})"), "{code}");
    }

    #[test]
    fn types_are_blanked_in_place() {
        let src = "const a: number = 1;\nfunction f(x: string, y?: Array<number>): boolean {\n  return (x as any) && y!.length > 0;\n}\ninterface I { a: number }\nexport type T = I | null;\n";
        let Stripped::InPlace(js) = strip_types(src, "a.ts").unwrap() else {
            panic!("not in place");
        };
        assert_eq!(js.len(), src.len());
        assert!(js.contains("function f(x"), "{js}");
        assert!(!js.contains("number") && !js.contains("interface"), "{js}");
        let at = src.find("(x as any)").unwrap();
        assert_eq!(&js[at..at + 2], "(x");
    }

    #[test]
    fn imports_used_only_as_types_are_elided_in_place() {
        let src = "import { count, Item, type X } from './a.js';\nimport d, { T } from './b.js';\nimport { U, V } from './c.js';\nimport './d.js';\nconst xs: Item[] = [];\nexport const n: T = count(xs) + d;\n";
        let Stripped::InPlace(js) = strip_types(src, "m.ts").unwrap() else {
            panic!("not in place");
        };
        assert_eq!(js.len(), src.len());
        let lines: Vec<&str> = js.lines().collect();
        let squeezed = |l: &str| l.replace(' ', "");
        assert_eq!(squeezed(lines[0]), "import{count,}from'./a.js';");
        assert_eq!(squeezed(lines[1]), "importdfrom'./b.js';");
        assert_eq!(lines[2].trim(), "", "an import of types only goes whole");
        assert_eq!(lines[3], "import './d.js';", "a side-effect import stays");
    }

    #[test]
    fn namespaces_are_transformed_and_said_so() {
        let src = "namespace N.M { export const a = 1; }\nexport const c = N.M.a;\n";
        match strip_types(src, "e.ts").unwrap() {
            Stripped::Transformed { code, why } => {
                assert!(code.contains("N.M.a"), "{code}");
                assert!(why.contains("line 1"), "{why}");
            }
            other => panic!("{other:?}"),
        }
    }

    /// The lowered code and, for each needle of the source, whether it maps back to itself.
    fn lowered(src: &str) -> (String, OffsetMap) {
        match strip_types(src, "l.ts").unwrap() {
            Stripped::Lowered { code, map } => (code, map),
            other => panic!("not lowered: {other:?}"),
        }
    }

    #[test]
    fn enums_are_lowered_around_the_rest_of_the_file() {
        let src = "export const enum Color {\n  Red = 1 << 0,\n  Green,\n  'x-y' = Red | (Green as number),\n  Name = \"n\",\n}\nexport function f(a: Color, b: number): boolean {\n  return a === Color.Red && b > 2;\n}\n";
        let (code, map) = lowered(src);
        assert_eq!(code.lines().count(), src.lines().count(), "{code}");
        assert!(
            code.starts_with(
                "export var Color = Color === undefined ? {} : Color; (function (Color) {"
            ),
            "{code}"
        );
        assert!(
            code.contains("Color[Color[\"Green\"] = Green = Color[\"Red\"] + 1] = \"Green\";"),
            "{code}"
        );
        assert!(!code.contains(" as number"), "{code}");
        let at = |hay: &str, needle: &str| hay.find(needle).unwrap() as u32;
        let chain = "a === Color.Red && b > 2";
        let (lo, hi) = (at(&code, chain), at(&code, chain) + chain.len() as u32);
        assert!(map.copied(lo, hi));
        assert_eq!(
            (map.start(lo), map.end(hi)),
            (at(src, chain), at(src, chain) + chain.len() as u32)
        );
        let init = "Red | (Green";
        assert_eq!(
            map.start(at(&code, init)),
            at(src, init),
            "initializers keep their place"
        );
        assert!(!map.copied(0, 10), "inserted");
    }

    #[test]
    fn a_default_export_of_a_type_goes_with_the_type() {
        let src = "interface Options { a: number }\nexport const f = (o: Options) => o.a > 0;\nexport default Options;\n";
        let Stripped::InPlace(code) = strip_types(src, "t.ts").unwrap() else {
            panic!("not in place");
        };
        assert_eq!(code.len(), src.len(), "{code}");
        assert!(!code.contains("export default"), "{code}");
        // a value of the same name stays exported
        let both = "type Mode = 'a' | 'b';\nconst Mode = { a: 'a' };\nexport default Mode;\n";
        let Stripped::InPlace(code) = strip_types(both, "t.ts").unwrap() else {
            panic!("not in place");
        };
        assert!(code.contains("export default Mode;"), "{code}");
    }

    #[test]
    fn angle_bracket_assertions_become_their_expression_in_place() {
        let src = "export function f(v: unknown, d: number): number {\n  const n = <number>v;\n  if (typeof v === 'number' && n > <number>(<any>d)) return <number>(n + 0);\n  return d;\n}\n";
        let (code, map) = lowered(src);
        assert_eq!(code.len(), src.len(), "{code}");
        assert!(code.contains("const n =         v;"), "{code}");
        assert!(code.contains("n >         (     d)"), "{code}");
        assert!(!code.contains('<'), "{code}");
        let chain = "typeof v === 'number' && n >";
        let c = code.find(chain).unwrap() as u32;
        assert_eq!(map.start(c), src.find(chain).unwrap() as u32);
        // spread over lines, blanking could end a `return`: left to the full transform
        let multi = "export function g(v: unknown) {\n  return <\n    number\n  >v;\n}\n";
        assert!(
            matches!(
                strip_types(multi, "m.ts").unwrap(),
                Stripped::Transformed { .. }
            ),
            "refused"
        );
    }

    #[test]
    fn parameter_properties_are_assigned_after_super() {
        let src = "class A { constructor(public readonly x: number, private y = 2) { } }\nclass B extends A {\n  constructor(x: number, protected z?: string) {\n    super(x);\n    if (z && x) this.w = 1;\n  }\n  w = 0;\n}\n";
        let (code, map) = lowered(src);
        assert!(code.contains("{ this.x = x; this.y = y; }"), "{code}");
        assert!(code.contains("super(x);; this.z = z;\n"), "{code}");
        assert!(
            !code.contains("public") && !code.contains("protected"),
            "{code}"
        );
        let chain = "z && x";
        let c = code.find(chain).unwrap() as u32;
        assert_eq!(map.start(c), src.find(chain).unwrap() as u32);
    }

    #[test]
    fn a_super_call_without_a_semicolon_keeps_its_parameter_properties_apart() {
        // liquidjs's `LiquidErrors`: `super(…)` ends its line with no semicolon
        let src = "class E extends Error {\n  public constructor (public errors: string[]) {\n    super(errors[0])\n    this.name = 'E'\n  }\n}\n";
        let (code, _) = lowered(src);
        assert!(
            code.contains("super(errors[0]); this.errors = errors;\n"),
            "{code}"
        );
        let opts = crate::InstrumentOptions::default();
        crate::instrument_source(src, "e.ts", &opts).expect("the lowered class parses");
    }

    #[test]
    fn namespaces_with_values_are_lowered_and_types_only_stay_in_place() {
        let src = "export namespace Result {\n  export const unit = 1;\n  export function of(x: number, y?: number): number {\n    return y ?? x ?? unit;\n  }\n  export type T = number;\n}\nexport class Box {}\nexport namespace Box {\n  export let count: number = 0;\n}\nnamespace Types { export interface I { a: 1 } }\n";
        let (code, map) = lowered(src);
        assert_eq!(code.lines().count(), src.lines().count(), "{code}");
        assert!(
            code.starts_with("export var Result = Result === undefined ? {} : Result; (function (Result) { Object.defineProperty(Result, \"unit\", { get: function () { return unit; }, enumerable: true, configurable: true }); Result.of = of;"),
            "{code}"
        );
        assert!(code.contains("(function (Box) { Object.defineProperty(Box, \"count\", { get: function () { return count; }, set: function (v) { count = v; }"), "{code}");
        assert!(
            code.contains("})(Result);") && code.contains("})(Box);"),
            "{code}"
        );
        assert!(
            !code.contains("export const") && !code.contains("interface"),
            "{code}"
        );
        let chain = "y ?? x ?? unit";
        let at = code.find(chain).unwrap() as u32;
        assert_eq!(map.start(at), src.find(chain).unwrap() as u32);
    }

    #[test]
    fn non_ascii_text_in_stripped_types_keeps_byte_offsets() {
        // the stripper keeps UTF-16 widths: `'é'` and `–` were one blank each, one byte short
        let src = "type Flag = 'é' | 'ü'; /** a – b */\ninterface I { /** ⚠️ note */ a: 1 }\nexport const f = (a: Flag, b: boolean) => a === 'é' && b;\n";
        let Stripped::InPlace(js) = strip_types(src, "n.ts").unwrap() else {
            panic!("not in place");
        };
        assert_eq!(js.len(), src.len());
        let chain = "a === 'é' && b";
        assert_eq!(js.find(chain), src.find(chain), "{js}");
        assert!(!js.contains("Flag") && !js.contains("interface"), "{js}");
    }

    #[test]
    fn declared_enums_and_overloads_stay_in_place() {
        let src = "declare enum D { A }\nexport function f(a: number): number;\nexport function f(a: any) { return a || 0; }\n";
        assert!(matches!(
            strip_types(src, "d.ts").unwrap(),
            Stripped::InPlace(_)
        ));
    }

    #[test]
    fn an_imported_type_shadowed_by_a_local_of_its_name_is_elided() {
        // yargs-parser: `const yargsParser: Parser = function Parser(...)`
        let src = "import { Parser, make } from './types.js';\nexport const p: Parser = function Parser(a: number): number { return make(a) && Parser(a - 1); };\nexport function q(Parser: number) { return Parser; }\n";
        let Stripped::InPlace(js) = strip_types(src, "i.ts").unwrap() else {
            panic!("not in place");
        };
        assert!(
            js.starts_with("import {         make } from './types.js';"),
            "{js}"
        );
        assert_eq!(js.len(), src.len());
    }

    #[test]
    fn decorators_are_applied_after_their_class_and_positions_stay() {
        let src = "import { Injectable, Field } from './di';\nimport { Repo } from './repo';\nimport type { Opts } from './opts';\n@Injectable({\n  scope: 'x',\n})\nexport class Svc {\n  @Field() name: string;\n  @Field() static count = 0;\n  constructor(private repo: Repo, o?: Opts) {}\n  @Field()\n  check(a: number, ...rest: string[]): boolean {\n    return a > 1 && rest.length > 0;\n  }\n}\n";
        let (code, map) = lowered(src);
        let lines: Vec<&str> = code.lines().collect();
        // five helpers and the namespace import, after the last line
        assert_eq!(lines.len(), src.lines().count() + 7, "{code}");
        assert!(
            lines[0].contains("Injectable") && lines[0].contains("Field"),
            "{code}"
        );
        assert_eq!(lines[1].trim(), "", "a class used as a type only: elided");
        assert!(
            !lines[3].contains('@') && lines[3].trim().is_empty(),
            "{code}"
        );
        let after = lines[14];
        assert_eq!(after, "} __dp_decorate([(Field()), __dp_metadata(\"design:type\", String)], Svc.prototype, \"name\", void 0); __dp_decorate([(Field()), __dp_metadata(\"design:type\", Function), __dp_metadata(\"design:paramtypes\", [Number, String]), __dp_metadata(\"design:returntype\", Boolean)], Svc.prototype, \"check\", null); __dp_decorate([(Field()), __dp_metadata(\"design:type\", Object)], Svc, \"count\", void 0); Svc = __dp_decorate([(Injectable({scope:\"x\"})), __dp_metadata(\"design:paramtypes\", [__dp_imported(__dp_ns0, \"Repo\"), __dp_type(() => Opts)])], Svc);", "instance members, static ones, then the class");
        assert!(
            code.contains("\nimport * as __dp_ns0 from './repo';"),
            "{code}"
        );
        assert!(code.contains("{ this.repo = repo;}"), "{code}");
        assert!(
            code.contains("export class Svc {\n  repo;          name        ;"),
            "declared first: {code}"
        );
        let chain = "a > 1 && rest.length > 0";
        let at = code.find(chain).unwrap() as u32;
        assert_eq!(map.start(at), src.find(chain).unwrap() as u32);
        assert!(map.copied(at, at + chain.len() as u32));
    }

    #[test]
    fn tsconfig_options_drop_metadata_and_fields_without_a_value() {
        let src = "class Base { constructor(public id: number) {} }\n@Reg()\nexport class User extends Base {\n  declare kind: string;\n  name!: string;\n  static total: number;\n  age = 1;\n  @Prop() email?: string;\n}\n";
        let opts = TsOptions {
            define_fields: false,
            decorator_metadata: false,
            legacy_decorators: true,
            jsx: crate::jsx::JsxRuntime::default(),
        };
        let Stripped::Lowered { code, .. } = strip_types_with(src, "u.ts", &opts).unwrap() else {
            panic!("not lowered");
        };
        assert!(!code.contains("__dp_metadata(\"design"), "{code}");
        assert!(
            code.contains("__dp_decorate([(Prop())], User.prototype, \"email\", void 0);"),
            "{code}"
        );
        assert!(
            code.contains("class Base { id; constructor("),
            "a parameter property first: {code}"
        );
        for gone in ["name", "total", "email", "kind"] {
            assert!(!code.contains(&format!("{gone};")), "{gone}: {code}");
        }
        assert!(code.contains("age = 1;"), "{code}");
        // as JavaScript has them (target ES2022 and later), fields stay
        let kept = strip_types(src, "u.ts").unwrap();
        assert!(
            kept.code().contains("name ") && kept.code().contains("static total"),
            "{}",
            kept.code()
        );
    }

    #[test]
    fn tc39_decorators_are_named_where_they_stand() {
        let src = "export class A {\n  /** @internal */\n  @logged m() {}\n}\n";
        let opts = TsOptions {
            legacy_decorators: false,
            ..TsOptions::default()
        };
        let e = strip_types_with(src, "a.ts", &opts).expect_err("refused");
        assert_eq!((e.line, e.col), (3, 3), "{e:?}");
        assert!(e.message.starts_with("TC39 decorators"), "{e:?}");
        assert!(strip_types_with("/** @see x */\nexport const a = 1;\n", "b.ts", &opts).is_ok());
    }

    #[test]
    fn decorators_tsc_does_not_emit_are_left_to_the_parser() {
        // a decorated class expression: not lowered, so the file fails where the decorator is
        let src = "export const C = @dec class {};\n";
        assert!(matches!(
            strip_types(src, "c.ts").unwrap(),
            Stripped::InPlace(_)
        ));
        // a JSDoc `@param` is not a decorator: the file stays in place
        let doc = "/** @param a the value */\nexport const f = (a: number) => a;\n";
        assert!(matches!(
            strip_types(doc, "d.ts").unwrap(),
            Stripped::InPlace(_)
        ));
    }

    #[test]
    fn syntax_errors_name_line_and_column() {
        let err = strip_types("let a = 1;\nlet b: = 2;\n", "s.ts").unwrap_err();
        assert_eq!((err.file.as_str(), err.line), ("s.ts", 2), "{err}");
    }
}

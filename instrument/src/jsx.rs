//! JSX lowered to calls where it stands, as Babel's and TypeScript's transforms compile it, with
//! a map from the lowered text back to the source: no line moves, so a `.jsx` or `.tsx` file is
//! profiled and patched at its own places.
//!
//! `<Tag a="x" {...p}>text {e}</Tag>` becomes `__dp_jsx(Tag, {"a": "x", ...p,}, "text", (e))`;
//! helpers after the last line call the runtime the project compiles JSX for (React's automatic
//! `jsx-runtime`, or a classic factory such as `React.createElement`).

use swc_common::{sync::Lrc, SourceMap, Span, Spanned};
use swc_ecma_ast::{
    JSXAttrName, JSXAttrOrSpread, JSXAttrValue, JSXElement, JSXElementChild, JSXElementName,
    JSXExpr, JSXFragment, Program,
};
use swc_ecma_parser::{EsSyntax, Parser, StringInput, Syntax};
use swc_ecma_visit::{Visit, VisitWith};

use crate::offsets::OffsetMap;

/// How the project compiles JSX (tsconfig.json's `jsx`, `jsxImportSource`, `jsxFactory`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JsxRuntime {
    /// `react-jsx`: `jsx`/`jsxs` from `<source>/jsx-runtime` (React 17 on; the default).
    Automatic {
        /// The package (`react`, `preact`, `@emotion/react`).
        source: String,
    },
    /// `react`: a factory in scope and a fragment.
    Classic {
        /// `React.createElement`, `h`.
        factory: String,
        /// `React.Fragment`.
        fragment: String,
    },
}

impl Default for JsxRuntime {
    fn default() -> Self {
        JsxRuntime::Automatic {
            source: "react".into(),
        }
    }
}

/// JSX lowered: the JavaScript and where its offsets are in the source.
pub struct Lowered {
    /// The JavaScript.
    pub code: String,
    /// Offsets of `code` to offsets of the source.
    pub map: OffsetMap,
}

/// `code` parsed as JavaScript with JSX, with the position of its first byte in the spans.
fn parse(code: &str) -> Option<(Program, u32)> {
    if !code.contains('<') {
        return None;
    }
    let cm: Lrc<SourceMap> = Lrc::new(SourceMap::default());
    let fm = cm.new_source_file(Lrc::new(swc_common::FileName::Anon), code.to_string());
    let syntax = Syntax::Es(EsSyntax {
        jsx: true,
        allow_return_outside_function: true,
        ..Default::default()
    });
    let program = Parser::new(syntax, StringInput::from(&*fm), None)
        .parse_program()
        .ok()?;
    Some((program, fm.start_pos.0))
}

/// Whether `code` (JavaScript) has a JSX element or fragment.
pub fn has_jsx(code: &str) -> bool {
    struct Found(bool);
    impl Visit for Found {
        fn visit_jsx_element(&mut self, _: &JSXElement) {
            self.0 = true;
        }
        fn visit_jsx_fragment(&mut self, _: &JSXFragment) {
            self.0 = true;
        }
    }
    parse(code).is_some_and(|(program, _)| {
        let mut found = Found(false);
        program.visit_with(&mut found);
        found.0
    })
}

/// `code` (JavaScript with JSX) lowered, or `None` when it has no JSX or does not parse.
pub fn lower(code: &str, runtime: &JsxRuntime) -> Option<Lowered> {
    let (program, start) = parse(code)?;
    let mut edits = Edits {
        code,
        start,
        list: Vec::new(),
    };
    program.visit_with(&mut edits);
    if edits.list.is_empty() {
        return None;
    }
    let mut list = edits.list;
    list.sort_by_key(|e| (e.0, e.1));
    let module =
        matches!(&program, Program::Module(m) if m.body.iter().any(|i| i.is_module_decl()));
    let end = code.len();
    list.push((end, end, helpers(runtime, module, code.ends_with('\n'))));
    let (code, map) = OffsetMap::splice(code, &list);
    Some(Lowered { code, map })
}

/// The helpers, after the last line: `__dp_jsx(type, props, ...children)` and
/// `__dp_jsxFragment()`.
fn helpers(runtime: &JsxRuntime, module: bool, newline: bool) -> String {
    let mut out = String::from(if newline { "" } else { "\n" });
    match runtime {
        JsxRuntime::Classic { factory, fragment } => {
            out += &format!("function __dp_jsx(t, p, ...c) {{ return {factory}(t, p, ...c); }}\n");
            out += &format!("function __dp_jsxFragment() {{ return {fragment}; }}\n");
        }
        JsxRuntime::Automatic { source } => {
            let spec = serde_json::to_string(&format!("{source}/jsx-runtime")).unwrap_or_default();
            let rt = if module {
                out += &format!("import * as __dp_jsxrt from {spec};\n");
                "__dp_jsxrt".to_string()
            } else {
                format!("require({spec})")
            };
            out += &format!("function __dp_jsxFragment() {{ return {rt}.Fragment; }}\n");
            out += &format!(
                "function __dp_jsx(t, p, ...c) {{ var rt = {rt}, props = {{}}, key; \
                 if (p) Object.keys(p).forEach(function (k) {{ if (k === \"key\") key = p[k]; else props[k] = p[k]; }}); \
                 if (c.length === 1) props.children = c[0]; else if (c.length > 1) props.children = c; \
                 return (c.length > 1 ? rt.jsxs : rt.jsx)(t, props, key); }}\n"
            );
        }
    }
    out
}

/// The edits that lower every JSX element and fragment: `(lo, hi, text)` in bytes of the code.
struct Edits<'a> {
    code: &'a str,
    start: u32,
    list: Vec<(usize, usize, String)>,
}

impl Edits<'_> {
    fn lo(&self, sp: Span) -> usize {
        sp.lo.0.saturating_sub(self.start) as usize
    }

    fn hi(&self, sp: Span) -> usize {
        sp.hi.0.saturating_sub(self.start) as usize
    }

    fn text(&self, sp: Span) -> &str {
        &self.code[self.lo(sp)..self.hi(sp)]
    }

    /// Replaces `lo..hi` with `text`, keeping the lines of what it replaces.
    fn put(&mut self, lo: usize, hi: usize, text: &str) {
        let lines = self.code[lo..hi].matches('\n').count();
        self.list
            .push((lo, hi, format!("{text}{}", "\n".repeat(lines))));
    }

    fn name(&self, name: &JSXElementName) -> String {
        match name {
            JSXElementName::Ident(i) => {
                let s = i.sym.as_str();
                let tag = s.starts_with(|c: char| c.is_ascii_lowercase()) || s.contains('-');
                if tag {
                    quoted(s)
                } else {
                    s.to_string()
                }
            }
            JSXElementName::JSXMemberExpr(m) => self.text(m.span).to_string(),
            JSXElementName::JSXNamespacedName(n) => quoted(&format!("{}:{}", n.ns.sym, n.name.sym)),
        }
    }

    fn attrs(&mut self, attrs: &[JSXAttrOrSpread]) {
        for a in attrs {
            match a {
                JSXAttrOrSpread::JSXAttr(attr) => {
                    let key = match &attr.name {
                        JSXAttrName::Ident(i) => quoted(&i.sym),
                        JSXAttrName::JSXNamespacedName(n) => {
                            quoted(&format!("{}:{}", n.ns.sym, n.name.sym))
                        }
                    };
                    let (lo, hi) = (self.lo(attr.span), self.hi(attr.span));
                    match &attr.value {
                        None => self.put(lo, hi, &format!("{key}: true,")),
                        Some(JSXAttrValue::Str(s)) => {
                            let raw = self.text(s.span);
                            let value = decode_entities(&raw[1..raw.len().saturating_sub(1)]);
                            self.put(lo, hi, &format!("{key}: {},", quoted(&value)));
                        }
                        Some(JSXAttrValue::JSXExprContainer(c)) => {
                            let (clo, chi) = (self.lo(c.span), self.hi(c.span));
                            self.put(lo, clo + 1, &format!("{key}: ("));
                            self.put(chi - 1, chi, "),");
                        }
                        Some(v) => {
                            let vlo = self.lo(v.span());
                            self.put(lo, vlo, &format!("{key}: "));
                            self.put(hi, hi, ",");
                        }
                    }
                }
                JSXAttrOrSpread::SpreadElement(s) => {
                    // `{...p}`: the braces are not in the node; they are the nearest `{` before
                    // the dots and `}` after the expression
                    let dots = self.lo(s.dot3_token);
                    let end = self.hi(s.expr.span());
                    let open = self.code[..dots].trim_end().len().checked_sub(1);
                    let close = self.code[end..].find('}').map(|i| end + i);
                    if let (Some(open), Some(close)) = (open, close) {
                        self.put(open, open + 1, " ");
                        self.put(close, close + 1, ",");
                    }
                }
            }
        }
    }

    fn children(&mut self, children: &[JSXElementChild]) {
        for child in children {
            match child {
                JSXElementChild::JSXText(t) => {
                    let (lo, hi) = (self.lo(t.span), self.hi(t.span));
                    let text = clean_text(&self.code[lo..hi]);
                    match text.is_empty() {
                        true => self.put(lo, hi, ""),
                        false => {
                            self.put(lo, hi, &format!(", {}", quoted(&decode_entities(&text))))
                        }
                    }
                }
                JSXElementChild::JSXExprContainer(c) => {
                    let (lo, hi) = (self.lo(c.span), self.hi(c.span));
                    match &c.expr {
                        JSXExpr::JSXEmptyExpr(_) => {
                            // `{/* a comment */}`: no child; the comment stays
                            self.put(lo, lo + 1, "");
                            self.put(hi - 1, hi, "");
                        }
                        JSXExpr::Expr(_) => {
                            self.put(lo, lo + 1, ", (");
                            self.put(hi - 1, hi, ")");
                        }
                    }
                }
                JSXElementChild::JSXSpreadChild(s) => {
                    let (lo, hi) = (self.lo(s.span), self.hi(s.span));
                    self.put(lo, lo + 1, ", ");
                    self.put(hi - 1, hi, "");
                }
                JSXElementChild::JSXElement(e) => {
                    let lo = self.lo(e.span);
                    self.put(lo, lo, ", ");
                }
                JSXElementChild::JSXFragment(f) => {
                    let lo = self.lo(f.span);
                    self.put(lo, lo, ", ");
                }
            }
        }
    }
}

impl Visit for Edits<'_> {
    fn visit_jsx_element(&mut self, e: &JSXElement) {
        let open = &e.opening;
        let (lo, hi) = (self.lo(open.span), self.hi(open.span));
        let name = self.name(&open.name);
        self.put(
            lo,
            self.hi(open.name.span()),
            &format!("__dp_jsx({name}, {{"),
        );
        self.attrs(&open.attrs);
        match &e.closing {
            None => self.put(hi - 2, hi, "})"),
            Some(close) => {
                self.put(hi - 1, hi, "}");
                self.children(&e.children);
                let (clo, chi) = (self.lo(close.span), self.hi(close.span));
                self.put(clo, chi, ")");
            }
        }
        e.visit_children_with(self);
    }

    fn visit_jsx_fragment(&mut self, f: &JSXFragment) {
        let (lo, hi) = (self.lo(f.opening.span), self.hi(f.opening.span));
        self.put(lo, hi, "__dp_jsx(__dp_jsxFragment(), null");
        self.children(&f.children);
        let (clo, chi) = (self.lo(f.closing.span), self.hi(f.closing.span));
        self.put(clo, chi, ")");
        f.visit_children_with(self);
    }
}

fn quoted(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_default()
}

/// A JSX text child as a string: lines trimmed where they meet line breaks, lines that are only
/// whitespace dropped, the rest joined by one space (the JSX specification's rule, as Babel and
/// TypeScript apply it).
fn clean_text(raw: &str) -> String {
    let lines: Vec<&str> = raw.split('\n').map(|l| l.trim_end_matches('\r')).collect();
    let last_full = lines
        .iter()
        .rposition(|l| l.contains(|c| c != ' ' && c != '\t'));
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        let mut l = line.replace('\t', " ");
        if i > 0 {
            l = l.trim_start_matches(' ').to_string();
        }
        if i + 1 < lines.len() {
            l = l.trim_end_matches(' ').to_string();
        }
        if !l.is_empty() {
            out += &l;
            if Some(i) != last_full {
                out.push(' ');
            }
        }
    }
    out
}

/// HTML character references in JSX text and attribute strings: numeric ones and the common
/// named ones; others stay as written.
fn decode_entities(s: &str) -> String {
    if !s.contains('&') {
        return s.to_string();
    }
    const NAMED: &[(&str, char)] = &[
        ("amp", '&'),
        ("lt", '<'),
        ("gt", '>'),
        ("quot", '"'),
        ("apos", '\''),
        ("nbsp", '\u{a0}'),
        ("copy", '©'),
        ("reg", '®'),
        ("trade", '™'),
        ("hellip", '…'),
        ("mdash", '—'),
        ("ndash", '–'),
        ("lsquo", '‘'),
        ("rsquo", '’'),
        ("ldquo", '“'),
        ("rdquo", '”'),
        ("laquo", '«'),
        ("raquo", '»'),
        ("times", '×'),
        ("middot", '·'),
        ("bull", '•'),
        ("deg", '°'),
        ("euro", '€'),
    ];
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out += &rest[..i];
        rest = &rest[i..];
        let decoded = rest.find(';').filter(|&e| e <= 10).and_then(|e| {
            let name = &rest[1..e];
            let c = if let Some(hex) = name.strip_prefix("#x").or(name.strip_prefix("#X")) {
                u32::from_str_radix(hex, 16).ok().and_then(char::from_u32)
            } else if let Some(dec) = name.strip_prefix('#') {
                dec.parse().ok().and_then(char::from_u32)
            } else {
                NAMED.iter().find(|(n, _)| *n == name).map(|(_, c)| *c)
            };
            c.map(|c| (c, e))
        });
        match decoded {
            Some((c, e)) => {
                out.push(c);
                rest = &rest[e + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out + rest
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lowered(src: &str) -> String {
        lower(src, &JsxRuntime::default()).expect("lowered").code
    }

    #[test]
    fn elements_become_calls_on_their_own_lines() {
        let src = "const v = <div className=\"a\" id={x} hidden {...rest}>\n  Hello &amp; bye\n  {name}\n  <Item key=\"k\" />\n</div>;\n";
        let out = lowered(src);
        let body: Vec<&str> = out.lines().take(5).collect();
        assert_eq!(
            body,
            [
                "const v = __dp_jsx(\"div\", { \"className\": \"a\", \"id\": (x), \"hidden\": true,  ...rest,}, \"Hello & bye\"",
                "",
                ", (name)",
                ", __dp_jsx(Item, { \"key\": \"k\", })",
                ");",
            ]
        );
        assert!(out.contains("require(\"react/jsx-runtime\")"), "{out}");
    }

    #[test]
    fn fragments_members_and_modules() {
        let src = "import x from 'y';\nexport const v = <><A.B c=<i/> />{/* none */}</>;\n";
        let out = lowered(src);
        assert!(
            out.starts_with("import x from 'y';\nexport const v = __dp_jsx(__dp_jsxFragment(), null, __dp_jsx(A.B, { \"c\": __dp_jsx(\"i\", {}), })/* none */);\n"),
            "{out}"
        );
        assert!(
            out.contains("import * as __dp_jsxrt from \"react/jsx-runtime\";"),
            "{out}"
        );
        let classic = JsxRuntime::Classic {
            factory: "h".into(),
            fragment: "Fragment".into(),
        };
        let out = lower("const v = <p>hi</p>;", &classic)
            .expect("lowered")
            .code;
        assert!(out.contains("return h(t, p, ...c);"), "{out}");
        assert!(lower("const v = a < b;", &classic).is_none());
    }

    #[test]
    fn text_follows_the_jsx_whitespace_rule() {
        assert_eq!(clean_text("\n   \n  "), "");
        assert_eq!(clean_text("  a  \n   b c\n  "), "  a b c");
        assert_eq!(clean_text("x "), "x ");
        assert_eq!(
            decode_entities("&lt;a&gt; &#65;&#x42; &bogus; &"),
            "<a> AB &bogus; &"
        );
    }
}

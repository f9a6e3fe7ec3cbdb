//! Where each function of a file starts in the instrumented text and where it is in the original,
//! so that `Function.prototype.toString` can give the source text the user wrote.

use std::collections::HashMap;

use swc_common::{BytePos, LineCol, Spanned};
use swc_ecma_ast::{
    ArrowExpr, Class, ClassMethod, Function, GetterProp, MethodProp, PrivateMethod, Program,
    SetterProp,
};
use swc_ecma_visit::{Visit, VisitWith};

use crate::parse::Parsed;

/// A function (or class) of the original text and where its text starts in the instrumented one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FunctionText {
    /// Byte offset in the instrumented text where an engine's source text of it starts.
    pub out: u32,
    /// Byte range of its source text in the original.
    pub lo: u32,
    /// End of that range.
    pub hi: u32,
}

/// Original byte offsets where a function's source text may start (the `function`, `async`,
/// `class` or `get` keyword, a method's name, an arrow's parameters), each with the function's end.
pub(crate) fn function_spans(program: &Program, parsed: &Parsed) -> HashMap<u32, u32> {
    let mut v = Spans {
        parsed,
        out: HashMap::new(),
    };
    program.visit_with(&mut v);
    v.out
}

struct Spans<'a> {
    parsed: &'a Parsed,
    out: HashMap<u32, u32>,
}

impl Spans<'_> {
    fn add(&mut self, start: &impl Spanned, end: &impl Spanned) {
        let (lo, hi) = (self.parsed.span_of(start).lo, self.parsed.span_of(end).hi);
        if hi > lo {
            let e = self.out.entry(lo).or_insert(hi);
            *e = (*e).max(hi);
        }
    }
}

impl Visit for Spans<'_> {
    fn visit_function(&mut self, n: &Function) {
        self.add(n, n);
        n.visit_children_with(self);
    }
    fn visit_arrow_expr(&mut self, n: &ArrowExpr) {
        self.add(n, n);
        n.visit_children_with(self);
    }
    fn visit_class(&mut self, n: &Class) {
        self.add(n, n);
        n.visit_children_with(self);
    }
    fn visit_method_prop(&mut self, n: &MethodProp) {
        self.add(n, &*n.function);
        self.add(&n.key, &*n.function);
        n.visit_children_with(self);
    }
    fn visit_class_method(&mut self, n: &ClassMethod) {
        self.add(n, &*n.function);
        self.add(&n.key, &*n.function);
        n.visit_children_with(self);
    }
    fn visit_private_method(&mut self, n: &PrivateMethod) {
        self.add(n, &*n.function);
        self.add(&n.key, &*n.function);
        n.visit_children_with(self);
    }
    fn visit_getter_prop(&mut self, n: &GetterProp) {
        self.add(n, n);
        self.add(&n.key, n);
        n.visit_children_with(self);
    }
    fn visit_setter_prop(&mut self, n: &SetterProp) {
        self.add(n, n);
        self.add(&n.key, n);
        n.visit_children_with(self);
    }
}

/// The functions of `spans` that the code generator placed in `code`, from its source map
/// (original position, output line and UTF-16 column), sorted by output offset.
pub(crate) fn function_texts(
    code: &str,
    srcmap: &[(BytePos, LineCol)],
    spans: &HashMap<u32, u32>,
    parsed: &Parsed,
) -> Vec<FunctionText> {
    let mut starts: Vec<(LineCol, u32, u32)> = srcmap
        .iter()
        .filter_map(|(pos, at)| {
            let lo = parsed.offset(*pos);
            spans.get(&lo).map(|hi| (*at, lo, *hi))
        })
        .collect();
    starts.sort_by_key(|(at, _, _)| (at.line, at.col));
    let mut out: Vec<FunctionText> = Vec::with_capacity(starts.len());
    let mut cursor = Cursor::default();
    for (at, lo, hi) in starts {
        let Some(byte) = cursor.advance(code, at) else {
            break;
        };
        match out.last_mut() {
            Some(last) if last.out == byte => last.hi = last.hi.max(hi),
            _ => out.push(FunctionText { out: byte, lo, hi }),
        }
    }
    out
}

/// A position in a text walked forward once: line, UTF-16 column and byte offset.
#[derive(Default)]
struct Cursor {
    line: u32,
    col: u32,
    byte: usize,
}

impl Cursor {
    /// Moves to `at` (not before the cursor) and gives its byte offset; `None` past the text.
    fn advance(&mut self, code: &str, at: LineCol) -> Option<u32> {
        while self.line < at.line {
            let nl = code[self.byte..].find('\n')?;
            self.byte += nl + 1;
            self.line += 1;
            self.col = 0;
        }
        for c in code[self.byte..].chars() {
            if self.col >= at.col || c == '\n' {
                break;
            }
            self.col += c.len_utf16() as u32;
            self.byte += c.len_utf8();
        }
        u32::try_from(self.byte).ok()
    }
}

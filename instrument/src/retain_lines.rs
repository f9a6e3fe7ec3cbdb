//! Keeps an instrumented file's lines where the original's are. The code generator drops blank
//! lines and comments, and the instrumentation adds statements of its own, so an error thrown in
//! an instrumented file would name a line above the one it came from (and a test reading
//! `err.stack` would see it). Lines holding only added statements join the line above; before
//! each line whose first token starts lower in the original, blank lines are put back, and
//! spaces before a token that starts further right. Only whitespace between tokens is added
//! (never inside a multi-line template or string), so the program is unchanged; where the
//! generator spread one original line over several, the lines below stay lower until a blank
//! line or comment of the original makes room.

use std::collections::{HashMap, HashSet};

use swc_common::{BytePos, LineCol, Spanned};
use swc_ecma_ast::{JSXText, Program, Str, Tpl};
use swc_ecma_visit::{Visit, VisitWith};

use crate::parse::Parsed;

/// `code` with lines joined, blank lines and indentation added so that the first token of each
/// line is at its original line and column where it can be; `map` (original position, output
/// line and UTF-16 column) is moved along.
pub(crate) fn retain_lines(
    code: &str,
    map: &mut [(BytePos, LineCol)],
    program: &Program,
    parsed: &Parsed,
    source: &str,
) -> String {
    let inside = inside_literals(map, program, parsed, source);
    let firsts = first_tokens(map, &inside, parsed, source);
    let mapped: HashSet<u32> = map.iter().map(|(_, at)| at.line).collect();
    let mut out = String::with_capacity(code.len() + code.len() / 8);
    // per output line: its line now and the columns its text moved right (left if negative)
    let mut moved: Vec<(u32, i64)> = Vec::new();
    let mut now = 0u32;
    let mut pending = String::new();
    for (line, text) in code.split_inclusive('\n').enumerate() {
        let line = line as u32;
        let free = !mapped.contains(&line) && !inside.contains(&line);
        if free && (is_generated(text) || is_brace(text)) {
            // a line of added statements joins the line above (or the next, at the start)
            moved.push((now.saturating_sub(1), 0));
            if out.ends_with('\n') {
                out.pop();
                out.push(' ');
                out.push_str(text.trim());
                out.push('\n');
            } else {
                pending.push_str(text.trim());
                pending.push(' ');
            }
            continue;
        }
        let want = firsts.get(&line).copied();
        if let Some((_, want_line, _)) = want {
            if want_line < now && out.ends_with('\n') {
                // spread over lines by the generator: back onto the line above
                out.pop();
                out.push(' ');
                let body = text.trim_start();
                let at = utf16_len(&out[last_line_start(&out)..]);
                let indent = utf16_len(&text[..text.len() - body.len()]);
                moved.push((now - 1, i64::from(at) - i64::from(indent)));
                out.push_str(body);
                continue;
            }
        }
        let mut pad = 0;
        if let Some((col, want_line, want_col)) = want {
            if want_line > now {
                out.extend(std::iter::repeat_n('\n', (want_line - now) as usize));
                now = want_line;
            }
            if want_line == now {
                pad = want_col.saturating_sub(col + utf16_len(&pending));
            }
        }
        out.extend(std::iter::repeat_n(' ', pad as usize));
        out.push_str(&pending);
        out.push_str(text);
        moved.push((now, i64::from(pad + utf16_len(&pending))));
        pending.clear();
        now += 1;
    }
    for (_, at) in map.iter_mut() {
        if let Some(&(line, right)) = moved.get(at.line as usize) {
            at.line = line;
            at.col = u32::try_from(i64::from(at.col) + right).unwrap_or(0);
        }
    }
    out
}

/// Where the last line of `out` starts.
fn last_line_start(out: &str) -> usize {
    out.rfind('\n').map_or(0, |i| i + 1)
}

fn utf16_len(s: &str) -> u32 {
    s.encode_utf16().count() as u32
}

/// Whether a line holds only statements the instrumentation added (`__dpb();`, the file's
/// `var __dpb = …;`, a `try`'s `const __dpt = …;`): it ends a statement, so the next line may
/// follow it on one line.
fn is_generated(line: &str) -> bool {
    let t = line.trim();
    (t.starts_with("__dp") || t.starts_with("var __dpb") || t.starts_with("const __dpt"))
        && t.ends_with(';')
}

/// Whether a line is a lone brace: with no original position on it, the block the
/// instrumentation puts around a `try` (whitespace around a brace never matters).
fn is_brace(line: &str) -> bool {
    matches!(line.trim(), "{" | "}")
}

/// Output lines that begin inside a template, string or JSX text spanning lines.
fn inside_literals(
    map: &[(BytePos, LineCol)],
    program: &Program,
    parsed: &Parsed,
    source: &str,
) -> HashSet<u32> {
    let mut found = MultiLine::default();
    program.visit_with(&mut found);
    let mut inside = HashSet::new();
    if found.spans.is_empty() {
        return inside;
    }
    let starts: HashMap<BytePos, u32> = map.iter().rev().map(|(p, at)| (*p, at.line)).collect();
    for (lo, hi) in found.spans {
        let (Some(&line), a, b) = (
            starts.get(&lo),
            parsed.offset(lo) as usize,
            parsed.offset(hi) as usize,
        ) else {
            continue;
        };
        let newlines = source.get(a..b).map_or(0, |t| t.matches('\n').count()) as u32;
        inside.extend(line + 1..=line + newlines);
    }
    inside
}

/// The spans of literals whose text spans lines.
#[derive(Default)]
struct MultiLine {
    spans: Vec<(BytePos, BytePos)>,
}

impl MultiLine {
    fn add(&mut self, span: swc_common::Span, raw: &str) {
        if raw.contains('\n') {
            self.spans.push((span.lo, span.hi));
        }
    }
}

impl Visit for MultiLine {
    fn visit_tpl(&mut self, t: &Tpl) {
        if t.quasis.iter().any(|q| q.raw.contains('\n')) {
            self.spans.push((t.span.lo, t.span.hi));
        }
        t.visit_children_with(self);
    }
    fn visit_str(&mut self, s: &Str) {
        let raw = s.raw.as_ref().map_or("", |r| r.as_str());
        self.add(s.span(), raw);
    }
    fn visit_jsx_text(&mut self, t: &JSXText) {
        self.add(t.span, t.raw.as_str());
    }
}

/// Per output line, its first token that came from the original: the token's output column
/// and its original line and column (0-based; columns in characters).
fn first_tokens(
    map: &[(BytePos, LineCol)],
    inside: &HashSet<u32>,
    parsed: &Parsed,
    source: &str,
) -> HashMap<u32, (u32, u32, u32)> {
    let mut firsts: HashMap<u32, (u32, u32)> = HashMap::new();
    for (pos, at) in map {
        if pos.is_dummy() || inside.contains(&at.line) {
            continue;
        }
        let offset = parsed.offset(*pos);
        firsts
            .entry(at.line)
            .and_modify(|e| {
                if (at.col, offset) < *e {
                    *e = (at.col, offset)
                }
            })
            .or_insert((at.col, offset));
    }
    firsts
        .into_iter()
        .filter(|(_, (_, offset))| (*offset as usize) <= source.len())
        .map(|(l, (col, offset))| {
            let (line, c) = parsed.lines.line_col(source, offset as usize);
            (l, (col, line.saturating_sub(1), c.saturating_sub(1)))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::{instrument_source, InstrumentOptions};

    fn line_of(code: &str, needle: &str) -> usize {
        code.lines()
            .position(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("{needle} in {code}"))
            + 1
    }

    #[test]
    fn statements_keep_their_lines_and_columns_past_blank_lines_and_comments() {
        let src = "'use strict';\n\n// a comment\nvar a = 1;\n\n\n/* block\n   comment */\nfunction f(x) {\n    if (x > a) {\n\n        throw new Error('at line 12');\n    }\n    return x;\n}\nmodule.exports = f;\n";
        let out = instrument_source(src, "lib/f.js", &InstrumentOptions::default()).unwrap();
        assert_eq!(line_of(&out.code, "var a = 1"), 4, "{}", out.code);
        assert_eq!(line_of(&out.code, "function f(x)"), 9, "{}", out.code);
        assert_eq!(
            line_of(&out.code, "new Error('at line 12')"),
            12,
            "{}",
            out.code
        );
        let throw = out.code.lines().nth(11).unwrap();
        assert!(
            throw.starts_with("        throw"),
            "the original column: {throw:?}"
        );
        assert_eq!(line_of(&out.code, "module.exports = f"), 16, "{}", out.code);
    }

    #[test]
    fn functions_on_joined_lines_keep_their_source_text_positions() {
        let src = "var o = { a: 1, b: function () { return 2; }, c: [function g() {}, 3] };\n\nfunction h() {\n  if (o) { return 1; }\n  return 0;\n}\n";
        let opts = InstrumentOptions {
            function_texts: true,
            ..Default::default()
        };
        let out = instrument_source(src, "lib/o.js", &opts).unwrap();
        assert_eq!(line_of(&out.code, "function h()"), 3, "{}", out.code);
        assert!(out.functions.len() >= 3, "{:?}", out.functions);
        for f in &out.functions {
            let at = &out.code[f.out as usize..];
            let original = &src[f.lo as usize..f.hi as usize];
            let keyword = original.split(['(', ' ']).next().unwrap();
            assert!(at.starts_with(keyword), "{original:?} at {at:?}");
        }
    }

    #[test]
    fn template_literals_are_not_padded() {
        let src = "const s = `first\n  ${1}\nlast`;\n\n\nmodule.exports = s;\n";
        let out = instrument_source(src, "lib/t.js", &InstrumentOptions::default()).unwrap();
        assert!(out.code.contains("`first\n  ${1}\nlast`"), "{}", out.code);
        assert_eq!(line_of(&out.code, "module.exports"), 6, "{}", out.code);
    }
}

//! Parsing a file with swc and translating swc positions into byte offsets and line/column pairs.

use swc_common::{sync::Lrc, BytePos, FileName, SourceFile, SourceMap, Span as SwcSpan, Spanned};
use swc_ecma_ast::Program;
use swc_ecma_parser::{EsSyntax, Parser, StringInput, Syntax};

use crate::error::ParseError;
use crate::model::{Location, Span};

/// A parsed file: its AST plus what is needed to map spans back to the text.
pub struct Parsed {
    /// The program (script or module).
    pub program: Program,
    /// The source map that owns the file (the code generator needs it).
    pub cm: Lrc<SourceMap>,
    /// Byte offsets of line starts, for line/column lookups.
    pub lines: LineIndex,
    start: u32,
    bom: u32,
    /// For lowered TypeScript: where the parsed text's offsets are in the source.
    map: Option<crate::offsets::OffsetMap>,
}

impl Parsed {
    /// Byte span in the original text of an swc span.
    pub fn span(&self, sp: SwcSpan) -> Span {
        let (lo, hi) = (self.parsed_offset(sp.lo), self.parsed_offset(sp.hi));
        match &self.map {
            None => Span { lo, hi },
            Some(m) => {
                let lo = m.start(lo);
                Span {
                    lo,
                    hi: m.end(hi).max(lo),
                }
            }
        }
    }

    /// Byte offset in the original text of an swc position.
    pub fn offset(&self, pos: BytePos) -> u32 {
        let at = self.parsed_offset(pos);
        self.map.as_ref().map_or(at, |m| m.start(at))
    }

    /// Whether the text of an swc span is the original text in one piece (not text lowered
    /// TypeScript inserted or text around it).
    pub fn is_original(&self, sp: SwcSpan) -> bool {
        let (lo, hi) = (self.parsed_offset(sp.lo), self.parsed_offset(sp.hi));
        self.map.as_ref().is_none_or(|m| m.copied(lo, hi))
    }

    fn parsed_offset(&self, pos: BytePos) -> u32 {
        pos.0.saturating_sub(self.start) + self.bom
    }

    /// Byte span of any node.
    pub fn span_of<T: Spanned>(&self, node: &T) -> Span {
        self.span(node.span())
    }
}

/// Byte offsets of the starts of lines in one text.
pub struct LineIndex {
    starts: Vec<usize>,
    /// Last answer (line index, byte offset, column), so increasing queries on one long line stay linear.
    last: std::cell::Cell<(usize, usize, u32)>,
}

impl LineIndex {
    /// Indexes the lines of `text`.
    pub fn new(text: &str) -> Self {
        // a byte-order mark is not a column: the first line starts after it
        let mut starts = vec![if text.starts_with('\u{feff}') { 3 } else { 0 }];
        for (i, b) in text.bytes().enumerate() {
            if b == b'\n' {
                starts.push(i + 1);
            }
        }
        let first = starts[0];
        LineIndex {
            starts,
            last: std::cell::Cell::new((0, first, 1)),
        }
    }

    /// 1-based line and character column of byte `offset` in `text`.
    pub fn line_col(&self, text: &str, offset: usize) -> (u32, u32) {
        let offset = offset.min(text.len());
        let line = match self.starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        let offset = offset.max(self.starts[line]);
        let (last_line, last_offset, last_col) = self.last.get();
        let (from, base) = if last_line == line && last_offset <= offset {
            (last_offset, last_col as usize)
        } else {
            (self.starts[line], 1)
        };
        let col = base
            + text
                .get(from..offset)
                .map(|s| s.chars().count())
                .unwrap_or(offset - from);
        self.last.set((line, offset, col as u32));
        (line as u32 + 1, col as u32)
    }

    /// A [`Location`] for byte `offset` of `text` in `file`.
    pub fn location(&self, file: &str, text: &str, offset: usize) -> Location {
        let (line, col) = self.line_col(text, offset);
        Location {
            file: file.to_string(),
            line,
            col,
        }
    }
}

/// How to parse a file, from its extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Goal {
    Script,
    Module,
    Either,
}

fn goal_of(rel_path: &str) -> Goal {
    if rel_path.ends_with(".mjs") || rel_path.ends_with(".mts") {
        Goal::Module
    } else if rel_path.ends_with(".cjs") || rel_path.ends_with(".cts") {
        Goal::Script
    } else {
        Goal::Either
    }
}

fn syntax() -> Syntax {
    Syntax::Es(EsSyntax {
        allow_return_outside_function: true,
        ..Default::default()
    })
}

/// Parses the JavaScript `js` of the file `rel_path` (`.mjs` module, `.cjs` script, `.js`
/// whichever fits); `source` is the text positions are reported in, `map` (when the text was
/// lowered) takes offsets of `js` to offsets of `source`.
pub fn parse_mapped(
    source: &str,
    js: &str,
    rel_path: &str,
    map: Option<crate::offsets::OffsetMap>,
) -> Result<Parsed, ParseError> {
    let (bom, text) = match js.strip_prefix('\u{feff}') {
        Some(rest) => (3u32, rest),
        None => (0u32, js),
    };
    let cm: Lrc<SourceMap> = Lrc::new(SourceMap::default());
    let fm: Lrc<SourceFile> = cm.new_source_file(
        Lrc::new(FileName::Custom(rel_path.to_string())),
        text.to_string(),
    );
    let start = fm.start_pos.0;
    let lines = LineIndex::new(source);
    let error_at = |pos: BytePos, message: String| {
        let off = pos.0.saturating_sub(start) + bom;
        let off = map.as_ref().map_or(off, |m| m.start(off)) as usize;
        let (line, col) = lines.line_col(source, off);
        ParseError {
            file: rel_path.to_string(),
            line,
            col,
            message,
        }
    };
    let mut parser = Parser::new(syntax(), StringInput::from(&*fm), None);
    let result = match goal_of(rel_path) {
        Goal::Script => parser.parse_script().map(Program::Script),
        Goal::Module => parser.parse_module().map(Program::Module),
        Goal::Either => parser.parse_program(),
    };
    let mut program = match result {
        Ok(p) => p,
        Err(e) => return Err(error_at(e.span().lo, e.kind().msg().into_owned())),
    };
    if let Some(e) = parser.take_errors().into_iter().next() {
        return Err(error_at(e.span().lo, e.kind().msg().into_owned()));
    }
    crate::pairs::join(&mut program);
    Ok(Parsed {
        program,
        cm,
        lines,
        start,
        bom,
        map,
    })
}

/// Parses the JavaScript `js` of the file `rel_path` ([`parse_mapped`] with positions in `js`).
pub fn parse_js(js: &str, rel_path: &str) -> Result<Parsed, ParseError> {
    parse_mapped(js, js, rel_path, None)
}

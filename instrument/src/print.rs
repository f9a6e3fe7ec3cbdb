//! Printing an AST back to JavaScript text with swc's code generator.

use swc_common::{BytePos, LineCol};
use swc_ecma_ast::Program;
use swc_ecma_codegen::{text_writer::JsWriter, Config, Emitter};

use crate::parse::Parsed;

/// The JavaScript text of `program`.
pub fn emit(program: &Program, parsed: &Parsed) -> String {
    emit_mapped(program, parsed, None)
}

/// The JavaScript text of `program`, recording where original positions land in it when `map`
/// is given (original position, output line and UTF-16 column).
pub fn emit_mapped(
    program: &Program,
    parsed: &Parsed,
    map: Option<&mut Vec<(BytePos, LineCol)>>,
) -> String {
    let mut buf = Vec::new();
    {
        let wr = JsWriter::new(parsed.cm.clone(), "\n", &mut buf, map);
        let mut emitter = Emitter {
            cfg: Config::default(),
            cm: parsed.cm.clone(),
            comments: None,
            wr,
        };
        // Writing into a Vec cannot fail.
        let _ = emitter.emit_program(program);
    }
    String::from_utf8(buf).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// The JavaScript text of `program` on one line (no whitespace the syntax does not need).
pub fn emit_one_line(program: &Program, parsed: &Parsed) -> String {
    let mut buf = Vec::new();
    {
        let wr = JsWriter::new(parsed.cm.clone(), "\n", &mut buf, None);
        let mut emitter = Emitter {
            cfg: Config::default().with_minify(true),
            cm: parsed.cm.clone(),
            comments: None,
            wr,
        };
        // Writing into a Vec cannot fail.
        let _ = emitter.emit_program(program);
    }
    String::from_utf8(buf).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

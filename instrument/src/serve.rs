//! Instrumenting file after file for write logging, as the node engine loads dependencies: one
//! request per line (`{"file": …, "first": N}`), one answer per line (`{"code": …, "bindings":
//! […]}` or `{"error": …}`), until the input ends.

use std::io::{BufRead, Write};
use std::path::PathBuf;

use crate::InstrumentOptions;

/// One request.
#[derive(serde::Deserialize)]
struct Request {
    file: PathBuf,
    first: u32,
}

/// Answers each request line of `input` with a line on `output` until `input` ends.
pub fn serve(input: impl BufRead, mut output: impl Write) -> std::io::Result<()> {
    for line in input.lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        // one write: a value written as it is formatted goes out piece by piece
        let mut text = answer(&line).to_string();
        text.push('\n');
        output.write_all(text.as_bytes())?;
        output.flush()?;
    }
    Ok(())
}

/// The answer to one request line: the file instrumented for write logging, or the error's first
/// line.
pub fn answer(line: &str) -> serde_json::Value {
    let error = |e: String| {
        let text = format!("error: {e}");
        serde_json::json!({ "error": text.lines().next().unwrap_or_default() })
    };
    let req: Request = match serde_json::from_str(line) {
        Ok(r) => r,
        Err(e) => return error(format!("a request must be {{\"file\", \"first\"}}: {e}")),
    };
    let source = match std::fs::read_to_string(&req.file) {
        Ok(s) => s,
        Err(e) => return error(format!("reading {}: {e}", req.file.display())),
    };
    let name = req.file.to_string_lossy().replace('\\', "/");
    let opts = InstrumentOptions {
        log_only: true,
        first_binding: req.first,
        ..InstrumentOptions::default()
    };
    match crate::instrument_source(&source, &name, &opts) {
        Ok(inst) => serde_json::json!({ "code": inst.code, "bindings": inst.bindings }),
        Err(e) => error(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn each_request_line_gets_one_answer_line() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.js");
        std::fs::write(&file, "var x = 1; x = 2;\n").unwrap();
        let input = format!(
            "{}\n\nnot json\n{}\n",
            serde_json::json!({ "file": file, "first": 3 }),
            serde_json::json!({ "file": dir.path().join("missing.js"), "first": 0 })
        );
        let mut out = Vec::new();
        super::serve(input.as_bytes(), &mut out).unwrap();
        let lines: Vec<serde_json::Value> = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 3);
        assert!(lines[0]["code"].as_str().unwrap().contains("x = 2"));
        assert!(lines[0]["bindings"].is_array());
        assert!(lines[1]["error"]
            .as_str()
            .unwrap()
            .starts_with("error: a request must be"));
        assert!(lines[2]["error"].as_str().unwrap().contains("missing.js"));
    }
}

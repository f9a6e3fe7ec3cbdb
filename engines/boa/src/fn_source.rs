//! `Function.prototype.toString` as the user wrote the function: the instrumented files keep
//! where each function's text is in the original, and a text Boa gives back is looked up there.

use std::collections::HashMap;

use boa_engine::{Context, JsResult, JsString, JsValue};

use crate::state::shared;

/// One instrumented file's texts and where its functions are in both.
#[derive(Debug)]
pub(crate) struct FileTexts {
    /// The text Boa runs.
    pub code: String,
    /// The text as the user wrote it.
    pub original: String,
    /// Each function's start in `code` and span in `original`, by start in `code`.
    pub functions: Vec<instrument::FunctionText>,
}

/// The original texts of the functions asked for so far, by instrumented text.
#[derive(Debug, Default)]
pub(crate) struct FunctionTexts {
    files: Vec<FileTexts>,
    asked: HashMap<String, Option<String>>,
}

impl FunctionTexts {
    /// Keeps one instrumented file's functions.
    pub fn add(&mut self, file: FileTexts) {
        if !file.functions.is_empty() {
            self.files.push(file);
        }
    }

    /// The original text of the function whose instrumented text is `text`.
    pub fn original(&mut self, text: &str) -> Option<String> {
        if let Some(known) = self.asked.get(text) {
            return known.clone();
        }
        let found = self.files.iter().find_map(|f| {
            f.code.match_indices(text).find_map(|(at, _)| {
                let at = u32::try_from(at).ok()?;
                let i = f.functions.binary_search_by_key(&at, |x| x.out).ok()?;
                let x = f.functions[i];
                f.original
                    .get(x.lo as usize..x.hi as usize)
                    .map(str::to_string)
            })
        });
        self.asked.insert(text.to_string(), found.clone());
        found
    }
}

/// `host.fnText(text)`: the original text of an instrumented function, or null.
pub(crate) fn fn_text(_: &JsValue, args: &[JsValue], ctx: &mut Context) -> JsResult<JsValue> {
    let Some(text) = args.first().and_then(JsValue::as_string) else {
        return Ok(JsValue::null());
    };
    let text = text.to_std_string_escaped();
    let s = shared(ctx);
    let found = s.host.borrow_mut().function_texts.original(&text);
    Ok(found.map_or(JsValue::null(), |t| JsString::from(t.as_str()).into()))
}

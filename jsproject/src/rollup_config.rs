//! What a rollup configuration builds: each output `file:` with the one string `input:` of its
//! own configuration object (`export default [{ input, output: [{ file }, …] }, …]`). The config
//! is JavaScript read as text, so only literal strings count, and an object is known by its
//! braces (strings, templates and comments skipped).

use std::collections::HashMap;
use std::path::Path;

/// The bundles (output file, input file) the rollup configuration named by `args` (`-c x`,
/// else `rollup.config.*`) writes, relative to `root`.
pub(crate) fn bundles(root: &Path, args: &[&str]) -> Vec<(String, String)> {
    let named =
        crate::build_scripts::flag_value(args, &["-c", "--config"]).filter(|c| !c.starts_with('-'));
    let candidates: Vec<String> = match named {
        Some(c) => vec![c],
        None => ["js", "mjs", "cjs", "ts", "mts"]
            .iter()
            .map(|e| format!("rollup.config.{e}"))
            .collect(),
    };
    let Some(text) = candidates
        .iter()
        .find_map(|c| std::fs::read_to_string(root.join(c)).ok())
    else {
        return Vec::new();
    };
    pairs(&text)
        .into_iter()
        .map(|(f, i)| {
            (
                crate::build_scripts::clean(&f),
                crate::build_scripts::clean(&i),
            )
        })
        .collect()
}

/// Each output file of `text` with its input: the input of the innermost object around the
/// file that has one, or the only input of the config.
fn pairs(text: &str) -> Vec<(String, String)> {
    let inputs = keyed_strings(text, "input");
    let files = keyed_strings(text, "file");
    let at: Vec<usize> = inputs.iter().chain(&files).map(|(p, _)| *p).collect();
    let enclosing = enclosing_objects(text, &at);
    let objects = |p: usize| enclosing.get(&p).map_or(&[][..], Vec::as_slice);
    let input_of = |brace: usize| {
        inputs
            .iter()
            .find(|(p, _)| objects(*p).last() == Some(&brace))
            .map(|(_, v)| v.clone())
    };
    files
        .iter()
        .filter_map(|(p, file)| {
            let own = objects(*p).iter().rev().find_map(|&b| input_of(b));
            let input = match (own, inputs.as_slice()) {
                (Some(i), _) => i,
                (None, [(_, only)]) => only.clone(),
                _ => return None,
            };
            Some((file.clone(), input))
        })
        .collect()
}

/// The literal strings given to the property `key` (`key: "x"`, `'key': 'x'`) in `text`, each
/// with where its key starts.
fn keyed_strings(text: &str, key: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(found) = text[from..].find(key) {
        let at = from + found;
        from = at + key.len();
        let before = text[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$' || c == '.') {
            continue;
        }
        let after = text[from..].trim_start_matches(['"', '\'']).trim_start();
        let Some(value) = after.strip_prefix(':').map(str::trim_start) else {
            continue;
        };
        let Some(q) = value
            .chars()
            .next()
            .filter(|c| matches!(c, '"' | '\'' | '`'))
        else {
            continue;
        };
        if let Some(end) = value[1..].find(q) {
            let s = &value[1..1 + end];
            if !s.contains("${") {
                out.push((at, s.to_string()));
            }
        }
    }
    out
}

/// For each of the positions `at` in `text`, the positions of the `{` of the objects around
/// it, outermost first (strings, templates and comments skipped).
fn enclosing_objects(text: &str, at: &[usize]) -> HashMap<usize, Vec<usize>> {
    let mut wanted: Vec<usize> = at.to_vec();
    wanted.sort_unstable();
    let b = text.as_bytes();
    let mut found = HashMap::with_capacity(wanted.len());
    let mut next = wanted.iter().peekable();
    let mut stack: Vec<usize> = Vec::new();
    let mut i = 0;
    while i <= b.len() {
        while next.peek().is_some_and(|&&p| p <= i) {
            let p = *next.next().expect("peeked");
            found.insert(p, stack.clone());
        }
        if i == b.len() {
            break;
        }
        i = match b[i] {
            q @ (b'"' | b'\'' | b'`') => {
                let mut j = i + 1;
                while j < b.len() && b[j] != q {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                (j + 1).min(b.len())
            }
            b'/' if b.get(i + 1) == Some(&b'/') => text[i..].find('\n').map_or(b.len(), |n| i + n),
            b'/' if b.get(i + 1) == Some(&b'*') => {
                text[i + 2..].find("*/").map_or(b.len(), |n| i + n + 4)
            }
            b'{' => {
                stack.push(i);
                i + 1
            }
            b'}' => {
                stack.pop();
                i + 1
            }
            _ => i + 1,
        };
    }
    found
}

#[cfg(test)]
mod tests {
    use super::pairs;

    fn owned(v: &[(&str, &str)]) -> Vec<(String, String)> {
        v.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn each_output_goes_with_the_input_of_its_object() {
        // acorn's config: an array of two, the second's input after a key of its own
        let text = "export default [\n  {\n    input: \"acorn/src/index.js\",\n    output: [\n      { file: \"acorn/dist/acorn.js\", format: \"umd\" },\n      { file: \"acorn/dist/acorn.mjs\" }\n    ],\n    plugins: [copy(\"acorn/src/acorn.d.ts\", `x{`)]\n  },\n  {\n    external: [\"acorn\"], // {\n    output: { file: 'acorn/dist/bin.js' },\n    input: 'acorn/src/bin/acorn.js',\n  }\n]";
        assert_eq!(
            pairs(text),
            owned(&[
                ("acorn/dist/acorn.js", "acorn/src/index.js"),
                ("acorn/dist/acorn.mjs", "acorn/src/index.js"),
                ("acorn/dist/bin.js", "acorn/src/bin/acorn.js"),
            ])
        );
    }

    #[test]
    fn one_input_serves_every_output_and_unknown_inputs_none() {
        let one = "const out = { file: 'dist/a.js' };\nexport default { input: 'src/a.js', output: out };";
        assert_eq!(pairs(one), owned(&[("dist/a.js", "src/a.js")]));
        // an output outside both objects: whose it is is not read
        let two = "const o = { file: 'x.js' };\nexport default [{ input: 'a.js', output: o }, { input: 'b.js', output: o }];";
        assert!(pairs(two).is_empty());
    }
}

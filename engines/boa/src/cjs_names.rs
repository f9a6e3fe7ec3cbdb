//! Statically detectable named exports of a CommonJS module, as node's cjs-module-lexer finds the
//! common forms: `exports.x =`, `module.exports.x =`, `exports['x'] =`,
//! `Object.defineProperty(exports, 'x'`, and the identifiers of `module.exports = { a, b: … }`.

/// Named exports detected in `source` (without `default`), in first-seen order.
pub(crate) fn detect(source: &str) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let mut add = |n: &str| {
        if is_ident(n) && n != "default" && !names.iter().any(|x| x == n) {
            names.push(n.to_string());
        }
    };
    for (i, _) in source.match_indices("exports") {
        let before = source[..i].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
            continue;
        }
        let after = &source[i + "exports".len()..];
        if let Some(rest) = after.strip_prefix('.') {
            let name: String = rest.chars().take_while(|c| is_ident_char(*c)).collect();
            if rest[name.len()..].trim_start().starts_with('=')
                && !rest[name.len()..].trim_start().starts_with("==")
            {
                add(&name);
            }
        } else if let Some(rest) = after.strip_prefix('[') {
            if let Some(name) = quoted(rest.trim_start()) {
                add(&name);
            }
        } else if source[..i].ends_with("module.") {
            if let Some(obj) = after.trim_start().strip_prefix('=') {
                object_literal_keys(obj, &mut add);
            }
        }
    }
    for (i, _) in source.match_indices("Object.defineProperty(") {
        let rest = source[i + "Object.defineProperty(".len()..].trim_start();
        let rest = rest.strip_prefix("module.").unwrap_or(rest);
        if let Some(rest) = rest.strip_prefix("exports") {
            if let Some(name) = rest
                .trim_start()
                .strip_prefix(',')
                .and_then(|r| quoted(r.trim_start()))
            {
                add(&name);
            }
        }
    }
    names
}

/// The keys of `{ a, b: x, c() {} }` at the start of `text` (shorthand and `key:` forms).
fn object_literal_keys(text: &str, add: &mut impl FnMut(&str)) {
    let Some(body) = text.trim_start().strip_prefix('{') else {
        return;
    };
    let mut depth = 0i32;
    let mut start = 0usize;
    let mut entries = Vec::new();
    for (i, c) in body.char_indices() {
        match c {
            '{' | '(' | '[' => depth += 1,
            '}' | ')' | ']' if depth == 0 => {
                entries.push(&body[start..i]);
                break;
            }
            '}' | ')' | ']' => depth -= 1,
            ',' if depth == 0 => {
                entries.push(&body[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    for e in entries {
        let e = e.trim();
        let key: String = e.chars().take_while(|c| is_ident_char(*c)).collect();
        let rest = e[key.len()..].trim_start();
        if rest.is_empty() || rest.starts_with(':') || rest.starts_with('(') {
            add(&key);
        } else if let Some(k) = quoted(e) {
            add(&k);
        }
    }
}

/// The string of a leading `'x'` or `"x"` literal.
fn quoted(text: &str) -> Option<String> {
    let q = text.chars().next().filter(|c| *c == '\'' || *c == '"')?;
    let end = text[1..].find(q)?;
    Some(text[1..1 + end].to_string())
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '$'
}

fn is_ident(s: &str) -> bool {
    s.chars().next().is_some_and(|c| !c.is_ascii_digit()) && s.chars().all(is_ident_char)
}

#[cfg(test)]
mod tests {
    use super::detect;

    #[test]
    fn finds_the_common_forms() {
        let src = "exports.a = 1; module.exports.b = 2; exports['c'] = 3;\n\
                   Object.defineProperty(exports, \"d\", { value: 4 });\n\
                   if (exports.a == 1) {}";
        assert_eq!(detect(src), ["a", "b", "c", "d"]);
        let obj =
            "function f() {}\nmodule.exports = { f, g: function () { return [1, 2]; }, h() {} };";
        assert_eq!(detect(obj), ["f", "g", "h"]);
        assert!(detect("module.exports = function () {};").is_empty());
    }
}

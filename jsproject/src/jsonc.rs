//! JSONC (`tsconfig.json`, `.mocharc.jsonc`): comments and trailing commas taken out, strings kept.

/// JSONC (comments, trailing commas) as JSON.
pub(crate) fn to_json(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut in_str = false;
    while let Some(c) = chars.next() {
        if in_str {
            out.push(c);
            if c == '\\' {
                if let Some(n) = chars.next() {
                    out.push(n);
                }
            } else if c == '"' {
                in_str = false;
            }
            continue;
        }
        match (c, chars.peek()) {
            ('"', _) => {
                in_str = true;
                out.push(c);
            }
            ('/', Some('/')) => {
                for n in chars.by_ref() {
                    if n == '\n' {
                        out.push('\n');
                        break;
                    }
                }
            }
            ('/', Some('*')) => {
                chars.next();
                let mut prev = ' ';
                for n in chars.by_ref() {
                    if prev == '*' && n == '/' {
                        break;
                    }
                    prev = n;
                }
            }
            _ => out.push(c),
        }
    }
    // trailing commas before } or ]
    let mut cleaned = String::with_capacity(out.len());
    let bytes: Vec<char> = out.chars().collect();
    for (i, c) in bytes.iter().enumerate() {
        if *c == ',' {
            let next = bytes[i + 1..].iter().find(|x| !x.is_whitespace());
            if matches!(next, Some('}') | Some(']')) {
                continue;
            }
        }
        cleaned.push(*c);
    }
    cleaned
}

#[cfg(test)]
mod tests {
    #[test]
    fn comments_and_trailing_commas_go_strings_stay() {
        let t = "{ // c\n \"a\": \"x // y /* z */\", /* b */ \"b\": [1, 2,],\n}";
        let v: serde_json::Value = serde_json::from_str(&super::to_json(t)).unwrap();
        assert_eq!(v, serde_json::json!({"a": "x // y /* z */", "b": [1, 2]}));
    }
}

//! micromatch's extglobs (`?(a|b)`, `@(a|b)`, `+(a|b)`, `*(a|b)`), as jest's default `testMatch`
//! `**/?(*.)+(spec|test).[jt]s?(x)` writes them, expanded into plain globs globset reads: each
//! group becomes its alternatives (and nothing, for `?` and `*`); a bare group `(a|b)` is an
//! alternation too, as in picomatch. A repeated group (`+`, `*`) is taken once, which is what
//! test file names need. Negated groups `!(…)` are not expanded.

/// The plain globs an extglob stands for, or `None` when it has a negated or unbalanced group.
pub(crate) fn expand(glob: &str) -> Option<Vec<String>> {
    let mut out = vec![String::new()];
    let bytes: Vec<char> = glob.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let group = matches!(c, '?' | '@' | '+' | '*' | '!') && bytes.get(i + 1) == Some(&'(');
        // a bare group `(spec|test)` is picomatch's alternation, as `@(spec|test)`
        let open = match (group, c) {
            (true, _) => i + 1,
            (false, '(') => i,
            _ => {
                out.iter_mut().for_each(|s| s.push(c));
                i += 1;
                continue;
            }
        };
        if c == '!' {
            return None;
        }
        let close = matching_paren(&bytes, open)?;
        let inner: String = bytes[open + 1..close].iter().collect();
        let mut alts: Vec<String> = Vec::new();
        for alt in split_top(&inner) {
            alts.extend(expand(&alt)?);
        }
        if matches!(c, '?' | '*') {
            alts.push(String::new());
        }
        out = out
            .iter()
            .flat_map(|pre| alts.iter().map(move |a| format!("{pre}{a}")))
            .collect();
        if out.len() > 256 {
            return None;
        }
        i = close + 1;
    }
    Some(out)
}

fn matching_paren(chars: &[char], open: usize) -> Option<usize> {
    let mut depth = 0;
    for (k, c) in chars.iter().enumerate().skip(open) {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(k);
                }
            }
            _ => {}
        }
    }
    None
}

/// `a|b(c|d)|e` split at the `|`s outside parentheses.
fn split_top(s: &str) -> Vec<String> {
    let mut parts = vec![String::new()];
    let mut depth = 0;
    for c in s.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            '|' if depth == 0 => {
                parts.push(String::new());
                continue;
            }
            _ => {}
        }
        if let Some(last) = parts.last_mut() {
            last.push(c);
        }
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jests_default_test_match_expands_to_its_eight_forms() {
        let mut got = expand("**/?(*.)+(spec|test).[jt]s?(x)").unwrap();
        got.sort();
        assert_eq!(
            got,
            [
                "**/*.spec.[jt]s",
                "**/*.spec.[jt]sx",
                "**/*.test.[jt]s",
                "**/*.test.[jt]sx",
                "**/spec.[jt]s",
                "**/spec.[jt]sx",
                "**/test.[jt]s",
                "**/test.[jt]sx",
            ]
        );
    }

    #[test]
    fn plain_globs_pass_and_negations_are_refused() {
        assert_eq!(expand("test/**/*.js").unwrap(), ["test/**/*.js"]);
        assert_eq!(
            expand("src/@(a|b@(c|d))/x").unwrap(),
            ["src/a/x", "src/bc/x", "src/bd/x"]
        );
        assert!(expand("!(node_modules)/**").is_none());
        // a bare group is picomatch's alternation (reduxjs/reselect's `include`)
        let mut bare = expand("test/**/*.(spec|test).[jt]s?(x)").unwrap();
        bare.sort();
        assert_eq!(
            bare,
            [
                "test/**/*.spec.[jt]s",
                "test/**/*.spec.[jt]sx",
                "test/**/*.test.[jt]s",
                "test/**/*.test.[jt]sx",
            ]
        );
        assert!(expand("?(a|b").is_none());
    }
}

//! The shapes of arm chains as every pass reads them: else-if ladders, guard sequences and
//! conditional chains; the comments that belong to a guard; bodies compared by their text.

use swc_ecma_ast::{CondExpr, Expr, IfStmt, ModuleItem, Stmt};

use crate::syntax::strip_parens;

/// The levels of an else-if ladder starting at `s` and its final `else`, if it has at least two
/// conditions (`if (a) … else if (b) …`).
pub fn ladder(s: &IfStmt) -> Option<(Vec<&IfStmt>, Option<&Stmt>)> {
    let mut levels = vec![s];
    let mut cur = s;
    let default = loop {
        match cur.alt.as_deref() {
            Some(Stmt::If(next)) => {
                levels.push(next);
                cur = next;
            }
            other => break other,
        }
    };
    (levels.len() >= 2).then_some((levels, default))
}

/// The levels of a conditional chain `c1 ? a : c2 ? b : d` (the alternate, parentheses stripped,
/// continues it) and its last alternative, if it has at least two conditions.
pub fn conditional(c: &CondExpr) -> Option<(Vec<&CondExpr>, &Expr)> {
    let mut levels = vec![c];
    let mut cur = c;
    let last = loop {
        match strip_parens(&cur.alt) {
            Expr::Cond(next) => {
                levels.push(next);
                cur = next;
            }
            _ => break &*cur.alt,
        }
    };
    (levels.len() >= 2).then_some((levels, last))
}

/// True for `return`, `throw`, `continue` and `break` (labelled or not).
fn is_exit(s: &Stmt) -> bool {
    matches!(
        s,
        Stmt::Return(_) | Stmt::Throw(_) | Stmt::Continue(_) | Stmt::Break(_)
    )
}

/// The `if` and its body if `s` is a guard: `if (c) <exit>` without `else`, its consequent an
/// exit statement (the body), a block of exactly one (the body: the exit), or a block whose last
/// statement is an exit (the body: the block), so that taking the guard always leaves the
/// sequence.
pub fn guard(s: &Stmt) -> Option<(&IfStmt, &Stmt)> {
    let Stmt::If(i) = s else { return None };
    if i.alt.is_some() {
        return None;
    }
    let body = match &*i.cons {
        Stmt::Block(b) if b.stmts.len() == 1 => &b.stmts[0],
        Stmt::Block(b) if b.stmts.last().is_some_and(is_exit) => return Some((i, &*i.cons)),
        other => other,
    };
    is_exit(body).then_some((i, body))
}

/// The statement a module item is, if it is one.
pub fn item_stmt(item: &ModuleItem) -> Option<&Stmt> {
    match item {
        ModuleItem::Stmt(s) => Some(s),
        ModuleItem::ModuleDecl(_) => None,
    }
}

/// Whether `stmts[k]` is a guard that may stand in a run: a guard testing the local the
/// statement before it declares (`let m = f(); if (m) return m;`) stays with that statement.
pub fn runs_as_guard(stmts: &[Option<&Stmt>], k: usize) -> bool {
    stmts[k].and_then(guard).is_some_and(|(g, _)| {
        k == 0 || !stmts[k - 1].is_some_and(|p| crate::pairs::tests_declared(p, g))
    })
}

/// The runs `[start, end)` of at least two consecutive guards among `stmts` (`None`: not a
/// statement), each guard one that [`runs_as_guard`].
pub fn guard_runs(stmts: &[Option<&Stmt>]) -> Vec<(usize, usize)> {
    let in_run = |k: usize| runs_as_guard(stmts, k);
    let mut runs = Vec::new();
    let mut i = 0;
    while i < stmts.len() {
        let mut j = i;
        while j < stmts.len() && in_run(j) {
            j += 1;
        }
        if j - i >= 2 {
            runs.push((i, j));
        }
        i = j.max(i + 1);
    }
    runs
}

/// The comments of `src[from..to]`, which starts at a token boundary, as byte ranges; the
/// comments before any other token there are dropped; `None` if a string or template could start
/// there (the text is then not known to be trivia).
fn comments_in(src: &str, from: usize, to: usize) -> Option<Vec<(usize, usize)>> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = from;
    while i < to {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                let end = src[i..to].find('\n').map_or(to, |n| i + n);
                out.push((i, end));
                i = end;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let end = src[i + 2..to].find("*/").map(|n| i + 2 + n + 2)?;
                out.push((i, end));
                i = end;
            }
            b'\'' | b'"' | b'`' => return None,
            c if c.is_ascii_whitespace() => i += 1,
            c if c.is_ascii() => {
                out.clear();
                i += 1;
            }
            _ => {
                let ch = src[i..].chars().next().unwrap_or(' ');
                if !ch.is_whitespace() && ch != '\u{feff}' {
                    out.clear();
                }
                i += ch.len_utf8();
            }
        }
    }
    Some(out)
}

/// Start of the line holding byte `at`.
fn line_start(src: &str, at: usize) -> usize {
    src[..at].rfind('\n').map_or(0, |n| n + 1)
}

/// Where the comment lines directly above the statement at `at` start (`at` when there are
/// none): comments alone on their lines, with no blank line between them and the statement.
/// `from` is a token boundary before `at` with only trivia, keywords and punctuation between.
pub fn leading_comments(src: &str, from: usize, at: usize) -> usize {
    let Some(comments) = comments_in(src, from, at) else {
        return at;
    };
    let blank = |a: usize, b: usize| src[a..b].chars().all(char::is_whitespace);
    let mut top = line_start(src, at);
    if !blank(top, at) {
        return at;
    }
    let mut start = at;
    let mut k = comments.len();
    while k > 0 {
        let (_, hi) = comments[k - 1];
        // the comment ends on the line right above `top`
        if hi > top || !blank(hi, top) || src[hi..top].matches('\n').count() != 1 {
            break;
        }
        // earlier comments on the same line
        let mut first = k - 1;
        while first > 0
            && blank(comments[first - 1].1, comments[first].0)
            && !src[comments[first - 1].1..comments[first].0].contains('\n')
        {
            first -= 1;
        }
        let lo = comments[first].0;
        let line = line_start(src, lo);
        if !blank(line, lo) {
            break;
        }
        start = lo;
        top = line;
        k = first;
    }
    start
}

/// The index of the first byte at or after `from` (a token boundary) that is not whitespace
/// or inside a comment.
pub fn skip_trivia(src: &str, from: usize) -> usize {
    let mut i = from;
    loop {
        let rest = &src[i..];
        let trimmed = rest.trim_start();
        i += rest.len() - trimmed.len();
        if trimmed.starts_with("//") {
            i += trimmed.find('\n').unwrap_or(trimmed.len());
        } else if let Some(body) = trimmed.strip_prefix("/*") {
            i += body.find("*/").map_or(trimmed.len(), |n| n + 4);
        } else {
            return i;
        }
    }
}

/// Where the comments after the statement ending at `end` on its last line end (`end` when
/// there are none, or when code follows them on that line).
pub fn trailing_comments(src: &str, end: usize) -> usize {
    comments_to_line_end(src, end).unwrap_or(end)
}

/// Where the comments after `end` on its line end (`end` when there are none), if only
/// comments follow `end` on its line; `None` when code does.
pub fn comments_to_line_end(src: &str, end: usize) -> Option<usize> {
    let b = src.as_bytes();
    let mut i = end;
    let mut last = end;
    loop {
        while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
            i += 1;
        }
        if src[i..].starts_with("//") {
            let line_end = src[i..].find('\n').map_or(src.len(), |n| i + n);
            // a `\r\n` line's comment ends before its `\r`
            return Some(match src[..line_end].ends_with('\r') {
                true => line_end - 1,
                false => line_end,
            });
        }
        if src[i..].starts_with("/*") {
            match src[i + 2..].find("*/") {
                Some(n) if !src[i..i + 2 + n].contains('\n') => {
                    i += 2 + n + 2;
                    last = i;
                    continue;
                }
                _ => return None,
            }
        }
        let line_ends = i >= b.len() || b[i] == b'\n' || b[i] == b'\r';
        return line_ends.then_some(last);
    }
}

/// The index after the string, template or comment starting at `chars[i]`, if one starts there.
fn literal_end(chars: &[char], i: usize) -> Option<usize> {
    match chars[i] {
        q @ ('\'' | '"' | '`') => {
            let mut j = i + 1;
            while j < chars.len() && chars[j] != q {
                j += if chars[j] == '\\' { 2 } else { 1 };
            }
            Some((j + 1).min(chars.len()))
        }
        '/' if chars.get(i + 1) == Some(&'/') => Some(
            (i..chars.len())
                .find(|&j| chars[j] == '\n')
                .unwrap_or(chars.len()),
        ),
        '/' if chars.get(i + 1) == Some(&'*') => Some(
            (i + 2..chars.len())
                .find(|&j| chars[j..].starts_with(&['*', '/']))
                .map_or(chars.len(), |j| j + 2),
        ),
        _ => None,
    }
}

/// The text of a body with runs of whitespace outside strings, templates and comments removed
/// (one space kept between two word characters), so bodies differing only in layout compare equal.
pub fn normalise(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let word = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    // a line comment's end of line is kept, or what follows would join the comment
    let mut line_comment = false;
    while i < chars.len() {
        if chars[i].is_whitespace() {
            while i < chars.len() && chars[i].is_whitespace() {
                i += 1;
            }
            let before = out.chars().last();
            if std::mem::take(&mut line_comment) {
                out.push('\n');
            } else if before.is_some_and(word) && chars.get(i).copied().is_some_and(word) {
                out.push(' ');
            }
        } else if let Some(end) = literal_end(&chars, i) {
            line_comment = chars[i..].starts_with(&['/', '/']);
            out.extend(&chars[i..end]);
            i = end;
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// Groups of indices whose texts are equal, each in order, groups by their first index.
pub fn same_groups(texts: &[String]) -> Vec<Vec<usize>> {
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (i, t) in texts.iter().enumerate() {
        match groups.iter_mut().find(|g| texts[g[0]] == *t) {
            Some(g) => g.push(i),
            None => groups.push(vec![i]),
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_compare_without_layout() {
        assert_eq!(normalise("{ return  1 ;\n }"), normalise("{return 1;}"));
        assert_ne!(normalise("return a;"), normalise("returna;"));
        assert_ne!(normalise("f('a  b')"), normalise("f('a b')"));
        assert_ne!(normalise("f(`x y`)"), normalise("f(`xy`)"));
        assert_eq!(normalise("f('it\\'s  ok' )"), "f('it\\'s  ok')");
        assert_eq!(normalise("a; // c  d\n b"), "a;// c  d\nb");
        assert_eq!(
            same_groups(&["a".into(), "b".into(), "a".into(), "c".into(), "b".into()]),
            vec![vec![0, 2], vec![1, 4], vec![3]]
        );
    }

    #[test]
    fn guard_comments_above_and_after() {
        let src =
            "{\n  // one\n  /* two */\n  if (a) return; // t\n\n  // far\n\n  if (b) return;\n}";
        let at = src.find("if (a)").unwrap();
        assert_eq!(leading_comments(src, 1, at), src.find("// one").unwrap());
        let at_b = src.find("if (b)").unwrap();
        assert_eq!(leading_comments(src, 1, at_b), at_b, "blank line between");
        let end = src.find("return;").unwrap() + "return;".len();
        assert_eq!(trailing_comments(src, end), src.find("\n\n").unwrap());
        let code = "x(); if (a) return; /* c */ y();";
        let end = code.find("return;").unwrap() + 7;
        assert_eq!(trailing_comments(code, end), end, "code follows");
        let src = "f(); /* c */ if (a) return;";
        let at = src.find("if").unwrap();
        assert_eq!(leading_comments(src, 4, at), at, "not alone on its line");
        let src = "x = '\n// s\n';\nif (a) return;";
        let at = src.find("if").unwrap();
        assert_eq!(leading_comments(src, 0, at), at, "a string is not trivia");
    }
}

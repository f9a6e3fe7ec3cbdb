//! Parser for symptom specifications (`.spec` files), built on `winnow` for the lexical layer
//! (already in the dependency tree through `toml`, so it costs no extra build) with hand-written
//! recursive descent on top, so every error says what was expected where.
//!
//! ```text
//! file   := "spec" IDENT STRING ";" item*
//! item   := "track" pattern ("," pattern)* ";"
//!         | "on" event ["when" cond ("&&" cond)*] "->" action ";"
//! event  := alloc | read | write | array_read | array_write | enter NAME | exit NAME | gc
//! cond   := metric ("<"|"<="|">"|">="|"=="|"!=") INT
//! action := "amplify" "(" (size | unused | INT) ")" | "deamplify" | "reset"
//! ```
//! `#` starts a comment that runs to the end of the line.

use super::spec::{Action, Cmp, Cond, Event, Metric, Penalty, Rule, Spec, TypePattern};
use winnow::ascii::{dec_uint, multispace1, till_line_ending};
use winnow::combinator::{alt, delimited, preceded, repeat};
use winnow::token::{take_till, take_while};
use winnow::Parser;

/// A specification that could not be parsed, with its place.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("{file}:{line}:{column}: {message}")]
pub struct SpecError {
    /// File name as given by the user.
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What was wrong.
    pub message: String,
}

/// Parses the text of one spec file; `file` names it in errors.
pub fn parse_spec(file: &str, text: &str) -> Result<Spec, SpecError> {
    let mut cur = Cursor { text, rest: text };
    parse_file(&mut cur).map_err(|(offset, message)| {
        let (line, column) = line_col(text, offset);
        SpecError {
            file: file.to_string(),
            line,
            column,
            message,
        }
    })
}

/// 1-based line and column of a byte offset.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// An error at a byte offset.
type PResult<T> = Result<T, (usize, String)>;

/// The unparsed rest of a spec and the whole text (for offsets).
struct Cursor<'a> {
    text: &'a str,
    rest: &'a str,
}

impl<'a> Cursor<'a> {
    /// Byte offset of the next unparsed character.
    fn offset(&self) -> usize {
        self.text.len() - self.rest.len()
    }

    /// Skips whitespace and `#` comments.
    fn skip(&mut self) {
        let comment = preceded('#', till_line_ending::<_, ()>).void();
        let _: Result<Vec<()>, ()> =
            repeat(0.., alt((multispace1.void(), comment))).parse_next(&mut self.rest);
    }

    /// An error at the next token.
    fn fail<T>(&mut self, expected: &str) -> PResult<T> {
        self.skip();
        let found: String = self
            .rest
            .chars()
            .take_while(|c| !c.is_whitespace())
            .take(20)
            .collect();
        let found = if found.is_empty() {
            "end of file".to_string()
        } else {
            format!("`{found}`")
        };
        Err((self.offset(), format!("expected {expected}, found {found}")))
    }

    /// The next word (letters, digits, `_`, `.`, `$`, `*`), if any.
    fn word(&mut self) -> Option<&'a str> {
        self.skip();
        take_while::<_, _, ()>(1.., |c: char| c.is_alphanumeric() || "_.$*".contains(c))
            .parse_next(&mut self.rest)
            .ok()
    }

    /// Consumes `sym` if it comes next.
    fn eat(&mut self, sym: &str) -> bool {
        self.skip();
        winnow::token::literal::<_, _, ()>(sym)
            .parse_next(&mut self.rest)
            .is_ok()
    }

    /// Requires `sym` next.
    fn expect(&mut self, sym: &str) -> PResult<()> {
        if self.eat(sym) {
            Ok(())
        } else {
            self.fail(&format!("`{sym}`"))
        }
    }

    /// Consumes the keyword `kw` if it is the next word.
    fn keyword(&mut self, kw: &str) -> bool {
        let save = self.rest;
        if self.word() == Some(kw) {
            return true;
        }
        self.rest = save;
        false
    }

    /// A decimal integer.
    fn int(&mut self) -> PResult<u64> {
        self.skip();
        match dec_uint::<_, u64, ()>(&mut self.rest) {
            Ok(n) => Ok(n),
            Err(()) => self.fail("a number"),
        }
    }

    /// A double-quoted string without escapes.
    fn string(&mut self) -> PResult<String> {
        self.skip();
        let quoted =
            delimited('"', take_till::<_, _, ()>(0.., ['"', '\n']), '"').parse_next(&mut self.rest);
        match quoted {
            Ok(s) => Ok(s.to_string()),
            Err(()) => self.fail("a double-quoted description"),
        }
    }
}

/// The whole file.
fn parse_file(cur: &mut Cursor) -> PResult<Spec> {
    if !cur.keyword("spec") {
        return cur.fail("`spec NAME \"description\";`");
    }
    let Some(name) = cur.word() else {
        return cur.fail("a spec name");
    };
    let about = cur.string()?;
    cur.expect(";")?;
    let mut spec = Spec {
        name: name.to_string(),
        about,
        track: Vec::new(),
        rules: Vec::new(),
    };
    loop {
        cur.skip();
        if cur.rest.is_empty() {
            break;
        }
        if cur.keyword("track") {
            parse_track(cur, &mut spec.track)?;
        } else if cur.keyword("on") {
            let line = line_col(cur.text, cur.offset()).0;
            spec.rules.push(parse_rule(cur, line)?);
        } else {
            return cur.fail("`track` or `on`");
        }
    }
    check(cur, &spec)?;
    Ok(spec)
}

/// Whole-spec checks: something tracked and something amplified.
fn check(cur: &Cursor, spec: &Spec) -> PResult<()> {
    let end = cur.offset();
    if spec.track.is_empty() {
        return Err((
            end,
            "the spec tracks nothing: add `track PATTERN;`".to_string(),
        ));
    }
    if !spec
        .rules
        .iter()
        .any(|r| matches!(r.action, Action::Amplify(_)))
    {
        return Err((
            end,
            "the spec never amplifies: add `on EVENT -> amplify(size);`".to_string(),
        ));
    }
    Ok(())
}

/// `track` patterns up to `;`.
fn parse_track(cur: &mut Cursor, out: &mut Vec<TypePattern>) -> PResult<()> {
    loop {
        let Some(w) = cur.word() else {
            return cur.fail("a class pattern (`*`, `pkg.*` or `pkg.Class`)");
        };
        let pattern = if w == "*" {
            TypePattern::Any
        } else if let Some(prefix) = w.strip_suffix('*') {
            TypePattern::Prefix(prefix.to_string())
        } else if w.contains('*') {
            let offset = cur.offset() - w.len();
            return Err((offset, format!("`*` may only end a class pattern: `{w}`")));
        } else {
            TypePattern::Exact(w.to_string())
        };
        out.push(pattern);
        if !cur.eat(",") {
            return cur.expect(";");
        }
    }
}

/// One rule after `on`.
fn parse_rule(cur: &mut Cursor, line: usize) -> PResult<Rule> {
    let event = parse_event(cur)?;
    let mut when = Vec::new();
    if cur.keyword("when") {
        when.push(parse_cond(cur)?);
        while cur.eat("&&") {
            when.push(parse_cond(cur)?);
        }
    }
    cur.expect("->")?;
    let action = parse_action(cur)?;
    cur.expect(";")?;
    Ok(Rule {
        line,
        event,
        when,
        action,
    })
}

/// An event name (and method name for `enter`/`exit`).
fn parse_event(cur: &mut Cursor) -> PResult<Event> {
    const EXPECTED: &str =
        "an event (alloc, read, write, array_read, array_write, enter NAME, exit NAME, gc)";
    let save = cur.rest;
    let event = match cur.word() {
        Some("alloc") => Event::Alloc,
        Some("read") => Event::Read,
        Some("write") => Event::Write,
        Some("array_read") => Event::ArrayRead,
        Some("array_write") => Event::ArrayWrite,
        Some("gc") => Event::Gc,
        Some(kw @ ("enter" | "exit")) => {
            let Some(m) = cur.word() else {
                return cur.fail("a method name");
            };
            if kw == "enter" {
                Event::Enter(m.to_string())
            } else {
                Event::Exit(m.to_string())
            }
        }
        _ => {
            cur.rest = save;
            return cur.fail(EXPECTED);
        }
    };
    Ok(event)
}

/// `metric OP INT`.
fn parse_cond(cur: &mut Cursor) -> PResult<Cond> {
    let save = cur.rest;
    let metric = match cur.word() {
        Some("idle_gcs") => Metric::IdleGcs,
        Some("reads") => Metric::Reads,
        Some("writes") => Metric::Writes,
        Some("elements") => Metric::Elements,
        Some("capacity") => Metric::Capacity,
        Some("used_pct") => Metric::UsedPct,
        Some("read_spread_pct") => Metric::ReadSpreadPct,
        Some("size") => Metric::Size,
        _ => {
            cur.rest = save;
            return cur.fail(
                "a metric (idle_gcs, reads, writes, elements, capacity, used_pct, read_spread_pct, size)",
            );
        }
    };
    // Two-character operators first so `<=` is not read as `<`.
    let ops = [
        ("<=", Cmp::Le),
        (">=", Cmp::Ge),
        ("==", Cmp::Eq),
        ("!=", Cmp::Ne),
        ("<", Cmp::Lt),
        (">", Cmp::Gt),
    ];
    let Some(op) = ops.iter().find(|(s, _)| cur.eat(s)).map(|(_, op)| *op) else {
        return cur.fail("a comparison (<, <=, >, >=, ==, !=)");
    };
    let value = cur.int()?;
    Ok(Cond { metric, op, value })
}

/// `amplify(PENALTY)`, `deamplify` or `reset`.
fn parse_action(cur: &mut Cursor) -> PResult<Action> {
    let save = cur.rest;
    match cur.word() {
        Some("deamplify") => Ok(Action::Deamplify),
        Some("reset") => Ok(Action::Reset),
        Some("amplify") => {
            cur.expect("(")?;
            let save = cur.rest;
            let penalty =
                match cur.word() {
                    Some("size") => Penalty::Size,
                    Some("unused") => Penalty::Unused,
                    _ => {
                        cur.rest = save;
                        Penalty::Bytes(cur.int().or_else(|_| {
                            cur.fail("a penalty (size, unused or a number of bytes)")
                        })?)
                    }
                };
            cur.expect(")")?;
            Ok(Action::Amplify(penalty))
        }
        _ => {
            cur.rest = save;
            cur.fail("an action (amplify(PENALTY), deamplify, reset)")
        }
    }
}

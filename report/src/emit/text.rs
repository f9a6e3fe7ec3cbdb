//! Text output: numbered finding entries and finding lines, as every command's text report
//! lists what it found.

use crate::Finding;

/// The heading of the `n`th entry of a list of findings: `n. file:line:col (what)`, and
/// `  [tag]` after it when `tag` is not empty.
pub fn entry_heading(n: usize, f: &Finding, what: &str, tag: &str) -> String {
    let tag = match tag.is_empty() {
        true => String::new(),
        false => format!("  [{tag}]"),
    };
    format!("{n}. {} ({what}){tag}", f.location())
}

/// One line per finding: `file:line:col: message`.
pub fn lines(findings: &[Finding]) -> String {
    findings
        .iter()
        .map(|f| format!("{}: {}\n", f.location(), f.message))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Level;

    #[test]
    fn headings_and_lines_name_the_location() {
        let f = Finding::at_line("never-used", Level::Warning, "a.js", 3, "unused".into());
        assert_eq!(entry_heading(2, &f, "switch", ""), "2. a.js:3:1 (switch)");
        assert_eq!(
            entry_heading(1, &f, "logical", "unverified"),
            "1. a.js:3:1 (logical)  [unverified]"
        );
        assert_eq!(lines(&[f]), "a.js:3:1: unused\n");
    }
}

//! Text inserted into a source at byte offsets, every other byte in place: how the workarounds for
//! Boa change code that runs as it is.

/// `source` with each `(offset, text)` inserted; texts at one offset appear in the order given.
pub(crate) fn insert_all(source: &str, edits: &[(usize, &str)]) -> String {
    // from the end, so earlier offsets stay right; at one offset the last given goes in first
    let mut order: Vec<(usize, &(usize, &str))> = edits.iter().enumerate().collect();
    order.sort_by_key(|(k, e)| std::cmp::Reverse((e.0, *k)));
    let mut out = source.to_string();
    for (_, (at, text)) in order {
        out.insert_str(*at, text);
    }
    out
}

/// `source` (the file `rel_path`) parsed, with the insertions `find` gives for it; `None` when
/// it gives none or the file does not parse.
pub(crate) fn parse_and_insert(
    source: &str,
    rel_path: &str,
    find: impl FnOnce(&crate::parse::Parsed) -> Vec<(usize, &'static str)> + Send,
) -> Option<String> {
    crate::with_big_stack(|| {
        let parsed = crate::parse::parse(source, rel_path).ok()?;
        let edits = find(&parsed);
        (!edits.is_empty()).then(|| insert_all(source, &edits))
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn texts_at_one_offset_keep_their_order() {
        let out = super::insert_all("ab", &[(1, "["), (0, "<"), (1, "]"), (2, ">")]);
        assert_eq!(out, "<a[]b>");
    }
}

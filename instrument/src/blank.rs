//! Blanking parts of source text with spaces, so that every other offset stays where it was.

/// Blanks `a..b` of `text` and one comma next to it, so the list around it stays valid.
pub(crate) fn blank_list_item(text: &mut [u8], a: usize, b: usize) {
    text[a..b].fill(b' ');
    let next = (b..text.len()).find(|&k| !text[k].is_ascii_whitespace());
    let prev = (0..a).rev().find(|&k| !text[k].is_ascii_whitespace());
    match (next, prev) {
        (Some(k), _) if text[k] == b',' => text[k] = b' ',
        (_, Some(k)) if text[k] == b',' => text[k] = b' ',
        _ => {}
    }
}

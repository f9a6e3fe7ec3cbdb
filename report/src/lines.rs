//! Lines and columns of byte offsets.

use crate::Position;

/// The line and column of every byte offset of a text, computed once per file.
pub struct Lines<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    /// The line starts of `text` (a byte-order mark is not a column).
    pub fn new(text: &'a str) -> Self {
        let mut starts = vec![if text.starts_with('\u{feff}') { 3 } else { 0 }];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Lines { text, starts }
    }

    /// The 1-based line and column (in characters) of byte `byte`.
    pub fn at(&self, byte: u32) -> Position {
        let b = (byte as usize).min(self.text.len());
        let line = self.starts.partition_point(|&s| s <= b).saturating_sub(1);
        let from = self.starts[line];
        let b = b.max(from);
        let col = self
            .text
            .get(from..b)
            .map_or(b - from, |s| s.chars().count());
        Position {
            line: line as u32 + 1,
            col: col as u32 + 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_lines_and_characters() {
        let l = Lines::new("ab\né x\n");
        assert_eq!(l.at(0), Position { line: 1, col: 1 });
        assert_eq!(l.at(3), Position { line: 2, col: 1 });
        // `é` is two bytes, one character
        assert_eq!(l.at(6), Position { line: 2, col: 3 });
        assert_eq!(l.at(99), Position { line: 3, col: 1 });
        let bom = Lines::new("\u{feff}ab");
        assert_eq!(bom.at(3), Position { line: 1, col: 1 });
        assert_eq!(bom.at(4), Position { line: 1, col: 2 });
    }
}

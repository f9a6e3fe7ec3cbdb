//! Objects made while a check runs: writes to them are not the check's effects.
//!
//! Literals and `new` in instrumented functions call `__dp.mk(o)` while a check or a speculation
//! runs; `o` gets the next stamp. A write to an object whose stamp is newer than the running
//! check's (or speculative leaf's) start is to an object nothing outside the check can reach
//! unless another, logged write put it there, so it is neither an effect nor undone; the same
//! holds for the variables of a function activation stamped after it started (`act()`). Objects are
//! kept by address: an address reused after a collection keeps an older stamp than the object
//! now there had, so a reused address can only make a write count where it need not.

use std::collections::HashMap;

/// Stamps of the objects made since the outermost running check started.
#[derive(Debug, Default)]
pub(crate) struct Made {
    seq: u64,
    stamps: HashMap<usize, u64>,
}

impl Made {
    /// The stamp the next object gets is above this one (a check's start).
    pub fn now(&self) -> u64 {
        self.seq
    }

    /// A new stamp (for a function activation starting now).
    pub fn stamp(&mut self) -> u64 {
        self.seq += 1;
        self.seq
    }

    /// Records that the object at `addr` was made now.
    pub fn mark(&mut self, addr: usize) {
        let st = self.stamp();
        self.stamps.insert(addr, st);
    }

    /// True when the object at `addr` was made after `from` (a check's start).
    pub fn since(&self, addr: usize, from: u64) -> bool {
        self.stamps.get(&addr).is_some_and(|&s| s > from)
    }

    /// Forgets every stamp (no check runs: none can matter again).
    pub fn clear(&mut self) {
        if !self.stamps.is_empty() {
            self.stamps.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Made;

    #[test]
    fn an_object_made_before_a_check_started_is_not_its_own() {
        let mut m = Made::default();
        m.mark(1);
        let from = m.now();
        m.mark(2);
        assert!(!m.since(1, from));
        assert!(m.since(2, from));
        assert!(!m.since(3, from));
        m.clear();
        assert!(!m.since(2, from));
    }
}

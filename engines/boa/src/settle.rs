//! Settling: a decision is recorded in full until its behaviour is known, then sampled. Once
//! [`SETTLE`] executions were recorded and the last [`QUIET`] of them showed no outcome pattern
//! (which checks were true) not seen before, only one execution in `stride` is recorded, its
//! row counted `stride` times; the stride doubles after each further [`QUIET`] quiet recorded
//! executions, up to [`MAX_STRIDE`]. A recorded execution with a new pattern records everything
//! again. The first [`PER_TEST`] executions of every test are recorded whatever the stride, so
//! each test keeps histories of its own. The others are counted, with no frame, no speculation
//! and no access log. The node runtime (`engines/node/js/dp_node.js`) applies the same rule;
//! `--exact` turns it off.
//!
//! What it bounds: a pattern not seen in [`QUIET`] recorded executions has a probability below
//! 3/[`QUIET`] (0.6 %) at 95 % confidence, so the frequencies the optimizer uses are known to
//! within a percent or so before sampling starts, and each sample keeps checking them.

use std::collections::HashSet;

/// Recorded executions in a unit before sampling may start.
pub(crate) const SETTLE: u64 = 1024;
/// Recorded executions with no new pattern before the stride doubles.
pub(crate) const QUIET: u64 = 512;
/// The sparsest sampling: one execution in this many.
pub(crate) const MAX_STRIDE: u64 = 1024;
/// Patterns remembered per decision; beyond them every unseen one counts as new.
const MAX_PATTERNS: usize = 64;
/// Executions of a decision recorded at the start of every test, whatever the stride.
pub(crate) const PER_TEST: u64 = 16;

/// One decision's settling state.
#[derive(Debug, Default)]
pub(crate) struct Settle {
    unit: Option<usize>,
    in_unit: u64,
    stride: u64,
    full: u64,
    quiet: u64,
    tick: u64,
    patterns: HashSet<Vec<bool>>,
}

impl Settle {
    /// How an execution starting now in `unit` is recorded: 0 not at all, else its row's weight.
    /// `open` gives the innermost open execution of the decision, if any (`Some(true)`:
    /// recorded); a nested execution is recorded as that one is.
    pub fn weight(&mut self, unit: usize, open: impl FnOnce() -> Option<bool>) -> u64 {
        if self.unit != Some(unit) {
            // a sample stands for executions of its own test only
            self.unit = Some(unit);
            self.in_unit = 0;
            self.tick = 0;
        }
        self.in_unit += 1;
        let s = self.stride;
        if s <= 1 {
            return 1;
        }
        let early = self.in_unit <= PER_TEST;
        match open() {
            Some(false) => 0,
            Some(true) if early => 1,
            Some(true) => s,
            None if early => 1,
            None => {
                self.tick += 1;
                match self.tick.is_multiple_of(s) {
                    true => s,
                    false => 0,
                }
            }
        }
    }

    /// A recorded execution whose checks had these values.
    pub fn recorded(&mut self, values: Vec<bool>) {
        if self.patterns.contains(&values) {
            self.quiet += 1;
        } else {
            if self.patterns.len() < MAX_PATTERNS {
                self.patterns.insert(values);
            }
            self.stride = 1;
            self.quiet = 0;
            self.tick = 0;
        }
        self.full += 1;
        let s = self.stride.max(1);
        let ready = if s == 1 {
            self.full >= SETTLE
        } else {
            s < MAX_STRIDE
        };
        if self.quiet >= QUIET && ready {
            self.stride = s * 2;
            self.quiet = 0;
            self.tick = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Records `n` executions with `values`; returns how many were recorded and their weight.
    fn run(s: &mut Settle, n: u64, values: &[bool]) -> (u64, u64) {
        let (mut recorded, mut weight) = (0, 0);
        for _ in 0..n {
            let w = s.weight(0, || None);
            if w > 0 {
                recorded += 1;
                weight += w;
                s.recorded(values.to_vec());
            }
        }
        (recorded, weight)
    }

    #[test]
    fn a_steady_decision_is_sampled_ever_more_sparsely_and_its_weights_add_up() {
        let mut s = Settle::default();
        let (recorded, weight) = run(&mut s, 2_000_000, &[true, false]);
        assert!(recorded < 10_000, "{recorded}");
        // every execution up to the last stride's remainder is accounted for
        assert!((2_000_000 - weight) < MAX_STRIDE, "{weight}");
        assert_eq!(s.stride, MAX_STRIDE);
    }

    #[test]
    fn a_new_pattern_records_everything_again_and_a_new_test_starts_recorded() {
        let mut s = Settle::default();
        run(&mut s, 5_000, &[true, false]);
        assert!(s.stride > 1);
        // a new test: its first executions are recorded, at weight 1
        for _ in 0..PER_TEST {
            assert_eq!(s.weight(1, || None), 1);
        }
        assert!(s.stride > 1);
        // the behaviour changes: the first recorded execution of the new kind reopens
        let before = s.stride;
        let (recorded, _) = run(&mut s, 2_000, &[false, true]);
        assert!(recorded >= 512, "{recorded}");
        assert!(s.stride < before, "{} {before}", s.stride);
    }

    #[test]
    fn an_execution_nested_in_an_open_one_is_recorded_as_that_one() {
        let mut s = Settle::default();
        run(&mut s, 5_000, &[true]);
        let st = s.stride;
        assert_eq!(s.weight(0, || Some(true)), st);
        assert_eq!(s.weight(0, || Some(false)), 0);
    }
}

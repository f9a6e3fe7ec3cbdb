//! Settling: a decision is recorded in full until its behaviour is known, then sampled. Once
//! [`SETTLE`] executions were recorded and the last [`QUIET`] of them showed no outcome pattern
//! (which checks were true) not seen before, only one execution in `stride` is recorded, its
//! row counted `stride` times: the executions are cut into windows of `stride` and one at a
//! random place in each window is recorded (a pseudo-random sequence both engines compute
//! alike), so a workload that repeats with a period cannot line up with the samples. The stride
//! doubles after each further [`REQUIET`] quiet recorded executions, up to [`MAX_STRIDE`]. A
//! recorded execution with a new pattern records everything again, and the stride climbs back
//! after [`REOPEN_QUIET`] quiet ones per doubling (the first settling's bound still holds for the
//! patterns it saw). The first [`PER_TEST`] executions of every test are recorded whatever the stride, so
//! each test keeps histories of its own. The others are counted, with no frame, no speculation
//! and no access log. The node runtime (`engines/node/js/dp_node.js`) applies the same rule;
//! `--exact` turns it off.
//!
//! What it bounds: a pattern not seen in [`QUIET`] recorded executions has a probability below
//! 3/[`QUIET`] (1.2 %) at 95 % confidence, so the frequencies the optimizer uses are known to
//! within a few percent before sampling starts, and each sample keeps checking them. A
//! recorded execution of weight `w` stands for `w - 1` that were not recorded: the sum of
//! `w (w - 1)` (a decision's `spread`) is what the sampling adds to an estimate's variance.

use std::collections::HashSet;

/// Recorded executions in a unit before sampling may start.
pub(crate) const SETTLE: u64 = 256;
/// Recorded executions with no new pattern before the stride first doubles.
pub(crate) const QUIET: u64 = 256;
/// Recorded executions with no new pattern before the stride doubles again, once it has doubled.
pub(crate) const REQUIET: u64 = 128;
/// Recorded executions with no new pattern per doubling while climbing back after a new one.
pub(crate) const REOPEN_QUIET: u64 = 64;
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
    /// How far the decision has come, which says how many quiet executions a doubling takes.
    climb: Climb,
    tick: u64,
    /// The last tick of the current window.
    window_end: u64,
    /// The tick recorded in the current window.
    pick: u64,
    random: Xorshift,
    patterns: HashSet<Vec<bool>>,
}

/// Where a decision is in settling (`settledOnce` 0, 1, 2 in the node runtime).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
enum Climb {
    /// Never sampled yet: the first doubling takes [`QUIET`].
    #[default]
    First,
    /// Sampled, no new pattern since: each doubling takes [`REQUIET`].
    Settled,
    /// A new pattern came after it had settled: each doubling takes [`REOPEN_QUIET`].
    Reopened,
}

impl Climb {
    /// Quiet recorded executions before the stride doubles.
    fn quiet_needed(self) -> u64 {
        match self {
            Climb::First => QUIET,
            Climb::Settled => REQUIET,
            Climb::Reopened => REOPEN_QUIET,
        }
    }
}

/// The seed of every decision's sequence of sampling positions.
pub(crate) const SEED: u32 = 0x9E37_79B9;

/// Marsaglia's xorshift32: the node runtime computes the same sequence.
#[derive(Debug)]
struct Xorshift(u32);

impl Default for Xorshift {
    fn default() -> Self {
        Xorshift(SEED)
    }
}

impl Xorshift {
    fn next(&mut self) -> u32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        x
    }
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
            self.restart();
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
                if self.tick > self.window_end {
                    self.pick = self.window_end + 1 + u64::from(self.random.next()) % s;
                    self.window_end += s;
                }
                match self.tick == self.pick {
                    true => s,
                    false => 0,
                }
            }
        }
    }

    /// Starts counting windows afresh (a new unit or a new stride).
    fn restart(&mut self) {
        self.tick = 0;
        self.window_end = 0;
    }

    /// A recorded execution whose checks had these values.
    pub fn recorded(&mut self, values: Vec<bool>) {
        if self.patterns.contains(&values) {
            self.quiet += 1;
        } else {
            if self.patterns.len() < MAX_PATTERNS {
                self.patterns.insert(values);
            }
            if self.climb == Climb::Settled {
                self.climb = Climb::Reopened;
            }
            self.stride = 1;
            self.quiet = 0;
            self.restart();
        }
        self.full += 1;
        let s = self.stride.max(1);
        let ready = if s == 1 {
            self.full >= SETTLE
        } else {
            s < MAX_STRIDE
        };
        if self.quiet >= self.climb.quiet_needed() && ready {
            self.stride = s * 2;
            self.quiet = 0;
            if self.climb == Climb::First {
                self.climb = Climb::Settled;
            }
            self.restart();
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
        // every execution up to the last window's is accounted for
        assert!(2_000_000u64.abs_diff(weight) < MAX_STRIDE, "{weight}");
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
        let (recorded, _) = run(&mut s, 500, &[false, true]);
        // all of the first REOPEN_QUIET after the change, then ever fewer as the stride climbs back
        assert!(recorded >= 3 * REOPEN_QUIET, "{recorded}");
        assert!(s.stride < before, "{} {before}", s.stride);
    }

    /// Recorded executions with `values` until the stride changes; how many.
    fn until_the_stride_changes(s: &mut Settle, values: &[bool]) -> u64 {
        let (stride, mut n) = (s.stride, 0);
        while s.stride == stride {
            if s.weight(0, || None) > 0 {
                s.recorded(values.to_vec());
                n += 1;
            }
        }
        n
    }

    #[test]
    fn a_reopened_decision_climbs_back_faster_than_it_first_settled() {
        let mut s = Settle::default();
        // the first pattern, then QUIET quiet ones (SETTLE in all) before the first doubling
        assert_eq!(until_the_stride_changes(&mut s, &[true]), 1);
        assert_eq!(s.stride, 1);
        assert_eq!(
            until_the_stride_changes(&mut s, &[true]),
            QUIET.max(SETTLE - 1)
        );
        assert_eq!(s.stride, 2);
        assert_eq!(until_the_stride_changes(&mut s, &[true]), REQUIET);
        assert_eq!(s.stride, 4);
        // a new pattern records everything again; each doubling back takes REOPEN_QUIET
        assert_eq!(until_the_stride_changes(&mut s, &[false]), 1);
        assert_eq!(s.stride, 1);
        for stride in [2, 4, 8] {
            assert_eq!(until_the_stride_changes(&mut s, &[false]), REOPEN_QUIET);
            assert_eq!(s.stride, stride);
        }
    }

    #[test]
    fn each_window_of_a_stride_is_sampled_once_at_a_varying_place() {
        let mut s = Settle::default();
        run(&mut s, 5_000, &[true]);
        let st = s.stride;
        assert!(st > 2);
        let sampled: Vec<u64> = (0..64 * st)
            .filter(|_| s.weight(0, || None) == st)
            .collect();
        // one per window (the first and last windows may be cut)
        assert!((63..=65).contains(&sampled.len()), "{sampled:?}");
        let places: HashSet<u64> = sampled.windows(2).map(|w| w[1] - w[0]).collect();
        // a period of the workload cannot line up with the samples
        assert!(places.len() > 8, "{places:?}");
    }

    #[test]
    fn xorshift_gives_the_sequence_the_node_runtime_computes() {
        // the first values of xorshift32 from SEED, as dp_node.js's `nextRandom` gives them
        let mut x = Xorshift::default();
        let first: Vec<u32> = (0..3).map(|_| x.next()).collect();
        assert_eq!(first, [1_359_758_873, 3_761_132_862, 2_075_758_394]);
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

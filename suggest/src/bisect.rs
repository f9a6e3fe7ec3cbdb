//! Group testing for `--mode all`: every candidate is gated in one variant first, and a group is
//! split in halves only when its result cannot decide for each of its members.

/// Gates `group` with `try_group`; when `split` says its result cannot decide for its members and
/// it has two or more, each half is gated the same way. Returns the deciding groups with their
/// results, in the candidates' order.
pub fn bisect<R, E>(
    group: &[usize],
    try_group: &mut dyn FnMut(&[usize]) -> Result<R, E>,
    split: &dyn Fn(&R) -> bool,
) -> Result<Vec<(Vec<usize>, R)>, E> {
    let result = try_group(group)?;
    if group.len() < 2 || !split(&result) {
        return Ok(vec![(group.to_vec(), result)]);
    }
    let (left, right) = group.split_at(group.len() / 2);
    let mut out = bisect(left, try_group, split)?;
    out.extend(bisect(right, try_group, split)?);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::bisect;

    /// A group "passes" when it holds no bad candidate.
    fn run(n: usize, bad: &[usize]) -> (Vec<(Vec<usize>, bool)>, usize) {
        let mut tried = 0;
        let all: Vec<usize> = (0..n).collect();
        let mut try_group = |g: &[usize]| -> Result<bool, ()> {
            tried += 1;
            Ok(!g.iter().any(|i| bad.contains(i)))
        };
        let out = bisect(&all, &mut try_group, &|ok: &bool| !ok).unwrap();
        (out, tried)
    }

    #[test]
    fn a_passing_group_is_decided_by_one_variant() {
        let (out, tried) = run(8, &[]);
        assert_eq!(out, [((0..8).collect(), true)]);
        assert_eq!(tried, 1);
    }

    #[test]
    fn one_bad_candidate_is_isolated_and_the_rest_decided_in_halves() {
        let (out, tried) = run(8, &[5]);
        let expect: Vec<(Vec<usize>, bool)> = vec![
            (vec![0, 1, 2, 3], true),
            (vec![4], true),
            (vec![5], false),
            (vec![6, 7], true),
        ];
        assert_eq!(out, expect);
        // all, two halves, two quarters of the bad half, two eighths: 7 variants instead of 8.
        assert_eq!(tried, 7);
    }

    #[test]
    fn every_candidate_is_decided_exactly_once() {
        for bad in [vec![], vec![0], vec![2, 3], vec![0, 1, 2, 3, 4]] {
            let (out, _) = run(5, &bad);
            let mut seen: Vec<usize> = out.iter().flat_map(|(g, _)| g.clone()).collect();
            seen.sort_unstable();
            assert_eq!(seen, [0, 1, 2, 3, 4]);
            for (g, ok) in &out {
                assert_eq!(*ok, !g.iter().any(|i| bad.contains(i)), "{g:?}");
            }
        }
    }
}

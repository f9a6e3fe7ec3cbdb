//! The shared harness runs mocha-style hooks in mocha's order (root and suite before/after once,
//! beforeEach outer-to-inner, afterEach inner-to-outer, a suite's own tests before its child suites),
//! skips `.skip`/`xit`/`xdescribe`/pending tests, and reports done-errors, rejections, timeouts set
//! with `this.timeout`, thrown non-errors and failing hooks as failed tests.

mod engine_support;

use engine_support::{boa, corpus, results};

#[test]
fn hooks_run_in_mocha_order_and_failures_are_reported() {
    let out = boa(&corpus("engine/hooks"), false);
    let expected = "\
root before
outer before (async)
root beforeEach first
  first
outer afterEach
root beforeEach done with error
outer afterEach
root beforeEach rejects
outer afterEach
root beforeEach runs before inner tests (mocha order)
  own test after the context
outer afterEach
root beforeEach second
  inner beforeEach
  second
outer afterEach
root beforeEach times out
  inner beforeEach
outer afterEach
root beforeEach throws a non-error
  inner beforeEach
outer afterEach
outer after
root after
";
    assert_eq!(out.stdout, expected);
    let got = results(&out);
    let want: Vec<(String, bool)> = [
        ("outer > first", true),
        ("outer > done with error", false),
        ("outer > rejects", false),
        ("outer > runs before inner tests (mocha order)", true),
        ("outer > inner > second", true),
        ("outer > inner > times out", false),
        ("outer > inner > throws a non-error", false),
        ("failing hook > is reported as failed", false),
    ]
    .iter()
    .map(|(n, p)| (n.to_string(), *p))
    .collect();
    assert_eq!(got, want);
    let timeout = out
        .profile
        .tests
        .iter()
        .find(|t| t.name == "outer > inner > times out")
        .and_then(|t| t.error.clone())
        .unwrap_or_default();
    assert!(timeout.contains("Timeout of 20ms"), "{timeout}");
}

//! The per-test timeout of each runner: its default, else what the project sets in its
//! configuration or on the command line. The harness applies it on the real clock while a test
//! waits (after its body returns), as the runner does.

use serde_json::Value;

use super::Runner;

/// The environment variable that tells the harness the runner's per-test timeout in
/// milliseconds (`0`: none); the harness takes it out of `process.env`.
pub const TIMEOUT_VAR: &str = "DECISIONPROF_RUNNER_TIMEOUT_MS";

/// The runner's own default per-test timeout in milliseconds (`0`: it has none); `None` for a
/// runner whose tests the harness does not time this way (tape, tap and `node:test` set their
/// own, a plain script has no tests).
pub fn default_ms(runner: Runner) -> Option<u64> {
    match runner {
        Runner::Mocha => Some(2_000),
        Runner::Jest | Runner::Vitest | Runner::Jasmine => Some(5_000),
        Runner::Ava => Some(10_000),
        Runner::Uvu => Some(0),
        Runner::Tape | Runner::Tap | Runner::NodeTest | Runner::Node | Runner::Given => None,
    }
}

/// A timeout as runners write it, in milliseconds: a number, `"2000"`, `"2s"`, `"1.5s"`,
/// `"500ms"`, `"2m"`; `false` and `0` turn it off (`Some(0)`); `None` when it does not read.
pub fn parse(v: &Value) -> Option<u64> {
    match v {
        Value::Bool(false) => Some(0),
        Value::Number(n) => n.as_f64().and_then(from_ms),
        Value::String(s) => parse_text(s),
        _ => None,
    }
}

/// [`parse`] for a command-line value.
pub fn parse_text(s: &str) -> Option<u64> {
    let s = s.trim();
    if s == "false" {
        return Some(0);
    }
    let (number, scale) = if let Some(n) = s.strip_suffix("ms") {
        (n, 1.0)
    } else if let Some(n) = s.strip_suffix('s') {
        (n, 1_000.0)
    } else if let Some(n) = s.strip_suffix('m') {
        (n, 60_000.0)
    } else {
        (s, 1.0)
    };
    number
        .trim()
        .parse::<f64>()
        .ok()
        .and_then(|n| from_ms(n * scale))
}

/// Whole milliseconds from a finite, non-negative number; larger than a timer can wait is none.
fn from_ms(ms: f64) -> Option<u64> {
    if !ms.is_finite() || ms < 0.0 {
        return None;
    }
    // node's timers wait at most 2^31 - 1 ms; mocha reads a larger value as "no timeout"
    Some(if ms >= 2_147_483_647.0 {
        0
    } else {
        ms.round() as u64
    })
}

/// The runner's per-test timeout for the harness: the project's (`set`, with where it was read)
/// else the runner's default; the environment entry, and a reason when the project set it.
pub fn pass(
    runner: Runner,
    set: Option<(u64, String)>,
    env: &mut Vec<(String, String)>,
    reasons: &mut Vec<String>,
) {
    let ms = match set {
        Some((ms, from)) => {
            reasons.push(match ms {
                0 => format!("no per-test timeout ({from})"),
                _ => format!("per-test timeout {ms} ms ({from})"),
            });
            Some(ms)
        }
        None => default_ms(runner),
    };
    if let Some(ms) = ms {
        env.push((TIMEOUT_VAR.to_string(), ms.to_string()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn runners_write_timeouts_as_numbers_and_durations() {
        assert_eq!(parse(&json!(5000)), Some(5_000));
        assert_eq!(parse(&json!("2s")), Some(2_000));
        assert_eq!(parse(&json!("1.5s")), Some(1_500));
        assert_eq!(parse(&json!("750ms")), Some(750));
        assert_eq!(parse(&json!("2m")), Some(120_000));
        assert_eq!(parse(&json!("300")), Some(300));
        assert_eq!(parse(&json!(false)), Some(0));
        assert_eq!(parse(&json!(0)), Some(0));
        assert_eq!(
            parse(&json!(1e12)),
            Some(0),
            "beyond a timer's reach is none"
        );
        assert_eq!(parse(&json!("soon")), None);
        assert_eq!(parse(&json!(-1)), None);
        assert_eq!(parse(&json!(true)), None);
    }

    #[test]
    fn the_projects_timeout_wins_over_the_default_and_says_where_it_came_from() {
        let (mut env, mut reasons) = (Vec::new(), Vec::new());
        pass(Runner::Jest, None, &mut env, &mut reasons);
        assert_eq!(env, vec![(TIMEOUT_VAR.to_string(), "5000".to_string())]);
        assert!(reasons.is_empty(), "a default is not a reason: {reasons:?}");
        let (mut env, mut reasons) = (Vec::new(), Vec::new());
        let set = Some((300, ".mocharc.yml timeout".to_string()));
        pass(Runner::Mocha, set, &mut env, &mut reasons);
        assert_eq!(env, vec![(TIMEOUT_VAR.to_string(), "300".to_string())]);
        assert_eq!(
            reasons,
            vec!["per-test timeout 300 ms (.mocharc.yml timeout)"]
        );
        let (mut env, mut reasons) = (Vec::new(), Vec::new());
        pass(Runner::Tape, None, &mut env, &mut reasons);
        assert!(env.is_empty(), "tape times its own tests");
    }
}

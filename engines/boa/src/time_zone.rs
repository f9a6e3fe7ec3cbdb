//! The run's time zone: `TZ` as the test script sets it (`TZ=Europe/Paris jest`) or the
//! environment has it. Boa's `Date` reads local time through [`RunTimeZone`], and the node that
//! answers `Intl` runs with the same `TZ`, as the project's own run would.

use boa_engine::context::HostHooks;

/// The zone named by `TZ`, read from the system's zone files (or a POSIX rule such as `EST5EDT`).
pub(crate) struct RunTimeZone(tz::TimeZone);

impl HostHooks for RunTimeZone {
    fn local_timezone_offset_seconds(&self, unix_time_seconds: i64) -> i32 {
        self.0
            .find_local_time_type(unix_time_seconds)
            .map_or(0, |t| t.ut_offset())
    }
}

/// `TZ` for the run: the test script's, else the environment's; `None` when unset or empty.
pub(crate) fn tz_of_run(runner_env: &[(String, String)]) -> Option<String> {
    runner_env
        .iter()
        .rev()
        .find(|(k, _)| k == "TZ")
        .map(|(_, v)| v.clone())
        .or_else(|| std::env::var("TZ").ok())
        .filter(|v| !v.is_empty())
}

/// The zone `TZ` names, when it names one (an unknown name leaves Boa's default, UTC, as glibc
/// does).
pub(crate) fn zone(tz: &str) -> Option<RunTimeZone> {
    tz::TimeZone::from_posix_tz(tz).ok().map(RunTimeZone)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paris_is_an_hour_ahead_in_winter_and_two_in_summer() {
        let Some(z) = zone("Europe/Paris") else {
            // no zone files on this machine: nothing to read
            return;
        };
        assert_eq!(z.local_timezone_offset_seconds(1_704_067_200), 3600); // 2024-01-01
        assert_eq!(z.local_timezone_offset_seconds(1_719_792_000), 7200); // 2024-07-01
        let posix = zone("EST5EDT").expect("a POSIX rule");
        assert_eq!(
            posix.local_timezone_offset_seconds(1_704_067_200),
            -5 * 3600
        );
    }

    #[test]
    fn the_scripts_tz_wins() {
        let env = vec![("TZ".to_string(), "Asia/Tokyo".to_string())];
        assert_eq!(tz_of_run(&env).as_deref(), Some("Asia/Tokyo"));
    }
}

//! The `decisionprof` command line as a user meets it.

use std::process::Command;

#[test]
fn help_lists_the_commands_and_no_benchmark() {
    let out = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .arg("--help")
        .output()
        .expect("decisionprof runs");
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    for command in [
        "decisions",
        "instrument",
        "profile",
        "suggest",
        "jvm-flow",
        "js-flow",
        "jvm-blow",
        "eval",
        "workload",
    ] {
        assert!(
            help.contains(&format!("  {command} ")),
            "{command}:\n{help}"
        );
    }
    assert!(!help.to_lowercase().contains("bench"), "{help}");
    let bench = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .args(["bench", "profile"])
        .output()
        .expect("decisionprof runs");
    assert_eq!(bench.status.code(), Some(2), "`bench` is not a command");
}

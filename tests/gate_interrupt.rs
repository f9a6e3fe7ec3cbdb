//! Never lose finished work: SIGTERM during the gate still prints the report of every candidate
//! decided so far, lists the rest as not gated, and exits 2 (real Boa, real node).

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::{Command, Stdio};

use suggest::node::find_node;

#[test]
fn sigterm_after_the_first_verdict_reports_it_and_lists_the_rest_as_not_gated() {
    if find_node().is_none() {
        eprintln!("node is not installed; skipping");
        return;
    }
    let project = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/planted/catalog");
    let mut child = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .args(["suggest", project.to_str().unwrap(), "--no-confirm"])
        .args(["--warmup", "1", "--measure", "3"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("decisionprof starts");
    let mut stdout = child.stdout.take().unwrap();
    let out_t = std::thread::spawn(move || {
        let mut s = String::new();
        stdout.read_to_string(&mut s).unwrap();
        s
    });
    // Progress lines: "gate [k/n] file:line:col: phase (about … left)".
    // Stderr is drained to the end in a thread (a closed pipe would fail the child's writes).
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines() {
            let _ = tx.send(line.unwrap());
        }
    });
    let first_verdict = rx.iter().find(|l| {
        l.starts_with("gate [1/")
            && [": suggested", ": not faster", ": invalid"]
                .iter()
                .any(|v| l.contains(v))
    });
    let first_verdict = first_verdict.expect("a verdict line for the first candidate");
    let total: usize = first_verdict["gate [1/".len()..]
        .split(']')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        total >= 2,
        "the project has several candidates: {first_verdict}"
    );
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let status = child.wait().unwrap();
    let text = out_t.join().unwrap();
    assert_eq!(status.code(), Some(2), "{text}");
    assert!(
        text.contains("gating stopped early (interrupted by SIGTERM)"),
        "{text}"
    );
    assert!(text.contains("not gated: interrupted by SIGTERM"), "{text}");
}

/// SIGTERM while Boa profiles (here a test spinning with no limit but a 10-minute run) stops the
/// profiling run at once instead of after it: exit 2, "interrupted by SIGTERM".
#[test]
fn sigterm_while_profiling_stops_the_run() {
    let project = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/engine/bad/spingate");
    let mut child = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .args(["suggest", project.to_str().unwrap()])
        .args(["--test-timeout", "0", "--timeout", "600"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("decisionprof starts");
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines() {
            let _ = tx.send(line.unwrap());
        }
    });
    // the instrumented run is where the test spins (the plain run's loop limit ends its spin)
    let started = rx
        .iter()
        .find(|l| l.contains("instrumented run of the workload"));
    assert!(
        started.is_some(),
        "a progress line for the instrumented run"
    );
    std::thread::sleep(std::time::Duration::from_secs(2));
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let rest: Vec<String> = rx.iter().collect();
    let status = child.wait().expect("decisionprof ends");
    assert_eq!(status.code(), Some(2), "{rest:?}");
    assert!(
        rest.iter().any(|l| l.contains("interrupted by SIGTERM")),
        "{rest:?}"
    );
}

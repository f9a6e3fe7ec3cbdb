//! The `decisions`, `instrument` and `bench instrument` subcommands, driven through the binary.

use std::path::PathBuf;
use std::process::{Command, Output};

fn bin(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

fn project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let p = dir.path();
    std::fs::create_dir_all(p.join("lib")).unwrap();
    std::fs::create_dir_all(p.join("node_modules/dep")).unwrap();
    std::fs::create_dir_all(p.join(".hidden")).unwrap();
    std::fs::write(p.join("lib/a.js"), "if (a && b) {}\nx = y || 'd';\n").unwrap();
    std::fs::write(
        p.join("b.mjs"),
        "export const f = (s) => { switch (s) { case 1: return 1; case 2: return 2; } };\n",
    )
    .unwrap();
    std::fs::write(p.join("node_modules/dep/c.js"), "if (c && d) {}").unwrap();
    std::fs::write(p.join(".hidden/d.js"), "if (c && d) {}").unwrap();
    dir
}

#[test]
fn decisions_lists_a_project_skipping_dependencies() {
    let dir = project();
    let out = bin(&["decisions", dir.path().to_str().unwrap(), "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let ids: Vec<&str> = v["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), 3, "{ids:?}");
    assert!(ids[0].starts_with("b.mjs@"), "{ids:?}");
    assert!(ids[1].starts_with("lib/a.js@4-"), "{ids:?}");
    assert_eq!(v["decisions"][2]["pruned"][0]["rule"], "default_value");
    let text = bin(&["decisions", dir.path().to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&text.stdout);
    assert!(
        stdout.contains("3 decisions in 2 files, 2 kept, 1 pruned"),
        "{stdout}"
    );
}

#[test]
fn parse_errors_name_the_place_and_set_the_exit_code() {
    let dir = project();
    std::fs::write(dir.path().join("bad.js"), "ok();\nif (a &&) {}\n").unwrap();
    let out = bin(&["decisions", dir.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "a project with a skipped file");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("bad.js:2:"), "{stderr}");
    assert!(String::from_utf8_lossy(&out.stdout).contains("3 decisions"));
    let bad: PathBuf = dir.path().join("bad.js");
    let out = bin(&["instrument", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad.js:2:"));
    let out = bin(&["decisions", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let out = bin(&["decisions", "/nonexistent/dir"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn instrument_prints_the_instrumented_code() {
    let dir = project();
    let file = dir.path().join("lib/a.js");
    let out = bin(&["instrument", file.to_str().unwrap()]);
    assert!(out.status.success());
    let code = String::from_utf8_lossy(&out.stdout);
    assert!(
        code.starts_with("var __dpb = __dp.b, __dpo, __dpm;"),
        "{code}"
    );
    // a kept decision and a statically pruned one, which is only counted
    assert!(
        code.contains("__dp.dr(0)") && code.contains("__dp.dx(1)"),
        "{code}"
    );
}

/// `instrument --log-only --serve` answers each request line with what `--log-only --json`
/// prints for that file and binding number, an unreadable or unparsable file with `{"error"}`
/// naming it, and ends when its input does.
#[test]
fn serve_answers_request_after_request_as_the_single_file_command_does() {
    use std::io::Write as _;
    let dir = tempfile::tempdir().expect("temp dir");
    let good = dir.path().join("dep.js");
    let bad = dir.path().join("bad.js");
    std::fs::write(&good, "var n = 0;\nfunction bump(o) { o.k = n++; }\n").unwrap();
    std::fs::write(&bad, "var = ;\n").unwrap();
    let single = bin(&[
        "instrument",
        "--log-only",
        "--json",
        "--first-binding",
        "7",
        good.to_str().unwrap(),
    ]);
    assert!(single.status.success());
    let expected: serde_json::Value = serde_json::from_slice(&single.stdout).expect("JSON");
    let mut child = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .args(["instrument", "--log-only", "--serve"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    for (file, first) in [
        (&good, 7),
        (&bad, 0),
        (&dir.path().join("none.js"), 0),
        (&good, 7),
    ] {
        let req = serde_json::json!({ "file": file, "first": first });
        writeln!(stdin, "{req}").unwrap();
    }
    drop(stdin);
    let out = child.wait_with_output().expect("it ends with its input");
    assert!(out.status.success());
    let answers: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(answers.len(), 4, "{answers:?}");
    assert_eq!(answers[0], expected);
    assert_eq!(answers[3], expected);
    assert!(
        expected["bindings"]
            .as_array()
            .is_some_and(|b| !b.is_empty()),
        "{expected}"
    );
    let error = answers[1]["error"].as_str().expect("an error");
    assert!(error.contains("bad.js:1:"), "{error}");
    assert!(answers[2]["error"]
        .as_str()
        .expect("an error")
        .contains("none.js"));
}

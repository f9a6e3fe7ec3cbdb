//! Bad input to `decisionprof jvm-flow`: clear messages and exit status 2, never a panic; classes
//! and methods that cannot be instrumented are left unchanged with a warning naming them.

mod jvm_flow_support;

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output};

use jvm_flow_support::*;

fn dp(args: &[&str], path_env: Option<&str>) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_decisionprof"));
    c.arg("jvm-flow").args(args);
    if let Some(p) = path_env {
        c.env("PATH", p);
    }
    c.output().expect("decisionprof runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn assert_clean_error(o: &Output, needle: &str) {
    let e = stderr(o);
    assert_eq!(o.status.code(), Some(2), "{e}");
    assert!(e.contains(needle), "expected {needle:?} in:\n{e}");
    assert!(!e.contains("panicked"), "{e}");
}

fn write_jar(path: &Path, entries: &[(&str, &[u8])]) {
    let f = std::fs::File::create(path).unwrap();
    let mut w = zip::ZipWriter::new(f);
    for (name, bytes) in entries {
        w.start_file(*name, zip::write::SimpleFileOptions::default())
            .unwrap();
        w.write_all(bytes).unwrap();
    }
    w.finish().unwrap();
}

#[test]
fn not_a_jar() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("notes.jar");
    std::fs::write(&p, "plain text, not a zip").unwrap();
    let o = dp(&[p.to_str().unwrap()], None);
    assert_clean_error(&o, "notes.jar");
    assert_clean_error(&o, "not a readable jar");
}

#[test]
fn missing_jar() {
    let o = dp(&["/nonexistent/app.jar"], None);
    assert_clean_error(&o, "/nonexistent/app.jar");
}

#[test]
fn jar_without_main_class_and_no_main_option() {
    let dir = tempfile::tempdir().unwrap();
    let jar = jar(
        dir.path(),
        "LoopTemp",
        &[flow_source("LoopTemp")],
        None,
        None,
    );
    let o = dp(&[jar.to_str().unwrap()], None);
    assert_clean_error(&o, "Main-Class");
    assert_clean_error(&o, "--main");
}

#[test]
fn unparsable_class_is_copied_unchanged_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let good = jar(
        dir.path(),
        "LoopTemp",
        &[flow_source("LoopTemp")],
        None,
        Some("LoopTemp"),
    );
    // repack with a broken class next to the real ones
    let mut entries: Vec<(String, Vec<u8>)> = Vec::new();
    let mut z = zip::ZipArchive::new(std::fs::File::open(&good).unwrap()).unwrap();
    for i in 0..z.len() {
        let mut e = z.by_index(i).unwrap();
        let mut b = Vec::new();
        std::io::Read::read_to_end(&mut e, &mut b).unwrap();
        entries.push((e.name().to_string(), b));
    }
    entries.push((
        "Broken.class".into(),
        vec![0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 61, 0xFF],
    ));
    let jar = dir.path().join("mixed.jar");
    let refs: Vec<(&str, &[u8])> = entries
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice()))
        .collect();
    write_jar(&jar, &refs);
    let out = dir.path().join("out");
    let o = profiled(&jar, &[], &out, &["50"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let w = std::fs::read_to_string(out.join("warnings.txt")).unwrap();
    assert!(w.contains("copied unchanged: Broken.class"), "{w}");
    let p = plain(&good.display().to_string(), "LoopTemp", &["50"]);
    assert_eq!(o.stdout, p.stdout);
    // the broken entry is copied byte for byte
    let mut z =
        zip::ZipArchive::new(std::fs::File::open(out.join("instrumented.jar")).unwrap()).unwrap();
    let mut e = z.by_name("Broken.class").unwrap();
    let mut b = Vec::new();
    std::io::Read::read_to_end(&mut e, &mut b).unwrap();
    assert_eq!(b, vec![0xCA, 0xFE, 0xBA, 0xBE, 0, 0, 0, 61, 0xFF]);
}

#[test]
fn java_not_installed() {
    let dir = tempfile::tempdir().unwrap();
    let jar = jar(
        dir.path(),
        "LoopTemp",
        &[flow_source("LoopTemp")],
        None,
        Some("LoopTemp"),
    );
    let empty = dir.path().join("empty-bin");
    std::fs::create_dir_all(&empty).unwrap();
    let o = dp(&[jar.to_str().unwrap()], Some(empty.to_str().unwrap()));
    // javac (building the runtime the first time) or java: either is named
    let e = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{e}");
    assert!(e.contains("not found: install a JDK"), "{e}");
    assert!(!e.contains("panicked"), "{e}");
}

#[test]
fn program_exiting_non_zero_keeps_its_status_and_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let jar = jar(
        dir.path(),
        "Hard",
        &[flow_source("Hard")],
        None,
        Some("Hard"),
    );
    let o = dp(&[jar.to_str().unwrap(), "--", "4", "7"], None);
    assert_eq!(o.status.code(), Some(7), "{}", stderr(&o));
    assert!(stderr(&o).contains("the program exited with status 7"));
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("hard "));
}

#[test]
fn methods_too_large_to_instrument_are_left_unchanged() {
    let dir = tempfile::tempdir().unwrap();
    let mut src = String::from("public class Big {\n  static int[] a = new int[8];\n  static int body(int n) {\n    int s = 0;\n    for (int i = 0; i < n; i++) {\n");
    for k in 0..1400 {
        src.push_str(&format!(
            "      s += new int[{}].length + a[(i + {k}) & 7];\n",
            k % 5 + 1
        ));
    }
    src.push_str("    }\n    return s;\n  }\n  static int small(int n) { int[] x = new int[n]; return x.length; }\n");
    src.push_str("  public static void main(String[] args) { System.out.println(body(30) + \" \" + small(4)); }\n}\n");
    let file = dir.path().join("Big.java");
    std::fs::write(&file, src).unwrap();
    let jar = jar(dir.path(), "Big", &[file], None, Some("Big"));
    let out = dir.path().join("out");
    let o = profiled(&jar, &[], &out, &[]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(String::from_utf8_lossy(&o.stdout).trim(), "126000 4");
    let w = std::fs::read_to_string(out.join("warnings.txt")).unwrap();
    assert!(
        w.contains("method left uninstrumented: Big.body(I)I"),
        "{w}"
    );
    // the other methods of the class are still profiled
    let r = report(&out);
    let small: Vec<_> = r["producers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["method"] == "Big.small(I)I")
        .collect();
    assert_eq!(small.len(), 1);
    assert_eq!(count(small[0], "objects"), 1);
}

#[test]
fn report_goes_to_stderr_after_the_programs_output_without_out_dir() {
    let dir = tempfile::tempdir().unwrap();
    let jar = jar(
        dir.path(),
        "Chart",
        &[flow_source("Chart")],
        None,
        Some("Chart"),
    );
    let p = plain(&jar.display().to_string(), "Chart", &["30"]);
    for (format, needle) in [
        ("text", "Never-used sites: 1"),
        ("json", "\"never_used\""),
        ("dot", "digraph site"),
    ] {
        let o = dp(
            &[jar.to_str().unwrap(), "--format", format, "--", "30"],
            None,
        );
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(o.stdout, p.stdout, "stdout is the program's own");
        assert!(stderr(&o).contains(needle), "{format}: {}", stderr(&o));
    }
}

//! The jvm-blow runtime on a real JVM: a driver program that calls `decisionprof.BlowRt` at its
//! allocation and read sites (by hand, standing in for the instrumenter) runs on `java` with
//! explicit GCs; the trace is replayed through the built-in `leak` spec, and the top site's
//! reference path must name the static field that keeps the objects alive.

mod jvm_support;

use std::path::Path;
use std::process::Command;

use jvm::blow::builtin::builtin;
use jvm::blow::report::{max_vso, timeline_text};
use jvm::blow::trace::{parse_trace, replay, top_sites, BLOW_RUNTIME_SOURCE};

const DRIVER: &str = r#"import decisionprof.BlowRt;
import java.util.ArrayList;
import java.util.List;

public class Leaky {
    static class Item { long a; int[] data = new int[64]; }
    static final List<Item> CACHE = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        boolean read = args[0].equals("read");
        long sum = 0;
        for (int round = 0; round < 10; round++) {
            for (int i = 0; i < 50; i++) {
                Item it = new Item();
                BlowRt.alloc(it, "Leaky.java:15");
                CACHE.add(it);
            }
            if (read) {
                for (Item it : CACHE) { BlowRt.read(it); sum += it.a; }
            }
            int before = BlowRt.gcCount();
            System.gc();
            for (int spin = 0; spin < 5000 && BlowRt.gcCount() == before; spin++) Thread.sleep(1);
        }
        System.out.println("items " + CACHE.size() + " sum " + sum);
    }
}
"#;

/// Compiles the runtime and the driver into `dir/classes`.
fn compile(dir: &Path) {
    let (rt, driver) = (dir.join("BlowRt.java"), dir.join("Leaky.java"));
    std::fs::write(&rt, BLOW_RUNTIME_SOURCE).unwrap();
    std::fs::write(&driver, DRIVER).unwrap();
    jvm_support::javac(&[rt, driver], &dir.join("classes"));
}

/// Runs the driver in `mode` and returns (stdout, trace text).
fn run(dir: &Path, mode: &str) -> (String, String) {
    let trace = dir.join(format!("trace-{mode}.txt"));
    let out = Command::new("java")
        .arg("-Xmx64m")
        .arg("--add-opens")
        .arg("java.base/java.util=ALL-UNNAMED")
        .arg(format!("-Ddecisionprof.blow.out={}", trace.display()))
        .arg("-cp")
        .arg(dir.join("classes"))
        .args(["Leaky", mode])
        .output()
        .expect("java runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8(out.stdout).unwrap(),
        std::fs::read_to_string(&trace).unwrap(),
    )
}

#[test]
fn unread_cache_entries_are_penalized_and_their_site_named() {
    let dir = tempfile::tempdir().unwrap();
    compile(dir.path());
    let spec = builtin("leak").unwrap();

    let (stdout, text) = run(dir.path(), "noread");
    assert_eq!(stdout, "items 500 sum 0\n");
    let trace = parse_trace("trace-noread.txt", &text).unwrap();
    assert!(trace.gcs.len() >= 10, "{} GCs recorded", trace.gcs.len());
    let (leaky_points, leaky_states) = replay(&spec, &trace);
    eprintln!("{}", timeline_text("leak", &leaky_points));
    let top = top_sites(&trace, &leaky_states, 3);
    assert_eq!(
        top.first().map(|t| t.site.as_str()),
        Some("Leaky.java:15"),
        "{top:?}"
    );
    let path = top[0].path.as_deref().unwrap_or("");
    assert!(
        path.starts_with("Leaky.CACHE -> ArrayList.elementData -> ["),
        "{top:?}"
    );
    eprintln!("top site {} path {path}", top[0].site);
    assert!(leaky_points.iter().any(|p| p.penalty_bytes > 0));

    let (stdout, text) = run(dir.path(), "read");
    assert_eq!(stdout, "items 500 sum 0\n");
    let trace = parse_trace("trace-read.txt", &text).unwrap();
    let (read_points, _) = replay(&spec, &trace);
    assert!(
        read_points.iter().all(|p| p.penalty_bytes == 0),
        "{read_points:?}"
    );
    assert!(max_vso(&leaky_points) > max_vso(&read_points));
}

#[test]
fn malformed_trace_lines_are_reported_with_their_line() {
    let err = parse_trace("t.txt", "G 1 100\nO 1 2 x 4 5 6\n").unwrap_err();
    assert_eq!(err.to_string(), "t.txt:2: bad trace line: O 1 2 x 4 5 6");
    let err = parse_trace("t.txt", "O 1 2 3 4 5 6\n").unwrap_err();
    assert_eq!(err.line, 1, "an object before any GC record");
}

//! The jvm-blow runtime on a real JVM: a driver program that calls `decisionprof.BlowRt` at its
//! allocation and read sites (by hand, standing in for the instrumenter) runs on `java` with
//! explicit GCs; the trace is replayed through the built-in `leak` and `overpopulated` specs, and
//! the top site's reference path must name the static field that keeps the objects alive.

#[path = "../../bytecode/tests/jvm_support/mod.rs"]
mod jvm_support;

use std::path::Path;
use std::process::Command;
use std::sync::OnceLock;

use jvm_blow::builtin::builtin;
use jvm_blow::trace::{parse_trace, replay, top_sites, SiteReport, BLOW_RUNTIME_SOURCE};
use jvm_blow::vso::GcPoint;
use jvm_blow::vso_report::{max_vso, timeline_text};

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

const GROWING: &str = r#"import decisionprof.BlowRt;
import java.util.ArrayList;
import java.util.List;

public class Growing {
    static final List<long[]> HISTORY = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        boolean scan = args[0].equals("scan");
        BlowRt.alloc(HISTORY, "Growing.java:6");
        long acc = 0;
        for (int round = 0; round < 8; round++) {
            for (int i = 0; i < 100; i++) HISTORY.add(new long[] {i});
            int last = HISTORY.size() - 1;
            BlowRt.readAt(HISTORY, last);
            acc += HISTORY.get(last)[0];
            if (scan) {
                for (int i = 0; i < HISTORY.size(); i++) { BlowRt.readAt(HISTORY, i); acc += HISTORY.get(i)[0]; }
            }
            int before = BlowRt.gcCount();
            System.gc();
            for (int spin = 0; spin < 5000 && BlowRt.gcCount() == before; spin++) Thread.sleep(1);
        }
        System.out.println("size " + HISTORY.size() + (scan ? "" : " acc " + acc));
    }
}
"#;

const GROUPS: &str = r#"import decisionprof.BlowRt;
import java.util.ArrayList;
import java.util.List;

public class Groups {
    static final List<List<Integer>> GROUPS = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        int capacity = Integer.parseInt(args[0]);
        for (int i = 0; i < 200; i++) {
            List<Integer> g = new ArrayList<>(capacity);
            BlowRt.alloc(g, "Groups.java:11");
            g.add(i);
            GROUPS.add(g);
        }
        for (int round = 0; round < 40; round++) {
            int before = BlowRt.gcCount();
            System.gc();
            for (int spin = 0; spin < 5000 && BlowRt.gcCount() == before; spin++) Thread.sleep(1);
        }
        System.out.println("groups " + GROUPS.size());
    }
}
"#;

/// Compiles the runtime and the drivers into `dir/classes` (`javac` runs once for all the tests
/// here; each gets the class files in its own directory).
fn compile(dir: &Path) {
    static CLASSES: OnceLock<jvm_support::Classes> = OnceLock::new();
    let classes = CLASSES.get_or_init(|| {
        let src = tempfile::tempdir().unwrap();
        let sources = [
            ("BlowRt", BLOW_RUNTIME_SOURCE),
            ("Leaky", DRIVER),
            ("Growing", GROWING),
            ("Groups", GROUPS),
        ];
        let paths: Vec<_> = sources
            .iter()
            .map(|(name, _)| src.path().join(format!("{name}.java")))
            .collect();
        for (path, (_, text)) in paths.iter().zip(sources) {
            std::fs::write(path, text).unwrap();
        }
        jvm_support::compile_classes(&paths)
    });
    classes.write_to(&dir.join("classes"));
}

/// Runs driver `class` in `mode` and returns (stdout, trace text).
fn run(dir: &Path, class: &str, mode: &str) -> (String, String) {
    let trace = dir.join(format!("trace-{class}-{mode}.txt"));
    let out = Command::new("java")
        .arg(jvm_bytecode::jdk::NO_PERF_DATA) // no hsperfdata warning on stdout
        .arg("-Xmx64m")
        .arg("--add-opens")
        .arg("java.base/java.util=ALL-UNNAMED")
        .arg(format!("-Ddecisionprof.blow.out={}", trace.display()))
        .arg("-cp")
        .arg(dir.join("classes"))
        .args([class, mode])
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

/// A driver run replayed through a built-in spec.
struct Blown {
    stdout: String,
    gcs: usize,
    points: Vec<GcPoint>,
    top: Vec<SiteReport>,
}

/// Runs driver `class` in `mode` and replays its trace through the built-in spec `spec`.
fn blow(dir: &Path, class: &str, mode: &str, spec: &str) -> Blown {
    let (stdout, text) = run(dir, class, mode);
    let trace = parse_trace(&format!("trace-{class}-{mode}.txt"), &text).unwrap();
    let (points, states) = replay(&builtin(spec).unwrap(), &trace);
    eprintln!("{class} {mode}: {}", timeline_text(spec, &points));
    Blown {
        stdout,
        gcs: trace.gcs.len(),
        top: top_sites(&trace, &states, 3),
        points,
    }
}

#[test]
fn unread_cache_entries_are_penalized_and_their_site_named() {
    let dir = tempfile::tempdir().unwrap();
    compile(dir.path());
    let leaky = blow(dir.path(), "Leaky", "noread", "leak");
    assert_eq!(leaky.stdout, "items 500 sum 0\n");
    assert!(leaky.gcs >= 10, "{} GCs recorded", leaky.gcs);
    let top = &leaky.top;
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
    assert!(leaky.points.iter().any(|p| p.penalty_bytes > 0));

    let read = blow(dir.path(), "Leaky", "read", "leak");
    assert_eq!(read.stdout, "items 500 sum 0\n");
    assert!(
        read.points.iter().all(|p| p.penalty_bytes == 0),
        "{:?}",
        read.points
    );
    assert!(max_vso(&leaky.points) > max_vso(&read.points));
}

#[test]
fn a_growing_list_read_only_at_its_end_is_penalized_and_a_scanned_one_is_not() {
    let dir = tempfile::tempdir().unwrap();
    compile(dir.path());
    let last = blow(dir.path(), "Growing", "last", "overpopulated");
    assert_eq!(last.stdout, "size 800 acc 792\n");
    assert_eq!(last.top.len(), 1, "{:?}", last.top);
    assert_eq!(last.top[0].site, "Growing.java:6");
    assert_eq!(last.top[0].path.as_deref(), Some("Growing.HISTORY"));

    let scan = blow(dir.path(), "Growing", "scan", "overpopulated");
    assert!(
        scan.points.iter().all(|p| p.penalty_bytes == 0),
        "{:?}",
        scan.points
    );
    assert!(max_vso(&last.points) > max_vso(&scan.points));
}

#[test]
fn lists_allocated_far_larger_than_filled_are_charged_their_unused_slots() {
    let dir = tempfile::tempdir().unwrap();
    compile(dir.path());
    let big = blow(dir.path(), "Groups", "1000", "underutilized");
    assert_eq!(big.stdout, "groups 200\n");
    assert_eq!(big.top.len(), 1, "{:?}", big.top);
    assert_eq!(big.top[0].site, "Groups.java:11");
    assert_eq!(big.top[0].objects, 200);
    // 999 unused 4-byte slots per list, charged at each of the (at least 40) GCs.
    assert!(big.gcs >= 40, "{} GCs recorded", big.gcs);
    assert!(big.top[0].penalty >= 200 * 999 * 4 * 40, "{:?}", big.top);
    let path = big.top[0].path.as_deref().unwrap_or("");
    assert!(
        path.starts_with("Groups.GROUPS -> ArrayList.elementData -> ["),
        "{path}"
    );

    let small = blow(dir.path(), "Groups", "2", "underutilized");
    assert!(
        small.points.iter().all(|p| p.penalty_bytes == 0),
        "{:?}",
        small.points
    );
    assert!(
        max_vso(&big.points) > 5.0 * max_vso(&small.points),
        "{:?}",
        big.points
    );
}

#[test]
fn malformed_trace_lines_are_reported_with_their_line() {
    let err = parse_trace("t.txt", "G 1 100\nO 1 2 x 4 5 6 7\n").unwrap_err();
    assert_eq!(err.to_string(), "t.txt:2: bad trace line: O 1 2 x 4 5 6 7");
    let err = parse_trace("t.txt", "O 1 2 3 4 5 6 7\n").unwrap_err();
    assert_eq!(err.line, 1, "an object before any GC record");
}

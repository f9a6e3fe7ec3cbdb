//! Semantic transparency: every corpus program prints the same and every test has the same
//! result profiled in Boa, plain in Boa, and plain under node.

mod engine_support;

use engine_support::{check_transparency, projects};

fn check_group(group: &str) {
    let list = projects(group);
    assert!(!list.is_empty(), "corpus/{group} has no projects");
    let failures: Vec<String> = list
        .iter()
        .filter_map(|p| check_transparency(p).err())
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn engine_corpus_is_transparent() {
    check_group("engine");
}

#[test]
fn planted_corpus_is_transparent() {
    check_group("planted");
}

#[test]
fn bench_corpus_is_transparent() {
    check_group("bench");
}

#[test]
fn npm_corpus_is_transparent() {
    for p in projects("npm") {
        assert!(
            p.join("node_modules").is_dir(),
            "{}: dependencies not installed; run scripts/setup.sh",
            p.display()
        );
    }
    check_group("npm");
}

//! The Node built-ins and web globals of the embedded engine (url, querystring, crypto hashes and
//! HMAC, zlib, stream, string_decoder, TextEncoder/Decoder, atob/btoa, AbortController,
//! Error.captureStackTrace) give what node gives; a built-in Boa cannot have (`http`) fails its
//! test with a message saying so, and the other tests still run; only the project's own code is
//! instrumented.

mod engine_support;

use engine_support::{check_transparency, corpus, profile_prints};

#[test]
fn builtins_give_what_node_gives() {
    let root = corpus("engine/builtins");
    check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    profile_prints(&root, 0, "8 passed, 0 failed", &[]);
}

#[test]
fn a_network_module_fails_its_test_with_the_reason() {
    profile_prints(
        &corpus("engine/bad/nonet"),
        1,
        "1 passed, 1 failed",
        &["the Node built-in module 'http' is not available in the embedded engine: no processes, threads or network in Boa (required from test/server.test.js)"],
    );
}

/// Only the project's own code is instrumented: build output, fixtures and files its `.gitignore`
/// names are loaded as they are, and the report says so.
#[test]
fn build_output_fixtures_and_ignored_files_are_left_out_and_named() {
    let root = corpus("engine/owncode");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .args(["profile", "."])
        .current_dir(&root)
        .output()
        .expect("run decisionprof");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(
        stdout.contains("decisions: 1 found") && stdout.contains("lib/pick.js:3:11"),
        "{stdout}"
    );
    for note in [
        "dist/: build output, not instrumented",
        "fixtures/: test fixtures, not instrumented",
        "generated/pick.js: named by .gitignore, not instrumented",
    ] {
        assert!(stderr.contains(note), "{note} in {stderr}");
    }
}

//! The Node built-ins and web globals of the embedded engine (url, querystring, crypto hashes and
//! HMAC, zlib, stream, string_decoder, TextEncoder/Decoder, atob/btoa, AbortController,
//! Error.captureStackTrace) give what node gives; a built-in Boa cannot have (`http`) fails its
//! test with a message saying so, and the other tests still run.

mod engine_support;

use engine_support::{check_transparency, corpus, profile_prints};

#[test]
fn builtins_give_what_node_gives() {
    let root = corpus("engine/builtins");
    check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    profile_prints(&root, 0, "7 passed, 0 failed", &[]);
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

//! Tests that load build output (`dist/`, not built): Boa runs the TypeScript sources instead
//! (by path and through the package's own name; under node where node can load it), decisions
//! are reported and patched in `src/*.ts`, and the node gate builds each working copy with the
//! project's `npm run build` (never the user's tree); `--no-build` says what it leaves the gate
//! unable to run. The build output is found from the build's own configuration: a rollup
//! bundle as `main` (its config's `input`), `tsc --outDir` on a script's command line (tsconfig's
//! `rootDir`), `babel src -d .` writing the root's `index.js` (commonmark.js, jsdiff and
//! validator.js in shape).

mod engine_support;

use engine_support::{corpus, decisionprof, profile_prints, quick_suggest, text};

#[test]
fn build_output_runs_as_its_source_and_the_gate_builds_its_copies() {
    let root = corpus("buildout/tsc");
    profile_prints(
        &root,
        0,
        "3 passed, 0 failed",
        &["src/index.ts:11:7 302 executions", "src/vip.ts:6:10"],
    );
    let out = decisionprof(&["profile", "."], &root);
    assert!(
        text(&out.stderr)
            .contains("dist/index.js: build output; its source src/index.ts is run instead"),
        "{}",
        text(&out.stderr)
    );
    let report = quick_suggest(&root);
    assert!(
        !root.join("dist").exists(),
        "the gate built in the user's tree"
    );
    let found = engine_support::validated_candidate(
        &report,
        &["src/index.ts", "o.total > 50 && isVip(o.customer)"],
    );
    let tmp = tempfile::tempdir().expect("temp dir");
    engine_support::copy_dir(&root.join("src"), &tmp.path().join("src"));
    engine_support::git_apply(tmp.path(), found);
    let patched = std::fs::read_to_string(tmp.path().join("src/index.ts")).expect("read");
    assert!(
        patched.contains("if (o.total > 50 && isVip(o.customer)) return 0;"),
        "{patched}"
    );
}

/// Under node too, build output that was not built runs as its source where node can load it:
/// the ES-module test that imports the package by its own name passes; the CommonJS test that
/// requires `dist/index.js` (an ES module's output) fails saying what it lacks.
#[test]
fn under_node_build_output_not_built_runs_as_its_source_or_says_why_not() {
    let root = corpus("buildout/tsc");
    let out = decisionprof(&["profile", ".", "--engine", "node"], &root);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(
        stdout.contains("tests: 1 passed, 1 failed"),
        "{stdout}{stderr}"
    );
    assert!(
        stderr.contains(
            "note: dist/index.js: build output, not built; its source src/index.ts is run instead"
        ),
        "{stderr}"
    );
    assert!(
        stdout.contains("FAIL test/path.test.js [test/path.test.js]: Error: decisionprof: ../dist/index.js is build output that was not built, and its source src/index.ts is an ES module, which require() cannot load under node"),
        "{stdout}"
    );
    assert!(
        stdout.contains("src/index.ts:11:7 1 executions"),
        "{stdout}"
    );
    assert!(
        !root.join("dist").exists(),
        "a run built in the user's tree"
    );
}

#[test]
fn no_build_names_the_build_output_the_gate_cannot_run() {
    let root = corpus("buildout/tsc");
    let out = decisionprof(&["suggest", ".", "--no-build"], &root);
    let stderr = text(&out.stderr);
    assert_ne!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("the tests load build output (dist/index.js)")
            && stderr.contains("--no-build"),
        "{stderr}"
    );
}

/// A CommonJS build whose source's one export is `default`: `require()` of the build gives that
/// value, as the bundler's output does, though Boa runs the ES-module source in its place.
#[test]
fn a_commonjs_build_of_a_default_export_requires_as_that_value() {
    let root = corpus("buildout/cjsdist");
    profile_prints(
        &root,
        0,
        "1 passed, 0 failed",
        &["src/index.ts:2:7 2 executions"],
    );
    let out = decisionprof(&["profile", ".", "--engine", "node"], &root);
    assert!(
        text(&out.stdout).contains("1 passed, 0 failed"),
        "{}",
        text(&out.stdout)
    );
}

/// Every file under `root` (but `node_modules`) with its bytes, to compare before and after.
fn tree(root: &std::path::Path) -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).expect("read dir").flatten() {
            let p = e.path();
            if p.is_dir() && e.file_name() != "node_modules" {
                stack.push(p);
            } else if p.is_file() {
                out.push((p.clone(), std::fs::read(&p).expect("read")));
            }
        }
    }
    out.sort();
    out
}

/// One build shape: profiled with no flags, every test passes and the decisions are the
/// source's; the gate builds its working copies and validates a candidate patched in `source`;
/// the project's tree is the same afterwards.
fn build_shape(dir: &str, passed: &str, decision: &str, note: &str, source: &str) {
    let root = corpus(dir);
    let before = tree(&root);
    profile_prints(&root, 0, passed, &[decision]);
    let out = decisionprof(&["profile", "."], &root);
    assert!(text(&out.stderr).contains(note), "{}", text(&out.stderr));
    let report = quick_suggest(&root);
    engine_support::validated_candidate(&report, &[source, "isVip(o.customer) && o.total > 50"]);
    assert!(before == tree(&root), "a run wrote into the project's tree");
}

#[test]
fn a_rollup_bundle_as_main_runs_as_its_input() {
    build_shape(
        "buildout/rollup",
        "1 passed, 0 failed",
        "lib/index.js:5:7 301 executions",
        "dist/shipping.js: build output; its source lib/index.js is run instead",
        "lib/index.js",
    );
}

#[test]
fn tsc_out_dirs_a_script_names_run_as_the_sources() {
    build_shape(
        "buildout/tscdir",
        "2 passed, 0 failed",
        "src/index.ts:11:7 301 executions",
        "libesm/index.js: build output; its source src/index.ts is run instead",
        "src/index.ts",
    );
}

#[test]
fn babel_output_in_the_root_runs_as_its_source() {
    build_shape(
        "buildout/babelroot",
        "2 passed, 0 failed",
        "src/lib/shipping.js:5:7 301 executions",
        "index.js: build output; its source src/index.js is run instead",
        "src/lib/shipping.js",
    );
}

/// acorn's shape: rollup configs exporting arrays of configurations, each output with its own
/// object's input, and a package importing another through its workspace link, whose
/// "exports" name build output not built. In Boa both run as their sources; under node the
/// folder's unbuilt "main" is an ES module's output, which `require()` cannot load, and the
/// failure says so.
#[test]
fn rollup_config_arrays_and_workspace_links_run_as_their_sources() {
    let root = corpus("buildout/workspace");
    profile_prints(
        &root,
        0,
        "1 passed, 0 failed",
        &[
            "core/src/index.js:4:7 1001 executions",
            "loose/src/index.js:5:29 2200 executions",
        ],
    );
    let out = decisionprof(&["profile", ".", "--engine", "node"], &root);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("../core is build output that was not built, and its source core/src/index.js is an ES module"),
        "{stdout}"
    );
}

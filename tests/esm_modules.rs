//! ES modules driven through the binary: an ESM project (static and dynamic import, top-level
//! await, import.meta, exports/imports conditions, a JSON import, CommonJS interop) gives the same
//! results profiled in Boa, plain in Boa and under node; its suggestion is validated by the node
//! gate and its diff applies with `git apply`; `require()` of ES modules behaves as in node 20;
//! module syntax in a typeless package is detected as in node 20.19+, and its folder and
//! extensionless imports resolve under node as the `esm` loader resolves them; bad input names
//! file:line and the run goes on; a query in an import path gives a module of its own;
//! `require('..')` names a folder only, as in node; bare requests look in `NODE_PATH`'s folders.

mod engine_support;

use std::path::PathBuf;

use engine_support::{
    check_transparency, copy_dir, corpus, decisionprof, prints_in_both_engines, profile_prints,
    text,
};

/// `corpus/esm/app` in a temp dir, with its local package `dual` installed in `node_modules`.
fn esm_app() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path().join("app");
    copy_dir(&corpus("esm/app"), &root);
    copy_dir(&root.join("packages/dual"), &root.join("node_modules/dual"));
    (tmp, root)
}

#[test]
fn esm_project_runs_in_boa_as_under_node() {
    let (_tmp, root) = esm_app();
    check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    let json = root.join("profile.json");
    let out = decisionprof(
        &["profile", ".", "--json", json.to_str().expect("utf-8")],
        &root,
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("0 failed"), "{stdout}");
    // The decisions of the ES module were instrumented and executed.
    assert!(
        stdout.contains("lib/screen.js:11:7 300 executions"),
        "{stdout}"
    );
    assert!(
        stdout.contains("lib/screen.js:19:3 200 executions"),
        "{stdout}"
    );
}

#[test]
fn esm_suggestion_is_validated_under_node_and_applies() {
    let (_tmp, root) = esm_app();
    let report = engine_support::quick_suggest(&root);
    // The node gate loaded the ES module variant and its tests passed (timing may go either way).
    let review =
        engine_support::validated_candidate(&report, &["order.total > LIMIT && mentionsKnownWord"]);
    engine_support::git_apply(&root, review);
    let src = std::fs::read_to_string(root.join("lib/screen.js")).expect("read");
    assert!(src.contains("if (order.total > LIMIT && mentionsKnownWord(order.note)) {"));
}

/// ES modules in `.js` files of a typeless package, importing a folder and extensionless paths
/// (what `uvu -r esm` runs): under node too they load, so the gate validates the reordering.
#[test]
fn loose_esm_imports_run_under_node_and_the_gate_validates() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path().join("loose");
    copy_dir(&corpus("esm/loose"), &root);
    let out = decisionprof(&["profile", ".", "--engine", "both"], &root);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("1 passed, 0 failed"), "{stdout}");
    assert!(
        stdout.contains("engines: 0 difference(s) between the boa and the node profile"),
        "{stdout}"
    );
    let report = engine_support::quick_suggest_with(&root, &["--cost-model", "branch-points"]);
    engine_support::validated_candidate(&report, &["item.kind === 'wanted' && weight(item) > 10"]);
}

#[test]
fn esm_syntax_error_names_file_line_col_and_the_run_goes_on() {
    // Found by the instrumenter (a project file) and by Boa (a test fixture, not instrumented).
    engine_support::profile_prints(
        &corpus("esm/bad/syntax"),
        1,
        "1 passed, 2 failed",
        &[
            "SyntaxError: lib/broken.js:3:34: Expected ','",
            "SyntaxError: test/fixtures/broken.js:3:27: unexpected token 'return'",
            "(fix this ES module: the workload files that import it fail, the others still run)",
        ],
    );
}

/// An import that does not resolve names its line; a name a module asks of another that lacks it
/// names both modules.
#[test]
fn unresolvable_import_names_the_importing_line() {
    let root = corpus("esm/bad/missing");
    let out = decisionprof(&["profile", "."], &root);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("1 passed, 2 failed"), "{stdout}");
    assert!(
        stdout.contains("test/a.test.js:2: Cannot find module")
            && stdout.contains("imported as './helper'")
            && stdout.contains("full file name"),
        "{stdout}"
    );
    // Boa's link error names the module that asks for the missing name and the one it asks
    assert!(
        stdout.contains("could not find export `helpr`: test/reexport.js:2 imports it from './helper.js' (test/helper.js), which does not export it"),
        "{stdout}"
    );
}

/// `require()` of ES modules as node 20.19+ has it, in both engines; a required `.js` file with
/// module syntax is profiled under node too (its decisions were lost with every other file's), with
/// a note that what it imports is not.
#[test]
fn require_of_es_modules_behaves_as_in_node_20() {
    let root = corpus("esm/bad/require");
    check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    for engine in ["boa", "node"] {
        let out = decisionprof(&["profile", ".", "--engine", engine], &root);
        let stdout = text(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{engine}: {stdout}");
        assert!(
            stdout.contains("tests: 4 passed, 0 failed")
                && stdout.contains("lib/pick.js:5:10 3 executions"),
            "{engine}: {stdout}"
        );
        // node's hooks do not reach what a required module imports: said, not hidden
        let said = text(&out.stderr).contains("lib/pick.js: an ES module loaded by require(): node 20 loads the modules it imports without decisionprof's module hooks");
        assert_eq!(said, engine == "node", "{engine}: {}", text(&out.stderr));
    }
}

/// JSX compiles for React's automatic runtime: in a project without React, a `.tsx` test file
/// with JSX fails naming the package it lacks, an imported `.jsx` fails its importer the same
/// way; the rest runs, in both engines.
#[test]
fn jsx_without_react_fails_its_file_naming_what_it_lacks() {
    let root = corpus("esm/bad/jsx");
    for engine in ["boa", "node"] {
        let out = decisionprof(&["profile", ".", "--engine", engine], &root);
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert_eq!(out.status.code(), Some(1), "{engine}: {stdout}{stderr}");
        assert!(stdout.contains("2 passed, 1 failed"), "{engine}: {stdout}");
        assert!(
            stdout.contains("FAIL test/view.test.tsx [test/view.test.tsx]: Error: ")
                && stdout.contains("Cannot find package 'react'"),
            "{engine}: {stdout}"
        );
    }
}

/// A `.js` file with module syntax in a package without "type" is an ES module, as node 20.19+
/// detects it; written for `-r esm`, its relative imports resolve as `require` would.
#[test]
fn esm_syntax_in_a_typeless_package_is_detected_and_resolves_as_its_loader_does() {
    engine_support::profile_prints(
        &corpus("esm/detect"),
        0,
        "1 passed, 0 failed",
        &[
            "lib/index.js:3:7 3 executions",
            "lib/index.js:4:10 2 executions",
        ],
    );
}

/// ES modules written for a loader (`mocha -r esm`) in a package without "type": the package
/// imported by its folder finds its "main", `describe`/`it` come from 'mocha', and in Boa a
/// CommonJS dependency whose exports are built at run time (lodash) is imported by name and
/// `require`/`__dirname` are there as the loader's output has them. Discovery passes over the
/// build step scripts.test runs first and follows `pnpm run`. Under node the folder import,
/// 'mocha' and `require`/`__dirname` work too; the named import of a CommonJS dependency built at
/// run time fails there as under node's own loader, saying so. No run writes into the project.
#[test]
fn a_loader_written_project_loads_its_folder_mocha_and_a_built_dependency() {
    let root = corpus("esm/loader");
    let out = decisionprof(&["workload", "."], &root);
    let shown = text(&out.stdout);
    assert!(
        shown.contains("scripts.test (via test → unit) runs mocha"),
        "{shown}"
    );
    engine_support::profile_prints(&root, 0, "3 passed, 0 failed", &[]);
    let out = decisionprof(&["profile", ".", "--engine", "node"], &root);
    let stdout = text(&out.stdout);
    assert!(stdout.contains("2 passed, 1 failed"), "{stdout}");
    assert!(
        stdout.contains("does not provide an export named 'sortBy'"),
        "{stdout}"
    );
    assert!(!root.join("dist").exists(), "a run wrote into the project");
}

/// An ES module imported with a query in its path (`../src/counter.js?fresh`) is a module of its
/// own, once per query, as under node and vite; its decisions are the file's.
#[test]
fn a_query_in_an_import_path_gives_a_module_of_its_own() {
    let root = corpus("esm/query");
    check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    profile_prints(
        &root,
        0,
        "1 passed, 0 failed",
        &["src/counter.js:4:10 2 executions"],
    );
}

/// `require('..')`, `require('.')` and `require('./x/')` load the folder, never a file of the
/// same name beside it (pofile's tests `require('..')` beside a `pofile.json`).
#[test]
fn a_folder_request_loads_the_folder_as_in_node() {
    let root = corpus("engine/folders");
    check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    let out = decisionprof(&["profile", ".", "--engine", "boa"], &root);
    let stdout = text(&out.stdout);
    assert!(stdout.contains("tests: 3 passed, 0 failed"), "{stdout}");
}

/// `NODE_PATH=./vendor:./ node …` in `scripts.test`: bare requests (`require('lib/kind')`,
/// `require('shapes')`) are looked for in its folders after every `node_modules`, as node's global
/// paths are (TomFrost/Jexl's tests `require('lib/Jexl')` under `NODE_PATH=./ jest`).
#[test]
fn bare_requests_find_the_folders_node_path_names() {
    let root = corpus("engine/node-path");
    check_transparency(&root).unwrap_or_else(|e| panic!("{e}"));
    prints_in_both_engines(
        &root,
        &["1 passed, 0 failed", "lib/kind.js:4:3 200 executions"],
    );
}

/// A CommonJS file whose template literal holds lines starting with `import … from` (a grammar
/// in peggy's specs) stays CommonJS in both engines, as node runs it.
#[test]
fn an_import_line_inside_a_template_is_no_module_syntax() {
    engine_support::prints_in_both_engines(
        &corpus("esm/template-import"),
        &["1 passed, 0 failed", "lib/pick.js:4:44 5 executions"],
    );
}

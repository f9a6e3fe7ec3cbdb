//! TypeScript projects driven through the binary: `corpus/typescript/app` (ESM syntax without
//! `"type": "module"`, a type-only import, types re-exported without `type`, enums, parameter properties and namespaces, a `.cts`
//! module, mocha through ts-node) runs its tests in Boa with no flags, its decisions are found
//! and reported in the `.ts` sources (the lowered file's too), the node gate runs the same
//! stripped code, and the suggested diff applies to the `.ts` file with its types kept; a
//! TypeScript syntax error and a `.tsx` import are clear messages and the other tests still run.
//! `corpus/typescript/decorators` (jest through ts-jest, 8 of 8 under jest 29.7 and ts-jest
//! 29.2) has legacy decorators with `emitDecoratorMetadata` and a target without define
//! semantics for class fields, in both engines and the gate.

mod engine_support;

use engine_support::{corpus, decisionprof, text};

#[test]
fn typescript_tests_run_in_boa_and_decisions_name_the_ts_source() {
    let root = corpus("typescript/app");
    let out = decisionprof(&["profile", "."], &root);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stdout}{stderr}");
    assert!(stdout.contains("5 passed, 0 failed"), "{stdout}");
    for at in [
        "src/classify.ts:13:9 17500 executions",
        // through `export { Op, Compared, compare }` of two types, elided as tsc elides them
        "src/ops.ts:9:16 30 executions",
        "src/classify.ts:19:10 2500 executions",
        "src/legacy.cts:5:10 100 executions",
        // enums and parameter properties lowered: the file keeps its positions
        "src/kinds.ts:21:12 100 executions",
        "src/units.ts:5:12 1 executions",
    ] {
        assert!(stdout.contains(at), "{at} in {stdout}");
    }
    assert!(
        !stderr.contains("src/kinds.ts") && !stderr.contains("src/units.ts"),
        "{stderr}"
    );
    assert!(
        stderr.contains(
            "src/dotted.ts: TypeScript namespace declaration is not supported in strip-only mode"
        ) && stderr.contains("its decisions are not profiled"),
        "{stderr}"
    );
    assert!(
        stderr.contains(
            "src/ops_index.ts: `Op` is a type of './ops.js' named without `type`: elided"
        ),
        "{stderr}"
    );
    let listed = decisionprof(&["decisions", "."], &root);
    let listed = text(&listed.stdout);
    assert!(
        listed.contains("src/classify.ts:19:10")
            && listed.contains("src/legacy.cts:5:10")
            && listed.contains("src/kinds.ts@396-427"),
        "{listed}"
    );
}

#[test]
fn a_suggestion_in_a_lowered_typescript_file_applies_to_its_source() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path().join("app");
    engine_support::copy_dir(&corpus("typescript/app"), &root);
    let out = decisionprof(
        &["suggest", ".", "--gate", "none", "--format", "diff"],
        &root,
    );
    let diff = text(&out.stdout);
    assert!(
        diff.contains("-    return n >= this.low && n <= this.high;\n+    return n <= this.high && n >= this.low;"),
        "{diff}{}",
        text(&out.stderr)
    );
    engine_support::git_apply(&root, &serde_json::json!({ "diff": diff }));
    let src = std::fs::read_to_string(root.join("src/kinds.ts")).expect("read");
    assert!(
        src.contains("return n <= this.high && n >= this.low;"),
        "{src}"
    );
    assert!(
        src.contains("    public readonly low: number,"),
        "types kept: {src}"
    );
}

#[test]
fn typescript_suggestion_is_validated_under_node_and_applies_to_the_ts_file() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let root = tmp.path().join("app");
    engine_support::copy_dir(&corpus("typescript/app"), &root);
    let report = engine_support::quick_suggest(&root);
    // the node gate loaded the stripped variant and its tests passed (timing may go either way)
    let special = engine_support::validated_candidate(
        &report,
        &[
            "src/classify.ts",
            "Kind.Rare && item.size > limit && marked",
        ],
    );
    engine_support::git_apply(&root, special);
    let src = std::fs::read_to_string(root.join("src/classify.ts")).expect("read");
    assert!(
        src.contains(
            "return (item.kind as string) === Kind.Rare && item.size > limit && marked(item.tags ?? []);"
        ),
        "{src}"
    );
    assert!(src.contains("export interface Item {"), "types kept: {src}");
}

/// A TypeScript syntax error is named with its place; a `.tsx` file's JSX, in a project without
/// React, fails its importer naming the runtime it compiles to; the other files run.
#[test]
fn typescript_syntax_error_and_tsx_are_named_and_the_run_goes_on() {
    engine_support::profile_prints(
        &corpus("typescript/bad"),
        1,
        "1 passed, 2 failed",
        &[
            "SyntaxError: src/broken.ts:2:12: Unexpected token `=`",
            "src/view.tsx: Cannot find package 'react' imported as 'react/jsx-runtime'",
            "src/ok.ts:1:46 1 executions",
        ],
    );
}

/// A plain run under node (`--plain`: the reference of `suggest --engine node` and `bench
/// profile --engine node`) strips the types as the instrumented one does: node 20 cannot run
/// TypeScript itself.
#[test]
fn a_plain_node_run_strips_typescript_too() {
    let out = decisionprof(
        &["profile", ".", "--engine", "node", "--plain"],
        &corpus("typescript/app"),
    );
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}{}", text(&out.stderr));
    assert!(stdout.contains("tests: 5 passed, 0 failed"), "{stdout}");
}

/// Decorators on classes, members and parameters, with `reflect-metadata`, as tsc emits them;
/// fields as `tsconfig.json`'s target has them; decisions in the decorated files keep their
/// places, and a suggestion in one applies to the `.ts` file.
#[test]
fn decorated_typescript_runs_in_both_engines_and_keeps_its_positions() {
    let root = corpus("typescript/decorators");
    let stderrs = engine_support::profile_four_ways(
        &root,
        "8 passed, 0 failed",
        "src/model.ts:54:12 2 executions",
    );
    // an interface re-exported by name from a module whose imports and exports were all types
    for err in &stderrs {
        assert!(
            err.contains("src/index.ts: `default` is not exported by './types'"),
            "{err}"
        );
    }
    let out = decisionprof(&["profile", "."], &root);
    let stdout = text(&out.stdout);
    for at in [
        "src/model.ts:75:12 6 executions",
        "src/service.ts:22:18 3 executions",
    ] {
        assert!(stdout.contains(at), "{at} in {stdout}");
    }
    let tmp = tempfile::tempdir().expect("temp dir");
    let copy = tmp.path().join("app");
    engine_support::copy_dir(&root, &copy);
    let report = engine_support::quick_suggest(&copy);
    let candidate =
        engine_support::validated_candidate(&report, &["src/service.ts", "p.age > 60 || formal"]);
    engine_support::git_apply(&copy, candidate);
    let src = std::fs::read_to_string(copy.join("src/service.ts")).expect("read");
    assert!(src.contains("const text = p.age > 60 || formal ?"), "{src}");
    assert!(
        src.contains("@injectable()\nexport class Greeter {")
            && src.contains("@inject('store') private readonly store: Store,"),
        "decorators and types kept: {src}"
    );
}

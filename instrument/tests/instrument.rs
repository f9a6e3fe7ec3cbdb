//! Instrumentation: the emitted protocol calls, numbering, prologue placement, write logging, re-parsing.

use instrument::{find_decisions, instrument_source, InstrumentOptions};

fn inst(src: &str) -> String {
    let out = instrument_source(src, "t.js", &InstrumentOptions::default()).unwrap();
    find_decisions(&out.code, "t.js").expect("instrumented code re-parses");
    out.code
}

/// `src` instrumented with statically pruned decisions recorded, as under `--exact`.
fn inst_exact(src: &str) -> String {
    let opts = InstrumentOptions {
        record_pruned: true,
        ..InstrumentOptions::default()
    };
    instrument_source(src, "t.js", &opts).unwrap().code
}

fn squash(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn kept_decision_gets_markers_and_thunk() {
    let code = squash(&inst("if (a(1) && b) { c(); }"));
    assert!(code.contains("if ((__dp.dr(0) ? __dp.de(0, "), "{code}");
    // the plain copy, run when an execution is only counted
    assert!(
        code.contains(": (__dpb(), a(1)) && (__dpb(), b))) {"),
        "{code}"
    );
    assert!(
        code.contains("(__dp.cs(0, 0), __dp.ce(0, 0, a(1))) && (__dp.cs(0, 1), __dp.ce(0, 1, b))"),
        "{code}"
    );
    assert!(
        code.contains(
            "__dp.k(0) && ((__i)=>{ switch(__i){ case 0: return (a(1)); default: return (b); } })"
        ),
        "{code}"
    );
}

#[test]
fn pruned_and_suspending_decisions() {
    let code = squash(&inst("x = y || 'none';"));
    assert!(
        code.contains("(__dp.dx(0), (__dpb(), y) || (__dpb(), 'none'))"),
        "{code}"
    );
    let code = squash(&inst_exact("x = y || 'none';"));
    assert!(
        code.contains("(__dp.ds(0), __dp.de(0, (__dp.cs(0, 0)"),
        "{code}"
    );
    assert!(!code.contains("__dp.k("), "pruned: no thunk: {code}");
    let code = squash(&inst("async function f() { if (a && await b) {} }"));
    assert!(code.contains("__dp.dx(0)"), "{code}");
    assert!(!code.contains("__dp.cs("), "{code}");
}

#[test]
fn numbering_starts_at_the_given_bases() {
    let src = "let v = 0; function f() { v = 1; if (p && q) {} switch (v) { case 1: break; case 2: break; } }";
    let out = instrument_source(
        src,
        "t.js",
        &InstrumentOptions {
            first_decision: 10,
            first_binding: 20,
            log_only: false,
            function_texts: false,
            ts: Default::default(),
            record_pruned: false,
        },
    )
    .unwrap();
    assert_eq!(out.decisions.len(), 2);
    assert_eq!((out.next_decision, out.next_binding), (12, 21));
    assert_eq!(out.bindings, vec!["v".to_string()]);
    let code = squash(&out.code);
    assert!(code.contains("__dp.dr(10)"), "{code}");
    assert!(code.contains("switch(__dp.sw(11, v, -1, 1, 2))"), "{code}");
    assert!(code.contains("__dp.wv(20, v,"), "{code}");
}

#[test]
fn prologue_follows_directives() {
    let code = inst("'use strict';\nfoo();");
    assert!(
        code.starts_with("'use strict'; var __dpb = __dp.b, __dpo, __dpm;\nfoo();"),
        "{code}"
    );
    let code = inst("function f() { \"use strict\"; return 1; }");
    assert!(
        squash(&code).contains("\"use strict\"; __dpb(); return 1;"),
        "{code}"
    );
}

#[test]
fn branch_points_at_arms_loops_operands_and_entries() {
    let code = squash(&inst(
        "function f(x) { if (x) g(); else h(); while (x) x--; const y = x ? 1 : 2; return x ?? y; }",
    ));
    assert!(code.contains("function f(x) { __dpb();"), "{code}");
    assert!(
        code.contains("if (x) { __dpb(); g(); } else { __dpb(); h(); }"),
        "{code}"
    );
    assert!(code.contains("while(x){ __dpb(); x--; }"), "{code}");
    assert!(code.contains("x ? (__dpb(), 1) : (__dpb(), 2)"), "{code}");
    assert!(code.contains("(__dpb(), x) ?? (__dpb(), y)"), "{code}");
    let code = squash(&inst("const f = (a) => a + 1;"));
    assert!(code.contains("(__dpb(), a + 1)"), "{code}");
}

#[test]
fn switch_gets_synthetic_default_only_when_missing() {
    let code = squash(&inst("switch (k) { case A: x(); break; case 'b': y(); }"));
    assert!(
        code.contains("case (__dp.sc(0, 0), A): __dp.sm(0, 0);"),
        "{code}"
    );
    assert!(code.contains("default: __dp.sm(0, -1);"), "{code}");
    let code = squash(&inst("switch (k) { case one(): default: case 2: }"));
    assert!(code.contains("default: __dp.sm(0, 1);"), "{code}");
    assert!(!code.contains("-1"), "{code}");
}

#[test]
fn a_switch_of_literals_is_one_call_with_its_labels_and_default() {
    let code = squash(&inst(
        "switch (k) { case 'a': x(); break; case -1: default: case `t`: case null: y(); }",
    ));
    assert!(
        code.contains("switch(__dp.sw(0, k, 2, 'a', -1, `t`, null)){ case 'a': x();"),
        "{code}"
    );
    assert!(
        !code.contains("__dp.sc(") && !code.contains("__dp.sm("),
        "{code}"
    );
    // a label that is not a literal runs code: each test is reported as it runs
    let code = squash(&inst("switch (k) { case 'a': break; case x.y: break; }"));
    assert!(code.contains("switch(__dp.sd(0, k))"), "{code}");
}

#[test]
fn writes_are_logged_by_where_the_variable_lives() {
    let code = squash(&inst(
        "let outer = 0; function f(o, k) { let local = 1; local++; outer += 1; undeclared = 2; o.p = 1; o[k] = 2; g().q = 3; o[k + 1] = 4; delete o.r; [outer, o.s] = [1, 2]; }",
    ));
    assert!(!code.contains("__dp.wv(0, local"), "{code}");
    assert!(code.contains("local++;"), "{code}");
    assert!(
        code.contains("((__dp.on && __dp.wv(0, outer, ((__v)=>{ outer = __v; }))), outer += 1)"),
        "{code}"
    );
    assert!(code.contains("__dp.wg(\"undeclared\")"), "{code}");
    assert!(
        code.contains("((__dp.on && __dp.wp(o, \"p\")), o.p = 1)"),
        "{code}"
    );
    assert!(
        code.contains("((__dp.on && __dp.wp(o, k)), o[k] = 2)"),
        "{code}"
    );
    assert!(
        code.contains("(__dpo = g(), (__dp.on && __dp.wp(__dpo, \"q\")), __dpo).q = 3"),
        "{code}"
    );
    assert!(
        code.contains("o[(__dp.on ? __dp.pk(o, k + 1) : k + 1)] = 4"),
        "{code}"
    );
    assert!(
        code.contains("((__dp.on && __dp.wp(o, \"r\", 1)), delete o.r)"),
        "{code}"
    );
    assert!(code.contains("__dp.wv(0, outer,"), "{code}");
    assert!(code.contains("__dp.wp(o, \"s\")"), "{code}");
}

#[test]
fn reads_are_logged_inside_checks_only() {
    let code = squash(&inst(
        "let n = 0; function f(o) { const a = o.x + n; if (o.y && n > 1) {} }",
    ));
    assert!(code.contains("const a = o.x + n;"), "{code}");
    assert!(
        code.contains("__dp.ce(0, 0, ((__dp.on && __dp.rp(o, \"y\")), o.y))"),
        "{code}"
    );
    assert!(code.contains("((__dp.on && __dp.rv(0)), n) > 1"), "{code}");
    let code = squash(&inst("function f(o) { if (o.m() && g) {} }"));
    assert!(
        code.contains("__dp.ce(0, 0, o.m())"),
        "method calls keep their receiver: {code}"
    );
}

#[test]
fn try_statements_get_unwind_tokens_and_a_catch_charges_its_exception() {
    let code = squash(&inst("try { a(); } catch (e) { b(); } finally { c(); }"));
    assert!(code.contains("{ const __dpt = __dp.dt(); try {"), "{code}");
    assert!(
        code.contains("catch (e) { __dp.u(__dpt, 1); b(); }"),
        "{code}"
    );
    assert!(code.contains("finally{ __dp.u(__dpt); c(); }"), "{code}");
}

#[test]
fn modules_keep_imports_and_exports() {
    let out = instrument_source(
        "import x from './x.js';\nexport default function f(a) { return a && x; }\n",
        "m.mjs",
        &InstrumentOptions::default(),
    )
    .unwrap();
    assert!(out.code.contains("import x from"), "{}", out.code);
    assert!(
        out.code.contains("export default function f(a)"),
        "{}",
        out.code
    );
    assert!(find_decisions(&out.code, "m.mjs").is_ok());
}

#[test]
fn deeply_nested_code_does_not_overflow_the_stack() {
    let sum: Vec<String> = (0..20000).map(|i| format!("a{i}")).collect();
    let chain: Vec<String> = (0..3000).map(|i| format!("b{i}")).collect();
    let src = format!(
        "var x = {};\nif ({}) {{}}\ny = {}1{};\n",
        sum.join(" + "),
        chain.join(" && "),
        "(".repeat(2000),
        ")".repeat(2000)
    );
    let out = instrument_source(&src, "deep.js", &InstrumentOptions::default()).unwrap();
    assert_eq!(out.decisions.len(), 1);
    assert_eq!(out.decisions[0].leaves.len(), 3000);
    assert!(find_decisions(&out.code, "deep.js").is_ok());
}

#[test]
fn log_only_code_logs_writes_without_decisions_or_branch_points() {
    let src = "let n = 0; const o = {}; function f(a) { while (a && n < 3) { n++; o.k = a; } return () => ({ a }); }";
    let out = instrument_source(
        src,
        "node_modules/dep/index.js",
        &InstrumentOptions {
            log_only: true,
            ..Default::default()
        },
    )
    .unwrap();
    assert!(out.decisions.is_empty(), "{:?}", out.decisions);
    assert!(!out.code.contains("__dpb()"), "{}", out.code);
    assert!(!out.code.contains("__dp.ds("), "{}", out.code);
    assert!(out.code.contains("__dp.wv(0, n"), "{}", out.code);
    assert!(out.code.contains("__dp.wp(o, \"k\")"), "{}", out.code);
    // a loop keeps a tick so a spinning dependency stops at the time limit
    assert!(out.code.contains("__dp.t();"), "{}", out.code);
    // code outside functions runs once, at load: its literals are not stamped
    assert!(out.code.contains("const o = {};"), "{}", out.code);
    // the arrow still returns its object literal, stamped as made while a check runs
    assert!(
        out.code
            .contains("(__dpm = { a }, (__dp.on && __dp.mk(__dpm)), __dpm)"),
        "{}",
        out.code
    );
}

#[test]
fn a_thunk_dispatches_with_a_flat_switch_and_private_fields_are_logged() {
    let src = "class C { #n = 0; inc() { this.#n++; return true; } bump(p) { return p && q(); } }";
    let out = instrument_source(src, "t.js", &InstrumentOptions::default()).unwrap();
    assert!(out.code.contains("switch(__i)"), "{}", out.code);
    assert!(
        out.code.contains("__dp.wq(this, \"#n\", this.#n,"),
        "{}",
        out.code
    );
}

#[test]
fn only_the_global_eval_is_guarded() {
    let src = "function f(vm, c) { eval(c); (0, eval)(c); globalThis.eval(c); vm.eval(c); }";
    let out = instrument_source(src, "t.js", &InstrumentOptions::default()).unwrap();
    assert_eq!(out.code.matches("__dp.ev(").count(), 3, "{}", out.code);
    assert!(out.code.contains("vm.eval(c)"), "{}", out.code);
}

#[test]
fn each_function_is_found_where_it_starts_in_the_output_and_in_the_original() {
    let src = "const o = {\n  m( x ) { return x && 1; },\n};\nconst f = (a) =>   a || 2;\nclass K { g() {} }\n";
    let out = instrument_source(
        src,
        "t.js",
        &InstrumentOptions {
            function_texts: true,
            ..Default::default()
        },
    )
    .unwrap();
    let originals: Vec<&str> = out
        .functions
        .iter()
        .map(|f| &src[f.lo as usize..f.hi as usize])
        .collect();
    for want in [
        "m( x ) { return x && 1; }",
        "(a) =>   a || 2",
        "class K { g() {} }",
        "g() {}",
    ] {
        assert!(originals.contains(&want), "{want} in {originals:?}");
    }
    for f in &out.functions {
        let printed = &out.code[f.out as usize..];
        let first = |s: &str| s.chars().next();
        assert_eq!(first(printed), first(&src[f.lo as usize..]), "{printed}");
    }
}

#[test]
fn arm_chain_conditions_start_end_and_speculate_the_rest() {
    let code = squash(&inst(
        "if (a === 1) { x(); } else if (b) y(); else if (c) z(); else w();",
    ));
    assert!(
        code.contains("if ((__dp.dr(0) ? ((__dp.cs(0, 0), __dp.ce(0, 0, a === 1)) && __dp.de(0, true, __dp.k(0) && ((__dpi)=>__dpi === 1 ? (b) : __dpi === 2 ? (c) : void 0))) : (__dpb(), a === 1))) { __dpb(); x(); }"),
        "{code}"
    );
    assert!(
        code.contains("if ((__dp.dc(0) ? ((__dp.cs(0, 1), __dp.ce(0, 1, b)) && __dp.de(0, true, __dp.k(0) && ((__dpi)=>__dpi === 2 ? (c) : void 0))) : b)) { __dpb(); y(); }"),
        "{code}"
    );
    // the last condition ends the decision whatever its value; the final else keeps its branch point
    assert!(
        code.contains(
            "if ((__dp.dc(0) ? (__dp.de(0, (__dp.cs(0, 2), __dp.ce(0, 2, c)), false)) : c)) { __dpb(); z(); } else { __dpb(); w(); }"
        ),
        "{code}"
    );
    let code = squash(&inst(
        "function f(k) { if (k === 'a') return 1; if (k === 'b') { return 2; } g(); }",
    ));
    assert!(
        // the thunk takes the parameter `k` as an argument instead of capturing it
        code.contains("if ((__dp.dr(0) ? ((__dp.cs(0, 0), __dp.ce(0, 0, k === 'a')) && __dp.de(0, true, __dp.k(0) && ((k, __dpi)=>__dpi === 1 ? (k === 'b') : void 0), k)) : (__dpb(), k === 'a'))) { __dpb(); return 1; }"),
        "{code}"
    );
    assert!(
        code.contains("if ((__dp.dc(0) ? (__dp.de(0, (__dp.cs(0, 1), __dp.ce(0, 1, k === 'b')), false)) : k === 'b')) { __dpb(); return 2; } g();"),
        "{code}"
    );
    let code = squash(&inst("let v = p ? 1 : (q) ? 2 : 3;"));
    assert!(
        code.contains("let v = (__dp.dr(0) ? ((__dp.cs(0, 0), __dp.ce(0, 0, p)) && __dp.de(0, true, __dp.k(0) && ((__dpi)=>__dpi === 1 ? (q) : void 0))) : (__dpb(), p)) ? (__dpb(), 1) : (__dpb(), (__dp.dc(0) ? (__dp.de(0, (__dp.cs(0, 1), __dp.ce(0, 1, q)), false)) : q) ? (__dpb(), 2) : (__dpb(), 3));"),
        "{code}"
    );
}

#[test]
fn arm_chains_pruned_suspending_and_nested() {
    // pruned (null guard): only counted; under `--exact` checks, no speculation
    let src = "function f(x) { if (!x) return 0; if (x.length === 0) return 1; }";
    assert!(squash(&inst(src)).contains("if ((__dp.dx(0), __dpb(), !x))"));
    let code = squash(&inst_exact(src));
    assert!(
        code.contains(
            "(__dp.ds(0), (__dp.cs(0, 0), __dp.ce(0, 0, !x)) && __dp.de(0, true, false))"
        ),
        "{code}"
    );
    assert!(!code.contains("__dp.k("), "{code}");
    // a condition that suspends: the decision is marked and its conditions are branch points
    let code = squash(&inst(
        "async function f() { if (await a) x(); else if (b) y(); }",
    ));
    assert!(
        code.contains("if ((__dp.dx(0), __dpb(), await a))"),
        "{code}"
    );
    assert!(code.contains("if ((__dpb(), b))"), "{code}");
    assert!(!code.contains("__dp.ce("), "{code}");
    // a logical decision inside a condition is its own; its copy in the thunk has no markers
    let code = squash(&inst("if (a) x(); else if (b && c) y();"));
    assert!(
        code.contains(
            "__dp.k(0) && ((__dpi)=>__dpi === 1 ? ((__dpb(), b) && (__dpb(), c)) : void 0))"
        ),
        "{code}"
    );
    assert!(
        code.contains("__dp.ce(0, 1, __dp.dr(1) ? __dp.de(1, (__dp.cs(1, 0)"),
        "{code}"
    );
    // a chain in a thunk's copy is no decision there
    let code = squash(&inst("if (a) x(); else if (p ? q : r ? s : t) y();"));
    assert!(
        code.contains(
            "__dpi === 1 ? (p ? (__dpb(), q) : (__dpb(), r ? (__dpb(), s) : (__dpb(), t)))"
        ),
        "{code}"
    );
    assert!(
        code.contains("__dp.ce(0, 1, (__dp.dr(1) ? ((__dp.cs(1, 0), __dp.ce(1, 0, p))"),
        "{code}"
    );
    // writes in a speculated condition are logged, reads of outer bindings too
    let code = squash(&inst(
        "let n = 0; function f(o) { if (o.a) return 1; if (g(n) > o.b) return 2; }",
    ));
    assert!(code.contains("__dpi === 1 ? (g(((__dp.on && __dp.rv(0)), n)) > ((__dp.on && __dp.rp(o, \"b\")), o.b))"), "{code}");
}

#[test]
fn guard_sequences_in_modules_and_case_clauses_are_instrumented() {
    let out = instrument_source(
        "import a from 'a';\nif (a.x) throw 1;\nif (a.y) throw 2;\nexport default 1;\nswitch (a) { case 1: if (a.p) break; if (a.q) break; a.r(); }",
        "m.mjs",
        &InstrumentOptions::default(),
    )
    .unwrap();
    let code = squash(&out.code);
    assert!(
        code.contains("if ((__dp.dr(0) ? ((__dp.cs(0, 0), __dp.ce(0, 0, "),
        "{code}"
    );
    assert!(
        code.contains("case (__dpb(), 1): if ((__dp.dr(1) ? ((__dp.cs(1, 0), __dp.ce(1, 0, "),
        "{code}"
    );
    find_decisions(&out.code, "m.mjs").expect("instrumented code re-parses");
}

#[test]
fn a_very_long_chain_is_checked_but_not_speculated() {
    let ladder = |n: usize| {
        let arms: Vec<String> = (0..n).map(|i| format!("if (k === {i}) f({i});")).collect();
        arms.join(" else ")
    };
    let code = inst(&ladder(64));
    assert_eq!(code.matches("__dp.k(").count(), 63);
    let code = inst(&ladder(65));
    assert!(!code.contains("__dp.k("));
    assert_eq!(code.matches("__dp.ce(").count(), 65);
}

#[test]
fn thunks_take_the_locals_they_may_read_early_as_arguments() {
    let code = squash(&inst(
        "function f(p) { let a = g(); if (p && a && later && shared) h(); let later = 1; let shared = 2; return () => shared; }",
    ));
    // `p` and `a` are passed; `later` is in its temporal dead zone at the decision, `shared`
    // is captured by the arrow: both stay captured by the thunk
    assert!(code.contains("((p, a, __i)=>{"), "{code}");
    assert!(code.contains("}), p, a) : "), "{code}");
    // at the top level nothing is passed
    let code = squash(&inst("let a = 1; if (a && b) h();"));
    assert!(code.contains("((__i)=>{"), "{code}");
}

//! `decisionprof-bench jvm-rp`: the reference-propagation paper's Table I (graph properties:
//! classes, methods, sites, NATH, never-used, write-read imbalance) and Table II (graph sizes
//! without contexts and with 4, 8, 16 and 32 context classes) on our programs. The paper's last
//! column, as many classes as sites, needs sparse counters: ours are dense per thread (sites x
//! classes), so it stops at 32.

use std::collections::BTreeSet;
use std::process::ExitCode;

use anyhow::Context;
use graph::flow::{ClientOptions, Report};
use jvm_profile::flow_profile::analyze;
use jvm_profile::profiled_run::{run_profiled, ProfiledRun};

use bench::programs::bench_programs;
use jvm_profile::summary::Summaries;

/// The context-class counts of Table II after the context-insensitive column.
const CONTEXTS: [u32; 4] = [4, 8, 16, 32];

/// One profiled run of a program with `context` classes, analysed.
fn profile(
    spec: &jvm_bytecode::jdk::RunSpec,
    work: &std::path::Path,
    context: u32,
) -> anyhow::Result<Option<(ProfiledRun, Report)>> {
    let run = run_profiled(spec, work, context)?;
    let Some(prof) = run.profile.clone() else {
        return Ok(None);
    };
    let mut lib = Summaries::for_jar_or_none(&spec.jar, spec.classpath.as_deref(), &mut Vec::new());
    let rep = analyze(
        &run.instrumented,
        &prof,
        &ClientOptions::default(),
        &mut lib,
    );
    Ok(Some((run, rep)))
}

/// Table I's row: classes and methods that ran, executed sites, NATH sites and objects,
/// never-used sites and objects, WRI sites at t = 2 and t = ∞.
fn table1_row(run: &ProfiledRun, r: &Report) -> [u64; 9] {
    let inst = &run.instrumented;
    let mut methods: BTreeSet<u32> = BTreeSet::new();
    if let Some(p) = &run.profile {
        methods.extend(p.paths.iter().map(|x| x.method));
        for &(site, _) in p.sites.keys() {
            if let Some(s) = inst.sites.get(site as usize) {
                methods.insert(s.method);
            }
        }
    }
    let classes: BTreeSet<&str> = methods
        .iter()
        .filter_map(|&m| inst.methods.get(m as usize))
        .map(|m| m.flow.method.class.as_str())
        .collect();
    let sum = |list: &[usize], f: &dyn Fn(usize) -> u64| list.iter().map(|&i| f(i)).sum::<u64>();
    let all: Vec<usize> = (0..r.producers.len()).collect();
    let c = |i: usize| r.producers[i].counts;
    [
        classes.len() as u64,
        methods.len() as u64,
        r.producers.len() as u64,
        r.nath.len() as u64,
        sum(&all, &|i| c(i).objects.saturating_sub(c(i).heap_objects)),
        r.never_used.len() as u64,
        sum(&all, &|i| c(i).objects.saturating_sub(c(i).used_objects)),
        r.wri_2.len() as u64,
        r.wri_inf.len() as u64,
    ]
}

/// Table II's cell: nodes and edges of all producers' reference-propagation graphs.
fn graph_size(r: &Report) -> (usize, usize) {
    r.producers
        .iter()
        .fold((0, 0), |(n, e), p| (n + p.rp_nodes, e + p.rp_edges))
}

/// Runs the benchmark and prints both tables.
pub fn run() -> anyhow::Result<ExitCode> {
    let tmp = tempfile::Builder::new()
        .prefix("decisionprof-bench-rp-")
        .tempdir()
        .context("creating a temp dir")?;
    let dir = tmp.path().to_path_buf();
    let programs = bench_programs(&dir)?;
    let mut table1 = Vec::new();
    let mut table2 = Vec::new();
    for (name, spec) in &programs {
        let work = dir.join("work");
        let Some((run, base)) = profile(spec, &work, 1)? else {
            eprintln!("decisionprof: {name} wrote no profile; skipped");
            continue;
        };
        table1.push((name.clone(), table1_row(&run, &base)));
        let mut sizes = vec![graph_size(&base)];
        for c in CONTEXTS {
            let size = profile(spec, &work, c)?.map_or((0, 0), |(_, r)| graph_size(&r));
            sizes.push(size);
        }
        table2.push((name.clone(), sizes));
    }
    println!("Table I: properties of the context-insensitive reference-propagation graphs");
    println!(
        "{:<24} {:>7} {:>7} {:>7} {:>7} {:>10} {:>7} {:>10} {:>7} {:>7}",
        "program",
        "classes",
        "methods",
        "sites",
        "NATH",
        "NATH obj",
        "never",
        "never obj",
        "WRI 2",
        "WRI inf"
    );
    for (name, row) in &table1 {
        print!("{name:<24}");
        for (k, v) in row.iter().enumerate() {
            let w = if k == 4 || k == 6 { 10 } else { 7 };
            print!(" {v:>w$}");
        }
        println!();
    }
    println!("\nTable II: graph sizes (nodes / edges) without contexts and with c context classes");
    println!(
        "{:<24} {:>15} {:>15} {:>15} {:>15} {:>15}",
        "program", "ctx-insensitive", "c=4", "c=8", "c=16", "c=32"
    );
    for (name, sizes) in &table2 {
        print!("{name:<24}");
        for (n, e) in sizes {
            print!(" {:>15}", format!("{n} / {e}"));
        }
        println!();
    }
    drop(tmp);
    Ok(ExitCode::SUCCESS)
}

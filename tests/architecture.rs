//! The architecture's invariants that a crate boundary alone does not hold (ARCHITECTURE.md):
//! the crates depend on each other only as the layers allow, no import circle between modules
//! spans more than one folder, and the user's documents stay short.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The repository root.
fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Each workspace crate's folder and the workspace crates it may depend on: exactly these.
const LAYERS: &[(&str, &str, &[&str])] = &[
    ("report", "report", &[]),
    ("graph", "graph", &["report"]),
    ("instrument", "instrument", &[]),
    ("jsproject", "jsproject", &["instrument", "graph"]),
    (
        "engine_boa",
        "engines/boa",
        &["jsproject", "instrument", "graph"],
    ),
    ("engine_node", "engines/node", &["jsproject", "instrument"]),
    (
        "engines",
        "engines",
        &["jsproject", "engine_boa", "engine_node"],
    ),
    ("suggest", "suggest", &["instrument", "jsproject", "report"]),
    ("jvm_bytecode", "jvm/bytecode", &["graph", "report"]),
    (
        "jvm_profile",
        "jvm/profile",
        &["jvm_bytecode", "graph", "report"],
    ),
    ("jvm_blow", "jvm/blow", &["jvm_bytecode", "report"]),
    (
        "bench",
        "bench",
        &[
            "instrument",
            "jsproject",
            "engines",
            "suggest",
            "graph",
            "jvm_bytecode",
            "jvm_profile",
            "jvm_blow",
        ],
    ),
    (
        "decisionprof",
        ".",
        &[
            "instrument",
            "jsproject",
            "engines",
            "suggest",
            "graph",
            "report",
            "jvm_bytecode",
            "jvm_profile",
            "jvm_blow",
        ],
    ),
];

/// The path dependencies in the `[dependencies]` table of `dir/Cargo.toml`.
fn path_dependencies(dir: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(dir.join("Cargo.toml")).expect("Cargo.toml");
    let mut in_deps = false;
    let mut out = BTreeSet::new();
    for line in text.lines() {
        if line.starts_with('[') {
            in_deps = line.trim() == "[dependencies]";
            continue;
        }
        if in_deps && line.contains("path = ") {
            out.insert(line.split('=').next().unwrap().trim().to_string());
        }
    }
    out
}

#[test]
fn crates_depend_on_each_other_only_as_the_layers_allow() {
    let root = repo();
    for (name, dir, allowed) in LAYERS {
        let found = path_dependencies(&root.join(dir));
        let allowed: BTreeSet<String> = allowed.iter().map(|s| s.to_string()).collect();
        assert_eq!(found, allowed, "{name} ({dir}/Cargo.toml)");
    }
    // every crate of the workspace is in the table
    let members = std::fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml");
    let listed: BTreeSet<&str> = LAYERS.iter().map(|l| l.1).collect();
    for m in members
        .lines()
        .filter_map(|l| l.trim().strip_prefix('"')?.strip_suffix("\","))
    {
        assert!(listed.contains(m), "workspace member {m} has no layer");
    }
}

/// The modules of the crate whose sources are under `src`: module path → file.
fn modules(src: &Path) -> BTreeMap<Vec<String>, PathBuf> {
    let mut out = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).expect("source folder").flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            if p.extension().is_none_or(|x| x != "rs") {
                continue;
            }
            let rel = p.strip_prefix(src).unwrap().with_extension("");
            let mut parts: Vec<String> = rel
                .iter()
                .map(|c| c.to_string_lossy().into_owned())
                .collect();
            if matches!(
                parts.last().map(String::as_str),
                Some("mod" | "lib" | "main")
            ) {
                parts.pop();
            }
            out.insert(parts, p);
        }
    }
    out
}

/// The modules that module `m` (in `file`) names through `crate::` or `super::` paths.
fn references(
    m: &[String],
    file: &Path,
    mods: &BTreeMap<Vec<String>, PathBuf>,
) -> BTreeSet<Vec<String>> {
    // comments (intra-doc links among them) are not imports
    let text: String = std::fs::read_to_string(file)
        .expect("source")
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let is_mod_rs = file.file_name().is_some_and(|n| n == "mod.rs");
    let mut out = BTreeSet::new();
    for (prefix, base) in [
        ("crate::", Vec::new()),
        ("super::", m[..m.len().saturating_sub(1)].to_vec()),
    ] {
        let base = if prefix == "super::" && is_mod_rs {
            m[..m.len().saturating_sub(1)].to_vec()
        } else {
            base
        };
        for (at, _) in text.match_indices(prefix) {
            let path: Vec<String> = text[at + prefix.len()..]
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                .next()
                .unwrap_or("")
                .split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect();
            let full: Vec<String> = base.iter().cloned().chain(path).collect();
            // the longest prefix of the path that is a module
            if let Some(k) = (1..=full.len())
                .rev()
                .find(|&k| mods.contains_key(&full[..k]))
            {
                if full[..k] != *m {
                    out.insert(full[..k].to_vec());
                }
            }
        }
    }
    out
}

/// The strongly connected components of a graph (Tarjan's algorithm, iterative).
fn components(graph: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<Vec<String>>> {
    let nodes: Vec<&Vec<String>> = graph.keys().collect();
    let at: BTreeMap<&Vec<String>, usize> =
        nodes.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let n = nodes.len();
    let (mut index, mut low, mut on) = (vec![usize::MAX; n], vec![0; n], vec![false; n]);
    let (mut stack, mut out, mut next) = (Vec::new(), Vec::new(), 0);
    for start in 0..n {
        if index[start] != usize::MAX {
            continue;
        }
        let mut work: Vec<(usize, Vec<usize>)> = Vec::new();
        let succ = |v: usize| -> Vec<usize> { graph[nodes[v]].iter().map(|w| at[w]).collect() };
        index[start] = next;
        low[start] = next;
        next += 1;
        stack.push(start);
        on[start] = true;
        work.push((start, succ(start)));
        while let Some((v, rest)) = work.last_mut() {
            let v = *v;
            if let Some(w) = rest.pop() {
                if index[w] == usize::MAX {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on[w] = true;
                    work.push((w, succ(w)));
                } else if on[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some((u, _)) = work.last() {
                low[*u] = low[*u].min(low[v]);
            }
            if low[v] == index[v] {
                let mut comp = Vec::new();
                while let Some(w) = stack.pop() {
                    on[w] = false;
                    comp.push(nodes[w].clone());
                    if w == v {
                        break;
                    }
                }
                out.push(comp);
            }
        }
    }
    out
}

#[test]
fn no_import_circle_spans_more_than_one_folder() {
    let root = repo();
    let mut problems = Vec::new();
    for (name, dir, _) in LAYERS {
        let src = root.join(dir).join("src");
        let mods = modules(&src);
        let graph: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = mods
            .iter()
            .map(|(m, f)| (m.clone(), references(m, f, &mods)))
            .collect();
        for comp in components(&graph).into_iter().filter(|c| c.len() > 1) {
            let folders: BTreeSet<&Path> = comp.iter().map(|m| mods[m].parent().unwrap()).collect();
            if folders.len() > 1 {
                let names: Vec<String> = comp.iter().map(|m| m.join("::")).collect();
                problems.push(format!("{name}: {}", names.join(" ↔ ")));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The `.rs` files under `dir`, recursively.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("folder").flatten() {
            let p = e.path();
            if p.is_dir() && !p.ends_with("target") && !p.ends_with("node_modules") {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out
}

#[test]
fn discovery_runs_only_when_a_workload_is_opened() {
    let root = repo();
    let allowed = [
        root.join("jsproject/src/workload.rs"),
        root.join("src/cmd/workload.rs"),
        root.join("jsproject/src/discover/mod.rs"),
    ];
    let mut callers = Vec::new();
    for dir in LAYERS.iter().map(|l| root.join(l.1).join("src")) {
        for f in rust_files(&dir) {
            let text = std::fs::read_to_string(&f).expect("source");
            if text.contains("discover::discover(") && !allowed.contains(&f) {
                callers.push(f.display().to_string());
            }
        }
    }
    assert!(
        callers.is_empty(),
        "discovery called outside Workload::open: {callers:?}"
    );
}

#[test]
fn the_readme_and_the_architecture_map_stay_short() {
    let lines = |f: &str| {
        std::fs::read_to_string(repo().join(f))
            .expect("document")
            .lines()
            .count()
    };
    assert!(
        lines("README.md") <= 300,
        "README.md: {} lines",
        lines("README.md")
    );
    assert!(
        lines("ARCHITECTURE.md") <= 250,
        "ARCHITECTURE.md: {} lines",
        lines("ARCHITECTURE.md")
    );
}

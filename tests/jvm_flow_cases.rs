//! The papers' motivating cases, reproduced by Java programs compiled here and profiled on a real
//! `java` with `-Xverify:all`: the reports name exactly those sites with the exact object counts,
//! and the program's output is the same with and without instrumentation.

mod jvm_flow_support;

use jvm_flow_support::*;

const N: u64 = 12_000;

/// Compiles `name`, runs it plain and profiled with `n` as argument; returns the report.
fn case(name: &str) -> serde_json::Value {
    case_with(name, &[])
}

/// [`case`] with extra `jvm-flow` options.
fn case_with(name: &str, opts: &[&str]) -> serde_json::Value {
    let dir = tempfile::tempdir().unwrap();
    let jar = flow_jar(dir.path(), name);
    let n = N.to_string();
    // the plain run's output is the same for every case of the program: run once
    let p = plain_flow(name, &[&n]);
    assert!(p.status.success(), "{}", String::from_utf8_lossy(&p.stderr));
    let out = dir.path().join("out");
    let r = profiled(&jar, opts, &out, &[&n]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    assert_eq!(
        String::from_utf8_lossy(&p.stdout),
        String::from_utf8_lossy(&r.stdout),
        "output differs under instrumentation"
    );
    assert!(!p.stdout.is_empty());
    let w = std::fs::read_to_string(out.join("warnings.txt")).unwrap();
    assert!(w.trim().is_empty(), "warnings: {w}");
    report(&out)
}

#[test]
fn loop_temporaries_are_the_only_reuse_candidate_with_an_exact_flow_graph() {
    let r = case("LoopTemp");
    let line = site_line(&flow_source("LoopTemp"), "point");
    let loc = format!("LoopTemp.java:{line}");
    let (_, p) = producer(&r, "LoopTemp.java", line);
    assert_eq!(p["ty"], "LoopTemp$Point");
    assert_eq!(count(p, "objects"), N);
    // its reference-propagation graph: the producer, creation and use; two edges
    assert_eq!(
        (p["rp_nodes"].as_u64(), p["rp_edges"].as_u64()),
        (Some(3), Some(2))
    );
    assert_eq!(count(p, "heap_objects"), 0);
    assert_eq!(count(p, "used_objects"), N);
    assert_eq!(listed(&r, "reuse_no_escape"), vec![loc.clone()]);
    assert!(listed(&r, "nath").contains(&loc));
    assert!(listed(&r, "reuse_producer_only").is_empty());
    assert!(!listed(&r, "never_used").contains(&loc));
    // Algorithm 4: creation (line `point`) -> use on the next line -> exit, every object once
    let g = &r["graphs"][p["site"].to_string()];
    assert_eq!(g["objects"], N);
    assert_eq!(g["undecoded"], 0);
    let edges = g["edges"].as_array().unwrap();
    assert_eq!(edges.len(), 2, "{edges:?}");
    for e in edges {
        assert_eq!(e["objects"], N);
    }
    let line_of = |n: &serde_json::Value| g["nodes"][n.to_string()]["line"].clone();
    assert_eq!(line_of(&edges[0]["from"]), line);
    assert_eq!(line_of(&edges[0]["to"]), line + 1);
    assert_eq!(edges[0]["to"], edges[1]["from"]);
    assert_eq!(
        line_of(&edges[1]["to"]),
        serde_json::Value::Null,
        "last edge goes to exit"
    );
}

#[test]
fn rotation_matrix_built_only_to_make_a_transform_is_producer_only() {
    let r = case("Rotation");
    let src = flow_source("Rotation");
    let matrix = format!("Rotation.java:{}", site_line(&src, "matrix"));
    let transform = format!("Rotation.java:{}", site_line(&src, "transform"));
    assert_eq!(listed(&r, "reuse_producer_only"), vec![matrix.clone()]);
    let (_, m) = producer(&r, "Rotation.java", site_line(&src, "matrix"));
    assert_eq!(m["producer_only"], N);
    assert_eq!(count(m, "objects"), N);
    let (_, t) = producer(&r, "Rotation.java", site_line(&src, "transform"));
    assert_eq!(t["producer_only"], 0);
    assert_eq!(count(t, "objects"), N);
    // Algorithm 5 carries the matrices into the Transform constructor's parameter flow
    let carried = r["carried"][m["site"].to_string()].as_array().unwrap();
    let into_ctor: Vec<_> = carried
        .iter()
        .filter(|e| {
            e["method"] == "Rotation$Transform.<init>(LRotation$Matrix;)V" && e["param"] == 1
        })
        .collect();
    assert!(!into_ctor.is_empty(), "{carried:?}");
    for e in &into_ctor {
        assert_eq!(e["objects"].as_f64().unwrap(), N as f64, "{e}");
    }
    // neither escapes: the Transform constructor only reads the matrix (Algorithm 5)
    let reuse = listed(&r, "reuse_no_escape");
    assert!(
        reuse.contains(&matrix) && reuse.contains(&transform),
        "{reuse:?}"
    );
}

#[test]
fn euler_sub_temporaries_are_mostly_nath() {
    let r = case("Euler");
    let src = flow_source("Euler");
    let sub = format!("Euler.java:{}", site_line(&src, "sub"));
    let arg = format!("Euler.java:{}", site_line(&src, "arg"));
    let (_, p) = producer(&r, "Euler.java", site_line(&src, "sub"));
    assert_eq!(count(p, "objects"), N);
    assert_eq!(count(p, "heap_objects"), N / 10);
    assert_eq!(count(p, "heap_writes"), N / 10);
    assert_eq!(listed(&r, "mostly_nath"), vec![sub.clone()]);
    assert!(!listed(&r, "nath").contains(&sub));
    // the sub results escape through the return: not a reuse candidate of the never-escape kind
    assert!(!listed(&r, "reuse_no_escape").contains(&sub));
    // the argument objects never escape (Algorithm 5: sub only reads its parameter)
    let (_, a) = producer(&r, "Euler.java", site_line(&src, "arg"));
    assert_eq!(count(a, "objects"), N);
    assert_eq!(listed(&r, "reuse_no_escape"), vec![arg.clone()]);
    assert!(listed(&r, "nath").contains(&arg));
}

#[test]
fn mst_boxes_written_twice_as_often_as_read_are_write_read_imbalanced() {
    let r = case("Mst");
    let src = flow_source("Mst");
    let dist = format!("Mst.java:{}", site_line(&src, "dist"));
    let p = producer_of(&r, "Mst.java", site_line(&src, "dist"), "Mst$Dist");
    assert_eq!(count(p, "objects"), N);
    assert_eq!(count(p, "heap_objects"), N);
    assert_eq!(count(p, "heap_writes"), N);
    assert_eq!(count(p, "heap_reads"), N / 2);
    assert_eq!(count(p, "used_objects"), N / 2);
    assert_eq!(listed(&r, "wri_2"), vec![dist.clone()]);
    assert_eq!(
        listed(&r, "cost_benefit"),
        vec![dist.clone()],
        "cost 2 x the benefit"
    );
    assert!(!listed(&r, "wri_inf").contains(&dist));
    let nath: Vec<u64> = r["nath"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            r["producers"][i.as_u64().unwrap() as usize]["site"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert!(!nath.contains(&p["site"].as_u64().unwrap()));
    // where they are read back (a heap-to-stack reference assignment), counted in heap nodes
    let read = format!("Mst.java:{}", site_line(&src, "read"));
    assert_eq!(p["read_at"][0][0], read.as_str());
    assert_eq!(p["read_at"][0][1].as_u64(), Some(N / 2));
    assert_eq!(
        p["heap_nodes"].as_u64(),
        Some(2),
        "the map write and the read"
    );
    // the Integer keys boxed on the same line are hashed by HashMap.put
    let key = producer_of(&r, "Mst.java", site_line(&src, "dist"), "java.lang.Integer");
    assert_eq!(count(key, "objects"), N);
    assert_eq!(key["library_used"].as_u64(), Some(N));
}

#[test]
fn chart_events_are_never_used() {
    let r = case("Chart");
    let src = flow_source("Chart");
    let event = format!("Chart.java:{}", site_line(&src, "event"));
    let (_, p) = producer(&r, "Chart.java", site_line(&src, "event"));
    assert_eq!(p["ty"], "Chart$SeriesChangeEvent");
    assert_eq!(count(p, "objects"), N);
    assert_eq!(count(p, "used_objects"), 0);
    assert_eq!(listed(&r, "never_used"), vec![event.clone()]);
    assert!(listed(&r, "nath").contains(&event));
}

#[test]
fn context_option_splits_producers_by_receiver_site() {
    let dir = tempfile::tempdir().unwrap();
    let jar = flow_jar(dir.path(), "Chart");
    let out = dir.path().join("out");
    let r = profiled(&jar, &["--context", "4"], &out, &["100"]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let rep = report(&out);
    assert_eq!(rep["context"], 4);
    let line = site_line(&flow_source("Chart"), "event");
    let (_, p) = producer(&rep, "Chart.java", line);
    // every event is allocated in fire() on the one Chart object: one context class
    assert_eq!(count(p, "objects"), 100);
    assert!(p["context"].as_u64().unwrap() < 4);
}

#[test]
fn eight_threads_count_every_allocation_exactly() {
    // Threads runs 8 threads of N iterations each, allocating at two sites at once
    let r = case("Threads");
    let src = flow_source("Threads");
    for (site, ty) in [("item", "Threads$Item"), ("array", "int[]")] {
        let (_, p) = producer(&r, "Threads.java", site_line(&src, site));
        assert_eq!(p["ty"], ty);
        assert_eq!(count(p, "objects"), 8 * N, "{site}: {p}");
        assert_eq!(count(p, "used_objects"), 8 * N, "{site}: {p}");
    }
    let (_, p) = producer(&r, "Threads.java", site_line(&src, "item"));
    assert_eq!(count(p, "heap_objects"), 8 * N);
}

#[test]
fn a_collector_the_user_chose_is_kept() {
    // profiled runs add the parallel collector; a second choice would stop the JVM
    let line = site_line(&flow_source("LoopTemp"), "point");
    let points = |r: &serde_json::Value| count(producer(r, "LoopTemp.java", line).1, "objects");
    assert_eq!(
        points(&case_with("LoopTemp", &["--jvm-arg=-XX:+UseSerialGC"])),
        N
    );
    let dir = tempfile::tempdir().unwrap();
    let (jar, out) = (flow_jar(dir.path(), "LoopTemp"), dir.path().join("out"));
    let run = profiling(&jar, &[], &out, &["100"])
        .env("JAVA_TOOL_OPTIONS", "-XX:+UseG1GC")
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert_eq!(points(&report(&out)), 100);
}

#[test]
fn profiled_runs_use_the_parallel_collector_with_conditional_card_marks() {
    let dir = tempfile::tempdir().unwrap();
    let jar = flow_jar(dir.path(), "Collector");
    let run = |opts: &[&str], sub: &str| {
        let o = profiled(&jar, opts, &dir.path().join(sub), &[]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8_lossy(&o.stdout).into_owned()
    };
    // unconditional marks made threads storing into one shared object fight over its card
    assert_eq!(
        run(&[], "chosen").trim(),
        "PS MarkSweep;PS Scavenge; conditional card marks: true"
    );
    let serial = run(&["--jvm-arg=-XX:+UseSerialGC"], "user");
    assert!(serial.starts_with("Copy;MarkSweepCompact;"), "{serial}");
}

#[test]
fn sarif_points_at_the_never_used_site() {
    let dir = tempfile::tempdir().unwrap();
    let src = flow_source("Chart");
    let jar = flow_jar(dir.path(), "Chart");
    let out = dir.path().join("out");
    let r = profiled(&jar, &[], &out, &["2000"]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let text = std::fs::read_to_string(out.join("report.sarif")).unwrap();
    let log: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(log["version"], "2.1.0");
    let run = &log["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "decisionprof");
    let never: Vec<&serde_json::Value> = run["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["ruleId"] == "never-used")
        .collect();
    assert_eq!(never.len(), 1, "{text}");
    let loc = &never[0]["locations"][0]["physicalLocation"];
    assert_eq!(loc["artifactLocation"]["uri"], "Chart.java");
    assert_eq!(loc["region"]["startLine"], site_line(&src, "event"));
    assert!(never[0]["message"]["text"]
        .as_str()
        .unwrap()
        .contains("2000 objects"));
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    let idx = never[0]["ruleIndex"].as_u64().unwrap() as usize;
    assert_eq!(rules[idx]["id"], "never-used");
}

#[test]
fn calls_a_program_class_inherits_from_the_library_store_and_read_in_the_library() {
    // `items.add(item)` names the program's `Items`, but `ArrayList.add` stores the item
    let r = case("Inherited");
    let src = flow_source("Inherited");
    let item = producer(&r, "Inherited.java", site_line(&src, "item")).1;
    assert_eq!(count(item, "objects"), N);
    assert_eq!(count(item, "heap_writes"), N);
    assert_eq!(count(item, "heap_objects"), N);
    assert_eq!(count(item, "heap_reads"), N);
    // and the inherited calls use the list
    let list = producer(&r, "Inherited.java", site_line(&src, "list")).1;
    assert_eq!(count(list, "used_objects"), 1);
}

#[test]
fn objects_used_inside_the_jdk_are_not_called_never_used() {
    // keys hashed by HashMap, objects appended to a StringBuilder or concatenated: the JDK's
    // summaries show it uses them; one kept in a list is stored there (use unknown); the planted
    // `unused` and `checked` (only null-checked by the JDK) sites are never used
    let r = case("JdkUse");
    let src = flow_source("JdkUse");
    let at = |site: &str| format!("JdkUse.java:{}", site_line(&src, site));
    assert_eq!(
        listed(&r, "never_used"),
        vec![at("unused"), at("checked")],
        "a JDK null check is no use"
    );
    // the boxed map values are only stored by HashMap.put: their use is unknown
    assert_eq!(listed(&r, "unknown_use"), vec![at("value"), at("stored")]);
    let boxed = producer_of(
        &r,
        "JdkUse.java",
        site_line(&src, "value"),
        "java.lang.Integer",
    );
    assert_eq!(count(boxed, "used_objects"), 0);
    let mut lib = listed(&r, "library_use");
    lib.sort();
    let mut want = vec![at("map"), at("shown"), at("joined")];
    want.sort();
    assert_eq!(lib, want, "used inside the JDK, by its summaries");
    let strings = |p: &serde_json::Value, k: &str| -> Vec<String> {
        p[k].as_array()
            .map(|a| a.iter().map(|v| v.as_str().unwrap().to_string()).collect())
            .unwrap_or_default()
    };
    let (_, p) = producer(&r, "JdkUse.java", site_line(&src, "map"));
    assert_eq!(
        strings(p, "used_by"),
        vec!["java.util.Map.get", "java.util.Map.put"]
    );
    assert_eq!(p["library_used"].as_u64(), Some(N));
    let (_, p) = producer(&r, "JdkUse.java", site_line(&src, "shown"));
    assert_eq!(
        strings(p, "used_by"),
        vec!["java.lang.StringBuilder.append"]
    );
    let (_, p) = producer(&r, "JdkUse.java", site_line(&src, "stored"));
    assert_eq!(strings(p, "passed_to"), vec!["java.util.List.add"]);
    for site in ["append", "list"] {
        let (_, p) = producer(&r, "JdkUse.java", site_line(&src, site));
        assert_eq!(
            count(p, "used_objects"),
            N,
            "{site}: toString runs in our code"
        );
    }
}

#[test]
fn producers_are_ranked_by_estimated_bytes_and_thresholds_cut_the_lists() {
    let r = case("Sizes");
    let src = flow_source("Sizes");
    let at = |site: &str| format!("Sizes.java:{}", site_line(&src, site));
    let bytes = |site: &str| {
        let (_, p) = producer(&r, "Sizes.java", site_line(&src, site));
        (count(p, "objects"), count(p, "bytes"))
    };
    assert_eq!(bytes("block"), (N, N * 416), "int[100]: 16 + 400 bytes");
    assert_eq!(bytes("pair"), (N, N * 32), "12 + 2 x 8, aligned");
    assert_eq!(bytes("plain"), (4 * N, 4 * N * 16));
    assert_eq!(bytes("made"), (4 * N, 4 * N * 24), "long[1]: 16 + 8 bytes");
    assert_eq!(r["bytes"].as_u64(), Some(N * (416 + 96 + 64 + 32)));
    let order: Vec<String> = r["producers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["location"].as_str().unwrap().to_string())
        .collect();
    let by_bytes = vec![at("block"), at("made"), at("plain"), at("pair")];
    assert_eq!(order, by_bytes, "by bytes, not objects");
    let share = r["producers"][0]["share"].as_f64().unwrap();
    assert!((share - 416.0 / 608.0).abs() < 1e-9, "{share}");
    // allocation stacks: `made` is allocated three times as often from `often` as from `rarely`
    let (_, made) = producer(&r, "Sizes.java", site_line(&src, "made"));
    let stacks = made["stacks"].as_array().expect("sampled stacks");
    let frames = |k: usize| stacks[k][0].as_str().unwrap().to_string();
    let weight = |k: usize| stacks[k][1].as_u64().unwrap() as f64 / (4 * N) as f64;
    assert!(frames(0).starts_with("Sizes.often:"), "{stacks:?}");
    let main_line = format!(";Sizes.main:{}", site_line(&src, "callers"));
    assert!(frames(0).ends_with(&main_line), "{stacks:?}");
    assert!(frames(1).starts_with("Sizes.rarely:"), "{stacks:?}");
    assert!((0.6..0.9).contains(&weight(0)), "{stacks:?}");
    assert!((0.1..0.4).contains(&weight(1)), "{stacks:?}");
    // every site is NATH; --top 1 keeps the largest, --min-share 10 drops `pair` (5.3 %)
    assert_eq!(listed(&r, "nath").len(), 4);
    let top = case_with("Sizes", &["--top", "1"]);
    assert_eq!(listed(&top, "nath"), vec![at("block")]);
    let big = case_with("Sizes", &["--min-share", "10"]);
    assert_eq!(listed(&big, "nath"), by_bytes[..3].to_vec());
    let none = case_with("Sizes", &["--stack-depth", "0"]);
    assert!(none["producers"][1]["stacks"].is_null());
}

#[test]
fn boxing_sites_count_new_boxes_only() {
    let r = case("Boxing");
    let src = flow_source("Boxing");
    let (_, boxed) = producer(&r, "Boxing.java", site_line(&src, "boxed"));
    assert_eq!(boxed["ty"], "java.lang.Integer");
    assert_eq!(count(boxed, "objects"), N);
    assert_eq!(count(boxed, "bytes"), N * 16);
    assert_eq!(
        count(boxed, "used_objects"),
        N,
        "unboxed when the list is read"
    );
    assert_eq!(count(boxed, "heap_objects"), N, "stored into the list");
    let (_, wide) = producer(&r, "Boxing.java", site_line(&src, "wide"));
    assert_eq!(count(wide, "objects"), N);
    assert_eq!(count(wide, "bytes"), N * 24);
    let wide_at = format!("Boxing.java:{}", site_line(&src, "wide"));
    assert!(listed(&r, "never_used").contains(&wide_at));
    // values 0..99 are cached boxes: each counts once, when the site first hands it out
    let (_, cached) = producer(&r, "Boxing.java", site_line(&src, "cached"));
    assert_eq!(count(cached, "objects"), 100);
}

#[test]
fn contexts_split_producers_with_their_own_flows() {
    let r = case_with("Contexts", &["--context", "64"]);
    let src = flow_source("Contexts");
    let line = site_line(&src, "tmp");
    let at = format!("Contexts.java:{line}");
    let mut tmp: Vec<&serde_json::Value> = r["producers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["location"] == at.as_str())
        .collect();
    tmp.sort_by_key(|p| count(p, "objects"));
    assert_eq!(tmp.len(), 2, "one producer per receiver: {tmp:?}");
    let (kept, dropped) = (tmp[0], tmp[1]);
    assert_eq!(count(kept, "objects"), N);
    assert_eq!(count(dropped, "objects"), 2 * N);
    assert_eq!(count(kept, "heap_objects"), N);
    assert_eq!(count(dropped, "heap_objects"), 0);
    // the heap write `last = tmp` is on the keeping producer's paths only, and the last one is
    // read back once
    assert_eq!(kept["heap_nodes"].as_u64(), Some(2));
    let read = format!("Contexts.java:{}", site_line(&src, "read"));
    assert_eq!(kept["read_at"][0][0], read.as_str());
    assert_eq!(dropped["heap_nodes"].as_u64(), Some(0));
    let nath: Vec<u64> = r["nath"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i.as_u64().unwrap())
        .collect();
    let index = |p: &serde_json::Value| {
        r["producers"]
            .as_array()
            .unwrap()
            .iter()
            .position(|q| q == p)
            .unwrap() as u64
    };
    assert!(nath.contains(&index(dropped)) && !nath.contains(&index(kept)));
}

#[test]
fn returned_objects_escape_only_where_their_callers_let_them() {
    let r = case("Factory");
    let src = flow_source("Factory");
    let at = |site: &str| format!("Factory.java:{}", site_line(&src, site));
    let (_, made) = producer(&r, "Factory.java", site_line(&src, "made"));
    assert_eq!(count(made, "objects"), N);
    assert_eq!(
        made["escaping"].as_u64(),
        Some(0),
        "the caller only reads them"
    );
    let (_, kept) = producer(&r, "Factory.java", site_line(&src, "kept"));
    assert_eq!(
        kept["escaping"].as_u64(),
        Some(N),
        "the caller may store them"
    );
    assert_eq!(listed(&r, "reuse_no_escape"), vec![at("made")]);
}

#[test]
fn objects_the_probes_do_not_see_reach_the_jdk_are_judged_by_what_it_does() {
    let r = case("Handoff");
    let src = flow_source("Handoff");
    let at = |site: &str| format!("Handoff.java:{}", site_line(&src, site));
    // use unknown, with `callee` among the places the site's objects went
    let unknown_via = |site: &str, callee: &str| {
        let (i, _) = producer(&r, "Handoff.java", site_line(&src, site));
        assert!(listed(&r, "unknown_use").contains(&at(site)), "{site}");
        let why = r["producers"][i]["passed_to"].as_array().unwrap();
        assert!(why.iter().any(|c| c == callee), "{site}: {why:?}");
    };
    // returned from inside a try block: a return node, handed by the caller to Field.set
    let (_, boxed) = producer(&r, "Handoff.java", site_line(&src, "boxed"));
    assert_eq!(boxed["call_return_nodes"].as_u64(), Some(1), "{boxed:#}");
    assert_eq!(count(boxed, "heap_writes"), 0, "Field.set is no collection");
    unknown_via("boxed", "java.lang.reflect.Field.set");
    // stored by a call written over two lines: not a reuse candidate, a heap-write node
    let (_, stored) = producer(&r, "Handoff.java", site_line(&src, "stored"));
    assert_eq!(stored["escaping"].as_u64(), Some(N), "{stored:#}");
    assert!(!listed(&r, "reuse_no_escape").contains(&at("stored")));
    // returned to a caller that appends it (StringBuilder.append calls its toString): which
    // objects a caller's call got is not profiled, so that call is where they may be used
    unknown_via("tag", "java.lang.StringBuilder.append");
    // passed to a method of ours that hands it to Array.getLength (a length read in the JDK)
    unknown_via("sized", "java.lang.reflect.Array.getLength");
    // stored by ArrayList.add through a class of ours that inherits it (not by Sink.add)
    unknown_via("bagged", "Handoff$Bag.add");
    // the planted one stays never used
    assert_eq!(listed(&r, "never_used"), vec![at("dropped")]);
}

#[test]
fn objects_their_constructors_store_are_heap_objects_before_their_tag() {
    let r = case("Registered");
    let src = flow_source("Registered");
    let at = |site: &str| format!("Registered.java:{}", site_line(&src, site));
    for site in ["listener", "node"] {
        let (_, p) = producer(&r, "Registered.java", site_line(&src, site));
        assert_eq!(count(p, "objects"), N, "{site}");
        assert_eq!(count(p, "heap_objects"), N, "{site}: {p:#}");
        assert!(count(p, "heap_writes") >= N, "{site}");
        assert!(!listed(&r, "nath").contains(&at(site)), "{site}");
        assert!(!listed(&r, "reuse_no_escape").contains(&at(site)), "{site}");
    }
    // the nodes are used: each next constructor writes the field of the one before
    let (_, node) = producer(&r, "Registered.java", site_line(&src, "node"));
    assert_eq!(count(node, "used_objects"), N);
    // the temporary never reaches the heap, and stays the reuse candidate
    let (_, temp) = producer(&r, "Registered.java", site_line(&src, "temp"));
    assert_eq!(count(temp, "heap_objects"), 0);
    assert!(listed(&r, "nath").contains(&at("temp")));
    assert_eq!(listed(&r, "reuse_no_escape"), vec![at("temp")]);
}

#[test]
fn uses_and_stores_in_static_helpers_locks_early_stores_and_library_wrappers_count() {
    let r = case("Quiet");
    let src = flow_source("Quiet");
    let at = |site: &str| format!("Quiet.java:{}", site_line(&src, site));
    let site = |name: &str| producer(&r, "Quiet.java", site_line(&src, name)).1;
    let kept_by = |p: &serde_json::Value, keeper: &str| {
        p["kept_by"]
            .as_array()
            .is_some_and(|v| v.iter().any(|c| c == keeper))
    };
    // a call on the first parameter of a static method is a use of the caller's objects
    assert_eq!(count(site("counted"), "used_objects"), N);
    // so is a lock taken on an object
    assert_eq!(count(site("lock"), "used_objects"), N);
    assert!(!listed(&r, "never_used").contains(&at("lock")));
    // the outer instance is stored into each inner object before the inner's super() call
    let outer = site("outer");
    assert_eq!(count(outer, "heap_objects"), N, "{outer:#}");
    assert!(!listed(&r, "nath").contains(&at("outer")));
    assert!(!listed(&r, "reuse_no_escape").contains(&at("outer")));
    // the JDK keeps the list in the wrapper it returns: by its summary, no NATH site and no
    // reuse candidate
    let wrapped = site("wrapped");
    assert_eq!(count(wrapped, "heap_objects"), 0);
    assert!(
        kept_by(wrapped, "java.util.Collections.unmodifiableList"),
        "{wrapped:#}"
    );
    assert!(!listed(&r, "nath").contains(&at("wrapped")));
    assert!(!listed(&r, "reuse_no_escape").contains(&at("wrapped")));
    // arrays of arrays are named as source code names them
    assert_eq!(site("grid")["ty"], "int[][]");
    assert_eq!(site("rows")["ty"], "java.lang.Object[][]");
    // the list only counted, and the lock, never reach the heap
    assert!(listed(&r, "nath").contains(&at("counted")));
    assert!(listed(&r, "nath").contains(&at("lock")));
    // a returned object the caller hands to a method of ours that hands it to the library, an
    // object passed through requireNonNull (where its result goes is not followed), a reader a
    // BufferedReader keeps: the library may keep them, so no NATH site and no reuse candidate
    for (name, keeper) in [
        ("made", "java.util.Collections.singletonList"),
        ("nonnull", "java.util.Objects.requireNonNull"),
        ("source", "java.io.BufferedReader.<init>"),
    ] {
        let p = site(name);
        assert!(kept_by(p, keeper), "{name}: {p:#}");
        assert!(!listed(&r, "nath").contains(&at(name)), "{name}");
        assert!(!listed(&r, "reuse_no_escape").contains(&at(name)), "{name}");
        assert!(
            !listed(&r, "reuse_producer_only").contains(&at(name)),
            "{name}"
        );
    }
    assert!(
        count(site("source"), "objects") >= 10_000,
        "enough for a reuse candidate"
    );
    // System.arraycopy reads the array and keeps it nowhere
    let copied = site("copied");
    assert_eq!(
        copied["used_by"][0], "java.lang.System.arraycopy",
        "{copied:#}"
    );
    assert!(listed(&r, "nath").contains(&at("copied")));
}

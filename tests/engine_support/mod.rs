//! Helpers shared by the engine integration tests: corpus paths, runs in Boa and under node.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

use jsproject::workload::Workload;
use jsproject::{ProfileOptions, RunOutcome};

/// The repository root.
pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A corpus project, e.g. `engine/undo`.
pub fn corpus(name: &str) -> PathBuf {
    repo().join("corpus").join(name)
}

/// Runs the decisionprof binary with `args` in `dir`.
pub fn decisionprof(args: &[&str], dir: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run decisionprof")
}

/// Output bytes as text.
pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Copies the directory `from` to `to`, recursively.
pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for e in std::fs::read_dir(from).expect("read dir").flatten() {
        let target = to.join(e.file_name());
        if e.path().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), &target).expect("copy");
        }
    }
}

/// A short `decisionprof suggest --format json` in `root` (2 VMs, 1 warm-up, 3 measured, no
/// confirmation round): the report, or a panic with stderr when it does not exit 0.
pub fn quick_suggest(root: &Path) -> serde_json::Value {
    quick_suggest_with(root, &[])
}

/// [`quick_suggest`] with more arguments.
pub fn quick_suggest_with(root: &Path, extra: &[&str]) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_decisionprof"))
        .args([
            "suggest", ".", "--format", "json", "--vms", "2", "--warmup", "1",
        ])
        .args(["--measure", "3", "--no-confirm"])
        .args(extra)
        .current_dir(root)
        .output()
        .expect("run decisionprof");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    serde_json::from_slice(&out.stdout).expect("JSON report")
}

/// The candidate of a suggest report (suggested or rejected) whose diff contains every needle;
/// it must have been validated under node (suggested, or valid but not faster).
pub fn validated_candidate<'a>(
    report: &'a serde_json::Value,
    needles: &[&str],
) -> &'a serde_json::Value {
    let found = report["suggestions"]
        .as_array()
        .into_iter()
        .chain(report["rejected"].as_array())
        .flatten()
        .find(|c| {
            c["diff"]
                .as_str()
                .is_some_and(|d| needles.iter().all(|n| d.contains(n)))
        })
        .unwrap_or_else(|| panic!("no candidate with {needles:?}: {report}"));
    let status = found["status"].as_str().unwrap_or_default();
    assert!(status == "suggested" || status == "not_faster", "{found}");
    found
}

/// Applies a candidate's diff with `git apply` in `root` (made a fresh repository).
pub fn git_apply(root: &Path, candidate: &serde_json::Value) {
    std::fs::write(
        root.join("s.diff"),
        candidate["diff"].as_str().expect("diff"),
    )
    .expect("write");
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .current_dir(root)
            .output()
            .expect("git")
    };
    assert!(git(&["init", "-q"]).status.success());
    let applied = git(&["apply", "s.diff"]);
    assert!(
        applied.status.success(),
        "{}",
        String::from_utf8_lossy(&applied.stderr)
    );
}

/// `decisionprof profile .` in `root` must exit with `code`, print `summary` (e.g. `1 passed, 2
/// failed`) and every one of `needles` on stdout.
pub fn profile_prints(root: &Path, code: i32, summary: &str, needles: &[&str]) {
    let out = decisionprof(&["profile", "."], root);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(code), "{stdout}{stderr}");
    assert!(stdout.contains(summary), "{summary} in {stdout}");
    for at in needles {
        assert!(stdout.contains(at), "{at} in {stdout}");
    }
}

/// Profiles `root` in Boa and under node: each run prints every one of `needles`.
pub fn prints_in_both_engines(root: &Path, needles: &[&str]) {
    for engine in ["boa", "node"] {
        let out = decisionprof(&["profile", ".", "--engine", engine], root);
        let stdout = text(&out.stdout);
        for needle in needles {
            assert!(
                stdout.contains(needle),
                "{}, --engine {engine}: {needle} in {stdout}{}",
                root.display(),
                text(&out.stderr)
            );
        }
    }
}

/// Why `decisionprof workload` took what it found at `root` (its JSON `reasons`, as text).
pub fn workload_reasons(root: &Path) -> String {
    let out = decisionprof(&["workload", "--json", "."], root);
    let found: serde_json::Value = serde_json::from_slice(&out.stdout).expect("workload JSON");
    found["reasons"].to_string()
}

/// The JSON profile of `root` run with `--engine engine` (written into `tmp`).
pub fn profile_json(root: &Path, engine: &str, tmp: &Path) -> serde_json::Value {
    let json = tmp.join(format!("{engine}.json"));
    let json_arg = json.to_string_lossy().into_owned();
    decisionprof(
        &["profile", ".", "--engine", engine, "--json", &json_arg],
        root,
    );
    serde_json::from_str(&std::fs::read_to_string(&json).expect("profile")).expect("json")
}

/// Profiles `root` in both engines, profiled and plain: each run exits 0 and prints `summary`,
/// the profiled ones `decision` too; the stderr of each run, for notes.
pub fn profile_four_ways(root: &Path, summary: &str, decision: &str) -> Vec<String> {
    let mut stderrs = Vec::new();
    for args in [
        &["profile", "."][..],
        &["profile", ".", "--plain"],
        &["profile", ".", "--engine", "node"],
        &["profile", ".", "--engine", "node", "--plain"],
    ] {
        let out = decisionprof(args, root);
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stdout}{stderr}");
        assert!(stdout.contains(summary), "{args:?}: {stdout}{stderr}");
        if !args.contains(&"--plain") {
            assert!(stdout.contains(decision), "{args:?}: {stdout}");
        }
        stderrs.push(stderr);
    }
    stderrs
}

/// Every project (folder with a package.json) directly under `corpus/<group>`.
pub fn projects(group: &str) -> Vec<PathBuf> {
    let dir = repo().join("corpus").join(group);
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.join("package.json").is_file())
        .collect();
    out.sort();
    out
}

/// A project around one program file in `tmp`: the file as `prog.js`, the workload.
pub fn project_of(file: &Path, tmp: &Path) -> PathBuf {
    let root = tmp.join(file.file_stem().expect("file name"));
    std::fs::create_dir_all(&root).expect("mkdir");
    std::fs::copy(file, root.join("prog.js")).expect("copy program");
    std::fs::write(
        root.join("package.json"),
        r#"{ "private": true, "decisionprof": { "workload": ["prog.js"] } }"#,
    )
    .expect("write package.json");
    root
}

/// Runs a project in Boa (instrumented or plain).
pub fn boa(root: &Path, instrument: bool) -> RunOutcome {
    let opts = ProfileOptions {
        instrument,
        ..ProfileOptions::default()
    };
    engines::run(engines::Engine::Boa, &workload(root), &opts)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
}

/// Runs a project under node with the `--engine node` runtime, instrumented.
pub fn node_profiled(root: &Path) -> RunOutcome {
    engines::run(
        engines::Engine::Node,
        &workload(root),
        &ProfileOptions::default(),
    )
    .unwrap_or_else(|e| panic!("{}: --engine node: {e}", root.display()))
}

/// The project's own workload.
pub fn workload(root: &Path) -> Workload {
    Workload::of(root).unwrap_or_else(|e| panic!("{}: workload: {e}", root.display()))
}

/// Runs a project's workload under node with the shared harness and the environment its test
/// script sets: (stdout, [(name, passed)]).
pub fn node(root: &Path) -> (String, Vec<(String, bool)>) {
    let w = workload(root);
    let (root, files) = (&w.root, &w.files);
    let runner = repo().join("jsproject/js/node_runner.js");
    // the harness as the engine ships it: its folder of modules, `index.js` assembling them
    let dir = tempfile::tempdir().expect("temp dir");
    let harness =
        jsproject::harness::write_harness(&dir.path().join("harness")).expect("write the harness");
    let out = Command::new("node")
        .arg(&runner)
        .arg(&harness)
        .arg(root)
        .args(w.node_runner_args())
        .args(files)
        .envs(w.environment())
        .current_dir(root)
        .output()
        .expect("node must be installed (Debian: apt-get install nodejs)");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let line = stderr
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("__DP_RESULTS__ "))
        .unwrap_or_else(|| {
            panic!(
                "{}: node runner printed no results:\n{stderr}",
                root.display()
            )
        });
    let json: serde_json::Value = serde_json::from_str(line).expect("results JSON");
    let results = json
        .as_array()
        .expect("results array")
        .iter()
        .map(|t| {
            (
                t["name"].as_str().unwrap_or_default().to_string(),
                t["passed"].as_bool().unwrap_or(false),
            )
        })
        .collect();
    (stdout, results)
}

/// Test names and results of a Boa run, without the load phases kept for their data.
pub fn results(outcome: &RunOutcome) -> Vec<(String, bool)> {
    outcome
        .profile
        .tests
        .iter()
        .filter(|t| !(t.passed && t.name.ends_with(" (load)")))
        .map(|t| (t.name.clone(), t.passed))
        .collect()
}

/// One project run four ways: plain and profiled, in Boa and under node.
pub struct Runs {
    /// Plain in Boa.
    pub plain_boa: RunOutcome,
    /// Profiled in Boa.
    pub profiled_boa: RunOutcome,
    /// Plain under node with the shared harness: (stdout, results).
    pub plain_node: (String, Vec<(String, bool)>),
    /// Profiled under node (`--engine node`).
    pub profiled_node: RunOutcome,
}

/// Runs `root` the four ways, each once.
pub fn run_four_ways(root: &Path) -> Runs {
    Runs {
        plain_boa: boa(root, false),
        profiled_boa: boa(root, true),
        plain_node: node(root),
        profiled_node: node_profiled(root),
    }
}

/// Checks one project: same output and test results profiled in Boa, plain in Boa and under node.
pub fn check_transparency(root: &Path) -> Result<(), String> {
    transparency(root, &run_four_ways(root))
}

/// What differs in output or test results between the four runs of `root`.
pub fn transparency(root: &Path, runs: &Runs) -> Result<(), String> {
    let name = root.display().to_string();
    let (plain, profiled, node_profile) =
        (&runs.plain_boa, &runs.profiled_boa, &runs.profiled_node);
    let (node_out, node_results) = (&runs.plain_node.0, &runs.plain_node.1);
    let mut problems = Vec::new();
    if &node_profile.stdout != node_out {
        problems.push(format!(
            "{name}: output differs, profiled under node (--engine node) vs plain node:\n--- profiled\n{}\n--- plain\n{}",
            node_profile.stdout, node_out
        ));
    }
    let rn = results(node_profile);
    if &rn != node_results {
        problems.push(format!(
            "{name}: results differ, profiled under node vs plain node:\n{rn:?}\n{node_results:?}"
        ));
    }
    if profiled.stdout != plain.stdout {
        problems.push(format!(
            "{name}: output differs, profiled vs plain Boa:\n--- profiled\n{}\n--- plain\n{}",
            profiled.stdout, plain.stdout
        ));
    }
    if &plain.stdout != node_out {
        problems.push(format!(
            "{name}: output differs, plain Boa vs node:\n--- boa\n{}\n--- node\n{}",
            plain.stdout, node_out
        ));
    }
    let (rp, rb) = (results(profiled), results(plain));
    if rp != rb {
        problems.push(format!(
            "{name}: results differ, profiled vs plain Boa:\n{rp:?}\n{rb:?}"
        ));
    }
    if &rb != node_results {
        problems.push(format!(
            "{name}: results differ, plain Boa vs node:\n{rb:?}\n{node_results:?}"
        ));
    }
    if rb.is_empty() {
        problems.push(format!("{name}: no tests ran"));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

/// Decisions whose profiles may differ between the engines, and why.
const ALLOWED: &[(&str, &str)] = &[
    (
        "lib/store.js@758-812",
        "the program writes under an mkdtemp folder, whose name the exclusion reason shows, random under node",
    ),
    (
        "bench.js@1404-1441",
        "the script polls with setTimeout until its work is done: how often depends on timing",
    ),
    (
        "lib/effects.js@2079-2104",
        "Array.prototype.sort calls its comparator as often as the engine's sort algorithm needs",
    ),
];

/// Projects whose profiles may differ anywhere, and why (not the runtimes: the Node library
/// the Boa host implements differs from node's own).
const ALLOWED_PROJECTS: &[(&str, &str)] = &[
    ("semver", "sorts with a comparator: the engine's sort algorithm decides how often it runs"),
    ("underscore", "sorts with a comparator: the engine's sort algorithm decides how often it runs"),
    ("lodash", "sortBy with a comparator: the engine's sort algorithm decides how often it runs"),
    ("events_once", "node's once-listeners keep their state in a bound closure: emitting to one while speculating is refused under node (Boa undoes it)"),
    ("sort_comparator", "Array.prototype.sort calls its comparator as often as the engine's sort algorithm needs"),
    ("is-callable", "Boa's stand-in for node's library: one more callable seen under node"),
    ("object-inspect", "Boa's util.inspect has no custom-inspect symbol of node's"),
    ("through", "timing: how often a paused stream is polled varies from run to run in Boa too"),
    ("traverse", "an EventEmitter's own properties differ between node and the Boa host"),
    ("uuid", "v1 ids depend on the clock"),
];

/// Whether the profiles of `root` may differ anywhere (said on stderr with the reason).
fn allowed(root: &Path) -> bool {
    let found = ALLOWED_PROJECTS
        .iter()
        .find(|(p, _)| root.ends_with(p) || root.ends_with(format!("{p}/package")));
    if let Some((_, why)) = found {
        eprintln!("{}: differences allowed: {why}", root.display());
    }
    found.is_some()
}

/// The differences between the engines' profiles of `root` that no allowance covers (both
/// engines run it here).
pub fn unexplained(root: &Path) -> Vec<String> {
    if allowed(root) {
        return Vec::new();
    }
    let (b, n) = (boa(root, true), node_profiled(root));
    unexplained_between(root, &b, &n)
}

/// The differences between the Boa profile `b` and the node profile `n` of `root` that no
/// allowance covers.
pub fn unexplained_between(root: &Path, b: &RunOutcome, n: &RunOutcome) -> Vec<String> {
    if allowed(root) {
        return Vec::new();
    }
    let name = root.display().to_string();
    assert!(
        !b.profile.tests.is_empty() && b.profile.tests.len() == n.profile.tests.len(),
        "{name}: {} tests in Boa, {} under node",
        b.profile.tests.len(),
        n.profile.tests.len()
    );
    jsproject::compare::differences(&b.profile, &n.profile, ("boa", "node"))
        .into_iter()
        .filter(|d| !ALLOWED.iter().any(|(id, _)| d.starts_with(id)))
        .map(|d| format!("{name}: {d}"))
        .collect()
}

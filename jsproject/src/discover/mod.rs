//! Finding a project's tests the way the project runs them: `--workload`, else `package.json`
//! `decisionprof.workload`, else `scripts.test` read through its wrappers and `npm run` chains
//! with the runner's own configuration and defaults, else the one test runner among the
//! dependencies with its configuration and defaults, else the conventional test folder.

mod aliases;
pub mod benchmarks;
pub mod environment;
mod extglob;
mod modules;
mod runners;
pub mod script;
pub mod timeouts;
mod vitest;

use std::collections::BTreeMap;
use std::path::Path;

use serde::Serialize;
use serde_json::Value;

pub use modules::module_system;
pub use runners::Runner;

use crate::EngineError;

/// What was found and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Discovery {
    /// The runner the project uses.
    pub runner: Runner,
    /// Test globs relative to the root, in load order.
    pub patterns: Vec<String>,
    /// Files loaded before the tests (`--require`, setup files), relative to the root.
    pub setup: Vec<String>,
    /// One line per fact used, in order.
    pub reasons: Vec<String>,
    /// What was named but is not used (modules loaded by the runner only, other runners).
    pub notes: Vec<String>,
    /// The environment the runner's tests see beyond the user's: the script's assignments
    /// (`NODE_ENV=test mocha`) and what the runner sets itself (jest's `NODE_ENV=test`).
    pub env: Vec<(String, String)>,
    /// The runner's test environment when it is not node's (`jsdom`); every run says what its
    /// engine makes of it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub environment: Option<environment::TestEnvironment>,
    /// Whether each test file gets the project's modules afresh, as jest and vitest (unless
    /// `isolate: false`) give them: its own instance of every module the setup files did not load.
    pub isolated: bool,
}

impl Discovery {
    /// The globs a run loads: the setup files first, then the tests.
    pub fn globs(&self) -> Vec<String> {
        self.setup.iter().chain(&self.patterns).cloned().collect()
    }
}

/// The benchmarks the project at `root` ships (none when its `package.json` does not parse).
pub fn benchmarks(root: &Path) -> Vec<benchmarks::Benchmark> {
    benchmarks::benchmarks(root, &package_json(root).unwrap_or(Value::Null))
}

/// The project's `package.json`, `Value::Null` when there is none.
fn package_json(root: &Path) -> Result<Value, EngineError> {
    let pkg = root.join("package.json");
    if !pkg.is_file() {
        return Ok(Value::Null);
    }
    let text = std::fs::read_to_string(&pkg).map_err(|e| EngineError::Io {
        path: pkg.clone(),
        source: e,
    })?;
    serde_json::from_str(&text).map_err(|e| {
        EngineError::Input(format!(
            "{}:{}:{}: {}",
            pkg.display(),
            e.line(),
            e.column(),
            e
        ))
    })
}

/// `decisionprof.workload` as a list; an entry that is not a string is an error.
fn declared(pkg: &Value, root: &Path) -> Result<Option<Vec<String>>, EngineError> {
    let Some(w) = pkg.get("decisionprof").and_then(|d| d.get("workload")) else {
        return Ok(None);
    };
    let bad = || {
        EngineError::Input(format!(
            "{}: decisionprof.workload must be a glob or a list of globs (strings)",
            root.join("package.json").display()
        ))
    };
    let list = match w {
        Value::String(s) => vec![s.clone()],
        Value::Array(a) => a
            .iter()
            .map(|v| v.as_str().map(str::to_string).ok_or_else(bad))
            .collect::<Result<_, _>>()?,
        _ => return Err(bad()),
    };
    Ok((!list.is_empty()).then_some(list))
}

fn given(patterns: Vec<String>, why: String) -> Discovery {
    Discovery {
        runner: Runner::Given,
        patterns,
        setup: Vec::new(),
        reasons: vec![why],
        notes: Vec::new(),
        env: Vec::new(),
        environment: None,
        isolated: false,
    }
}

/// Whether `runner` gives each test file its own modules (see [`Discovery::isolated`]); says so
/// among the reasons.
fn isolation(runner: Runner, shared_modules: bool, reasons: &mut Vec<String>) -> bool {
    if runner.process_per_file() {
        reasons.push(format!(
            "{}: each test file runs in a process of its own, so in modules of its own",
            runners::runner_name(runner)
        ));
        return true;
    }
    let isolating = matches!(runner, Runner::Jest | Runner::Vitest);
    if isolating && !shared_modules {
        reasons.push(format!(
            "{}: each test file runs the setup files, then itself, in modules of its own",
            runners::runner_name(runner)
        ));
    } else if isolating {
        reasons.push(
            "vitest `isolate: false`: the test files share the project's modules".to_string(),
        );
    }
    isolating && !shared_modules
}

/// What a runner sets in its tests' environment: `(name, value, only when not set already)`.
fn runner_env(runner: Runner, args: &[String]) -> Vec<(&'static str, &'static str, bool)> {
    match runner {
        // jest numbers its workers from 1, also when it runs in band
        Runner::Jest => vec![("NODE_ENV", "test", true), ("JEST_WORKER_ID", "1", false)],
        Runner::Vitest => vec![
            ("NODE_ENV", "test", true),
            ("TEST", "true", false),
            ("VITEST", "true", false),
        ],
        // uvu colours its output unless told not to, through the environment
        Runner::Uvu
            if !args
                .iter()
                .any(|a| a == "--no-color" || a == "--color=false") =>
        {
            vec![("FORCE_COLOR", "1", false)]
        }
        _ => Vec::new(),
    }
}

/// The environment the tests see beyond the user's (the script's assignments, then the runner's
/// own), with a reason line for each.
fn test_env(
    runner: Runner,
    program: &str,
    script_env: &[(String, String)],
    args: &[String],
    reasons: &mut Vec<String>,
) -> Vec<(String, String)> {
    let mut env: Vec<(String, String)> = script_env.to_vec();
    for (k, v) in script_env {
        reasons.push(format!("environment: {k}={v}, set in scripts.test"));
    }
    for (k, v, unless_set) in runner_env(runner, args) {
        let set = env.iter().any(|(n, _)| n == k) || std::env::var_os(k).is_some();
        if unless_set && set {
            continue;
        }
        env.retain(|(n, _)| n != k);
        env.push((k.to_string(), v.to_string()));
        reasons.push(format!("environment: {k}={v}, as {program} sets it"));
    }
    env
}

/// The name of the variable that carries vite's `define` to the harness, which applies and
/// removes it (`js/harness/core.js` `defineConstants`).
pub const DEFINE_VAR: &str = "DECISIONPROF_DEFINE";

/// The name of the variable that carries jest's `roots` to the harness (see `pass_mock_roots`).
pub const MOCK_ROOTS_VAR: &str = "DECISIONPROF_MOCK_ROOTS";

/// vite's `define` entries, as JSON in [`DEFINE_VAR`] of the tests' environment: every engine and
/// the node gate get that environment, and the harness applies it before any test file loads.
/// The runner's extra export conditions as node takes them, `--conditions` in `NODE_OPTIONS`
/// (after the user's own options), which the node engine and the gate pass on and the embedded
/// engine's resolver reads.
fn pass_conditions(
    conditions: &[String],
    env: &mut Vec<(String, String)>,
    reasons: &mut Vec<String>,
) {
    if conditions.is_empty() {
        return;
    }
    let mut options = std::env::var("NODE_OPTIONS").unwrap_or_default();
    for c in conditions {
        options = format!("{options} --conditions={c}")
            .trim_start()
            .to_string();
    }
    reasons.push(format!(
        "export conditions {} (vite's resolve.conditions), as NODE_OPTIONS={options}",
        conditions.join(", ")
    ));
    env.push(("NODE_OPTIONS".to_string(), options));
}

/// jest's `roots` as the tests' environment carries them to the harness (module_mocks.js
/// `mockDirs`): a JSON list of folders from the project.
fn pass_mock_roots(roots: &[String], env: &mut Vec<(String, String)>) {
    if !roots.is_empty() {
        let json = serde_json::to_string(roots).unwrap_or_default();
        env.push((MOCK_ROOTS_VAR.to_string(), json));
    }
}

fn pass_defines(defines: &[(String, String)], env: &mut Vec<(String, String)>) {
    if !defines.is_empty() {
        let json = serde_json::to_string(defines).unwrap_or_default();
        env.push((DEFINE_VAR.to_string(), json));
    }
}

/// A runner command of `scripts.test` with its plan (see [`command_plan`]).
struct Planned {
    /// The command as written (a TypeScript runner's `tsx` read as `node`).
    c: script::Command,
    runner: Runner,
    /// Its arguments as the runner takes them (`node --test`'s flag and a wrapper's `test` gone).
    cmd: script::Command,
    /// jest run through a wrapper (`kcd-scripts test`).
    wrapped: bool,
    plan: runners::Plan,
}

/// The runner and plan of command `c` of `scripts.test`; `None` when it runs no test runner
/// we know (said in `notes`) or names no test files.
fn command_plan(
    root: &Path,
    c: &script::Command,
    pkg: &Value,
    notes: &mut Vec<String>,
) -> Option<Planned> {
    let (c, typescript) = node_like(c);
    let runner = match (c.program.as_str(), c.args.first().map(String::as_str)) {
        ("node", Some("--test")) => Runner::NodeTest,
        (p, Some("test")) if JEST_WRAPPERS.contains(&p) => Runner::Jest,
        (p, _) => match Runner::of_program(p) {
            Some(r) => r,
            None => {
                notes.push(format!(
                    "scripts.test runs `{}`, not a test runner we know",
                    c.program
                ));
                return None;
            }
        },
    };
    let mut cmd = c.clone();
    let wrapped = runner == Runner::Jest && JEST_WRAPPERS.contains(&c.program.as_str());
    if runner == Runner::NodeTest || wrapped {
        cmd.args.remove(0);
    }
    let mut plan = runners::plan_command(root, runner, &cmd, pkg);
    if plan.patterns.is_empty() {
        return None;
    }
    if typescript && runner == Runner::NodeTest {
        // tsx and ts-node run `node --test` on TypeScript test files too
        for p in &mut plan.patterns {
            *p = p.replace("{js,cjs,mjs}", "{js,cjs,mjs,ts,mts,cts}");
        }
    }
    Some(Planned {
        c,
        runner,
        cmd,
        wrapped,
        plan,
    })
}

/// `tsx`/`ts-node` as the `node` they stand for, and `node` without the options before its script
/// or `--test` (`--import tsx`, `-r ts-node/register`, `--no-warnings`, …); whether a TypeScript
/// loader was named.
fn node_like(c: &script::Command) -> (script::Command, bool) {
    let mut c = c.clone();
    let mut typescript = false;
    if matches!(c.program.as_str(), "tsx" | "ts-node" | "ts-node-esm") {
        c.program = "node".into();
        typescript = true;
    }
    if c.program != "node" {
        return (c, typescript);
    }
    let with_value = [
        "--import",
        "--loader",
        "--experimental-loader",
        "--require",
        "-r",
    ];
    while let Some(a) = c.args.first().cloned() {
        if a == "--test" || !a.starts_with('-') {
            break;
        }
        c.args.remove(0);
        let (opt, inline) = a.split_once('=').unwrap_or((a.as_str(), ""));
        let value = match with_value.contains(&opt) && inline.is_empty() && !c.args.is_empty() {
            true => c.args.remove(0),
            false => inline.to_string(),
        };
        typescript |= value.starts_with("tsx") || value.starts_with("ts-node");
    }
    if let Some(runner) = c.args.first().and_then(|a| runner_bin(a)) {
        // `node --stack-size=… ./node_modules/.bin/jest`: the runner, under node's options
        c.program = runner;
        c.args.remove(0);
    }
    (c, typescript)
}

/// The runner an installed runner's executable is (`node_modules/.bin/jest`,
/// `node_modules/mocha/bin/mocha.js`), for `node` running it directly.
fn runner_bin(path: &str) -> Option<String> {
    let rel = path.trim_start_matches("./");
    let name = match rel.strip_prefix("node_modules/")?.split_once('/')? {
        (".bin", bin) => bin,
        (package, rest) if rest.starts_with("bin/") => package,
        _ => return None,
    };
    let name = name.strip_suffix(".js").unwrap_or(name);
    (Runner::of_program(name).is_some_and(|r| r != Runner::Node)).then(|| name.to_string())
}

/// Tool kits whose `test` command runs jest with the kit's configuration (jest's default test
/// files; the kit's own `testMatch` is not read).
const JEST_WRAPPERS: &[&str] = &[
    "kcd-scripts",
    "react-scripts",
    "tsdx",
    "dts",
    "craco",
    "razzle",
];

/// The runners a dependency of the project names, by package name.
const RUNNER_PACKAGES: &[(&str, Runner)] = &[
    ("vitest", Runner::Vitest),
    ("jest", Runner::Jest),
    ("mocha", Runner::Mocha),
    ("ava", Runner::Ava),
    ("tap", Runner::Tap),
    ("uvu", Runner::Uvu),
    ("jasmine", Runner::Jasmine),
];

/// When `scripts.test` names no runner we know (a wrapper such as `ts-scripts test`, or no script
/// at all): the one test runner among the project's dependencies, with its configuration and
/// defaults, if its globs match files. Several runners are ambiguous: a note, no guess.
fn by_dependency(root: &Path, pkg: &Value, notes: &mut Vec<String>) -> Option<Discovery> {
    let depends = |name: &str| {
        ["devDependencies", "dependencies"]
            .iter()
            .any(|k| pkg.get(*k).and_then(|d| d.get(name)).is_some())
    };
    let found: Vec<&(&str, Runner)> = RUNNER_PACKAGES
        .iter()
        .filter(|(name, _)| depends(name))
        .collect();
    let [(name, runner)] = found.as_slice() else {
        if found.len() > 1 {
            let names: Vec<&str> = found.iter().map(|(n, _)| *n).collect();
            notes.push(format!(
                "the dependencies name several test runners ({}); none is guessed",
                names.join(", ")
            ));
        }
        return None;
    };
    let cmd = script::Command {
        program: name.to_string(),
        args: Vec::new(),
        via: Vec::new(),
        env: Vec::new(),
    };
    let mut plan = runners::plan_command(root, *runner, &cmd, pkg);
    let matched = crate::globs::resolve(root, &plan.patterns).unwrap_or_default();
    if matched.is_empty() {
        notes.push(format!(
            "{name} is a dependency, but its test globs match no file: {}",
            plan.patterns.join(" ")
        ));
        return None;
    }
    let mut reasons = vec![format!(
        "scripts.test names no test runner we know; {name} is the one test runner among the dependencies"
    )];
    reasons.append(&mut plan.reasons);
    notes.append(&mut plan.notes);
    let mut env = test_env(*runner, name, &[], &[], &mut reasons);
    pass_defines(&plan.defines, &mut env);
    aliases::pass(&plan.aliases, &mut env);
    pass_mock_roots(&plan.mock_roots, &mut env);
    pass_conditions(&plan.conditions, &mut env, &mut reasons);
    timeouts::pass(*runner, plan.timeout.take(), &mut env, &mut reasons);
    let isolated = isolation(*runner, plan.shared_modules, &mut reasons);
    Some(Discovery {
        runner: *runner,
        patterns: plan.patterns,
        setup: plan.setup,
        reasons,
        notes: std::mem::take(notes),
        env,
        environment: plan.environment,
        isolated,
    })
}

/// Finds the project's tests; an error says what was looked at and how to name them.
pub fn discover(root: &Path, workload: &[String]) -> Result<Discovery, EngineError> {
    if !workload.is_empty() {
        return Ok(given(workload.to_vec(), "--workload".into()));
    }
    let pkg = package_json(root)?;
    if let Some(list) = declared(&pkg, root)? {
        return Ok(given(list, "package.json decisionprof.workload".into()));
    }
    let scripts: BTreeMap<String, String> = pkg
        .get("scripts")
        .and_then(Value::as_object)
        .map(|o| {
            o.iter()
                .filter_map(|(k, v)| Some((k.clone(), v.as_str()?.to_string())))
                .collect()
        })
        .unwrap_or_default();
    let mut trail = Vec::new();
    let mut commands = script::runner_commands(&scripts, "test", &mut trail);
    // a bare `node FILE` (a build or a helper script) yields to a test runner the script also runs
    commands.sort_by_key(|c| {
        let (c, _) = node_like(c);
        c.program == "node" && c.args.first().map(String::as_str) != Some("--test")
    });
    let mut notes = Vec::new();
    for (at, c) in commands.iter().enumerate() {
        let Some(found) = command_plan(root, c, &pkg, &mut notes) else {
            continue;
        };
        let Planned {
            c,
            runner,
            cmd,
            wrapped,
            mut plan,
        } = found;
        // the same runner run again further on (a second `node --test` of other files, a last
        // `jest` over everything after one over a single file): its files are the workload too,
        // for the runners that run each file apart (mocha's or tape's second run may load a
        // prelude, `tape polyfills.js test/*.js`, that would change the first run's files)
        let mut also = Vec::new();
        let apart = matches!(
            runner,
            Runner::Jest | Runner::Vitest | Runner::NodeTest | Runner::Ava | Runner::Tap
        );
        for later in commands[at + 1..].iter().filter(|_| apart) {
            let mut quiet = Vec::new();
            let Some(more) = command_plan(root, later, &pkg, &mut quiet) else {
                continue;
            };
            if more.runner != runner {
                continue;
            }
            let mut added = false;
            for p in more.plan.patterns {
                if !plan.patterns.contains(&p) {
                    plan.patterns.push(p);
                    added = true;
                }
            }
            for f in more.plan.setup {
                if !plan.setup.contains(&f) {
                    plan.setup.push(f);
                }
            }
            if added {
                also.push(format!(
                    "scripts.test (via {}) also runs {} {}: its test files too",
                    more.c.via.join(" → "),
                    more.c.program,
                    more.cmd.args.join(" ")
                ));
            }
        }
        let mut reasons = vec![format!(
            "scripts.test (via {}) runs {}",
            c.via.join(" → "),
            c.program
        )];
        if wrapped {
            reasons.push(format!("`{} test` runs jest", c.program));
        }
        reasons.append(&mut plan.reasons);
        reasons.append(&mut also);
        notes.append(&mut plan.notes);
        let mut env = test_env(runner, &c.program, &c.env, &cmd.args, &mut reasons);
        pass_defines(&plan.defines, &mut env);
        aliases::pass(&plan.aliases, &mut env);
        pass_mock_roots(&plan.mock_roots, &mut env);
        pass_conditions(&plan.conditions, &mut env, &mut reasons);
        timeouts::pass(runner, plan.timeout.take(), &mut env, &mut reasons);
        let isolated = isolation(runner, plan.shared_modules, &mut reasons);
        return Ok(Discovery {
            runner,
            patterns: plan.patterns,
            setup: plan.setup,
            reasons,
            notes,
            env,
            environment: plan.environment,
            isolated,
        });
    }
    if let Some(d) = by_dependency(root, &pkg, &mut notes) {
        return Ok(d);
    }
    let conventional = runners::conventional(root);
    if !conventional.is_empty() {
        let mut d = given(
            conventional,
            "no test runner in scripts.test: the conventional test folder".into(),
        );
        d.notes = notes;
        return Ok(d);
    }
    Err(EngineError::Input(format!(
        "{}: no tests found: looked at package.json decisionprof.workload, scripts.test{}, the test runners among the dependencies and the folders test/, tests/, spec/, __tests__/; name the test files with --workload 'GLOB' (or package.json \"decisionprof\": {{\"workload\": [\"GLOB\"]}}){}",
        root.display(),
        if scripts.contains_key("test") {
            format!(" (`{}`)", scripts["test"])
        } else {
            " (none)".into()
        },
        notes.iter().map(|n| format!("; {n}")).collect::<String>()
    )))
}

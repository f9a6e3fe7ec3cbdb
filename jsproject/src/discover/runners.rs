//! What each test runner runs: its positional globs and options, its own configuration files and
//! `package.json` keys, and its default patterns when nothing is named.

use std::path::Path;

use serde_json::Value;

use super::environment::TestEnvironment;
use super::script::Command;

/// The test runners the harness knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Runner {
    /// mocha (BDD/TDD).
    Mocha,
    /// tape.
    Tape,
    /// node-tap.
    Tap,
    /// node's own `node --test`.
    NodeTest,
    /// ava.
    Ava,
    /// jest.
    Jest,
    /// vitest.
    Vitest,
    /// uvu.
    Uvu,
    /// jasmine (its node runner).
    Jasmine,
    /// `node file.js`: a script run as it is.
    Node,
    /// Named by `decisionprof.workload` or `--workload`, or found by convention.
    Given,
}

impl Runner {
    /// Each test file starts afresh, its tests run before the next file loads, and a file's
    /// top-level hooks are its own: jest and vitest run the setup files before each test file;
    /// tap, `node --test` and ava run each file in a process (or worker) of its own.
    pub fn setup_per_file(self) -> bool {
        matches!(self, Runner::Jest | Runner::Vitest) || self.process_per_file()
    }

    /// tap, `node --test` and ava run each test file in a process (or worker) of its own.
    pub fn process_per_file(self) -> bool {
        matches!(self, Runner::Tap | Runner::NodeTest | Runner::Ava)
    }

    /// The runner a program name stands for.
    pub fn of_program(p: &str) -> Option<Runner> {
        Some(match p {
            "mocha" | "_mocha" => Runner::Mocha,
            "tape" | "tapes" | "faucet" => Runner::Tape,
            "tap" => Runner::Tap,
            "ava" => Runner::Ava,
            "jest" => Runner::Jest,
            "vitest" => Runner::Vitest,
            "uvu" => Runner::Uvu,
            "jasmine" => Runner::Jasmine,
            "node" => Runner::Node,
            _ => return None,
        })
    }
}

/// What a runner will run.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Plan {
    /// Test globs relative to the project root.
    pub patterns: Vec<String>,
    /// Files loaded before the tests (`--require`, setup files), relative to the root.
    pub setup: Vec<String>,
    /// Why: one line per fact used.
    pub reasons: Vec<String>,
    /// Options or modules that were named but are not files of the project.
    pub notes: Vec<String>,
    /// vite's `define`: names (or property paths) and the expressions that replace them.
    pub defines: Vec<(String, String)>,
    /// The runner's test environment when it is not node's (`jsdom`).
    pub environment: Option<TestEnvironment>,
    /// The runner gives every test file the same modules (vitest's `isolate: false`,
    /// `--no-isolate`).
    pub shared_modules: bool,
    /// jest's `testPathIgnorePatterns` beyond `node_modules`: regular expressions over a test
    /// file's absolute path that leave it out.
    pub path_ignores: Vec<String>,
    /// Module aliases (jest's `moduleNameMapper`, vite's `alias`), as [`super::aliases`] has them.
    pub aliases: Vec<Value>,
    /// Export conditions the runner resolves with beyond node's (vite's `resolve.conditions`).
    pub conditions: Vec<String>,
    /// jest's `roots`, from the project: the folders whose `__mocks__` stand for packages
    /// (empty: the root's).
    pub mock_roots: Vec<String>,
    /// Globs of files the runner leaves out whatever else names them (vitest's `exclude`).
    pub excluded: Vec<String>,
    /// The per-test timeout the project sets for its runner, in ms (`0`: none), and where it
    /// was read; `None`: the runner's default.
    pub timeout: Option<(u64, String)>,
}

/// vite's `resolve.conditions` and `ssr.resolve.conditions` beyond the ones node and vite
/// resolve with anyway (a package's own source condition, `@zod/source`).
fn vite_conditions(cfg: &Value) -> Vec<String> {
    const STANDARD: &[&str] = &[
        "import",
        "require",
        "node",
        "default",
        "module",
        "browser",
        "development",
        "production",
        "development|production",
    ];
    let mut out: Vec<String> = Vec::new();
    for list in [
        &cfg["resolve"]["conditions"],
        &cfg["ssr"]["resolve"]["conditions"],
    ] {
        for c in list
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
        {
            if !STANDARD.contains(&c) && !out.iter().any(|o| o == c) {
                out.push(c.to_string());
            }
        }
    }
    out
}

/// Options of each runner that take a value (so the value is not a test glob).
fn takes_value(runner: Runner, opt: &str) -> bool {
    let common = [
        "--timeout",
        "-t",
        "--testTimeout",
        "--test-timeout",
        "--reporter",
        "-R",
        "--ui",
        "-u",
        "--grep",
        "-g",
        "--config",
        "--require",
        "-r",
        "--file",
        "--extension",
        "--slow",
        "-s",
        "--retries",
        "--jobs",
        "--concurrency",
        "--test-reporter",
        "--test-name-pattern",
        "--import",
        "--loader",
        "--experimental-loader",
        "--env",
        "--coverage-reporter",
        "--reporter-options",
        "-O",
    ];
    match runner {
        Runner::Tap => common.contains(&opt) || opt == "-j",
        Runner::Vitest => common.contains(&opt) || opt == "--exclude" || opt == "--project",
        Runner::Uvu => common.contains(&opt) || opt == "-i" || opt == "--ignore",
        _ => common.contains(&opt),
    }
}

/// The plan of a runner command found in `scripts.test`.
pub fn plan_command(root: &Path, runner: Runner, c: &Command, pkg: &Value) -> Plan {
    let mut plan = Plan::default();
    let mut positional = Vec::new();
    let mut recursive = false;
    // `vitest run`, `jest --watch`…: a subcommand is not a test file
    let subcommands: &[&str] = match runner {
        Runner::Vitest => &["run", "watch", "dev", "related", "bench"],
        Runner::Tap => &["run", "report"],
        _ => &[],
    };
    let mut extensions: Vec<String> = Vec::new();
    let mut ignored: Vec<String> = Vec::new();
    let mut config_file: Option<String> = None;
    let mut project: Vec<String> = Vec::new();
    let mut i = 0;
    while i < c.args.len() {
        let a = &c.args[i];
        let (opt, inline) = match a.split_once('=') {
            Some((o, v)) if a.starts_with('-') => (o.to_string(), Some(v.to_string())),
            _ => (a.clone(), None),
        };
        if opt.starts_with('-') {
            let value = inline.or_else(|| {
                takes_value(runner, &opt).then(|| {
                    i += 1;
                    c.args.get(i).cloned().unwrap_or_default()
                })
            });
            match (opt.as_str(), value) {
                ("--recursive", _) => recursive = true,
                ("--require" | "-r" | "--file" | "--import", Some(v)) => {
                    add_setup(root, &v, &mut plan)
                }
                ("--extension", Some(v)) => extensions.push(v),
                ("--config", Some(v))
                    if matches!(runner, Runner::Jest | Runner::Vitest | Runner::Jasmine) =>
                {
                    config_file = Some(v)
                }
                ("--no-isolate", _) if runner == Runner::Vitest => plan.shared_modules = true,
                ("--isolate", Some(v)) if runner == Runner::Vitest => {
                    plan.shared_modules = v == "false"
                }
                ("-i" | "--ignore", Some(v)) if runner == Runner::Uvu => ignored.push(v),
                ("--exclude", Some(v)) if runner == Runner::Vitest => plan.excluded.push(v),
                ("--project", Some(v)) if runner == Runner::Vitest => project.push(v),
                ("--timeout" | "-t", Some(v)) if matches!(runner, Runner::Mocha | Runner::Ava) => {
                    set_timeout(&mut plan, super::timeouts::parse_text(&v), &c.program, &opt)
                }
                ("--no-timeouts", _) if runner == Runner::Mocha => {
                    set_timeout(&mut plan, Some(0), &c.program, &opt)
                }
                ("--testTimeout" | "--test-timeout", Some(v))
                    if matches!(runner, Runner::Jest | Runner::Vitest) =>
                {
                    set_timeout(&mut plan, super::timeouts::parse_text(&v), &c.program, &opt)
                }
                _ => {}
            }
        } else if !(positional.is_empty() && subcommands.contains(&a.as_str())) {
            positional.push(a.clone());
        }
        i += 1;
    }
    if runner == Runner::Mocha {
        mocha_config(
            root,
            pkg,
            &mut positional,
            &mut recursive,
            &mut extensions,
            &mut plan,
        );
    }
    let configured = match runner {
        Runner::Jest | Runner::Vitest => jest_vitest_config(
            root,
            runner,
            pkg,
            (config_file.as_deref(), &project),
            &mut plan,
        ),
        Runner::Tap if positional.is_empty() => tap_config(root, pkg, &mut plan),
        Runner::Jasmine => jasmine_config(
            root,
            config_file.as_deref(),
            positional.is_empty(),
            &mut plan,
        ),
        Runner::Uvu => Some(uvu_files(root, &positional, &ignored, &mut plan)),
        Runner::Ava => {
            configured_timeout(&mut plan, &ava_config(root, pkg)["timeout"], "ava timeout");
            None
        }
        _ => None,
    };
    let filtered = match (&configured, runner) {
        (Some(patterns), Runner::Jest | Runner::Vitest) if !positional.is_empty() => {
            filtered_files(root, runner, patterns, &positional, &mut plan.reasons)
        }
        // uvu's folder and pattern are read already
        (Some(files), Runner::Uvu) => Some(files.clone()),
        _ => None,
    };
    if let Some(files) = filtered {
        plan.patterns = files;
    } else if let (true, Some(patterns)) = (positional.is_empty(), configured) {
        plan.patterns = patterns;
    } else if positional.is_empty() {
        plan.patterns = defaults(root, runner, pkg, recursive, &extensions, &mut plan.reasons);
    } else {
        plan.reasons.push(format!(
            "{} {}: test files named in scripts.test",
            c.program,
            positional.join(" ")
        ));
        plan.patterns = positional
            .iter()
            .map(|p| dir_glob(root, p, recursive, runner, &extensions))
            .collect();
    }
    if !plan.path_ignores.is_empty() {
        plan.patterns = without_ignored_paths(
            root,
            &plan.patterns,
            &mut plan.path_ignores,
            &mut plan.reasons,
        );
    }
    let excluded = std::mem::take(&mut plan.excluded);
    if !excluded.is_empty() {
        plan.reasons.push(format!(
            "{} leaves out {}",
            runner_name(runner),
            excluded.join(" ")
        ));
    }
    plan.patterns.extend(
        excluded
            .iter()
            .map(|e| format!("!{}", e.trim_start_matches("./"))),
    );
    plan
}

/// The test files of the configuration (`patterns`) that the filters on the command line select,
/// as escaped globs: jest's are regular expressions over the file's absolute path, vitest's are
/// parts of its path. `None` when none is selected (the filters are then read as paths).
fn filtered_files(
    root: &Path,
    runner: Runner,
    patterns: &[String],
    filters: &[String],
    reasons: &mut Vec<String>,
) -> Option<Vec<String>> {
    let files = crate::globs::resolve(root, patterns).ok()?;
    let regexes: Vec<regex::Regex> = match runner {
        Runner::Jest => filters
            .iter()
            .map(|f| {
                regex::Regex::new(f).unwrap_or_else(|_| {
                    regex::Regex::new(&regex::escape(f)).expect("an escaped pattern")
                })
            })
            .collect(),
        _ => Vec::new(),
    };
    let chosen: Vec<&std::path::PathBuf> = files
        .iter()
        .filter(|f| {
            let abs = f.to_string_lossy().replace('\\', "/");
            match runner {
                Runner::Jest => regexes.iter().any(|re| re.is_match(&abs)),
                _ => filters
                    .iter()
                    .any(|p| abs.contains(p.trim_start_matches("./"))),
            }
        })
        .collect();
    let selected = escaped_globs(root, chosen);
    if selected.is_empty() {
        return None;
    }
    let how = match runner {
        Runner::Jest => "whose path a pattern matches",
        _ => "whose path contains a filter",
    };
    reasons.push(format!(
        "{} {}: {} of the configuration's {} test files, those {how}",
        runner_name(runner),
        filters.join(" "),
        selected.len(),
        files.len()
    ));
    Some(selected)
}

/// The files `patterns` match, less those jest's `testPathIgnorePatterns` (`ignores`, taken)
/// leave out, as escaped globs; `patterns` itself when a pattern is not a regular expression we
/// read or no file matches.
fn without_ignored_paths(
    root: &Path,
    patterns: &[String],
    ignores: &mut Vec<String>,
    reasons: &mut Vec<String>,
) -> Vec<String> {
    let ignores = std::mem::take(ignores);
    let Ok(compiled) = ignores
        .iter()
        .map(|r| regex::Regex::new(r))
        .collect::<Result<Vec<_>, _>>()
    else {
        return patterns.to_vec();
    };
    let Ok(files) = crate::globs::resolve(root, patterns) else {
        return patterns.to_vec();
    };
    let kept = escaped_globs(
        root,
        files
            .iter()
            .filter(|f| !compiled.iter().any(|re| re.is_match(&f.to_string_lossy()))),
    );
    reasons.push(format!(
        "testPathIgnorePatterns {}: {} of {} file(s) left out",
        ignores.join(" "),
        files.len() - kept.len(),
        files.len()
    ));
    kept
}

/// `files` (absolute, under `root`) as globs from the root that match each exactly.
fn escaped_globs<'a>(
    root: &Path,
    files: impl IntoIterator<Item = &'a std::path::PathBuf>,
) -> Vec<String> {
    files
        .into_iter()
        .filter_map(|f| f.strip_prefix(root).ok())
        .map(|f| globset::escape(&f.to_string_lossy().replace('\\', "/")))
        .collect()
}

/// A positional argument that names a folder becomes a glob of its test files.
fn dir_glob(
    root: &Path,
    p: &str,
    recursive: bool,
    runner: Runner,
    extensions: &[String],
) -> String {
    let p = p.trim_start_matches("./").trim_end_matches('/');
    if runner == Runner::Node {
        // `node test` runs test.js, or test/index.js, as node resolves its script
        let candidates = [
            p.to_string(),
            format!("{p}.js"),
            format!("{p}.cjs"),
            format!("{p}.mjs"),
            format!("{p}/index.js"),
        ];
        if let Some(c) = candidates.iter().find(|c| root.join(c).is_file()) {
            return c.clone();
        }
    }
    if !root.join(p).is_dir() {
        return p.to_string();
    }
    let exts = extension_set(extensions);
    match (runner, recursive) {
        (Runner::Mocha, false) => format!("{p}/*.{{{exts}}}"),
        _ => format!("{p}/**/*.{{{exts}}}"),
    }
}

/// Loaders the engine stands in for itself (ES modules, TypeScript, source maps): never loaded.
const LOADERS: &[&str] = &[
    "esm",
    "ts-node",
    "tsx",
    "@babel/register",
    "babel-register",
    "@swc/register",
    "@swc-node/register",
    "source-map-support",
    "coffee-script",
    "coffeescript",
];

fn add_setup(root: &Path, v: &str, plan: &mut Plan) {
    let f = v.trim_start_matches("./");
    let candidates = [f.to_string(), format!("{f}.js"), format!("{f}.cjs")];
    if let Some(c) = candidates.iter().find(|c| root.join(c).is_file()) {
        plan.setup.push(c.clone());
        return;
    }
    let package = package_of(v);
    if LOADERS.contains(&package) {
        plan.notes.push(format!(
            "{v}: a loader for ES modules, TypeScript or source maps; decisionprof does that itself"
        ));
        return;
    }
    match package_main(root, v) {
        Some(main) => {
            plan.reasons
                .push(format!("--require {v}: loaded first, from {main}"));
            plan.setup.push(main);
        }
        None => plan.notes.push(format!(
            "{v}: not a file of the project nor an installed package; not loaded"
        )),
    }
}

/// `@scope/name` or `name` of a module request `name/sub`.
fn package_of(request: &str) -> &str {
    let cut = if request.starts_with('@') {
        request.match_indices('/').nth(1).map(|(i, _)| i)
    } else {
        request.find('/')
    };
    cut.map_or(request, |i| &request[..i])
}

/// The file `require(request)` loads from the project's `node_modules`, relative to the root:
/// a sub-path file, else the package's `exports["."]` (`require`/`node`/`default`) or `main`.
fn package_main(root: &Path, request: &str) -> Option<String> {
    let dir = Path::new("node_modules").join(request);
    for c in [String::new(), ".js".into(), ".cjs".into()] {
        let f = format!("{}{c}", dir.display());
        if root.join(&f).is_file() {
            return Some(f);
        }
    }
    let pkg: Value = std::fs::read_to_string(root.join(&dir).join("package.json"))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())?;
    let exported = match &pkg["exports"] {
        Value::String(s) => Some(s.clone()),
        Value::Object(m) => {
            let dot = m.get(".").unwrap_or(&pkg["exports"]);
            ["require", "node", "default"]
                .iter()
                .find_map(|k| dot.get(*k).and_then(Value::as_str))
                .or_else(|| dot.as_str())
                .map(str::to_string)
        }
        _ => None,
    };
    let main = exported
        .or_else(|| pkg["main"].as_str().map(str::to_string))
        .unwrap_or_else(|| "index.js".into());
    let main = main.trim_start_matches("./");
    [
        main.to_string(),
        format!("{main}.js"),
        format!("{main}/index.js"),
    ]
    .iter()
    .map(|m| format!("{}/{m}", dir.display()))
    .find(|f| root.join(f).is_file())
}

/// A configuration value that is a string or a list of strings, as a list.
fn list(v: &Value) -> Vec<String> {
    match v {
        Value::String(s) => vec![s.clone()],
        Value::Array(a) => a
            .iter()
            .filter_map(|x| x.as_str().map(str::to_string))
            .collect(),
        _ => Vec::new(),
    }
}

/// `.mocharc.*` and `package.json` `mocha`: spec, recursive, extension, require.
fn mocha_config(
    root: &Path,
    pkg: &Value,
    positional: &mut Vec<String>,
    recursive: &mut bool,
    extensions: &mut Vec<String>,
    plan: &mut Plan,
) {
    let mut cfg: Option<(String, Value)> = pkg
        .get("mocha")
        .map(|v| ("package.json mocha".into(), v.clone()));
    for name in [
        ".mocharc.json",
        ".mocharc.jsonc",
        ".mocharc.yml",
        ".mocharc.yaml",
        ".mocharc.js",
        ".mocharc.cjs",
    ] {
        let Ok(text) = std::fs::read_to_string(root.join(name)) else {
            continue;
        };
        let v = if name.ends_with(".yml") || name.ends_with(".yaml") {
            yaml_subset(&text)
        } else if name.ends_with("json") || name.ends_with("jsonc") {
            serde_json::from_str(&crate::jsonc::to_json(&text)).unwrap_or(Value::Null)
        } else {
            instrument::config::literal_config_in(&text, name, root).unwrap_or(Value::Null)
        };
        cfg = Some((name.to_string(), v));
        break;
    }
    let Some((from, cfg)) = cfg else { return };
    if positional.is_empty() {
        positional.extend(list(&cfg["spec"]));
    }
    if cfg["recursive"] == Value::Bool(true) {
        *recursive = true;
    }
    extensions.extend(list(&cfg["extension"]));
    for r in list(&cfg["require"]).iter().chain(&list(&cfg["file"])) {
        add_setup(root, r, plan);
    }
    if cfg["no-timeouts"] == Value::Bool(true) || cfg["timeouts"] == Value::Bool(false) {
        configured_timeout(plan, &Value::Bool(false), &format!("{from} no-timeouts"));
    }
    configured_timeout(plan, &cfg["timeout"], &format!("{from} timeout"));
    plan.reasons.push(format!("mocha configuration in {from}"));
}

/// The timeout an option of the test script sets (`mocha --timeout 5s`); one that does not read
/// is noted.
fn set_timeout(plan: &mut Plan, ms: Option<u64>, program: &str, opt: &str) {
    match ms {
        Some(ms) => plan.timeout = Some((ms, format!("{program} {opt}"))),
        None => plan.notes.push(format!(
            "{program} {opt}: the timeout does not read; the runner's default is used"
        )),
    }
}

/// The timeout a configuration sets (`value`, read from `from`), unless the test script's
/// options set one already.
fn configured_timeout(plan: &mut Plan, value: &Value, from: &str) {
    if plan.timeout.is_some() || value.is_null() {
        return;
    }
    match super::timeouts::parse(value) {
        Some(ms) => plan.timeout = Some((ms, from.to_string())),
        None => plan.notes.push(format!(
            "{from} {value} does not read as a timeout; the runner's default is used"
        )),
    }
}

/// The `key: value` and `key: [a, b]` / `- item` lines of a flat YAML file.
fn yaml_subset(text: &str) -> Value {
    let mut map = serde_json::Map::new();
    let mut last: Option<String> = None;
    for line in text.lines().map(|l| l.split(" #").next().unwrap_or("")) {
        if let Some(item) = line.trim_start().strip_prefix("- ") {
            if let Some(k) = &last {
                let e = map
                    .entry(k.clone())
                    .or_insert_with(|| Value::Array(Vec::new()));
                if let Value::Array(a) = e {
                    a.push(Value::String(unquote(item)));
                }
            }
            continue;
        }
        let Some((k, v)) = line.split_once(':') else {
            continue;
        };
        let (k, v) = (k.trim().to_string(), v.trim());
        last = Some(k.clone());
        if v.is_empty() {
            continue;
        }
        let value = if let Some(inner) = v.strip_prefix('[').and_then(|x| x.strip_suffix(']')) {
            Value::Array(
                inner
                    .split(',')
                    .map(|x| Value::String(unquote(x)))
                    .collect(),
            )
        } else if v == "true" || v == "false" {
            Value::Bool(v == "true")
        } else {
            Value::String(unquote(v))
        };
        map.insert(k, value);
    }
    Value::Object(map)
}

fn unquote(s: &str) -> String {
    s.trim().trim_matches(|c| c == '\'' || c == '"').to_string()
}

/// jest's (`package.json` `jest`, `jest.config.*`) or vitest's (`vitest.config.*`, `vite.config.*`
/// `test`) configuration, read without running it: its setup files join the plan, and its test
/// globs (`testMatch` under `roots`, `include`; micromatch extglobs such as `?(*.)+(spec|test)`
/// expanded) or the files jest's `testRegex` matches are returned.
fn jest_vitest_config(
    root: &Path,
    runner: Runner,
    pkg: &Value,
    (config, project): (Option<&str>, &[String]),
    plan: &mut Plan,
) -> Option<Vec<String>> {
    let exts = ["ts", "mts", "cts", "js", "mjs", "cjs"];
    let (stems, key): (&[&str], Option<&str>) = match runner {
        Runner::Jest => (&["jest.config"], None),
        _ => (&["vitest.config", "vite.config"], Some("test")),
    };
    // `--config FILE` in scripts.test, else package.json's `jest`, else the usual file names
    let mut found: Option<(String, Value)> = config.and_then(|c| named_config(root, c, plan));
    if found.is_none() && runner == Runner::Jest {
        found = pkg
            .get("jest")
            .map(|v| ("package.json jest".to_string(), v.clone()));
    }
    for stem in stems {
        if found.is_some() {
            break;
        }
        if let Ok(text) = std::fs::read_to_string(root.join(format!("{stem}.json"))) {
            found = serde_json::from_str(&text)
                .ok()
                .map(|v| (format!("{stem}.json"), v));
        }
        for ext in exts {
            let name = format!("{stem}.{ext}");
            if found.is_some() {
                break;
            }
            if let Ok(text) = std::fs::read_to_string(root.join(&name)) {
                let v = instrument::config::literal_config_in(&text, &name, root)
                    .unwrap_or(Value::Null);
                found = Some((name, v));
            }
        }
    }
    let major = (runner == Runner::Vitest).then(|| super::vitest::major(root, pkg));
    if let Some(major) = major {
        plan.excluded.extend(super::vitest::default_exclude(major));
    }
    let Some((from, mut cfg)) = found else {
        set_environment(root, runner, &Value::Null, pkg, "package.json", plan);
        return None;
    };
    if let Some(major) = major {
        cfg = super::vitest::with_project(cfg, project, major, &from, &mut plan.notes);
        plan.excluded.extend(list(&cfg["test"]["exclude"]));
        read_defines(&cfg["define"], &from, plan);
        plan.aliases = super::aliases::vitest(&cfg);
        plan.conditions = vite_conditions(&cfg);
    }
    if let Some(k) = key {
        cfg = cfg.get(k).cloned().unwrap_or(Value::Null);
    }
    set_environment(root, runner, &cfg, pkg, &from, plan);
    configured_timeout(plan, &cfg["testTimeout"], &format!("{from} testTimeout"));
    if runner == Runner::Vitest && shares_modules(&cfg) {
        plan.shared_modules = true;
    }
    // jest's `<rootDir>`: the configuration file's folder, or its `rootDir` from there
    let named = config
        .map(|c| c.trim_start_matches("./"))
        .filter(|c| *c == from);
    let prefix = root_dir_prefix(named, &cfg);
    let rel = |s: &str| match s.strip_prefix("<rootDir>/") {
        Some(tail) => format!("{prefix}{tail}"),
        None => s.trim_start_matches("./").to_string(),
    };
    if runner == Runner::Jest {
        plan.aliases = super::aliases::jest(&cfg, &prefix);
        let dirs = super::aliases::jest_module_dirs(root, &cfg, &prefix);
        plan.aliases.extend(dirs);
        plan.mock_roots = list(&cfg["roots"]).iter().map(|r| rel(r)).collect();
        let root_abs = root
            .join(&prefix)
            .to_string_lossy()
            .trim_end_matches('/')
            .to_string();
        plan.path_ignores = list(&cfg["testPathIgnorePatterns"])
            .iter()
            .filter(|p| p.as_str() != "/node_modules/")
            .map(|p| p.replace("<rootDir>", &regex::escape(&root_abs)))
            .collect();
    }
    for f in list(&cfg["setupFiles"])
        .iter()
        .chain(&list(&cfg["setupFilesAfterEnv"]))
    {
        add_setup(root, &rel(f), plan);
    }
    plan.reasons
        .push(format!("{} configuration in {from}", runner_name(runner)));
    let globs = match runner {
        Runner::Jest => {
            let roots: Vec<String> = list(&cfg["roots"]).iter().map(|r| rel(r)).collect();
            list(&cfg["testMatch"])
                .iter()
                .flat_map(|m| {
                    let m = rel(m);
                    match (roots.is_empty(), m.strip_prefix("**/")) {
                        (false, Some(tail)) => {
                            roots.iter().map(|r| format!("{r}/**/{tail}")).collect()
                        }
                        _ => vec![m],
                    }
                })
                .collect::<Vec<_>>()
        }
        _ => list(&cfg["include"]).iter().map(|m| rel(m)).collect(),
    };
    if runner == Runner::Jest && globs.is_empty() {
        let regexes = list(&cfg["testRegex"]);
        if !regexes.is_empty() {
            return regex_files(root, &regexes, &from, plan);
        }
    }
    let mut plain = Vec::new();
    for g in &globs {
        match super::extglob::expand(g) {
            Some(forms) => plain.extend(forms),
            None => {
                plan.notes.push(format!(
                    "{from}: the test glob {g} has a negated extglob group, which is not read; the runner's defaults are used"
                ));
                return None;
            }
        }
    }
    (!plain.is_empty()).then(|| {
        plan.reasons
            .push(format!("test files from {from}: {}", globs.join(" ")));
        plain
    })
}

/// The plan's test environment from `cfg` (read from `from`), and the note that says how each
/// engine runs it.
fn set_environment(
    root: &Path,
    runner: Runner,
    cfg: &Value,
    pkg: &Value,
    from: &str,
    plan: &mut Plan,
) {
    plan.environment = TestEnvironment::of(runner, cfg, pkg, from);
    plan.notes
        .extend(plan.environment.as_ref().map(|e| e.note(root)));
}

/// A configuration named by `--config`: JSON, or a script whose exported object is literal.
fn named_config(root: &Path, name: &str, plan: &mut Plan) -> Option<(String, Value)> {
    let name = name.trim_start_matches("./");
    let Ok(text) = std::fs::read_to_string(root.join(name)) else {
        plan.notes.push(format!(
            "--config {name}: not a file of the project; the usual configuration files are read"
        ));
        return None;
    };
    let value = if name.ends_with(".json") {
        serde_json::from_str(&text).ok()
    } else {
        instrument::config::literal_config_in(&text, name, root)
    };
    Some((name.to_string(), value.unwrap_or(Value::Null)))
}

/// jest's `<rootDir>` relative to the project root, as a prefix (`""` or `dir/`): the folder of
/// the `--config` file (`config`), or of package.json and jest.config.*, joined with `rootDir`.
fn root_dir_prefix(config: Option<&str>, cfg: &Value) -> String {
    let mut dir: Vec<String> = config
        .and_then(|c| Path::new(c.trim_start_matches("./")).parent())
        .map(|p| p.iter().map(|c| c.to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    if let Some(r) = cfg.get("rootDir").and_then(Value::as_str) {
        for part in r.split('/') {
            match part {
                "" | "." => {}
                ".." => {
                    dir.pop();
                }
                p => dir.push(p.to_string()),
            }
        }
    }
    dir.iter().map(|d| format!("{d}/")).collect()
}

/// vitest's `isolate: false`, also under a pool's options (`poolOptions.threads.isolate`).
fn shares_modules(test: &Value) -> bool {
    let off = |v: &Value| v.get("isolate") == Some(&Value::Bool(false));
    off(test)
        || test["poolOptions"]
            .as_object()
            .is_some_and(|pools| pools.values().any(off))
}

/// vite's `define` entries: a string is the expression's text, any other literal its JSON; a
/// computed value is not read (the literal reader leaves it out), nor is `import.meta.env`.
fn read_defines(define: &Value, from: &str, plan: &mut Plan) {
    let Some(map) = define.as_object() else {
        return;
    };
    for (name, value) in map {
        if name.starts_with("import.meta") {
            plan.notes.push(format!(
                "{from}: define {name} is not applied (import.meta is per module)"
            ));
            continue;
        }
        let expr = match value {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        plan.reasons
            .push(format!("define {name} = {expr}, from {from}"));
        plan.defines.push((name.clone(), expr));
    }
}

/// The test files tap and uvu find by default: in `test/`, `tests/`, `__tests__/` folders, or named
/// `*.test.js`, `*.spec.js`, `test.js` (any JavaScript or TypeScript extension).
const TEST_REGEX: &str =
    r"((/|^)(tests?|__tests?__)/.*|\.(tests?|spec)|^/?tests?)\.([mc]js|[jt]sx?)$";

/// jasmine's configuration (`--config`, else `spec/support/jasmine.json`, else its defaults):
/// its `helpers` load before the specs, and its `spec_files` under `spec_dir` are the test files
/// (when the command line names none, `unnamed`).
fn jasmine_config(
    root: &Path,
    config: Option<&str>,
    unnamed: bool,
    plan: &mut Plan,
) -> Option<Vec<String>> {
    let from = config.unwrap_or("spec/support/jasmine.json");
    let cfg = match std::fs::read_to_string(root.join(from)) {
        Ok(text) => {
            let Ok(cfg) = serde_json::from_str::<Value>(&text) else {
                plan.notes.push(format!(
                    "{from}: not JSON decisionprof reads; jasmine's defaults are used"
                ));
                return unnamed.then(|| vec!["spec/**/*[sS]pec.{js,mjs}".to_string()]);
            };
            plan.reasons
                .push(format!("jasmine configuration in {from}"));
            cfg
        }
        Err(_) => {
            if unnamed {
                plan.reasons.push(
                    "jasmine's defaults: spec/**/*[sS]pec.?(m)js, helpers spec/helpers/".into(),
                );
            }
            serde_json::json!({ "spec_dir": "spec", "spec_files": ["**/*[sS]pec.?(m)js"], "helpers": ["helpers/**/*.?(m)js"] })
        }
    };
    let dir = cfg["spec_dir"]
        .as_str()
        .unwrap_or("spec")
        .trim_end_matches('/');
    let under = |g: &str| {
        let g = g.replace("?(m)js", "{js,mjs}");
        match g.strip_prefix('!') {
            Some(neg) => format!("!{dir}/{neg}"),
            None => format!("{dir}/{g}"),
        }
    };
    let helpers: Vec<String> = list(&cfg["helpers"]).iter().map(|h| under(h)).collect();
    if !helpers.is_empty() {
        if let Ok(files) = crate::globs::resolve(root, &helpers) {
            for f in files.iter().filter_map(|f| f.strip_prefix(root).ok()) {
                plan.setup.push(f.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let specs: Vec<String> = list(&cfg["spec_files"]).iter().map(|g| under(g)).collect();
    (unnamed && !specs.is_empty()).then_some(specs)
}

/// node-tap's test files: `files` (or `test-regex`) from `.taprc` or `package.json` `tap`, else
/// tap's default regex (`test/`, `tests/`, `__tests__/` folders, `*.test.js`, `*.spec.js`, `test.js`),
/// leaving out `fixtures/` folders and tap's own `tap-snapshots/`.
fn tap_config(root: &Path, pkg: &Value, plan: &mut Plan) -> Option<Vec<String>> {
    let (from, cfg) = match std::fs::read_to_string(root.join(".taprc")) {
        Ok(text) => (".taprc".to_string(), yaml_subset(&text)),
        Err(_) => match pkg.get("tap") {
            Some(v) => ("package.json tap".to_string(), v.clone()),
            None => ("tap's defaults".to_string(), Value::Null),
        },
    };
    if !cfg.is_null() {
        plan.reasons.push(format!("tap configuration in {from}"));
    }
    for r in list(&cfg["node-arg"])
        .windows(2)
        .filter(|w| w[0] == "-r" || w[0] == "--require" || w[0] == "--import")
    {
        add_setup(root, &r[1], plan);
    }
    let files = list(&cfg["files"]);
    if !files.is_empty() {
        plan.reasons
            .push(format!("test files from {from}: {}", files.join(" ")));
        return Some(
            files
                .iter()
                .map(|f| dir_glob(root, f, true, Runner::Tap, &[]))
                .collect(),
        );
    }
    let regex = list(&cfg["test-regex"])
        .into_iter()
        .chain(list(&cfg["testRegex"]))
        .next()
        .unwrap_or_else(|| TEST_REGEX.to_string());
    let found = regex_files(root, &[regex], &from, plan)?;
    Some(
        found
            .into_iter()
            .filter(|f| !f.split('/').any(|c| c == "fixtures") && !f.starts_with("tap-snapshots/"))
            .collect(),
    )
}

/// jest's `testRegex`: the project's files (outside `node_modules`) whose path from the root,
/// starting with `/`, one of the regexes matches; each becomes a literal glob.
fn regex_files(
    root: &Path,
    regexes: &[String],
    from: &str,
    plan: &mut Plan,
) -> Option<Vec<String>> {
    let mut compiled = Vec::new();
    for r in regexes {
        match regex::Regex::new(r) {
            Ok(re) => compiled.push(re),
            Err(_) => {
                plan.notes.push(format!(
                    "{from}: testRegex {r} is not a regular expression decisionprof reads (lookaround?); the runner's defaults are used"
                ));
                return None;
            }
        }
    }
    let mut files: Vec<String> = ignore::WalkBuilder::new(root)
        .hidden(true)
        .git_ignore(false)
        .filter_entry(|e| e.file_name() != "node_modules")
        .build()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_some_and(|t| t.is_file()))
        .filter_map(|e| {
            let rel = e
                .path()
                .strip_prefix(root)
                .ok()?
                .to_string_lossy()
                .replace('\\', "/");
            let shown = format!("/{rel}");
            compiled
                .iter()
                .any(|re| re.is_match(&shown))
                .then(|| globset::escape(&rel))
        })
        .collect();
    files.sort();
    plan.reasons.push(format!(
        "test files from {from}: test regex {} ({} matched)",
        regexes.join(" "),
        files.len()
    ));
    Some(files)
}

/// uvu's test files, as its `uvu [dir] [pattern] -i …` finds them: under `dir` (the root when
/// none), those whose path from `dir` matches `pattern` (a regular expression, case-insensitive;
/// without one, any `name.js` under a folder given, uvu's default test regex at the root),
/// leaving out paths that an `-i` expression, `.git` or `node_modules` matches.
fn uvu_files(
    root: &Path,
    positional: &[String],
    ignored: &[String],
    plan: &mut Plan,
) -> Vec<String> {
    let dir = positional
        .first()
        .map(|d| d.trim_start_matches("./").trim_end_matches('/'));
    let pattern = match (dir, positional.get(1)) {
        (_, Some(p)) => p.clone(),
        (Some(_), None) => r"(((?:[^/]*(?:/|$))*)/)?\w+\.([mc]js|[jt]sx?)$".to_string(),
        (None, None) => TEST_REGEX.to_string(),
    };
    let compile = |r: &str, plan: &mut Plan| {
        regex::Regex::new(&format!("(?i){r}")).unwrap_or_else(|_| {
            plan.notes.push(format!(
                "uvu: {r} is not a regular expression decisionprof reads; matched as text"
            ));
            regex::Regex::new(&regex::escape(r)).expect("an escaped pattern")
        })
    };
    let matcher = compile(&pattern, plan);
    let ignores: Vec<regex::Regex> = ["^.git", "node_modules"]
        .iter()
        .map(|s| s.to_string())
        .chain(ignored.iter().cloned())
        .map(|r| compile(&r, plan))
        .collect();
    let base = root.join(dir.filter(|d| !d.is_empty() && *d != ".").unwrap_or(""));
    // a path is left out when an expression matches it or a folder it is in, as uvu prunes
    let ignored_path = |name: &str| {
        name.match_indices('/')
            .map(|(i, _)| &name[..i])
            .chain([name])
            .any(|prefix| ignores.iter().any(|re| re.is_match(prefix)))
    };
    let mut files: Vec<String> = ignore::WalkBuilder::new(&base)
        .standard_filters(false)
        .follow_links(false)
        .filter_entry(|e| {
            e.depth() == 0 || (e.file_name() != "node_modules" && e.file_name() != ".git")
        })
        .build()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_some_and(|t| t.is_file()))
        .filter_map(|e| {
            let name = e
                .path()
                .strip_prefix(&base)
                .ok()?
                .to_string_lossy()
                .replace('\\', "/");
            if ignored_path(&name) || !matcher.is_match(&name) {
                return None;
            }
            let rel = e.path().strip_prefix(root).ok()?;
            Some(globset::escape(&rel.to_string_lossy().replace('\\', "/")))
        })
        .collect();
    files.sort();
    let shown_ignores = if ignored.is_empty() {
        String::new()
    } else {
        format!(", -i {}", ignored.join(" -i "))
    };
    plan.reasons.push(format!(
        "uvu {}: files matching {pattern}{shown_ignores} ({} matched)",
        dir.unwrap_or("."),
        files.len()
    ));
    files
}

pub(super) fn runner_name(r: Runner) -> &'static str {
    match r {
        Runner::Jest => "jest",
        Runner::Vitest => "vitest",
        Runner::Jasmine => "jasmine",
        Runner::Tap => "tap",
        Runner::NodeTest => "node --test",
        Runner::Ava => "ava",
        _ => "runner",
    }
}

/// The extensions of test files in a folder, as a glob alternation's body: `js,cjs,mjs`, or
/// `js` and those of mocha's `extension` option.
fn extension_set(extensions: &[String]) -> String {
    if extensions.is_empty() {
        return "js,cjs,mjs".to_string();
    }
    let mut e = vec!["js".to_string()];
    e.extend(
        extensions
            .iter()
            .map(|x| x.trim_start_matches('.').to_string()),
    );
    e.join(",")
}

/// A runner's default test files when none are named.
fn defaults(
    root: &Path,
    runner: Runner,
    pkg: &Value,
    recursive: bool,
    extensions: &[String],
    reasons: &mut Vec<String>,
) -> Vec<String> {
    let exts = extension_set(extensions);
    let (pats, why): (Vec<String>, &str) = match runner {
        // mocha's `./test`, when no such folder exists, names `test.js` (any of its extensions)
        Runner::Mocha if !root.join("test").is_dir() => (
            vec![format!("test.{{{exts}}}")],
            "mocha's default spec ./test: no test/ folder, the file test.js",
        ),
        Runner::Mocha if recursive => (
            vec![format!("test/**/*.{{{exts}}}")],
            "mocha's default spec, --recursive",
        ),
        Runner::Mocha => (
            vec![format!("test/*.{{{exts}}}")],
            "mocha's default spec ./test/*.{js,cjs,mjs}",
        ),
        Runner::NodeTest => (
            [
                "**/*.test.{js,cjs,mjs}",
                "**/*-test.{js,cjs,mjs}",
                "**/*_test.{js,cjs,mjs}",
                "**/test-*.{js,cjs,mjs}",
                "**/test.{js,cjs,mjs}",
                "**/test/**/*.{js,cjs,mjs}",
            ]
            .map(String::from)
            .to_vec(),
            "node --test's default patterns",
        ),
        Runner::Ava => (
            ava_patterns(root, pkg),
            "ava's files and extensions (its configuration or its defaults)",
        ),
        Runner::Jest => (
            [
                "**/__tests__/**/*.{js,cjs,mjs,jsx,ts,tsx}",
                "**/*.{spec,test}.{js,cjs,mjs,jsx,ts,tsx}",
            ]
            .map(String::from)
            .to_vec(),
            "jest's default testMatch",
        ),
        Runner::Vitest => (
            vec!["**/*.{test,spec}.{js,cjs,mjs,ts,mts,cts,jsx,tsx}".to_string()],
            "vitest's default include",
        ),
        Runner::Uvu => (
            vec!["tests/**/*.{js,cjs,mjs}".to_string()],
            "uvu's default directory tests/",
        ),
        Runner::Jasmine => (
            vec!["spec/**/*[sS]pec.{js,mjs}".to_string()],
            "jasmine's default spec_files",
        ),
        Runner::Tape | Runner::Tap | Runner::Node | Runner::Given => {
            (conventional(root), "the conventional test folder")
        }
    };
    reasons.push(why.to_string());
    pats
}

/// The files ava runs: `files` of its configuration or its defaults, with its `extensions`,
/// without what it always leaves out (files and folders named `_…`) and, with the defaults, helper
/// and fixture folders.
fn ava_patterns(root: &Path, pkg: &Value) -> Vec<String> {
    let cfg = ava_config(root, pkg);
    let exts = ava_extensions(&cfg);
    let ext = format!("{{{}}}", exts.join(","));
    let mut pats = match ava_files(&cfg) {
        // a pattern that names no extension takes ava's
        Some(files) => files
            .into_iter()
            .map(|f| match f.rsplit('/').next() {
                Some(last) if !f.starts_with('!') && !last.contains('.') && last.ends_with('*') => {
                    format!("{f}.{ext}")
                }
                _ => f,
            })
            .collect(),
        None => {
            let mut v: Vec<String> = ["test", "src/test", "source/test", "**/test-*", "**/*.spec"]
                .iter()
                .chain(&[
                    "**/*.test",
                    "**/test/**/*",
                    "**/tests/**/*",
                    "**/__tests__/**/*",
                ])
                .map(|p| format!("{p}.{ext}"))
                .collect();
            for dir in ["__tests__/**/__", "test/**/", "tests/**/"] {
                for kind in ["helper", "helpers", "fixture", "fixtures"] {
                    let close = if dir.ends_with("__") { "__" } else { "" };
                    v.push(format!("!**/{dir}{kind}{close}/**"));
                }
            }
            v
        }
    };
    pats.extend(["!**/_*".to_string(), "!**/_[!_]*/**".to_string()]);
    pats
}

/// ava's configuration: `package.json` `ava`, else the object `ava.config.{js,cjs,mjs}` exports.
fn ava_config(root: &Path, pkg: &Value) -> Value {
    if let Some(v) = pkg.get("ava") {
        return v.clone();
    }
    ["ava.config.js", "ava.config.cjs", "ava.config.mjs"]
        .iter()
        .find_map(|name| {
            let text = std::fs::read_to_string(root.join(name)).ok()?;
            instrument::config::literal_config_in(&text, name, root)
        })
        .unwrap_or(Value::Null)
}

/// ava's `extensions` (a list, or an object whose keys are the extensions), else its defaults.
fn ava_extensions(cfg: &Value) -> Vec<String> {
    let given: Vec<String> = match &cfg["extensions"] {
        Value::Array(a) => a
            .iter()
            .filter_map(|x| x.as_str())
            .map(String::from)
            .collect(),
        Value::Object(m) => m.keys().cloned().collect(),
        _ => Vec::new(),
    };
    if given.is_empty() {
        ["js", "cjs", "mjs"].map(String::from).to_vec()
    } else {
        given
    }
}

/// ava's `files`, negations (`!test/helpers/**`) included.
fn ava_files(cfg: &Value) -> Option<Vec<String>> {
    let a = cfg.get("files")?.as_array()?;
    let v: Vec<String> = a
        .iter()
        .filter_map(|x| x.as_str())
        .map(str::to_string)
        .collect();
    v.iter().any(|s| !s.starts_with('!')).then_some(v)
}

/// `test/`, `tests/`, `spec/` or `__tests__/`, whichever exists.
pub fn conventional(root: &Path) -> Vec<String> {
    ["test", "tests", "spec", "__tests__"]
        .iter()
        .find(|d| root.join(d).is_dir())
        .map(|d| vec![format!("{d}/**/*.js")])
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn vitest_shares_modules_only_when_told_to() {
        assert!(!shares_modules(&json!({ "setupFiles": ["a.js"] })));
        assert!(!shares_modules(&json!({ "isolate": true })));
        assert!(shares_modules(&json!({ "isolate": false })));
        assert!(shares_modules(
            &json!({ "poolOptions": { "threads": { "isolate": false } } })
        ));
        let dir = tempfile::tempdir().expect("temp dir");
        let plan = |args: &[&str]| {
            let c = Command {
                program: "vitest".into(),
                args: args.iter().map(|a| a.to_string()).collect(),
                env: Vec::new(),
                via: vec!["test".into()],
            };
            plan_command(dir.path(), Runner::Vitest, &c, &Value::Null)
        };
        assert!(!plan(&["run"]).shared_modules);
        assert!(plan(&["run", "--no-isolate"]).shared_modules);
        assert!(plan(&["run", "--isolate=false"]).shared_modules);
        assert!(!plan(&["run", "--isolate=true"]).shared_modules);
    }

    #[test]
    fn the_runners_timeout_comes_from_the_script_else_the_configuration() {
        let dir = tempfile::tempdir().expect("temp dir");
        let plan = |runner: Runner, program: &str, args: &[&str], pkg: Value| {
            let c = Command {
                program: program.into(),
                args: args.iter().map(|a| a.to_string()).collect(),
                env: Vec::new(),
                via: vec!["test".into()],
            };
            plan_command(dir.path(), runner, &c, &pkg).timeout
        };
        let mocha = json!({ "mocha": { "timeout": "5s" } });
        assert_eq!(
            plan(Runner::Mocha, "mocha", &[], mocha.clone()),
            Some((5_000, "package.json mocha timeout".into()))
        );
        assert_eq!(
            plan(Runner::Mocha, "mocha", &["-t", "750"], mocha.clone()),
            Some((750, "mocha -t".into())),
            "the script's option wins"
        );
        assert_eq!(
            plan(Runner::Mocha, "mocha", &["--no-timeouts"], Value::Null),
            Some((0, "mocha --no-timeouts".into()))
        );
        let jest = json!({ "jest": { "testTimeout": 10000 } });
        assert_eq!(
            plan(Runner::Jest, "jest", &[], jest.clone()),
            Some((10_000, "package.json jest testTimeout".into()))
        );
        assert_eq!(
            plan(Runner::Jest, "jest", &["--testTimeout=250"], jest),
            Some((250, "jest --testTimeout".into()))
        );
        assert_eq!(
            plan(
                Runner::Ava,
                "ava",
                &[],
                json!({ "ava": { "timeout": "1m" } })
            ),
            Some((60_000, "ava timeout".into()))
        );
        assert_eq!(plan(Runner::Jest, "jest", &[], Value::Null), None);
        std::fs::write(
            dir.path().join("vitest.config.ts"),
            "export default { test: { testTimeout: 20000 } };\n",
        )
        .expect("write the config");
        assert_eq!(
            plan(Runner::Vitest, "vitest", &["run"], Value::Null),
            Some((20_000, "vitest.config.ts testTimeout".into()))
        );
    }
}

//! Reading `package.json` `scripts.test` the way npm runs it: `npm run X` indirection followed,
//! `&&`/`;`/`||` chains split, pipes cut, environment assignments and wrappers (`nyc`, `c8`,
//! `cross-env`, `npx`, …) stripped, and lint, build and type-check steps passed over.

use std::collections::BTreeMap;

/// Commands that only wrap the real one (their own options come before it).
const WRAPPERS: &[&str] = &[
    "nyc",
    "c8",
    "cross-env",
    "npx",
    "env",
    "dotenv",
    "nodemon",
    "time",
    "pnpm",
    "yarn",
    "istanbul",
];

/// Commands that are not the test run (lint, build, type-check, formatting, cleanup).
const NOT_TESTS: &[&str] = &[
    "eslint",
    "oxlint",
    "oxfmt",
    "biome",
    "tsgo",
    "vue-tsc",
    "unbuild",
    "tsup",
    "standard",
    "xo",
    "tslint",
    "prettier",
    "tsc",
    "tsd",
    "rimraf",
    "rm",
    "mkdir",
    "cp",
    "echo",
    "babel",
    "rollup",
    "webpack",
    "esbuild",
    "tshy",
    "check-dts",
    "attw",
    "publint",
    "size-limit",
    "lint-staged",
    "markdownlint",
    "dtslint",
    "coveralls",
    "codecov",
    "node-gyp",
    "husky",
    "git",
];

/// Scripts that build, lint, document or clean (by the name before any `:`): a test script that
/// runs one first (`npm run build && mocha`) is followed past it.
const NOT_TEST_SCRIPTS: &[&str] = &[
    "build",
    "prebuild",
    "compile",
    "bundle",
    "dist",
    "prepare",
    "prepublish",
    "prepublishOnly",
    "lint",
    "eslint",
    "format",
    "fmt",
    "prettier",
    "clean",
    "docs",
    "doc",
    "typecheck",
    "types",
    "tsc",
];

/// Runs several scripts by name or `*` pattern (`run-s lint test:*`).
const SCRIPT_RUNNERS: &[&str] = &["npm-run-all", "npm-run-all2", "run-s", "run-p"];

/// A runner command found in the script: its program and arguments (quotes removed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    /// The program (`mocha`, `tape`, `node`, `jest`, …).
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// The scripts that lead to it, from the first (`test`, `unit`).
    pub via: Vec<String>,
    /// Environment assignments before it (`NODE_ENV=test mocha`, `cross-env TZ=UTC jest`).
    pub env: Vec<(String, String)>,
}

/// Splits a shell word list, honouring single and double quotes.
pub fn words(cmd: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut any = false;
    for c in cmd.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => cur.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                any = true;
            }
            (None, c) if c.is_whitespace() => {
                if any || !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
                any = false;
            }
            (None, c) => cur.push(c),
        }
    }
    if any || !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// The steps of a script: split at `&&`, `||` and `;`, each cut at its first pipe.
fn steps(script: &str) -> Vec<String> {
    script
        .split("&&")
        .flat_map(|s| s.split("||"))
        .flat_map(|s| s.split(';'))
        .map(|s| s.split('|').next().unwrap_or("").trim().to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// The program words after environment assignments and wrappers (with the wrappers' options),
/// and the assignments.
fn unwrap(mut w: Vec<String>) -> (Vec<String>, Vec<(String, String)>) {
    let mut env = Vec::new();
    let assign = |x: String, env: &mut Vec<(String, String)>| {
        if let Some((k, v)) = x.split_once('=') {
            env.push((k.to_string(), v.to_string()));
        }
    };
    loop {
        while w.first().is_some_and(|x| is_assignment(x)) {
            assign(w.remove(0), &mut env);
        }
        let Some(first) = w.first() else {
            return (w, env);
        };
        let prog = program_name(first);
        if !WRAPPERS.contains(&prog.as_str()) {
            return (w, env);
        }
        w.remove(0);
        // `istanbul cover _mocha -- -R spec test/`: its command, then the wrapped program, whose
        // own arguments follow `--`
        if prog == "istanbul" && w.first().is_some_and(|c| c == "cover" || c == "test") {
            w.remove(0);
            if let Some(at) = w.iter().position(|a| a == "--") {
                w.remove(at);
            }
        }
        // the wrapper's own options (and their values) come before the wrapped command
        while w
            .first()
            .is_some_and(|x| x.starts_with('-') || is_assignment(x))
        {
            let opt = w.remove(0);
            if is_assignment(&opt) {
                assign(opt, &mut env);
                continue;
            }
            let takes_value = !opt.contains('=')
                && matches!(
                    opt.as_str(),
                    "--reporter" | "-r" | "--require" | "-i" | "--include" | "-x" | "--exclude"
                );
            if takes_value && !w.is_empty() {
                w.remove(0);
            }
        }
    }
}

fn is_assignment(w: &str) -> bool {
    let Some((k, _)) = w.split_once('=') else {
        return false;
    };
    !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// `./node_modules/.bin/mocha` → `mocha`.
fn program_name(w: &str) -> String {
    w.rsplit('/').next().unwrap_or(w).to_string()
}

/// The test runner commands of script `name`, following `npm run X` / `npm test` / `yarn X`
/// through `scripts`; `trail` records the scripts visited.
pub fn runner_commands(
    scripts: &BTreeMap<String, String>,
    name: &str,
    trail: &mut Vec<String>,
) -> Vec<Command> {
    let mut out = Vec::new();
    follow(scripts, name, trail, &mut Vec::new(), &mut out);
    out
}

/// [`runner_commands`] of script `name`, reached through the scripts of `chain`, into `out`.
fn follow(
    scripts: &BTreeMap<String, String>,
    name: &str,
    trail: &mut Vec<String>,
    chain: &mut Vec<String>,
    out: &mut Vec<Command>,
) {
    if trail.iter().any(|t| t == name) || trail.len() > 8 {
        return;
    }
    let first_segment = name.split(':').next().unwrap_or(name);
    if !chain.is_empty() && NOT_TEST_SCRIPTS.contains(&first_segment) {
        return;
    }
    let Some(script) = scripts.get(name) else {
        return;
    };
    trail.push(name.to_string());
    chain.push(name.to_string());
    for step in steps(script) {
        let mut raw = words(&step);
        let wrapped_pm = raw
            .iter()
            .any(|w| matches!(program_name(w).as_str(), "yarn" | "pnpm"));
        // `pnpm lint` / `yarn run build` / `pnpm exec mocha`: the package manager running one
        // of the scripts, or a program
        if raw
            .first()
            .is_some_and(|pm| matches!(program_name(pm).as_str(), "pnpm" | "yarn"))
        {
            raw.remove(0);
            raw.retain(|a| !a.starts_with('-'));
            if raw
                .first()
                .is_some_and(|w| matches!(w.as_str(), "run" | "run-script"))
            {
                raw.remove(0);
            } else if raw
                .first()
                .is_some_and(|w| matches!(w.as_str(), "test" | "t"))
            {
                raw[0] = "test".into();
            }
            match raw.first() {
                Some(target) if scripts.contains_key(target.as_str()) => {
                    let target = target.clone();
                    follow(scripts, &target, trail, chain, out);
                    continue;
                }
                // `pnpm run /^test:/`: every script whose name the expression matches
                Some(target)
                    if target.len() > 2 && target.starts_with('/') && target.ends_with('/') =>
                {
                    let names = scripts_matching_regex(scripts, &target[1..target.len() - 1]);
                    for name in names {
                        follow(scripts, &name, trail, chain, out);
                    }
                    continue;
                }
                Some(w) if matches!(w.as_str(), "exec" | "dlx") => {
                    raw.remove(0);
                }
                _ => {}
            }
        }
        let (mut w, env) = unwrap(raw);
        // `nyc yarn _test`, `cross-env X=1 yarn run unit`: a wrapped package manager running
        // one of the scripts
        if wrapped_pm {
            if w.first().is_some_and(|x| x == "run" || x == "run-script") {
                w.remove(0);
            }
            if let Some(target) = w.first().filter(|t| scripts.contains_key(t.as_str())) {
                let target = target.clone();
                follow(scripts, &target, trail, chain, out);
                continue;
            }
        }
        let Some(first) = w.first() else { continue };
        let prog = program_name(first);
        let mut rest = w[1..].to_vec();
        if matches!(prog.as_str(), "npm" | "yarn" | "pnpm") {
            // `npm run --silent x`, `npm -s test`: the package manager's own flags
            rest.retain(|a| !a.starts_with('-'));
        }
        let rest = &rest[..];
        match (prog.as_str(), rest.first().map(String::as_str)) {
            ("npm" | "yarn" | "pnpm", Some("run" | "run-script")) => {
                if let Some(target) = rest.get(1) {
                    follow(scripts, target, trail, chain, out);
                }
            }
            ("npm" | "yarn" | "pnpm", Some("test" | "t")) => {
                follow(scripts, "test", trail, chain, out);
            }
            ("yarn" | "pnpm", Some(target)) if scripts.contains_key(target) => {
                follow(scripts, target, trail, chain, out);
            }
            (p, _) if SCRIPT_RUNNERS.contains(&p) => {
                for pattern in rest.iter().filter(|a| !a.starts_with('-')) {
                    for target in scripts_matching(scripts, pattern) {
                        follow(scripts, &target, trail, chain, out);
                    }
                }
            }
            (p, _) if NOT_TESTS.contains(&p) => {}
            // better-node-test: `node --test` over node's default files (its own flags are
            // coverage settings)
            ("bnt" | "better-node-test", _) => out.push(Command {
                program: "node".into(),
                args: vec!["--test".into()],
                via: chain.clone(),
                env,
            }),
            _ => out.push(Command {
                program: prog,
                args: rest.to_vec(),
                via: chain.clone(),
                env,
            }),
        }
    }
    chain.pop();
}

/// The scripts whose names `pattern` (a regular expression, as `pnpm run /…/` takes it) matches.
fn scripts_matching_regex(scripts: &BTreeMap<String, String>, pattern: &str) -> Vec<String> {
    let Ok(re) = regex::Regex::new(pattern) else {
        return Vec::new();
    };
    scripts.keys().filter(|k| re.is_match(k)).cloned().collect()
}

/// The scripts a `run-s`/`npm-run-all` argument names: itself, or those its `*` (one
/// `:`-separated segment) and `**` (any) patterns match.
fn scripts_matching(scripts: &BTreeMap<String, String>, pattern: &str) -> Vec<String> {
    if !pattern.contains('*') {
        return vec![pattern.to_string()];
    }
    let matcher = globset::GlobBuilder::new(&pattern.replace(':', "/"))
        .literal_separator(true)
        .build()
        .map(|g| g.compile_matcher());
    let Ok(matcher) = matcher else {
        return Vec::new();
    };
    scripts
        .keys()
        .filter(|k| matcher.is_match(k.replace(':', "/")))
        .cloned()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scripts(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    fn programs(s: &BTreeMap<String, String>) -> Vec<(String, Vec<String>)> {
        runner_commands(s, "test", &mut Vec::new())
            .into_iter()
            .map(|c| (c.program, c.via))
            .collect()
    }

    #[test]
    fn package_managers_run_scripts_and_programs() {
        let s = scripts(&[
            (
                "test",
                "pnpm run unit && yarn run --silent e2e && pnpm exec tape x.js",
            ),
            ("unit", "mocha spec/*.js"),
            ("e2e", "yarn test:e2e"),
            ("test:e2e", "ava"),
        ]);
        let want: Vec<(String, Vec<String>)> = vec![
            ("mocha".into(), vec!["test".into(), "unit".into()]),
            (
                "ava".into(),
                vec!["test".into(), "e2e".into(), "test:e2e".into()],
            ),
            ("tape".into(), vec!["test".into()]),
        ];
        assert_eq!(programs(&s), want);
    }

    #[test]
    fn script_runners_are_followed_and_build_scripts_passed_over() {
        let s = scripts(&[
            ("test", "npm run build && run-s lint 'test:*'"),
            ("build", "node build.js"),
            ("lint", "node lint.js"),
            ("test:unit", "mocha"),
            ("test:unit:slow", "jest"),
            ("test:types", "tsd"),
        ]);
        let want: Vec<(String, Vec<String>)> =
            vec![("mocha".into(), vec!["test".into(), "test:unit".into()])];
        assert_eq!(programs(&s), want);
    }

    #[test]
    fn wrappers_lint_and_indirection_are_seen_through() {
        let s = scripts(&[
            ("test", "npm run lint && nyc --reporter=lcov npm run unit"),
            ("lint", "eslint ."),
            (
                "unit",
                "cross-env NODE_ENV=test mocha 'test/**/*.spec.js' --timeout 5000",
            ),
        ]);
        let mut trail = Vec::new();
        let c = runner_commands(&s, "test", &mut trail);
        assert_eq!(
            c,
            vec![Command {
                program: "mocha".into(),
                args: vec![
                    "test/**/*.spec.js".into(),
                    "--timeout".into(),
                    "5000".into()
                ],
                via: vec!["test".into(), "unit".into()],
                env: vec![("NODE_ENV".into(), "test".into())],
            }]
        );
        // `lint` is passed over by its name, unread
        assert_eq!(trail, vec!["test", "unit"]);
    }

    #[test]
    fn pipes_env_and_paths() {
        let s = scripts(&[(
            "test",
            "FOO=1 ./node_modules/.bin/tape test/*.js | tap-spec",
        )]);
        let c = runner_commands(&s, "test", &mut Vec::new());
        assert_eq!(c[0].program, "tape");
        assert_eq!(c[0].args, vec!["test/*.js"]);
        let s = scripts(&[("test", "tsc && node --test test/")]);
        let c = runner_commands(&s, "test", &mut Vec::new());
        assert_eq!(c[0].program, "node");
        assert_eq!(c[0].args, vec!["--test", "test/"]);
        // istanbul's command, then the runner, whose arguments follow `--`
        let s = scripts(&[(
            "test",
            "istanbul cover node_modules/mocha/bin/_mocha -- -R spec --bail test/t.js",
        )]);
        let c = runner_commands(&s, "test", &mut Vec::new());
        assert_eq!(c[0].program, "_mocha");
        assert_eq!(c[0].args, vec!["-R", "spec", "--bail", "test/t.js"]);
    }

    #[test]
    fn package_manager_flags_are_passed_over() {
        let s = scripts(&[
            ("test", "npm run --silent lint && npm run -s tests-only"),
            ("lint", "eslint ."),
            ("tests-only", "node test/index.js"),
        ]);
        let c = runner_commands(&s, "test", &mut Vec::new());
        assert_eq!(c.len(), 1, "{c:?}");
        assert_eq!(
            (c[0].program.as_str(), c[0].args.as_slice()),
            ("node", &["test/index.js".to_string()][..])
        );
    }

    #[test]
    fn pnpm_runs_the_scripts_a_regular_expression_matches_and_bnt_is_node_test() {
        let s = scripts(&[
            ("test", "pnpm run /^test:/"),
            ("test:unit", "mocha"),
            ("test:types", "tsc --noEmit"),
            ("test:e2e", "tape e2e/*.js"),
            ("test:coverage", "bnt --coverage 100"),
            ("build", "tsc"),
        ]);
        let progs: Vec<String> = programs(&s).into_iter().map(|(p, _)| p).collect();
        assert_eq!(progs, vec!["node", "tape", "mocha"]);
        let bnt = &runner_commands(&s, "test", &mut Vec::new())[0];
        assert_eq!(bnt.args, vec!["--test"], "better-node-test is node --test");
    }

    #[test]
    fn pnpm_and_yarn_scripts_are_followed() {
        let s = scripts(&[
            ("test", "pnpm lint && pnpm test:types && pnpm vitest run"),
            ("lint", "oxlint src && oxfmt --check src"),
            ("test:types", "tsgo --noEmit"),
        ]);
        let mut trail = Vec::new();
        let c = runner_commands(&s, "test", &mut trail);
        assert_eq!(c.len(), 1, "{c:?}");
        assert_eq!(
            (c[0].program.as_str(), c[0].args.as_slice()),
            ("vitest", &["run".to_string()][..])
        );
        assert_eq!(trail, ["test", "test:types"]);
        // the runner is in `test` itself: `test:types` only ran before it
        assert_eq!(c[0].via, ["test"]);
        // jsdiff: a wrapped yarn running a script that runs one
        let s = scripts(&[
            ("test", "nyc yarn _test"),
            (
                "_test",
                "yarn build && cross-env NODE_ENV=test yarn run run-mocha",
            ),
            ("build", "yarn lint && yarn tsc --outDir libesm"),
            ("run-mocha", "mocha --require ./runtime 'test/**/*.js'"),
        ]);
        let c = runner_commands(&s, "test", &mut Vec::new());
        assert_eq!(c.len(), 1, "{c:?}");
        assert_eq!(c[0].program, "mocha");
        assert_eq!(c[0].args, ["--require", "./runtime", "test/**/*.js"]);
        assert_eq!(c[0].via, ["test", "_test", "run-mocha"]);
    }

    #[test]
    fn a_script_calling_itself_ends() {
        let s = scripts(&[("test", "npm test")]);
        assert!(runner_commands(&s, "test", &mut Vec::new()).is_empty());
    }
}

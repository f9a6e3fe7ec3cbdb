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
    "npm-run-all",
    "run-s",
    "run-p",
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

/// A runner command found in the script: its program and arguments (quotes removed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    /// The program (`mocha`, `tape`, `node`, `jest`, …).
    pub program: String,
    /// Its arguments.
    pub args: Vec<String>,
    /// The scripts that lead to it, from the first (`test`, `unit`).
    pub via: Vec<String>,
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

/// The program words after environment assignments and wrappers (with the wrappers' options).
fn unwrap(mut w: Vec<String>) -> Vec<String> {
    loop {
        while w.first().is_some_and(|x| is_assignment(x)) {
            w.remove(0);
        }
        let Some(first) = w.first() else {
            return w;
        };
        let prog = program_name(first);
        if !WRAPPERS.contains(&prog.as_str()) {
            return w;
        }
        w.remove(0);
        // the wrapper's own options (and their values) come before the wrapped command
        while w
            .first()
            .is_some_and(|x| x.starts_with('-') || is_assignment(x))
        {
            let opt = w.remove(0);
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
    let Some(script) = scripts.get(name) else {
        return;
    };
    trail.push(name.to_string());
    chain.push(name.to_string());
    for step in steps(script) {
        let raw = words(&step);
        // `pnpm lint` / `yarn build`: the package manager running one of the scripts
        if let [pm, target, ..] = raw.as_slice() {
            let pm = program_name(pm);
            if matches!(pm.as_str(), "pnpm" | "yarn") && scripts.contains_key(target.as_str()) {
                follow(scripts, target, trail, chain, out);
                continue;
            }
        }
        let w = unwrap(raw);
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
            (p, _) if NOT_TESTS.contains(&p) => {}
            _ => out.push(Command {
                program: prog,
                args: rest.to_vec(),
                via: chain.clone(),
            }),
        }
    }
    chain.pop();
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
            }]
        );
        assert_eq!(trail, vec!["test", "lint", "unit"]);
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
        assert_eq!(trail, ["test", "lint", "test:types"]);
        // the runner is in `test` itself: `lint` and `test:types` only ran before it
        assert_eq!(c[0].via, ["test"]);
    }

    #[test]
    fn a_script_calling_itself_ends() {
        let s = scripts(&[("test", "npm test")]);
        assert!(runner_commands(&s, "test", &mut Vec::new()).is_empty());
    }
}

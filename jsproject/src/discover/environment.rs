//! The runner's test environment (jest's `testEnvironment`, vitest's `environment`): the DOM a
//! project's tests expect, where the project has it, and what each engine says about it.

use std::path::{Path, PathBuf};

use serde::Serialize;
use serde_json::Value;

use super::runners::Runner;

/// A DOM implementation decisionprof lays over node's globals for each test file (under node).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Dom {
    /// The `jsdom` package (jest's `jsdom`, `jest-environment-jsdom`; vitest's `jsdom`).
    Jsdom,
    /// The `happy-dom` package (vitest's `happy-dom`, `@happy-dom/jest-environment`).
    HappyDom,
}

impl Dom {
    /// The DOM a runner's environment name stands for, if it is one decisionprof provides.
    pub fn named(name: &str) -> Option<Dom> {
        if name.contains("happy-dom") {
            Some(Dom::HappyDom)
        } else if name.contains("jsdom") {
            Some(Dom::Jsdom)
        } else {
            None
        }
    }

    /// The npm package that implements it.
    pub fn package(self) -> &'static str {
        match self {
            Dom::Jsdom => "jsdom",
            Dom::HappyDom => "happy-dom",
        }
    }

    /// The folder of its package as the project has it: installed itself, or as a dependency of
    /// the runner's environment package (`jest-environment-jsdom`'s `jsdom`).
    pub fn find(self, root: &Path) -> Option<PathBuf> {
        let via = match self {
            Dom::Jsdom => "jest-environment-jsdom",
            Dom::HappyDom => "@happy-dom/jest-environment",
        };
        installed(root, self.package())
            .or_else(|| installed(&installed(root, via)?, self.package()))
    }
}

/// The folder of package `name` in the `node_modules` of `from` or of its nearest ancestor.
fn installed(from: &Path, name: &str) -> Option<PathBuf> {
    from.ancestors()
        .map(|a| a.join("node_modules").join(name))
        .find(|d| d.join("package.json").is_file())
}

/// The test environment a jest or vitest project names, when it is not node's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TestEnvironment {
    /// The runner's name for it (`jsdom`, `happy-dom`, `jest-environment-jsdom`, `edge-runtime`).
    pub name: String,
    /// Where it is set: a configuration file, or `package.json` for jest's default before 27.
    pub from: String,
    /// The major version of jest when the environment is its default then (jsdom before 27).
    pub jest_default: Option<u32>,
    /// Its options: jest's `testEnvironmentOptions`, vitest's `environmentOptions.<name>`.
    pub options: Value,
    /// The DOM it is, when decisionprof provides it.
    pub dom: Option<Dom>,
}

const NODE_GLOBALS_ONLY: &str = "the tests run with node's globals only (no `window` or `document`), so tests that use the DOM fail";

impl TestEnvironment {
    /// The environment `cfg` (a jest or vitest configuration, read from `from`) names; for jest
    /// before 27 without one, jsdom, its default then.
    pub fn of(runner: Runner, cfg: &Value, pkg: &Value, from: &str) -> Option<TestEnvironment> {
        if !matches!(runner, Runner::Jest | Runner::Vitest) {
            return None;
        }
        let key = match runner {
            Runner::Jest => "testEnvironment",
            _ => "environment",
        };
        let old_jest = jest_major(pkg).filter(|&m| runner == Runner::Jest && m < 27);
        let (name, from, jest_default) = match cfg.get(key).and_then(Value::as_str) {
            Some(name) => (name.to_string(), from.to_string(), None),
            None if old_jest.is_some() => {
                ("jsdom".to_string(), "package.json".to_string(), old_jest)
            }
            None => return None,
        };
        if name == "node" {
            return None;
        }
        let options = match runner {
            Runner::Jest => cfg.get("testEnvironmentOptions"),
            _ => {
                let key = if name == "happy-dom" {
                    "happyDOM"
                } else {
                    &name
                };
                cfg.get("environmentOptions").and_then(|o| o.get(key))
            }
        };
        Some(TestEnvironment {
            dom: Dom::named(&name),
            name,
            from,
            jest_default,
            options: options.cloned().unwrap_or(Value::Null),
        })
    }

    fn subject(&self) -> String {
        match self.jest_default {
            Some(major) => format!(
                "{}: jest {major} runs its tests in jsdom unless `testEnvironment` says otherwise, and the test environment '{}'",
                self.from, self.name
            ),
            None => format!("{}: the test environment '{}'", self.from, self.name),
        }
    }

    /// What a run in Boa says: it has no DOM.
    pub fn boa_note(&self) -> String {
        match self.dom {
            Some(_) => format!(
                "{} is provided under node only (the engine chosen for it unless `--engine boa`): in Boa {NODE_GLOBALS_ONLY}",
                self.subject()
            ),
            None => format!("{} is not provided by decisionprof: {NODE_GLOBALS_ONLY}", self.subject()),
        }
    }

    /// What a run under node says: nothing when the project has the DOM's package.
    pub fn node_note(&self, root: &Path) -> Option<String> {
        match self.dom {
            Some(dom) if dom.find(root).is_some() => None,
            Some(dom) => Some(format!(
                "{} needs the `{}` package, which is not installed: {NODE_GLOBALS_ONLY}",
                self.subject(),
                dom.package()
            )),
            None => Some(self.boa_note()),
        }
    }

    /// What `workload` says: how each engine runs the tests.
    pub fn note(&self, root: &Path) -> String {
        match self.dom.map(|d| (d, d.find(root))) {
            Some((dom, Some(dir))) => format!(
                "{} runs under node ({} from {}), the engine chosen for it; in Boa (`--engine boa`) {NODE_GLOBALS_ONLY}",
                self.subject(),
                dom.package(),
                dir.strip_prefix(root).unwrap_or(&dir).display()
            ),
            Some(_) => self.node_note(root).unwrap_or_default(),
            None => self.boa_note(),
        }
    }

    /// The `dom` entry of node's per-file plan (harness `domFor`): the configured DOM, the
    /// packages a file's docblock may name instead, the page's URL and the options.
    pub fn per_file(env: Option<&TestEnvironment>, runner: Runner, root: &Path) -> Value {
        let url = match runner {
            Runner::Jest => "http://localhost/",
            _ => "http://localhost:3000/",
        };
        serde_json::json!({
            "dom": env.and_then(|e| e.dom),
            "jsdom": Dom::Jsdom.find(root),
            "happyDom": Dom::HappyDom.find(root),
            "url": url,
            "options": env.map_or(Value::Null, |e| e.options.clone()),
        })
    }
}

/// The major version of jest the project depends on.
fn jest_major(pkg: &Value) -> Option<u32> {
    let version = ["devDependencies", "dependencies"]
        .iter()
        .find_map(|d| pkg.get(d)?.get("jest")?.as_str())?;
    version
        .trim_start_matches(|c: char| !c.is_ascii_digit())
        .split('.')
        .next()?
        .parse()
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_test_environment_other_than_node_is_named_with_its_dom_and_options() {
        let none = Value::Null;
        let cfg = json!({ "environment": "jsdom", "environmentOptions": { "jsdom": { "url": "http://x/" } } });
        let env =
            TestEnvironment::of(Runner::Vitest, &cfg, &none, "vitest.config.ts").expect("one");
        assert_eq!(env.dom, Some(Dom::Jsdom));
        assert_eq!(env.options, json!({ "url": "http://x/" }));
        assert!(
            env.boa_note().starts_with(
                "vitest.config.ts: the test environment 'jsdom' is provided under node only"
            ),
            "{}",
            env.boa_note()
        );
        let happy = json!({ "environment": "happy-dom", "environmentOptions": { "happyDOM": { "width": 9 } } });
        let env = TestEnvironment::of(Runner::Vitest, &happy, &none, "v").expect("one");
        assert_eq!(
            (env.dom, env.options),
            (Some(Dom::HappyDom), json!({ "width": 9 }))
        );
        let edge = json!({ "testEnvironment": "@edge-runtime/jest-environment" });
        let env = TestEnvironment::of(Runner::Jest, &edge, &none, "p").expect("one");
        assert_eq!(env.dom, None);
        assert!(env.boa_note().contains("is not provided by decisionprof"));
        let node = json!({ "testEnvironment": "node" });
        assert_eq!(TestEnvironment::of(Runner::Jest, &node, &none, "p"), None);
        assert_eq!(TestEnvironment::of(Runner::Mocha, &cfg, &none, "p"), None);
    }

    #[test]
    fn jsdom_was_jests_default_before_27() {
        let none = Value::Null;
        let node = json!({ "testEnvironment": "node" });
        let old = json!({ "devDependencies": { "jest": "^24.9.0" } });
        let env = TestEnvironment::of(Runner::Jest, &none, &old, "package.json").expect("one");
        assert!(
            env.boa_note().starts_with("package.json: jest 24 runs its tests in jsdom unless `testEnvironment` says otherwise, and the test environment 'jsdom'"),
            "{}",
            env.boa_note()
        );
        assert_eq!(TestEnvironment::of(Runner::Jest, &node, &old, "p"), None);
        let new = json!({ "devDependencies": { "jest": "29.7.0" } });
        assert_eq!(TestEnvironment::of(Runner::Jest, &none, &new, "p"), None);
        assert_eq!(TestEnvironment::of(Runner::Vitest, &none, &old, "p"), None);
    }

    #[test]
    fn the_dom_package_is_found_installed_or_under_jests_environment() {
        let dir = tempfile::tempdir().expect("temp dir");
        let root = dir.path().join("p");
        let nested = root.join("node_modules/jest-environment-jsdom/node_modules/jsdom");
        std::fs::create_dir_all(&nested).expect("dirs");
        std::fs::write(
            root.join("node_modules/jest-environment-jsdom/package.json"),
            "{}",
        )
        .expect("write");
        std::fs::write(nested.join("package.json"), "{}").expect("write");
        assert_eq!(Dom::Jsdom.find(&root), Some(nested));
        assert_eq!(Dom::HappyDom.find(&root), None);
        let env = TestEnvironment::of(
            Runner::Jest,
            &json!({ "testEnvironment": "jsdom" }),
            &Value::Null,
            "jest.config.js",
        )
        .expect("one");
        assert_eq!(env.node_note(&root), None);
        assert!(env
            .node_note(dir.path())
            .expect("a note")
            .contains("needs the `jsdom` package"));
        assert!(env.note(&root).contains("runs under node (jsdom from node_modules/jest-environment-jsdom/node_modules/jsdom)"), "{}", env.note(&root));
    }
}

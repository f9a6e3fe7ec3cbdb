//! What vitest's configuration says beyond jest's shape: the files it leaves out (`exclude`, its
//! defaults, `--exclude`) and its projects (`test.projects`, `test.workspace`): the ones
//! `--project` names run together, else the first that runs in node.

use std::path::Path;

use serde_json::Value;

/// vitest's major version: the installed one, else the one package.json asks for.
pub(super) fn major(root: &Path, pkg: &Value) -> Option<u32> {
    let installed = std::fs::read_to_string(root.join("node_modules/vitest/package.json"))
        .ok()
        .and_then(|t| serde_json::from_str::<Value>(&t).ok())
        .and_then(|v| v["version"].as_str().map(str::to_string));
    let asked = || {
        ["devDependencies", "dependencies"]
            .iter()
            .find_map(|k| pkg[k]["vitest"].as_str().map(str::to_string))
    };
    let version = installed.or_else(asked)?;
    let digits: String = version
        .trim_start_matches(|c: char| !c.is_ascii_digit())
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// What vitest leaves out by default beyond dependencies and hidden folders (which no workload
/// walk enters): up to version 3, build output and tool configurations; from 4, nothing more.
pub(super) fn default_exclude(major: Option<u32>) -> Vec<String> {
    if major.is_some_and(|m| m >= 4) {
        return Vec::new();
    }
    [
        "**/dist/**",
        "**/cypress/**",
        "**/{karma,rollup,webpack,vite,vitest,jest,ava,babel,nyc,cypress,tsup,build,eslint,prettier}.config.*",
    ]
    .map(String::from)
    .to_vec()
}

/// The configuration the projects of `config` run with: those `wanted` names (`--project`, each
/// time it is given), else the first that does not run in a browser, merged over the root's when
/// the first extends it; several run together, their files and setup files joined. `config`
/// itself when it has no inline project; `notes` say what is not run, and whose setup files run
/// before the files of another.
pub(super) fn with_project(
    config: Value,
    wanted: &[String],
    major: Option<u32>,
    from: &str,
    notes: &mut Vec<String>,
) -> Value {
    let test = &config["test"];
    let list = test["projects"]
        .as_array()
        .or_else(|| test["workspace"].as_array());
    let Some(list) = list else {
        return config;
    };
    let (inline, named): (Vec<&Value>, Vec<&Value>) = list.iter().partition(|p| p.is_object());
    for p in named.iter().filter_map(|p| p.as_str()) {
        notes.push(format!(
            "{from}: vitest project {p} (a folder or configuration of its own) is not run; the root configuration's tests are"
        ));
    }
    let in_browser = |p: &&Value| p["test"]["browser"]["enabled"] == Value::Bool(true);
    let chosen: Vec<&Value> = if wanted.is_empty() {
        inline
            .iter()
            .find(|p| !in_browser(p))
            .copied()
            .into_iter()
            .collect()
    } else {
        inline
            .iter()
            .filter(|p| wanted.contains(&name(p)))
            .copied()
            .collect()
    };
    if chosen.is_empty() {
        if !inline.is_empty() {
            notes.push(format!(
                "{from}: no vitest project {}runs in node; the root configuration's tests are run",
                match wanted {
                    [] => String::new(),
                    w => format!("named {} ", w.join(", ")),
                },
            ));
        }
        return without_projects(config);
    }
    let names: Vec<String> = chosen.iter().map(|p| name(p)).collect();
    let others: Vec<String> = inline
        .iter()
        .map(|p| name(p))
        .filter(|n| !names.contains(n))
        .collect();
    if !others.is_empty() {
        notes.push(format!(
            "{from}: vitest project{} {} {} run; {} {} not",
            if names.len() == 1 { "" } else { "s" },
            names.join(", "),
            if names.len() == 1 { "is" } else { "are" },
            others.join(", "),
            if others.len() == 1 { "is" } else { "are" }
        ));
    }
    let setups: Vec<String> = chosen
        .iter()
        .filter(|p| {
            p["test"]["setupFiles"]
                .as_array()
                .is_some_and(|a| !a.is_empty())
        })
        .map(|p| name(p))
        .collect();
    if chosen.len() > 1 && !setups.is_empty() {
        notes.push(format!(
            "{from}: vitest projects {} run together: the setup files of {} run before the files of each",
            names.join(", "),
            setups.join(", ")
        ));
    }
    let chosen: Vec<Value> = chosen.into_iter().cloned().collect();
    let first = &chosen[0];
    let extends = match &first["extends"] {
        Value::Bool(b) => *b,
        Value::Null => major.is_some_and(|m| m >= 5),
        // a configuration file to extend: not read, the root's stands for it
        _ => true,
    };
    let mut merged = if extends {
        without_projects(config)
    } else {
        Value::Object(Default::default())
    };
    merge(&mut merged, first, &["setupFiles"]);
    for more in &chosen[1..] {
        merge(&mut merged, more, &["setupFiles", "include", "exclude"]);
    }
    merged
}

/// A project's name as `--project` takes it (`test.name`, a string or `{ label }`).
fn name(project: &Value) -> String {
    let n = &project["test"]["name"];
    n.as_str()
        .or_else(|| n["label"].as_str())
        .unwrap_or("(unnamed)")
        .to_string()
}

fn without_projects(mut config: Value) -> Value {
    if let Some(test) = config.get_mut("test").and_then(Value::as_object_mut) {
        test.remove("projects");
        test.remove("workspace");
    }
    config
}

/// `over` merged into `base`: objects key by key, the lists of `joined` appended, anything else
/// replaced.
fn merge(base: &mut Value, over: &Value, joined: &[&str]) {
    let Some(over) = over.as_object() else {
        return;
    };
    if !base.is_object() {
        *base = Value::Object(Default::default());
    }
    let Some(base) = base.as_object_mut() else {
        return;
    };
    for (k, v) in over {
        if k == "extends" {
            continue;
        }
        match (base.get_mut(k), v) {
            (Some(b @ Value::Object(_)), Value::Object(_)) => merge(b, v, joined),
            (Some(Value::Array(b)), Value::Array(a)) if joined.contains(&k.as_str()) => b.extend(
                a.iter()
                    .filter(|x| !b.contains(x))
                    .cloned()
                    .collect::<Vec<_>>(),
            ),
            _ => {
                base.insert(k.clone(), v.clone());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_first_node_project_runs_over_the_root_it_extends() {
        let cfg = json!({
            "define": { "A": "1" },
            "test": {
                "include": ["test/**/*.ts"],
                "setupFiles": ["./a.js"],
                "projects": [
                    { "test": { "name": "web", "browser": { "enabled": true } } },
                    { "extends": true, "test": { "name": "async", "setupFiles": ["./b.js"] },
                      "define": { "SYNC": false } },
                    { "extends": true, "test": { "name": "sync" }, "define": { "SYNC": true } }
                ]
            }
        });
        let mut notes = Vec::new();
        let got = with_project(cfg, &[], Some(3), "vitest.config.ts", &mut notes);
        assert_eq!(got["define"], json!({ "A": "1", "SYNC": false }));
        assert_eq!(got["test"]["include"], json!(["test/**/*.ts"]));
        assert_eq!(got["test"]["setupFiles"], json!(["./a.js", "./b.js"]));
        assert!(got["test"].get("projects").is_none());
        assert_eq!(
            notes,
            ["vitest.config.ts: vitest project async is run; web, sync are not"]
        );
    }

    #[test]
    fn a_named_project_runs_alone_unless_it_extends_the_root() {
        let cfg = json!({
            "test": {
                "include": ["all/**"],
                "projects": [
                    "packages/*",
                    { "test": { "name": "unit", "include": ["unit/**"] } },
                    { "test": { "name": "e2e" } }
                ]
            }
        });
        let mut notes = Vec::new();
        let got = with_project(cfg.clone(), &["e2e".into()], Some(4), "v", &mut notes);
        assert_eq!(got, json!({ "test": { "name": "e2e" } }));
        assert!(notes[0].contains("packages/*"));
        let mut notes = Vec::new();
        let got = with_project(cfg.clone(), &["none".into()], Some(4), "v", &mut notes);
        assert_eq!(got["test"]["include"], json!(["all/**"]));
        assert!(
            notes[1].contains("no vitest project named none"),
            "{notes:?}"
        );
        // several named: run together, their files joined
        let mut notes = Vec::new();
        let both = vec!["unit".to_string(), "e2e".to_string()];
        let got = with_project(cfg, &both, Some(4), "v", &mut notes);
        assert_eq!(got["test"]["include"], json!(["unit/**"]));
        assert_eq!(got["test"]["name"], json!("e2e"));
        assert_eq!(notes.len(), 1, "{notes:?}");
    }

    #[test]
    fn named_projects_run_together_with_their_files_and_setup_joined() {
        let cfg = json!({ "test": { "projects": [
            { "test": { "name": "node", "include": ["spec/*.js"], "exclude": ["spec/env/**"],
                        "setupFiles": ["spec/env/node.js"], "globals": true } },
            { "test": { "name": "tasks", "include": ["tasks/*.test.js"], "globals": true } },
            { "test": { "name": "browser", "browser": { "enabled": true } } }
        ] } });
        let mut notes = Vec::new();
        let wanted = vec!["node".to_string(), "tasks".to_string()];
        let got = with_project(cfg, &wanted, Some(3), "v", &mut notes);
        assert_eq!(
            got["test"]["include"],
            json!(["spec/*.js", "tasks/*.test.js"])
        );
        assert_eq!(got["test"]["exclude"], json!(["spec/env/**"]));
        assert_eq!(got["test"]["setupFiles"], json!(["spec/env/node.js"]));
        assert_eq!(
            notes,
            [
                "v: vitest projects node, tasks are run; browser is not",
                "v: vitest projects node, tasks run together: the setup files of node run before the files of each"
            ]
        );
    }

    #[test]
    fn versions_and_their_default_exclusions() {
        let d = tempfile::tempdir().unwrap();
        let pkg = json!({ "devDependencies": { "vitest": "^3.2.4" } });
        assert_eq!(major(d.path(), &pkg), Some(3));
        assert!(default_exclude(Some(3)).contains(&"**/dist/**".to_string()));
        assert!(default_exclude(Some(4)).is_empty());
        std::fs::create_dir_all(d.path().join("node_modules/vitest")).unwrap();
        std::fs::write(
            d.path().join("node_modules/vitest/package.json"),
            r#"{"version":"4.0.1"}"#,
        )
        .unwrap();
        assert_eq!(major(d.path(), &pkg), Some(4));
    }
}

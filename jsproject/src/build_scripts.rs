//! What a project's build writes where, read from its `package.json` scripts and its rollup
//! configuration without running anything: bundles (an output file and the one entry it is built
//! from: `esbuild --bundle --outfile=index.js lib/chai.js`, `rollup -c` with `input`/`file`) and
//! folders (an output folder and the source folder it mirrors: `tsc --outDir libesm`,
//! `babel src -d .`).

use std::path::Path;

use serde_json::Value;

/// Build output the project's scripts name, relative to the root, without `./`.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct BuildScripts {
    /// `(output file, entry file)`, for bundlers given one entry.
    pub bundles: Vec<(String, String)>,
    /// `(output folder, source folder)`, `.` for the root; the source folder is `None` when the
    /// compiler takes it from its configuration (`tsc --outDir X`: tsconfig `rootDir`).
    pub folders: Vec<(String, Option<String>)>,
    /// Whether `package.json` has a script that builds ([`build_script`]).
    pub builds: bool,
}

/// The `package.json` scripts that build, in the order a build is looked for.
const BUILD_SCRIPTS: [&str; 4] = ["build", "prepare", "prepublishOnly", "pretest"];

/// The first script of `package.json` (`pkg`) that builds, if one is defined and not empty.
pub fn build_script(pkg: &Value) -> Option<&'static str> {
    BUILD_SCRIPTS.into_iter().find(|s| {
        pkg["scripts"][*s]
            .as_str()
            .is_some_and(|c| !c.trim().is_empty())
    })
}

impl BuildScripts {
    /// Reads the scripts of `root/package.json` and, when one runs `rollup -c`, its config.
    pub fn read(root: &Path) -> BuildScripts {
        let pkg: Value = std::fs::read_to_string(root.join("package.json"))
            .ok()
            .and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or(Value::Null);
        let mut found = BuildScripts {
            builds: build_script(&pkg).is_some(),
            ..BuildScripts::default()
        };
        let Some(scripts) = pkg.get("scripts").and_then(Value::as_object) else {
            return found;
        };
        for script in scripts.values().filter_map(Value::as_str) {
            for command in script.split(['&', '|', ';']) {
                let words = crate::discover::script::words(command);
                found.read_command(root, &words);
            }
        }
        found
    }

    /// What one command line (`npx tsc --outDir x`, `rollup -c`) builds, added.
    fn read_command(&mut self, root: &Path, words: &[String]) {
        let Some((at, tool)) = words
            .iter()
            .enumerate()
            .find_map(|(i, w)| Some((i, tool_of(w)?)))
        else {
            return;
        };
        let args: Vec<&str> = words[at + 1..].iter().map(String::as_str).collect();
        match tool {
            Tool::Esbuild | Tool::Rollup => {
                let (out, entries) = bundle_args(tool, &args);
                if let (Some(out), [entry]) = (out, entries.as_slice()) {
                    self.bundles.push((clean(&out), clean(entry)));
                }
                if tool == Tool::Rollup && has_flag(&args, &["-c", "--config"]) {
                    self.bundles
                        .extend(crate::rollup_config::bundles(root, &args));
                }
            }
            Tool::Tsc => {
                if let Some(out) = flag_value(&args, &["--outDir"]) {
                    let src = flag_value(&args, &["--rootDir"]).map(|s| clean(&s));
                    self.folders.push((clean(&out), src));
                }
            }
            Tool::Babel => {
                let out = flag_value(&args, &["-d", "--out-dir"]);
                let src = args.iter().find(|a| !a.starts_with('-')).copied();
                if let (Some(out), Some(src)) = (out, src) {
                    if Some(src) != Some(out.as_str()) {
                        self.folders.push((clean(&out), Some(clean(src))));
                    }
                }
            }
        }
    }
}

/// The build tools whose command lines say where they write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tool {
    Esbuild,
    Rollup,
    Tsc,
    Babel,
}

/// The tool a command word runs (`npx esbuild`, `./node_modules/.bin/rollup`).
fn tool_of(word: &str) -> Option<Tool> {
    match word.rsplit('/').next() {
        Some("esbuild") => Some(Tool::Esbuild),
        Some("rollup") => Some(Tool::Rollup),
        Some("tsc") => Some(Tool::Tsc),
        Some("babel") => Some(Tool::Babel),
        _ => None,
    }
}

/// `./x/` → `x`; `.` stays.
pub(crate) fn clean(p: &str) -> String {
    let t = p.trim_start_matches("./").trim_end_matches('/');
    if t.is_empty() {
        ".".to_string()
    } else {
        t.to_string()
    }
}

fn has_flag(args: &[&str], flags: &[&str]) -> bool {
    args.iter()
        .any(|a| flags.contains(&a.split_once('=').map_or(*a, |(f, _)| f)))
}

/// The value of the first of `flags` (`--outDir x` or `--outDir=x`).
pub(crate) fn flag_value(args: &[&str], flags: &[&str]) -> Option<String> {
    args.iter()
        .enumerate()
        .find_map(|(i, a)| match a.split_once('=') {
            Some((f, v)) if flags.contains(&f) => Some(v.to_string()),
            _ if flags.contains(a) => args.get(i + 1).map(|v| v.to_string()),
            _ => None,
        })
}

/// A bundler's output file and entry points, from its arguments.
fn bundle_args(tool: Tool, args: &[&str]) -> (Option<String>, Vec<String>) {
    let (out_flags, in_flags): (&[&str], &[&str]) = match tool {
        Tool::Esbuild => (&["--outfile"], &[]),
        _ => (&["-o", "--file"], &["-i", "--input"]),
    };
    let out = flag_value(args, out_flags);
    let mut entries = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i];
        let (flag, inline) = match a.split_once('=') {
            Some((f, v)) if f.starts_with('-') => (f, Some(v)),
            _ => (a, None),
        };
        let takes_value = out_flags.contains(&flag) || in_flags.contains(&flag);
        if in_flags.contains(&flag) {
            entries.extend(
                inline
                    .map(str::to_string)
                    .or_else(|| args.get(i + 1).map(|v| v.to_string())),
            );
        } else if !a.starts_with('-') && tool == Tool::Esbuild {
            entries.push(a.to_string());
        }
        i += if takes_value && inline.is_none() {
            2
        } else {
            1
        };
    }
    (out, entries)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_files::project;

    #[test]
    fn scripts_name_bundles_and_folders() {
        let pkg = r#"{ "scripts": {
            "build": "esbuild --bundle --format=esm --outfile=index.js lib/main.js",
            "umd": "npm run build && rollup -i ./src/umd.js -o dist/x.umd.js --format umd",
            "two": "esbuild a.js b.js --outdir=out",
            "esm": "yarn tsc --module nodenext --outDir libesm --target es6",
            "node": "babel src -d . && babel src --out-dir=es --env-name=es"
        } }"#;
        let d = project(&[("package.json", pkg)]);
        let b = BuildScripts::read(d.path());
        assert_eq!(
            b.bundles,
            vec![
                ("index.js".to_string(), "lib/main.js".to_string()),
                ("dist/x.umd.js".to_string(), "src/umd.js".to_string()),
            ]
        );
        assert_eq!(
            b.folders,
            vec![
                ("libesm".to_string(), None),
                (".".to_string(), Some("src".to_string())),
                ("es".to_string(), Some("src".to_string())),
            ]
        );
    }

    #[test]
    fn a_rollup_config_names_its_outputs_and_their_input() {
        let config = "import x from 'y';\nexport default {\n  input: \"lib/index.js\",\n  output: [\n    { file: \"dist/cm.js\", format: 'umd' },\n    { 'file': './dist/cm.min.js' },\n  ],\n  plugins: [x({ outputFile: 'no' })]\n};\n";
        let d = project(&[
            ("package.json", r#"{"scripts":{"build":"rollup -c"}}"#),
            ("rollup.config.js", config),
        ]);
        assert_eq!(
            BuildScripts::read(d.path()).bundles,
            vec![
                ("dist/cm.js".to_string(), "lib/index.js".to_string()),
                ("dist/cm.min.js".to_string(), "lib/index.js".to_string()),
            ]
        );
        // two configuration objects: each output with its own object's input
        let d = project(&[
            ("package.json", r#"{"scripts":{"build":"rollup --config r.mjs"}}"#),
            ("r.mjs", "export default [{input: 'a.js', output: {file: 'x.js'}}, {input: 'b.js', output: {file: 'y.js'}}]"),
        ]);
        assert_eq!(
            BuildScripts::read(d.path()).bundles,
            vec![
                ("x.js".to_string(), "a.js".to_string()),
                ("y.js".to_string(), "b.js".to_string()),
            ]
        );
    }
}

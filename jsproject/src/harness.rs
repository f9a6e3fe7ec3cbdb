//! The engine-neutral test harness (mocha/jasmine, tape, node-tap, `node:test`, jest, vitest, ava,
//! uvu), shared with the node side: the CommonJS modules of `js/harness/`, whose `index.js`
//! assembles them and defines `globalThis.__dpHarness`. Boa evaluates them by name from
//! [`FILES`]; node `require`s the `index.js` that [`write_harness`] writes.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// `(name, text)` of files in `js/harness/`, by their names there.
macro_rules! harness_files {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_str!(concat!("../js/harness/", $name)))),*]
    };
}

/// The harness's files by name, as `require('./…')` names them among themselves: `index.js`
/// assembles the others.
pub const FILES: &[(&str, &str)] = harness_files![
    "index.js",
    "core.js",
    "node_side.js",
    "fresh_globals.js",
    "unwound.js",
    "running.js",
    "call.js",
    "deep_eq.js",
    "tape_assertions.js",
    "tap_assertions.js",
    "mock_tracker.js",
    "fixtures.js",
    "expect.js",
    "jasmine.js",
    "module_mocks.js",
    "fake_timers.js",
    "runners.js",
    "benchmarks.js",
    "snapshot.js",
    "tap_snapshot.js",
    "tap_mocks.js",
    "chai_assert.js",
    "dom_env.js",
    "stand_ins.json",
];

/// The packages the harness stands in for (`tape`, `vitest`, `node:test`, …), a JSON array: the
/// harness's `harnessModule` and node's module hooks read it, and so does [`is_stand_in`].
const STAND_INS_JSON: &str = include_str!("../js/harness/stand_ins.json");

/// Writes the harness's files into the folder `dir` (made if missing); returns the path of its
/// `index.js`, whose `require` defines `globalThis.__dpHarness`.
pub fn write_harness(dir: &Path) -> io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    for (name, text) in FILES {
        std::fs::write(dir.join(name), text)?;
    }
    Ok(dir.join("index.js"))
}

/// The packages the harness stands in for, as `js/harness/stand_ins.json` lists them.
pub fn stand_ins() -> &'static [String] {
    static LIST: OnceLock<Vec<String>> = OnceLock::new();
    LIST.get_or_init(|| serde_json::from_str(STAND_INS_JSON).expect("stand_ins.json is a list"))
}

/// Whether `spec` names a package the harness stands in for.
pub fn is_stand_in(spec: &str) -> bool {
    stand_ins().iter().any(|s| s == spec)
}

/// A node script that runs a workload under node with the harness and prints the results
/// (see the file's header for its command line).
pub const NODE_RUNNER_JS: &str = include_str!("../js/node_runner.js");

/// ES-module hooks that let node find and load TypeScript files whose types are blanked already
/// (`./x.js` names `./x.ts`; `.mts` is a module): the node gate and `--engine node` use them.
pub const TS_HOOKS_MJS: &str = include_str!("../js/ts_hooks.mjs");

/// CommonJS resolution of TypeScript for node (`./x.js` may name `./x.ts`), for the node gate and
/// `--engine node`: a module exporting `resolveTypeScript(Module)` and `isTypeScriptModule(file)`.
pub const TS_REQUIRE_JS: &str = include_str!("../js/ts_require.js");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_of_the_harness_folder_is_listed() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("js/harness");
        let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
            .expect("js/harness")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        let mut listed: Vec<String> = FILES.iter().map(|(n, _)| n.to_string()).collect();
        on_disk.sort();
        listed.sort();
        assert_eq!(on_disk, listed);
    }

    #[test]
    fn the_stand_ins_are_the_test_packages_and_node_test() {
        assert!(is_stand_in("node:test") && is_stand_in("uvu/assert") && is_stand_in("tape"));
        assert!(!is_stand_in("jest") && !is_stand_in("test"));
        assert_eq!(stand_ins().len(), 13);
    }

    #[test]
    fn the_written_folder_defines_the_harness_under_node() {
        let Some(node) = crate::find_node() else {
            return;
        };
        let dir = tempfile::tempdir().expect("temp dir");
        let index = write_harness(&dir.path().join("harness")).expect("write");
        let probe = format!(
            "require({:?}); const H = globalThis.__dpHarness; \
             process.stdout.write(String(typeof H.runTest + ' ' + typeof H.harnessModule('tape')))",
            index.to_string_lossy()
        );
        let out = std::process::Command::new(node)
            .args(["-e", &probe])
            .output()
            .expect("node runs");
        assert_eq!(String::from_utf8_lossy(&out.stdout), "function function");
    }
}

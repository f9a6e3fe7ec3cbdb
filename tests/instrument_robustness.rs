//! Robustness: every .js file of the pinned npm packages in corpus/robustness instruments without a panic
//! and the output re-parses.

use std::path::{Path, PathBuf};

use instrument::{find_decisions, instrument_source, InstrumentOptions};

fn js_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
    {
        let path = entry.expect("directory entry").path();
        if path.is_dir() {
            js_files(&path, out);
        } else if path
            .extension()
            .is_some_and(|e| e == "js" || e == "cjs" || e == "mjs")
        {
            out.push(path);
        }
    }
}

#[test]
fn every_npm_file_instruments_and_reparses() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/robustness");
    let modules = root.join("node_modules");
    assert!(
        modules.is_dir(),
        "{} is missing: run scripts/setup.sh first",
        modules.display()
    );
    let mut files = Vec::new();
    js_files(&modules, &mut files);
    files.sort();
    let packages = ["lodash", "moment", "marked", "semver", "validator"];
    for p in packages {
        assert!(
            files.iter().any(|f| f.starts_with(modules.join(p))),
            "package {p} is not installed: run scripts/setup.sh"
        );
    }
    let mut opts = InstrumentOptions::default();
    let mut unparsable = Vec::new();
    let mut decisions = 0usize;
    for file in &files {
        let source = std::fs::read_to_string(file).expect("readable JS file");
        let rel = file
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let out = match instrument_source(&source, &rel, &opts) {
            Ok(out) => out,
            Err(e) => {
                unparsable.push(e.to_string());
                continue;
            }
        };
        if let Err(e) = find_decisions(&out.code, &rel) {
            panic!("instrumented {rel} does not re-parse: {e}");
        }
        assert_eq!(
            out.next_decision - opts.first_decision,
            out.decisions.len() as u32
        );
        decisions += out.decisions.len();
        opts.first_decision = out.next_decision;
        opts.first_binding = out.next_binding;
    }
    eprintln!(
        "{} files, {} decisions, {} original files do not parse: {:?}",
        files.len(),
        decisions,
        unparsable.len(),
        unparsable
    );
    assert!(
        unparsable.is_empty(),
        "files of pinned packages do not parse: {unparsable:?}"
    );
    assert!(decisions > 1000);
}

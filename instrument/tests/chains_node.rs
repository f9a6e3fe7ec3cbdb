//! Arm chains instrumented run the same under node as written: with the stand-in runtime
//! (instrument/js/standin.js), without speculation and with every condition after a true one
//! speculated and undone.

use std::path::{Path, PathBuf};
use std::process::Command;

use instrument::model::Shape;
use instrument::{instrument_source, InstrumentOptions};

/// Programs with arm chains whose conditions read, write, throw and use `this` and `arguments`.
const PROGRAMS: &[(&str, &str)] = &[
    (
        "ladder.js",
        r#"
let hits = 0;
const log = [];
function hit(v) { hits++; log.push(v); return v; }
const o = {
  n: 0,
  next() { return ++this.n; },
  pick(k) {
    if (k === 1) return 'one';
    else if (hit(k === 2)) return 'two';
    else if (this.next() > 3 || arguments.length > 1) return 'later ' + this.n;
    else if ([k][0].missing.deep) return 'never';
    else return 'else';
  },
};
const out = [];
for (const k of [1, 2, 3, 3, 3, 3]) {
  try { out.push(o.pick(k)); } catch (e) { out.push(e.constructor.name); }
}
out.push(o.pick(1, 'extra'));
console.log(out.join(' '), hits, log.join(','), o.n);
"#,
    ),
    (
        "guards.js",
        r#"
const seen = new Map();
function visit(xs) {
  let total = 0;
  outer: for (const x of xs) {
    if (x === null) continue;
    if (seen.has(x)) { continue; }
    if (seen.set(x, true).size > 4) break outer;
    // big ones end it
    if (x > 50) break;
    total += x;
  }
  return total;
}
function kind(v) {
  if (v === undefined) return 'undefined';
  if (typeof v === 'number') throw new RangeError('number ' + v);
  if (typeof v === 'string') return 'string';
  return 'other';
}
const out = [visit([1, null, 2, 2, 3, 60, 4]), visit([5, 6, 7, 8, 9])];
for (const v of [undefined, 'a', 3, {}]) {
  try { out.push(kind(v)); } catch (e) { out.push(e.message); }
}
console.log(out.join(' '), [...seen.keys()].join(','));
"#,
    ),
    (
        "conditional.js",
        r#"
let reads = 0;
const box = { get v() { reads++; return this._v; }, _v: 2 };
function label(c) {
  return c === 'a' ? 'A' : c === 'b' ? 'B' : box.v === 2 && c === 'c' ? 'C' : (box._v = 7) ? 'D' : 'E';
}
function sign(x) {
  return x < 0 ? -1 : x > 0 ? 1 : x === 0 ? 0 : NaN;
}
const out = ['a', 'b', 'c', 'd'].map(label);
out.push(...[-3, 0, 4, NaN].map(sign));
console.log(out.join(' '), reads, box._v);
"#,
    ),
];

fn node_available() -> bool {
    Command::new("node").arg("--version").output().is_ok()
}

fn standin() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("js/standin.js")
}

/// stdout and exit status of `node [-r standin] file` with `env`.
fn run(file: &Path, with_standin: bool, env: &[(&str, &Path)]) -> (String, Option<i32>) {
    let mut cmd = Command::new("node");
    if with_standin {
        cmd.arg("-r").arg(standin());
    }
    cmd.arg(file);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("node runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.is_empty() || out.status.success(),
        "{}: {stderr}",
        file.display()
    );
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code(),
    )
}

#[test]
fn instrumented_chains_behave_the_same_under_node() {
    assert!(node_available(), "node is required for this test");
    let tmp = tempfile::tempdir().unwrap();
    let mut copied = 0;
    for (name, src) in PROGRAMS {
        let out = instrument_source(src, name, &InstrumentOptions::default()).unwrap();
        let chains = out
            .decisions
            .iter()
            .filter(|d| matches!(d.shape, Shape::Chain(_)))
            .count();
        assert!(chains >= 1, "{name}: no chains");
        let meta: serde_json::Map<String, serde_json::Value> = out
            .decisions
            .iter()
            .enumerate()
            .filter(|(_, d)| !matches!(d.shape, Shape::Switch(_)))
            .map(|(k, d)| (k.to_string(), d.leaves.len().into()))
            .collect();
        let meta_path = tmp.path().join(format!("{name}.meta.json"));
        std::fs::write(&meta_path, serde_json::Value::Object(meta).to_string()).unwrap();
        let plain = tmp.path().join(name);
        std::fs::write(&plain, src).unwrap();
        let inst = tmp.path().join(format!("inst_{name}"));
        std::fs::write(&inst, &out.code).unwrap();
        let expected = run(&plain, false, &[]);
        assert_eq!(expected.1, Some(0), "{name} fails under plain node");
        assert_eq!(
            run(&inst, true, &[("DP_META", &meta_path)]),
            expected,
            "{name}, no speculation:\n{}",
            out.code
        );
        let spec = run(
            &inst,
            true,
            &[("DP_META", &meta_path), ("DP_SPECULATE", Path::new("1"))],
        );
        assert_eq!(
            spec, expected,
            "{name}, speculation with undo:\n{}",
            out.code
        );
        let copies = run(&inst, true, &[("DP_PLAIN", Path::new("1"))]);
        assert_eq!(copies, expected, "{name}, plain copies:\n{}", out.code);
        copied += out.code.matches("__dp.dc(").count();
    }
    assert!(copied > 0, "no chain got plain copies");
}

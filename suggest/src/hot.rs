//! Hot decisions: the share of the workload's time under node that each decision's function
//! takes, from V8's sampling CPU profile of the original (`node --cpu-prof`). Candidates in
//! functions below [`MIN_SHARE`] are not worth timing.
//!
//! A function's time is inclusive (the samples with it anywhere on the stack: a costly check
//! spends its time in the helpers it calls), and the run's time is the samples with the
//! project's code on the stack (node's start-up and the harness left out). V8 attributes the
//! samples of a function it inlined to its caller, so a small hot function can look unsampled:
//! a candidate is cold only when the profile's cost agrees (its decision's share of the
//! workload's cost units is below [`MIN_SHARE`] too).

use std::collections::HashMap;
use std::path::Path;

use instrument::model::{Decision, DecisionId};
use serde::Deserialize;

use crate::error::SuggestError;
use crate::node::NodeRunner;
use crate::pipeline::{Outcome, Status, SuggestOptions};
use jsproject::profile::Profile;

/// A candidate whose function takes less of the run than this (percent) is not gated unless
/// asked (`--all-candidates`).
pub const MIN_SHARE: f64 = 0.5;

/// Time per function of the project, as shares of the samples in the project's code.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Shares {
    /// `(file relative to the root, 1-based line where the function starts)` → samples.
    by_function: HashMap<(String, u32), u64>,
    /// The samples with the project's code (its own files or its dependencies) on the stack.
    total: u64,
}

impl Shares {
    /// The share (percent) of the run spent in the functions of `file` that start on `line`;
    /// `None` without samples (or when no function of the file starts there, as in build output
    /// mapped back to its sources).
    pub fn share(&self, file: &str, line: u32) -> Option<f64> {
        if self.total == 0 {
            return None;
        }
        let n = self.by_function.get(&(file.to_string(), line))?;
        Some(100.0 * *n as f64 / self.total as f64)
    }

    /// The share of the top-level code of `file` (V8's function at line 1: the module itself).
    pub fn file_share(&self, file: &str) -> Option<f64> {
        self.share(file, 1)
    }

    /// True when some function of `file` was sampled.
    pub fn has_file(&self, file: &str) -> bool {
        self.by_function.keys().any(|(f, _)| f == file)
    }
}

/// Samples the original at `original` (a copy of the project) once under node and gives each
/// candidate still to gate its function's share; a candidate below [`MIN_SHARE`] is skipped
/// unless `--all-candidates`. A profile that cannot be taken leaves the candidates as they are.
pub fn rank(
    runner: &NodeRunner,
    original: &Path,
    files: &[String],
    (profile, decisions): (&Profile, &HashMap<&DecisionId, &Decision>),
    opts: &SuggestOptions,
    outcomes: &mut [Outcome],
) {
    if !outcomes.iter().any(|o| o.status == Status::Unverified) {
        return;
    }
    crate::progress::note("gate", "sampling the original's CPU profile under node");
    let total_cost: u64 = profile
        .tests
        .iter()
        .map(|t| t.branch_points + t.native_units)
        .sum();
    let Some(shares) = sample(runner, original, files) else {
        crate::progress::note("gate", "no CPU profile: every candidate is gated");
        return;
    };
    for o in outcomes
        .iter_mut()
        .filter(|o| o.status == Status::Unverified)
    {
        let Some(d) = decisions.get(&o.analysis.id) else {
            continue;
        };
        let file = &d.location.file;
        o.function_share = match d.function_line {
            Some(line) => shares.share(file, line),
            None => shares.file_share(file),
        }
        // a file that was sampled, but not this function: it never ran long enough for a sample
        .or_else(|| shares.has_file(file).then_some(0.0));
        let cost = percent(o.analysis.cost_before, total_cost);
        match o.function_share {
            // cold only when the profile's cost says so too (a sampled share is noisy, and zero
            // for a function V8 inlined)
            Some(s) if s < MIN_SHARE && cost < MIN_SHARE && !opts.all_candidates => {
                o.status = Status::Skipped(format!(
                    "cold: its function takes {s:.2} % of the workload's time under node and the decision {cost:.2} % of its cost units (both below {MIN_SHARE} %); --all-candidates gates it"
                ));
            }
            _ => {}
        }
    }
}

/// `cost` (a decision's cost units) in percent of `total` (every test's); 100 without a total.
fn percent(cost: u64, total: u64) -> f64 {
    match total {
        0 => 100.0,
        t => 100.0 * cost as f64 / t as f64,
    }
}

/// The shares of one sampled run, `None` when the run or its profile failed.
fn sample(runner: &NodeRunner, original: &Path, files: &[String]) -> Option<Shares> {
    let dir = tempfile::Builder::new()
        .prefix("decisionprof-cpuprof-")
        .tempdir()
        .ok()?;
    let report = runner.cpu_profile(original, files, dir.path()).ok()?;
    if report.load_error().is_some() {
        return None;
    }
    let root = original.canonicalize().ok()?;
    read(dir.path(), &root).ok().filter(|s| s.total > 0)
}

#[derive(Deserialize)]
struct CpuProfile {
    nodes: Vec<Node>,
    #[serde(default)]
    samples: Vec<u64>,
}

#[derive(Deserialize)]
struct Node {
    id: u64,
    #[serde(rename = "callFrame")]
    call_frame: CallFrame,
    #[serde(default)]
    children: Vec<u64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CallFrame {
    function_name: String,
    url: String,
    /// 0-based.
    line_number: i64,
}

/// Reads every `.cpuprofile` in `dir`, written by a run in the copy `root` of the project.
pub fn read(dir: &Path, root: &Path) -> Result<Shares, SuggestError> {
    let mut shares = Shares::default();
    let entries = std::fs::read_dir(dir)
        .map_err(|e| SuggestError::io(format!("reading {}", dir.display()), e))?;
    let mut paths: Vec<_> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "cpuprofile"))
        .collect();
    paths.sort();
    for p in paths {
        let text = std::fs::read_to_string(&p)
            .map_err(|e| SuggestError::io(format!("reading {}", p.display()), e))?;
        let profile: CpuProfile = serde_json::from_str(&text).map_err(|e| {
            SuggestError::Runner(format!("{}: not a CPU profile: {e}", p.display()))
        })?;
        add(&mut shares, &profile, root);
    }
    Ok(shares)
}

/// Where a profile node's function is: `None` outside the project, `Some(None)` in a
/// dependency, `Some(Some((file, line)))` in the project's own code.
type Place = Option<Option<(String, u32)>>;

fn place(frame: &CallFrame, prefix: &str) -> Place {
    let rel = frame.url.strip_prefix(prefix)?;
    if rel.starts_with("node_modules/") || rel.contains("/node_modules/") {
        return Some(None);
    }
    let line = u32::try_from(frame.line_number + 1).unwrap_or(0);
    Some(Some((rel.to_string(), line)))
}

fn add(shares: &mut Shares, profile: &CpuProfile, root: &Path) {
    let prefix = format!("file://{}/", root.display());
    let mut parent: HashMap<u64, u64> = HashMap::new();
    let mut places: HashMap<u64, Place> = HashMap::new();
    for n in &profile.nodes {
        for c in &n.children {
            parent.insert(*c, n.id);
        }
        places.insert(n.id, place(&n.call_frame, &prefix));
    }
    // samples per node first: each distinct stack is walked once
    let mut hits: HashMap<u64, u64> = HashMap::new();
    for id in &profile.samples {
        *hits.entry(*id).or_default() += 1;
    }
    let idle: std::collections::HashSet<u64> = profile
        .nodes
        .iter()
        .filter(|n| n.call_frame.function_name == "(idle)")
        .map(|n| n.id)
        .collect();
    for (id, n) in hits.into_iter().filter(|(id, _)| !idle.contains(id)) {
        let mut on_stack: Vec<&(String, u32)> = Vec::new();
        let mut in_project = false;
        let mut at = Some(id);
        while let Some(node) = at {
            if let Some(Some(p)) = places.get(&node) {
                in_project = true;
                if let Some(f) = p {
                    if !on_stack.contains(&f) {
                        on_stack.push(f);
                    }
                }
            }
            at = parent.get(&node).copied();
        }
        if !in_project {
            continue;
        }
        shares.total += n;
        for f in on_stack {
            *shares.by_function.entry(f.clone()).or_default() += n;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn functions_count_every_sample_they_are_on_the_stack_of_the_projects_samples() {
        let root = Path::new("/tmp/copy");
        // (root) → module top level (lex.js:1) → kind (lex.js:5) → dep (node_modules);
        // (root) → (program); (root) → (idle).
        let json = r#"{"nodes":[
            {"id":1,"callFrame":{"functionName":"(root)","url":"","lineNumber":-1},"children":[3,6,4]},
            {"id":3,"callFrame":{"functionName":"","url":"file:///tmp/copy/lib/lex.js","lineNumber":0},"children":[2]},
            {"id":2,"callFrame":{"functionName":"kind","url":"file:///tmp/copy/lib/lex.js","lineNumber":4},"children":[5]},
            {"id":5,"callFrame":{"functionName":"dep","url":"file:///tmp/copy/node_modules/x/i.js","lineNumber":0}},
            {"id":6,"callFrame":{"functionName":"(program)","url":"","lineNumber":-1}},
            {"id":4,"callFrame":{"functionName":"(idle)","url":"","lineNumber":-1}}
        ],"samples":[2,2,5,3,4,4,6,6,1]}"#;
        let profile: CpuProfile = serde_json::from_str(json).unwrap();
        let mut s = Shares::default();
        add(&mut s, &profile, root);
        // The project's samples: 2, 2, 5 (a dependency called by kind) and 3; `kind` is on the
        // stack of three of them, the module's top level of all four.
        assert_eq!(s.share("lib/lex.js", 5), Some(75.0));
        assert_eq!(s.file_share("lib/lex.js"), Some(100.0));
        assert_eq!(s.share("lib/lex.js", 6), None);
        assert!(s.has_file("lib/lex.js") && !s.has_file("node_modules/x/i.js"));
    }
}

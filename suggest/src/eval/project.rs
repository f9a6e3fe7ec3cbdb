//! One project of an evaluation: `suggest` through [`run_project`], then the original timed under
//! node for the cost-model check.

use std::path::Path;

use super::costmodel::{self, WorkloadKind};
use super::ProjectResult;
use crate::node::NodeRunner;
use crate::project::{run_project, Options, Profiler, DEFAULT_NODE_TIMEOUT};

/// Suggests for one project and times its original under node (`cost_runs` processes, 0: skip).
pub fn evaluate_project(
    root: &Path,
    name: String,
    opts: &Options,
    cost_runs: u32,
    profiler: &dyn Profiler,
) -> ProjectResult {
    let produced = match run_project(root, opts, profiler) {
        Ok(p) => p,
        Err(e) => return ProjectResult::failed(name, e.to_string()),
    };
    let counts = jsproject::profile::TestCounts::of(&produced.profile.tests);
    let (tests, passed) = (counts.passed + counts.failed, counts.passed);
    let mut files = produced.files.clone();
    files.extend(
        produced
            .profile
            .decisions
            .iter()
            .map(|d| d.decision.location.file.clone()),
    );
    let mut result = ProjectResult {
        project: name,
        tests,
        passed,
        runner: serde_json::to_value(produced.workload.discovery.runner)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string)),
        modules: Some(jsproject::discover::module_system(root, &files)),
        report: Some(produced.report),
        error: None,
        node: None,
        node_error: None,
        points: Vec::new(),
    };
    if cost_runs == 0 {
        result.node_error = Some("--cost-runs 0".into());
        return result;
    }
    let timeout = opts.timeout.unwrap_or(DEFAULT_NODE_TIMEOUT);
    let g = &opts.gate_options;
    let build = crate::build::build_step(root, &produced.profile.redirects, opts.no_build);
    let timed = NodeRunner::new(timeout).and_then(|runner| {
        let runner = runner.for_workload(&produced.workload);
        costmodel::time_original(
            &runner,
            &produced.workload,
            build?.as_ref(),
            g.warmup,
            g.measure,
            cost_runs,
        )
    });
    match timed {
        Ok(t) => {
            result.points = costmodel::points(&produced.profile, &t);
            if t.kind == WorkloadKind::Script {
                result.tests = 1;
            }
            result.node = Some(t);
        }
        Err(e) => result.node_error = Some(e.to_string()),
    }
    result
}

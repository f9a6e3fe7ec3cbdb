//! The profiling engines as the `suggest` library's profiler: embedded Boa or node.

use std::path::Path;

use engine::node::profile_project_node;
use engine::profile::Profile;
use engine::{profile_project, ProfileOptions, RunOutcome};
use suggest::project::Profiler;

use crate::cli::EngineArg;

/// Runs workloads in the embedded Boa engine or under node.
pub struct EngineProfiler {
    engine: EngineArg,
    why: Option<String>,
}

impl EngineProfiler {
    /// The profiler `arg` stands for on the project at `root` (see [`choose`]).
    pub fn new(arg: EngineArg, root: &Path) -> EngineProfiler {
        let (engine, why) = choose(arg, root);
        EngineProfiler { engine, why }
    }
}

/// The engine `arg` stands for on the project at `root`: `auto` is Boa, or node when the tests'
/// environment is a DOM the project has installed (Boa cannot run its package), with the note
/// that says so.
pub fn choose(arg: EngineArg, root: &Path) -> (EngineArg, Option<String>) {
    if arg != EngineArg::Auto {
        return (arg, None);
    }
    match engine::workload::installed_dom(root) {
        Some(env) => (
            EngineArg::Node,
            Some(format!(
                "the tests' environment is '{}' ({}), a DOM Boa does not run: they ran under node (`--engine boa` runs them in Boa without it)",
                env.name,
                env.from
            )),
        ),
        None => (EngineArg::Boa, None),
    }
}

impl Profiler for EngineProfiler {
    /// With `both`, the Boa profile, after the differences from node's are printed on stderr.
    fn profile(&self, opts: &ProfileOptions) -> Result<Profile, String> {
        let mut boa = run(self.engine, opts).map_err(|e| e.to_string())?.profile;
        boa.notes.splice(0..0, self.why.clone());
        if self.engine == EngineArg::Both && opts.instrument {
            let node = run(EngineArg::Node, opts).map_err(|e| e.to_string())?;
            let diff = engine::compare::differences(&boa, &node.profile, ("boa", "node"));
            eprintln!(
                "engines: {} difference(s) between the boa and the node profile of {}",
                diff.len(),
                opts.root.display()
            );
            for d in &diff {
                eprintln!("  {d}");
            }
        }
        Ok(boa)
    }

    fn runs_where(&self, instrumented: bool) -> &'static str {
        match (self.engine, instrumented) {
            (EngineArg::Node, _) => "under node",
            (EngineArg::Both, true) => "in Boa and under node",
            _ => "in Boa",
        }
    }
}

/// One run of `opts` on `engine` (Boa for `both`: the caller runs node itself; `auto` chosen as
/// [`choose`] does).
pub fn run(engine: EngineArg, opts: &ProfileOptions) -> Result<RunOutcome, engine::EngineError> {
    match choose(engine, &opts.root).0 {
        EngineArg::Node => {
            // this executable instruments dependencies as node loads them
            let exe = std::env::current_exe().ok();
            profile_project_node(opts, exe.as_deref())
        }
        EngineArg::Boa | EngineArg::Both | EngineArg::Auto => profile_project(opts),
    }
}

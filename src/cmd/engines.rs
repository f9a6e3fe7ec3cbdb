//! The profiling engines as the `suggest` library's profiler: embedded Boa or node.

use engine::node::profile_project_node;
use engine::profile::Profile;
use engine::{profile_project, ProfileOptions, RunOutcome};
use suggest::project::Profiler;

use crate::cli::EngineArg;

/// Runs workloads in the embedded Boa engine or under node.
pub struct EngineProfiler(pub EngineArg);

impl Profiler for EngineProfiler {
    /// With `both`, the Boa profile, after the differences from node's are printed on stderr.
    fn profile(&self, opts: &ProfileOptions) -> Result<Profile, String> {
        let boa = run(self.0, opts).map_err(|e| e.to_string())?.profile;
        if self.0 == EngineArg::Both && opts.instrument {
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
        match (self.0, instrumented) {
            (EngineArg::Node, _) => "under node",
            (EngineArg::Both, true) => "in Boa and under node",
            _ => "in Boa",
        }
    }
}

/// One run of `opts` on `engine` (Boa for `both`: the caller runs node itself).
pub fn run(engine: EngineArg, opts: &ProfileOptions) -> Result<RunOutcome, engine::EngineError> {
    match engine {
        EngineArg::Node => {
            // this executable instruments dependencies as node loads them
            let exe = std::env::current_exe().ok();
            profile_project_node(opts, exe.as_deref())
        }
        EngineArg::Boa | EngineArg::Both => profile_project(opts),
    }
}

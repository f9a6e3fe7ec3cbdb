//! The Boa engine as the `suggest` library's profiler.

use engine::profile::Profile;
use engine::{profile_project, ProfileOptions};
use suggest::project::Profiler;

/// Runs workloads in the embedded Boa engine.
pub struct BoaProfiler;

impl Profiler for BoaProfiler {
    fn profile(&self, opts: &ProfileOptions) -> Result<Profile, String> {
        profile_project(opts)
            .map(|o| o.profile)
            .map_err(|e| e.to_string())
    }
}

//! Which engine runs a JavaScript workload: the embedded Boa engine, node, both (and where their
//! profiles differ), or chosen by what the tests need. The CLI and the benchmarks hand a
//! [`EngineProfiler`] to `suggest` as its [`jsproject::Profiler`].

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Mutex;

use jsproject::profile::Profile;
use jsproject::workload::Workload;
use jsproject::{EngineError, ProfileOptions, Profiler, RunOutcome};

/// The engines a user can ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// Boa, or node when the tests need what Boa cannot run.
    Auto,
    /// The embedded Boa engine.
    Boa,
    /// Real node.
    Node,
    /// Both, and the differences between their profiles.
    Both,
}

/// Runs workloads in the embedded Boa engine or under node, as the user chose.
pub struct EngineProfiler {
    engine: Engine,
    /// Workloads (by root) that `Auto` moved to node once a test needed a Node built-in Boa does
    /// not provide, with the note that says so.
    to_node: Mutex<HashMap<PathBuf, String>>,
}

impl EngineProfiler {
    /// The profiler `engine` stands for (`Auto` is chosen per workload, see [`choose`]).
    pub fn new(engine: Engine) -> EngineProfiler {
        EngineProfiler {
            engine,
            to_node: Mutex::new(HashMap::new()),
        }
    }

    /// The engine for `workload`: [`choose`]'s, or node where `Auto` already moved it there.
    fn engine_for(&self, workload: &Workload) -> (Engine, Option<String>) {
        let moved = self
            .to_node
            .lock()
            .ok()
            .and_then(|m| m.get(&workload.root).cloned());
        match (self.engine, moved) {
            (Engine::Auto, Some(note)) => (Engine::Node, Some(note)),
            _ => choose(self.engine, workload),
        }
    }
}

/// The note for a run in Boa in which a test failed for want of a Node built-in module the
/// embedded engine does not provide (`domain`, loaded deep in a test runner's dependencies).
fn missing_builtin(profile: &Profile) -> Option<String> {
    const NEEDLE: &str = "the Node built-in module '";
    profile.tests.iter().filter(|t| !t.passed).find_map(|t| {
        let e = t.error.as_deref()?;
        let rest = &e[e.find(NEEDLE)? + NEEDLE.len()..];
        let module = &rest[..rest.find('\'')?];
        Some(format!(
            "{} needs the Node built-in module '{module}', which the embedded engine does not provide: the tests ran under node (`--engine boa` runs them in Boa without it)",
            t.file
        ))
    })
}

/// The engine `engine` stands for on `workload`: `Auto` is Boa, or node when the tests need what
/// Boa cannot run (a DOM the project has installed, a Node built-in for network, processes or
/// threads that a test or setup file loads), with the note that says why.
pub fn choose(engine: Engine, workload: &Workload) -> (Engine, Option<String>) {
    if engine != Engine::Auto {
        return (engine, None);
    }
    if let Some(env) = workload.installed_dom() {
        return (
            Engine::Node,
            Some(format!(
                "the tests' environment is '{}' ({}), a DOM Boa does not run: they ran under node (`--engine boa` runs them in Boa without it)",
                env.name,
                env.from
            )),
        );
    }
    match &workload.system_import {
        Some((file, module)) => (
            Engine::Node,
            Some(format!(
                "{file} loads '{module}', which the embedded engine cannot run (no network, processes or threads): the tests ran under node (`--engine boa` runs them in Boa without it)"
            )),
        ),
        None => (Engine::Boa, None),
    }
}

impl Profiler for EngineProfiler {
    /// With `Both`, the Boa profile, after the differences from node's are printed on stderr.
    fn profile(&self, workload: &Workload, opts: &ProfileOptions) -> Result<Profile, String> {
        let (engine, why) = self.engine_for(workload);
        let mut boa = run(engine, workload, opts)
            .map_err(|e| e.to_string())?
            .profile;
        if let (Engine::Auto, Engine::Boa, Some(note)) =
            (self.engine, engine, missing_builtin(&boa))
        {
            if let Ok(mut m) = self.to_node.lock() {
                m.insert(workload.root.clone(), note);
                drop(m);
                return self.profile(workload, opts);
            }
        }
        boa.notes.splice(0..0, why);
        if engine == Engine::Both && opts.instrument {
            let node = run(Engine::Node, workload, opts).map_err(|e| e.to_string())?;
            let diff = jsproject::compare::differences(&boa, &node.profile, ("boa", "node"));
            eprintln!(
                "engines: {} difference(s) between the boa and the node profile of {}",
                diff.len(),
                workload.root.display()
            );
            for d in &diff {
                eprintln!("  {d}");
            }
        }
        Ok(boa)
    }

    fn runs_where(&self, workload: &Workload, instrumented: bool) -> &'static str {
        match (self.engine_for(workload).0, instrumented) {
            (Engine::Node, _) => "under node",
            (Engine::Both, true) => "in Boa and under node",
            _ => "in Boa",
        }
    }
}

/// One run of `workload` on `engine` (Boa for `Both`: the caller runs node itself; `Auto` chosen
/// as [`choose`] does).
pub fn run(
    engine: Engine,
    workload: &Workload,
    opts: &ProfileOptions,
) -> Result<RunOutcome, EngineError> {
    match choose(engine, workload).0 {
        Engine::Node => engine_node::profile_project_node(workload, opts),
        Engine::Boa | Engine::Both | Engine::Auto => engine_boa::profile_project(workload, opts),
    }
}

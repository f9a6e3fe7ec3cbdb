//! The plan of a sampled run (property-aware program sampling on the stock JVM), handed to the
//! runtime as system properties: the share of objects followed and of path windows on, the seed,
//! the window length, and the property that restricts a run to some allocation sites.

use super::property::Property;
use super::sites::{Instrumented, SiteKind};

/// The default share of objects followed (and of path windows on), as the command line takes it.
pub const DEFAULT_RATE: &str = "0.02";
/// Groups the runtime counts a sampled run's followed objects in: random replicate groups, then
/// the certain stratum.
pub const GROUPS: usize = 8;

/// The default path window, milliseconds.
pub const DEFAULT_PERIOD_MS: u32 = 1;

/// A sampling rate as the command lines take it (`--sample`, `--rate`): a share in (0, 1].
pub fn parse_rate(s: &str) -> Result<f64, String> {
    let r: f64 = s.parse().map_err(|_| format!("`{s}` is not a number"))?;
    if r > 0.0 && r <= 1.0 {
        Ok(r)
    } else {
        Err(format!("the rate must be above 0 and at most 1, not {s}"))
    }
}

/// How a run is sampled.
#[derive(Debug, Clone, PartialEq)]
pub struct SamplePlan {
    /// Share of objects followed and of path windows on (1: full profiling).
    pub rate: f64,
    /// Seed of the runtime's random choices.
    pub seed: u64,
    /// Path window, milliseconds.
    pub period_ms: u32,
    /// Only these allocation sites (`File.java:line` or a class name), if given.
    pub property: Option<String>,
}

impl Default for SamplePlan {
    fn default() -> Self {
        SamplePlan {
            rate: 1.0,
            seed: 1,
            period_ms: DEFAULT_PERIOD_MS,
            property: None,
        }
    }
}

impl SamplePlan {
    /// The runtime's system properties for this plan; `sites` are the property's sites.
    pub fn jvm_props(&self, sites: Option<&[u32]>) -> Vec<(String, String)> {
        let mut out = Vec::new();
        if self.rate < 1.0 {
            out.push(("decisionprof.rate".into(), self.rate.to_string()));
            out.push(("decisionprof.seed".into(), self.seed.to_string()));
            out.push(("decisionprof.period".into(), self.period_ms.to_string()));
        }
        if let Some(ids) = sites {
            let list: Vec<String> = ids.iter().map(u32::to_string).collect();
            out.push(("decisionprof.only".into(), list.join(",")));
        }
        out
    }
}

/// The allocation sites a property names: `File.java:line` (the sites on that line of that
/// source file) or a class (its dotted name, or simple name: the sites allocating it).
pub fn property_sites(inst: &Instrumented, property: &str) -> Result<Vec<u32>, String> {
    let prop = Property::parse(property);
    let ids: Vec<u32> = inst
        .sites
        .iter()
        .filter(|s| {
            let SiteKind::Alloc { ty, .. } = &s.kind else {
                return false;
            };
            let source = inst.methods[s.method as usize].source.as_deref();
            prop.matches(ty, s.line, source)
        })
        .map(|s| s.id)
        .collect();
    if ids.is_empty() {
        return Err(format!(
            "no allocation site matches the property `{property}` (give File.java:line or a class name)"
        ));
    }
    Ok(ids)
}

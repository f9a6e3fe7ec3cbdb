//! The calibrated native-cost table both engines charge built-in calls from: per built-in
//! `base + per × size` branch-point units, measured under node by `calibrate/native_costs.js`
//! (`decisionprof-bench natives` runs it again), where size is the length of the receiver, of the
//! first argument or of the result, or n·log2(n) for sorting; `Catch`, an exception thrown and
//! caught, has a fixed cost.

use std::collections::BTreeMap;

use serde::Deserialize;

/// The stored calibration.
pub const TABLE_JSON: &str = include_str!("../calibrate/native_costs.json");

/// The microbenchmark that makes the table (run under node; prints the table as JSON).
pub const CALIBRATE_JS: &str = include_str!("../calibrate/native_costs.js");

/// What a weight's size is measured on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SizeOf {
    /// The receiver (`this`).
    This,
    /// The first argument.
    Arg0,
    /// The value returned.
    Result,
    /// n·log2(n) of the receiver's length.
    Nlogn,
    /// No size: a fixed cost per event (an exception caught).
    None,
}

/// The cost of one built-in: `base + per × size` branch-point units.
#[derive(Debug, Clone, Copy, serde::Serialize, Deserialize)]
pub struct Weight {
    /// What the size is measured on.
    pub size: SizeOf,
    /// Units per call.
    pub base: f64,
    /// Units per element of the size.
    pub per: f64,
}

/// The calibration table.
#[derive(Debug, Clone, Deserialize)]
pub struct Table {
    /// Node time of one branch point of typical code, in ns (the unit).
    pub ns_per_branch_point: f64,
    /// Per built-in, by its path (`String.prototype.toLowerCase`, `JSON.parse`, `ToNumber`).
    pub costs: BTreeMap<String, Weight>,
}

/// The stored table (parsed once per run; the file is part of the tool, so it parses).
pub fn table() -> Table {
    parse_table(TABLE_JSON).expect("jsproject/calibrate/native_costs.json is valid")
}

/// Parses a table as the calibration script prints it.
pub fn parse_table(json: &str) -> Result<Table, serde_json::Error> {
    serde_json::from_str(json)
}

impl Weight {
    /// Units of one call whose size is `n`.
    pub fn units(&self, n: f64) -> f64 {
        let n = if self.size == SizeOf::Nlogn && n > 1.0 {
            n * n.log2()
        } else {
            n
        };
        self.base + self.per * n
    }
}

//! Allocation figures from the JDK Flight Recorder to check ours against: a run with
//! `jdk.ObjectAllocationSample` events (TLAB-based samples whose weights estimate the bytes
//! allocated), read back with the JDK's `jfr` tool.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use graph::flow::Report;

use jvm_bytecode::jdk::{collector_chosen, JdkError};
use jvm_bytecode::layout::primitive_descriptor;

/// Recording settings: allocation samples only, no stacks, throttled far above the default.
const SETTINGS: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<configuration version="2.0" label="decisionprof" description="allocation samples only">
  <event name="jdk.ObjectAllocationSample">
    <setting name="enabled">true</setting>
    <setting name="throttle">100000/s</setting>
    <setting name="stackTrace">false</setting>
  </event>
</configuration>
"#;

/// The JVM options that record allocation samples of a run into `dir/alloc.jfr` (with the G1
/// collector unless the environment chose one); returns them with the recording's path.
pub fn recording_args(dir: &Path) -> Result<(Vec<String>, PathBuf), JdkError> {
    let jfc = dir.join("alloc.jfc");
    std::fs::write(&jfc, SETTINGS).map_err(|source| JdkError::Io {
        path: jfc.display().to_string(),
        source,
    })?;
    let out = dir.join("alloc.jfr");
    let arg = format!(
        "-XX:StartFlightRecording=filename={},settings={}",
        out.display(),
        jfc.display()
    );
    let mut args = vec![arg];
    // the samples come at TLAB refills: under the parallel collector, which profiled runs use,
    // TLABs are larger and a run gives too few (Xalan: 21 samples against G1's 173)
    if !collector_chosen(&[]) {
        args.push("-XX:+UseG1GC".into());
    }
    Ok((args, out))
}

/// Sampled bytes per class (JVM names: `java/lang/String`, `[I`) in a recording.
pub fn sampled_bytes(recording: &Path) -> Result<BTreeMap<String, u64>, JdkError> {
    let out = Command::new("jfr")
        .args(["print", "--json", "--events", "jdk.ObjectAllocationSample"])
        .arg(recording)
        .output()
        .map_err(|source| JdkError::NoTool {
            tool: "jfr".into(),
            source,
        })?;
    let bad = |m: String| JdkError::Library(format!("{}: {m}", recording.display()));
    if !out.status.success() {
        return Err(bad(String::from_utf8_lossy(&out.stderr).into_owned()));
    }
    let v: serde_json::Value =
        serde_json::from_slice(&out.stdout).map_err(|e| bad(e.to_string()))?;
    let mut by_class = BTreeMap::new();
    for e in v["recording"]["events"].as_array().into_iter().flatten() {
        let values = &e["values"];
        let (Some(name), Some(w)) = (
            values["objectClass"]["name"].as_str(),
            values["weight"].as_u64(),
        ) else {
            continue;
        };
        *by_class.entry(name.to_string()).or_insert(0) += w;
    }
    Ok(by_class)
}

/// A report's type name as the JVM names the class (`int[]` → `[I`, `a.B[]` → `[La/B;`).
pub fn jvm_name(ty: &str) -> String {
    if let Some(base) = ty.strip_suffix("[]") {
        let elem = match primitive_descriptor(base) {
            Some(d) => d.to_string(),
            None if base.starts_with('[') || base.ends_with("[]") => jvm_name(base),
            None => format!("L{};", base.replace('.', "/")),
        };
        return format!("[{elem}");
    }
    ty.replace('.', "/")
}

/// How our estimate of a class's bytes compares with the recorder's samples.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassAgreement {
    /// The class (JVM name).
    pub class: String,
    /// Our estimated bytes (all sites of that class).
    pub ours: u64,
    /// The recorder's sampled bytes.
    pub sampled: u64,
}

/// Per class, ours against the samples for the `top` classes we attribute most bytes to, among
/// the classes `keep` accepts (JVM names). Only classes that nothing but the profiled code
/// allocates can agree: the recorder also counts what the JDK allocates of a class.
pub fn agreement(
    r: &Report,
    sampled: &BTreeMap<String, u64>,
    top: usize,
    keep: impl Fn(&str) -> bool,
) -> Vec<ClassAgreement> {
    let mut ours: BTreeMap<String, u64> = BTreeMap::new();
    for p in &r.producers {
        let class = jvm_name(&p.ty);
        if keep(&class) {
            *ours.entry(class).or_insert(0) += p.counts.bytes;
        }
    }
    let mut rows: Vec<ClassAgreement> = ours
        .into_iter()
        .map(|(class, ours)| ClassAgreement {
            sampled: sampled.get(&class).copied().unwrap_or(0),
            class,
            ours,
        })
        .collect();
    rows.sort_by(|a, b| b.ours.cmp(&a.ours).then(a.class.cmp(&b.class)));
    rows.truncate(top);
    rows
}

/// One figure for a set of rows: our bytes over the sampled bytes, summed (1.0: the same).
pub fn ratio(rows: &[ClassAgreement]) -> f64 {
    let ours: u64 = rows.iter().map(|r| r.ours).sum();
    let sampled: u64 = rows.iter().map(|r| r.sampled).sum();
    ours as f64 / sampled.max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::jvm_name;

    #[test]
    fn report_types_map_to_jvm_names() {
        assert_eq!(jvm_name("int[]"), "[I");
        assert_eq!(jvm_name("java.lang.String[]"), "[Ljava/lang/String;");
        assert_eq!(jvm_name("[[I"), "[[I");
        assert_eq!(jvm_name("java.lang.Object[][]"), "[[Ljava/lang/Object;");
        assert_eq!(jvm_name("int[][]"), "[[I");
        assert_eq!(jvm_name("Sizes$Pair"), "Sizes$Pair");
        assert_eq!(jvm_name("java.lang.Integer"), "java/lang/Integer");
    }
}

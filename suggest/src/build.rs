//! The project's own build step, run in a working copy when its tests load build output
//! (`dist/index.js`): Boa runs the sources instead, but node runs what the tests name, so every
//! copy the gate times is built from its (changed) sources first. Never run in the user's tree.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use crate::error::SuggestError;

/// Longest a build may take.
const BUILD_TIMEOUT: Duration = Duration::from_secs(300);

/// `npm run <script>` in a working copy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildStep {
    /// The `package.json` script that builds (`build`, else `prepare`/`prepublishOnly`/`pretest`).
    pub script: String,
    /// The build output the tests load, relative (for messages).
    pub outputs: Vec<String>,
}

/// The build step the gate needs when the profiled tests loaded build output (`redirects`:
/// `(output, source)`); `None` when they did not. `no_build` (`--no-build`) or a project without
/// a build script is an error naming the output, since node could not run the tests otherwise.
pub fn build_step(
    root: &Path,
    redirects: &[(String, String)],
    no_build: bool,
) -> Result<Option<BuildStep>, SuggestError> {
    if redirects.is_empty() {
        return Ok(None);
    }
    let outputs: Vec<String> = redirects.iter().map(|(o, _)| o.clone()).collect();
    let shown = outputs.join(", ");
    if no_build {
        return Err(SuggestError::Baseline(format!(
            "the tests load build output ({shown}) and --no-build was given: build the project first, or use --gate none"
        )));
    }
    let pkg: serde_json::Value = std::fs::read_to_string(root.join("package.json"))
        .ok()
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default();
    let script = jsproject::build_script(&pkg)
        .map(str::to_string)
        .ok_or_else(|| {
            SuggestError::Baseline(format!(
                "the tests load build output ({shown}) and package.json has no build script: build the project first, or use --gate none"
            ))
        })?;
    Ok(Some(BuildStep { script, outputs }))
}

impl BuildStep {
    /// Runs `npm run <script>` in the working copy `dir`; its output is kept for the error.
    pub fn run(&self, dir: &Path) -> Result<(), SuggestError> {
        let mut cmd = Command::new("npm");
        cmd.args(["run", "--silent", &self.script]).current_dir(dir);
        let ran = crate::node::run_captured(&mut cmd, BUILD_TIMEOUT)
            .map_err(|e| SuggestError::io("running npm for the project's build", e))?;
        let (failed, text) = match ran {
            Some((status, ..)) if status.success() => return Ok(()),
            Some((_, out, err)) => ("", format!("{out}{err}")),
            None => (" (timed out)", String::new()),
        };
        let tail: Vec<&str> = text.lines().rev().take(6).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        Err(SuggestError::Baseline(format!(
            "the tests load build output ({}); `npm run {}` in the working copy failed{failed}: {}",
            self.outputs.join(", "),
            self.script,
            tail.join(" | ")
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_build_script_is_found_or_its_absence_named() {
        let dir = tempfile::tempdir().unwrap();
        let r = [("dist/index.js".to_string(), "src/index.ts".to_string())];
        assert_eq!(build_step(dir.path(), &[], false).unwrap(), None);
        let none = build_step(dir.path(), &r, false).unwrap_err().to_string();
        assert!(
            none.contains("dist/index.js") && none.contains("no build script"),
            "{none}"
        );
        std::fs::write(
            dir.path().join("package.json"),
            r#"{"scripts":{"pretest":"npm run compile","build":"tsc"}}"#,
        )
        .unwrap();
        let step = build_step(dir.path(), &r, false).unwrap().unwrap();
        assert_eq!(step.script, "build");
        let off = build_step(dir.path(), &r, true).unwrap_err().to_string();
        assert!(off.contains("--no-build"), "{off}");
    }
}

//! From analysed candidates to suggestions: rewrite, validate and gate each variant under node.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use instrument::model::{Decision, DecisionId, Reorder, Shape};
use jsproject::profile::Profile;
use jsproject::workload::Workload;
use serde::{Deserialize, Serialize};

use crate::candidate::Analysis;
use crate::error::SuggestError;
use crate::gate::{self, Baseline, Comparison, GateOptions, GateResult};
use crate::node::NodeRunner;
use crate::noise;
use crate::progress;
use crate::replay::{leaf_count, tree_cost};
use crate::switch;
use crate::variant::{materialize, rewrite_all};
use report::emit::diff::unified_diff;

/// Whether candidates are gated one at a time or all together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Batch {
    /// One variant per candidate (the paper's setting for libraries).
    Each,
    /// One variant with every candidate (the paper's setting for benchmarks).
    All,
}

/// Which gate decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GateKind {
    /// Validate and time under node.
    Node,
    /// No validation, no timing: every candidate is suggested as unverified.
    None,
}

/// Options of [`evaluate`].
#[derive(Debug, Clone, PartialEq)]
pub struct SuggestOptions {
    /// Gate or not.
    pub gate: GateKind,
    /// One variant per candidate or one for all.
    pub batch: Batch,
    /// Timing parameters.
    pub gate_options: GateOptions,
    /// At most this many candidates are gated (largest estimated saving first).
    pub max_suggestions: usize,
    /// Limit for one node process.
    pub timeout: Duration,
    /// Never run the project's build step in the working copies (`--no-build`).
    pub no_build: bool,
    /// Gate candidates whose function takes less than [`crate::hot::MIN_SHARE`] of the run.
    pub all_candidates: bool,
}

/// What became of one candidate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "status", content = "reason")]
pub enum Status {
    /// Validated and significantly faster: suggested.
    Suggested,
    /// Suggested without validation or timing (`--gate none`).
    Unverified,
    /// The rewritten workload does not behave like the original.
    Invalid(String),
    /// Validated but not faster by the gate's rule.
    NotFaster,
    /// Not tried (cannot be rewritten, overlaps another, beyond `--max-suggestions`).
    Skipped(String),
}

/// One candidate with its fate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// The optimizer's analysis.
    pub analysis: Analysis,
    /// What became of it.
    #[serde(flatten)]
    pub status: Status,
    /// Timing comparison, when gated.
    pub gate: Option<GateResult>,
    /// The diff of this candidate alone.
    pub diff: String,
    /// The share (percent) of the workload's time under node its function takes, when sampled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub function_share: Option<f64>,
    /// Why it was not suggested, in plain words with what to do (see [`crate::why_not`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why_not: Option<String>,
}

impl Outcome {
    /// True if the candidate ends up in the patch.
    pub fn is_suggested(&self) -> bool {
        matches!(self.status, Status::Suggested | Status::Unverified)
    }
}

/// Every candidate's outcome and the combined patch of the suggested ones.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Evaluation {
    /// Per candidate, in decreasing estimated saving.
    pub outcomes: Vec<Outcome>,
    /// One unified diff of every suggestion.
    pub patch: String,
    /// Candidates that passed testing-based validation (all candidates without a gate).
    pub validated: usize,
    /// Why gating stopped before every candidate was decided (Ctrl-C, SIGTERM, a timeout).
    pub interrupted: Option<String>,
    /// The machine's noise floor over the affected tests, in percent, when it was measured.
    pub noise_floor: Option<f64>,
}

/// Workload files in the order the profile's tests ran (files without tests are missing).
pub fn workload_files(profile: &Profile) -> Vec<String> {
    let mut files: Vec<String> = Vec::new();
    for t in &profile.tests {
        if !files.contains(&t.file) {
            files.push(t.file.clone());
        }
    }
    files
}

/// Rewrites, validates and gates the candidates among `analyses`; never writes under the
/// workload's root.
pub fn evaluate(
    workload: &Workload,
    profile: &Profile,
    analyses: &[Analysis],
    opts: &SuggestOptions,
) -> Result<Evaluation, SuggestError> {
    let root = workload.root.as_path();
    let files = workload.rel_files();
    let files = &files[..];
    let decisions: HashMap<&DecisionId, &Decision> = profile
        .decisions
        .iter()
        .map(|d| (&d.decision.id, &d.decision))
        .collect();
    let mut cands: Vec<&Analysis> = analyses.iter().filter(|a| a.is_candidate()).collect();
    cands.sort_by(|a, b| {
        let sa = a.cost_before - a.cost_after;
        let sb = b.cost_before - b.cost_after;
        sb.cmp(&sa).then_with(|| a.id.cmp(&b.id))
    });
    let mut outcomes: Vec<Outcome> = Vec::new();
    let mut tried: Vec<&Analysis> = Vec::new();
    for a in &cands {
        let Some(d) = decisions.get(&a.id) else {
            outcomes.push(outcome(
                a,
                Status::Skipped("decision missing from the profile".into()),
                String::new(),
            ));
            continue;
        };
        let single = rewrite_all(root, &[(d, &a.reorder)])?;
        if let Some((_, why)) = single.skipped.first() {
            outcomes.push(outcome(a, Status::Skipped(why.clone()), String::new()));
        } else if tried.len() >= opts.max_suggestions {
            outcomes.push(outcome(
                a,
                Status::Skipped(format!("beyond --max-suggestions {}", opts.max_suggestions)),
                unified_diff(&single.changes),
            ));
        } else {
            tried.push(a);
            outcomes.push(outcome(
                a,
                Status::Unverified,
                unified_diff(&single.changes),
            ));
        }
    }
    let mut interrupted = None;
    let mut noise_floor = None;
    let validated = match opts.gate {
        GateKind::None => tried.len(),
        GateKind::Node => {
            let runner = NodeRunner::new(opts.timeout)?
                .for_workload(workload)
                .with_skipped(timed_out_tests(profile));
            if files.is_empty() {
                return Err(SuggestError::Baseline(
                    "the profile ran no workload file".into(),
                ));
            }
            let work = tempfile::Builder::new()
                .prefix("decisionprof-suggest-")
                .tempdir()
                .map_err(|e| SuggestError::io("creating a temp dir", e))?;
            let original = work.path().join("original");
            let build = crate::build::build_step(root, &profile.redirects, opts.no_build)?;
            materialize(root, workload.runner(), &original, &[], build.as_ref())?;
            crate::progress::note("gate", "validating the original under node");
            let reference = steady_output(gate::baseline(&runner, &original, files)?, || {
                gate::baseline(&runner, &original, files)
            })?;
            let tests = TestCheck::of(workload, opts, &original)?;
            let known = (profile, &decisions);
            crate::hot::rank(&runner, &original, files, known, opts, &mut outcomes);
            let env = Env {
                root,
                runner_kind: workload.runner(),
                profile,
                work: work.path(),
                original: &original,
                files,
                reference: &reference,
                runner: &runner,
                decisions: &decisions,
                opts,
                build: build.as_ref(),
                floor: std::cell::Cell::new(None),
                tests,
            };
            let gated = match opts.batch {
                Batch::Each => gate_each(&env, &mut outcomes),
                Batch::All => gate_all(&env, &mut outcomes),
            };
            noise_floor = env.floor.get();
            match gated {
                Ok(n) => n,
                Err(e @ (SuggestError::Interrupted(_) | SuggestError::Timeout(_))) => {
                    interrupted = Some(e.to_string());
                    not_gated(&mut outcomes, &e);
                    outcomes.iter().filter(|o| o.gate.is_some()).count()
                }
                Err(e) => return Err(e),
            }
        }
    };
    let chosen: Vec<(&Decision, &instrument::model::Reorder)> = outcomes
        .iter()
        .filter(|o| o.is_suggested())
        .filter_map(|o| {
            decisions
                .get(&o.analysis.id)
                .map(|d| (*d, &o.analysis.reorder))
        })
        .collect();
    let combined = rewrite_all(root, &chosen)?;
    // Suggestions that cannot share the patch with an earlier (larger) one are reported, not dropped silently.
    for (id, why) in &combined.skipped {
        if let Some(o) = outcomes.iter_mut().find(|o| &o.analysis.id == id) {
            // under `--gate none` no gate ran
            o.status = match o.status {
                Status::Unverified => Status::Skipped(format!("{why} (not gated)")),
                _ => Status::Skipped(format!("{why} (passed the gate alone)")),
            };
        }
    }
    let project = root.display().to_string();
    let cx = crate::why_not::Context {
        project: &project,
        floor: noise_floor,
        benchmarks: &workload.benchmarks,
        on_benchmarks: workload.is_benchmarks(),
    };
    for o in outcomes.iter_mut() {
        o.why_not = crate::why_not::why_not(o, &cx);
    }
    Ok(Evaluation {
        outcomes,
        patch: unified_diff(&combined.changes),
        validated,
        interrupted,
        noise_floor,
    })
}

/// The reference with its output kept only when a second run of the original prints the same
/// (a suite that prints timings or dates would fail every variant's validation otherwise; the
/// tests' results are still compared). A workload that prints nothing is run once.
fn steady_output(
    first: Baseline,
    again: impl FnOnce() -> Result<Baseline, SuggestError>,
) -> Result<Baseline, SuggestError> {
    if first.output.is_empty() {
        return Ok(first);
    }
    let second = again()?;
    if second.output == first.output {
        return Ok(first);
    }
    crate::progress::note(
        "gate",
        "the original prints something different on each run (timings, dates): validation compares the tests' results, not the output",
    );
    Ok(Baseline {
        output_varies: true,
        ..first
    })
}

/// Marks every candidate still undecided as not gated because of `why`.
fn not_gated(outcomes: &mut [Outcome], why: &SuggestError) {
    for o in outcomes.iter_mut() {
        if o.status == Status::Unverified {
            o.status = Status::Skipped(format!("not gated: {why}"));
        }
    }
}

fn outcome(a: &Analysis, status: Status, diff: String) -> Outcome {
    Outcome {
        analysis: a.clone(),
        status,
        gate: None,
        diff,
        function_share: None,
        why_not: None,
    }
}

/// What every gating step needs.
struct Env<'a> {
    root: &'a Path,
    /// The project's test runner.
    runner_kind: Option<jsproject::discover::Runner>,
    profile: &'a Profile,
    work: &'a Path,
    original: &'a Path,
    files: &'a [String],
    reference: &'a Baseline,
    runner: &'a NodeRunner,
    decisions: &'a HashMap<&'a DecisionId, &'a Decision>,
    opts: &'a SuggestOptions,
    /// The project's build, run in every working copy when the tests load build output.
    build: Option<&'a crate::build::BuildStep>,
    /// The noise floor once measured (percent).
    floor: std::cell::Cell<Option<f64>>,
    /// The project's tests, which validate each variant when the workload is its benchmarks.
    tests: Option<TestCheck>,
}

/// The project's own tests and how the original fares on them, when the workload is its
/// benchmarks: timing runs the benchmarks, validation the tests.
struct TestCheck {
    runner: NodeRunner,
    files: Vec<String>,
    reference: Baseline,
}

impl TestCheck {
    /// The check for `workload` (none unless it is the project's benchmarks and the project has
    /// tests), its reference taken on the copy `original`.
    fn of(
        workload: &Workload,
        opts: &SuggestOptions,
        original: &Path,
    ) -> Result<Option<TestCheck>, SuggestError> {
        let Some(tests) = workload.own_tests().filter(|_| workload.is_benchmarks()) else {
            return Ok(None);
        };
        let runner = NodeRunner::new(opts.timeout)?.for_workload(&tests);
        let files = tests.rel_files();
        crate::progress::note(
            "gate",
            &format!(
                "the workload is the project's benchmarks: validating on its {} test file(s)",
                files.len()
            ),
        );
        // the tests print their timings too (urun: "66 pass | 3 ms")
        let reference = steady_output(gate::baseline(&runner, original, &files)?, || {
            gate::baseline(&runner, original, &files)
        })?;
        Ok(Some(TestCheck {
            runner,
            files,
            reference,
        }))
    }
}

impl Env<'_> {
    /// Validates the variant at `dir`: the workload behaves as the original's (a benchmark's
    /// printed timings aside) and, when the workload is the benchmarks, the tests do too.
    fn validate(&self, dir: &Path) -> Result<Result<(), String>, SuggestError> {
        let same_output = self.tests.is_none();
        let check = gate::Check {
            runner: self.runner,
            reference: self.reference,
            original: self.original,
            files: self.files,
        };
        let valid = gate::validate(&check, dir, same_output)?;
        match (&valid, &self.tests) {
            (Ok(()), Some(t)) => {
                let check = gate::Check {
                    runner: &t.runner,
                    reference: &t.reference,
                    original: self.original,
                    files: &t.files,
                };
                gate::validate(&check, dir, true)
            }
            _ => Ok(valid),
        }
    }

    /// Builds, validates and times one variant with `picked` applied; returns validation failure or gate result.
    /// With `prevalidated`, the candidates' variant has passed validation together with others
    /// already ([`Env::validate_together`]) and is only timed.
    fn try_variant(
        &self,
        name: &str,
        picked: &[&Outcome],
        prevalidated: bool,
        tick: &dyn Fn(),
        phase: &dyn Fn(&str),
    ) -> Result<Result<GateResult, String>, SuggestError> {
        let (dir, left_out) = self.build_variant(name, picked)?;
        if !left_out.is_empty() {
            let _ = std::fs::remove_dir_all(&dir);
            return Err(SuggestError::Runner(format!(
                "{} of the candidates gated together overlap others",
                left_out.len()
            )));
        }
        if !prevalidated {
            let valid = self.validate(&dir)?;
            if let Err(why) = valid {
                let _ = std::fs::remove_dir_all(&dir);
                tick();
                return Ok(Err(why));
            }
        }
        tick();
        let all = self.affected(picked);
        let estimates = self.estimates(picked);
        let affected = most_changed(&all, &estimates, self.opts.gate_options.timed_tests);
        phase(&if affected.len() < all.len() {
            format!(
                "valid; timing {} of {} affected tests (largest predicted change first)",
                affected.len(),
                all.len()
            )
        } else {
            format!("valid; timing {} affected tests", affected.len())
        });
        let cmp = Comparison {
            original: self.original,
            variant: &dir,
            files: self.files,
            reference: self.reference,
            affected: Some(&affected),
        };
        let mut result = gate::measure(self.runner, &cmp, &self.opts.gate_options, tick)?;
        for t in &mut result.tests {
            t.estimated_percent = estimates
                .iter()
                .find(|(n, f, _)| *n == t.name && *f == t.file)
                .map(|e| e.2);
        }
        let _ = std::fs::remove_dir_all(&dir);
        Ok(Ok(result))
    }

    /// The decisions of `picked` with their new orders, as [`rewrite_all`] takes them.
    fn wanted<'o>(&'o self, picked: &[&'o Outcome]) -> Vec<(&'o Decision, &'o Reorder)> {
        picked
            .iter()
            .filter_map(|o| {
                let a = &o.analysis;
                self.decisions.get(&a.id).map(|d| (*d, &a.reorder))
            })
            .collect()
    }

    /// Writes the copy of the project with `picked` applied to `name` under the work directory;
    /// also returns the picked decisions it had to leave out (overlapping another).
    fn build_variant(
        &self,
        name: &str,
        picked: &[&Outcome],
    ) -> Result<(PathBuf, Vec<DecisionId>), SuggestError> {
        let rewritten = rewrite_all(self.root, &self.wanted(picked))?;
        let dir = self.work.join(name);
        materialize(
            self.root,
            self.runner_kind,
            &dir,
            &rewritten.changes,
            self.build,
        )?;
        Ok((
            dir,
            rewritten.skipped.into_iter().map(|(id, _)| id).collect(),
        ))
    }

    /// Drops from `todo` (as skipped) the candidates whose rewrite overlaps an earlier one's, so
    /// that every group of the rest can be one variant.
    fn without_overlaps(
        &self,
        outcomes: &mut [Outcome],
        todo: Vec<usize>,
    ) -> Result<Vec<usize>, SuggestError> {
        let picked: Vec<&Outcome> = todo.iter().map(|&i| &outcomes[i]).collect();
        let skipped = rewrite_all(self.root, &self.wanted(&picked))?.skipped;
        let mut keep = Vec::new();
        for i in todo {
            match skipped
                .iter()
                .find(|(id, _)| *id == outcomes[i].analysis.id)
            {
                Some((_, why)) => outcomes[i].status = Status::Skipped(why.clone()),
                None => keep.push(i),
            }
        }
        Ok(keep)
    }

    /// Validates the candidates `todo` in one variant, bisecting a group that fails (group
    /// testing: one run of the suite when all are valid). Marks a candidate that fails alone as
    /// invalid and returns the ones that passed in a group, which need no validation of their own.
    fn validate_together(
        &self,
        outcomes: &mut [Outcome],
        todo: &[usize],
    ) -> Result<Vec<usize>, SuggestError> {
        if todo.len() < 2 {
            return Ok(Vec::new());
        }
        crate::progress::note(
            "gate",
            &format!("validating {} candidates together", todo.len()),
        );
        let (mut variants, mut left_out) = (0, Vec::new());
        let mut try_group = |group: &[usize]| {
            let picked: Vec<&Outcome> = group.iter().map(|&i| &outcomes[i]).collect();
            let (dir, skipped) = self.build_variant(&format!("together-{variants}"), &picked)?;
            left_out.extend(skipped);
            variants += 1;
            let valid = self.validate(&dir);
            let _ = std::fs::remove_dir_all(&dir);
            if let (Ok(Err(_)), true) = (&valid, group.len() > 1) {
                let n = group.len();
                crate::progress::note(
                    "gate",
                    &format!("{n} candidates together: invalid, bisecting"),
                );
            }
            valid
        };
        let decided = crate::bisect::bisect(todo, &mut try_group, &|r| r.is_err())?;
        let mut valid = Vec::new();
        for (group, res) in decided {
            match res {
                // one overlapping another was not in the variant: it is validated alone later
                Ok(()) => valid.extend(
                    group
                        .into_iter()
                        .filter(|&i| !left_out.contains(&outcomes[i].analysis.id)),
                ),
                Err(why) => group
                    .iter()
                    .for_each(|&i| outcomes[i].status = Status::Invalid(why.clone())),
            }
        }
        Ok(valid)
    }

    /// Per test `(name, file, percent)`: branch points the picked orders save, in percent of the test's.
    fn estimates(&self, picked: &[&Outcome]) -> Vec<(String, String, f64)> {
        let mut saved: HashMap<usize, i64> = HashMap::new();
        for o in picked {
            let Some(dp) = self
                .profile
                .decisions
                .iter()
                .find(|d| d.decision.id == o.analysis.id)
            else {
                continue;
            };
            for slice in &dp.slices {
                *saved.entry(slice.test).or_default() +=
                    slice_saving(&dp.decision, slice, &o.analysis.reorder);
            }
        }
        let mut out: Vec<(String, String, f64)> = saved
            .into_iter()
            .filter_map(|(i, s)| {
                let t = self.profile.tests.get(i)?;
                let cost = t.cost(self.profile.cost_model);
                (cost > 0).then(|| {
                    (
                        t.name.clone(),
                        t.file.clone(),
                        -100.0 * s as f64 / cost as f64,
                    )
                })
            })
            .collect();
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    /// Tests `(name, file)` of the profile that executed any of the picked decisions.
    fn affected(&self, picked: &[&Outcome]) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = Vec::new();
        for o in picked {
            let Some(dp) = self
                .profile
                .decisions
                .iter()
                .find(|d| d.decision.id == o.analysis.id)
            else {
                continue;
            };
            for slice in &dp.slices {
                let ran = slice.rows.iter().any(|r| r.count > 0)
                    || slice.switch_rows.iter().any(|r| r.count > 0);
                if let (true, Some(t)) = (ran, self.profile.tests.get(slice.test)) {
                    let key = (t.name.clone(), t.file.clone());
                    if !out.contains(&key) {
                        out.push(key);
                    }
                }
            }
        }
        out
    }

    /// The affected tests the gate times for `picked`: at most `timed_tests` of them, those whose
    /// cost the new orders change most first.
    fn timed(&self, picked: &[&Outcome]) -> Vec<(String, String)> {
        let cap = self.opts.gate_options.timed_tests;
        most_changed(&self.affected(picked), &self.estimates(picked), cap)
    }

    /// Drops from `todo` the candidates predicted to save far below the machine's noise floor,
    /// measured once on the tests any of them affects; they are skipped with both figures
    /// (`--all-candidates` times them all the same).
    fn skip_unmeasurable(
        &self,
        outcomes: &mut [Outcome],
        todo: Vec<usize>,
    ) -> Result<Vec<usize>, SuggestError> {
        if !self.reference.has_tests() || todo.is_empty() {
            return Ok(todo);
        }
        let timed: Vec<(String, String)> = todo
            .iter()
            .flat_map(|&i| self.timed(&[&outcomes[i]]))
            .collect();
        let tests: Vec<usize> = (0..self.reference.tests.len())
            .filter(|&i| {
                let (n, f, _) = &self.reference.tests[i];
                timed.iter().any(|(tn, tf)| tn == n && tf == f)
            })
            .collect();
        let opts = &self.opts.gate_options;
        crate::progress::note(
            "gate",
            &format!(
                "measuring the noise floor ({} of the {} tests to time)",
                tests.len().min(noise::NOISE_TESTS),
                tests.len()
            ),
        );
        let Some(floor) = noise::measure(self.runner, self.original, self.files, &tests, opts)?
        else {
            return Ok(todo);
        };
        self.floor.set(Some(floor));
        let mut keep = Vec::new();
        for i in todo {
            let predicted = self
                .estimates(&[&outcomes[i]])
                .iter()
                .map(|e| -e.2)
                .fold(0.0, f64::max);
            match noise::below(predicted, floor).filter(|_| !self.opts.all_candidates) {
                Some(why) => {
                    let where_ = outcomes[i].analysis.location.to_string();
                    crate::progress::note("gate", &format!("{where_}: skipped, {why}"));
                    outcomes[i].status = Status::Skipped(why);
                }
                None => keep.push(i),
            }
        }
        Ok(keep)
    }

    /// Validation plus the timing rounds (a confirmation round may double them; the bar then
    /// just finishes early when none is needed).
    fn steps_per_variant(&self) -> u64 {
        let o = &self.opts.gate_options;
        1 + gate::processes(self.reference, o) * if o.confirm { 2 } else { 1 }
    }
}

fn gate_each(env: &Env, outcomes: &mut [Outcome]) -> Result<usize, SuggestError> {
    let todo: Vec<usize> = (0..outcomes.len())
        .filter(|&i| outcomes[i].status == Status::Unverified)
        .collect();
    let todo = env.skip_unmeasurable(outcomes, todo)?;
    let prevalidated = env.validate_together(outcomes, &todo)?;
    let todo: Vec<usize> = todo
        .into_iter()
        .filter(|&i| outcomes[i].status == Status::Unverified)
        .collect();
    let pb = progress::bar(todo.len() as u64 * env.steps_per_variant(), "gate");
    let lines = progress::Lines::new(todo.len());
    let mut validated = 0;
    for (k, &i) in todo.iter().enumerate() {
        let what = outcomes[i].analysis.location.to_string();
        pb.set_message(what.clone());
        let known = prevalidated.contains(&i);
        lines.say(
            &pb,
            k,
            k,
            &what,
            if known { "building" } else { "validating" },
        );
        let picked = [&outcomes[i]];
        let phase = |p: &str| lines.say(&pb, k, k, &what, p);
        let name = format!("variant-{k}");
        let res = env.try_variant(&name, &picked, known, &|| pb.inc(1), &phase)?;
        validated += usize::from(record(&mut outcomes[i], &res, 0));
        lines.say(&pb, k, k + 1, &what, &verdict(&outcomes[i]));
    }
    pb.finish_and_clear();
    Ok(validated)
}

/// One-line verdict of a gated candidate for the progress lines (the report's words: a
/// candidate whose timed runs all failed "could not be timed").
fn verdict(o: &Outcome) -> String {
    if let Some(why) = o.gate.as_ref().and_then(|g| g.untimed.as_ref()) {
        return format!("could not be timed: {why}");
    }
    let how = match &o.status {
        Status::Suggested => "suggested".to_string(),
        Status::NotFaster => "not faster".to_string(),
        Status::Invalid(why) => format!("invalid ({why})"),
        other => format!("{other:?}").to_lowercase(),
    };
    match o.gate.as_ref().and_then(|g| g.stopped) {
        Some((n, _)) => format!("{how} after {n} processes per version"),
        None => how,
    }
}

/// Gates every candidate together in one variant (validation and timing), and bisects only a
/// group that cannot decide for its members: one whose variant fails validation, or is not faster
/// while some timed test was significantly faster (a gain one member's loss may hide). A group
/// that is accepted is suggested as a whole; one not faster with no faster test is rejected whole.
fn gate_all(env: &Env, outcomes: &mut [Outcome]) -> Result<usize, SuggestError> {
    let todo: Vec<usize> = (0..outcomes.len())
        .filter(|&i| outcomes[i].status == Status::Unverified)
        .collect();
    let todo = env.skip_unmeasurable(outcomes, todo)?;
    let todo = env.without_overlaps(outcomes, todo)?;
    if todo.is_empty() {
        return Ok(0);
    }
    let pb = progress::bar(todo.len() as u64 * env.steps_per_variant(), "gate");
    let lines = progress::Lines::new(todo.len());
    let (mut variants, mut done) = (0, 0);
    let mut try_group = |group: &[usize]| {
        let what = match group {
            [i] => outcomes[*i].analysis.location.to_string(),
            _ => format!("{} candidates together", group.len()),
        };
        pb.set_message(what.clone());
        let phase = |p: &str| lines.say(&pb, done, done, &what, p);
        phase("validating");
        let picked: Vec<&Outcome> = group.iter().map(|&i| &outcomes[i]).collect();
        let name = format!("variant-{variants}");
        let res = env.try_variant(&name, &picked, false, &|| pb.inc(1), &phase);
        variants += 1;
        if let Ok(r) = &res {
            if bisected(r) && group.len() > 1 {
                phase("bisecting");
            } else {
                done += group.len();
            }
        }
        res
    };
    let decided = crate::bisect::bisect(&todo, &mut try_group, &bisected)?;
    pb.finish_and_clear();
    let mut validated = 0;
    for (group, res) in decided {
        let others = group.len() - 1;
        for &i in &group {
            validated += usize::from(record(&mut outcomes[i], &res, others));
        }
    }
    Ok(validated)
}

/// Records what gating a variant (of this candidate and `others` more) decided for the candidate;
/// true when the variant passed validation.
fn record(o: &mut Outcome, res: &Result<GateResult, String>, others: usize) -> bool {
    match res {
        Err(why) if others > 0 => {
            o.status = Status::Invalid(format!("together with {others} others: {why}"))
        }
        Err(why) => o.status = Status::Invalid(why.clone()),
        Ok(g) => {
            o.status = if g.accepted {
                Status::Suggested
            } else {
                Status::NotFaster
            };
            o.gate = Some(g.clone());
        }
    }
    res.is_ok()
}

/// A group's result that cannot decide for each member: invalid, or not faster although some
/// timed test was significantly faster.
fn bisected(res: &Result<GateResult, String>) -> bool {
    match res {
        Err(_) => true,
        Ok(g) => !g.accepted && g.positive > 0,
    }
}

/// The `cap` tests of `affected` whose predicted change (`estimates`, in percent of the test, either
/// sign) is largest, in their original order; all of them when `cap` is 0 or not exceeded.
///
/// The choice depends on the profile alone, never on timings, so the t-test over the chosen tests
/// stays unbiased; a test predicted to slow down is as likely to be timed as one predicted faster.
fn most_changed(
    affected: &[(String, String)],
    estimates: &[(String, String, f64)],
    cap: usize,
) -> Vec<(String, String)> {
    if cap == 0 || affected.len() <= cap {
        return affected.to_vec();
    }
    let change = |t: &(String, String)| {
        estimates
            .iter()
            .find(|(n, f, _)| *n == t.0 && *f == t.1)
            .map_or(0.0, |e| e.2.abs())
    };
    let mut order: Vec<usize> = (0..affected.len()).collect();
    order.sort_by(|&a, &b| change(&affected[b]).total_cmp(&change(&affected[a])));
    order.truncate(cap);
    order.sort_unstable();
    order.into_iter().map(|i| affected[i].clone()).collect()
}

/// Branch points the new order saves over the executions recorded in one test.
fn slice_saving(d: &Decision, slice: &jsproject::profile::TestSlice, reorder: &Reorder) -> i64 {
    match (&d.shape, reorder) {
        (Shape::Logical { tree, .. }, Reorder::Logical(new)) => {
            let need = leaf_count(tree);
            let rows: Vec<_> = slice
                .rows
                .iter()
                .filter(|r| r.cells.len() >= need)
                .cloned()
                .collect();
            tree_cost(tree, &rows) as i64 - tree_cost(new, &rows) as i64
        }
        (Shape::Switch(shape), Reorder::Switch(order)) => {
            let costs = switch::case_test_costs(shape, &slice.switch_rows);
            let identity: Vec<usize> = (0..shape.groups.len()).collect();
            switch::order_cost(shape, &identity, &slice.switch_rows, &costs) as i64
                - switch::order_cost(shape, order, &slice.switch_rows, &costs) as i64
        }
        (Shape::Chain(_), Reorder::Chain(order)) => {
            crate::chain::saving(d.leaves.len(), order, &slice.rows) as i64
        }
        _ => 0,
    }
}

/// Tests that the profiling run stopped for running too long (`--test-timeout`): the gate leaves
/// them out, since they would hang node as well.
fn timed_out_tests(profile: &Profile) -> Vec<(String, String)> {
    profile
        .tests
        .iter()
        .filter(|t| {
            t.error
                .as_deref()
                .is_some_and(|e| e.starts_with(jsproject::TEST_TIMED_OUT))
        })
        .map(|t| (t.name.clone(), t.file.clone()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::most_changed;

    fn t(n: &str) -> (String, String) {
        (n.to_string(), "test.js".to_string())
    }

    fn e(n: &str, p: f64) -> (String, String, f64) {
        (n.to_string(), "test.js".to_string(), p)
    }

    #[test]
    fn the_largest_predicted_changes_of_either_sign_are_timed_in_suite_order() {
        let affected = [t("a"), t("b"), t("c"), t("d"), t("e")];
        let estimates = [e("a", 0.1), e("b", -9.0), e("c", 3.0), e("e", 5.0)];
        assert_eq!(
            most_changed(&affected, &estimates, 3),
            [t("b"), t("c"), t("e")]
        );
        assert_eq!(most_changed(&affected, &estimates, 0), affected);
        assert_eq!(most_changed(&affected, &estimates, 9), affected);
    }
}

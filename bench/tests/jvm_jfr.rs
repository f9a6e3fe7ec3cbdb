//! Our allocation figures against the JDK Flight Recorder's samples on the same instrumented run.

use bench::programs::flow_program;
use jvm_bytecode::jdk::RunSpec;
use jvm_profile::profiled_run::run_profiled;
use jvm_profile::summary::Summaries;

#[test]
fn estimated_bytes_agree_with_the_flight_recorder() {
    let dir = tempfile::tempdir().unwrap();
    let jar = flow_program(dir.path(), "Sizes").unwrap();
    let (args, recording) = bench::jfr::recording_args(dir.path()).unwrap();
    let spec = RunSpec {
        jar: jar.clone(),
        args: vec!["100000".into()],
        jvm_args: args,
        capture: true,
        ..RunSpec::default()
    };
    let run = run_profiled(&spec, &dir.path().join("work"), 1).unwrap();
    assert_eq!(run.outcome.code, 0);
    let prof = run.profile.expect("a profile");
    let mut lib = Summaries::for_jar(&jar, None).unwrap();
    let rep =
        jvm_profile::flow_profile::analyze(&run.instrumented, &prof, &Default::default(), &mut lib);
    let sampled = bench::jfr::sampled_bytes(&recording).unwrap();
    let rows = bench::jfr::agreement(&rep, &sampled, 10, |_| true);
    // int[100] blocks: 100,000 x 416 bytes by our estimate; the recorder samples TLABs, so
    // only the order of magnitude can be held to
    let block = rows
        .iter()
        .find(|r| r.class == "[I")
        .expect("int[] sampled");
    assert_eq!(block.ours, 100_000 * 416);
    let ratio = block.ours as f64 / block.sampled.max(1) as f64;
    assert!((0.5..2.0).contains(&ratio), "{rows:?}");
    let own = bench::jfr::agreement(&rep, &sampled, 10, |c| {
        run.instrumented.jar_classes.contains(c)
    });
    assert_eq!(own[0].class, "Sizes$Pair", "the jar's own classes only");
    assert_eq!(own[0].ours, 100_000 * 32);
}

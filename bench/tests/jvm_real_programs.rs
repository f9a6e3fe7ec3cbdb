//! Real programs from Debian's packages (Rhino, ANTLR 4, Checkstyle) with fixed inputs: their
//! output is the same plain and under `jvm-flow` instrumentation, and the profile is non-trivial.

use bench::programs::{real_programs, repo_root};
use jvm_bytecode::jdk::run_plain;
use jvm_profile::profiled_run::run_profiled;

#[test]
fn real_programs_print_the_same_instrumented() {
    let root = repo_root();
    let dir = tempfile::tempdir().unwrap();
    let programs = real_programs(&root, dir.path());
    assert!(
        programs.len() == 3,
        "run scripts/setup.sh (apt packages rhino, antlr4, checkstyle); found {:?}",
        programs.iter().map(|p| p.name).collect::<Vec<_>>()
    );
    for p in programs {
        let plain = run_plain(&p.spec).unwrap();
        let work = dir.path().join(format!("work-{}", p.name));
        let run = run_profiled(&p.spec, &work, 1).unwrap();
        assert_eq!(plain.code, run.outcome.code, "{}: exit code", p.name);
        assert_eq!(
            String::from_utf8_lossy(&plain.stdout),
            String::from_utf8_lossy(&run.outcome.stdout),
            "{}: output differs under instrumentation",
            p.name
        );
        let prof = run.profile.expect("a profile was written");
        let mut lib =
            jvm_profile::summary::Summaries::for_jar(&p.spec.jar, p.spec.classpath.as_deref())
                .expect("the JDK's classes are readable");
        let rep = jvm_profile::flow_profile::analyze(
            &run.instrumented,
            &prof,
            &Default::default(),
            &mut lib,
        );
        assert!(rep.objects > 1000, "{}: {} objects", p.name, rep.objects);
    }
}

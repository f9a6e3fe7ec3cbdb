//! Class files read with ristretto and written back with `jvm_bytecode::write` are byte-identical, over
//! the real Debian jars and the corpus; plain ristretto 0.31.0 output is counted for comparison.

mod jvm_support;

use std::path::Path;

use jvm_bytecode::classfile::read_jar;
use jvm_bytecode::write::class_to_bytes;
use ristretto_classfile::ClassFile;

const JARS: &[&str] = &[
    "/usr/share/java/commons-lang3.jar",
    "/usr/share/java/guava.jar",
    "/usr/share/java/hsqldb.jar",
    "/usr/share/java/xalan2.jar",
];

/// Returns (classes, identical with ours, identical with plain ristretto, differing names).
fn roundtrip(classes: &[(String, Vec<u8>)]) -> (usize, usize, usize, Vec<String>) {
    let (mut n, mut ours, mut plain) = (0, 0, 0);
    let mut bad = Vec::new();
    for (name, bytes) in classes {
        let Ok(cf) = ClassFile::from_bytes(bytes) else {
            bad.push(format!("{name}: does not parse"));
            continue;
        };
        n += 1;
        let mut p = Vec::new();
        if cf.to_bytes(&mut p).is_ok() && &p == bytes {
            plain += 1;
        }
        match class_to_bytes(&cf) {
            Ok(o) if &o == bytes => ours += 1,
            Ok(_) => bad.push(format!("{name}: differs")),
            Err(e) => bad.push(format!("{name}: {e}")),
        }
    }
    (n, ours, plain, bad)
}

#[test]
fn corpus_classes_round_trip_byte_identical() {
    let dir = tempfile::tempdir().unwrap();
    jvm_support::javac(
        &[jvm_support::root().join("corpus/java/paper/Fig.java")],
        dir.path(),
    );
    let mut classes = Vec::new();
    for e in std::fs::read_dir(dir.path()).unwrap() {
        let p = e.unwrap().path();
        classes.push((p.display().to_string(), std::fs::read(&p).unwrap()));
    }
    let (n, ours, _, bad) = roundtrip(&classes);
    assert!(n >= 2);
    assert_eq!(ours, n, "{bad:?}");
}

#[test]
fn real_jar_classes_round_trip_byte_identical() {
    for jar in JARS {
        if !Path::new(jar).exists() {
            assert!(
                !Path::new("/usr/bin/apt-get").exists(),
                "{jar} is missing: run scripts/setup.sh"
            );
            eprintln!("SKIP {jar}: not installed and apt is unavailable");
            continue;
        }
        let classes = read_jar(Path::new(jar)).unwrap();
        let (n, ours, plain, bad) = roundtrip(&classes);
        eprintln!("{jar}: {n} classes, {ours} identical (plain ristretto: {plain})");
        assert_eq!(
            ours,
            n,
            "{jar}: {} differ, e.g. {:?}",
            bad.len(),
            &bad[..bad.len().min(5)]
        );
        assert_eq!(n, classes.len(), "{jar}: {bad:?}");
    }
}

#[test]
fn stack_map_deltas_are_bytes_and_long_short_frames_are_widened() {
    use jvm_bytecode::write::{encode_stack_map, instruction_offsets};
    use ristretto_classfile::attributes::{Instruction, StackFrame, VerificationType};
    // 100 one-byte instructions; frames at instructions 0, 1 and 80 (instruction deltas).
    let code = vec![Instruction::Nop; 100];
    let offsets = instruction_offsets(&code).unwrap();
    assert_eq!(offsets[100], 100);
    let frames = vec![
        StackFrame::SameFrame { frame_type: 0 },
        StackFrame::SameFrame { frame_type: 0 },
        StackFrame::SameLocals1StackItemFrame {
            frame_type: 64 + 78,
            stack: vec![VerificationType::Integer],
        },
    ];
    let bytes = encode_stack_map(&frames, &offsets).unwrap();
    // count 3; frame at 0: same(0); frame at 1: delta 1-0-1 = 0 -> same(0);
    // frame at 80: delta 80-1-1 = 78 > 63 -> same_locals_1_stack_item_extended(247, 78, int)
    assert_eq!(bytes, vec![0, 3, 0, 0, 247, 0, 78, 1]);
}

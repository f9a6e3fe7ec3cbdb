//! The synthetic tag field: plain and Serializable classes of the jar carry it (a private
//! transient field: serialized forms and default serialVersionUIDs stay the same), Cloneable
//! hierarchies do not (clones inherit no tag), and the per-object counts are exact either way,
//! under `-Xverify:all`.

mod jvm_flow_support;

use jvm_flow_support::*;
use ristretto_classfile::ClassFile;

const N: u64 = 3_000;

/// The names of the declared fields of `class` in a jar.
fn fields(jar: &std::path::Path, class: &str) -> Vec<String> {
    let bytes = class_bytes(jar, class);
    let cf = ClassFile::from_bytes(&bytes).unwrap();
    cf.fields
        .iter()
        .map(|f| {
            cf.constant_pool
                .try_get_utf8(f.name_index)
                .unwrap()
                .to_string()
        })
        .collect()
}

#[test]
fn tag_field_only_on_safe_classes_and_counts_stay_exact() {
    let dir = tempfile::tempdir().unwrap();
    let src = flow_source("Tags");
    let jar = flow_jar(dir.path(), "Tags");
    let n = N.to_string();
    let p = plain(&jar.display().to_string(), "Tags", &[&n]);
    assert!(p.status.success(), "{}", String::from_utf8_lossy(&p.stderr));
    let out = dir.path().join("out");
    let r = profiled(&jar, &[], &out, &[&n]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    // same sums, same serialVersionUID and serialized bytes, same declared fields
    assert_eq!(
        String::from_utf8_lossy(&p.stdout),
        String::from_utf8_lossy(&r.stdout),
        "output differs under instrumentation"
    );
    let w = std::fs::read_to_string(out.join("warnings.txt")).unwrap();
    assert!(w.trim().is_empty(), "warnings: {w}");

    let inst = out.join("instrumented.jar");
    let tag = "__dp$tag".to_string();
    for c in ["Tags$Plain", "Tags", "Tags$Saved"] {
        assert!(fields(&inst, c).contains(&tag), "{c} gets the tag field");
    }
    for c in ["Tags$Base", "Tags$Copyable"] {
        assert!(!fields(&inst, c).contains(&tag), "{c} must keep its fields");
    }
    assert!(
        !fields(&jar, "Tags$Plain").contains(&tag),
        "input jar untouched"
    );

    let rep = report(&out);
    let (_, plain_site) = producer(&rep, "Tags.java", site_line(&src, "plain"));
    assert_eq!(count(plain_site, "objects"), N);
    assert_eq!(count(plain_site, "used_objects"), N);
    assert_eq!(count(plain_site, "heap_objects"), N / 2);
    // the originals are used (copy() is entered on them) but never stored; their clones are
    // stored, and must not count as the site's objects
    let (_, copy_site) = producer(&rep, "Tags.java", site_line(&src, "copy"));
    assert_eq!(count(copy_site, "objects"), N);
    assert_eq!(count(copy_site, "used_objects"), N);
    assert_eq!(count(copy_site, "heap_objects"), 0);
}

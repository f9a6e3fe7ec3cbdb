//! The synthetic tag field `private transient synthetic int __dp$tag`: which of the jar's classes
//! get it, and adding it. The runtime keeps an object's allocation slot and its NATH / used bits
//! in that field (read and written through `Unsafe`) instead of its weak identity table.
//!
//! A class gets the field only when it is a *root* of the jar's own hierarchy (a class, not an
//! interface, enum or record, whose superclass is `java/lang/Object`) and nothing in its subtree
//! in the jar is, or might be, `Cloneable`: `clone()` never copies a tag. `Serializable` and
//! `Externalizable` classes get it: a `private transient` field is neither serialized nor part
//! of the default `serialVersionUID` (Java Object Serialization Specification §4.6), so
//! serialized forms stay as they were (`corpus/java/flow/Tags.java` checks both). An interface
//! outside the jar counts as "might be" `Cloneable` unless it is in a JDK package known to hold
//! no such interface (`java/lang/`, `java/util/`, `java/io/`, `java/sql/`, `org/w3c/`,
//! `org/xml/`, `javax/xml/`). Subclasses in the jar inherit the field. Reflection sees one more
//! declared field on the chosen classes (synthetic, private, transient), and on those that get
//! probe gates ([`gate_roots`]) three synthetic static methods.

use rustc_hash::FxHashMap as HashMap;
use std::collections::BTreeSet;

use ristretto_classfile::{BaseType, ClassFile, Field, FieldAccessFlags, FieldType};

use jvm_bytecode::hierarchy::ClassShape;

/// Name of the synthetic field (the runtime looks it up by this name).
pub const TAG_FIELD: &str = "__dp$tag";

const RISKY: [&str; 1] = ["java/lang/Cloneable"];
/// The interfaces that make a class serializable: its default `serialVersionUID` hashes its
/// non-private methods.
const SERIALIZABLE: [&str; 2] = ["java/io/Serializable", "java/io/Externalizable"];
const SAFE_PACKAGES: [&str; 7] = [
    "java/lang/",
    "java/util/",
    "java/io/",
    "java/sql/",
    "org/w3c/",
    "org/xml/",
    "javax/xml/",
];

/// True if interface `i` is, extends, or might extend one of the interfaces `risky`.
fn risky_interface(
    i: &str,
    risky: &[&str],
    by_name: &HashMap<&str, &ClassShape>,
    seen: &mut BTreeSet<String>,
) -> bool {
    if risky.contains(&i) {
        return true;
    }
    if !seen.insert(i.to_string()) {
        return false;
    }
    match by_name.get(i) {
        Some(s) => s
            .interfaces
            .iter()
            .any(|j| risky_interface(j, risky, by_name, seen)),
        None => !SAFE_PACKAGES.iter().any(|p| i.starts_with(p)),
    }
}

/// The jar's classes that get the tag field (see the module docs).
pub fn tag_roots(shapes: &[ClassShape]) -> BTreeSet<String> {
    let by_name: HashMap<&str, &ClassShape> = shapes.iter().map(|s| (s.name.as_str(), s)).collect();
    let mut roots: BTreeSet<String> = shapes
        .iter()
        .filter(|s| !s.special && s.super_name.as_deref() == Some("java/lang/Object"))
        .map(|s| s.name.clone())
        .collect();
    for s in shapes.iter().filter(|s| !s.special) {
        let mut seen = BTreeSet::new();
        if !s
            .interfaces
            .iter()
            .any(|i| risky_interface(i, &RISKY, &by_name, &mut seen))
        {
            continue;
        }
        // the root of this class's chain in the jar (if the chain stays in the jar) is out
        let mut cur = s;
        let mut steps = 0;
        while let Some(sup) = cur.super_name.as_deref() {
            match by_name.get(sup) {
                Some(p) if steps < shapes.len() => {
                    cur = p;
                    steps += 1;
                }
                _ => break,
            }
        }
        roots.remove(&cur.name);
    }
    roots
}

/// The tag roots that get probe gates ([`super::tag_access`]): public static methods would change the
/// default `serialVersionUID` of a class that is, or might be, serializable, so such a root gets
/// them only when it declares its `serialVersionUID`.
pub fn gate_roots(shapes: &[ClassShape], roots: &BTreeSet<String>) -> BTreeSet<String> {
    let by_name: HashMap<&str, &ClassShape> = shapes.iter().map(|s| (s.name.as_str(), s)).collect();
    roots
        .iter()
        .filter(|r| {
            by_name.get(r.as_str()).is_some_and(|s| {
                let mut seen = BTreeSet::new();
                s.has_suid
                    || !s
                        .interfaces
                        .iter()
                        .any(|i| risky_interface(i, &SERIALIZABLE, &by_name, &mut seen))
            })
        })
        .cloned()
        .collect()
}

/// Adds the tag field to a parsed class unless it already has a field of that name.
pub fn add_tag_field(cf: &mut ClassFile<'_>) -> Result<(), String> {
    let exists = cf.fields.iter().any(|f| {
        cf.constant_pool
            .try_get_utf8(f.name_index)
            .is_ok_and(|n| *n == *TAG_FIELD)
    });
    if exists {
        return Ok(());
    }
    let name_index = cf
        .constant_pool
        .add_utf8(TAG_FIELD)
        .map_err(|e| e.to_string())?;
    let descriptor_index = cf.constant_pool.add_utf8("I").map_err(|e| e.to_string())?;
    cf.fields.push(Field {
        access_flags: FieldAccessFlags::PRIVATE
            | FieldAccessFlags::TRANSIENT
            | FieldAccessFlags::SYNTHETIC,
        name_index,
        descriptor_index,
        field_type: FieldType::Base(BaseType::Int),
        attributes: Vec::new(),
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(name: &str, sup: &str, ifs: &[&str], special: bool) -> ClassShape {
        ClassShape {
            name: name.into(),
            super_name: Some(sup.into()),
            interfaces: ifs.iter().map(|s| s.to_string()).collect(),
            special,
            has_suid: false,
            methods: Vec::new(),
        }
    }

    #[test]
    fn roots_skip_cloneable_and_unknown_interfaces() {
        let shapes = vec![
            c("A", "java/lang/Object", &["java/lang/Runnable"], false),
            c("B", "A", &[], false),
            c("C", "java/lang/Object", &[], false),
            c("D", "C", &["java/lang/Cloneable"], false),
            c("E", "java/lang/Object", &["I"], false),
            c("I", "java/lang/Object", &["java/io/Serializable"], true),
            c("F", "java/lang/Object", &["com/acme/Unknown"], false),
            c("G", "java/util/ArrayList", &[], false),
            c("H", "java/lang/Object", &["J"], false),
            c("J", "java/lang/Object", &["java/util/EventListener"], true),
        ];
        let roots = tag_roots(&shapes);
        assert_eq!(
            roots.into_iter().collect::<Vec<_>>(),
            vec!["A".to_string(), "E".to_string(), "H".to_string()]
        );
    }

    #[test]
    fn serializable_roots_get_gates_only_with_their_own_suid() {
        let mut shapes = vec![
            c("A", "java/lang/Object", &["java/lang/Runnable"], false),
            c("B", "java/lang/Object", &["I"], false),
            c("I", "java/lang/Object", &["java/io/Serializable"], true),
            c("C", "java/lang/Object", &["java/io/Externalizable"], false),
            c("D", "java/lang/Object", &["java/io/Serializable"], false),
            c("E", "java/lang/Object", &["com/acme/Unknown"], false),
        ];
        shapes[4].has_suid = true;
        let roots = ["A", "B", "C", "D", "E"].map(String::from).into();
        assert_eq!(
            gate_roots(&shapes, &roots).into_iter().collect::<Vec<_>>(),
            vec!["A".to_string(), "D".to_string()]
        );
    }
}

//! Property-aware instrumentation, the slice-pruned half of property-aware program sampling: a
//! property names allocation sites (`File.java:line`, or a class), and only the probes that can
//! ever see one of their objects are inserted. A location's static type (a field's, a
//! parameter's, a call's receiver, argument or result, all read from descriptors) can hold a
//! property object only if it is a property type or one of its supertypes; only the slices of
//! the property's allocations and of the parameters that can hold them are path-profiled.
//!
//! The JVM's verifier guarantees field and parameter types for classes; for interface types it
//! trusts the compiler, as javac's code always satisfies them (heap pollution through raw types
//! aside).

use std::collections::BTreeSet;

use super::summary::Library;

/// A property as the user names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Property {
    /// The allocation sites on one line of a source file.
    Line {
        /// The source file (`Foo.java`, or a path ending in it).
        file: String,
        /// The line.
        line: u32,
    },
    /// The allocation sites of a class: dotted name, simple name, or `char[]`-style arrays.
    Class(String),
}

impl Property {
    /// Reads `File.java:line` or a class name.
    pub fn parse(text: &str) -> Property {
        match text
            .rsplit_once(':')
            .and_then(|(f, l)| Some((f, l.parse::<u32>().ok()?)))
        {
            Some((file, line)) => Property::Line {
                file: file.to_string(),
                line,
            },
            None => Property::Class(text.to_string()),
        }
    }

    /// Whether an allocation of `ty` (internal name, or `X[]` for arrays) at `line` of the
    /// source file `source` is one of the property's sites.
    pub fn matches(&self, ty: &str, line: Option<u32>, source: Option<&str>) -> bool {
        match self {
            Property::Line { file, line: l } => {
                line == Some(*l)
                    && source.is_some_and(|src| file == src || file.ends_with(&format!("/{src}")))
            }
            Property::Class(name) => {
                let dotted = ty.replace('/', ".");
                &dotted == name || dotted.rsplit('.').next() == Some(name.as_str())
            }
        }
    }
}

/// Whether an allocated type is an array (`X[]` as sites name them, or a descriptor).
fn is_array(ty: &str) -> bool {
    ty.starts_with('[') || ty.ends_with("[]")
}

/// The element kind of an array type as a descriptor letter (`C` for `char[]`/`[C`), `L` for
/// every array of references (arrays of arrays too: they are covariant, so any array-of-reference
/// location may hold one).
fn element_kind(ty: &str) -> char {
    let prim = |name: &str| match name {
        "boolean" => 'Z',
        "byte" => 'B',
        "char" => 'C',
        "short" => 'S',
        "int" => 'I',
        "long" => 'J',
        "float" => 'F',
        "double" => 'D',
        _ => 'L',
    };
    match ty.strip_prefix('[') {
        Some(rest) => match rest.chars().next() {
            Some(c) if "ZBCSIJFD".contains(c) && rest.len() == 1 => c,
            _ => 'L',
        },
        None => match ty.strip_suffix("[]") {
            Some(elem) if !elem.ends_with("[]") => prim(elem),
            _ => 'L',
        },
    }
}

/// Which probes a property needs: its allocated types and every type an object of them can be
/// typed as.
#[derive(Debug, Clone)]
pub struct ProbeFilter {
    /// Allocated types of the property's sites.
    types: BTreeSet<String>,
    /// The property's classes, their superclasses and superinterfaces, `java/lang/Object`.
    holders: BTreeSet<String>,
    /// The element kinds of the property's array types ([`element_kind`]).
    arrays: BTreeSet<char>,
}

impl ProbeFilter {
    /// The filter for allocations of `types`; an error names a supertype whose class file is
    /// missing (its own supertypes could not be known).
    pub fn new(types: BTreeSet<String>, lib: &mut Library) -> Result<ProbeFilter, String> {
        let mut holders = BTreeSet::from(["java/lang/Object".to_string()]);
        let mut arrays = BTreeSet::new();
        let mut work = Vec::new();
        for t in &types {
            if is_array(t) {
                arrays.insert(element_kind(t));
                holders.extend(["java/lang/Cloneable".into(), "java/io/Serializable".into()]);
            } else {
                work.push(t.clone());
            }
        }
        while let Some(c) = work.pop() {
            if !holders.insert(c.clone()) {
                continue;
            }
            let Some(lc) = lib.class(&c) else {
                return Err(format!(
                    "the class file of {} is not available",
                    c.replace('/', ".")
                ));
            };
            work.extend(lc.super_name.iter().cloned());
            work.extend(lc.interfaces.iter().cloned());
        }
        Ok(ProbeFilter {
            types,
            holders,
            arrays,
        })
    }

    /// Whether an allocation of `ty` is one of the property's.
    pub fn allocates(&self, ty: &str) -> bool {
        self.types.contains(ty)
    }

    /// Whether a location whose static type is the class `class` (internal name, or an array
    /// descriptor) may hold a property object.
    pub fn holds_class(&self, class: &str) -> bool {
        match is_array(class) {
            true => self.arrays.contains(&element_kind(class)),
            false => self.holders.contains(class),
        }
    }

    /// Whether a location of field descriptor `desc` may hold a property object (primitives
    /// never do).
    pub fn holds_desc(&self, desc: &str) -> bool {
        match desc.as_bytes().first() {
            Some(b'L') => self.holds_class(desc[1..].trim_end_matches(';')),
            Some(b'[') => self.holds_class(desc),
            _ => false,
        }
    }

    /// Whether property objects can be arrays whose elements are of `kind` (a descriptor
    /// letter, `L` for references).
    pub fn arrays(&self, kind: char) -> bool {
        self.arrays.contains(&kind)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn properties_match_lines_and_classes() {
        let line = Property::parse("Mst.java:21");
        assert!(line.matches("Edge", Some(21), Some("Mst.java")));
        assert!(!line.matches("Edge", Some(22), Some("Mst.java")));
        assert!(!line.matches("Edge", Some(21), Some("Other.java")));
        let class = Property::parse("java.lang.Double");
        assert!(class.matches("java/lang/Double", None, None));
        assert!(Property::parse("Double").matches("java/lang/Double", None, None));
        assert!(!class.matches("java/lang/Float", None, None));
        assert!(Property::parse("char[]").matches("char[]", None, None));
    }

    #[test]
    fn holders_are_the_supertypes_and_arrays_only_hold_arrays() {
        let f = ProbeFilter {
            types: BTreeSet::from(["a/P".to_string()]),
            holders: ["java/lang/Object", "a/P", "a/Base", "a/Iface"]
                .iter()
                .map(|s| s.to_string())
                .collect(),
            arrays: BTreeSet::new(),
        };
        assert!(f.holds_desc("Ljava/lang/Object;"));
        assert!(f.holds_desc("La/Iface;"));
        assert!(!f.holds_desc("La/Other;"));
        assert!(!f.holds_desc("[Ljava/lang/Object;"));
        assert!(!f.holds_desc("I"));
        assert!(f.allocates("a/P") && !f.allocates("a/Base"));
    }

    #[test]
    fn array_locations_hold_arrays_of_their_element_kind() {
        let f = ProbeFilter {
            types: BTreeSet::from(["char[]".to_string()]),
            holders: BTreeSet::new(),
            arrays: BTreeSet::from([element_kind("char[]")]),
        };
        assert!(f.holds_desc("[C") && f.arrays('C'));
        assert!(!f.holds_desc("[I") && !f.holds_desc("[Ljava/lang/Object;"));
        assert!(!f.arrays('L') && !f.arrays('B'));
        assert_eq!(element_kind("java/lang/String[]"), 'L');
        assert_eq!(element_kind("int[][]"), 'L');
        assert_eq!(element_kind("[[I"), 'L');
        assert_eq!(element_kind("[B"), 'B');
        assert_eq!(element_kind("boolean[]"), 'Z');
    }
}

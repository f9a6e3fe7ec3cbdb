//! Which calls run the jar's own code: a call names an owner class, and the method it reaches is
//! the one the owner or its nearest superclass declares. A jar class that extends a library class
//! (`class NodeList extends ArrayList<Node>`) inherits methods whose code is the library's: a call
//! `nodeList.add(x)` stores `x` in library code although its owner is in the jar.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use ristretto_classfile::{ClassAccessFlags, ClassFile};

use crate::classfile::method_names;

/// What the hierarchy, and the choice of tag roots, need to know of one class of the jar.
#[derive(Debug, Clone)]
pub struct ClassShape {
    /// Internal name.
    pub name: String,
    /// Internal name of the superclass (`None` for `java/lang/Object` itself).
    pub super_name: Option<String>,
    /// Internal names of the directly implemented (or, for interfaces, extended) interfaces.
    pub interfaces: Vec<String>,
    /// An interface, annotation, enum or module rather than a plain class.
    pub special: bool,
    /// Declares a `serialVersionUID` field (its serialized form does not depend on its methods).
    pub has_suid: bool,
    /// The methods it declares (name, descriptor).
    pub methods: Vec<(String, String)>,
}

/// The shape of a class file, `None` if it does not parse.
pub fn shape(bytes: &[u8]) -> Option<ClassShape> {
    let cf = ClassFile::from_bytes(bytes).ok()?;
    let cp = &cf.constant_pool;
    let name = cp.try_get_class(cf.this_class).ok()?.to_string();
    let super_name = if cf.super_class == 0 {
        None
    } else {
        Some(cp.try_get_class(cf.super_class).ok()?.to_string())
    };
    let interfaces = cf
        .interfaces
        .iter()
        .map(|&i| cp.try_get_class(i).map(|s| s.to_string()))
        .collect::<Result<Vec<_>, _>>()
        .ok()?;
    let special = cf.access_flags.intersects(
        ClassAccessFlags::INTERFACE
            | ClassAccessFlags::ANNOTATION
            | ClassAccessFlags::ENUM
            | ClassAccessFlags::MODULE,
    );
    let methods = method_names(&cf);
    Some(ClassShape {
        name,
        super_name,
        interfaces,
        special,
        has_suid: cf.fields.iter().any(|f| {
            cp.try_get_utf8(f.name_index)
                .is_ok_and(|n| *n == *"serialVersionUID")
        }),
        methods,
    })
}

/// The jar's classes with their superclasses and the methods each declares.
#[derive(Debug, Clone, Default)]
pub struct JarHierarchy {
    classes: HashMap<String, Declared>,
}

#[derive(Debug, Clone, Default)]
struct Declared {
    super_name: Option<String>,
    interfaces: Vec<String>,
    methods: HashSet<(String, String)>,
}

impl JarHierarchy {
    /// The hierarchy of the classes `shapes` describe.
    pub fn new(shapes: &[ClassShape]) -> JarHierarchy {
        let classes = shapes
            .iter()
            .map(|s| {
                let d = Declared {
                    super_name: s.super_name.clone(),
                    interfaces: s.interfaces.clone(),
                    methods: s.methods.iter().cloned().collect(),
                };
                (s.name.clone(), d)
            })
            .collect();
        JarHierarchy { classes }
    }

    /// The types an instance of `class` (internal name) is known to be: `class`, then its
    /// superclasses and interfaces the jar declares, with the first library type on each way
    /// up (included). A library type's own supertypes are not known here.
    pub fn supertypes<'a>(&'a self, class: &'a str) -> Vec<&'a str> {
        let mut out = vec![class];
        let mut k = 0;
        while k < out.len() {
            if let Some(d) = self.classes.get(out[k]) {
                let up = d.interfaces.iter().chain(&d.super_name);
                for t in up.map(String::as_str) {
                    if !out.contains(&t) {
                        out.push(t);
                    }
                }
            }
            k += 1;
        }
        out
    }

    /// Whether `class` (internal name) is one of the jar's classes that parsed.
    pub fn knows(&self, class: &str) -> bool {
        self.classes.contains_key(class)
    }

    /// Whether `class` is `ancestor` or a subtype of it the jar shows ([`Self::supertypes`]).
    pub fn is_subtype(&self, class: &str, ancestor: &str) -> bool {
        class == ancestor || self.supertypes(class).contains(&ancestor)
    }

    /// The first superclass of `class` outside the jar (`java/lang/Object` for most), or `None`
    /// when `class` is not the jar's or its chain ends at a class the jar lists unparsed.
    pub fn library_superclass(&self, class: &str) -> Option<&str> {
        let mut at = self.classes.get(class)?;
        loop {
            let s = at.super_name.as_deref()?;
            match self.classes.get(s) {
                Some(d) => at = d,
                None => return Some(s),
            }
        }
    }

    /// The topmost of the jar's classes on `class`'s chain of superclasses (`class` itself when
    /// its superclass is not the jar's); `None` when `class` is not the jar's.
    pub fn top<'a>(&'a self, class: &'a str) -> Option<&'a str> {
        self.classes.get(class)?;
        let mut at = class;
        for _ in 0..self.classes.len() {
            match self.classes.get(at).and_then(|d| d.super_name.as_deref()) {
                Some(s) if self.classes.contains_key(s) => at = s,
                _ => break,
            }
        }
        Some(at)
    }

    /// Whether a call of `name` with descriptor `desc` on `owner` (internal name) reaches a
    /// method the jar declares: `owner` or a superclass of it in the jar declares one. False for
    /// owners outside the jar, and for methods a jar class inherits from a library class.
    pub fn declares(&self, owner: &str, name: &str, desc: &str) -> bool {
        let key = (name.to_string(), desc.to_string());
        let mut at = Some(owner);
        while let Some(c) = at {
            let Some(d) = self.classes.get(c) else {
                return false;
            };
            if d.methods.contains(&key) {
                return true;
            }
            at = d.super_name.as_deref();
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(name: &str, sup: &str, methods: &[(&str, &str)]) -> ClassShape {
        ClassShape {
            name: name.into(),
            super_name: Some(sup.into()),
            interfaces: Vec::new(),
            special: false,
            has_suid: false,
            methods: methods
                .iter()
                .map(|(n, d)| (n.to_string(), d.to_string()))
                .collect(),
        }
    }

    #[test]
    fn inherited_library_methods_are_not_the_jars() {
        let add = ("add", "(Ljava/lang/Object;)Z");
        let h = JarHierarchy::new(&[
            class("a/NodeList", "java/util/ArrayList", &[("size2", "()I")]),
            class("a/Logged", "java/util/ArrayList", &[add]),
            class("a/Sub", "a/Logged", &[]),
        ]);
        assert!(!h.declares("a/NodeList", add.0, add.1));
        assert!(h.declares("a/Logged", add.0, add.1));
        assert!(
            h.declares("a/Sub", add.0, add.1),
            "inherited from a jar class"
        );
        assert!(!h.declares("java/util/ArrayList", add.0, add.1));
        assert!(!h.declares("a/Logged", "add", "(ILjava/lang/Object;)V"));
    }

    #[test]
    fn supertypes_stop_at_the_first_library_class() {
        let mut list = class("a/List", "java/util/ArrayList", &[]);
        list.interfaces.push("a/Named".into());
        let h = JarHierarchy::new(&[list, class("a/Sub", "a/List", &[])]);
        assert_eq!(
            h.supertypes("a/Sub"),
            ["a/Sub", "a/List", "a/Named", "java/util/ArrayList"]
        );
        assert_eq!(h.supertypes("java/util/HashMap"), ["java/util/HashMap"]);
        assert!(h.is_subtype("a/Sub", "a/Named"));
        assert!(!h.is_subtype("a/List", "a/Sub"));
        assert_eq!(h.library_superclass("a/Sub"), Some("java/util/ArrayList"));
        assert_eq!(h.library_superclass("java/util/HashMap"), None);
    }
}

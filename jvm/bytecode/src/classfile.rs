//! Reading jars and class files into per-method code with resolved operand shapes.

use std::io::Read;
use std::path::Path;

use ristretto_classfile::attributes::{Attribute, Instruction};
use ristretto_classfile::{ClassFile, Constant, ConstantPool, MethodAccessFlags};

/// Errors of the class-file front end.
#[derive(Debug, thiserror::Error)]
pub enum ClassError {
    /// The jar could not be opened or read.
    #[error("{path}: {source}")]
    Io {
        /// The jar's path.
        path: String,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The jar is not a valid zip archive.
    #[error("{path}: not a readable jar: {source}")]
    Zip {
        /// The jar's path.
        path: String,
        /// The zip error.
        source: zip::result::ZipError,
    },
    /// A class file could not be parsed.
    #[error("{name}: cannot parse class file: {message}")]
    Parse {
        /// The entry name in the jar (or file name).
        name: String,
        /// What the parser said.
        message: String,
    },
    /// A method uses a construct the analysis does not support (e.g. `jsr`/`ret`).
    #[error("{method}: {message}")]
    Unsupported {
        /// `Class.name(descriptor)`.
        method: String,
        /// What is unsupported.
        message: String,
    },
}

/// The stack shape of one value: nothing, one primitive word, two primitive words, or a reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Ty {
    /// No value (`void`).
    Void,
    /// A one-word primitive (`int`, `float`, …).
    Prim1,
    /// A two-word primitive (`long`, `double`).
    Prim2,
    /// A reference.
    Ref,
}

/// What a constant-pool operand means for the operand stack.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Resolved {
    /// The instruction has no constant-pool operand that matters.
    None,
    /// A field access or a loadable constant of this type.
    Value(Ty),
    /// A call: argument types, return type, and whether a receiver is popped.
    Invoke {
        /// Argument types, in order.
        args: Vec<Ty>,
        /// Return type.
        ret: Ty,
        /// Whether a receiver is popped below the arguments.
        receiver: bool,
        /// A boxing call (`Integer.valueOf` and its siblings): its result is an allocation.
        boxing: bool,
    },
}

/// One exception handler in instruction indices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Handler {
    /// First protected instruction.
    pub start: usize,
    /// One past the last protected instruction.
    pub end: usize,
    /// First instruction of the handler.
    pub handler: usize,
}

/// One method with code, ready for analysis.
#[derive(Debug, Clone)]
pub struct MethodCode {
    /// Internal class name (`a/b/C`).
    pub class: String,
    /// Method name.
    pub name: String,
    /// Method descriptor.
    pub descriptor: String,
    /// Whether the method is static (no `this`).
    pub is_static: bool,
    /// The instructions (branch targets are instruction indices).
    pub code: Vec<Instruction>,
    /// Constant-pool operands resolved per instruction.
    pub resolved: Vec<Resolved>,
    /// Exception handlers.
    pub handlers: Vec<Handler>,
    /// Source line of each instruction, if the class has a line-number table.
    pub lines: Vec<Option<u32>>,
    /// Parameter types in order, including `this` first for instance methods.
    pub params: Vec<Ty>,
    /// Number of local-variable slots.
    pub max_locals: usize,
}

impl MethodCode {
    /// `Class.name(descriptor)` with dots in the class name.
    pub fn display_name(&self) -> String {
        format!(
            "{}.{}{}",
            self.class.replace('/', "."),
            self.name,
            self.descriptor
        )
    }
}

/// One class: its name and its methods with code.
#[derive(Debug, Clone)]
pub struct ClassCode {
    /// Internal class name.
    pub name: String,
    /// Methods that have a `Code` attribute.
    pub methods: Vec<MethodCode>,
}

/// A jar (zip archive) open for reading, naming itself in errors.
pub struct Jar {
    path: String,
    zip: zip::ZipArchive<std::io::BufReader<std::fs::File>>,
}

/// One entry of a [`Jar`].
pub type JarEntry<'a> = zip::read::ZipFile<'a, std::io::BufReader<std::fs::File>>;

impl Jar {
    /// Opens the jar at `path`.
    pub fn open(path: &Path) -> Result<Jar, ClassError> {
        let p = path.display().to_string();
        let file = std::fs::File::open(path).map_err(|source| ClassError::Io {
            path: p.clone(),
            source,
        })?;
        let zip = zip::ZipArchive::new(std::io::BufReader::new(file)).map_err(|source| {
            ClassError::Zip {
                path: p.clone(),
                source,
            }
        })?;
        Ok(Jar { path: p, zip })
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.zip.len()
    }

    /// Whether the jar has no entries.
    pub fn is_empty(&self) -> bool {
        self.zip.len() == 0
    }

    /// Entry `i`, in archive order.
    pub fn entry(&mut self, i: usize) -> Result<JarEntry<'_>, ClassError> {
        let path = &self.path;
        self.zip.by_index(i).map_err(|source| ClassError::Zip {
            path: path.clone(),
            source,
        })
    }

    /// The entry named `name`, if present.
    pub fn by_name(&mut self, name: &str) -> Option<JarEntry<'_>> {
        self.zip.by_name(name).ok()
    }

    /// The bytes of an entry of this jar.
    pub fn read(path: &str, entry: &mut JarEntry<'_>) -> Result<Vec<u8>, ClassError> {
        let mut bytes = Vec::with_capacity(entry.size() as usize);
        entry
            .read_to_end(&mut bytes)
            .map_err(|source| ClassError::Io {
                path: format!("{path}!{}", entry.name()),
                source,
            })?;
        Ok(bytes)
    }

    /// The jar's path as given.
    pub fn path(&self) -> &str {
        &self.path
    }
}

/// Reads every `.class` entry of a jar as `(entry name, bytes)`, in archive order.
pub fn read_jar(path: &Path) -> Result<Vec<(String, Vec<u8>)>, ClassError> {
    let mut jar = Jar::open(path)?;
    let p = jar.path().to_string();
    let mut out = Vec::new();
    for i in 0..jar.len() {
        let mut entry = jar.entry(i)?;
        let name = entry.name().to_string();
        if !name.ends_with(".class") || entry.is_dir() {
            continue;
        }
        out.push((name, Jar::read(&p, &mut entry)?));
    }
    Ok(out)
}

fn parse_err(name: &str, e: impl std::fmt::Display) -> ClassError {
    ClassError::Parse {
        name: name.to_string(),
        message: e.to_string(),
    }
}

/// Types of a field descriptor's single value.
pub fn field_ty(desc: &[u8]) -> Ty {
    match desc.first() {
        Some(b'J') | Some(b'D') => Ty::Prim2,
        Some(b'L') | Some(b'[') => Ty::Ref,
        Some(b'V') => Ty::Void,
        _ => Ty::Prim1,
    }
}

/// Argument and return types of a method descriptor, or `None` if malformed.
pub fn method_tys(desc: &[u8]) -> Option<(Vec<Ty>, Ty)> {
    if desc.first() != Some(&b'(') {
        return None;
    }
    let mut i = 1;
    let mut args = Vec::new();
    while *desc.get(i)? != b')' {
        let start = i;
        while desc.get(i)? == &b'[' {
            i += 1;
        }
        if desc[i] == b'L' {
            while *desc.get(i)? != b';' {
                i += 1;
            }
        }
        i += 1;
        args.push(field_ty(&desc[start..]));
    }
    Some((args, field_ty(desc.get(i + 1..)?)))
}

fn nat_descriptor(pool: &ConstantPool<'_>, nat: u16) -> Option<Vec<u8>> {
    let (_, d) = pool.try_get_name_and_type(nat).ok()?;
    Some(pool.try_get_utf8(*d).ok()?.as_bytes().to_vec())
}

fn member_nat(pool: &ConstantPool<'_>, index: u16) -> Option<u16> {
    match pool.try_get(index).ok()? {
        Constant::FieldRef {
            name_and_type_index,
            ..
        }
        | Constant::MethodRef {
            name_and_type_index,
            ..
        }
        | Constant::InterfaceMethodRef {
            name_and_type_index,
            ..
        }
        | Constant::InvokeDynamic {
            name_and_type_index,
            ..
        }
        | Constant::Dynamic {
            name_and_type_index,
            ..
        } => Some(*name_and_type_index),
        _ => None,
    }
}

/// Box classes whose `valueOf` may allocate (`Boolean.valueOf` never does: both values are
/// cached).
const BOX_CLASSES: &[&str] = &[
    "java/lang/Integer",
    "java/lang/Long",
    "java/lang/Short",
    "java/lang/Byte",
    "java/lang/Character",
    "java/lang/Float",
    "java/lang/Double",
];

/// Whether the method `owner.name desc` is a boxing allocation: `Integer.valueOf(…)` and its
/// siblings, which autoboxing compiles to; the box class if so.
pub fn boxing_class<'a>(owner: &'a str, name: &str, desc: &str) -> Option<&'a str> {
    (name == "valueOf" && BOX_CLASSES.contains(&owner) && desc.ends_with(&format!(")L{owner};")))
        .then_some(owner)
}

/// The owner class and name of a method reference.
fn method_owner_name(pool: &ConstantPool<'_>, index: u16) -> Option<(String, String)> {
    let class_index = match pool.try_get(index).ok()? {
        Constant::MethodRef { class_index, .. }
        | Constant::InterfaceMethodRef { class_index, .. } => *class_index,
        _ => return None,
    };
    let owner = pool.try_get_class(class_index).ok()?.to_string();
    let (n, _) = pool.try_get_name_and_type(member_nat(pool, index)?).ok()?;
    Some((owner, pool.try_get_utf8(*n).ok()?.to_rust_string()))
}

fn resolve(pool: &ConstantPool<'_>, insn: &Instruction) -> Option<Resolved> {
    use Instruction as I;
    Some(match insn {
        I::Getstatic(i) | I::Putstatic(i) | I::Getfield(i) | I::Putfield(i) => {
            Resolved::Value(field_ty(&nat_descriptor(pool, member_nat(pool, *i)?)?))
        }
        I::Invokevirtual(i)
        | I::Invokespecial(i)
        | I::Invokestatic(i)
        | I::Invokeinterface(i, _)
        | I::Invokedynamic(i) => {
            let desc = nat_descriptor(pool, member_nat(pool, *i)?)?;
            let (args, ret) = method_tys(&desc)?;
            let receiver = !matches!(insn, I::Invokestatic(_) | I::Invokedynamic(_));
            let boxing = matches!(insn, I::Invokestatic(_))
                && method_owner_name(pool, *i).is_some_and(|(owner, name)| {
                    boxing_class(&owner, &name, &String::from_utf8_lossy(&desc)).is_some()
                });
            Resolved::Invoke {
                args,
                ret,
                receiver,
                boxing,
            }
        }
        I::Ldc(i) => ldc_ty(pool, u16::from(*i))?,
        I::Ldc_w(i) | I::Ldc2_w(i) => ldc_ty(pool, *i)?,
        _ => Resolved::None,
    })
}

fn ldc_ty(pool: &ConstantPool<'_>, index: u16) -> Option<Resolved> {
    Some(Resolved::Value(match pool.try_get(index).ok()? {
        Constant::Integer(_) | Constant::Float(_) => Ty::Prim1,
        Constant::Long(_) | Constant::Double(_) => Ty::Prim2,
        Constant::Dynamic {
            name_and_type_index,
            ..
        } => field_ty(&nat_descriptor(pool, *name_and_type_index)?),
        _ => Ty::Ref,
    }))
}

/// Parses one class file and extracts its methods with code; a method whose operands cannot be
/// resolved is reported in the second list and left out.
pub fn parse_class(name: &str, bytes: &[u8]) -> Result<(ClassCode, Vec<ClassError>), ClassError> {
    let cf = ClassFile::from_bytes(bytes).map_err(|e| parse_err(name, e))?;
    let pool = &cf.constant_pool;
    let class = cf
        .class_name()
        .map_err(|e| parse_err(name, e))?
        .to_rust_string();
    let mut methods = Vec::new();
    let mut skipped = Vec::new();
    for m in &cf.methods {
        let mname = pool
            .try_get_utf8(m.name_index)
            .map(|s| s.to_rust_string())
            .map_err(|e| parse_err(name, e))?;
        let desc = pool
            .try_get_utf8(m.descriptor_index)
            .map(|s| s.to_rust_string())
            .map_err(|e| parse_err(name, e))?;
        let Some(Attribute::Code {
            max_locals,
            code,
            exception_table,
            attributes,
            ..
        }) = m
            .attributes
            .iter()
            .find(|a| matches!(a, Attribute::Code { .. }))
        else {
            continue;
        };
        let is_static = m.access_flags.contains(MethodAccessFlags::STATIC);
        let full = format!("{}.{}{}", class.replace('/', "."), mname, desc);
        let Some((args, _)) = method_tys(desc.as_bytes()) else {
            skipped.push(ClassError::Unsupported {
                method: full,
                message: "malformed method descriptor".into(),
            });
            continue;
        };
        let mut params = Vec::new();
        if !is_static {
            params.push(Ty::Ref);
        }
        params.extend(args);
        let mut resolved = Vec::with_capacity(code.len());
        let mut bad = None;
        for (i, insn) in code.iter().enumerate() {
            match resolve(pool, insn) {
                Some(r) => resolved.push(r),
                None => {
                    bad = Some(i);
                    break;
                }
            }
        }
        if let Some(i) = bad {
            skipped.push(ClassError::Unsupported {
                method: full,
                message: format!("instruction {i}: unresolvable constant-pool operand"),
            });
            continue;
        }
        let n = code.len();
        let handlers = exception_table
            .iter()
            .map(|h| Handler {
                start: usize::from(h.range_pc.start),
                end: usize::from(h.range_pc.end).min(n),
                handler: usize::from(h.handler_pc),
            })
            .collect();
        let mut entries: Vec<(usize, u32)> = Vec::new();
        for a in attributes {
            if let Attribute::LineNumberTable { line_numbers, .. } = a {
                entries.extend(
                    line_numbers
                        .iter()
                        .map(|l| (usize::from(l.start_pc), u32::from(l.line_number))),
                );
            }
        }
        entries.sort_by_key(|e| e.0);
        let mut lines = vec![None; n];
        let mut k = 0;
        let mut cur = None;
        for (i, line) in lines.iter_mut().enumerate() {
            while k < entries.len() && entries[k].0 <= i {
                cur = Some(entries[k].1);
                k += 1;
            }
            *line = cur;
        }
        methods.push(MethodCode {
            class: class.clone(),
            name: mname,
            descriptor: desc,
            is_static,
            code: code.clone(),
            resolved,
            handlers,
            lines,
            params,
            max_locals: usize::from(*max_locals),
        });
    }
    Ok((
        ClassCode {
            name: class,
            methods,
        },
        skipped,
    ))
}

/// The class's `SourceFile` attribute.
pub fn source_file(cf: &ClassFile<'_>) -> Option<String> {
    cf.attributes.iter().find_map(|a| match a {
        Attribute::SourceFile {
            source_file_index, ..
        } => cf
            .constant_pool
            .try_get_utf8(*source_file_index)
            .ok()
            .map(|s| s.to_string()),
        _ => None,
    })
}

/// Name and descriptor of every method, in order.
pub fn method_names(cf: &ClassFile<'_>) -> Vec<(String, String)> {
    let utf8 = |i: u16| {
        cf.constant_pool
            .try_get_utf8(i)
            .map(|s| s.to_string())
            .unwrap_or_default()
    };
    cf.methods
        .iter()
        .map(|m| (utf8(m.name_index), utf8(m.descriptor_index)))
        .collect()
}

/// The internal name of constant-pool class `index` (`?` if it is none).
pub fn class_of(cp: &ConstantPool<'_>, index: u16) -> String {
    cp.try_get_class(index)
        .map(|s| s.to_string())
        .unwrap_or_else(|_| "?".into())
}

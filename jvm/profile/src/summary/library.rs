//! The class files of code outside the profiled jar: the running JDK's modules (copied once per
//! JDK installation out of its `jrt:/` image into a cached jar) and the classpath jars, read
//! lazily, one class at a time.

use rustc_hash::FxHashMap as HashMap;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use ristretto_classfile::{ClassAccessFlags, ClassFile, FieldAccessFlags, MethodAccessFlags};

use jvm_bytecode::classfile::{parse_class, ClassError, Jar, MethodCode};
use jvm_bytecode::invoke::{calls_of, indy_names, CallRef};
use jvm_bytecode::jar::manifest_class_path;
use jvm_bytecode::jdk::{build_runtime_class, source_hash, JdkError, NO_PERF_DATA};

/// The JDK modules whose classes are summarized.
pub const JDK_MODULES: &[&str] = &["java.base", "java.logging", "java.sql"];

/// The helper that copies the `jrt:/` image into a jar.
const JRT_DUMP_SOURCE: &str = include_str!("../runtime/JrtDump.java");

/// One method of a library class.
#[derive(Debug, Clone)]
pub struct LibMethod {
    /// Name.
    pub name: String,
    /// Descriptor.
    pub desc: String,
    /// Access flags.
    pub flags: MethodAccessFlags,
    /// Its code, where it has some and it could be read.
    pub code: Option<MethodCode>,
    /// Called method of each invoke instruction.
    pub calls: BTreeMap<usize, CallRef>,
    /// Call-site name of each `invokedynamic` (`makeConcatWithConstants`, a lambda's method).
    pub indy: BTreeMap<usize, String>,
}

/// One library class: what method resolution needs.
#[derive(Debug, Clone)]
pub struct LibClass {
    /// Internal name.
    pub name: String,
    /// Superclass, if any.
    pub super_name: Option<String>,
    /// Directly implemented (for an interface: extended) interfaces, internal names.
    pub interfaces: Vec<String>,
    /// Whether the class is final (calls on it dispatch exactly).
    pub is_final: bool,
    /// Descriptors of its own instance fields.
    pub fields: Vec<String>,
    /// Its methods.
    pub methods: Vec<LibMethod>,
}

/// Class files outside the profiled jar, looked up by internal name.
#[derive(Default)]
pub struct Library {
    jars: Vec<Jar>,
    classes: HashMap<String, Option<Arc<LibClass>>>,
}

impl Library {
    /// A library without classes: every call outside the jar stays unknown.
    pub fn empty() -> Library {
        Library::default()
    }

    /// The running JDK's classes (cached per JDK installation under the temp dir) and the jars of
    /// `classpath`, which are searched first.
    pub fn jdk(classpath: &[PathBuf]) -> Result<Library, JdkError> {
        let mut jars = Vec::new();
        for p in classpath.iter().filter(|p| p.is_file()) {
            jars.push(Jar::open(p).map_err(class_err)?);
        }
        jars.push(Jar::open(&jdk_image()?).map_err(class_err)?);
        Ok(Library {
            jars,
            classes: HashMap::default(),
        })
    }

    /// The class files a jar's code can see: the jar, `classpath`, the jars its manifest names,
    /// then the JDK.
    pub fn for_jar(jar: &Path, classpath: Option<&str>) -> Result<Library, JdkError> {
        let mut jars: Vec<PathBuf> = vec![jar.to_path_buf()];
        jars.extend(classpath.into_iter().flat_map(std::env::split_paths));
        jars.extend(manifest_class_path(jar).unwrap_or_default());
        Library::jdk(&jars)
    }

    /// Whether any class files are available.
    pub fn is_empty(&self) -> bool {
        self.jars.is_empty()
    }

    /// The class `name` (internal name), if some jar has it and it parses.
    pub fn class(&mut self, name: &str) -> Option<Arc<LibClass>> {
        if let Some(c) = self.classes.get(name) {
            return c.clone();
        }
        let entry = format!("{name}.class");
        let bytes = self.jars.iter_mut().find_map(|j| {
            let p = j.path().to_string();
            let mut e = j.by_name(&entry)?;
            Jar::read(&p, &mut e).ok()
        });
        let c = bytes.and_then(|b| read_class(name, &b)).map(Arc::new);
        self.classes.insert(name.to_string(), c.clone());
        c
    }
}

fn class_err(e: ClassError) -> JdkError {
    JdkError::Library(e.to_string())
}

/// Parses a class file into a [`LibClass`]; `None` when it does not parse.
fn read_class(name: &str, bytes: &[u8]) -> Option<LibClass> {
    let cf = ClassFile::from_bytes(bytes).ok()?;
    let cp = &cf.constant_pool;
    let super_name = match cf.super_class {
        0 => None,
        i => Some(cp.try_get_class(i).ok()?.to_string()),
    };
    let interfaces = cf
        .interfaces
        .iter()
        .filter_map(|&i| cp.try_get_class(i).ok().map(|c| c.to_string()))
        .collect();
    let (code, _) = parse_class(name, bytes).ok()?;
    let mut by_sig: HashMap<(String, String), MethodCode> = code
        .methods
        .into_iter()
        .map(|m| ((m.name.clone(), m.descriptor.clone()), m))
        .collect();
    let mut methods = Vec::new();
    for m in &cf.methods {
        let mname = cp.try_get_utf8(m.name_index).ok()?.to_rust_string();
        let desc = cp.try_get_utf8(m.descriptor_index).ok()?.to_rust_string();
        let code = by_sig.remove(&(mname.clone(), desc.clone()));
        let (calls, indy) = code
            .as_ref()
            .map(|c| (calls_of(&c.code, cp), indy_names(&c.code, cp)))
            .unwrap_or_default();
        methods.push(LibMethod {
            name: mname,
            desc,
            flags: m.access_flags,
            code,
            calls,
            indy,
        });
    }
    let fields = cf
        .fields
        .iter()
        .filter(|f| !f.access_flags.contains(FieldAccessFlags::STATIC))
        .filter_map(|f| cp.try_get_utf8(f.descriptor_index).ok())
        .map(|d| d.to_rust_string())
        .collect();
    Some(LibClass {
        name: name.to_string(),
        super_name,
        interfaces,
        fields,
        is_final: cf.access_flags.contains(ClassAccessFlags::FINAL),
        methods,
    })
}

/// What identifies the JDK that `java` on the `PATH` runs, without starting a JVM (one took
/// 50 ms of CPU beside the analyses): its `release` file with the size and time of its module
/// image; `None` if the installation does not have that layout.
fn jdk_identity() -> Option<String> {
    let path = std::env::var_os("PATH")?;
    let java = std::env::split_paths(&path)
        .map(|d| d.join("java"))
        .find(|p| p.is_file())?;
    let home = java.canonicalize().ok()?.parent()?.parent()?.to_path_buf();
    let release = std::fs::read_to_string(home.join("release")).ok()?;
    let modules = std::fs::metadata(home.join("lib").join("modules")).ok()?;
    let mtime = modules
        .modified()
        .ok()?
        .duration_since(std::time::UNIX_EPOCH)
        .ok()?;
    Some(format!(
        "{}\n{release}\n{} {}",
        home.display(),
        modules.len(),
        mtime.as_nanos()
    ))
}

/// `java -version`'s report, the JDK's identity where [`jdk_identity`] finds none.
fn java_version() -> Result<String, JdkError> {
    let out = Command::new("java")
        .arg(NO_PERF_DATA)
        .arg("-version")
        .output()
        .map_err(|source| JdkError::NoTool {
            tool: "java".into(),
            source,
        })?;
    Ok(String::from_utf8_lossy(&out.stderr).into_owned())
}

/// The jar of the running JDK's classes, made once per JDK installation.
fn jdk_image() -> Result<PathBuf, JdkError> {
    let id = match jdk_identity() {
        Some(id) => id,
        None => java_version()?,
    };
    let version = id + &JDK_MODULES.join(",");
    let dir = std::env::temp_dir().join(format!("decisionprof-jdk-{:016x}", source_hash(&version)));
    let jar = dir.join("jdk-classes.jar");
    if jar.is_file() {
        return Ok(jar);
    }
    std::fs::create_dir_all(&dir).map_err(|source| JdkError::Io {
        path: dir.display().to_string(),
        source,
    })?;
    let cp = build_runtime_class("JrtDump", JRT_DUMP_SOURCE)?;
    let run = Command::new("java")
        .arg(NO_PERF_DATA)
        .arg("-cp")
        .arg(&cp)
        .arg("decisionprof.JrtDump")
        .arg(&jar)
        .args(JDK_MODULES)
        .output()
        .map_err(|source| JdkError::NoTool {
            tool: "java".into(),
            source,
        })?;
    if !run.status.success() || !jar.is_file() {
        return Err(JdkError::Library(format!(
            "copying the JDK's classes out of jrt:/ failed: {}",
            String::from_utf8_lossy(&run.stderr)
        )));
    }
    Ok(jar)
}

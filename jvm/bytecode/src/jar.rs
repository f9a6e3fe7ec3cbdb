//! Jars: their manifests (`Main-Class`, `Class-Path`), their classes read once (names, bytes,
//! shapes), and copies of them with every class passed through a rewriting (signature files
//! dropped), which the instrumenters write.

use std::collections::{BTreeSet, HashMap};
use std::io::{Read, Write};
use std::path::Path;

use zip::write::SimpleFileOptions;
use zip::CompressionMethod;

use super::classfile::{ClassError, Jar};
use super::hierarchy::{shape, ClassShape};

/// Errors of reading a jar and writing a rewritten copy.
#[derive(Debug, thiserror::Error)]
pub enum JarError {
    /// Reading the input jar failed.
    #[error(transparent)]
    Class(#[from] ClassError),
    /// Writing the instrumented copy failed.
    #[error("{path}: cannot write the instrumented jar: {message}")]
    Write {
        /// The output path.
        path: String,
        /// What went wrong.
        message: String,
    },
}

/// The manifest's `Class-Path` entries, resolved against the jar's directory (the instrumented
/// copy lives elsewhere, so they go on the command line).
pub fn manifest_class_path(jar: &Path) -> Result<Vec<std::path::PathBuf>, ClassError> {
    let text = manifest(jar)?.unwrap_or_default();
    // continuation lines start with one space
    let joined = text.replace("\r\n ", "").replace("\n ", "");
    let dir = jar.parent().unwrap_or(Path::new("."));
    Ok(joined
        .lines()
        .find_map(|l| l.strip_prefix("Class-Path:"))
        .map(|v| {
            v.split_whitespace()
                .map(|e| dir.join(e.trim_start_matches("file:")))
                .collect()
        })
        .unwrap_or_default())
}

fn manifest(jar: &Path) -> Result<Option<String>, ClassError> {
    let mut zip = Jar::open(jar)?;
    let Some(mut m) = zip.by_name("META-INF/MANIFEST.MF") else {
        return Ok(None);
    };
    let mut text = String::new();
    if m.read_to_string(&mut text).is_err() {
        return Ok(None);
    }
    Ok(Some(text))
}

/// The manifest's `Main-Class`, if any.
pub fn main_class(jar: &Path) -> Result<Option<String>, ClassError> {
    let Some(text) = manifest(jar)? else {
        return Ok(None);
    };
    Ok(text.lines().find_map(|l| {
        l.strip_prefix("Main-Class:")
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
    }))
}

fn is_signature(name: &str) -> bool {
    let up = name.to_ascii_uppercase();
    up.starts_with("META-INF/")
        && !up[9..].contains('/')
        && [".SF", ".RSA", ".DSA", ".EC"]
            .iter()
            .any(|s| up.ends_with(s))
}

/// A jar's classes, read once for the analyses and the rewriting.
pub struct JarClasses {
    /// Every class's internal name (`META-INF/versions/…` ones too).
    pub names: BTreeSet<String>,
    /// The entry names and bytes of the classes outside `META-INF/`, in the jar's order.
    pub classes: Vec<(String, Vec<u8>)>,
    /// The shapes of those that parse.
    pub shapes: Vec<ClassShape>,
}

/// Reads the classes of `zip` ([`JarClasses`]).
pub fn read_classes(zip: &mut Jar) -> Result<JarClasses, JarError> {
    let p = zip.path().to_string();
    let mut out = JarClasses {
        names: BTreeSet::new(),
        classes: Vec::new(),
        shapes: Vec::new(),
    };
    for i in 0..zip.len() {
        let mut e = zip.entry(i)?;
        let name = e.name().to_string();
        if let Some(c) = name.strip_suffix(".class") {
            out.names.insert(c.trim_start_matches('/').to_string());
            if !name.starts_with("META-INF/") {
                let bytes = Jar::read(&p, &mut e)?;
                out.shapes.extend(shape(&bytes));
                out.classes.push((name, bytes));
            }
        }
    }
    Ok(out)
}

/// Entry name to bytes of classes read before ([`rewrite_jar`]'s `known`).
pub fn by_name(classes: &[(String, Vec<u8>)]) -> HashMap<&str, &[u8]> {
    classes
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice()))
        .collect()
}

/// Copies the jar `zip` to `output`, passing every class through
/// `rewrite` (`Ok(None)`: copy unchanged; `Err`: copy unchanged with a warning; a panic is caught
/// and reported the same way); signature files are dropped. A class whose bytes `known` has
/// (read before) is not read from the jar again. Returns the warnings.
pub fn rewrite_jar<'k>(
    output: &Path,
    zip: &mut Jar,
    known: impl Fn(&str) -> Option<&'k [u8]>,
    mut rewrite: impl FnMut(&str, &[u8], &mut Vec<String>) -> Result<Option<Vec<u8>>, String>,
) -> Result<Vec<String>, JarError> {
    let p = zip.path().to_string();
    let werr = |e: &dyn std::fmt::Display| JarError::Write {
        path: output.display().to_string(),
        message: e.to_string(),
    };
    let mut warnings = Vec::new();
    let ofile = std::fs::File::create(output).map_err(|e| werr(&e))?;
    let mut w = zip::ZipWriter::new(std::io::BufWriter::new(ofile));
    for i in 0..zip.len() {
        let mut e = zip.entry(i)?;
        let name = e.name().to_string();
        if is_signature(&name) {
            continue;
        }
        if e.is_dir() || !name.ends_with(".class") || name.starts_with("META-INF/versions/") {
            w.raw_copy_file(e).map_err(|x| werr(&x))?;
            continue;
        }
        let read;
        let bytes = match known(&name) {
            Some(b) => b,
            None => {
                read = Jar::read(&p, &mut e)?;
                read.as_slice()
            }
        };
        drop(e);
        let res = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            rewrite(&name, bytes, &mut warnings)
        }));
        let data = match res {
            Ok(Ok(Some(b))) => b,
            Ok(Ok(None)) => bytes.to_vec(),
            Ok(Err(msg)) => {
                warnings.push(format!("copied unchanged: {name}: {msg}"));
                bytes.to_vec()
            }
            Err(_) => {
                warnings.push(format!(
                    "copied unchanged: {name}: instrumentation panicked (a bug)"
                ));
                bytes.to_vec()
            }
        };
        // stored, not deflated: the copy is read once, by the profiled run
        let opts = SimpleFileOptions::default().compression_method(CompressionMethod::Stored);
        w.start_file(name.as_str(), opts).map_err(|x| werr(&x))?;
        w.write_all(&data).map_err(|x| werr(&x))?;
    }
    w.finish()
        .map_err(|x| werr(&x))?
        .flush()
        .map_err(|x| werr(&x))?;
    Ok(warnings)
}

//! Instrumenting a copy of a jar: every class is analysed (loop restarts on, so loop-carried
//! flows can start new path segments) and rewritten by [`super::instrument`]; a class that cannot
//! be instrumented safely is copied unchanged with a warning; signature files are dropped.

use std::collections::{BTreeSet, HashMap};
use std::io::{Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use zip::write::SimpleFileOptions;
use zip::CompressionMethod;

use super::analysis::MethodFlow;
use super::classfile::{parse_class, ClassError, Jar};
use super::hfg::HfgOptions;
use super::hierarchy::{shape, ClassShape, JarHierarchy};
use super::instrument::{instrument_class, property_types, Instrumented, Restrict};
use super::property::{ProbeFilter, Property};
use super::summary::Library;
use super::tagfield::{gate_roots, tag_roots};

/// Errors of jar instrumentation.
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

fn analyse_class(
    name: &str,
    bytes: &[u8],
    opts: &HfgOptions,
    warnings: &mut Vec<String>,
) -> Vec<MethodFlow> {
    let (class, skipped) = match parse_class(name, bytes) {
        Ok(x) => x,
        Err(e) => {
            warnings.push(format!("copied unchanged: {e}"));
            return Vec::new();
        }
    };
    for e in skipped {
        warnings.push(format!("not instrumented: {e}"));
    }
    let mut flows = Vec::new();
    for m in &class.methods {
        let res = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            MethodFlow::analyze(m, opts)
        }));
        match res {
            Ok(Ok(f)) => flows.push(f),
            Ok(Err(e)) => warnings.push(format!("not instrumented: {e}")),
            Err(_) => warnings.push(format!(
                "not instrumented: {}: analysis panicked (a bug)",
                m.display_name()
            )),
        }
    }
    flows
}

/// What [`analyse_class`] found for one class entry: the analysed methods and the warnings;
/// `None` when the analysis panicked outside its per-method guard.
type Analysis = Option<(Vec<MethodFlow>, Vec<String>)>;

/// A rewritten class ([`instrument_class`]'s answer) and the warnings of its analysis.
type Rewritten = (Result<Option<Vec<u8>>, String>, Vec<String>);

/// The analyses of the jar's classes, delivered by the workers of [`spawn_analyses`] as they
/// finish them, taken in the order they were started.
struct Analyses {
    rx: mpsc::Receiver<(usize, Analysis)>,
    ready: HashMap<usize, Analysis>,
}

impl Analyses {
    /// The analysis of class `i`, waiting for the workers; `None` if none delivered it.
    fn take(&mut self, i: usize) -> Analysis {
        loop {
            if let Some(a) = self.ready.remove(&i) {
                return a;
            }
            let (k, a) = self.rx.recv().ok()?;
            self.ready.insert(k, a);
        }
    }
}

/// Classes at least this large are analysed first: one of them can take longer than all the
/// others together (ANTLR 4's generated `UnicodeData`, 1.3 MB), and last in line it would be
/// the critical path.
const BIG_CLASS: usize = 64 * 1024;

/// The order classes are analysed in: the big ones first, then the jar's order.
fn work_order(classes: &[(String, Vec<u8>)]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..classes.len()).collect();
    order.sort_by_key(|&i| classes[i].1.len() < BIG_CLASS);
    order
}

/// The order classes are rewritten in (which numbers their methods and sites): the jar's order
/// with the big classes last, so the rewriting goes on with the small ones, as the other cores
/// analyse them, while the big ones are still being analysed (first in line, it waited for
/// them: ANTLR 4's rewriting started only after its 0.3 s `UnicodeData`). The same on every
/// run, so method and site ids are too.
fn rewrite_order(classes: &[(String, Vec<u8>)]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..classes.len()).collect();
    order.sort_by_key(|&i| classes[i].1.len() >= BIG_CLASS);
    order
}

/// Starts analysing the classes `(entry name, bytes)` on every core in `order` (`next` counts
/// the classes taken), so the rewriting goes on while later classes are analysed.
fn spawn_analyses<'s, 'e: 's>(
    scope: &'s std::thread::Scope<'s, 'e>,
    classes: &'e [(String, Vec<u8>)],
    order: &'e [usize],
    opts: &'e HfgOptions,
    next: &'e AtomicUsize,
) -> Analyses {
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get().min(8));
    let (tx, rx) = mpsc::channel();
    for _ in 0..workers {
        let tx = tx.clone();
        scope.spawn(move || loop {
            let Some(&i) = order.get(next.fetch_add(1, Ordering::Relaxed)) else {
                return;
            };
            let (name, bytes) = &classes[i];
            let mut w = Vec::new();
            let res = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                analyse_class(name, bytes, opts, &mut w)
            }));
            // a panic outside the per-method guard: analysed again, and reported, when the
            // class is rewritten
            if tx.send((i, res.ok().map(|f| (f, w)))).is_err() {
                return;
            }
        });
    }
    Analyses {
        rx,
        ready: HashMap::new(),
    }
}

/// A property to restrict the instrumentation to, with the class files (the jar's, the
/// classpath's, the JDK's) its types' supertypes are found in.
pub struct PropertyScope<'a> {
    /// The property.
    pub property: &'a Property,
    /// Where supertypes are looked up.
    pub library: &'a mut Library,
}

/// Analyses (on every core, in [`work_order`]) and instruments (on this thread, which hands out
/// the ids, in [`rewrite_order`]) the classes; the rewritten classes by entry name. With a property, every class
/// is analysed first: the property's types decide which probes and slices every class keeps.
fn rewrite_classes(
    classes: &[(String, Vec<u8>)],
    opts: &HfgOptions,
    out: &mut Instrumented,
    scope: Option<PropertyScope<'_>>,
    dual: bool,
) -> HashMap<String, Rewritten> {
    let order = work_order(classes);
    let next = AtomicUsize::new(0);
    let mut done = HashMap::new();
    std::thread::scope(|threads| {
        let mut analyses = spawn_analyses(threads, classes, &order, opts, &next);
        let mut analysed = |i: usize| {
            let (name, bytes) = &classes[i];
            analyses.take(i).unwrap_or_else(|| {
                let mut w = Vec::new();
                (analyse_class(name, bytes, opts, &mut w), w)
            })
        };
        // with a property, all of them first
        let mut early: HashMap<usize, (Vec<MethodFlow>, Vec<String>)> = HashMap::new();
        let filter = scope.and_then(|s| {
            early = order.iter().map(|&i| (i, analysed(i))).collect();
            let types: BTreeSet<String> = early
                .iter()
                .flat_map(|(&i, (flows, _))| property_types(&classes[i].1, flows, s.property))
                .collect();
            // no site: instrumented in full, and the run reports the property as unmatched
            if types.is_empty() {
                return None;
            }
            ProbeFilter::new(types, s.library)
                .map_err(|e| {
                    out.warnings
                        .push(format!("every probe kept for the property: {e}"))
                })
                .ok()
        });
        let restrict = filter.as_ref().map(|filter| Restrict { filter, opts });
        for &i in &rewrite_order(classes) {
            let (name, bytes) = &classes[i];
            let (flows, w) = early.remove(&i).unwrap_or_else(|| analysed(i));
            let res = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                instrument_class(name, bytes, flows, out, restrict, dual)
            }))
            .unwrap_or_else(|_| Err("instrumentation panicked (a bug)".into()));
            done.insert(name.clone(), (res, w));
        }
    });
    done
}

/// Writes an instrumented copy of `input` to `output` and returns what was instrumented.
pub fn instrument_jar(input: &Path, output: &Path) -> Result<Instrumented, JarError> {
    instrument_jar_for(input, output, None, false)
}

/// [`instrument_jar`], restricted to a property when `scope` names one: only the probes and
/// slices that can see the property's objects ([`super::property`]); with `dual` (a sampled
/// run) path-numbered methods get a copy without path probes ([`super::dual`]).
pub fn instrument_jar_for(
    input: &Path,
    output: &Path,
    scope: Option<PropertyScope<'_>>,
    dual: bool,
) -> Result<Instrumented, JarError> {
    let mut zip = Jar::open(input)?;
    let JarClasses {
        names,
        classes,
        shapes,
    } = read_classes(&mut zip)?;
    let tag_classes = tag_roots(&shapes);
    let mut out = Instrumented {
        jar_classes: names,
        gate_classes: gate_roots(&shapes, &tag_classes),
        tag_classes,
        hierarchy: JarHierarchy::new(&shapes),
        ..Instrumented::default()
    };
    let opts = HfgOptions {
        loop_restarts: true,
        call_results: false,
        ..HfgOptions::default()
    };
    let mut done = rewrite_classes(&classes, &opts, &mut out, scope, dual);
    // the copy keeps the jar's order of entries; other classes (under META-INF/) are analysed
    // and instrumented as they come; the classes read above are not inflated again
    let read = by_name(&classes);
    let known = |name: &str| read.get(name).copied();
    let warnings = rewrite_jar(output, &mut zip, known, |name, bytes, warnings| {
        if let Some((res, w)) = done.remove(name) {
            warnings.extend(w);
            return res;
        }
        let flows = analyse_class(name, bytes, &opts, warnings);
        instrument_class(name, bytes, flows, &mut out, None, dual)
    })?;
    out.warnings.extend(warnings);
    Ok(out)
}

/// A jar's classes, read once for the analyses and the rewriting.
pub(crate) struct JarClasses {
    /// Every class's internal name (`META-INF/versions/…` ones too).
    pub names: BTreeSet<String>,
    /// The entry names and bytes of the classes outside `META-INF/`, in the jar's order.
    pub classes: Vec<(String, Vec<u8>)>,
    /// The shapes of those that parse.
    pub shapes: Vec<ClassShape>,
}

/// Reads the classes of `zip` ([`JarClasses`]).
pub(crate) fn read_classes(zip: &mut Jar) -> Result<JarClasses, JarError> {
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
pub(crate) fn by_name(classes: &[(String, Vec<u8>)]) -> HashMap<&str, &[u8]> {
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

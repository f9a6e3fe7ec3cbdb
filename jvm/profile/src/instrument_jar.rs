//! Instrumenting a copy of a jar: every class is analysed (loop restarts on, so loop-carried
//! flows can start new path segments) and rewritten by [`super::probes`]; a class that cannot
//! be instrumented safely is copied unchanged with a warning; signature files are dropped.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use super::probes::{instrument_class, property_types, Restrict};
use super::property::{ProbeFilter, Property};
use super::sites::Instrumented;
use super::summary::Library;
use super::tagfield::{gate_roots, tag_roots};
use jvm_bytecode::analysis::{analyze_class, MethodFlow};
use jvm_bytecode::classfile::Jar;
use jvm_bytecode::hfg::HfgOptions;
use jvm_bytecode::hierarchy::JarHierarchy;
use jvm_bytecode::jar::{by_name, read_classes, rewrite_jar, JarClasses, JarError};

/// What [`analyze_class`] found for one class entry: the analysed methods and the warnings;
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
                analyze_class(name, bytes, opts, &mut w)
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
                (analyze_class(name, bytes, opts, &mut w), w)
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
        let flows = analyze_class(name, bytes, &opts, warnings);
        instrument_class(name, bytes, flows, &mut out, None, dual)
    })?;
    out.warnings.extend(warnings);
    Ok(out)
}

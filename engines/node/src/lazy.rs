//! The project's scripts prepared as node loads them, not up front: most of a package's files
//! (another build, other locales, modules its tests never load) are never run, and instrumenting
//! them all cost more than the tests. The runner and the ES-module hooks ask the engine's
//! loopback server ([`crate::serve_deps`]) one line per script:
//! `{"prepare": path}` is answered `{"code": text or null, "functions": […]}` (null: it runs as
//! it is), the same answer for the same script, under either of its paths (the project's or the
//! copy's); `{"prepared": k}` gives the scripts prepared so far from the k-th on, as
//! `{"files": [[original path, code, functions], …]}` (`Function.prototype.toString`).

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex};

use instrument::FunctionText;

use crate::prepare::{Prepared, Preparer};

/// One script's answer: the text it runs as and its functions, or `None` to run it as it is.
type Ready = Option<(String, Vec<FunctionText>)>;

/// The preparer of a run and what it answered so far.
#[derive(Debug)]
pub(crate) struct LazyStore {
    preparer: Preparer,
    /// Either path of a script (the project's, the copy's) → its number.
    by_path: HashMap<String, usize>,
    /// Per script number: its answer once prepared.
    done: Vec<Option<Ready>>,
    /// Script numbers in the order they were prepared.
    order: Vec<usize>,
    /// The project's absolute path of each script, by number.
    originals: Vec<String>,
}

/// A store shared by the server's connections.
pub(crate) type Shared = Arc<Mutex<LazyStore>>;

impl LazyStore {
    /// The store of `preparer`'s scripts, found under the project `original` and, by the same
    /// relative path, under its copy `copy`.
    pub(crate) fn new(preparer: Preparer, original: &Path, copy: &Path) -> LazyStore {
        let mut by_path = HashMap::new();
        let mut originals = Vec::new();
        for (abs, i) in preparer.scripts() {
            by_path.insert(abs.to_string_lossy().into_owned(), i);
            if let Ok(rel) = abs.strip_prefix(original) {
                by_path.insert(copy.join(rel).to_string_lossy().into_owned(), i);
            }
            originals.push(abs.to_string_lossy().into_owned());
        }
        let n = originals.len();
        LazyStore {
            preparer,
            by_path,
            done: vec![None; n],
            order: Vec::new(),
            originals,
        }
    }

    /// Every path a script can be asked for by.
    pub(crate) fn paths(&self) -> impl Iterator<Item = &str> {
        self.by_path.keys().map(String::as_str)
    }

    /// The answer to a request, or `None` when it is not one of this store's (a dependency's).
    pub(crate) fn answer(&mut self, request: &serde_json::Value) -> Option<serde_json::Value> {
        if let Some(path) = request.get("prepare") {
            let ready = path
                .as_str()
                .and_then(|p| self.by_path.get(p).copied())
                .and_then(|i| self.ready(i));
            return Some(match ready {
                Some((code, functions)) => {
                    serde_json::json!({ "code": code, "functions": functions })
                }
                None => serde_json::json!({ "code": null, "functions": [] }),
            });
        }
        let from = request.get("prepared")?.as_u64().unwrap_or(0) as usize;
        let files: Vec<serde_json::Value> = self
            .order
            .iter()
            .skip(from)
            .map(|&i| {
                let (code, functions) = match &self.done[i] {
                    Some(Some((c, f))) => (Some(c), f.as_slice()),
                    _ => (None, &[][..]),
                };
                serde_json::json!([self.originals[i], code, functions])
            })
            .collect();
        Some(serde_json::json!({ "files": files }))
    }

    /// The answer to a dependency's request (`{"file", "first"}`, answered by
    /// [`instrument::serve`]): its bindings numbered after every binding numbered so far, their
    /// names registered by its text, and `first` in the answer.
    pub(crate) fn dependency(&mut self, mut request: serde_json::Value) -> serde_json::Value {
        let first = self.preparer.prepared.bindings.len();
        request["first"] = serde_json::json!(first);
        let mut answer = instrument::serve::answer(&request.to_string());
        answer["first"] = serde_json::json!(first);
        let (Some(code), Some(names)) = (answer["code"].as_str(), answer["bindings"].as_array())
        else {
            return answer;
        };
        let names: Vec<String> = names
            .iter()
            .map(|n| n.as_str().unwrap_or_default().to_string())
            .collect();
        if names.is_empty() {
            return answer;
        }
        let register = crate::prepare::registration(-1, 0, &[], first, &names);
        let (code, _) = crate::prepare::registered(code.to_string(), Vec::new(), &register);
        self.preparer.prepared.bindings.extend(names);
        answer["code"] = serde_json::json!(code);
        answer
    }

    /// Script `i` prepared, once.
    fn ready(&mut self, i: usize) -> Ready {
        if self.done[i].is_none() {
            let r = self.preparer.prepare(i);
            self.done[i] = Some(r);
            self.order.push(i);
        }
        self.done[i].clone().flatten()
    }

    /// What was prepared: decisions, files and notes in the order node asked for the scripts.
    pub(crate) fn finish(shared: &Shared) -> Prepared {
        let mut store = shared.lock().unwrap_or_else(|e| e.into_inner());
        std::mem::take(&mut store.preparer.prepared)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store(root: &Path, copy: &Path) -> LazyStore {
        let files = jsproject::classify::ProjectFiles::new(root);
        let rules = jsproject::classify::Rules {
            root,
            include_deps: false,
            target: None,
            files: &files,
        };
        let preparer = Preparer::new(root, None, &rules, false, false).unwrap();
        LazyStore::new(preparer, root, copy)
    }

    #[test]
    fn only_the_scripts_asked_for_are_prepared_once_under_either_path() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("p");
        std::fs::create_dir_all(root.join("lib")).unwrap();
        std::fs::write(
            root.join("lib/a.js"),
            "var s = 0;\nfunction f(x, y) { s = 1; return x && y; }\n",
        )
        .unwrap();
        std::fs::write(
            root.join("lib/b.js"),
            "function g(x, y) { return x || y; }\n",
        )
        .unwrap();
        let dep = dir.path().join("dep.js");
        std::fs::write(&dep, "var t = 1;\nfunction h() { t = 2; }\n").unwrap();
        let copy = dir.path().join("copy");
        let mut store = store(&root, &copy);
        let b = root.join("lib/b.js").to_string_lossy().into_owned();
        let first = store.answer(&serde_json::json!({ "prepare": b })).unwrap();
        assert!(
            first["code"]
                .as_str()
                .unwrap()
                .contains("__dp.f(0,0,[2],0,[]);"),
            "{first}"
        );
        let a = copy.join("lib/a.js").to_string_lossy().into_owned();
        let second = store.answer(&serde_json::json!({ "prepare": a })).unwrap();
        assert!(
            second["code"]
                .as_str()
                .unwrap()
                .contains("__dp.f(1,1,[2],0,[\"s\"]);"),
            "{second}"
        );
        // the same answer again, by the project's path
        let again = root.join("lib/a.js").to_string_lossy().into_owned();
        assert_eq!(
            store.answer(&serde_json::json!({ "prepare": again })),
            Some(second)
        );
        // a dependency's bindings are numbered after the project's, its names registered
        let d = store.dependency(serde_json::json!({ "file": dep, "first": 0 }));
        assert_eq!(d["first"], 1, "{d}");
        assert!(
            d["code"]
                .as_str()
                .unwrap()
                .contains("__dp.f(-1,0,[],1,[\"t\"]);"),
            "{d}"
        );
        // a script outside the project is not one of the store's
        assert!(store
            .answer(&serde_json::json!({ "prepare": dep }))
            .unwrap()["code"]
            .is_null());
        let listed = store.answer(&serde_json::json!({ "prepared": 1 })).unwrap();
        assert_eq!(listed["files"].as_array().unwrap().len(), 1, "{listed}");
        assert_eq!(listed["files"][0][0], again.as_str());
        let shared = Arc::new(Mutex::new(store));
        let prepared = LazyStore::finish(&shared);
        assert_eq!(prepared.files, vec![0..1, 1..2]);
        assert_eq!(prepared.bindings, vec!["s".to_string(), "t".to_string()]);
    }
}

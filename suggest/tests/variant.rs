//! Rewritten copies: the user's tree is only read, node_modules is linked, overlapping rewrites are skipped.

use std::path::Path;

use instrument::model::{Reorder, Shape, Tree};
use suggest::variant::{materialize, rewrite_all};

const LIB: &str = "function f(x, y, z) {\n  return g(x && y) && z;\n}\nmodule.exports = f;\n";

fn swapped(tree: &Tree) -> Tree {
    match tree {
        Tree::Node { op, left, right } => Tree::Node {
            op: *op,
            left: right.clone(),
            right: left.clone(),
        },
        leaf => leaf.clone(),
    }
}

fn setup(dir: &Path) {
    std::fs::create_dir_all(dir.join("node_modules/dep")).unwrap();
    std::fs::create_dir_all(dir.join(".git")).unwrap();
    std::fs::write(dir.join("lib.js"), LIB).unwrap();
    std::fs::write(
        dir.join("node_modules/dep/index.js"),
        "module.exports = 1;\n",
    )
    .unwrap();
    std::fs::write(dir.join(".git/HEAD"), "ref: refs/heads/main\n").unwrap();
}

#[test]
fn overlapping_rewrites_keep_the_first_and_skip_the_second() {
    let tmp = tempfile::tempdir().unwrap();
    setup(tmp.path());
    let ds = instrument::find_decisions(LIB, "lib.js").unwrap();
    assert_eq!(ds.len(), 2, "{ds:?}");
    let orders: Vec<Reorder> = ds
        .iter()
        .map(|d| match &d.shape {
            Shape::Logical { tree, .. } => Reorder::Logical(swapped(tree)),
            Shape::Switch(_) | Shape::Chain(_) => unreachable!(),
        })
        .collect();
    // Outer decision first: the inner one lies inside its moved leaf.
    let outer = ds.iter().position(|d| d.span.hi - d.span.lo > 10).unwrap();
    let inner = 1 - outer;
    let r = rewrite_all(
        tmp.path(),
        &[(&ds[outer], &orders[outer]), (&ds[inner], &orders[inner])],
    )
    .unwrap();
    assert_eq!(r.skipped.len(), 1);
    assert_eq!(r.skipped[0].0, ds[inner].id);
    assert!(r.skipped[0].1.contains("overlaps"));
    assert_eq!(r.changes.len(), 1);
    assert!(
        r.changes[0].after.contains("return z && g(x && y);"),
        "{}",
        r.changes[0].after
    );
    // Alone, the inner one applies.
    let r = rewrite_all(tmp.path(), &[(&ds[inner], &orders[inner])]).unwrap();
    assert!(r.skipped.is_empty());
    assert!(r.changes[0].after.contains("g(y && x) && z"));
    // Nothing was written into the project.
    assert_eq!(
        std::fs::read_to_string(tmp.path().join("lib.js")).unwrap(),
        LIB
    );
}

#[test]
fn materialize_copies_without_git_links_node_modules_and_never_writes_back() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("project");
    setup(&root);
    let ds = instrument::find_decisions(LIB, "lib.js").unwrap();
    let order = match &ds[0].shape {
        Shape::Logical { tree, .. } => Reorder::Logical(swapped(tree)),
        Shape::Switch(_) | Shape::Chain(_) => unreachable!(),
    };
    let r = rewrite_all(&root, &[(&ds[0], &order)]).unwrap();
    let dest = tmp.path().join("copy");
    // A relative project path (as typed on the command line) still gives working links.
    std::env::set_current_dir(tmp.path()).unwrap();
    materialize(Path::new("project"), None, &dest, &r.changes, None).unwrap();
    assert!(!dest.join(".git").exists());
    let nm = std::fs::symlink_metadata(dest.join("node_modules")).unwrap();
    assert!(nm.file_type().is_symlink() || cfg!(not(unix)));
    assert_eq!(
        std::fs::read_to_string(dest.join("node_modules/dep/index.js")).unwrap(),
        "module.exports = 1;\n"
    );
    assert_eq!(
        std::fs::read_to_string(dest.join("lib.js")).unwrap(),
        r.changes[0].after
    );
    assert_eq!(std::fs::read_to_string(root.join("lib.js")).unwrap(), LIB);
}

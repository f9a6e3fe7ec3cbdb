//! The corpora run four ways — plain and profiled, in Boa and under node — each run once per
//! project, and two things are checked on them:
//!
//! * **transparency**: every program prints the same and every test has the same result
//!   profiled in Boa, plain in Boa, and plain and profiled under node;
//! * **the engines agree**: the Boa and the node profile are diffed (`jsproject::compare`): the
//!   same decisions executed as often, the same exclusions and effects, the same per-test
//!   cost-value histories. A difference is a bug in one engine, or comes from something the two
//!   may legitimately do differently; those are listed in `engine_support` with their reasons.

mod engine_support;

use std::path::PathBuf;

use engine_support::{projects, repo, run_four_ways, transparency, unexplained_between};

/// A corpus project and what is checked of it.
struct Project {
    root: PathBuf,
    /// Its runs print the same and pass the same tests (plain node runs JavaScript only).
    transparent: bool,
    /// Its engines' profiles are compared.
    agree: bool,
}

/// Runs each project of `list` four ways and checks it; fails listing every problem.
fn check(list: &[Project]) {
    assert!(!list.is_empty(), "no projects");
    let mut problems = Vec::new();
    for Project {
        root,
        transparent,
        agree,
    } in list
    {
        let runs = run_four_ways(root);
        if *transparent {
            if let Err(e) = transparency(root, &runs) {
                problems.push(e);
            }
        }
        if *agree {
            problems.extend(unexplained_between(
                root,
                &runs.profiled_boa,
                &runs.profiled_node,
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

/// The projects of `corpus/<group>`, each checked both ways.
fn group(group: &str) -> Vec<Project> {
    projects(group)
        .into_iter()
        .map(|root| Project {
            root,
            transparent: true,
            agree: true,
        })
        .collect()
}

#[test]
fn engine_corpus_is_transparent_and_the_engines_agree() {
    // `bad` fails on purpose: its profiles are not compared
    let mut list = group("engine");
    for p in &mut list {
        p.agree = !p.root.ends_with("bad");
    }
    check(&list);
}

#[test]
fn planted_corpus_is_transparent_and_the_engines_agree() {
    check(&group("planted"));
}

#[test]
fn bench_typescript_and_esm_corpora_are_transparent_and_the_engines_agree() {
    let mut list = group("bench");
    // plain node runs neither TypeScript nor these ES modules as the engines do: compared only
    for dir in ["corpus/typescript/app", "corpus/esm/app"] {
        list.push(Project {
            root: repo().join(dir),
            transparent: false,
            agree: true,
        });
    }
    check(&list);
}

#[test]
fn npm_corpus_is_transparent_and_the_engines_agree() {
    for p in group("npm") {
        assert!(
            p.root.join("node_modules").is_dir(),
            "{}: dependencies not installed; run scripts/setup.sh",
            p.root.display()
        );
    }
    check(&group("npm"));
}

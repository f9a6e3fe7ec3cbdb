//! The emitted diff is accepted by a real `git apply` and yields exactly the rewritten files.

use std::path::Path;
use std::process::Command;

use report::emit::diff::{unified_diff, FileChange};

fn git(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .expect("git runs")
}

#[test]
fn git_apply_accepts_the_diff_and_reproduces_the_rewritten_files() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    std::fs::create_dir_all(root.join("lib")).unwrap();
    let long: String = (0..40).map(|i| format!("const v{i} = {i};\n")).collect();
    let changes = vec![
        FileChange {
            file: "lib/a.js".into(),
            before: format!("{long}if (slow(x) && fast(y)) {{\n  go();\n}}\n{long}switch (t) {{\n  case 1: one(); break;\n  case 2: two(); break;\n}}\n"),
            after: format!("{long}if (fast(y) && slow(x)) {{\n  go();\n}}\n{long}switch (t) {{\n  case 2: two(); break;\n  case 1: one(); break;\n}}\n"),
        },
        // No newline at the end of the file.
        FileChange {
            file: "b.js".into(),
            before: "module.exports = (a, b) => a() || b();".into(),
            after: "module.exports = (a, b) => b() || a();".into(),
        },
        // CRLF line endings are kept.
        FileChange {
            file: "lib/c.js".into(),
            before: "var x = 1;\r\nif (p() && q()) x = 2;\r\n".into(),
            after: "var x = 1;\r\nif (q() && p()) x = 2;\r\n".into(),
        },
    ];
    for ch in &changes {
        std::fs::write(root.join(&ch.file), &ch.before).unwrap();
    }
    let diff = unified_diff(&changes);
    assert_eq!(
        diff.matches("\n@@ ").count() + usize::from(diff.starts_with("@@")),
        4,
        "{diff}"
    );
    let patch = tmp.path().join("s.patch");
    std::fs::write(&patch, &diff).unwrap();
    let p = patch.to_str().unwrap();
    let check = git(root, &["apply", "--check", p]);
    assert!(
        check.status.success(),
        "{}\n{diff}",
        String::from_utf8_lossy(&check.stderr)
    );
    let apply = git(root, &["apply", p]);
    assert!(
        apply.status.success(),
        "{}",
        String::from_utf8_lossy(&apply.stderr)
    );
    for ch in &changes {
        assert_eq!(
            std::fs::read_to_string(root.join(&ch.file)).unwrap(),
            ch.after
        );
    }
    // Reverse applies too, restoring the originals byte for byte.
    let rev = git(root, &["apply", "-R", p]);
    assert!(
        rev.status.success(),
        "{}",
        String::from_utf8_lossy(&rev.stderr)
    );
    for ch in &changes {
        assert_eq!(
            std::fs::read_to_string(root.join(&ch.file)).unwrap(),
            ch.before
        );
    }
}

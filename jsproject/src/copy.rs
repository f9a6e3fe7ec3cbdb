//! Copies of a project for runs that must not write into it: the tree without `.git`, each
//! `node_modules` folder linked rather than copied (unless the caller wants it copied), links
//! pointing where the original's pointed.

use std::io;
use std::path::{Path, PathBuf};

/// A copy that failed: what was being done, to which path, and why.
#[derive(Debug, thiserror::Error)]
#[error("{doing} {}: {source}", path.display())]
pub struct CopyError {
    /// What was being done ("copying", "linking", …).
    pub doing: &'static str,
    /// The path it was done to.
    pub path: PathBuf,
    /// The cause.
    #[source]
    pub source: io::Error,
}

fn err(doing: &'static str, path: &Path) -> impl FnOnce(io::Error) -> CopyError {
    let path = path.to_path_buf();
    move |source| CopyError {
        doing,
        path,
        source,
    }
}

/// Copies the project at `src_root` (an absolute path) into `dest_root`. A `node_modules` folder
/// is linked, unless `copy_inside` says true for its `/`-separated path relative to the root.
pub fn copy_project(
    src_root: &Path,
    dest_root: &Path,
    copy_inside: &dyn Fn(&str) -> bool,
) -> Result<(), CopyError> {
    copy_tree(src_root, dest_root, Path::new(""), copy_inside)
}

/// Makes `dest_root`'s parent see the `node_modules` folder of the nearest ancestor of
/// `src_root` that has one (a workspace's hoisted packages), so a copy resolves them too.
pub fn link_hoisted_modules(src_root: &Path, dest_root: &Path) -> Result<(), CopyError> {
    let Some(found) = src_root
        .ancestors()
        .skip(1)
        .map(|a| a.join("node_modules"))
        .find(|m| m.is_dir())
    else {
        return Ok(());
    };
    match dest_root.parent() {
        Some(parent) if !parent.join("node_modules").exists() => {
            link(&found, &parent.join("node_modules"))
        }
        _ => Ok(()),
    }
}

fn copy_tree(
    src_root: &Path,
    dest_root: &Path,
    rel: &Path,
    copy_inside: &dyn Fn(&str) -> bool,
) -> Result<(), CopyError> {
    let src = src_root.join(rel);
    let dest = dest_root.join(rel);
    std::fs::create_dir_all(&dest).map_err(err("creating", &dest))?;
    for entry in std::fs::read_dir(&src).map_err(err("listing", &src))? {
        let entry = entry.map_err(err("listing", &src))?;
        let name = entry.file_name();
        if name == ".git" {
            continue;
        }
        let rel_child = rel.join(&name);
        let from = entry.path();
        let to = dest_root.join(&rel_child);
        let ty = entry.file_type().map_err(err("inspecting", &from))?;
        let rel_str = rel_child.to_string_lossy().replace('\\', "/");
        if ty.is_dir() && name == "node_modules" && !copy_inside(&rel_str) {
            link(&from, &to)?;
        } else if ty.is_dir() {
            copy_tree(src_root, dest_root, &rel_child, copy_inside)?;
        } else if ty.is_symlink() {
            let target = std::fs::read_link(&from).map_err(err("reading link", &from))?;
            let abs = if target.is_absolute() {
                target
            } else {
                from.parent().unwrap_or(src_root).join(target)
            };
            link(&abs, &to)?;
        } else {
            std::fs::copy(&from, &to).map_err(err("copying", &from))?;
        }
    }
    Ok(())
}

#[cfg(unix)]
fn link(from: &Path, to: &Path) -> Result<(), CopyError> {
    std::os::unix::fs::symlink(from, to).map_err(err("linking", to))
}

#[cfg(not(unix))]
fn link(from: &Path, to: &Path) -> Result<(), CopyError> {
    if from.is_dir() {
        copy_tree(from, to, Path::new(""), &|_| true)
    } else {
        std::fs::copy(from, to)
            .map(|_| ())
            .map_err(err("copying", from))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_are_copied_and_dependencies_linked() {
        let d = tempfile::tempdir().unwrap();
        let src = d.path().join("p");
        std::fs::create_dir_all(src.join("node_modules/x")).unwrap();
        std::fs::create_dir_all(src.join(".git")).unwrap();
        std::fs::create_dir_all(src.join("lib")).unwrap();
        std::fs::write(src.join("lib/a.js"), "1").unwrap();
        let dest = d.path().join("copy");
        copy_project(&src, &dest, &|_| false).unwrap();
        assert_eq!(std::fs::read_to_string(dest.join("lib/a.js")).unwrap(), "1");
        assert!(!dest.join(".git").exists());
        let nm = std::fs::symlink_metadata(dest.join("node_modules")).unwrap();
        assert!(nm.file_type().is_symlink());
        std::fs::write(dest.join("lib/a.js"), "2").unwrap();
        assert_eq!(std::fs::read_to_string(src.join("lib/a.js")).unwrap(), "1");
    }

    #[test]
    fn a_workspace_package_sees_the_hoisted_modules() {
        let d = tempfile::tempdir().unwrap();
        let pkg = d.path().join("repo/packages/p");
        std::fs::create_dir_all(&pkg).unwrap();
        std::fs::create_dir_all(d.path().join("repo/node_modules/m")).unwrap();
        let dest = d.path().join("run/project");
        copy_project(&pkg, &dest, &|_| false).unwrap();
        link_hoisted_modules(&pkg, &dest).unwrap();
        assert!(d.path().join("run/node_modules/m").is_dir());
    }
}

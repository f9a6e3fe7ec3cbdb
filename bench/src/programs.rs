//! The programs the JVM benchmarks run: real Java programs from Debian's packages with fixed
//! inputs from `corpus/java/realjars` (also the workloads of the tests that check output under
//! instrumentation), the Debian jar workloads driven by corpus programs, and the corpus programs
//! of `corpus/java/flow`.

use std::path::{Path, PathBuf};

use jvm_bytecode::jdk::{compile_jar, JdkError, RunSpec};

/// The repository root (this crate is one level below it): the corpus is read from there.
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// One real program: the Debian package, the jar that is instrumented, and how to run it.
#[derive(Debug, Clone)]
pub struct RealProgram {
    /// Short name (`rhino`, `antlr4`, `checkstyle`).
    pub name: &'static str,
    /// The Debian package that installs it.
    pub package: &'static str,
    /// What to run (the program's own jar is the one instrumented).
    pub spec: RunSpec,
}

const JAVA: &str = "/usr/share/java";

fn jars(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("{JAVA}/{n}.jar"))
        .collect::<Vec<_>>()
        .join(":")
}

/// The real programs whose jars are installed; `root` is the repository root (inputs),
/// `scratch` a directory the programs may write into (ANTLR's generated parser).
pub fn real_programs(root: &Path, scratch: &Path) -> Vec<RealProgram> {
    let inputs = root.join("corpus/java/realjars");
    let java_corpus: Vec<String> = ["LoopTemp", "Rotation", "Euler", "Mst", "Chart", "Hard"]
        .iter()
        .map(|n| {
            root.join(format!("corpus/java/flow/{n}.java"))
                .display()
                .to_string()
        })
        .collect();
    let all = [
        RealProgram {
            name: "rhino",
            package: "rhino",
            spec: RunSpec {
                jar: PathBuf::from(format!("{JAVA}/js.jar")),
                main: Some("org.mozilla.javascript.tools.shell.Main".into()),
                args: vec![inputs.join("bench.js").display().to_string()],
                capture: true,
                ..RunSpec::default()
            },
        },
        RealProgram {
            name: "antlr4",
            package: "antlr4",
            spec: RunSpec {
                jar: PathBuf::from(format!("{JAVA}/antlr4.jar")),
                main: Some("org.antlr.v4.Tool".into()),
                classpath: Some(jars(&[
                    "antlr4-runtime",
                    "stringtemplate4",
                    "antlr3-runtime",
                    "treelayout",
                ])),
                args: vec![
                    "-o".into(),
                    scratch.join("antlr-out").display().to_string(),
                    inputs.join("Expr.g4").display().to_string(),
                ],
                capture: true,
                ..RunSpec::default()
            },
        },
        RealProgram {
            name: "checkstyle",
            package: "checkstyle",
            spec: RunSpec {
                jar: PathBuf::from(format!("{JAVA}/checkstyle.jar")),
                main: Some("com.puppycrawl.tools.checkstyle.Main".into()),
                classpath: Some(jars(&[
                    "antlr",
                    "antlr4-runtime",
                    "commons-beanutils",
                    "commons-cli",
                    "commons-logging",
                    "commons-collections3",
                    "guava",
                    "picocli",
                    "Saxon-HE",
                ])),
                args: [
                    vec![
                        "-c".to_string(),
                        inputs.join("checkstyle.xml").display().to_string(),
                    ],
                    java_corpus,
                ]
                .concat(),
                capture: true,
                ..RunSpec::default()
            },
        },
    ];
    all.into_iter().filter(|p| p.spec.jar.exists()).collect()
}

/// The Debian jar workloads of the benchmarks, `(name, driver class, run)`: the Debian jar
/// (HSQLDB, Xalan) is the one instrumented, its corpus driver (`corpus/java/flow`), compiled into
/// `dir`, is on the classpath. A jar that is not installed is skipped with a message.
pub fn debian_workloads(
    dir: &Path,
) -> Result<Vec<(&'static str, &'static str, RunSpec)>, JdkError> {
    let flow = repo_root().join("corpus/java/flow");
    let mut out = Vec::new();
    for (name, lib, main, args) in [
        (
            "hsqldb",
            "/usr/share/java/hsqldb.jar",
            "HsqlWorkload",
            &["3000"][..],
        ),
        (
            "xalan",
            "/usr/share/java/xalan2.jar",
            "XalanWorkload",
            &["2000", "10"][..],
        ),
    ] {
        if !Path::new(lib).exists() {
            eprintln!("decisionprof: {lib} not installed (scripts/setup.sh): {name} skipped");
            continue;
        }
        let driver = dir.join(format!("{main}.jar"));
        compile_jar(
            &[flow.join(format!("{main}.java"))],
            Some(lib),
            None,
            &driver,
        )?;
        let spec = RunSpec {
            jar: PathBuf::from(lib),
            main: Some(main.into()),
            classpath: Some(driver.display().to_string()),
            args: args.iter().map(|a| a.to_string()).collect(),
            capture: true,
            ..RunSpec::default()
        };
        out.push((name, main, spec));
    }
    Ok(out)
}

/// The programs `bench jvm-run`, `jvm-sample` and `jvm-rp` measure, `(name, run)`: the corpus
/// programs of `corpus/java/flow` compiled into `dir`, the Debian workloads and the real programs.
pub fn bench_programs(dir: &Path) -> Result<Vec<(String, RunSpec)>, JdkError> {
    let mut out = Vec::new();
    for name in ["LoopTemp", "Rotation", "Euler", "Mst", "Chart", "Threads"] {
        let jar = flow_program(dir, name)?;
        out.push((
            name.to_string(),
            RunSpec {
                jar,
                args: vec!["200000".into()],
                capture: true,
                ..RunSpec::default()
            },
        ));
    }
    for (name, main, spec) in debian_workloads(dir)? {
        out.push((format!("{main} ({name})"), spec));
    }
    for p in real_programs(&repo_root(), dir) {
        out.push((p.name.to_string(), p.spec));
    }
    Ok(out)
}

/// The corpus program `name` (`corpus/java/flow/<name>.java`, main class `name`) compiled into
/// `dir/<name>.jar`.
pub fn flow_program(dir: &Path, name: &str) -> Result<PathBuf, JdkError> {
    let source = repo_root().join(format!("corpus/java/flow/{name}.java"));
    let jar = dir.join(format!("{name}.jar"));
    compile_jar(&[source], None, Some(name), &jar)?;
    Ok(jar)
}

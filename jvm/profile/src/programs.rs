//! Real Java programs from Debian's packages with fixed inputs from `corpus/java/realjars`: the
//! workloads of `bench jvm-run` and of the tests that check output under instrumentation.

use std::path::{Path, PathBuf};

use jvm_bytecode::jdk::RunSpec;

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

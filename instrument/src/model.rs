//! The data every later stage uses to talk about a decision: ids, locations, shapes, verdicts.

use serde::{Deserialize, Serialize};

/// A byte range `[lo, hi)` into a file's UTF-8 text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Span {
    /// First byte.
    pub lo: u32,
    /// One past the last byte.
    pub hi: u32,
}

/// A human location: file relative to the project root, 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Location {
    /// Path relative to the project root, `/`-separated.
    pub file: String,
    /// 1-based line.
    pub line: u32,
    /// 1-based column in characters.
    pub col: u32,
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.col)
    }
}

/// Stable id of a decision: `<relative path>@<lo>-<hi>` of the decision's span.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct DecisionId(pub String);

impl DecisionId {
    /// Builds the id of the decision spanning `span` in `file`.
    pub fn new(file: &str, span: Span) -> Self {
        DecisionId(format!("{}@{}-{}", file, span.lo, span.hi))
    }
}

impl std::fmt::Display for DecisionId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A short-circuiting logical operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LogicalOp {
    /// `&&`
    And,
    /// `||`
    Or,
}

impl LogicalOp {
    /// The operator's source text.
    pub fn as_str(self) -> &'static str {
        match self {
            LogicalOp::And => "&&",
            LogicalOp::Or => "||",
        }
    }
}

/// The binary shape of a logical decision; leaves index into [`Decision::leaves`].
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tree {
    /// A check: index into the decision's leaves.
    Leaf(usize),
    /// `left op right`, with the span of the node in the source (parentheses excluded).
    Node {
        /// The operator.
        op: LogicalOp,
        /// Left operand.
        left: Box<Tree>,
        /// Right operand.
        right: Box<Tree>,
    },
}

/// One check of a logical decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Leaf {
    /// Span of the leaf expression without surrounding parentheses.
    pub span: Span,
    /// Its source text.
    pub text: String,
    /// It binds looser than `&&`/`||` (`?:`, assignment, arrow, `yield`, comma, `??`), so it needs
    /// parentheses wherever it is printed as an operand.
    #[serde(default)]
    pub low_precedence: bool,
}

/// Where the value of a logical decision goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Context {
    /// Only its truthiness matters (if/while/do/for test, `?:` test, `!` operand, leaf of an enclosing decision).
    Test,
    /// Its value is used (assigned, returned, passed, ...): reordering preserves it only if every leaf is boolean.
    Value,
}

/// One `case` (or `default`) clause of a switch decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Case {
    /// Span of the whole clause, from `case`/`default` to the end of its last statement.
    pub span: Span,
    /// Source text of the test, `None` for `default`.
    pub test: Option<String>,
}

/// The switch-specific part of a decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwitchShape {
    /// Source text of the discriminant.
    pub discriminant: String,
    /// Clauses in source order.
    pub cases: Vec<Case>,
    /// Fall-through groups: clause indices that run together, in source order; every clause is in exactly one group.
    pub groups: Vec<Vec<usize>>,
    /// Index of the `default` clause, if any.
    pub default_index: Option<usize>,
}

/// Which construct an arm chain is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChainKind {
    /// `if (c1) A else if (c2) B … else Z`.
    IfElse,
    /// Consecutive `if (c) <exit>` statements (`return`, `throw`, `continue`, `break`).
    Guards,
    /// `c1 ? a : c2 ? b : d`.
    Conditional,
}

/// One arm of an arm chain: its condition is `Decision::leaves[i]` for arm `i`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Arm {
    /// The span that moves when arms are reordered: for a guard, the whole statement with its
    /// leading comment lines (and a comment ending its last line); for a ladder's arm, from its
    /// `if` to the end of its body; for a conditional's arm, from its condition to the end of its
    /// `?` branch (ladders and conditionals move condition and body separately).
    pub span: Span,
    /// The span of its body (consequent / the guard's exit statement / the `?` branch).
    pub body: Span,
}

/// The arm-chain-specific part of a decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChainShape {
    /// Which construct it is (`chain_kind` in JSON: [`Shape`]'s tag is `kind`).
    #[serde(rename = "chain_kind")]
    pub kind: ChainKind,
    /// The arms in source order.
    pub arms: Vec<Arm>,
    /// The final `else` / last alternative, which stays last (None for guards and ladders without else).
    pub default: Option<Span>,
    /// Groups of arms whose bodies have the same text (whitespace-normalised), each group in
    /// source order, every arm in exactly one group: arms of one group behave as one `||`.
    pub same_body: Vec<Vec<usize>>,
    /// Pairs `(i, j)`, i < j, whose conditions are proven mutually exclusive from their text.
    pub proven_exclusive: Vec<(usize, usize)>,
}

/// What kind of decision this is, with its shape.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Shape {
    /// A maximal `&&`/`||` tree with at least two leaves.
    Logical {
        /// The binary tree over the leaves.
        tree: Tree,
        /// Where its value goes.
        context: Context,
    },
    /// A `switch` with at least two `case` clauses.
    Switch(SwitchShape),
    /// An else-if ladder, a guard sequence or a conditional chain with at least two conditions.
    Chain(ChainShape),
}

/// Why a decision is not reordered.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "rule")]
pub enum PruneReason {
    /// An earlier leaf tests `path` for null/undefined/type and a later leaf uses it.
    NullGuard {
        /// The guarded access path, e.g. `a.b`.
        path: String,
        /// Index of the guarding leaf.
        guard: usize,
        /// Index of the using leaf.
        user: usize,
    },
    /// `x || literal` / `x ?? literal` in value context.
    DefaultValue,
    /// A leaf contains a construct that cannot run out of place or twice.
    Unrepeatable {
        /// The construct: `await`, `yield`, `assignment`, `update`, `delete`.
        what: String,
        /// Index of the leaf (or case clause).
        leaf: usize,
    },
    /// A case test is not a constant.
    NonConstantCase {
        /// Clause index.
        case: usize,
    },
    /// Two case tests have the same value.
    DuplicateCase {
        /// Clause index of the second occurrence.
        case: usize,
    },
    /// `default` falls through into, or is fallen into from, another clause so its position matters.
    DefaultPosition,
}

/// A decision found in a file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    /// Stable id.
    pub id: DecisionId,
    /// Where it starts.
    pub location: Location,
    /// Span of the whole decision (parentheses around it excluded).
    pub span: Span,
    /// Logical tree, switch or arm chain.
    pub shape: Shape,
    /// The checks of a logical decision, the conditions of an arm chain (empty for switches).
    pub leaves: Vec<Leaf>,
    /// Static pruning verdict: empty means the decision may be reordered.
    pub pruned: Vec<PruneReason>,
    /// The 1-based line where the innermost function around it starts (`None` at top level):
    /// how a CPU profile's functions are matched to decisions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub function_line: Option<u32>,
}

impl Decision {
    /// True if static pruning kept this decision.
    pub fn is_kept(&self) -> bool {
        self.pruned.is_empty()
    }

    /// True for a logical decision in value context (needs the run-time all-boolean check).
    pub fn needs_boolean_check(&self) -> bool {
        matches!(
            self.shape,
            Shape::Logical {
                context: Context::Value,
                ..
            }
        )
    }
}

/// A new order for one decision, as `suggest` asks the rewriter for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reorder {
    /// The new tree over the same leaves (same operators per node; children may be swapped or a flat chain permuted).
    Logical(Tree),
    /// New order of the switch's fall-through groups (indices into `SwitchShape::groups`).
    Switch(Vec<usize>),
    /// New order of the arms (indices into `ChainShape::arms`); the default stays last.
    Chain(Vec<usize>),
}

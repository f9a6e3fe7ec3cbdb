//! Mutual exclusivity of two conditions proven from their text: one side-effect-free operand
//! compared with different literals, or with disjoint numeric ranges, or tested by
//! `Array.isArray` or `instanceof` a standard constructor beside a primitive's `typeof` or a
//! literal. When unsure, not proven.

use std::collections::BTreeMap;

use swc_ecma_ast::{BinExpr, BinaryOp, Expr, Lit, MemberProp, UnaryOp};

use crate::model::LogicalOp;
use crate::syntax::{logical_op, strip_parens};

/// The pairs `(i, j)`, `i < j`, of conditions proven mutually exclusive.
pub fn proven_exclusive(conds: &[&Expr]) -> Vec<(usize, usize)> {
    let forms: Vec<Option<Vec<Vec<Fact>>>> = conds.iter().map(|c| disjuncts(c)).collect();
    let mut out = Vec::new();
    for (i, a) in forms.iter().enumerate() {
        for (j, b) in forms.iter().enumerate().skip(i + 1) {
            if let (Some(a), Some(b)) = (a, b) {
                if a.iter().all(|ca| b.iter().all(|cb| conj_exclusive(ca, cb))) {
                    out.push((i, j));
                }
            }
        }
    }
    out
}

/// A literal a condition compares against.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Value {
    Str(String),
    Num(f64),
    Bool(bool),
    Null,
}

impl Value {
    fn same_type(&self, o: &Value) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(o)
    }
}

/// A range of numbers; each bound with whether it is included.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Interval {
    lo: Option<(f64, bool)>,
    hi: Option<(f64, bool)>,
}

impl Interval {
    const ALL: Interval = Interval { lo: None, hi: None };

    fn intersect(self, o: Interval) -> Interval {
        let pick = |a: Option<(f64, bool)>, b: Option<(f64, bool)>, lower: bool| match (a, b) {
            (None, x) | (x, None) => x,
            (Some((x, xi)), Some((y, yi))) => Some(if x == y {
                (x, xi && yi)
            } else if (x > y) == lower {
                (x, xi)
            } else {
                (y, yi)
            }),
        };
        Interval {
            lo: pick(self.lo, o.lo, true),
            hi: pick(self.hi, o.hi, false),
        }
    }

    fn is_empty(self) -> bool {
        match (self.lo, self.hi) {
            (Some((lo, li)), Some((hi, hi_in))) => lo > hi || (lo == hi && !(li && hi_in)),
            _ => false,
        }
    }
}

/// What one comparison in a condition says.
#[derive(Debug, Clone, PartialEq)]
enum Fact {
    /// `operand === value` (`strict`) or `operand == value`.
    Eq {
        operand: String,
        value: Value,
        strict: bool,
    },
    /// `operand` compared with numbers (`<`, `<=`, `>`, `>=`).
    Range { operand: String, interval: Interval },
    /// `Array.isArray(operand)` or `operand instanceof` a standard constructor (the globals as
    /// the language defines them): true of an object only, never of a primitive.
    IsObject { operand: String, callable: bool },
    /// A side-effect-free comparison that proves nothing (`!==`, `!=` against a literal).
    Neutral,
}

impl Fact {
    /// The numeric range this fact confines its operand to, if it does.
    fn range(&self) -> Option<(&str, Interval)> {
        match self {
            Fact::Range { operand, interval } => Some((operand, *interval)),
            Fact::Eq {
                operand,
                value: Value::Num(n),
                strict: true,
            } => Some((
                operand,
                Interval {
                    lo: Some((*n, true)),
                    hi: Some((*n, true)),
                },
            )),
            _ => None,
        }
    }
}

/// Two conjunctions that cannot both hold: two equalities of one operand with different values,
/// an equality and a `typeof` or `Array.isArray` the value cannot pass, or numeric ranges of one
/// operand whose intersection is empty.
fn conj_exclusive(a: &[Fact], b: &[Fact]) -> bool {
    let eqs = a.iter().any(|x| {
        b.iter().any(|y| {
            eq_exclusive(x, y)
                || object_exclusive(x, y)
                || object_exclusive(y, x)
                || typeof_exclusive(x, y)
                || typeof_exclusive(y, x)
        })
    });
    if eqs {
        return true;
    }
    let mut ranges: BTreeMap<&str, Interval> = BTreeMap::new();
    for (operand, interval) in a.iter().chain(b).filter_map(Fact::range) {
        let r = ranges.entry(operand).or_insert(Interval::ALL);
        *r = r.intersect(interval);
    }
    ranges.values().any(|r| r.is_empty())
}

fn eq_exclusive(a: &Fact, b: &Fact) -> bool {
    match (a, b) {
        (
            Fact::Eq {
                operand: oa,
                value: va,
                strict: sa,
            },
            Fact::Eq {
                operand: ob,
                value: vb,
                strict: sb,
            },
        ) => oa == ob && va != vb && ((*sa && *sb) || va.same_type(vb)),
        _ => false,
    }
}

/// `o === literal` (or `o == null`) against `typeof o` equal to a type the literal (or `null` and
/// `undefined`) does not have: `x === null` and `typeof x === 'string'`.
fn typeof_exclusive(a: &Fact, b: &Fact) -> bool {
    let (
        Fact::Eq {
            operand,
            value,
            strict,
        },
        Fact::Eq {
            operand: typed,
            value: Value::Str(t),
            ..
        },
    ) = (a, b)
    else {
        return false;
    };
    if typed.strip_prefix("typeof ") != Some(operand.as_str()) {
        return false;
    }
    let type_of = match value {
        Value::Str(_) => "string",
        Value::Num(_) => "number",
        Value::Bool(_) => "boolean",
        Value::Null => "object",
    };
    if *strict {
        type_of != t
    } else {
        *value == Value::Null && t != "object" && t != "undefined"
    }
}

/// A test true of objects only against a fact only a primitive satisfies: `typeof o` equal to
/// another type than `"object"` (or `"function"`, when the object may be one: a function is no
/// array, but is `instanceof Function`, and any object's prototype may be set), `o === literal`,
/// or `o == null`.
fn object_exclusive(a: &Fact, b: &Fact) -> bool {
    let (
        Fact::IsObject {
            operand: arr,
            callable,
        },
        Fact::Eq {
            operand,
            value,
            strict,
        },
    ) = (a, b)
    else {
        return false;
    };
    if operand.strip_prefix("typeof ") == Some(arr.as_str()) {
        return matches!(value, Value::Str(t) if t != "object" && !(*callable && t == "function"));
    }
    operand == arr && (*strict || *value == Value::Null)
}

/// The standard constructors whose `instanceof` is false of every primitive (no
/// `Symbol.hasInstance` of their own).
const STANDARD_CLASSES: &[&str] = &[
    "Array",
    "ArrayBuffer",
    "BigInt64Array",
    "BigUint64Array",
    "Boolean",
    "DataView",
    "Date",
    "Error",
    "EvalError",
    "Float32Array",
    "Float64Array",
    "Function",
    "Int16Array",
    "Int32Array",
    "Int8Array",
    "Map",
    "Number",
    "Object",
    "Promise",
    "RangeError",
    "ReferenceError",
    "RegExp",
    "Set",
    "String",
    "SyntaxError",
    "TypeError",
    "URIError",
    "Uint16Array",
    "Uint32Array",
    "Uint8Array",
    "Uint8ClampedArray",
    "WeakMap",
    "WeakRef",
    "WeakSet",
];

/// `Array.isArray(o)` or `o instanceof` a standard constructor, of a side-effect-free operand:
/// the fact, with whether `o` may be a function.
fn object_test(e: &Expr) -> Option<Fact> {
    if let Expr::Bin(b) = e {
        let standard =
            matches!(strip_parens(&b.right), Expr::Ident(i) if STANDARD_CLASSES.contains(&&*i.sym));
        return (b.op == BinaryOp::InstanceOf && standard)
            .then(|| operand(&b.left))
            .flatten()
            .map(|operand| Fact::IsObject {
                operand,
                callable: true,
            });
    }
    is_array_call(e).map(|operand| Fact::IsObject {
        operand,
        callable: false,
    })
}

/// `Array.isArray(o)` of a side-effect-free operand: the operand's key.
fn is_array_call(e: &Expr) -> Option<String> {
    let Expr::Call(c) = e else { return None };
    let swc_ecma_ast::Callee::Expr(f) = &c.callee else {
        return None;
    };
    let Expr::Member(m) = strip_parens(f) else {
        return None;
    };
    let named = |e: &Expr, n: &str| matches!(strip_parens(e), Expr::Ident(i) if &*i.sym == n);
    let is_array = matches!(&m.prop, MemberProp::Ident(p) if &*p.sym == "isArray");
    match &c.args[..] {
        [a] if a.spread.is_none() && is_array && named(&m.obj, "Array") => operand(&a.expr),
        _ => None,
    }
}

/// The operands of `e` as a chain of `op` (parentheses stripped): `a || (b || c)` is `[a, b, c]`.
fn operands<'a>(e: &'a Expr, op: LogicalOp, out: &mut Vec<&'a Expr>) {
    let e = strip_parens(e);
    match logical_op(e) {
        Some((o, b)) if o == op => {
            operands(&b.left, op, out);
            operands(&b.right, op, out);
        }
        _ => out.push(e),
    }
}

/// The condition as a disjunction of conjunctions of facts, if every part of it is understood
/// (a `||` inside a `&&` is not).
fn disjuncts(e: &Expr) -> Option<Vec<Vec<Fact>>> {
    let mut ors = Vec::new();
    operands(e, LogicalOp::Or, &mut ors);
    ors.into_iter()
        .map(|d| {
            let mut ands = Vec::new();
            operands(d, LogicalOp::And, &mut ands);
            ands.into_iter().map(fact).collect()
        })
        .collect()
}

/// The fact of one comparison between a side-effect-free operand and a literal; a
/// side-effect-free operand tested alone (`ok`, `!o.done`) is a fact that proves nothing.
fn fact(e: &Expr) -> Option<Fact> {
    let e = strip_parens(e);
    let tested = match e {
        Expr::Unary(u) if u.op == UnaryOp::Bang => strip_parens(&u.arg),
        other => other,
    };
    if operand(tested).is_some() {
        return Some(Fact::Neutral);
    }
    if let Some(f) = object_test(tested) {
        return Some(if std::ptr::eq(tested, e) {
            f
        } else {
            Fact::Neutral
        });
    }
    let Expr::Bin(b) = e else {
        return None;
    };
    let (operand, value, flipped) = sides(b)?;
    let number = |strict_lower: bool, inclusive: bool| {
        let Value::Num(n) = value else { return None };
        let bound = Some((n, inclusive));
        let interval = if strict_lower {
            Interval {
                lo: bound,
                hi: None,
            }
        } else {
            Interval {
                lo: None,
                hi: bound,
            }
        };
        Some(Fact::Range {
            operand: operand.clone(),
            interval,
        })
    };
    // `x < n` confines x from above; `n < x` from below
    match b.op {
        BinaryOp::EqEqEq | BinaryOp::EqEq => Some(Fact::Eq {
            operand: operand.clone(),
            value: value.clone(),
            strict: b.op == BinaryOp::EqEqEq,
        }),
        BinaryOp::NotEqEq | BinaryOp::NotEq => Some(Fact::Neutral),
        BinaryOp::Lt => number(flipped, false),
        BinaryOp::LtEq => number(flipped, true),
        BinaryOp::Gt => number(!flipped, false),
        BinaryOp::GtEq => number(!flipped, true),
        _ => None,
    }
}

/// The operand and literal of a comparison, and whether the literal is on the left.
fn sides(b: &BinExpr) -> Option<(String, Value, bool)> {
    match (literal(&b.left), literal(&b.right)) {
        (None, Some(v)) => Some((operand(&b.left)?, v, false)),
        (Some(v), None) => Some((operand(&b.right)?, v, true)),
        _ => None,
    }
}

/// The value of a literal a runtime can compare without running code: a string, number (also
/// negated), boolean or `null`, or a template without substitutions.
pub(crate) fn literal(e: &Expr) -> Option<Value> {
    match strip_parens(e) {
        Expr::Lit(Lit::Str(s)) => Some(Value::Str(s.value.to_string_lossy().into_owned())),
        Expr::Lit(Lit::Num(n)) => Some(Value::Num(n.value)),
        Expr::Lit(Lit::Bool(b)) => Some(Value::Bool(b.value)),
        Expr::Lit(Lit::Null(_)) => Some(Value::Null),
        Expr::Tpl(t) if t.exprs.is_empty() => {
            let cooked = t.quasis.first()?.cooked.as_ref()?;
            Some(Value::Str(cooked.to_string_lossy().into_owned()))
        }
        Expr::Unary(u) if u.op == UnaryOp::Minus => match strip_parens(&u.arg) {
            Expr::Lit(Lit::Num(n)) => Some(Value::Num(-n.value)),
            _ => None,
        },
        _ => None,
    }
}

/// A key for a side-effect-free operand: an identifier, `this`, a member chain with literal or
/// identifier keys, `typeof` of one.
fn operand(e: &Expr) -> Option<String> {
    match strip_parens(e) {
        Expr::Ident(i) => Some(i.sym.to_string()),
        Expr::This(_) => Some("this".into()),
        Expr::Member(m) => {
            let obj = operand(&m.obj)?;
            let prop = match &m.prop {
                MemberProp::Ident(i) => format!(".{}", i.sym),
                MemberProp::PrivateName(p) => format!(".#{}", p.name),
                MemberProp::Computed(c) => match strip_parens(&c.expr) {
                    Expr::Ident(i) => format!("[{}]", i.sym),
                    other => format!("[{:?}]", literal(other)?),
                },
            };
            Some(obj + &prop)
        }
        Expr::Unary(u) if u.op == UnaryOp::TypeOf => Some(format!("typeof {}", operand(&u.arg)?)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use swc_ecma_ast::{ModuleItem, Program, Stmt};

    use super::*;

    /// Whether the two conditions are proven exclusive, asked both ways round.
    fn excl(a: &str, b: &str) -> bool {
        let src = format!("({a});\n({b});");
        let parsed = crate::source_file::parse(&src, "t.js").expect("parses");
        let exprs: Vec<&Expr> = match &parsed.program {
            Program::Script(s) => s.body.iter().collect::<Vec<_>>(),
            Program::Module(m) => m
                .body
                .iter()
                .filter_map(|i| match i {
                    ModuleItem::Stmt(s) => Some(s),
                    _ => None,
                })
                .collect(),
        }
        .into_iter()
        .map(|s| match s {
            Stmt::Expr(e) => &*e.expr,
            _ => panic!("not an expression"),
        })
        .collect();
        let forward = proven_exclusive(&exprs) == vec![(0, 1)];
        let backward = proven_exclusive(&[exprs[1], exprs[0]]) == vec![(0, 1)];
        assert_eq!(forward, backward, "{a} vs {b}: not symmetric");
        forward
    }

    #[test]
    fn equalities_with_different_literals() {
        assert!(excl("x === 'a'", "x === 'b'"));
        assert!(excl("'a' === x", "x === \"b\""));
        assert!(excl("o.kind === 1", "o.kind === 2"));
        assert!(excl("o['k'].t === true", "o['k'].t === false"));
        assert!(excl("a[i] === null", "a[i] === 0"));
        assert!(excl("x === 1", "x === '1'"), "strict, different types");
        assert!(excl("x == 1", "x == 2"), "loose, same type");
        assert!(excl("x == 'a'", "x === 'b'"));
        assert!(!excl("x == 1", "x == '2'"), "loose, different types");
        assert!(!excl("x === 1", "x == '1'"));
        assert!(!excl("x === 'a'", "x === 'a'"), "same literal");
        assert!(!excl("x === 0", "x === -0"));
        assert!(excl("x === -1", "x === 1"));
        assert!(!excl("x == null", "x === 0"), "null and a number, loosely");
    }

    #[test]
    fn typeof_and_length() {
        assert!(excl("typeof v === 'string'", "typeof v === 'number'"));
        assert!(excl("typeof a.b == 'function'", "typeof a.b == 'object'"));
        assert!(!excl("typeof v === 'string'", "typeof w === 'number'"));
        assert!(excl("s.length === 0", "s.length === 1"));
        assert!(excl("s.length === 0", "s.length > 3"));
        assert!(!excl("s.length === 0", "t.length === 1"));
    }

    #[test]
    fn literals_have_their_types() {
        assert!(excl("x === null", "typeof x === 'string'"));
        assert!(excl("x === 0", "typeof x == 'string'"));
        assert!(excl("x === 'a'", "typeof x === 'number'"));
        assert!(excl("x == null", "typeof x === 'function'"));
        assert!(!excl("x === null", "typeof x === 'object'"), "typeof null");
        assert!(!excl("x == null", "typeof x === 'undefined'"));
        assert!(!excl("x == 1", "typeof x === 'string'"), "'1' == 1");
        assert!(!excl("x === 'a'", "typeof x === 'string'"));
        assert!(!excl("y === null", "typeof x === 'string'"));
    }

    #[test]
    fn arrays_are_no_primitives() {
        assert!(excl("typeof v === 'string'", "Array.isArray(v)"));
        assert!(excl("typeof v == 'function'", "Array.isArray(v)"));
        assert!(excl("v === null || v === 0", "Array.isArray(v)"));
        assert!(excl("v == null", "Array.isArray(v)"));
        assert!(excl("o.k === 3", "Array.isArray(o.k) && o.k.length > 0"));
        assert!(!excl("typeof v === 'object'", "Array.isArray(v)"));
        assert!(!excl("v == ''", "Array.isArray(v)"), "[] == '' holds");
        assert!(!excl("typeof w === 'string'", "Array.isArray(v)"));
        assert!(!excl("typeof v === 'string'", "!Array.isArray(v)"));
        assert!(!excl("typeof v === 'string'", "Array.isArray(v, 1)"));
        assert!(
            !excl("typeof v === 'string'", "isArray(v)"),
            "not the built-in"
        );
        assert!(!excl("Array.isArray(v)", "Array.isArray(v)"));
        assert!(!excl("typeof v === 'function'", "v instanceof Function"));
    }

    #[test]
    fn standard_instances_are_no_primitives() {
        assert!(excl("typeof v === 'string'", "v instanceof Date"));
        assert!(excl("v === null", "v instanceof RegExp"));
        assert!(excl("typeof v === 'number'", "(v instanceof Map)"));
        assert!(!excl("typeof v === 'object'", "v instanceof Date"));
        assert!(
            !excl("typeof v === 'function'", "v instanceof Date"),
            "setPrototypeOf"
        );
        assert!(
            !excl("typeof v === 'string'", "v instanceof Thing"),
            "may define hasInstance"
        );
        assert!(!excl("typeof v === 'string'", "!(v instanceof Date)"));
        assert!(
            !excl("v instanceof Date", "v instanceof RegExp"),
            "prototypes may be chained"
        );
        assert!(excl(
            "typeof v === 'string'",
            "!(v instanceof Date) && v === 1"
        ));
    }

    #[test]
    fn disjoint_ranges() {
        assert!(excl("x < 10", "x >= 10"));
        assert!(excl("x < 0", "x > 5"));
        assert!(excl("10 > x", "x >= 10"), "literal on the left");
        assert!(excl("c >= 48 && c <= 57", "c >= 65 && c <= 90"));
        assert!(excl("x <= 5", "x > 5"));
        assert!(!excl("x <= 5", "x >= 5"), "5 is in both");
        assert!(!excl("score >= 90", "score >= 75"), "overlap");
        assert!(!excl("c >= 48 && c <= 57", "c >= 50 && c <= 90"));
        assert!(excl("x === 3", "x > 5 && x < 9"));
        assert!(!excl("x == 3", "x > 5"), "a loose equality is no point");
        assert!(excl("x > 1 && x < 0", "y"), "never true");
    }

    #[test]
    fn disjunctions_need_every_pair() {
        assert!(excl("k === 'a' || k === 'b'", "k === 'c' || k === 'd'"));
        assert!(excl("k === 1 || k === 2", "k > 2"));
        assert!(!excl("k === 'a' || k === 'b'", "k === 'b'"));
        assert!(!excl("k === 'a' || f()", "k === 'b'"), "unknown disjunct");
        assert!(!excl("x > 0 && (y === 1 || y === 2)", "y === 3"));
    }

    #[test]
    fn unknown_is_not_proven() {
        assert!(!excl("a instanceof B", "a instanceof C"));
        assert!(!excl("x === 1", "y === 2"), "different operands");
        assert!(!excl("x !== 1", "x === 1"), "!== is exclusive with nothing");
        assert!(!excl("x !== 1", "x !== 2"));
        assert!(
            !excl("f() === 1", "f() === 2"),
            "a call is not side-effect free"
        );
        assert!(!excl("a[i++] === 1", "a[i++] === 2"));
        assert!(!excl("x === y", "x === z"), "no literal");
        assert!(
            excl("ok && x === 1", "x === 2"),
            "a side-effect-free conjunct"
        );
        assert!(!excl("ok()&& x === 1", "x === 2"), "an unknown conjunct");
        assert!(!excl("ok", "!ok"), "truthiness proves nothing");
        assert!(excl("x !== 0 && x === 1", "x === 2"), "a neutral conjunct");
        assert!(!excl("a?.b === 1", "a?.b === 2"));
    }
}

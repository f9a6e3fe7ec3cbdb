//! Descriptors: the kinds of the values a method descriptor names (and the local slots they
//! take), its parameters' and result's field descriptors, and the instructions that load and
//! store a value of each kind.

use ristretto_classfile::attributes::Instruction;

/// The kind of one stack value as a descriptor names it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum K {
    /// `int` and the types stored as one (`boolean`, `byte`, `char`, `short`).
    Int,
    /// `float`.
    Float,
    /// `long` (two words).
    Long,
    /// `double` (two words).
    Double,
    /// A reference (object or array).
    Ref,
}

/// The kinds of a method descriptor's parameters and of its result (`None` for `V`); `None` for
/// a malformed descriptor.
pub fn desc_kinds(desc: &str) -> Option<(Vec<K>, Option<K>)> {
    let b = desc.as_bytes();
    if b.first() != Some(&b'(') {
        return None;
    }
    let mut i = 1;
    let mut args = Vec::new();
    let one = |c: u8| match c {
        b'J' => K::Long,
        b'D' => K::Double,
        b'F' => K::Float,
        b'L' | b'[' => K::Ref,
        _ => K::Int,
    };
    while *b.get(i)? != b')' {
        let c = b[i];
        if c == b'[' {
            while *b.get(i)? == b'[' {
                i += 1;
            }
            if b[i] == b'L' {
                while *b.get(i)? != b';' {
                    i += 1;
                }
            }
            i += 1;
            args.push(K::Ref);
            continue;
        }
        if c == b'L' {
            while *b.get(i)? != b';' {
                i += 1;
            }
        }
        i += 1;
        args.push(one(c));
    }
    let r = *b.get(i + 1)?;
    Some((args, (r != b'V').then(|| one(r))))
}

/// Local slots (words) a value of kind `k` takes.
pub fn kwords(k: K) -> usize {
    if matches!(k, K::Long | K::Double) {
        2
    } else {
        1
    }
}

/// The instruction that stores a value of kind `k` into local slot `s`.
pub fn store(k: K, s: usize) -> Instruction {
    use Instruction as I;
    let w = s > 255;
    let (n8, n16) = (s as u8, s as u16);
    match (k, w) {
        (K::Int, false) => I::Istore(n8),
        (K::Int, true) => I::Istore_w(n16),
        (K::Float, false) => I::Fstore(n8),
        (K::Float, true) => I::Fstore_w(n16),
        (K::Long, false) => I::Lstore(n8),
        (K::Long, true) => I::Lstore_w(n16),
        (K::Double, false) => I::Dstore(n8),
        (K::Double, true) => I::Dstore_w(n16),
        (K::Ref, false) => I::Astore(n8),
        (K::Ref, true) => I::Astore_w(n16),
    }
}

/// The instruction that loads a value of kind `k` from local slot `s`.
pub fn load(k: K, s: usize) -> Instruction {
    use Instruction as I;
    let w = s > 255;
    let (n8, n16) = (s as u8, s as u16);
    match (k, w) {
        (K::Int, false) => I::Iload(n8),
        (K::Int, true) => I::Iload_w(n16),
        (K::Float, false) => I::Fload(n8),
        (K::Float, true) => I::Fload_w(n16),
        (K::Long, false) => I::Lload(n8),
        (K::Long, true) => I::Lload_w(n16),
        (K::Double, false) => I::Dload(n8),
        (K::Double, true) => I::Dload_w(n16),
        (K::Ref, false) => I::Aload(n8),
        (K::Ref, true) => I::Aload_w(n16),
    }
}

/// The field descriptors of a method descriptor's parameters (`this` not included) and its
/// return descriptor.
pub fn descriptors(desc: &str) -> Option<(Vec<&str>, &str)> {
    let rest = desc.strip_prefix('(')?;
    let (params, ret) = rest.split_once(')')?;
    let b = params.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        while b[i] == b'[' {
            i += 1;
            if i >= b.len() {
                return None;
            }
        }
        if b[i] == b'L' {
            i += params[i..].find(';')?;
        }
        i += 1;
        out.push(&params[start..i]);
    }
    Some((out, ret))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptors_split_parameters_and_return() {
        let (p, r) = descriptors("(I[[Ljava/lang/String;JLa/B;)[C").expect("parses");
        assert_eq!(p, vec!["I", "[[Ljava/lang/String;", "J", "La/B;"]);
        assert_eq!(r, "[C");
        assert_eq!(descriptors("()V"), Some((vec![], "V")));
        assert_eq!(descriptors("(L"), None);
    }
}

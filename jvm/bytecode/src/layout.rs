//! Estimated sizes of objects on a 64-bit HotSpot JVM with compressed class pointers and
//! compressed references (the defaults below 32 GiB of heap): a 12-byte header, fields by their
//! type, references 4 bytes, everything aligned to 8 bytes; arrays have a 16-byte header.

/// Bytes of one field or array element of the type with descriptor `desc`.
pub fn slot_bytes(desc: &str) -> u64 {
    match desc.as_bytes().first() {
        Some(b'J' | b'D') => 8,
        Some(b'I' | b'F') => 4,
        Some(b'S' | b'C') => 2,
        Some(b'B' | b'Z') => 1,
        _ => 4,
    }
}

/// The descriptor of a primitive type named as Java source names it (`int` → `I`).
pub fn primitive_descriptor(name: &str) -> Option<&'static str> {
    Some(match name {
        "int" => "I",
        "long" => "J",
        "double" => "D",
        "float" => "F",
        "short" => "S",
        "char" => "C",
        "byte" => "B",
        "boolean" => "Z",
        _ => return None,
    })
}

/// The element size of the arrays allocated with type `ty` as sites name it (`int[]`,
/// `java/lang/String[]`, or a descriptor such as `[[I`); `None` when `ty` is not an array.
pub fn element_bytes(ty: &str) -> Option<u64> {
    if let Some(base) = ty.strip_suffix("[]") {
        return Some(primitive_descriptor(base).map_or(4, slot_bytes));
    }
    ty.strip_prefix('[').map(slot_bytes)
}

/// Bytes of an instance whose class and superclasses declare instance fields with descriptors
/// `fields`.
pub fn instance_bytes<'a>(fields: impl IntoIterator<Item = &'a str>) -> u64 {
    let raw: u64 = 12 + fields.into_iter().map(slot_bytes).sum::<u64>();
    raw.div_ceil(8) * 8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_follow_the_compressed_layout() {
        assert_eq!(instance_bytes([]), 16, "java.lang.Object");
        assert_eq!(instance_bytes(["I"]), 16, "java.lang.Integer");
        assert_eq!(instance_bytes(["J"]), 24, "java.lang.Long");
        assert_eq!(
            instance_bytes(["[B", "B", "I", "Z"]),
            24,
            "java.lang.String"
        );
        assert_eq!(element_bytes("int[]"), Some(4));
        assert_eq!(element_bytes("java/lang/String[]"), Some(4));
        assert_eq!(
            element_bytes("[[J"),
            Some(4),
            "the outer array holds references"
        );
        assert_eq!(element_bytes("[J"), Some(8));
        assert_eq!(element_bytes("java/util/HashMap"), None);
    }
}

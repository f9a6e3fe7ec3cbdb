//! The JavaScript pieces of the `__dp` runtime that both engines run as they are.

/// The undo helpers both engines share (snapshots, restorers, read traps).
pub const UNDO_JS: &str = include_str!("../js/undo.js");

/// The global `Function` constructor guarded by `__dp.ev` (both engines).
pub const GUARDED_FUNCTION_JS: &str = include_str!("../js/guarded_function.js");

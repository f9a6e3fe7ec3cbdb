//! Which function declares a name: the innermost one (a local), an enclosing one or the top level
//! (an outer variable, living on the heap), or none (a global).

use std::collections::HashSet;

/// Where a name is declared, seen from the innermost function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Place {
    /// In the innermost enclosing function (or its blocks).
    Local,
    /// In an enclosing function or the top level.
    Outer,
    /// Nowhere in the file.
    Global,
}

#[derive(Debug, Default)]
pub(super) struct Scopes {
    /// Names per scope, innermost last, and whether the scope is a function's.
    stack: Vec<(HashSet<String>, bool)>,
}

impl Scopes {
    pub(super) fn push(&mut self, names: Vec<String>, function: bool) {
        self.stack.push((names.into_iter().collect(), function));
    }

    pub(super) fn pop(&mut self) {
        self.stack.pop();
    }

    pub(super) fn place(&self, name: &str) -> Place {
        let mut crossed = false;
        for (names, function) in self.stack.iter().rev() {
            if names.contains(name) {
                return if crossed { Place::Outer } else { Place::Local };
            }
            crossed |= *function;
        }
        Place::Global
    }
}

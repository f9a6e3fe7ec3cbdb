//! Boa's link error names only the export it could not find (``could not find export `x` ``):
//! this finds the loaded module that asks for it and the module it asks, so the message names
//! both, and says when the module is a Node built-in the embedded engine lacks the name of.

use boa_engine::Context;
use instrument::imports::{module_exports, named_requests};

use crate::module_loader::{require_from, stand_in, Loader};
use crate::state::shared;
use jsproject::classify::rel_path;
use jsproject::resolve::{self, Kind};

/// The export a link error could not find, if `message` is one.
pub(crate) fn missing_export(message: &str) -> Option<&str> {
    let rest = message.split("could not find export `").nth(1)?;
    rest.split('`').next().filter(|n| !n.is_empty())
}

impl Loader {
    /// Where the loaded modules ask for `name` of a module that lacks it: "importer:line imports
    /// it from 'spec' (…)"; `None` if no loaded module's text asks for it.
    pub(crate) fn who_asks(&self, name: &str, ctx: &mut Context) -> Option<String> {
        let root = shared(ctx).host.borrow().root.clone();
        let mut loaded: Vec<_> = self.cache.borrow().keys().cloned().collect();
        loaded.sort();
        let mut fallback = None;
        for file in loaded {
            let Ok(text) = std::fs::read_to_string(&file) else {
                continue;
            };
            if !text.contains(name) {
                continue;
            }
            let shown = rel_path(&root, &file);
            for r in named_requests(&text, &shown)
                .iter()
                .filter(|r| r.name == name)
            {
                let line = text[..r.span.0.min(text.len())].matches('\n').count() + 1;
                let at = format!("{shown}:{line} imports it from '{}'", r.from);
                if let Some(request) = stand_in(&r.from) {
                    let value = require_from(&file, &request, ctx).ok();
                    let has = value.and_then(|v| v.as_object()).is_some_and(|o| {
                        o.has_property(boa_engine::JsString::from(name), ctx)
                            .unwrap_or(true)
                    });
                    if !has {
                        return Some(format!(
                            "{at}, which the embedded engine's {request} does not provide (profile under node with --engine node)"
                        ));
                    }
                    continue;
                }
                let Ok(target) = self.target(Some(&file), &r.from, ctx) else {
                    continue;
                };
                let target_shown = rel_path(&root, &target);
                // a CommonJS or JSON module's names are not in its text's export declarations
                let exports = std::fs::read_to_string(&target)
                    .ok()
                    .filter(|_| resolve::kind_of(&target) == Kind::Esm)
                    .and_then(|t| module_exports(&t, &target_shown));
                match exports {
                    Some(e) if !e.open && e.star_from.is_empty() && !e.names.contains(name) => {
                        return Some(format!("{at} ({target_shown}), which does not export it"));
                    }
                    Some(e) if e.names.contains(name) => {}
                    _ => {
                        fallback.get_or_insert(format!("{at} ({target_shown})"));
                    }
                }
            }
        }
        fallback
    }
}

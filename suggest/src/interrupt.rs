//! Ctrl-C and SIGTERM as a flag the gate checks between node processes, so that an interrupted
//! run still reports every candidate decided so far.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use crate::error::SuggestError;

static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();
static SIGNAL: OnceLock<Arc<AtomicBool>> = OnceLock::new();
static ANY: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// Turns SIGINT and SIGTERM into a flag instead of ending the process; call once at start.
pub fn install() -> Result<(), SuggestError> {
    let int = FLAG.get_or_init(|| Arc::new(AtomicBool::new(false)));
    let term = SIGNAL.get_or_init(|| Arc::new(AtomicBool::new(false)));
    signal_hook::flag::register(signal_hook::consts::SIGINT, Arc::clone(int))
        .map_err(|e| SuggestError::io("installing the Ctrl-C handler", e))?;
    signal_hook::flag::register(signal_hook::consts::SIGTERM, Arc::clone(term))
        .map_err(|e| SuggestError::io("installing the SIGTERM handler", e))?;
    let any = ANY.get_or_init(|| Arc::new(AtomicBool::new(false)));
    for sig in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register(sig, Arc::clone(any))
            .map_err(|e| SuggestError::io("installing the signal handlers", e))?;
    }
    Ok(())
}

/// One flag set by either signal, for the profiling run to stop on (none without [`install`]).
pub fn flag() -> Option<Arc<AtomicBool>> {
    ANY.get().cloned()
}

/// `Err(Interrupted)` once Ctrl-C or SIGTERM arrived (never without [`install`]).
pub fn check() -> Result<(), SuggestError> {
    let set = |f: &OnceLock<Arc<AtomicBool>>| f.get().is_some_and(|f| f.load(Ordering::Relaxed));
    if set(&FLAG) {
        Err(SuggestError::Interrupted("Ctrl-C"))
    } else if set(&SIGNAL) {
        Err(SuggestError::Interrupted("SIGTERM"))
    } else {
        Ok(())
    }
}

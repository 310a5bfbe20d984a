//! Interrupts of a long batch command that saves its work (`grundy
//! --out`): the first one asks the work to stop and save; a second one,
//! while that is under way, ends the process at once with status 130.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Sets `flag` on the first interrupt: Ctrl-C, TERM and HUP on Unix.
#[cfg(unix)]
pub fn watch(flag: &Arc<AtomicBool>) {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    for signal in [SIGINT, SIGTERM, SIGHUP] {
        // Registered first, so it sees the flag as it was before this
        // signal: set already means this is the second.
        let _ = signal_hook::flag::register_conditional_shutdown(
            signal,
            super::EXIT_INTERRUPTED.into(),
            Arc::clone(flag),
        );
        let _ = signal_hook::flag::register(signal, Arc::clone(flag));
    }
}

/// Sets `flag` on the first interrupt: Ctrl-C, Ctrl-Break and closing the
/// console window on Windows (console control events; Windows ends the
/// process soon after its window closes, so that save is a race).
#[cfg(windows)]
pub fn watch(flag: &Arc<AtomicBool>) {
    use std::sync::atomic::Ordering;
    let flag = Arc::clone(flag);
    let _ = ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::SeqCst) {
            std::process::exit(super::EXIT_INTERRUPTED.into());
        }
    });
}

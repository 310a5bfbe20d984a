//! Interrupts of a long batch command that saves its work (`grundy
//! --out`): the first one asks the work to stop and save; a second one,
//! while that is under way, removes the save's temporary file and ends the
//! process at once with status 130.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// The temporary file a save is writing, if one is.
static PARTIAL: Mutex<Option<PathBuf>> = Mutex::new(None);

/// Makes the temporary file of a save with `make`, and keeps its name for
/// a second interrupt to remove (held while it is made, so no interrupt
/// falls between the making and the keeping).
pub fn while_saving(
    make: impl FnOnce() -> std::io::Result<tempfile::NamedTempFile>,
) -> std::io::Result<tempfile::NamedTempFile> {
    let mut partial = PARTIAL.lock().unwrap_or_else(|e| e.into_inner());
    let file = make()?;
    *partial = Some(file.path().to_path_buf());
    Ok(file)
}

/// The save is over (renamed into place, or removed after a failure).
pub fn saved() {
    *PARTIAL.lock().unwrap_or_else(|e| e.into_inner()) = None;
}

/// The first interrupt sets `flag`; a second ends the process.
fn interrupted(flag: &AtomicBool) {
    if flag.swap(true, Ordering::SeqCst) {
        // Waits for a save being set up, so its file is known.
        if let Some(path) = PARTIAL.lock().unwrap_or_else(|e| e.into_inner()).take() {
            let _ = std::fs::remove_file(path);
        }
        std::process::exit(super::EXIT_INTERRUPTED.into());
    }
}

/// Watches Ctrl-C, TERM and HUP on Unix, on a thread of its own (not in a
/// signal handler, so the second one may take a lock and remove a file).
#[cfg(unix)]
pub fn watch(flag: &Arc<AtomicBool>) {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    let flag = Arc::clone(flag);
    std::thread::spawn(move || {
        for _ in signals.forever() {
            interrupted(&flag);
        }
    });
}

/// Watches Ctrl-C, Ctrl-Break and closing the console window on Windows
/// (console control events, on ctrlc's thread; Windows ends the process
/// soon after its window closes, so that save is a race).
#[cfg(windows)]
pub fn watch(flag: &Arc<AtomicBool>) {
    let flag = Arc::clone(flag);
    let _ = ctrlc::set_handler(move || interrupted(&flag));
}

//! Whether standard output is there to write to: a command's answers would
//! otherwise be lost without a word when it was closed (`>&-`).

/// Whether standard output was closed when the process began (`>&-`),
/// looked at before Rust's runtime starts: the runtime then opens /dev/null
/// in its place, and every answer would be lost without a word. Afterwards
/// that /dev/null cannot be told from one the caller opened on purpose.
#[cfg(any(target_os = "linux", target_os = "macos"))]
// A look at a descriptor before the runtime starts needs a function the
// loader runs (link_section) and a system call: the one unsafe part of the
// binary.
#[allow(unsafe_code)]
mod stdout_at_start {
    use std::sync::atomic::{AtomicBool, Ordering};

    static CLOSED: AtomicBool = AtomicBool::new(false);

    /// Run by the loader before `main` (and before the runtime's own set-up).
    extern "C" fn look() {
        // SAFETY: F_GETFD only reads a descriptor's flags; -1 means none.
        let closed = unsafe { libc::fcntl(libc::STDOUT_FILENO, libc::F_GETFD) } == -1;
        CLOSED.store(closed, Ordering::Relaxed);
    }

    #[used]
    #[cfg_attr(target_os = "linux", link_section = ".init_array")]
    #[cfg_attr(target_os = "macos", link_section = "__DATA,__mod_init_func")]
    static LOOK: extern "C" fn() = look;

    pub fn was_closed() -> bool {
        CLOSED.load(Ordering::Relaxed)
    }
}

/// Fails if standard output was closed when the process began.
#[cfg(unix)]
pub fn check_stdout() -> std::io::Result<()> {
    #[cfg(any(target_os = "linux", target_os = "macos"))]
    if stdout_at_start::was_closed() {
        return Err(std::io::Error::other("standard output is closed"));
    }
    Ok(())
}

/// Windows: standard output is missing when its handle is.
#[cfg(windows)]
pub fn check_stdout() -> std::io::Result<()> {
    use std::os::windows::io::AsHandle;
    std::io::stdout()
        .as_handle()
        .try_clone_to_owned()
        .map(drop)
        .map_err(|_| std::io::Error::other("standard output is closed"))
}

#[cfg(not(any(unix, windows)))]
pub fn check_stdout() -> std::io::Result<()> {
    Ok(())
}

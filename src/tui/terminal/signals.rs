//! What ends or stops the app from outside: signals on Unix, console
//! control events on Windows. Either way the terminal is given back first
//! (no frame is drawn after that), then the app ends as it would have.

#[cfg(unix)]
pub use unix::{suspend, Watch};
#[cfg(windows)]
pub use windows::Watch;

#[cfg(unix)]
mod unix {
    use super::super::keeper::Keeper;
    use super::super::{enter_terminal, leave_terminal, lock_screen_for_signal};
    use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGSTOP, SIGTERM, SIGTSTP};
    use signal_hook::iterator::{Handle, Signals};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    /// TERM, INT, HUP, QUIT and TSTP watched on a thread of their own: the
    /// event loop may be inside the terminal library, which after a hang-up
    /// reads an ended terminal forever and never comes back.
    pub struct Watch(Handle);

    impl Watch {
        /// After a suspension (TSTP, then `fg`) the terminal is taken again
        /// and `resumed` set, so that the event loop draws everything anew.
        /// TERM, INT, HUP and QUIT write the session as last handed to
        /// `keeper` before the app ends.
        pub fn start(
            mouse: bool,
            resumed: Arc<AtomicBool>,
            keeper: Option<Keeper>,
        ) -> std::io::Result<Watch> {
            let mut signals = Signals::new([SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGTSTP])?;
            let handle = signals.handle();
            std::thread::spawn(move || {
                for signal in signals.forever() {
                    let screen = lock_screen_for_signal();
                    leave_terminal(mouse);
                    if signal == SIGTSTP {
                        let _ = signal_hook::low_level::raise(SIGSTOP);
                        let _ = enter_terminal(mouse);
                        resumed.store(true, Ordering::Relaxed);
                        drop(screen);
                    } else {
                        // The session first (a hung-up terminal has nobody
                        // to read a failure: it goes to standard error all
                        // the same), then the terminal is back as it was,
                        // and the signal does what it would have done.
                        if let Some(Err(why)) = keeper.as_ref().map(Keeper::flush) {
                            eprintln!("noughts: {why}");
                        }
                        let _ = signal_hook::low_level::emulate_default_handler(signal);
                    }
                }
            });
            Ok(Watch(handle))
        }

        pub fn close(self) {
            self.0.close();
        }
    }

    /// Ctrl-Z: stops the process until `fg` (SIGCONT). SIGSTOP, not
    /// SIGTSTP: the system drops the latter for a process whose group has
    /// no parent in its session to resume it.
    pub fn suspend() -> std::io::Result<()> {
        signal_hook::low_level::raise(SIGSTOP)
    }
}

#[cfg(windows)]
mod windows {
    use super::super::keeper::Keeper;
    use super::super::{leave_terminal, lock_screen_for_signal};
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    /// Ctrl-Break and closing the console window (Ctrl-C is a key while
    /// the console is in raw mode, and quits through the key table). The
    /// session is written, the console given back and the app ends with
    /// status 130. Windows
    /// ends a process shortly after its window closes whatever it does, so
    /// there the restore is a race it usually wins.
    pub struct Watch;

    impl Watch {
        pub fn start(
            mouse: bool,
            _resumed: Arc<AtomicBool>,
            keeper: Option<Keeper>,
        ) -> std::io::Result<Watch> {
            ctrlc::set_handler(move || {
                let _screen = lock_screen_for_signal();
                if let Some(keeper) = &keeper {
                    let _ = keeper.flush();
                }
                leave_terminal(mouse);
                // 128 + SIGINT, as a shell reports an interrupted command.
                std::process::exit(130);
            })
            .map_err(std::io::Error::other)?;
            Ok(Watch)
        }

        /// The handler stays (ctrlc sets one per process); after the app
        /// it only gives back a console that is already given back.
        pub fn close(self) {}
    }
}

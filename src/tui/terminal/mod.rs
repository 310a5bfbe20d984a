//! The terminal, apart from the app: taking it (raw mode, the alternate
//! screen, mouse capture) and giving it back on every way out, the signals
//! that end or suspend the app (`signals`), and the keeper that writes the
//! session on the way out (`keeper`). Nothing here knows the app; the app
//! (`tui`) calls in.

pub mod keeper;
pub mod signals;
pub mod torn;

use crossterm::cursor::Show;
use crossterm::event::DisableMouseCapture;
use crossterm::execute;
use std::io::stdout;
use std::time::Duration;

/// Held by the event loop while it draws, and by the signal thread from
/// giving the terminal back until the signal has done its work: no frame
/// (which hides the cursor again) is written after the terminal is given
/// back.
pub static SCREEN: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The screen lock for the signal thread: waited for a little while (a
/// frame takes a millisecond), but not forever — the event loop may be
/// stuck writing to a terminal that went away, and the signal must still
/// end the app.
pub fn lock_screen_for_signal() -> Option<std::sync::MutexGuard<'static, ()>> {
    for _ in 0..100 {
        match SCREEN.try_lock() {
            Ok(guard) => return Some(guard),
            Err(std::sync::TryLockError::Poisoned(e)) => return Some(e.into_inner()),
            Err(std::sync::TryLockError::WouldBlock) => {
                std::thread::sleep(Duration::from_millis(2));
            }
        }
    }
    None
}

/// Gives the terminal back: mouse reporting off, raw mode off, the main
/// screen and the cursor back. Safe to call more than once.
pub fn leave_terminal(mouse: bool) {
    if mouse {
        let _ = execute!(stdout(), DisableMouseCapture);
    }
    ratatui::restore();
    let _ = execute!(stdout(), Show);
}

/// Takes the terminal again after a suspension.
#[cfg(unix)]
pub fn enter_terminal(mouse: bool) -> std::io::Result<()> {
    crossterm::terminal::enable_raw_mode()?;
    execute!(stdout(), crossterm::terminal::EnterAlternateScreen)?;
    if mouse {
        execute!(stdout(), crossterm::event::EnableMouseCapture)?;
    }
    Ok(())
}

/// Undoes raw mode, the alternate screen and mouse capture when dropped:
/// on a normal exit, an early return with an error, and unwinding.
pub struct TerminalGuard {
    pub mouse: bool,
}

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        leave_terminal(self.mouse);
    }
}

/// Ctrl-Z: the terminal given back, the app stopped until `fg`, then the
/// terminal taken again.
#[cfg(unix)]
pub fn suspend(mouse: bool) -> std::io::Result<()> {
    leave_terminal(mouse);
    signals::suspend()?;
    enter_terminal(mouse)
}

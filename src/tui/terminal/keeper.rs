//! Keeps the session on disk while the app runs: the event loop hands over
//! the session's text after each change, and a thread of its own writes it
//! (whole, renamed into place) half a second later — so a kill that cannot
//! be caught loses at most the last moment, and the UI thread never waits
//! for a disk. Every other way out (q, a signal, a panic, the console
//! closed) writes what was last handed over at once, with [`Keeper::flush`],
//! from whichever thread ends the app.

use crate::notation::escape_all;
use crate::store;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;

/// How long after a change the session is written: changes in a burst
/// (keys held down, a game replayed) make one write.
const SETTLE: Duration = Duration::from_millis(500);

/// The writer thread and what it shares with the app and the signal
/// thread. Cloning gives another handle on the same keeper.
#[derive(Clone)]
pub struct Keeper(Arc<Shared>);

struct Shared {
    state: Mutex<State>,
    wake: Condvar,
    /// Held while a text is written: one write at a time, in the order the
    /// texts were handed over.
    writing: Mutex<()>,
}

struct State {
    file: PathBuf,
    /// Handed over, not yet written.
    pending: Option<String>,
    /// Why the last write failed; `None` once one succeeds.
    failed: Option<String>,
    closed: bool,
}

impl Keeper {
    /// A keeper writing to `file`, with its thread started.
    pub fn start(file: &Path) -> Keeper {
        let keeper = Keeper(Arc::new(Shared {
            state: Mutex::new(State {
                file: file.to_path_buf(),
                pending: None,
                failed: None,
                closed: false,
            }),
            wake: Condvar::new(),
            writing: Mutex::new(()),
        }));
        let writer = keeper.clone();
        std::thread::spawn(move || writer.write_when_settled());
        keeper
    }

    /// Where the session is written (the tests ask).
    #[cfg(test)]
    pub fn file(&self) -> PathBuf {
        self.state().file.clone()
    }

    /// From now on the session goes to `file` instead (the usual one could
    /// not be set aside, and must not be written over).
    pub fn move_to(&self, file: &Path) {
        self.state().file = file.to_path_buf();
    }

    /// The session's text after a change: written soon.
    pub fn offer(&self, text: String) {
        self.state().pending = Some(text);
        self.0.wake.notify_one();
    }

    /// Why the last write failed, if it did.
    pub fn failure(&self) -> Option<String> {
        self.state().failed.clone()
    }

    /// Writes what was handed over and not yet written, now, on this
    /// thread; the words of a failure. Then no more writes happen (the
    /// app is ending).
    pub fn flush(&self) -> Result<(), String> {
        self.state().closed = true;
        self.0.wake.notify_one();
        self.write_pending();
        match self.failure() {
            Some(why) => Err(why),
            None => Ok(()),
        }
    }

    fn state(&self) -> MutexGuard<'_, State> {
        // A panic elsewhere while holding it leaves the state usable.
        self.0.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The thread: waits for a change, lets it settle, writes it.
    fn write_when_settled(self) {
        loop {
            {
                let mut state = self.state();
                while state.pending.is_none() && !state.closed {
                    state = self.0.wake.wait(state).unwrap_or_else(|e| e.into_inner());
                }
                if state.closed {
                    return;
                }
                let (state, _) = self
                    .0
                    .wake
                    .wait_timeout_while(state, SETTLE, |s| !s.closed)
                    .unwrap_or_else(|e| e.into_inner());
                if state.closed {
                    return;
                }
            }
            self.write_pending();
        }
    }

    /// Writes the pending text, if any (the newest handed over).
    fn write_pending(&self) {
        let _writing = self.0.writing.lock().unwrap_or_else(|e| e.into_inner());
        let (text, file) = {
            let mut state = self.state();
            (state.pending.take(), state.file.clone())
        };
        let Some(text) = text else { return };
        let written = file
            .parent()
            .map_or(Ok(()), store::ensure_folder)
            .and_then(|()| store::write_atomically(&file, &text));
        self.state().failed = written.err().map(|e| {
            format!(
                "the session could not be kept in {}: {e}",
                escape_all(&file.display().to_string())
            )
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_is_written_soon_and_a_flush_writes_the_last_at_once() {
        let folder = tempfile::tempdir().unwrap();
        let file = folder.path().join("state").join("session.json");
        let keeper = Keeper::start(&file);
        keeper.offer("one".into());
        let mut waited = Duration::ZERO;
        while std::fs::read_to_string(&file).ok().as_deref() != Some("one") {
            assert!(waited < Duration::from_secs(10), "never written");
            std::thread::sleep(Duration::from_millis(20));
            waited += Duration::from_millis(20);
        }
        keeper.offer("two".into());
        keeper.offer("three".into());
        assert_eq!(keeper.flush(), Ok(()));
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "three");
        // Closed: nothing more is written.
        keeper.offer("four".into());
        std::thread::sleep(SETTLE * 2);
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "three");
    }

    #[test]
    fn a_failed_write_is_said() {
        let folder = tempfile::tempdir().unwrap();
        // A file where the folder should be.
        let blocker = folder.path().join("state");
        std::fs::write(&blocker, "").unwrap();
        let keeper = Keeper::start(&blocker.join("session.json"));
        keeper.offer("x".into());
        let why = keeper.flush().unwrap_err();
        assert!(
            why.starts_with("the session could not be kept in "),
            "{why}"
        );
        assert_eq!(keeper.failure(), Some(why));
    }
}

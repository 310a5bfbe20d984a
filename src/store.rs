//! The app's small files — settings, puzzle records, saved games, the
//! session — read and written one way: read whole up to a bound, written
//! as a new file renamed over the old one (so a link planted at the name is
//! replaced, never followed), and a file that does not read set aside
//! under another name, never deleted.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// The app's folders, each one the platform's (through `directories`) or
/// the one its environment variable names (the tests point them at
/// temporary directories).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Folder {
    /// The settings file: `~/.config/noughts` on Linux; `$NOUGHTS_CONFIG_DIR`.
    Config,
    /// Puzzle records and saved games: `~/.local/share/noughts`;
    /// `$NOUGHTS_DATA_DIR`.
    Data,
    /// The session: `~/.local/state/noughts`, or the local data folder where
    /// a platform has no state folder (macOS, Windows); `$NOUGHTS_STATE_DIR`.
    State,
}

impl Folder {
    /// The environment variable that names this folder instead.
    pub fn variable(self) -> &'static str {
        match self {
            Folder::Config => "NOUGHTS_CONFIG_DIR",
            Folder::Data => "NOUGHTS_DATA_DIR",
            Folder::State => "NOUGHTS_STATE_DIR",
        }
    }

    /// Where it is; `None` on a system without a home folder.
    pub fn path(self) -> Option<PathBuf> {
        if let Some(dir) = std::env::var_os(self.variable()).filter(|d| !d.is_empty()) {
            return Some(PathBuf::from(dir));
        }
        let dirs = directories::ProjectDirs::from("", "", "noughts")?;
        Some(match self {
            Folder::Config => dirs.config_dir().to_path_buf(),
            Folder::Data => dirs.data_dir().to_path_buf(),
            Folder::State => dirs
                .state_dir()
                .unwrap_or_else(|| dirs.data_local_dir())
                .to_path_buf(),
        })
    }
}

/// Opens `path` only if it is a regular file, at once whatever it is: on
/// Unix without blocking (`O_NONBLOCK`: opening a FIFO would wait for a
/// writer; on a regular file the flag changes nothing), then refused unless
/// the opened file is a regular one (a FIFO, a device, a socket, a
/// directory). `write`: read and write, made if missing, never truncated.
pub fn open_regular(path: &Path, write: bool) -> std::io::Result<std::fs::File> {
    open_checked(path, write, false)
}

/// Opens `path` as [`open_regular`] does, and only if the name itself is
/// the file: a symbolic link there is refused (on Unix with `O_NOFOLLOW`,
/// so nothing is created or written where a link leads), a dangling one
/// included. For the files a run keeps of its own: checkpoints and locks.
pub fn open_own(path: &Path, write: bool) -> std::io::Result<std::fs::File> {
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(a_link());
    }
    open_checked(path, write, true)
}

/// What [`open_own`] says of a link.
fn a_link() -> std::io::Error {
    not_regular("a symbolic link: only a file at that very name is used, never one a link leads to")
}

/// [`open_regular`], and with `no_link` [`open_own`] (past its look).
fn open_checked(path: &Path, write: bool, no_link: bool) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    if write {
        options.write(true).create(true);
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        let follow = if no_link { libc::O_NOFOLLOW } else { 0 };
        options.custom_flags(libc::O_NONBLOCK | follow);
    }
    #[cfg(not(unix))]
    let _ = no_link;
    let file = options.open(path).map_err(|e| match e.raw_os_error() {
        #[cfg(unix)]
        Some(libc::ENXIO) => not_regular("not a regular file (a FIFO, a device or a socket)"),
        #[cfg(unix)]
        Some(libc::ELOOP) if no_link => a_link(),
        #[cfg(unix)]
        Some(libc::EISDIR) if no_link => not_regular("a directory, not a file"),
        _ => e,
    })?;
    let meta = file.metadata()?;
    if meta.is_dir() {
        return Err(not_regular("a directory, not a file"));
    }
    if !meta.is_file() {
        return Err(not_regular(
            "not a regular file (a FIFO, a device or a socket)",
        ));
    }
    Ok(file)
}

fn not_regular(what: &str) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidInput, what.to_string())
}

/// The text of `file`, at most `longest` bytes; `None` when there is no
/// such file. What is not a regular file, a file past the bound or one
/// that is not UTF-8 is an error.
pub fn read_bounded(file: &Path, longest: u64) -> std::io::Result<Option<String>> {
    match read_bytes(file, longest)? {
        None => Ok(None),
        Some(bytes) => String::from_utf8(bytes)
            .map(Some)
            .map_err(|_| std::io::Error::other("not UTF-8 text")),
    }
}

/// The bytes of `file`, at most `longest`; `None` when there is no such
/// file. What is not a regular file, or a file past the bound, is an error
/// (found at once: no more than the bound is read).
pub fn read_bytes(file: &Path, longest: u64) -> std::io::Result<Option<Vec<u8>>> {
    let handle = match open_regular(file, false) {
        Ok(handle) => handle,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    let mut bytes = Vec::new();
    handle.take(longest + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > longest {
        return Err(std::io::Error::other(format!(
            "longer than {longest} bytes: not one of the app's files"
        )));
    }
    Ok(Some(bytes))
}

/// A new temporary file in the folder of `target`: made exclusively
/// (`O_EXCL`) under a fresh random name, never through a link, removed
/// when dropped. It gets the mode any new file gets (0666 less the umask),
/// or the target's own where the target exists, as an editor keeps it.
pub fn temporary_beside(target: &Path) -> std::io::Result<tempfile::NamedTempFile> {
    let folder = match target.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    };
    let name = target.file_name().unwrap_or_default().to_string_lossy();
    let mut builder = tempfile::Builder::new();
    let prefix = format!(".{name}.");
    builder.prefix(&prefix).suffix(".partial");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let file = builder.tempfile_in(folder)?;
    if let Ok(meta) = std::fs::metadata(target) {
        file.as_file().set_permissions(meta.permissions())?;
    }
    Ok(file)
}

/// Writes `text` to `file` whole or not at all: a temporary file beside it
/// (see [`temporary_beside`]), synced, then renamed over `file` (so a link
/// planted at its name is replaced, never followed). The folder must exist.
pub fn write_atomically(file: &Path, text: &str) -> std::io::Result<()> {
    let mut new = temporary_beside(file)?;
    new.write_all(text.as_bytes())?;
    new.as_file().sync_data()?;
    new.persist(file).map(drop).map_err(|e| e.error)
}

/// Writes `text` to `file`, which must not exist: whole or not at all (a
/// full disk leaves nothing behind), and never over a file made meanwhile.
pub fn write_new(file: &Path, text: &str) -> std::io::Result<()> {
    let mut new = temporary_beside(file)?;
    new.write_all(text.as_bytes())?;
    new.as_file().sync_data()?;
    new.persist_noclobber(file).map(drop).map_err(|e| e.error)
}

/// Makes the app's own folder (the state, data or config folder) if it is
/// missing. Only for those: a folder the user names must exist.
pub fn ensure_folder(folder: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(folder)
}

/// Moves a file that did not read out of the way, to the first free name of
/// `<name>.unreadable`, `<name>.unreadable.2`, `<name>.unreadable.3`, … —
/// never over an earlier one (a hard link made there, which the system
/// refuses over an existing name, then the old name removed). Where it went,
/// or why it could not be moved (it is then left as it is, and must not be
/// written over).
pub fn set_aside(file: &Path) -> std::io::Result<PathBuf> {
    for n in 1..=1000u32 {
        let mut aside = file.as_os_str().to_owned();
        aside.push(".unreadable");
        if n > 1 {
            aside.push(format!(".{n}"));
        }
        let aside = PathBuf::from(aside);
        match std::fs::hard_link(file, &aside) {
            Ok(()) => {
                std::fs::remove_file(file)?;
                return Ok(aside);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            // No hard links here (some file systems): a rename, to a name
            // seen free a moment ago.
            Err(_) if !exists(&aside) => {
                std::fs::rename(file, &aside)?;
                return Ok(aside);
            }
            Err(_) => continue,
        }
    }
    Err(std::io::Error::other(
        "a thousand files set aside already: remove some",
    ))
}

/// Whether anything (a link, even a dangling one, included) has that name.
fn exists(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok()
}

/// The words for [`set_aside`]'s outcome, for a note.
pub fn set_aside_words(outcome: &std::io::Result<PathBuf>) -> String {
    match outcome {
        Ok(aside) => format!(
            "set aside as {}",
            crate::notation::escape_all(&aside.display().to_string())
        ),
        Err(e) => format!("it could not be set aside ({e}) and is left as it is"),
    }
}

/// A lock held while the value lives (released when dropped, or when the
/// process ends however it ends): on a file that is made if missing and
/// never written. Only a regular file at the lock's very name is used: a
/// link (dangling or not), a FIFO or a folder there is refused, and nothing
/// is created through it.
pub struct Lock(#[allow(dead_code)] std::fs::File);

/// How long [`Lock::try_for`] tries before it gives up: a read-change-write
/// of a small file takes milliseconds.
pub const LOCK_PATIENCE: std::time::Duration = std::time::Duration::from_millis(250);

impl Lock {
    /// The lock on `file`, if no other process holds it; `Ok(None)` when
    /// one does. Never waits.
    pub fn try_take(file: &Path) -> std::io::Result<Option<Lock>> {
        let handle = open_own(file, true)?;
        match fs4::FileExt::try_lock(&handle) {
            Ok(()) => Ok(Some(Lock(handle))),
            Err(fs4::TryLockError::WouldBlock) => Ok(None),
            Err(fs4::TryLockError::Error(e)) => Err(e),
        }
    }

    /// The lock on `file`, tried again and again for at most `patience`
    /// (another process holds it for milliseconds to change a file);
    /// `Ok(None)` if it is still held then. Never waits longer.
    pub fn try_for(file: &Path, patience: std::time::Duration) -> std::io::Result<Option<Lock>> {
        let deadline = std::time::Instant::now() + patience;
        loop {
            if let Some(lock) = Lock::try_take(file)? {
                return Ok(Some(lock));
            }
            if std::time::Instant::now() >= deadline {
                return Ok(None);
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    }
}

/// Whether an error of [`Lock::try_take`] or [`open_own`] is about what
/// sits at the name (a link, a FIFO, a folder), not about the system.
pub fn is_not_a_file(error: &std::io::Error) -> bool {
    error.kind() == std::io::ErrorKind::InvalidInput
}

/// A JSON file's error in one line: where, then what.
pub fn json_error(e: &serde_json::Error) -> String {
    format!(
        "line {}, column {}: {}",
        e.line(),
        e.column(),
        crate::notation::escaped(&e.to_string())
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_write_and_set_aside() {
        let folder = tempfile::tempdir().unwrap();
        let file = folder.path().join("a.json");
        assert!(read_bounded(&file, 10).unwrap().is_none());
        write_atomically(&file, "12345").unwrap();
        assert_eq!(read_bounded(&file, 10).unwrap().as_deref(), Some("12345"));
        assert!(read_bounded(&file, 4).is_err(), "past the bound");
        assert!(read_bounded(folder.path(), 10).is_err(), "a directory");
        // A second set-aside file never replaces the first.
        let first = set_aside(&file).unwrap();
        assert_eq!(first, folder.path().join("a.json.unreadable"));
        std::fs::write(&file, "second").unwrap();
        let second = set_aside(&file).unwrap();
        assert_eq!(second, folder.path().join("a.json.unreadable.2"));
        assert_eq!(std::fs::read_to_string(first).unwrap(), "12345");
        assert_eq!(std::fs::read_to_string(second).unwrap(), "second");
        assert!(!file.exists());
        // A missing folder is an error, not made.
        let deep = folder.path().join("deep").join("b.json");
        assert!(write_atomically(&deep, "x").is_err());
        assert!(!folder.path().join("deep").exists());
    }

    #[test]
    fn write_new_never_overwrites_and_leaves_nothing_on_failure() {
        let folder = tempfile::tempdir().unwrap();
        let file = folder.path().join("settings.toml");
        write_new(&file, "one").unwrap();
        assert!(write_new(&file, "two").is_err());
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "one");
        let names: Vec<_> = std::fs::read_dir(folder.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "no temporary file left");
    }

    #[cfg(unix)]
    #[test]
    fn a_rewritten_file_keeps_its_mode_and_a_new_one_gets_the_usual() {
        use std::os::unix::fs::PermissionsExt;
        let folder = tempfile::tempdir().unwrap();
        let file = folder.path().join("game.txt");
        write_atomically(&file, "a").unwrap();
        let mode = |f: &Path| std::fs::metadata(f).unwrap().permissions().mode() & 0o777;
        // The umask of the test process decides the new file's mode.
        let umask = unsafe_free_umask();
        assert_eq!(mode(&file), 0o666 & !umask);
        for kept in [0o644, 0o640, 0o664, 0o600] {
            std::fs::set_permissions(&file, std::fs::Permissions::from_mode(kept)).unwrap();
            write_atomically(&file, "b").unwrap();
            assert_eq!(mode(&file), kept);
        }
    }

    /// The umask, read from /proc without changing it.
    #[cfg(unix)]
    fn unsafe_free_umask() -> u32 {
        let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("Umask:"))
            .and_then(|v| u32::from_str_radix(v.trim(), 8).ok())
            .unwrap_or(0o022)
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_is_refused_at_once() {
        let folder = tempfile::tempdir().unwrap();
        let fifo = folder.path().join("session.json");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|s| s.success()) {
            return;
        }
        let err = read_bounded(&fifo, 100).unwrap_err();
        assert!(err.to_string().contains("not a regular file"), "{err}");
        assert!(open_regular(&fifo, true).is_err());
        assert!(
            set_aside(&fifo).is_ok(),
            "a FIFO is moved aside like a file"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_lock_never_follows_a_link_nor_opens_a_fifo_or_a_folder() {
        let folder = tempfile::tempdir().unwrap();
        let elsewhere = folder.path().join("elsewhere.txt");
        let lock = folder.path().join("noughts.lock");
        // A dangling link: nothing is made where it leads.
        std::os::unix::fs::symlink(&elsewhere, &lock).unwrap();
        let err = Lock::try_take(&lock).err().unwrap();
        assert!(is_not_a_file(&err), "{err}");
        assert!(err.to_string().contains("symbolic link"), "{err}");
        assert!(!elsewhere.exists());
        assert!(Lock::try_for(&lock, LOCK_PATIENCE).is_err());
        assert!(!elsewhere.exists());
        // A link to a file: the file is left as it was.
        std::fs::write(&elsewhere, "keep").unwrap();
        assert!(Lock::try_take(&lock).is_err());
        assert_eq!(std::fs::read_to_string(&elsewhere).unwrap(), "keep");
        std::fs::remove_file(&lock).unwrap();
        // A folder and a FIFO.
        std::fs::create_dir(&lock).unwrap();
        assert!(is_not_a_file(&Lock::try_take(&lock).err().unwrap()));
        std::fs::remove_dir(&lock).unwrap();
        let made = std::process::Command::new("mkfifo").arg(&lock).status();
        if made.is_ok_and(|s| s.success()) {
            assert!(is_not_a_file(&Lock::try_take(&lock).err().unwrap()));
        }
    }

    #[test]
    fn a_lock_held_elsewhere_is_tried_for_a_while_then_given_up() {
        let folder = tempfile::tempdir().unwrap();
        let file = folder.path().join("puzzles.lock");
        let held = Lock::try_take(&file).unwrap().unwrap();
        let started = std::time::Instant::now();
        let patience = std::time::Duration::from_millis(100);
        assert!(Lock::try_for(&file, patience).unwrap().is_none());
        let waited = started.elapsed();
        assert!(waited >= patience, "gave up after {waited:?}");
        drop(held);
        assert!(Lock::try_for(&file, patience).unwrap().is_some());
    }

    #[test]
    fn a_lock_is_held_once() {
        let folder = tempfile::tempdir().unwrap();
        let file = folder.path().join("lock");
        let first = Lock::try_take(&file).unwrap();
        assert!(first.is_some());
        assert!(Lock::try_take(&file).unwrap().is_none());
        drop(first);
        assert!(Lock::try_take(&file).unwrap().is_some());
    }
}

//! The app's small files — settings, puzzle records, saved games, the
//! session — read and written one way: read whole up to a bound, written
//! as a new file renamed over the old one (so a link planted at the name is
//! replaced, never followed), and a file that does not read set aside
//! under another name, never deleted.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// The text of `file`, at most `longest` bytes; `None` when there is no
/// such file. A directory, a file past the bound or one that is not UTF-8
/// is an error.
pub fn read_bounded(file: &Path, longest: u64) -> std::io::Result<Option<String>> {
    let handle = match std::fs::File::open(file) {
        Ok(handle) => handle,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    if !handle.metadata()?.is_file() {
        return Err(std::io::Error::other("not a plain file"));
    }
    let mut bytes = Vec::new();
    handle.take(longest + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > longest {
        return Err(std::io::Error::other(format!(
            "longer than {longest} bytes: not one of the app's files"
        )));
    }
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|_| std::io::Error::other("not UTF-8 text"))
}

/// Writes `text` to `file`: a new file in the same folder (made if
/// missing), renamed over the old one.
pub fn write_atomically(file: &Path, text: &str) -> std::io::Result<()> {
    let folder = match file.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&folder)?;
    let mut new = tempfile::NamedTempFile::new_in(&folder)?;
    new.write_all(text.as_bytes())?;
    new.persist(file).map_err(|e| e.error)?;
    Ok(())
}

/// Renames a file that did not read to `<name>.unreadable`; the words
/// saying where it went (or that it stayed).
pub fn set_aside(file: &Path) -> String {
    let mut aside = file.as_os_str().to_owned();
    aside.push(".unreadable");
    let aside = PathBuf::from(aside);
    match std::fs::rename(file, &aside) {
        Ok(()) => format!(
            "set aside as {}",
            crate::notation::escape_all(&aside.display().to_string())
        ),
        Err(_) => "left as it is".into(),
    }
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
        let file = folder.path().join("deep").join("a.json");
        assert!(read_bounded(&file, 10).unwrap().is_none());
        write_atomically(&file, "12345").unwrap();
        assert_eq!(read_bounded(&file, 10).unwrap().as_deref(), Some("12345"));
        assert!(read_bounded(&file, 4).is_err(), "past the bound");
        assert!(read_bounded(folder.path(), 10).is_err(), "a directory");
        assert!(set_aside(&file).starts_with("set aside as "));
        assert!(!file.exists());
        assert!(folder
            .path()
            .join("deep")
            .join("a.json.unreadable")
            .exists());
    }
}

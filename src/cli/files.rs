//! Writing only the file the user named: a temporary file made new beside
//! it (exclusively, under a fresh name, never through a link), renamed over
//! it once whole. Nothing else is ever truncated or removed.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Follows symbolic links from `path` to what they lead to, whether it
/// exists or not (the system refuses loops; so does this, past 40 links).
pub fn through_links(path: &Path) -> std::io::Result<PathBuf> {
    let mut target = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&target) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let next = std::fs::read_link(&target)?;
                target = match target.parent() {
                    Some(folder) if next.is_relative() => folder.join(next),
                    _ => next,
                };
            }
            _ => return Ok(target),
        }
    }
    Err(std::io::Error::other("too many levels of symbolic links"))
}

pub use crate::store::temporary_beside;

/// Writes `bytes` to `path` whole or not at all (see [`temporary_beside`]).
pub fn write_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut temporary = temporary_beside(path)?;
    temporary.write_all(bytes)?;
    temporary.flush()?;
    temporary.persist(path).map(drop).map_err(|e| e.error)
}

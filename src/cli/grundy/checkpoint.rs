//! The file of `--checkpoint`: for runs of hours. A header line naming the
//! sequence, then the game's heap values as u16 little-endian, appended as
//! they are found (synced every 10 s and at the end). A run killed at any
//! moment leaves a prefix of the table, perhaps with half a value at its
//! end; the next run with the same file drops that half value, vouches for
//! the rest as `--resume` does, and appends from there. Nothing is ever
//! rewritten: 2 bytes a value on disk, no copy of the table in memory.

use super::table_file::{first_suspicious, header};
use crate::cli::files::through_links;
use crate::cli::Error;
use crate::notation::{escape_all, quoted, InputError};
use crate::solver::grundy::Sequence;
use crate::solver::octal::LARGEST_VALUE;
use crate::store::open_regular;
use std::fs::File;
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::Path;

/// How the header line begins (then the table's own header).
const PREFIX: &str = "# noughts grundy checkpoint 1: ";

/// An open checkpoint: the file, and how many heaps it holds.
pub struct Checkpoint {
    file: File,
    option: String,
    written: usize,
}

impl Checkpoint {
    /// Opens (or creates) the checkpoint at `path` for `sequence`, and
    /// returns it with the heap values it already holds.
    pub fn open(path: &Path, sequence: &Sequence) -> Result<(Checkpoint, Vec<u16>), Error> {
        let option = format!("--checkpoint {}", escape_all(&path.display().to_string()));
        let refuse = |error| Error::Unwritable {
            option: option.clone(),
            error,
        };
        let target = through_links(path).map_err(refuse)?;
        let line = format!("{PREFIX}{}\n", header(sequence));
        let mut file = match open_regular(&target, true) {
            Ok(file) => file,
            Err(error) => return Err(refuse(error)),
        };
        let mut length = file.metadata().map_err(refuse)?.len();
        // Killed while its header was written: begun again.
        if length < line.len() as u64 {
            let mut start = Vec::new();
            file.read_to_end(&mut start).map_err(refuse)?;
            if line.as_bytes().starts_with(&start) {
                file.set_len(0).map_err(refuse)?;
                file.seek(SeekFrom::Start(0)).map_err(refuse)?;
                length = 0;
            }
        }
        if length == 0 {
            file.write_all(line.as_bytes()).map_err(refuse)?;
            file.sync_data().map_err(refuse)?;
            let checkpoint = Checkpoint {
                file,
                option,
                written: 0,
            };
            return Ok((checkpoint, Vec::new()));
        }
        let heaps = read(&mut file, &line, length, sequence).map_err(|e| match e {
            Error::Input(error) => Error::Option {
                option: option.clone(),
                error,
            },
            other => other,
        })?;
        // A half value left by a kill is dropped; appending starts there.
        let end = (line.len() + 2 * heaps.len()) as u64;
        file.set_len(end).map_err(refuse)?;
        file.seek(SeekFrom::Start(end)).map_err(refuse)?;
        let written = heaps.len();
        Ok((
            Checkpoint {
                file,
                option,
                written,
            },
            heaps,
        ))
    }

    /// How many heap values the file holds.
    #[cfg(test)]
    pub fn written(&self) -> usize {
        self.written
    }

    /// Appends the values of `known` past those the file holds, and makes
    /// them last (synced to the disk).
    pub fn append(&mut self, known: &[u16]) -> Result<(), Error> {
        if known.len() <= self.written {
            return Ok(());
        }
        let bytes: Vec<u8> = known[self.written..]
            .iter()
            .flat_map(|g| g.to_le_bytes())
            .collect();
        let failed = |error| Error::Write {
            option: self.option.clone(),
            error,
        };
        self.file.write_all(&bytes).map_err(failed)?;
        self.file.sync_data().map_err(failed)?;
        self.written = known.len();
        Ok(())
    }
}

/// Reads the heap values of a checkpoint of `length` bytes whose header
/// line must be `line`.
fn read(file: &mut File, line: &str, length: u64, sequence: &Sequence) -> Result<Vec<u16>, Error> {
    let read_error = |error| Error::Read {
        source: "the checkpoint".into(),
        error,
    };
    let mut reader = BufReader::with_capacity(1 << 20, &mut *file);
    let mut first = Vec::new();
    Read::take(reader.by_ref(), line.len() as u64)
        .read_until(b'\n', &mut first)
        .map_err(read_error)?;
    if first != line.as_bytes() {
        let shown = String::from_utf8_lossy(&first);
        return Err(Error::Input(InputError::at_column(
            1,
            format!(
                "expected the header {} (a checkpoint of this --game), found {}",
                quoted(line.trim_end()),
                quoted(shown.trim_end())
            ),
        )));
    }
    let count = ((length - line.len() as u64) / 2) as usize;
    let most = super::LARGEST_N + sequence.offset();
    if count > most {
        return Err(Error::Input(InputError::at_column(
            1,
            format!("expected at most {most} values (2^28), found {count}"),
        )));
    }
    let mut heaps = Vec::with_capacity(count);
    let mut pair = [0u8; 2];
    for _ in 0..count {
        reader.read_exact(&mut pair).map_err(read_error)?;
        let g = u16::from_le_bytes(pair);
        if g > LARGEST_VALUE {
            return Err(Error::Input(InputError::at_column(
                1,
                format!(
                    "the value of heap {} is {g}, past the largest this tool keeps ({LARGEST_VALUE})",
                    heaps.len()
                ),
            )));
        }
        heaps.push(g);
    }
    if let Some(heap) = first_suspicious(&heaps, sequence) {
        return Err(Error::Input(InputError::at_column(
            1,
            format!(
                "the value of heap {heap} ({}) does not follow from those before it: not a checkpoint of {}",
                heaps[heap],
                sequence.game()
            ),
        )));
    }
    Ok(heaps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::grundy::{GrundyMethod, Naive};

    fn temporary(name: &str) -> std::path::PathBuf {
        std::env::temp_dir().join(format!("noughts-{name}-{}.bin", std::process::id()))
    }

    #[test]
    fn a_checkpoint_cut_anywhere_resumes_its_whole_values() {
        let sequence = Sequence::segments();
        let mut heaps = Vec::new();
        Naive
            .extend_to(sequence.game(), &mut heaps, 3_000, 1)
            .unwrap();
        let path = temporary("checkpoint-cut");
        let _ = std::fs::remove_file(&path);
        let (mut checkpoint, loaded) = Checkpoint::open(&path, &sequence).unwrap();
        assert!(loaded.is_empty());
        checkpoint.append(&heaps[..1_000]).unwrap();
        checkpoint.append(&heaps).unwrap();
        drop(checkpoint);
        let whole = std::fs::read(&path).unwrap();
        let line = whole.iter().position(|&b| b == b'\n').unwrap() + 1;
        // Cut at every byte near the end, the middle of a value included.
        for cut in [line, line + 1, line + 2_001, whole.len() - 1, whole.len()] {
            std::fs::write(&path, &whole[..cut]).unwrap();
            let (mut checkpoint, loaded) = Checkpoint::open(&path, &sequence).unwrap();
            let kept = (cut - line) / 2;
            assert_eq!(loaded, heaps[..kept], "cut at byte {cut}");
            assert_eq!(checkpoint.written(), kept);
            checkpoint.append(&heaps).unwrap();
            drop(checkpoint);
            assert_eq!(std::fs::read(&path).unwrap(), whole, "cut at byte {cut}");
        }
        // Another game's checkpoint, and an altered value, are refused.
        let kayles = Sequence::heaps("kayles".parse().unwrap());
        assert!(Checkpoint::open(&path, &kayles).is_err());
        let mut altered = whole.clone();
        altered[line + 2 * 100] ^= 1;
        std::fs::write(&path, &altered).unwrap();
        let err = Checkpoint::open(&path, &sequence).err().unwrap();
        assert!(err.to_string().contains("heap 100"), "{err}");
        let _ = std::fs::remove_file(&path);
    }
}

//! The file of `--checkpoint` (and of a survey's `CODE.values`): for runs of
//! hours, and a file that proves itself when it is read back.
//!
//! Its first line names what it is: the format, the sequence (game and
//! heap offset, as a table file's header) and the method that began it.
//! Then the heap values as u16 little-endian, in blocks of [`BLOCK`] values,
//! each followed by its CRC-32C (little-endian), taken over the header line,
//! the block's index and its bytes — so a block altered, moved, or taken
//! from another game's file does not match. The values past the last whole
//! block are the tail: a write that seals (every 10 s, and at the end)
//! ends with a mark no value can be (0xFFFF twice), then a CRC-32C of the
//! tail's own (over the header, the word `tail`, its index, its count and
//! its bytes), and the next write takes the seal off before it writes on.
//!
//! Appended as the values are found (synced every 10 s and at the end), a
//! run killed at any moment leaves whole blocks, then perhaps a tail
//! without its seal, perhaps half a value or half a checksum. Read back:
//! every whole block and a sealed tail must match its checksum (a mismatch
//! is refused, with the heaps and the byte offset); an unsealed tail is
//! dropped and computed again. Then the values themselves are
//! vouched for by recomputing some of them (see [`first_suspicious`]).
//! Only a regular file at the very name given is opened: never through a
//! link, never a FIFO; one that cannot be written is read, and is enough
//! when it holds every value asked for.

use super::table_file::{
    first_suspicious, first_suspicious_read, header, CHECKED_HEAD, CHECKED_SPOT, CHECKED_TAIL,
};
use crate::cli::Error;
use crate::notation::{escape_all, quoted, InputError};
use crate::solver::grundy::Sequence;
use crate::solver::octal::LARGEST_VALUE;
use crate::store::open_own;
use std::fs::File;
use std::io::{BufReader, Read, Seek, SeekFrom, Write};
use std::path::Path;

/// How the header line begins.
const PREFIX: &str = "# noughts grundy checkpoint 2: ";

/// The first format's header, without checksums: named when met.
const FORMAT_1: &str = "# noughts grundy checkpoint 1: ";

/// Values a block, each block followed by its checksum.
pub const BLOCK: usize = 1 << 16;

/// Bytes a whole block takes, with its checksum.
const BLOCK_BYTES: u64 = 2 * BLOCK as u64 + 4;

/// What a tail's seal begins with: two u16 of 0xFFFF, which no value is
/// (the largest kept is 0xFFFE), so a seal is told from values at once,
/// and a seal that does not match is damage, not a run stopped mid-write.
const SEAL_MARK: [u8; 4] = [0xFF; 4];

/// Bytes a seal takes: the mark and the CRC-32C.
const SEAL_BYTES: usize = 8;

/// Blocks kept read back.
const CACHED: usize = 2;

/// The longest header line read.
const LONGEST_HEADER: usize = 1024;

/// The header line of a checkpoint of `sequence` begun by `method`.
pub fn header_line(sequence: &Sequence, method: &str) -> String {
    format!(
        "{PREFIX}{}; method {method}; u16 little-endian values in blocks of {BLOCK}, each followed by its CRC-32C\n",
        header(sequence)
    )
}

/// Where a streaming opening shows the values it checked, in order.
type Sink<'a> = dyn FnMut(&[u16]) + 'a;

/// The methods a checkpoint's header may name (its values are the game's,
/// whichever method found them).
const METHODS: [&str; 2] = ["rare-common", "naive"];

/// The checksum of whole block `index`.
fn block_sum(line: &[u8], index: u64, bytes: &[u8]) -> u32 {
    let seed = crc32c::crc32c_append(crc32c::crc32c(line), &index.to_le_bytes());
    crc32c::crc32c_append(seed, bytes)
}

/// Values as u16 little-endian, as the file holds them.
fn le_bytes(values: &[u16]) -> Vec<u8> {
    values.iter().flat_map(|g| g.to_le_bytes()).collect()
}

/// The seal of a tail of `count` values after `index` whole blocks.
fn tail_sum(line: &[u8], index: u64, count: usize, bytes: &[u8]) -> u32 {
    let mut seed = crc32c::crc32c_append(crc32c::crc32c(line), b"tail");
    seed = crc32c::crc32c_append(seed, &index.to_le_bytes());
    seed = crc32c::crc32c_append(seed, &(count as u64).to_le_bytes());
    crc32c::crc32c_append(seed, bytes)
}

/// An open checkpoint: the file, how many heaps it holds, and the tail
/// past its last whole block (at most a block's values).
pub struct Checkpoint {
    file: File,
    option: String,
    line: Vec<u8>,
    written: usize,
    tail: Vec<u16>,
    /// Whether the file ends with the tail's seal.
    sealed: bool,
    /// Opened for reading only (the file refused writing).
    read_only: bool,
    /// Bytes before the first block (the header line's).
    start: u64,
    /// Each whole block's checksum, as read or written: a block read back
    /// during the run must still match it.
    sums: Vec<u32>,
    /// The blocks read back last, the latest first (a walk reads on in the
    /// same block, a split's from both ends).
    cached: Vec<(usize, Vec<u16>)>,
    /// Set by a write that failed: nothing more is written, so the file
    /// stays what a run killed then would leave.
    broken: bool,
    /// Written since the last sync.
    dirty: bool,
}

/// What reading a checkpoint found, for the run's first words.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Loaded {
    /// The heap values it holds, checked (none kept when they were shown
    /// to a sink instead, see [`Checkpoint::open_streaming`]).
    pub heaps: Vec<u16>,
    /// How many heap values it holds.
    pub held: usize,
    /// Values after the last checksum, dropped (a run stopped mid-write):
    /// computed again.
    pub dropped: usize,
    /// Opened for reading only.
    pub read_only: bool,
}

impl Loaded {
    /// What was checked, in words: `every block's checksum, and the first
    /// 2000, the last 8 and 8 others recomputed`.
    pub fn words(&self, sequence: &Sequence) -> String {
        let count = self.held.saturating_sub(sequence.offset());
        let mut words = if self.held <= CHECKED_HEAD {
            format!("{count} values, each recomputed")
        } else {
            format!(
                "{count} values: every block's checksum verified, the first {CHECKED_HEAD}, the last {CHECKED_TAIL} and {CHECKED_SPOT} others recomputed"
            )
        };
        if self.dropped > 0 {
            words.push_str(&format!(
                "; the last {} were written without their checksum (a run stopped while writing) and are computed again",
                self.dropped
            ));
        }
        if self.read_only {
            words.push_str("; the file is read-only");
        }
        words
    }
}

impl Checkpoint {
    /// Opens (or creates) the checkpoint at `path` for `sequence`, begun by
    /// `method` if it is new, and returns it with what it holds, checked.
    pub fn open(
        path: &Path,
        sequence: &Sequence,
        method: &str,
    ) -> Result<(Checkpoint, Loaded), Error> {
        Self::open_at(path, sequence, method, None)
    }

    /// [`Checkpoint::open`] without holding the values: each whole block
    /// and the tail are shown to `sink` once, in order, as they are checked,
    /// and the values recomputed to vouch for them are read from the file.
    /// What the file holds then reads back with [`Checkpoint::read_values`].
    pub fn open_streaming(
        path: &Path,
        sequence: &Sequence,
        method: &str,
        sink: &mut dyn FnMut(&[u16]),
    ) -> Result<(Checkpoint, Loaded), Error> {
        Self::open_at(path, sequence, method, Some(sink))
    }

    /// A checkpoint in an unnamed temporary file (gone with the process):
    /// where a streaming run without `--checkpoint` keeps the values that
    /// have left memory, read back checked as any checkpoint's.
    pub fn temporary(sequence: &Sequence, method: &str) -> std::io::Result<Checkpoint> {
        let mut file = tempfile::tempfile()?;
        let line = header_line(sequence, method).into_bytes();
        file.write_all(&line)?;
        Ok(Checkpoint::new(
            file,
            "the temporary file of the values".into(),
            line,
            false,
        ))
    }

    /// A checkpoint of no values yet in `file`, past its header `line`.
    fn new(file: File, option: String, line: Vec<u8>, read_only: bool) -> Checkpoint {
        Checkpoint {
            file,
            option,
            start: line.len() as u64,
            line,
            written: 0,
            tail: Vec::new(),
            sealed: false,
            read_only,
            sums: Vec::new(),
            cached: Vec::with_capacity(CACHED),
            broken: false,
            dirty: false,
        }
    }

    fn open_at(
        path: &Path,
        sequence: &Sequence,
        method: &str,
        sink: Option<&mut Sink>,
    ) -> Result<(Checkpoint, Loaded), Error> {
        let option = format!("--checkpoint {}", escape_all(&path.display().to_string()));
        let refuse = |error| Error::Unwritable {
            option: option.clone(),
            error,
        };
        match open_own(path, true) {
            Ok(file) => Self::from_file(file, false, option, sequence, method, sink),
            // Not ours to write: read it, if it is there to read.
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem
                ) =>
            {
                let file = open_own(path, false).map_err(|_| refuse(e))?;
                Self::from_file(file, true, option.clone(), sequence, METHODS[0], sink)
            }
            Err(e) => Err(refuse(e)),
        }
    }

    /// Opens the checkpoint at `path` for reading only: what it holds,
    /// checked; appending more is refused.
    #[cfg(test)]
    pub fn open_read_only(path: &Path, sequence: &Sequence) -> Result<(Checkpoint, Loaded), Error> {
        let option = format!("--checkpoint {}", escape_all(&path.display().to_string()));
        let file = open_own(path, false).map_err(|error| Error::Unwritable {
            option: option.clone(),
            error,
        })?;
        Self::from_file(file, true, option, sequence, METHODS[0], None)
    }

    /// Refused now, not after hours of work that could not be kept: a
    /// read-only file holding fewer than the `wanted` heap values.
    pub fn refuse_short(&self, wanted: usize, sequence: &Sequence) -> Result<(), Error> {
        if !self.read_only || self.written >= wanted {
            return Ok(());
        }
        let offset = sequence.offset();
        Err(Error::Unwritable {
            option: self.option.clone(),
            error: std::io::Error::new(
                std::io::ErrorKind::PermissionDenied,
                format!(
                    "read-only, and it holds {} of the {} values asked for: give a file that can be written",
                    self.written.saturating_sub(offset),
                    wanted - offset
                ),
            ),
        })
    }

    /// The checkpoint in `file`, opened as `option` names it; its values
    /// kept in [`Loaded::heaps`], or shown to `sink`.
    fn from_file(
        mut file: File,
        read_only: bool,
        option: String,
        sequence: &Sequence,
        method: &str,
        sink: Option<&mut Sink>,
    ) -> Result<(Checkpoint, Loaded), Error> {
        let refuse = |error| Error::Unwritable {
            option: option.clone(),
            error,
        };
        let new_line = header_line(sequence, method);
        let length = file.metadata().map_err(refuse)?.len();
        // Empty, or killed while its header was written: begun again.
        let mut start = Vec::new();
        if length < new_line.len() as u64 {
            file.read_to_end(&mut start).map_err(refuse)?;
        }
        if length < new_line.len() as u64 && new_line.as_bytes().starts_with(&start) {
            if read_only {
                return Err(refuse(std::io::Error::new(
                    std::io::ErrorKind::PermissionDenied,
                    "read-only, and it holds no values yet",
                )));
            }
            file.set_len(0).map_err(refuse)?;
            file.seek(SeekFrom::Start(0)).map_err(refuse)?;
            file.write_all(new_line.as_bytes()).map_err(refuse)?;
            file.sync_data().map_err(refuse)?;
            let checkpoint = Checkpoint::new(file, option, new_line.into_bytes(), read_only);
            return Ok((checkpoint, Loaded::default()));
        }
        let in_option = |e| match e {
            Error::Input(error) => Error::Option {
                option: option.clone(),
                error,
            },
            other => other,
        };
        file.seek(SeekFrom::Start(0)).map_err(refuse)?;
        let mut heaps = Vec::new();
        let streaming = sink.is_some();
        let read = match sink {
            Some(sink) => read(&mut file, length, sequence, true, sink),
            None => read(&mut file, length, sequence, false, &mut |values| {
                heaps.extend_from_slice(values)
            }),
        }
        .map_err(in_option)?;
        let end = read.end;
        let mut checkpoint = Checkpoint::new(file, option.clone(), read.line, read_only);
        checkpoint.written = read.held;
        checkpoint.sealed = !read.tail.is_empty();
        checkpoint.tail = read.tail;
        checkpoint.sums = read.sums;
        // The values themselves, vouched for by recomputing some.
        let suspicious = if streaming {
            let mut from_file = |from: usize, out: &mut [u16]| checkpoint.read_values(from, out);
            first_suspicious_read(read.held, sequence, &mut from_file).map_err(|why| {
                Error::Read {
                    source: option.clone(),
                    error: std::io::Error::other(why),
                }
            })?
        } else {
            first_suspicious(&heaps, sequence).map(|heap| (heap, heaps[heap]))
        };
        if let Some((heap, value)) = suspicious {
            return Err(in_option(at_header(format!(
                "the value of heap {heap} ({value}) does not follow from those before it (byte {}): not a checkpoint of {}",
                checkpoint.start + (heap / BLOCK) as u64 * BLOCK_BYTES + 2 * (heap % BLOCK) as u64,
                sequence.game()
            ))));
        }
        // Trusted: what was dropped is cut off (computed again and appended
        // there); a file refused is left as it was.
        if !read_only {
            checkpoint.file.set_len(end).map_err(refuse)?;
        }
        checkpoint.file.seek(SeekFrom::Start(end)).map_err(refuse)?;
        let loaded = Loaded {
            heaps,
            held: read.held,
            dropped: read.dropped,
            read_only,
        };
        Ok((checkpoint, loaded))
    }

    /// How many heap values the file holds.
    pub fn written(&self) -> usize {
        self.written
    }

    /// What its errors name it by: `--checkpoint FILE`, or the temporary
    /// file's words.
    pub fn option(&self) -> &str {
        &self.option
    }

    /// The file, for tests that damage it.
    #[cfg(test)]
    pub fn file_for_tests(&mut self) -> &mut File {
        &mut self.file
    }

    /// Appends the values of `known` past those the file holds, with the
    /// checksums of the blocks they complete and a seal on the tail, and
    /// makes them last (synced to the disk).
    pub fn append(&mut self, known: &[u16]) -> Result<(), Error> {
        let from = self.written.min(known.len());
        self.write(&known[from..], true)
    }

    /// Appends `values` (the heaps from [`Checkpoint::written`] on), with
    /// the checksums of the blocks they complete; with `seal`, seals the
    /// tail and makes all last (synced). Unsealed, the tail is what a run
    /// killed now would compute again.
    pub fn write(&mut self, values: &[u16], seal: bool) -> Result<(), Error> {
        // Sealing asks for a seal on a tail written without one, and a sync
        // of whatever was written since the last.
        let failed = |error| Error::Write {
            option: self.option.clone(),
            error,
        };
        if self.broken {
            return Err(failed(std::io::Error::other(
                "an earlier write to it failed, so nothing more is written to it",
            )));
        }
        let unsealed = !self.sealed && !self.tail.is_empty();
        if values.is_empty() && !(seal && (unsealed || self.dirty)) {
            return Ok(());
        }
        if self.read_only {
            return Err(failed(std::io::Error::new(
                std::io::ErrorKind::PermissionDenied,
                format!(
                    "the file is read-only: the {} values past its {} cannot be kept (give a file that can be written)",
                    values.len(),
                    self.written
                ),
            )));
        }
        let mut bytes = Vec::with_capacity(2 * values.len() + 8);
        for &g in values {
            self.tail.push(g);
            bytes.extend_from_slice(&g.to_le_bytes());
            if self.tail.len() == BLOCK {
                let index = (self.written / BLOCK) as u64;
                let sum = block_sum(&self.line, index, &le_bytes(&self.tail));
                bytes.extend_from_slice(&sum.to_le_bytes());
                self.sums.push(sum);
                self.tail.clear();
            }
            self.written += 1;
        }
        if seal && !self.tail.is_empty() {
            let index = (self.written / BLOCK) as u64;
            let tail = le_bytes(&self.tail);
            let seal = tail_sum(&self.line, index, self.tail.len(), &tail);
            bytes.extend_from_slice(&SEAL_MARK);
            bytes.extend_from_slice(&seal.to_le_bytes());
        }
        let file = &mut self.file;
        let sealed = self.sealed;
        let done = (|| {
            if !bytes.is_empty() {
                // The old seal comes off: the tail goes on where its values
                // end.
                let end = file.seek(SeekFrom::End(0))?;
                if sealed {
                    let cut = end - SEAL_BYTES as u64;
                    file.set_len(cut)?;
                    file.seek(SeekFrom::Start(cut))?;
                }
                file.write_all(&bytes)?;
            }
            if seal {
                file.sync_data()?;
            }
            Ok(())
        })();
        if let Err(e) = done {
            // What is on the disk may no longer match what is in memory.
            self.broken = true;
            return Err(failed(e));
        }
        if !bytes.is_empty() {
            self.sealed = seal && !self.tail.is_empty();
        }
        self.dirty = !seal && (self.dirty || !bytes.is_empty());
        Ok(())
    }

    /// Fills `out` with the values from heap `from` on, all among those the
    /// file holds: whole blocks read back and checked against the sums
    /// kept (an altered one is an error, never a value), the tail from
    /// memory.
    pub fn read_values(&mut self, from: usize, out: &mut [u16]) -> Result<(), String> {
        let whole = self.sums.len() * BLOCK;
        if from + out.len() > self.written {
            return Err(format!(
                "heap {} is past the {} values it holds",
                from + out.len() - 1,
                self.written
            ));
        }
        let mut at = 0;
        while at < out.len() {
            let h = from + at;
            let values: &[u16] = if h >= whole {
                &self.tail[h - whole..]
            } else {
                let block = h / BLOCK;
                // The latest first: a split's walk reads from both ends.
                match self.cached.iter().position(|(b, _)| *b == block) {
                    Some(at) => self.cached[..=at].rotate_right(1),
                    None => {
                        let values = self.read_block(block)?;
                        self.cached.truncate(CACHED - 1);
                        self.cached.insert(0, (block, values));
                    }
                }
                &self.cached[0].1[h % BLOCK..]
            };
            let len = values.len().min(out.len() - at);
            out[at..at + len].copy_from_slice(&values[..len]);
            at += len;
        }
        Ok(())
    }

    /// Whole block `index`, read back and checked against its sum.
    fn read_block(&mut self, index: usize) -> Result<Vec<u16>, String> {
        let mut bytes = vec![0u8; 2 * BLOCK];
        let why = |e: std::io::Error| e.to_string();
        self.file
            .seek(SeekFrom::Start(self.start + index as u64 * BLOCK_BYTES))
            .and_then(|_| self.file.read_exact(&mut bytes))
            .map_err(why)?;
        if block_sum(&self.line, index as u64, &bytes) != self.sums[index] {
            return Err(format!(
                "the block of heaps {} to {} reads back altered since it was checked",
                index * BLOCK,
                (index + 1) * BLOCK - 1
            ));
        }
        Ok(bytes
            .chunks_exact(2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
            .collect())
    }
}

/// What [`read`] found: how many values it holds (all shown to the sink),
/// the tail's, each whole block's checksum, how many were dropped, the
/// header line as written, and where the values kept end.
struct Found {
    held: usize,
    tail: Vec<u16>,
    sums: Vec<u32>,
    dropped: usize,
    line: Vec<u8>,
    end: u64,
}

/// The error for the checkpoint's line 1.
fn at_header(message: String) -> Error {
    Error::Input(InputError::at_column(1, message))
}

/// Reads and checks the heap values of a checkpoint of `length` bytes, each
/// block shown to `sink` once checked. A `streaming` run may hold up to
/// 2^32 heaps, one that keeps the whole table 2^31 values.
fn read(
    file: &mut File,
    length: u64,
    sequence: &Sequence,
    streaming: bool,
    sink: &mut dyn FnMut(&[u16]),
) -> Result<Found, Error> {
    let read_error = |error| Error::Read {
        source: "the checkpoint".into(),
        error,
    };
    // The last 8 bytes: a seal, if the file ends with one (a sealed tail of
    // 65,534 or more values is as long as a whole block or longer).
    let mut last = [0u8; SEAL_BYTES];
    if length >= SEAL_BYTES as u64 {
        file.seek(SeekFrom::End(-(SEAL_BYTES as i64)))
            .and_then(|_| file.read_exact(&mut last))
            .and_then(|_| file.seek(SeekFrom::Start(0)))
            .map_err(read_error)?;
    }
    let mut reader = BufReader::with_capacity(1 << 20, &mut *file);
    let mut line = Vec::new();
    std::io::BufRead::read_until(
        &mut Read::take(reader.by_ref(), LONGEST_HEADER as u64),
        b'\n',
        &mut line,
    )
    .map_err(read_error)?;
    let shown = || {
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches('\n');
        match text {
            "" => "an empty first line".to_string(),
            text => quoted(text),
        }
    };
    if line.starts_with(FORMAT_1.as_bytes()) {
        return Err(at_header(
            "expected a checkpoint of format 2; this one is of format 1, whose values carry no \
             checksums and cannot be checked: move it away and compute again"
                .into(),
        ));
    }
    let Some(rest) = line
        .strip_prefix(PREFIX.as_bytes())
        .filter(|_| line.ends_with(b"\n"))
    else {
        return Err(at_header(format!(
            "expected a noughts checkpoint (a first line beginning {}), found {}",
            quoted(PREFIX.trim_end()),
            shown()
        )));
    };
    let rest = String::from_utf8_lossy(rest);
    let wanted = header(sequence);
    let matches = METHODS
        .iter()
        .any(|m| header_line(sequence, m).as_bytes() == line.as_slice());
    if !matches {
        let game = rest.split(';').next().unwrap_or_default();
        let message = if game != wanted {
            format!(
                "expected a checkpoint of {} (this --game), found one of {}",
                quoted(wanted.trim_start_matches("# noughts grundy table: ")),
                quoted(game.trim_start_matches("# noughts grundy table: "))
            )
        } else {
            format!(
                "expected the header {}, found {}",
                quoted(header_line(sequence, METHODS[0]).trim_end()),
                shown()
            )
        };
        return Err(at_header(message));
    }
    let start = line.len() as u64;
    let body = length.saturating_sub(start);
    // What one run holds: the whole table, or streamed, 2^32 heaps.
    let (most, words) = if streaming {
        (super::LARGEST_HEAPS_STREAMED, "2^32 heaps, streamed")
    } else {
        (super::LARGEST_N + sequence.offset(), super::LARGEST_N_WORDS)
    };
    // Whole blocks, then what follows: a sealed tail (its values, the mark,
    // its CRC), or values written without a seal.
    let sealed_tail = (last[..4] == SEAL_MARK && body >= SEAL_BYTES as u64)
        .then(|| (body - SEAL_BYTES as u64) % BLOCK_BYTES)
        .filter(|bytes| bytes.is_multiple_of(2) && (2..2 * BLOCK as u64).contains(bytes));
    let whole = match sealed_tail {
        Some(bytes) => (body - SEAL_BYTES as u64 - bytes) / BLOCK_BYTES,
        None => body / BLOCK_BYTES,
    } as usize;
    if whole * BLOCK > most {
        return Err(at_header(format!(
            "expected at most {most} values ({words}), found {whole} blocks of {BLOCK}"
        )));
    }
    let mut sums = Vec::with_capacity(whole);
    let mut bytes = vec![0u8; BLOCK_BYTES as usize];
    let damaged = |index: usize, what: &str| {
        let first = index * BLOCK;
        at_header(format!(
            "block {index} (heaps {first} to {}, from byte {}) {what}: the file was damaged or altered, \
             and none of its values is used",
            first + BLOCK - 1,
            start + index as u64 * BLOCK_BYTES
        ))
    };
    for index in 0..whole {
        reader.read_exact(&mut bytes).map_err(read_error)?;
        let (values, sum) = bytes.split_at(2 * BLOCK);
        let sum = u32::from_le_bytes([sum[0], sum[1], sum[2], sum[3]]);
        if block_sum(&line, index as u64, values) != sum {
            return Err(damaged(index, "does not match its checksum"));
        }
        sink(&checked_values(index * BLOCK, values, sequence)?);
        sums.push(sum);
    }
    // The tail: sealed (kept, or refused if its seal does not match), or
    // not (dropped: a run stopped while writing; computed again).
    let left = (body - whole as u64 * BLOCK_BYTES) as usize;
    let mut rest = vec![0u8; left];
    reader.read_exact(&mut rest).map_err(read_error)?;
    let mut end = start + whole as u64 * BLOCK_BYTES;
    let mut dropped = left / 2;
    let mut tail = Vec::new();
    let sealed = left > SEAL_BYTES
        && (left - SEAL_BYTES).is_multiple_of(2)
        && rest[left - SEAL_BYTES..left - 4] == SEAL_MARK;
    if sealed {
        let (values, seal) = rest.split_at(left - SEAL_BYTES);
        let seal = u32::from_le_bytes([seal[4], seal[5], seal[6], seal[7]]);
        let count = values.len() / 2;
        if tail_sum(&line, whole as u64, count, values) != seal {
            let first = whole * BLOCK;
            return Err(at_header(format!(
                "the tail (heaps {first} to {}, from byte {end}) does not match its checksum: the file was \
                 damaged or altered, and none of its values is used",
                first + count - 1
            )));
        }
        tail = checked_values(whole * BLOCK, values, sequence)?;
        sink(&tail);
        end += left as u64;
        dropped = 0;
    }
    Ok(Found {
        held: whole * BLOCK + tail.len(),
        tail,
        sums,
        dropped,
        line,
        end,
    })
}

/// The values of `bytes` (u16 little-endian), from heap `first` on, each
/// checked in range.
fn checked_values(first: usize, bytes: &[u8], sequence: &Sequence) -> Result<Vec<u16>, Error> {
    let mut values = Vec::with_capacity(bytes.len() / 2);
    for pair in bytes.chunks_exact(2) {
        let g = u16::from_le_bytes([pair[0], pair[1]]);
        let heap = first + values.len();
        if g > LARGEST_VALUE {
            return Err(at_header(format!(
                "the value of heap {heap} is {g}, past the largest this tool keeps ({LARGEST_VALUE})"
            )));
        }
        // Heaps below the offset of free segments are 0 (no move there).
        if heap < sequence.offset() && g != 0 {
            return Err(at_header(format!(
                "the value of heap {heap} is {g}, where a heap below {} is 0",
                sequence.offset()
            )));
        }
        values.push(g);
    }
    Ok(values)
}

#[cfg(test)]
mod tests;

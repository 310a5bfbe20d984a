//! The table file of `--out` and `--resume`: a header naming the sequence,
//! one value a line, and a checksum line. Written only to the file the user
//! named, through a temporary file made new beside it; read only from a
//! regular file, a line at a time, with the checks every input gets.

use crate::cli::files::{temporary_beside, through_links};
use crate::cli::input::is_forbidden;
use crate::cli::{interrupt, Error};
use crate::notation::octal::code;
use crate::notation::{escape_all, quoted, InputError};
use crate::solver::grundy::{value_read, GrundyMethod, Naive, ReadValues, Sequence};
use crate::solver::octal::LARGEST_VALUE;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

/// How the first line of a table file begins.
const TABLE_PREFIX: &str = "# noughts grundy table: ";

/// The first line of a table file, naming its sequence, which `--resume`
/// checks.
pub fn header(sequence: &Sequence) -> String {
    if sequence.is_segments() {
        format!(
            "{TABLE_PREFIX}{} free segments (heap L + {})",
            code(sequence.game()),
            sequence.offset()
        )
    } else {
        format!("{TABLE_PREFIX}{} heaps", code(sequence.game()))
    }
}

/// Where `--out` writes: the path itself, or the file a symbolic link there
/// leads to (so the link stays a link; a dangling one gets its file made).
/// Checked before any computing, where the write will happen: a directory,
/// a FIFO, a device, a file that cannot be written or a folder where no
/// file can be made is refused now, not after minutes of work.
pub fn out_target(path: &Path) -> Result<PathBuf, Error> {
    let refuse = |error: std::io::Error| Error::Unwritable {
        option: format!("--out {}", escape_all(&path.display().to_string())),
        error,
    };
    let target = through_links(path).map_err(refuse)?;
    match std::fs::metadata(&target) {
        Ok(meta) if !meta.is_file() => {
            let kind = if meta.is_dir() {
                "a directory"
            } else {
                "not a regular file (a FIFO, a device or a socket)"
            };
            return Err(refuse(std::io::Error::other(format!(
                "{kind}: --out writes a regular file"
            ))));
        }
        // Writable? Opened without truncating, then left as it was.
        Ok(_) => {
            std::fs::OpenOptions::new()
                .append(true)
                .open(&target)
                .map_err(refuse)?;
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(refuse(e)),
    }
    // The table is written to a temporary file beside the target, then
    // renamed over it: that file must be possible (made, then removed).
    temporary_beside(&target).map_err(refuse)?;
    Ok(target)
}

/// Writes the table atomically: a temporary file (see
/// [`temporary_beside`]) renamed over `path`. The temporary file outlives
/// neither a failure nor a second interrupt.
pub fn save(path: &Path, sequence: &Sequence, heaps: &[u16]) -> Result<(), Error> {
    let failed = |error| Error::Write {
        option: format!("--out {}", escape_all(&path.display().to_string())),
        error,
    };
    let temporary = interrupt::while_saving(|| temporary_beside(path)).map_err(failed)?;
    let values = sequence.values(heaps);
    let written = (|| {
        let mut out = BufWriter::with_capacity(1 << 16, temporary.as_file());
        writeln!(out, "{}", header(sequence))?;
        for g in values {
            writeln!(out, "{g}")?;
        }
        writeln!(out, "{CHECKSUM_PREFIX}{:016x}", checksum(values))?;
        out.flush()
    })();
    let result = written
        .and_then(|()| temporary.persist(path).map(drop).map_err(|e| e.error))
        .map_err(failed);
    interrupt::saved();
    result
}

/// The last line of a table file: a checksum of the values, so that a
/// truncated or edited file is refused rather than continued.
const CHECKSUM_PREFIX: &str = "# checksum fnv1a64 ";

fn checksum(values: &[u16]) -> u64 {
    values
        .iter()
        .flat_map(|g| g.to_le_bytes())
        .fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
            (hash ^ byte as u64).wrapping_mul(0x0000_0100_0000_01b3)
        })
}

/// Values whose recomputation vouches for a loaded table: the first ones in
/// full, then the last few and a few others chosen at random, each against
/// its own prefix (a checksum tells a damaged file; these tell a file whose
/// checksums were made for wrong values).
pub const CHECKED_HEAD: usize = 2_000;
pub const CHECKED_TAIL: usize = 8;
pub const CHECKED_SPOT: usize = 8;

/// Reads a table written by `--out` for this sequence, as heap values.
/// Only a regular file is opened (a FIFO would block, a device never end).
pub fn load(path: &Path, sequence: &Sequence) -> Result<Vec<u16>, Error> {
    let option = format!("--resume {}", escape_all(&path.display().to_string()));
    let read_error = |error| Error::Read {
        source: option.clone(),
        error,
    };
    let not_regular = |what: &str| Error::Read {
        source: option.clone(),
        error: std::io::Error::other(format!(
            "{what}: --resume reads a regular file (a table written by --out)"
        )),
    };
    let meta = std::fs::metadata(path).map_err(read_error)?;
    if meta.is_dir() {
        return Err(not_regular("a directory"));
    }
    if !meta.is_file() {
        return Err(not_regular(
            "not a regular file (a FIFO, a device or a socket)",
        ));
    }
    let file = std::fs::File::open(path).map_err(read_error)?;
    // Swapped for something else between the look and the opening?
    if !file.metadata().map_err(read_error)?.is_file() {
        return Err(not_regular("not a regular file"));
    }
    read_table(BufReader::new(file), sequence).map_err(|e| match e {
        Error::Input(error) => Error::Option { option, error },
        other => other,
    })
}

/// The longest line a table has (a value, the header or the checksum).
const LONGEST_LINE: usize = 512;

/// Parses a table and checks that it is this sequence's (see
/// [`CHECKED_HEAD`]): a table of another game, or edited, is refused.
pub fn parse_table(text: &str, sequence: &Sequence) -> Result<Vec<u16>, InputError> {
    match read_table(text.as_bytes(), sequence) {
        Ok(heaps) => Ok(heaps),
        Err(Error::Input(e)) => Err(e),
        // Text in memory has no read errors.
        Err(other) => Err(InputError::at_column(1, other.to_string())),
    }
}

/// Reads a table a line at a time: memory for its values, not its text.
/// Every line is checked as any input is (UTF-8, no control characters)
/// and bounded; the table as a whole by the most values a run computes.
fn read_table(mut reader: impl BufRead, sequence: &Sequence) -> Result<Vec<u16>, Error> {
    let most = super::LARGEST_N + sequence.offset();
    let mut bytes = Vec::new();
    let mut number = 0;
    // The next line, without its end (\n or \r\n); None at the end.
    let mut next_line = |number: &mut usize| -> Result<Option<String>, Error> {
        bytes.clear();
        let read = std::io::Read::take(reader.by_ref(), LONGEST_LINE as u64 + 2)
            .read_until(b'\n', &mut bytes)
            .map_err(|error| Error::Read {
                source: "the table".into(),
                error,
            })?;
        if read == 0 {
            return Ok(None);
        }
        *number += 1;
        let at = |column: usize, message: String| {
            Error::Input(InputError {
                line: *number,
                column,
                message,
            })
        };
        if bytes.last() == Some(&b'\n') {
            bytes.pop();
            if bytes.last() == Some(&b'\r') {
                bytes.pop();
            }
        } else if bytes.len() > LONGEST_LINE {
            return Err(at(
                LONGEST_LINE + 1,
                format!("expected a line of at most {LONGEST_LINE} bytes, found more"),
            ));
        }
        if *number == 1 && bytes.starts_with("\u{feff}".as_bytes()) {
            bytes.drain(..3);
        }
        if let Some(i) = bytes.iter().position(|&b| is_forbidden(b)) {
            let column = String::from_utf8_lossy(&bytes[..i]).chars().count() + 1;
            return Err(at(
                column,
                format!(
                    "expected text, found character U+{:04X} (a control character)",
                    bytes[i]
                ),
            ));
        }
        match String::from_utf8(std::mem::take(&mut bytes)) {
            Ok(line) => Ok(Some(line)),
            Err(e) => {
                let good = e.utf8_error().valid_up_to();
                let column = String::from_utf8_lossy(&e.as_bytes()[..good])
                    .chars()
                    .count()
                    + 1;
                Err(at(
                    column,
                    "expected text, found a byte that is not UTF-8".into(),
                ))
            }
        }
    };
    let first_line = next_line(&mut number)?.unwrap_or_default();
    if first_line.trim_end() != header(sequence) {
        return Err(Error::Input(InputError {
            line: 1,
            column: 1,
            message: format!(
                "expected the header \"{}\" (a table written by --out for this --game), found {}",
                header(sequence),
                match first_line.strip_prefix(TABLE_PREFIX) {
                    Some(game) => format!("a table of {}", quoted(game)),
                    None => quoted(&first_line),
                }
            ),
        }));
    }
    let mut heaps = vec![0u16; sequence.offset()];
    let mut sum = None;
    while let Some(line) = next_line(&mut number)? {
        let word = line.trim();
        if word.is_empty() {
            continue;
        }
        let column = line.len() - line.trim_start().len() + 1;
        let error = |message: String| {
            Error::Input(InputError {
                line: number,
                column,
                message,
            })
        };
        if sum.is_some() {
            return Err(error(
                "expected the end of the table after its checksum line".into(),
            ));
        }
        if let Some(hex) = word.strip_prefix(CHECKSUM_PREFIX) {
            let expected = checksum(&heaps[sequence.offset()..]);
            // Hexadecimal digits only: from_str_radix would take a sign.
            let plain = hex.bytes().all(|b| b.is_ascii_hexdigit());
            if !plain || u64::from_str_radix(hex, 16) != Ok(expected) {
                return Err(error(
                    "the checksum does not match the values: the table was altered".into(),
                ));
            }
            sum = Some(expected);
            continue;
        }
        if heaps.len() >= most {
            return Err(error(format!(
                "expected at most {} values ({}), found more",
                super::LARGEST_N,
                super::LARGEST_N_WORDS
            )));
        }
        match crate::notation::digits::<u16>(word) {
            Some(g) if g <= LARGEST_VALUE => heaps.push(g),
            _ => {
                return Err(error(format!(
                    "expected a Grundy value (a whole number 0 to {}), found {}",
                    LARGEST_VALUE,
                    quoted(word)
                )))
            }
        }
    }
    if sum.is_none() {
        return Err(Error::Input(InputError {
            line: number + 1,
            column: 1,
            message: format!(
                "expected the checksum line \"{CHECKSUM_PREFIX}…\" that ends a table: is the file cut short?"
            ),
        }));
    }
    if let Some(heap) = first_suspicious(&heaps, sequence) {
        return Err(Error::Input(InputError {
            line: heap - sequence.offset() + 2,
            column: 1,
            message: format!(
                "G({}) = {} does not follow from the values before it: not a table of {}",
                heap - sequence.offset(),
                heaps[heap],
                sequence.game()
            ),
        }));
    }
    Ok(heaps)
}

/// The first heap whose value does not follow from the rules, among those
/// a loaded table is vouched for by (see [`CHECKED_HEAD`]): the first values
/// recomputed in full, the last few and [`CHECKED_SPOT`] others (chosen
/// afresh each run, so no forgery can know them) each against its own
/// prefix.
pub fn first_suspicious(heaps: &[u16], sequence: &Sequence) -> Option<usize> {
    let mut read = |from: usize, out: &mut [u16]| -> Result<(), ()> {
        out.copy_from_slice(&heaps[from..from + out.len()]);
        Ok(())
    };
    first_suspicious_read(heaps.len(), sequence, &mut read)
        .ok()
        .flatten()
        .map(|(heap, _)| heap)
}

/// [`first_suspicious`] among `held` heap values read through `read`
/// (`read(from, out)` fills `out` with the values from heap `from`): a file
/// checked where it lies, however long. The heap and the value it holds.
pub fn first_suspicious_read<E>(
    held: usize,
    sequence: &Sequence,
    read: &mut ReadValues<E>,
) -> Result<Option<(usize, u16)>, E> {
    let head = held.min(CHECKED_HEAD);
    let mut check = Vec::new();
    let _ = Naive.extend_to(sequence.game(), &mut check, head, 1);
    let mut first = vec![0u16; head];
    read(0, &mut first)?;
    if let Some(heap) = (sequence.offset()..head).find(|&h| check.get(h) != Some(&first[h])) {
        return Ok(Some((heap, first[heap])));
    }
    let tail = held.saturating_sub(CHECKED_TAIL).max(head);
    let mut heaps_checked: Vec<usize> = (tail..held).collect();
    if tail > head {
        let clock = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        let mut random = crate::solver::puzzle::SplitMix64::new(clock ^ held as u64);
        heaps_checked.extend((0..CHECKED_SPOT).map(|_| head + random.below(tail - head)));
        heaps_checked.sort_unstable();
        heaps_checked.dedup();
    }
    let mut found = [0u16];
    for heap in heaps_checked {
        read(heap, &mut found)?;
        if value_read(sequence.game(), heap, read)? != Some(found[0]) {
            return Ok(Some((heap, found[0])));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_table_parses_back_and_a_wrong_one_is_refused() {
        let sequence = Sequence::segments();
        let mut heaps = Vec::new();
        Naive
            .extend_to(sequence.game(), &mut heaps, 3_002, 1)
            .unwrap();
        let path = std::env::temp_dir().join(format!("noughts-table-{}.txt", std::process::id()));
        save(&path, &sequence, &heaps).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        assert_eq!(parse_table(&text, &sequence).unwrap(), heaps);
        // Another game's header.
        let kayles = Sequence::heaps("kayles".parse().unwrap());
        assert_eq!(parse_table(&text, &kayles).unwrap_err().line, 1);
        // Cut short: no checksum line.
        let cut: String = text.lines().take(100).map(|l| format!("{l}\n")).collect();
        let err = parse_table(&cut, &sequence).unwrap_err();
        assert_eq!(err.line, 101, "{err}");
        // An edited value: the checksum catches it.
        let mut lines: Vec<&str> = text.lines().collect();
        lines[1500] = "77";
        let edited = lines.join("\n");
        let err = parse_table(&edited, &sequence).unwrap_err();
        assert_eq!(err.line, 3_002, "{err}");
        assert!(err.message.contains("altered"), "{err}");
        // Edited with a checksum to match: the recomputed head catches it.
        let mut values = heaps.clone();
        values[900] ^= 1;
        save(&path, &sequence, &values).unwrap();
        let forged = std::fs::read_to_string(&path).unwrap();
        let _ = std::fs::remove_file(&path);
        let err = parse_table(&forged, &sequence).unwrap_err();
        assert_eq!(err.line, 900, "{err}");
        // Not a number.
        let err = parse_table(&(header(&sequence) + "\n0\n 1x\n"), &sequence).unwrap_err();
        assert_eq!((err.line, err.column), (3, 2));
        // Digits only, in the values and the checksum: no sign.
        let signed = text.replacen("\n1\n", "\n+1\n", 1);
        assert!(parse_table(&signed, &sequence).is_err());
        let signed = text.replace(CHECKSUM_PREFIX, &format!("{CHECKSUM_PREFIX}+"));
        assert!(parse_table(&signed, &sequence).is_err());
    }
}

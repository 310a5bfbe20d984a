//! Getting a command's input: a file, or standard input, read with a
//! bound and checked as it comes, so that endless or binary input (a
//! device, a wrong file) is refused at its first bad byte, not read whole.

use super::Error;
use crate::notation::{locate, text_of, InputError};
use std::io::Read;
use std::path::Path;

/// The most input a command reads: 256 MiB (a million Treblecross strips
/// of 200 cells are 201 MB).
pub const LARGEST_INPUT: usize = 256 << 20;

/// Bytes read at a time between two checks.
const CHUNK: u64 = 1 << 20;

/// Reads a file, or standard input when the path is absent or `-`, as text.
pub fn read_input(path: Option<&Path>) -> Result<String, Error> {
    match path {
        Some(p) if p.as_os_str() != "-" => {
            let source = p.display().to_string();
            let read_error = |error| Error::Read {
                source: source.clone(),
                error,
            };
            let file = std::fs::File::open(p).map_err(read_error)?;
            let size = file.metadata().map_err(read_error)?.len();
            if size > LARGEST_INPUT as u64 {
                return Err(too_large());
            }
            read_bounded(file, &source)
        }
        _ => read_bounded(std::io::stdin().lock(), "standard input"),
    }
}

fn too_large() -> Error {
    Error::Input(InputError {
        line: 1,
        column: 1,
        message: format!(
            "expected at most {} MiB of input, found more",
            LARGEST_INPUT >> 20
        ),
    })
}

/// Whether a byte can be in no input of any command: a control character
/// other than the white space that separates tokens.
fn is_forbidden(byte: u8) -> bool {
    (byte < 0x20 && !matches!(byte, b'\t' | b'\n' | b'\r' | 0x0c)) || byte == 0x7f
}

/// Reads to the end, at most [`LARGEST_INPUT`] bytes, failing at the first
/// control character or byte that is not UTF-8.
fn read_bounded(mut reader: impl Read, source: &str) -> Result<String, Error> {
    let mut bytes = Vec::new();
    // Bytes before `checked` are valid UTF-8 free of control characters.
    let mut checked = 0;
    loop {
        let read = (&mut reader)
            .take(CHUNK)
            .read_to_end(&mut bytes)
            .map_err(|error| Error::Read {
                source: source.to_string(),
                error,
            })?;
        // Control characters are ASCII: never inside a UTF-8 sequence.
        if let Some(i) = bytes[checked..].iter().position(|&b| is_forbidden(b)) {
            let at = checked + i;
            let (line, column) = locate(&bytes, at);
            return Err(Error::Input(InputError {
                line,
                column,
                message: format!(
                    "expected text, found character U+{:04X} (a control character)",
                    bytes[at]
                ),
            }));
        }
        match std::str::from_utf8(&bytes[checked..]) {
            Ok(_) => checked = bytes.len(),
            // An incomplete sequence at the end may go on in the next chunk.
            Err(e) if e.error_len().is_none() && read > 0 => checked += e.valid_up_to(),
            Err(_) => return Ok(text_of(bytes)?),
        }
        if bytes.len() > LARGEST_INPUT {
            return Err(too_large());
        }
        if read == 0 {
            return Ok(text_of(bytes)?);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(bytes: &[u8]) -> Result<String, Error> {
        read_bounded(bytes, "test")
    }

    fn error_at(bytes: &[u8]) -> (usize, usize) {
        match read(bytes) {
            Err(Error::Input(e)) => (e.line, e.column),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn text_is_read_and_bad_bytes_are_located() {
        assert_eq!(read(b"1\n...\n").unwrap(), "1\n...\n");
        assert_eq!(error_at(b"1\n..\x00."), (2, 3));
        assert_eq!(error_at(b"ab\nc\xffd"), (2, 2));
        assert_eq!(error_at(b"\x1b[41m"), (1, 1));
        // A byte-order mark is skipped; a tab is white space.
        assert_eq!(read("\u{feff}1\t.".as_bytes()).unwrap(), "1\t.");
    }

    #[test]
    fn endless_input_stops_at_the_first_bad_byte() {
        // An endless stream of NUL bytes (as /dev/zero) is refused at once.
        let zeros = std::io::repeat(0);
        assert!(matches!(read_bounded(zeros, "zeros"), Err(Error::Input(_))));
        // Endless text stops at the bound.
        let dots = std::io::repeat(b'.');
        match read_bounded(dots, "dots") {
            Err(Error::Input(e)) => assert!(e.message.contains("256 MiB"), "{e}"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_sequence_split_between_chunks_is_text() {
        let mut text = vec![b'.'; CHUNK as usize - 1];
        text.extend("é.".as_bytes());
        assert_eq!(read(&text).unwrap().chars().count(), CHUNK as usize + 1);
    }
}

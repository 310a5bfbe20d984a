//! Getting a command's input: a file, or standard input, read with a
//! bound and checked as it comes, so that endless or binary input (a
//! device, a wrong file) is refused at its first bad byte, not read whole.

use super::Error;
use crate::notation::{count_of, locate, quoted, text_of, InputError, Token};
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

/// The most input a command reads: 256 MiB (a million Treblecross strips
/// of 200 cells are 201 MB).
pub const LARGEST_INPUT: usize = 256 << 20;

/// Bytes read at a time between two checks.
const CHUNK: u64 = 1 << 20;

/// Reads a file, or standard input when the path is absent or `-`, as text.
pub fn read_input(path: Option<&Path>) -> Result<String, Error> {
    let (reader, source) = open_input(path)?;
    read_bounded(reader, &source, LARGEST_INPUT)
}

/// A saved game (`mnc review`): a regular file (a FIFO or a device is
/// refused at once), or standard input, of at most a saved file's size —
/// memory follows the game, not what is thrown at the command.
pub fn read_saved_game(path: Option<&Path>) -> Result<String, Error> {
    let longest = crate::notation::saved::LONGEST as usize;
    match path {
        Some(p) if p.as_os_str() != "-" => {
            let source = crate::notation::escape_all(&p.display().to_string());
            let file = crate::store::open_regular(p, false).map_err(|error| Error::Read {
                source: source.clone(),
                error,
            })?;
            read_bounded(file, &source, longest)
        }
        _ => read_bounded(std::io::stdin().lock(), "standard input", longest),
    }
}

/// Opens a file, or standard input when the path is absent or `-`, with
/// the name errors give it. A file known to be too large is refused here.
pub fn open_input(path: Option<&Path>) -> Result<(Box<dyn Read>, String), Error> {
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
                return Err(too_large(LARGEST_INPUT));
            }
            Ok((Box::new(file), source))
        }
        _ => Ok((Box::new(std::io::stdin().lock()), "standard input".into())),
    }
}

fn too_large(largest: usize) -> Error {
    Error::Input(InputError {
        line: 1,
        column: 1,
        message: format!(
            "expected at most {} MiB of input, found more",
            largest >> 20
        ),
    })
}

/// Whether a byte can be in no input of any command: a control character
/// other than the white space that separates tokens.
pub fn is_forbidden(byte: u8) -> bool {
    (byte < 0x20 && !matches!(byte, b'\t' | b'\n' | b'\r' | 0x0c)) || byte == 0x7f
}

/// Reads to the end, at most [`LARGEST_INPUT`] bytes, failing at the first
/// control character or byte that is not UTF-8.
fn read_bounded(mut reader: impl Read, source: &str, largest: usize) -> Result<String, Error> {
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
        if bytes.len() > largest {
            return Err(too_large(largest));
        }
        if read == 0 {
            return Ok(text_of(bytes)?);
        }
    }
}

/// The tokens of an input read one at a time, with the checks of
/// [`read_input`] (at most [`LARGEST_INPUT`] bytes, UTF-8, no control
/// characters, a leading byte-order mark skipped) and the lines and columns
/// of [`crate::notation::Tokens`]. Only the current token is held: a
/// command that answers as it reads (Treblecross: millions of strips)
/// needs memory for its longest token, not for its input.
pub struct TokenReader<R> {
    reader: BufReader<std::io::Chain<std::io::Cursor<Vec<u8>>, R>>,
    source: String,
    /// The current token's bytes.
    token: Vec<u8>,
    /// Where the next byte stands (1-based; columns in characters).
    line: usize,
    column: usize,
    /// The last byte was a carriage return (a `\n` after it ends no line).
    after_cr: bool,
    /// Bytes read so far.
    total: usize,
    /// Where the current token starts, once one has.
    start: Option<(usize, usize)>,
}

impl<R: Read> TokenReader<R> {
    /// Looks at the first bytes for a byte-order mark (skipped, as
    /// [`text_of`] does).
    pub fn new(mut reader: R, source: impl Into<String>) -> Result<TokenReader<R>, Error> {
        const BOM: &[u8] = "\u{feff}".as_bytes();
        let source = source.into();
        // A pipe may hand the three bytes over one at a time.
        let mut head = Vec::with_capacity(BOM.len());
        while head.len() < BOM.len() && BOM.starts_with(&head) {
            let mut byte = [0u8];
            match reader.read(&mut byte) {
                Ok(0) => break,
                Ok(_) => head.push(byte[0]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(error) => return Err(Error::Read { source, error }),
            }
        }
        let total = head.len();
        if head == BOM {
            head.clear();
        }
        Ok(TokenReader {
            reader: BufReader::with_capacity(
                CHUNK as usize,
                std::io::Cursor::new(head).chain(reader),
            ),
            source,
            token: Vec::new(),
            line: 1,
            column: 1,
            after_cr: false,
            total,
            start: None,
        })
    }

    /// Reads the next token; false at the end of the input. The token is
    /// then [`TokenReader::token`].
    pub fn advance(&mut self) -> Result<bool, Error> {
        self.token.clear();
        self.start = None;
        loop {
            let buffer = match self.reader.fill_buf() {
                Ok(buffer) => buffer,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(error) => {
                    return Err(Error::Read {
                        source: self.source.clone(),
                        error,
                    })
                }
            };
            if buffer.is_empty() {
                break;
            }
            if self.total + buffer.len() > LARGEST_INPUT {
                return Err(too_large(LARGEST_INPUT));
            }
            let chunk_start = (self.line, self.column, self.after_cr);
            let mut used = 0;
            if self.start.is_none() {
                // White space before the token.
                while let Some(&byte) = buffer.get(used).filter(|b| b.is_ascii_whitespace()) {
                    step(&mut self.line, &mut self.column, &mut self.after_cr, byte);
                    used += 1;
                }
                if used < buffer.len() {
                    self.start = Some((self.line, self.column));
                }
            }
            let mut ended = false;
            if self.start.is_some() {
                let rest = &buffer[used..];
                let len = rest
                    .iter()
                    .position(u8::is_ascii_whitespace)
                    .unwrap_or(rest.len());
                let part = &rest[..len];
                self.token.extend_from_slice(part);
                // Characters, not bytes: every byte but UTF-8's
                // continuation bytes starts one.
                self.column += part.iter().filter(|&&b| b & 0xc0 != 0x80).count();
                self.after_cr = false;
                used += len;
                ended = used < buffer.len();
            }
            // Control characters are ASCII, never inside a UTF-8 sequence:
            // one look over what was taken (a fold the compiler widens).
            let taken = &buffer[..used];
            if taken.iter().fold(false, |any, &b| any | is_forbidden(b)) {
                let i = taken.iter().position(|&b| is_forbidden(b)).unwrap_or(0);
                let (mut line, mut column, mut after_cr) = chunk_start;
                for &b in &taken[..i] {
                    step(&mut line, &mut column, &mut after_cr, b);
                }
                return Err(Error::Input(InputError {
                    line,
                    column,
                    message: format!(
                        "expected text, found character U+{:04X} (a control character)",
                        taken[i]
                    ),
                }));
            }
            self.total += used;
            self.reader.consume(used);
            if ended {
                break;
            }
        }
        let Some((line, column)) = self.start else {
            return Ok(false);
        };
        if let Err(e) = std::str::from_utf8(&self.token) {
            let good = String::from_utf8_lossy(&self.token[..e.valid_up_to()]);
            return Err(Error::Input(InputError {
                line,
                column: column + good.chars().count(),
                message: "expected text, found a byte that is not UTF-8".into(),
            }));
        }
        Ok(true)
    }

    /// The token [`TokenReader::advance`] read.
    pub fn token(&self) -> Token<'_> {
        let (line, column) = self.start.unwrap_or((self.line, self.column));
        Token {
            // Checked by `advance`.
            text: std::str::from_utf8(&self.token).unwrap_or_default(),
            line,
            column,
        }
    }

    /// The next token, or an error naming what was wanted.
    pub fn expect(&mut self, what: &str) -> Result<Token<'_>, Error> {
        if !self.advance()? {
            return Err(Error::Input(
                self.end_error(format!("expected {what}, found end of input")),
            ));
        }
        Ok(self.token())
    }

    /// The bytes of the token [`TokenReader::advance`] read, taken (with
    /// [`TokenReader::give_back`] the buffer serves the next token again):
    /// a caller that turns a long token into something else holds it once.
    pub fn take_token(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.token)
    }

    /// A buffer for the next tokens (its contents are dropped).
    pub fn give_back(&mut self, buffer: Vec<u8>) {
        if buffer.capacity() > self.token.capacity() {
            self.token = buffer;
        }
    }

    /// The next token as a count such as the number of test cases.
    pub fn expect_count(&mut self, what: &str) -> Result<usize, Error> {
        Ok(count_of(&self.expect(what)?, what)?)
    }

    /// An error where the next token would start (at the end of input).
    pub fn end_error(&self, message: String) -> InputError {
        InputError {
            line: self.line,
            column: self.column,
            message,
        }
    }

    /// Fails if anything but white space is left.
    pub fn expect_end(&mut self, after: &str) -> Result<(), Error> {
        if !self.advance()? {
            return Ok(());
        }
        let token = self.token();
        Err(Error::Input(token.error(format!(
            "expected end of input after {after}, found {}",
            quoted(token.text)
        ))))
    }
}

/// One byte of white space (or of a token) moves the position: lines end at
/// `\n`, `\r\n` or a lone `\r`.
fn step(line: &mut usize, column: &mut usize, after_cr: &mut bool, byte: u8) {
    if byte == b'\n' && *after_cr {
        // The second half of \r\n.
    } else if byte == b'\n' || byte == b'\r' {
        *line += 1;
        *column = 1;
    } else if byte & 0xc0 != 0x80 {
        *column += 1;
    }
    *after_cr = byte == b'\r';
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(bytes: &[u8]) -> Result<String, Error> {
        read_bounded(bytes, "test", LARGEST_INPUT)
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
        assert!(matches!(
            read_bounded(zeros, "zeros", LARGEST_INPUT),
            Err(Error::Input(_))
        ));
        // Endless text stops at the bound.
        let dots = std::io::repeat(b'.');
        match read_bounded(dots, "dots", LARGEST_INPUT) {
            Err(Error::Input(e)) => assert!(e.message.contains("256 MiB"), "{e}"),
            other => panic!("{other:?}"),
        }
    }

    /// Hands its bytes over one at a time, as a slow pipe may.
    struct OneByte<'a>(&'a [u8]);

    impl Read for OneByte<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let Some((&first, rest)) = self.0.split_first().filter(|_| !buf.is_empty()) else {
                return Ok(0);
            };
            buf[0] = first;
            self.0 = rest;
            Ok(1)
        }
    }

    /// Every token with its place, or the first error.
    fn streamed(reader: impl Read) -> Result<Vec<(String, usize, usize)>, String> {
        let mut tokens = TokenReader::new(reader, "test").map_err(|e| e.to_string())?;
        let mut all = Vec::new();
        while tokens.advance().map_err(|e| e.to_string())? {
            let t = tokens.token();
            all.push((t.text.to_string(), t.line, t.column));
        }
        Ok(all)
    }

    /// The same, reading the whole text first (the way every other command
    /// reads): the reference the streamed tokens must match.
    fn whole(bytes: &[u8]) -> Result<Vec<(String, usize, usize)>, String> {
        let text = read(bytes).map_err(|e| e.to_string())?;
        Ok(crate::notation::Tokens::new(&text)
            .map(|t| (t.text.to_string(), t.line, t.column))
            .collect())
    }

    #[test]
    fn streamed_tokens_are_the_tokens_of_the_whole_text() {
        let texts: [&[u8]; 12] = [
            b"2\n..X..\n.....",
            b"  a\r\nb\rc\n\r\nd  e\t f",
            "\u{feff}1 \u{e9}t\u{e9} x".as_bytes(),
            "\u{feff}".as_bytes(),
            b"\xef\xbb",
            b"\xef\xbbx",
            b"ab\nc\xffd",
            b"1\n..\x00.",
            b"1\r\n\x1b[41m",
            b"x\r\n\r\n  \x7f",
            "a\u{e9}\u{1b}".as_bytes(),
            b"",
        ];
        for text in texts {
            assert_eq!(streamed(text), whole(text), "{text:?}");
            assert_eq!(
                streamed(OneByte(text)),
                whole(text),
                "one byte at a time: {text:?}"
            );
        }
        // A token across the reader's chunks, then a bad byte in the next.
        let mut long = vec![b'.'; CHUNK as usize + 5];
        long.extend(b" \n  .\x01");
        assert_eq!(streamed(&long[..]), whole(&long));
    }

    #[test]
    fn streamed_input_is_bounded() {
        let mut tokens = TokenReader::new(std::io::repeat(b'.'), "dots").unwrap();
        match tokens.advance() {
            Err(Error::Input(e)) => assert!(e.message.contains("256 MiB"), "{e}"),
            other => panic!("{other:?}"),
        }
        let mut tokens = TokenReader::new(std::io::repeat(0), "zeros").unwrap();
        assert!(matches!(tokens.advance(), Err(Error::Input(_))));
    }

    #[test]
    fn a_sequence_split_between_chunks_is_text() {
        let mut text = vec![b'.'; CHUNK as usize - 1];
        text.extend("é.".as_bytes());
        assert_eq!(read(&text).unwrap().chars().count(), CHUNK as usize + 1);
    }
}

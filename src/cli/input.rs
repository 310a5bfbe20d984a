//! Reading input: whitespace-separated tokens that remember where they stood,
//! and the one-line error every command gives for bad input.

use std::fmt;
use std::io::Read;
use std::path::Path;

/// Bad input: where, and what was expected. Shown as one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for InputError {}

/// A word of the input with its 1-based line and column (in characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token<'a> {
    pub text: &'a str,
    pub line: usize,
    pub column: usize,
}

impl<'a> Token<'a> {
    /// An error pointing at this token's `offset`-th character.
    pub fn error_at(&self, offset: usize, message: impl Into<String>) -> InputError {
        InputError {
            line: self.line,
            column: self.column + offset,
            message: message.into(),
        }
    }

    pub fn error(&self, message: impl Into<String>) -> InputError {
        self.error_at(0, message)
    }
}

/// Quotes a token for an error message, shortened if long.
pub fn quoted(text: &str) -> String {
    const LIMIT: usize = 24;
    if text.chars().count() > LIMIT {
        let head: String = text.chars().take(LIMIT).collect();
        format!("\"{head}…\"")
    } else {
        format!("\"{text}\"")
    }
}

/// Describes one character for an error message.
pub fn describe(ch: char) -> String {
    match ch {
        c if c.is_control() => format!("character U+{:04X}", c as u32),
        c => format!("'{c}'"),
    }
}

/// Splits text into tokens, tracking lines and columns.
pub struct Tokens<'a> {
    rest: &'a str,
    line: usize,
    column: usize,
}

impl<'a> Tokens<'a> {
    pub fn new(text: &'a str) -> Tokens<'a> {
        Tokens {
            rest: text,
            line: 1,
            column: 1,
        }
    }

    /// Where the next token would start, or the end of input: for errors.
    pub fn end_error(&self, message: impl Into<String>) -> InputError {
        InputError {
            line: self.line,
            column: self.column,
            message: message.into(),
        }
    }

    /// The next token, or an error saying `expected` was wanted but the
    /// input ended.
    pub fn expect(&mut self, expected: &str) -> Result<Token<'a>, InputError> {
        match self.next() {
            Some(token) => Ok(token),
            None => Err(self.end_error(format!("expected {expected}, found end of input"))),
        }
    }

    /// Fails if anything but whitespace is left.
    pub fn expect_end(&mut self, after: &str) -> Result<(), InputError> {
        match self.next() {
            None => Ok(()),
            Some(token) => Err(token.error(format!(
                "expected end of input after {after}, found {}",
                quoted(token.text)
            ))),
        }
    }

    /// A count such as the number of test cases.
    pub fn expect_count(&mut self, what: &str) -> Result<usize, InputError> {
        let token = self.expect(what)?;
        if let Some((i, ch)) = token.text.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
            let offset = token.text[..i].chars().count();
            return Err(token.error_at(
                offset,
                format!("expected {what} (a whole number), found {}", describe(ch)),
            ));
        }
        token
            .text
            .parse()
            .map_err(|_| token.error(format!("expected {what}, found a number too large")))
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        // Tokens are separated by ASCII whitespace, as judges read them;
        // other characters (even Unicode spaces) belong to a token.
        let bytes = self.rest.as_bytes();
        let mut start = 0;
        while let Some(&byte) = bytes.get(start).filter(|b| b.is_ascii_whitespace()) {
            if byte == b'\n' {
                self.line += 1;
                self.column = 1;
            } else {
                self.column += 1;
            }
            start += 1;
        }
        if start == bytes.len() {
            self.rest = "";
            return None;
        }
        let end = bytes[start..]
            .iter()
            .position(u8::is_ascii_whitespace)
            .map_or(bytes.len(), |len| start + len);
        // Both ends sit next to ASCII bytes, so they are char boundaries.
        let token = Token {
            text: &self.rest[start..end],
            line: self.line,
            column: self.column,
        };
        self.column += token.text.chars().count();
        self.rest = &self.rest[end..];
        Some(token)
    }
}

/// Failure to get the input at all, or input that is not text.
#[derive(Debug)]
pub enum ReadError {
    Io {
        source: String,
        error: std::io::Error,
    },
    Input(InputError),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io { source, error } => write!(f, "cannot read {source}: {error}"),
            ReadError::Input(error) => error.fmt(f),
        }
    }
}

impl From<InputError> for ReadError {
    fn from(error: InputError) -> Self {
        ReadError::Input(error)
    }
}

/// Reads a file, or standard input when the path is absent or `-`.
pub fn read_input(path: Option<&Path>) -> Result<String, ReadError> {
    let mut bytes = Vec::new();
    let (source, result) = match path {
        None => (
            "standard input".to_string(),
            std::io::stdin().read_to_end(&mut bytes),
        ),
        Some(p) if p.as_os_str() == "-" => (
            "standard input".to_string(),
            std::io::stdin().read_to_end(&mut bytes),
        ),
        Some(p) => (
            p.display().to_string(),
            std::fs::File::open(p).and_then(|mut f| f.read_to_end(&mut bytes)),
        ),
    };
    result.map_err(|error| ReadError::Io { source, error })?;
    Ok(text_of(bytes)?)
}

/// The bytes as text, or an error at the first byte that is not UTF-8.
pub fn text_of(bytes: Vec<u8>) -> Result<String, InputError> {
    String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        // Safe to decode: this prefix is valid UTF-8 by construction.
        let before = String::from_utf8_lossy(valid);
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        InputError {
            line,
            column,
            message: "expected text, found a byte that is not UTF-8".into(),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_know_their_place() {
        let tokens: Vec<_> = Tokens::new("  ab\n\ncd  é f\r\n g").collect();
        let places: Vec<_> = tokens.iter().map(|t| (t.text, t.line, t.column)).collect();
        assert_eq!(
            places,
            vec![
                ("ab", 1, 3),
                ("cd", 3, 1),
                ("é", 3, 5),
                ("f", 3, 7),
                ("g", 4, 2)
            ]
        );
    }

    #[test]
    fn end_of_input_is_located_after_the_last_token() {
        let mut tokens = Tokens::new("3\nab");
        tokens.next();
        tokens.next();
        let error = tokens.expect("a row").unwrap_err();
        assert_eq!((error.line, error.column), (2, 3));
    }

    #[test]
    fn counts() {
        assert_eq!(Tokens::new("12").expect_count("T"), Ok(12));
        let e = Tokens::new(" 1x").expect_count("T").unwrap_err();
        assert_eq!((e.line, e.column), (1, 3));
        assert!(Tokens::new("99999999999999999999999")
            .expect_count("T")
            .unwrap_err()
            .message
            .contains("too large"));
    }

    #[test]
    fn bad_utf8_is_located() {
        let e = text_of(b"ab\nc\xffd".to_vec()).unwrap_err();
        assert_eq!((e.line, e.column), (2, 2));
    }
}

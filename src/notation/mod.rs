//! Every text form of a game object, parsed and printed in one place:
//! tic-tac-toe boards, Treblecross strips, MNC positions and moves, octal
//! game codes, and the words for outcomes. Parsing goes through [`Tokens`],
//! which remember where they stood, and fails with an [`InputError`] (line,
//! column, what was expected) shown as one line.
//!
//! The solvers know no text; the command line and the app both read and
//! write through here.

mod argument;
pub mod mnc;
pub mod notakto;
pub mod octal;
pub mod puzzle;
pub mod saved;
pub mod tictactoe;
pub mod treblecross;

pub use argument::{argument, ArgumentError};

use crate::solver::{Cell, Outcome};
use std::fmt;
use std::str::FromStr;

/// What a saved file holds (the form is in [`saved`]): the one list of the
/// games that files and the session keep. Each game reads and writes its
/// own lines in its module (`read_saved`, `write_saved`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Saved {
    /// A board; in a game against the engine, who moved first from it
    /// (you or the engine) and the cells played.
    TicTacToe {
        board: crate::solver::tictactoe::Board,
        game: Option<(crate::solver::record::Player, Vec<Cell>)>,
    },
    /// A strip; in a game, who moved first from it and the cells played
    /// (0-based).
    Treblecross {
        strip: crate::solver::treblecross::Strip,
        game: Option<(crate::solver::record::Player, Vec<usize>)>,
    },
    /// 1 to 9 boards; in a game, who moved first from them and the
    /// moves.
    Notakto {
        boards: Vec<crate::solver::notakto::Board>,
        game: Option<(
            crate::solver::record::Player,
            Vec<crate::solver::notakto::Move>,
        )>,
    },
    /// A match: where it started, the human's side, the moves.
    Mnc {
        start: crate::solver::mnc::Position,
        human: crate::solver::Side,
        moves: Vec<crate::solver::mnc::Move>,
    },
}

/// The games' words, in the tabs' order: a saved file's second line, the
/// settings' `tab`, a puzzle id's first part.
pub const GAME_WORDS: [&str; 4] = ["tictactoe", "treblecross", "mnc", "notakto"];

/// The games' own sections of the settings file, each defined in its
/// game's module here with the text a new file gives it: the one list of
/// them ([`crate::settings`] names no game). Tic-tac-toe has none. A game's
/// section is four lines here: its field, its name in [`Self::SECTIONS`],
/// its arm in [`Self::read_section`] and its text in
/// [`Self::default_text`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct GameSettings {
    pub mnc: mnc::MncSettings,
    pub treblecross: treblecross::TreblecrossSettings,
    pub notakto: notakto::NotaktoSettings,
}

impl GameSettings {
    /// The sections' names.
    pub const SECTIONS: &'static [&'static str] = &["mnc", "treblecross", "notakto"];

    /// Reads the section `name` (one of [`Self::SECTIONS`]) as the next
    /// value of `map`; another name reads nothing.
    pub fn read_section<'de, A: serde::de::MapAccess<'de>>(
        &mut self,
        name: &str,
        map: &mut A,
    ) -> Result<(), A::Error> {
        match name {
            "mnc" => self.mnc = map.next_value()?,
            "treblecross" => self.treblecross = map.next_value()?,
            "notakto" => self.notakto = map.next_value()?,
            // Not a section: its value is read past, so the map stays in step.
            _ => {
                map.next_value::<serde::de::IgnoredAny>()?;
            }
        }
        Ok(())
    }

    /// The sections as a new settings file writes them, with what each
    /// setting does.
    pub fn default_text() -> String {
        [
            mnc::SETTINGS_TEXT,
            treblecross::SETTINGS_TEXT,
            notakto::SETTINGS_TEXT,
        ]
        .join("\n")
    }
}

/// The games' words as an error lists them: `tictactoe, …, mnc or notakto`.
pub fn games_listed() -> String {
    or_listed(GAME_WORDS)
}

/// Words as a sentence lists choices: `a, b or c`.
pub fn or_listed<S: AsRef<str>>(words: impl IntoIterator<Item = S>) -> String {
    let words: Vec<S> = words.into_iter().collect();
    match words.split_last() {
        None => String::new(),
        Some((last, [])) => last.as_ref().to_string(),
        Some((last, first)) => {
            let first: Vec<&str> = first.iter().map(AsRef::as_ref).collect();
            format!("{} or {}", first.join(", "), last.as_ref())
        }
    }
}

impl Saved {
    /// The game's word, as the file's second line starts.
    pub fn game_word(&self) -> &'static str {
        match self {
            Saved::TicTacToe { .. } => "tictactoe",
            Saved::Treblecross { .. } => "treblecross",
            Saved::Notakto { .. } => "notakto",
            Saved::Mnc { .. } => "mnc",
        }
    }

    /// The game's lines of the file, after the first.
    fn write_game(&self, text: &mut String) {
        match self {
            Saved::TicTacToe { board, game } => tictactoe::write_saved(board, game, text),
            Saved::Treblecross { strip, game } => treblecross::write_saved(strip, game, text),
            Saved::Notakto { boards, game } => notakto::write_saved(boards, game, text),
            Saved::Mnc {
                start,
                human,
                moves,
            } => mnc::write_saved(start, *human, moves, text),
        }
    }

    /// The game named by `game` (the file's second line) with the lines
    /// after it.
    fn read_game(game: &saved::Fact, rest: &[&saved::Fact]) -> Result<Saved, InputError> {
        match game.key {
            "tictactoe" => tictactoe::read_saved(game, rest),
            "treblecross" => treblecross::read_saved(game, rest),
            "notakto" => notakto::read_saved(game, rest),
            "mnc" => mnc::read_saved(game, rest),
            other => Err(InputError {
                line: game.line,
                column: 1,
                message: format!(
                    "expected the game: {}, found {}",
                    games_listed(),
                    escaped(other)
                ),
            }),
        }
    }
}

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

/// Quotes a token for an error message, shortened if long, with every
/// character [`needs_escape`] names escaped (`\u{1b}`): an error stays one
/// line, never drives the terminal it is shown on, and shows what is there.
pub fn quoted(text: &str) -> String {
    const LIMIT: usize = 24;
    let head: String = text.chars().take(LIMIT).map(printable).collect();
    let more = if text.chars().nth(LIMIT).is_some() {
        "…"
    } else {
        ""
    };
    format!("\"{head}{more}\"")
}

/// A character as an error message may show it: itself if printable, else
/// its escape (`\u{1b}`).
fn printable(ch: char) -> String {
    if needs_escape(ch) {
        ch.escape_unicode().to_string()
    } else {
        ch.to_string()
    }
}

/// Whether a message must show `ch` escaped: it would drive the terminal
/// (controls, line and paragraph separators, bidi controls), print nothing
/// (the other format characters: zero-width ones, a byte-order mark, a soft
/// hyphen), or pass for a plain space (every other space separator).
/// These are the Unicode general categories Cc, Cf, Zl and Zp, and Zs but
/// U+0020.
pub fn needs_escape(ch: char) -> bool {
    ch.is_control() // Cc, U+0085 included
        || matches!(
            ch,
            // Cf
            '\u{ad}'
                | '\u{600}'..='\u{605}'
                | '\u{61c}'
                | '\u{6dd}'
                | '\u{70f}'
                | '\u{890}'..='\u{891}'
                | '\u{8e2}'
                | '\u{180e}'
                | '\u{200b}'..='\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2066}'..='\u{206f}'
                | '\u{feff}'
                | '\u{fff9}'..='\u{fffb}'
                | '\u{110bd}'
                | '\u{110cd}'
                | '\u{13430}'..='\u{1343f}'
                | '\u{1bca0}'..='\u{1bca3}'
                | '\u{1d173}'..='\u{1d17a}'
                | '\u{e0001}'
                | '\u{e0020}'..='\u{e007f}'
                // Zl, Zp
                | '\u{2028}'
                | '\u{2029}'
                // Zs but U+0020
                | '\u{a0}'
                | '\u{1680}'
                | '\u{2000}'..='\u{200a}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
        )
}

/// Text with every character [`needs_escape`] names escaped, whole (not
/// shortened as [`escaped`] does).
pub fn escape_all(text: &str) -> String {
    text.chars().map(printable).collect()
}

/// Describes one character for an error message.
pub fn describe(ch: char) -> String {
    if needs_escape(ch) {
        format!("character U+{:04X}", ch as u32)
    } else {
        format!("'{ch}'")
    }
}

/// Any text made safe for a one-line message: non-printable characters
/// escaped, shortened if long.
pub fn escaped(text: &str) -> String {
    let quoted = quoted(text);
    quoted[1..quoted.len() - 1].to_string()
}

/// A whole number in plain ASCII digits, as counts and hands are written:
/// no sign (which `str::parse` takes), no space. `None` for anything else
/// or for a number too large for `T`.
pub fn digits<T: FromStr>(text: &str) -> Option<T> {
    let plain = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    plain.then(|| text.parse().ok()).flatten()
}

/// A count on the command line (`grundy N`, `--max N`): digits only, as
/// counts in the input are.
pub fn count_arg(text: &str) -> Result<usize, InputError> {
    if let Some((i, ch)) = text.chars().enumerate().find(|(_, c)| !c.is_ascii_digit()) {
        return Err(InputError::at_column(
            i + 1,
            format!("expected a whole number, found {}", describe(ch)),
        ));
    }
    digits(text).ok_or_else(|| match text {
        "" => InputError::at_column(1, "expected a whole number"),
        _ => InputError::at_column(1, "expected a whole number, found one too large"),
    })
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
        count_of(&self.expect(what)?, what)
    }
}

/// A token read as a count such as the number of test cases: ASCII digits
/// only.
pub fn count_of(token: &Token, what: &str) -> Result<usize, InputError> {
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

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        // Tokens are separated by ASCII whitespace, as judges read them;
        // other characters (even Unicode spaces) belong to a token.
        let bytes = self.rest.as_bytes();
        let mut start = 0;
        while let Some(&byte) = bytes.get(start).filter(|b| b.is_ascii_whitespace()) {
            // A line ends at \n, \r\n or a lone \r (old Mac files).
            let lone_cr = byte == b'\r' && bytes.get(start + 1) != Some(&b'\n');
            if byte == b'\n' || lone_cr {
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

/// The bytes as text (a leading byte-order mark dropped), or an error at
/// the first byte that is not UTF-8.
pub fn text_of(bytes: Vec<u8>) -> Result<String, InputError> {
    let mut text = String::from_utf8(bytes).map_err(|e| {
        let (line, column) = locate(e.as_bytes(), e.utf8_error().valid_up_to());
        InputError {
            line,
            column,
            message: "expected text, found a byte that is not UTF-8".into(),
        }
    })?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

/// The line and column (1-based, in characters) of byte `at`, whose
/// prefix is UTF-8. Lines end at `\n`, `\r\n` or a lone `\r`; a leading
/// byte-order mark takes no column.
pub fn locate(bytes: &[u8], at: usize) -> (usize, usize) {
    let before = String::from_utf8_lossy(&bytes[..at]);
    let before = before.strip_prefix('\u{feff}').unwrap_or(&before);
    let mut line = 1;
    let mut line_start = 0;
    let mut chars = before.char_indices().peekable();
    while let Some((i, ch)) = chars.next() {
        let lone_cr = ch == '\r' && chars.peek().is_none_or(|&(_, next)| next != '\n');
        if ch == '\n' || lone_cr {
            line += 1;
            line_start = i + 1;
        }
    }
    (line, before[line_start..].chars().count() + 1)
}

impl InputError {
    /// An error at a column of a one-line text (a command-line argument).
    pub fn at_column(column: usize, message: impl Into<String>) -> InputError {
        InputError {
            line: 1,
            column,
            message: message.into(),
        }
    }
}

/// `a1` … `c3`: the column letter, then the row number from the top.
/// A line of the 3×3 board (a set of cells) as its end cells: "a1–c3".
pub fn line_words(line: u16) -> String {
    let mut cells = Cell::of_set(line);
    match (cells.next(), cells.last()) {
        (Some(first), Some(last)) => format!("{first}–{last}"),
        _ => String::new(),
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'a' + self.col()),
            char::from(b'1' + self.row())
        )
    }
}

impl FromStr for Cell {
    type Err = InputError;

    fn from_str(text: &str) -> Result<Cell, InputError> {
        let mut chars = text.chars();
        let col = match chars.next() {
            Some(c @ 'a'..='c') => c as u8 - b'a',
            Some(c) => {
                return Err(InputError::at_column(
                    1,
                    format!("expected a column a, b or c, found {}", describe(c)),
                ))
            }
            None => return Err(InputError::at_column(1, "expected a cell such as b2")),
        };
        let row = match chars.next() {
            Some(c @ '1'..='3') => c as u8 - b'1',
            Some(c) => {
                return Err(InputError::at_column(
                    2,
                    format!("expected a row 1, 2 or 3, found {}", describe(c)),
                ))
            }
            None => return Err(InputError::at_column(2, "expected a row 1, 2 or 3")),
        };
        if let Some(c) = chars.next() {
            return Err(InputError::at_column(
                3,
                format!("expected the end of the cell, found {}", describe(c)),
            ));
        }
        Ok(Cell::at(row as i8, col as i8))
    }
}

/// "win in 3", "draw", "loss in 2" (in plies, for the player to move).
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(d) => write!(f, "win in {d}"),
            Outcome::Draw => write!(f, "draw"),
            Outcome::Loss(d) => write!(f, "loss in {d}"),
        }
    }
}

/// "1 board", "3 boards".
pub fn counted(count: usize, thing: &str) -> String {
    if count == 1 {
        format!("1 {thing}")
    } else {
        format!("{count} {thing}s")
    }
}

/// What a move does for its mover, in plain words (the tabs' cursor
/// line without the details): `wins`, it leaves the opponent losing.
pub fn move_verdict(wins: bool) -> &'static str {
    match wins {
        true => "a winning move, the opponent is then LOSING",
        false => "a losing move, the opponent then wins with perfect play",
    }
}

/// A distance to the end of a game: "1 move", "7 moves". The app and the
/// commands count moves as plies are counted: each player's turn is one
/// move, so "x wins in 3 moves" is x, then o, then x's winning move.
pub fn in_moves(d: u8) -> String {
    if d == 1 {
        "1 move".into()
    } else {
        format!("{d} moves")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_named_by_their_ends() {
        assert_eq!(line_words(0b100_010_001), "a1–c3");
        assert_eq!(line_words(0b000_111_000), "a2–c2");
    }

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
    fn lone_carriage_returns_end_lines_too() {
        let places: Vec<_> = Tokens::new("a\rb\r\nc\n\rd")
            .map(|t| (t.text, t.line, t.column))
            .collect();
        assert_eq!(
            places,
            vec![("a", 1, 1), ("b", 2, 1), ("c", 3, 1), ("d", 5, 1)]
        );
        assert_eq!(locate(b"a\rbc", 3), (2, 2));
        assert_eq!(locate("\u{feff}ab".as_bytes(), 4), (1, 2));
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
    fn numbers_are_plain_digits() {
        assert_eq!(digits::<u8>("07"), Some(7));
        for text in ["+3", "-0", " 3", "3 ", "", "٣", "256"] {
            assert_eq!(digits::<u8>(text), None, "{text:?}");
        }
        assert_eq!(count_arg("12"), Ok(12));
        assert_eq!(count_arg("+1").unwrap_err().column, 1);
        assert_eq!(count_arg("1_000").unwrap_err().column, 2);
        assert!(count_arg("99999999999999999999999").is_err());
        assert!(count_arg("").is_err());
    }

    #[test]
    fn errors_escape_what_cannot_be_printed() {
        assert_eq!(quoted("ab\u{1b}[41m"), "\"ab\\u{1b}[41m\"");
        assert_eq!(quoted("a\nb"), "\"a\\u{a}b\"");
        assert_eq!(quoted("\u{feff}X"), "\"\\u{feff}X\"");
        assert_eq!(describe('\u{7}'), "character U+0007");
        assert_eq!(quoted(&"x".repeat(30)), format!("\"{}…\"", "x".repeat(24)));
    }

    #[test]
    fn format_characters_separators_and_look_alike_spaces_are_escaped() {
        // The ends of every range of Cc, Cf, Zl, Zp and of the spaces
        // that are not U+0020.
        let hidden = [
            '\u{0}',
            '\u{1f}',
            '\u{7f}',
            '\u{85}',
            '\u{9f}',
            '\u{ad}',
            '\u{600}',
            '\u{605}',
            '\u{61c}',
            '\u{6dd}',
            '\u{70f}',
            '\u{890}',
            '\u{891}',
            '\u{8e2}',
            '\u{180e}',
            '\u{200b}',
            '\u{200f}',
            '\u{202a}',
            '\u{202e}',
            '\u{2060}',
            '\u{2064}',
            '\u{2066}',
            '\u{2069}',
            '\u{206f}',
            '\u{feff}',
            '\u{fff9}',
            '\u{fffb}',
            '\u{110bd}',
            '\u{110cd}',
            '\u{13430}',
            '\u{1343f}',
            '\u{1bca0}',
            '\u{1bca3}',
            '\u{1d173}',
            '\u{1d17a}',
            '\u{e0001}',
            '\u{e0020}',
            '\u{e007f}',
            '\u{2028}',
            '\u{2029}',
            '\u{a0}',
            '\u{1680}',
            '\u{2000}',
            '\u{200a}',
            '\u{202f}',
            '\u{205f}',
            '\u{3000}',
        ];
        for ch in hidden {
            let escape = ch.escape_unicode().to_string();
            assert_eq!(quoted(&format!("a{ch}b")), format!("\"a{escape}b\""));
            assert_eq!(escaped(&ch.to_string()), escape);
            assert_eq!(describe(ch), format!("character U+{:04X}", ch as u32));
        }
        // Printable neighbours are shown as they are.
        for ch in [' ', 'é', '¡', '…', '\u{2070}', '中', '\u{fffc}'] {
            assert_eq!(describe(ch), format!("'{ch}'"));
            assert_eq!(escaped(&ch.to_string()), ch.to_string());
        }
    }

    #[test]
    fn cells_are_named_and_read_back() {
        let names: Vec<String> = Cell::ALL.iter().map(Cell::to_string).collect();
        assert_eq!(
            names,
            ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]
        );
        for cell in Cell::ALL {
            assert_eq!(cell.to_string().parse::<Cell>(), Ok(cell));
        }
        assert_eq!("d1".parse::<Cell>().unwrap_err().column, 1);
        assert_eq!("a4".parse::<Cell>().unwrap_err().column, 2);
    }

    #[test]
    fn outcomes_in_words() {
        assert_eq!(Outcome::Win(3).to_string(), "win in 3");
        assert_eq!(Outcome::Loss(2).to_string(), "loss in 2");
        assert_eq!(Outcome::Draw.to_string(), "draw");
        assert_eq!(in_moves(1), "1 move");
        assert_eq!(in_moves(7), "7 moves");
    }

    #[test]
    fn bad_utf8_is_located() {
        let e = text_of(b"ab\nc\xffd".to_vec()).unwrap_err();
        assert_eq!((e.line, e.column), (2, 2));
    }
}

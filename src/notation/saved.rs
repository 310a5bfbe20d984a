//! The saved file of a tab: a position, and in a game every move, in the
//! notations the commands read. One fact a line, `key value`:
//!
//! ```text
//! noughts 1
//! tictactoe XOX/.O./.X.
//! ```
//!
//! ```text
//! noughts 1
//! treblecross X.......X.....
//! first you
//! move 4
//! move 17
//! ```
//!
//! ```text
//! noughts 1
//! notakto X../.X./... .../.../...
//! first engine
//! move 2:b2
//! ```
//!
//! ```text
//! noughts 1
//! mnc .../.../... x 4 4
//! you o
//! move x b2
//! move O b2 takes x
//! move X a1
//! ```
//!
//! Treblecross cells count from 1, as everywhere, and so do Notakto's
//! boards (`2:b2`: cell b2 of board 2); an MNC move is in the one
//! notation of moves ([`super::mnc::move_notation`]; the first files' form,
//! `small b2`, `big a1`, `a1 c3`, still reads). `#` starts
//! a comment. Every move is checked as it is read: an illegal one is an
//! error at its line and column.
//!
//! This module holds the form every file shares (the first line, one fact a
//! line, `first`); each game reads and writes its own lines in its module
//! (`read_saved`, `write_saved`), and [`Saved`] lists the games.

pub use super::Saved;
use super::{escaped, InputError};
use crate::solver::treblecross::Player;

const MAGIC: &str = "noughts 1";

/// The file's text: the first line, then the game's own lines.
pub fn write(saved: &Saved) -> String {
    let mut text = format!("{MAGIC}\n");
    saved.write_game(&mut text);
    text
}

/// Who moved first in a game, as `first` writes it.
pub(super) fn player_word(player: Player) -> &'static str {
    match player {
        Player::You => "you",
        Player::Engine => "engine",
    }
}

/// One line of the file: its number, its key and the value after it
/// (with the value's column).
pub(super) struct Fact<'a> {
    pub(super) line: usize,
    pub(super) key: &'a str,
    pub(super) value: &'a str,
    column: usize,
}

impl Fact<'_> {
    pub(super) fn error(&self, offset: usize, message: impl Into<String>) -> InputError {
        InputError {
            line: self.line,
            column: self.column + offset,
            message: message.into(),
        }
    }

    /// An error of a notation read from the value, moved to its place.
    pub(super) fn placed(&self, e: InputError) -> InputError {
        self.error(e.column.saturating_sub(1), e.message)
    }
}

/// The facts of a file, comments and blank lines left out.
fn facts(text: &str) -> Vec<Fact<'_>> {
    let mut facts = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim_end();
        let start = line.len() - line.trim_start().len();
        let line = line.trim_start();
        if line.is_empty() {
            continue;
        }
        let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
        let value = rest.trim_start();
        let column = start + key.len() + (rest.len() - value.len()) + 2;
        facts.push(Fact {
            line: i + 1,
            key,
            value,
            column,
        });
    }
    facts
}

/// Reads a saved file.
/// A saved file is a few kilobytes (a long game on a long strip, some
/// hundreds): past this it is not one.
pub const LONGEST: u64 = 1 << 20;

/// A saved file from its bytes: text (a leading byte-order mark dropped;
/// a byte that is not UTF-8 named by line and column), then [`read`].
pub fn read_bytes(bytes: Vec<u8>) -> Result<Saved, InputError> {
    read(&super::text_of(bytes)?)
}

pub fn read(text: &str) -> Result<Saved, InputError> {
    let facts = facts(text);
    let mut facts = facts.iter();
    let first = facts.next().ok_or_else(|| InputError {
        line: 1,
        column: 1,
        message: format!("expected '{MAGIC}', found an empty file"),
    })?;
    if format!("{} {}", first.key, first.value) != MAGIC {
        return Err(InputError {
            line: first.line,
            column: 1,
            message: format!(
                "expected '{MAGIC}' (a file the app saved), found {}",
                escaped(&format!("{} {}", first.key, first.value))
            ),
        });
    }
    let game = facts.next().ok_or_else(|| InputError {
        line: first.line + 1,
        column: 1,
        message: format!("expected the game: {}, found the end", Saved::GAMES),
    })?;
    let rest: Vec<&Fact> = facts.collect();
    Saved::read_game(game, &rest)
}

pub(super) fn expect_key<'a>(
    fact: Option<&&'a Fact<'a>>,
    key: &str,
    after: &Fact,
) -> Result<&'a Fact<'a>, InputError> {
    match fact {
        Some(f) if f.key == key => Ok(f),
        Some(f) => Err(InputError {
            line: f.line,
            column: 1,
            message: format!("expected '{key}', found {}", escaped(f.key)),
        }),
        None => Err(InputError {
            line: after.line + 1,
            column: 1,
            message: format!("expected '{key}', found the end"),
        }),
    }
}

/// Who moved first in a game: `first you` or `first engine`.
pub(super) fn read_first(fact: &Fact) -> Result<Player, InputError> {
    match fact.value {
        "you" => Ok(Player::You),
        "engine" => Ok(Player::Engine),
        other => Err(fact.error(
            0,
            format!("expected 'you' or 'engine', found {}", escaped(other)),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_reads_back() {
        for text in [
            "noughts 1\ntictactoe XOX/.O./.X.\n",
            "noughts 1\ntreblecross X.......X.....\n",
            "noughts 1\ntreblecross X.......X.....\nfirst engine\nmove 4\nmove 12\n",
            "noughts 1\nmnc .../.../... x 4 4\nyou o\nmove x b2\nmove O b2 takes x\nmove X a1\n",
            "noughts 1\nnotakto X../.X./... XXX/.../...\n",
            "noughts 1\nnotakto .../.../... .../.../...\nfirst engine\nmove 2:b2\nmove 1:a1\n",
        ] {
            let saved = read(text).unwrap();
            assert_eq!(write(&saved), text);
        }
        // Files written before O was the letter read as they did.
        let older = read("noughts 1\ntictactoe X0X/.0./.X.\n").unwrap();
        assert_eq!(older, read("noughts 1\ntictactoe XOX/.O./.X.\n").unwrap());
    }

    #[test]
    fn a_match_saved_in_the_first_form_still_loads() {
        let old = "noughts 1\nmnc x../.../... o 3 4\nyou o\nmove small b2\nmove big c3\nmove big a1\nmove c3 b2\n";
        let saved = read(old).unwrap();
        assert_eq!(
            write(&saved),
            "noughts 1\nmnc x../.../... o 3 4\nyou o\nmove o b2\nmove X c3\nmove O a1 takes x\nmove X c3-b2 takes o\n"
        );
    }

    #[test]
    fn comments_and_blank_lines_are_skipped() {
        let text = "# saved by hand\nnoughts 1\n\ntictactoe X../.../... # X to start\n";
        assert!(matches!(read(text), Ok(Saved::TicTacToe(_))));
    }

    #[test]
    fn bad_files_say_line_and_column() {
        let cases = [
            ("", "line 1, column 1: expected 'noughts 1'"),
            ("noughts 2\n", "line 1, column 1: expected 'noughts 1'"),
            (
                "noughts 1\nchess x\n",
                "line 2, column 1: expected the game",
            ),
            (
                "noughts 1\ntictactoe X0X/.0./.Y.\n",
                "line 2, column 20: expected 'X'",
            ),
            (
                "noughts 1\ntreblecross X..\nfirst me\n",
                "line 3, column 7: expected 'you' or 'engine'",
            ),
            (
                "noughts 1\ntreblecross X..\nfirst you\nmove 1\n",
                "line 4, column 6: cell 1 holds an X",
            ),
            (
                "noughts 1\ntreblecross X..\nfirst you\nmove 9\n",
                "line 4, column 6: expected a cell from 1 to 3",
            ),
            (
                "noughts 1\nmnc .../.../... x 4 4\nyou o\nmove small d4\n",
                "line 4, column 12: expected a column a, b or c",
            ),
            (
                "noughts 1\nmnc .../.../... x 4 4\nyou o\nmove a1 b2\n",
                "line 4, column 6: not a legal move here",
            ),
            (
                "noughts 1\nnotakto .../.../... X../.X./..Y\n",
                "line 2, column 31: expected 'X' or '.'",
            ),
            (
                "noughts 1\nnotakto\n",
                "line 2, column 9: expected 1 to 9 boards",
            ),
            (
                "noughts 1\nnotakto .../.../...\nfirst you\nmove 2:b2\n",
                "line 4, column 6: expected a board from 1 to 1",
            ),
            (
                "noughts 1\nnotakto X../.../...\nfirst you\nmove 1:a1\n",
                "line 4, column 8: a1 of board 1 holds an X",
            ),
            (
                "noughts 1\nnotakto X../.../...\nfirst you\nmove 1:d1\n",
                "line 4, column 8: expected a column a, b or c",
            ),
            (
                "noughts 1\nnotakto XX./.../...\nfirst you\nmove 1:c1\nmove 1:b2\n",
                "line 5, column 6: expected the end: the game is over",
            ),
            (
                "noughts 1\nnotakto XXX/.../...\nfirst you\n",
                "line 3, column 7: expected the end: no game starts",
            ),
            (
                "noughts 1\nmnc .../.../... x 4 4\nmove small a1\n",
                "line 3, column 1: expected 'you'",
            ),
        ];
        for (text, said) in cases {
            let e = read(text).unwrap_err().to_string();
            assert!(e.starts_with(said), "{text:?}: {e}");
        }
    }
}

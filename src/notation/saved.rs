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
use crate::solver::record::Player;

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

/// A saved file is a few kilobytes (a long game on a long strip, some
/// hundreds): past this it is not one.
pub const LONGEST: u64 = 1 << 20;

/// A saved file from its bytes: text (a leading byte-order mark dropped;
/// a byte that is not UTF-8 named by line and column), then [`read`].
pub fn read_bytes(bytes: Vec<u8>) -> Result<Saved, InputError> {
    read(&super::text_of(bytes)?)
}

/// Reads a saved file.
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
        message: format!(
            "expected the game: {}, found the end",
            super::games_listed()
        ),
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

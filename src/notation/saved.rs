//! The saved file of a tab: a position, and in a game every move, in the
//! notations the commands read. One fact a line, `key value`:
//!
//! ```text
//! noughts 1
//! tictactoe X0X/.0./.X.
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

use super::{escaped, InputError};
use crate::solver::mnc::{Move as MncMove, Position};
use crate::solver::notakto::{Board as NotaktoBoard, Move as NotaktoMove};
use crate::solver::tictactoe::Board;
use crate::solver::treblecross::{completes_three, three_in_a_row, Player, Strip};
use crate::solver::Side;

const MAGIC: &str = "noughts 1";

/// What a saved file holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Saved {
    TicTacToe(Board),
    /// A strip; in a game, who moved first from it and the cells played
    /// (0-based).
    Treblecross {
        strip: Strip,
        game: Option<(Player, Vec<usize>)>,
    },
    /// 1 to 9 boards; in a game, who moved first from them and the
    /// moves.
    Notakto {
        boards: Vec<NotaktoBoard>,
        game: Option<(Player, Vec<NotaktoMove>)>,
    },
    /// A match: where it started, the human's side, the moves.
    Mnc {
        start: Position,
        human: Side,
        moves: Vec<MncMove>,
    },
}

impl Saved {
    /// The game's word, as the file's second line starts.
    pub fn game_word(&self) -> &'static str {
        match self {
            Saved::TicTacToe(_) => "tictactoe",
            Saved::Treblecross { .. } => "treblecross",
            Saved::Notakto { .. } => "notakto",
            Saved::Mnc { .. } => "mnc",
        }
    }
}

/// The file's text.
pub fn write(saved: &Saved) -> String {
    let mut text = format!("{MAGIC}\n");
    match saved {
        Saved::TicTacToe(board) => {
            text.push_str(&format!("tictactoe {}\n", super::tictactoe::slashed(board)));
        }
        Saved::Treblecross { strip, game } => {
            text.push_str(&format!("treblecross {strip}\n"));
            if let Some((first, moves)) = game {
                text.push_str(&format!("first {}\n", player_word(*first)));
                for cell in moves {
                    text.push_str(&format!("move {}\n", cell + 1));
                }
            }
        }
        Saved::Notakto { boards, game } => {
            let boards: Vec<String> = boards
                .iter()
                .map(|&b| super::notakto::BoardText(b).to_string())
                .collect();
            text.push_str(&format!("notakto {}\n", boards.join(" ")));
            if let Some((first, moves)) = game {
                text.push_str(&format!("first {}\n", player_word(*first)));
                for &mv in moves {
                    text.push_str(&format!("move {}\n", super::notakto::MoveText(mv)));
                }
            }
        }
        Saved::Mnc {
            start,
            human,
            moves,
        } => {
            text.push_str(&format!("mnc {}\n", super::mnc::position_notation(start)));
            text.push_str(&format!("you {}\n", super::mnc::side_letter(*human)));
            let mut position = *start;
            for &mv in moves {
                let words = super::mnc::move_notation(&position, mv);
                text.push_str(&format!("move {words}\n"));
                // Every move of a kept game was played, so legal.
                position = position.play(mv).unwrap_or(position);
            }
        }
    }
    text
}

fn player_word(player: Player) -> &'static str {
    match player {
        Player::You => "you",
        Player::Engine => "engine",
    }
}

/// One line of the file: its number, its key and the value after it
/// (with the value's column).
struct Fact<'a> {
    line: usize,
    key: &'a str,
    value: &'a str,
    column: usize,
}

impl Fact<'_> {
    fn error(&self, offset: usize, message: impl Into<String>) -> InputError {
        InputError {
            line: self.line,
            column: self.column + offset,
            message: message.into(),
        }
    }

    /// An error of a notation read from the value, moved to its place.
    fn placed(&self, e: InputError) -> InputError {
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
        message: "expected the game: tictactoe, treblecross, notakto or mnc, found the end".into(),
    })?;
    let rest: Vec<&Fact> = facts.collect();
    match game.key {
        "tictactoe" => {
            let board: Board = game.value.parse().map_err(|e| game.placed(e))?;
            if let Some(extra) = rest.first() {
                return Err(extra.error(0, "expected the end: a board has no moves"));
            }
            Ok(Saved::TicTacToe(board))
        }
        "treblecross" => read_treblecross(game, &rest),
        "notakto" => read_notakto(game, &rest),
        "mnc" => read_mnc(game, &rest),
        other => Err(InputError {
            line: game.line,
            column: 1,
            message: format!(
                "expected the game: tictactoe, treblecross, notakto or mnc, found {}",
                escaped(other)
            ),
        }),
    }
}

fn expect_key<'a>(
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

/// A strip as the editor holds it: `X` and `.`, 3 to 100,000 cells, three
/// in a row allowed (a finished strip can be studied, not played).
fn editable_strip(fact: &Fact) -> Result<Strip, InputError> {
    if let Some((i, ch)) = fact
        .value
        .chars()
        .enumerate()
        .find(|(_, c)| *c != 'X' && *c != '.')
    {
        return Err(fact.error(
            i,
            format!("expected 'X' or '.', found {}", super::describe(ch)),
        ));
    }
    let len = fact.value.len();
    if !(Strip::MIN_LEN..=super::treblecross::LONGEST_EDITABLE).contains(&len) {
        return Err(fact.error(
            0,
            format!(
                "expected a strip of {} to {} cells, found {len}",
                Strip::MIN_LEN,
                super::treblecross::LONGEST_EDITABLE
            ),
        ));
    }
    Ok(Strip::from(
        fact.value.bytes().map(|b| b == b'X').collect::<Vec<_>>(),
    ))
}

fn read_treblecross(game: &Fact, rest: &[&Fact]) -> Result<Saved, InputError> {
    let mut strip = editable_strip(game)?;
    let start = strip.clone();
    let Some(first_fact) = rest.first() else {
        return Ok(Saved::Treblecross { strip, game: None });
    };
    let first_fact = expect_key(Some(first_fact), "first", game)?;
    if three_in_a_row(&strip).is_some() {
        return Err(first_fact.error(
            0,
            "expected the end: no game starts on a strip with three in a row",
        ));
    }
    let first = read_first(first_fact)?;
    let mut moves = Vec::new();
    // The start has no three in a row: only a move can make one, and only
    // through its own cell (checked there, so a long game reads in linear
    // time).
    let mut over = false;
    for fact in &rest[1..] {
        let fact = expect_key(Some(fact), "move", game)?;
        if over {
            return Err(fact.error(0, "expected the end: the game is over (three in a row)"));
        }
        let cell = super::digits::<usize>(fact.value)
            .filter(|c| (1..=strip.len()).contains(c))
            .ok_or_else(|| {
                fact.error(
                    0,
                    format!(
                        "expected a cell from 1 to {}, found {}",
                        strip.len(),
                        escaped(fact.value)
                    ),
                )
            })?;
        if strip[cell - 1] {
            return Err(fact.error(0, format!("cell {cell} holds an X already")));
        }
        strip.set(cell - 1, true);
        over = completes_three(&strip, cell - 1);
        moves.push(cell - 1);
    }
    Ok(Saved::Treblecross {
        strip: start,
        game: Some((first, moves)),
    })
}

/// Who moved first in a game: `first you` or `first engine`.
fn read_first(fact: &Fact) -> Result<Player, InputError> {
    match fact.value {
        "you" => Ok(Player::You),
        "engine" => Ok(Player::Engine),
        other => Err(fact.error(
            0,
            format!("expected 'you' or 'engine', found {}", escaped(other)),
        )),
    }
}

/// `notakto` and 1 to 9 boards, each a word; in a game, `first` and the
/// moves, each checked on the boards as they are then.
fn read_notakto(game: &Fact, rest: &[&Fact]) -> Result<Saved, InputError> {
    let most = super::notakto::MOST_EDITABLE;
    let mut boards = Vec::new();
    for token in super::Tokens::new(game.value) {
        if boards.len() == most {
            return Err(game.placed(token.error(format!(
                "expected the end: the app holds at most {most} boards"
            ))));
        }
        boards.push(super::notakto::read_board(&token).map_err(|e| game.placed(e))?);
    }
    if boards.is_empty() {
        return Err(game.error(
            0,
            format!("expected 1 to {most} boards such as X../.X./..., found none"),
        ));
    }
    let start = boards.clone();
    let Some(first_fact) = rest.first() else {
        return Ok(Saved::Notakto { boards, game: None });
    };
    let first_fact = expect_key(Some(first_fact), "first", game)?;
    if boards.iter().all(|b| b.is_dead()) {
        return Err(first_fact.error(0, "expected the end: no game starts with every board dead"));
    }
    let first = read_first(first_fact)?;
    let mut moves = Vec::new();
    for fact in &rest[1..] {
        let fact = expect_key(Some(fact), "move", game)?;
        if boards.iter().all(|b| b.is_dead()) {
            return Err(fact.error(0, "expected the end: the game is over (every board dead)"));
        }
        let mv = super::notakto::read_move(&boards, fact.value).map_err(|e| fact.placed(e))?;
        boards[mv.board] = boards[mv.board].with_x(mv.cell);
        moves.push(mv);
    }
    Ok(Saved::Notakto {
        boards: start,
        game: Some((first, moves)),
    })
}

fn read_mnc(game: &Fact, rest: &[&Fact]) -> Result<Saved, InputError> {
    let start: Position = game.value.parse().map_err(|e| game.placed(e))?;
    let you = expect_key(rest.first(), "you", game)?;
    let human = match you.value {
        "x" => Side::X,
        "o" => Side::O,
        other => return Err(you.error(0, format!("expected 'x' or 'o', found {}", escaped(other)))),
    };
    let mut position = start;
    let mut moves = Vec::new();
    for fact in rest.iter().skip(1) {
        let fact = expect_key(Some(fact), "move", game)?;
        if position.game_over().is_some() {
            return Err(fact.error(0, "expected the end: the game is over"));
        }
        let mv = super::mnc::read_move(&position, fact.value)
            .map_err(|e| fact.error(e.offset, e.message))?;
        position = position
            .play(mv)
            .map_err(|why| fact.error(0, format!("not a legal move here: {why}")))?;
        moves.push(mv);
    }
    Ok(Saved::Mnc {
        start,
        human,
        moves,
    })
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

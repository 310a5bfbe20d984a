//! Puzzles in words: their ids (`game-3-1234`), what each asks, the
//! answers ([`PuzzleText`], which each game's notation implements for its
//! puzzles, with their hints).

use super::{in_moves, quoted, InputError};
use crate::solver::puzzle::{Puzzle, PuzzleGame, PuzzleId};
use crate::solver::{Cell, Outcome, Side};
use crate::{with_puzzle, with_puzzle_game};
use std::fmt;
use std::str::FromStr;

/// The id's first part, and the game's name on the command line.
pub fn game_word(game: PuzzleGame) -> &'static str {
    with_puzzle_game!(game, P => P::WORD)
}

impl fmt::Display for PuzzleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}-{}", game_word(self.game), self.level, self.seed)
    }
}

impl FromStr for PuzzleGame {
    type Err = InputError;
    fn from_str(text: &str) -> Result<PuzzleGame, InputError> {
        PuzzleGame::ALL
            .into_iter()
            .find(|g| game_word(*g) == text)
            .ok_or_else(|| {
                let words = super::or_listed(PuzzleGame::ALL.into_iter().map(game_word));
                InputError::at_column(
                    1,
                    format!("expected a game, {words}, found {}", quoted(text)),
                )
            })
    }
}

impl FromStr for PuzzleId {
    type Err = InputError;
    /// `game-level-seed`, the level within the game's.
    fn from_str(text: &str) -> Result<PuzzleId, InputError> {
        // The example is the first game's id at its top level.
        let first = PuzzleGame::ALL[0];
        let example = format!("{}-{}-1234", game_word(first), first.levels());
        let expected = format!("expected a puzzle id: game-level-seed, such as {example}");
        let parts: Vec<&str> = text.split('-').collect();
        let [game, level, seed] = parts[..] else {
            return Err(InputError::at_column(
                1,
                format!("{expected}, found {}", quoted(text)),
            ));
        };
        let game: PuzzleGame = game.parse()?;
        let level_at = game_word(game).len() + 2;
        let levels = game.levels();
        let level = super::digits::<u8>(level)
            .filter(|l| (1..=levels).contains(l))
            .ok_or_else(|| {
                InputError::at_column(
                    level_at,
                    format!(
                        "expected a level from 1 to {levels}, found {}",
                        quoted(level)
                    ),
                )
            })?;
        let seed_at = level_at + parts[1].len() + 1;
        let seed = super::digits::<u32>(seed).ok_or_else(|| {
            InputError::at_column(
                seed_at,
                format!(
                    "expected a seed from 0 to {}, found {}",
                    u32::MAX,
                    quoted(seed)
                ),
            )
        })?;
        Ok(PuzzleId { game, level, seed })
    }
}

/// A game's puzzle in words: each game's notation implements it.
pub trait PuzzleText {
    /// The id's first part, and the game's name on the command line.
    const WORD: &'static str;
    /// What the puzzle asks, in a sentence.
    fn question(&self) -> String;
    /// The position asked about, in the command line's notation.
    fn position_text(&self) -> String;
    /// The answers one by one, as `--json` lists them: cells, moves as the
    /// move list writes them, or the number asked for.
    fn answers(&self) -> Vec<String>;
    /// The answers in words, as the puzzle accepts them.
    fn answer_text(&self) -> String;
}

/// What the puzzle asks, in a sentence.
pub fn question(puzzle: &Puzzle) -> String {
    with_puzzle!(puzzle, p => p.question())
}

/// The position asked about, in the command line's notation.
pub fn position_text(puzzle: &Puzzle) -> String {
    with_puzzle!(puzzle, p => p.position_text())
}

/// The answers one by one (see [`PuzzleText::answers`]).
pub fn answers(puzzle: &Puzzle) -> Vec<String> {
    with_puzzle!(puzzle, p => p.answers())
}

/// The answers, as the puzzle accepts them.
pub fn answer_text(puzzle: &Puzzle) -> String {
    with_puzzle!(puzzle, p => p.answer_text())
}

/// "a3 e1 (the only one)": moves found, the only one said so.
pub(crate) fn listed(moves: Vec<String>, separator: &str) -> String {
    let only = if moves.len() == 1 {
        " (the only one)"
    } else {
        ""
    };
    format!("{}{only}", moves.join(separator))
}

/// Where a cell is on the 3×3 board: the first hint's region.
pub(crate) fn place_words(cell: Cell) -> &'static str {
    match (cell.row(), cell.col()) {
        (1, 1) => "in the centre",
        (r, c) if r != 1 && c != 1 => "in a corner",
        _ => "on an edge",
    }
}

pub(crate) fn row_words(cell: Cell) -> &'static str {
    match cell.row() {
        0 => "the top row",
        1 => "the middle row",
        _ => "the bottom row",
    }
}

pub(crate) fn cells_text(cells: &[Cell]) -> String {
    let names: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
    names.join(" ")
}

/// What a move gives its mover: "c3 loses in 4 moves: O wins".
/// `value` is the mover's, counted from before the move (as the puzzles
/// and the panels rate moves).
pub fn after_words(mover: Side, name: &str, value: Outcome, letter: fn(Side) -> char) -> String {
    let other = letter(mover.other());
    match value {
        // The comma parts a move that takes a piece from the winner
        // (`after O c2-c1 takes x, x wins at once`).
        Outcome::Loss(2) => format!("after {name}, {other} wins at once"),
        // In moves from before the move, as the cells and the panels count.
        Outcome::Loss(d) => format!("{name} loses in {}: {other} wins", in_moves(d)),
        Outcome::Draw => format!("{name} only draws"),
        Outcome::Win(1) => format!("{name} wins at once"),
        Outcome::Win(d) => format!("{name} wins in {}", in_moves(d)),
    }
}

/// The value parser of `--game` for puzzles.
pub fn game_arg(text: &str) -> Result<PuzzleGame, InputError> {
    text.parse()
}

/// The value parser of `--puzzle`.
pub fn id_arg(text: &str) -> Result<PuzzleId, InputError> {
    text.parse()
}

/// The value parser of `--rating`: 100 to 3000.
pub fn rating_arg(text: &str) -> Result<u16, InputError> {
    let n = super::count_arg(text)?;
    u16::try_from(n)
        .ok()
        .filter(|r| (100..=3000).contains(r))
        .ok_or_else(|| {
            InputError::at_column(1, format!("expected a rating from 100 to 3000, found {n}"))
        })
}

/// The value parser of `--seed`.
pub fn seed_arg(text: &str) -> Result<u32, InputError> {
    let n = super::count_arg(text)?;
    u32::try_from(n).map_err(|_| {
        InputError::at_column(
            1,
            format!("expected a seed from 0 to {}, found {n}", u32::MAX),
        )
    })
}

//! Puzzles in words: their ids (`mnc-3-1234`), what each asks, the answers.

use super::mnc::{move_in_list, position_notation, side_letter};
use super::tictactoe::{mark_letter, slashed};
use super::{escaped, InputError};
use crate::solver::puzzle::{
    MncPuzzle, Puzzle, PuzzleGame, PuzzleId, TicTacToePuzzle, TicTacToeTask, TreblecrossPuzzle,
    TreblecrossTask,
};
use std::fmt;
use std::str::FromStr;

/// The id's first part, and the game's name on the command line.
pub fn game_word(game: PuzzleGame) -> &'static str {
    match game {
        PuzzleGame::TicTacToe => "tictactoe",
        PuzzleGame::Treblecross => "treblecross",
        PuzzleGame::Mnc => "mnc",
    }
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
                InputError::at_column(
                    1,
                    format!(
                        "expected a game, tictactoe, treblecross or mnc, found {}",
                        escaped(text)
                    ),
                )
            })
    }
}

impl FromStr for PuzzleId {
    type Err = InputError;
    /// `game-level-seed`: `mnc-3-1234`, the level within the game's.
    fn from_str(text: &str) -> Result<PuzzleId, InputError> {
        let expected = "expected a puzzle id: game-level-seed, such as mnc-3-1234";
        let parts: Vec<&str> = text.split('-').collect();
        let [game, level, seed] = parts[..] else {
            return Err(InputError::at_column(
                1,
                format!("{expected}, found {}", escaped(text)),
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
                        escaped(level)
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
                    escaped(seed)
                ),
            )
        })?;
        Ok(PuzzleId { game, level, seed })
    }
}

/// What the puzzle asks, in a sentence.
pub fn question(puzzle: &Puzzle) -> String {
    match puzzle {
        Puzzle::TicTacToe(p) => {
            let mover = mark_letter(p.mover);
            match p.task {
                TicTacToeTask::Win { plies: 1 } => format!("{mover} to move and win at once"),
                TicTacToeTask::Win { plies } => {
                    format!("{mover} to move and win in {plies} plies: find a fork")
                }
                TicTacToeTask::Save => {
                    format!("{mover} to move: find every move that does not lose")
                }
            }
        }
        Puzzle::Treblecross(p) => match &p.task {
            TreblecrossTask::WinningCell { .. } => "find a winning cell".into(),
            TreblecrossTask::SegmentValue { len, .. } => {
                format!("what is G({len}), the value of a free segment of {len} cells?")
            }
            TreblecrossTask::NimSum { .. } => "what is the nim-sum of this strip?".into(),
        },
        Puzzle::Mnc(p) => format!(
            "{} to move and win in {} plies",
            side_letter(p.position.to_move()),
            p.plies
        ),
    }
}

/// The position asked about, in the command line's notation.
pub fn position_text(puzzle: &Puzzle) -> String {
    match puzzle {
        Puzzle::TicTacToe(p) => slashed(&p.board),
        Puzzle::Treblecross(p) => p.strip.to_string(),
        Puzzle::Mnc(p) => position_notation(&p.position),
    }
}

/// The answers, as the puzzle accepts them.
pub fn answer_text(puzzle: &Puzzle) -> String {
    match puzzle {
        Puzzle::TicTacToe(TicTacToePuzzle { answers, task, .. }) => {
            let cells: Vec<String> = answers.iter().map(|c| c.to_string()).collect();
            match task {
                TicTacToeTask::Win { .. } => format!("winning: {}", cells.join(" ")),
                TicTacToeTask::Save => format!("not losing: {}", cells.join(" ")),
            }
        }
        Puzzle::Treblecross(TreblecrossPuzzle { task, .. }) => match task {
            TreblecrossTask::WinningCell { cells } => {
                let cells: Vec<String> = cells.iter().map(|c| (c + 1).to_string()).collect();
                format!("winning cells: {}", cells.join(" "))
            }
            TreblecrossTask::SegmentValue { len, value } => format!("G({len}) = {value}"),
            TreblecrossTask::NimSum { value } => format!("nim-sum {value}"),
        },
        Puzzle::Mnc(MncPuzzle {
            position, answers, ..
        }) => {
            let moves: Vec<String> = answers.iter().map(|m| move_in_list(position, *m)).collect();
            let only = if answers.len() == 1 {
                " (the only one)"
            } else {
                ""
            };
            format!("winning: {}{only}", moves.join(", "))
        }
    }
}

/// The value parser of `--game` for puzzles.
pub fn game_arg(text: &str) -> Result<PuzzleGame, InputError> {
    text.parse()
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

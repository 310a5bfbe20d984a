//! Puzzles in words: their ids (`mnc-3-1234`), what each asks, the answers.

use super::mnc::{move_notation, position_notation, side_letter};
use super::notakto::{element, p_portion, BoardText, MoveText};
use super::tictactoe::{mark_letter, slashed};
use super::{in_moves, quoted, InputError};
use crate::solver::grundy::{reached_values, split};
use crate::solver::mnc::Move;
use crate::solver::puzzle::{
    MncPuzzle, NotaktoPuzzle, Puzzle, PuzzleGame, PuzzleId, TicTacToePuzzle, TicTacToeTask,
    TreblecrossPuzzle, TreblecrossTask,
};
use crate::solver::treblecross::{FreeSegment, StripAnalysis};
use crate::solver::{Cell, Outcome, Side};
use std::fmt;
use std::str::FromStr;

/// The id's first part, and the game's name on the command line.
pub fn game_word(game: PuzzleGame) -> &'static str {
    match game {
        PuzzleGame::TicTacToe => "tictactoe",
        PuzzleGame::Treblecross => "treblecross",
        PuzzleGame::Mnc => "mnc",
        PuzzleGame::Notakto => "notakto",
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
                        "expected a game, tictactoe, treblecross, mnc or notakto, found {}",
                        quoted(text)
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

/// What the puzzle asks, in a sentence.
pub fn question(puzzle: &Puzzle) -> String {
    match puzzle {
        Puzzle::TicTacToe(p) => {
            let mover = mark_letter(p.mover);
            match p.task {
                TicTacToeTask::Win { plies: 1 } => format!("{mover} to move and win at once"),
                TicTacToeTask::Win { plies: 3 } => {
                    format!("{mover} to move and win in 3 moves: find a fork")
                }
                TicTacToeTask::Win { plies } => {
                    format!("{mover} to move and win in {}", in_moves(plies))
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
            "{} to move and win in {}",
            side_letter(p.position.to_move()),
            in_moves(p.plies)
        ),
        Puzzle::Notakto(p) => {
            let x: u32 = p.boards.iter().map(|b| b.x_count()).sum();
            let player = if x.is_multiple_of(2) {
                "first"
            } else {
                "second"
            };
            format!("find a winning move: the {player} player is to move, {x} X down")
        }
    }
}

/// The position asked about, in the command line's notation.
pub fn position_text(puzzle: &Puzzle) -> String {
    match puzzle {
        Puzzle::TicTacToe(p) => slashed(&p.board),
        Puzzle::Treblecross(p) => p.strip.to_string(),
        Puzzle::Mnc(p) => position_notation(&p.position),
        Puzzle::Notakto(p) => {
            let boards: Vec<String> = p.boards.iter().map(|&b| BoardText(b).to_string()).collect();
            boards.join(" ")
        }
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
            let moves: Vec<String> = answers
                .iter()
                .map(|m| move_notation(position, *m))
                .collect();
            let only = if answers.len() == 1 {
                " (the only one)"
            } else {
                ""
            };
            format!("winning: {}{only}", moves.join(", "))
        }
        Puzzle::Notakto(NotaktoPuzzle { answers, .. }) => {
            let moves: Vec<String> = answers.iter().map(|&m| MoveText(m).to_string()).collect();
            let only = if answers.len() == 1 {
                " (the only one)"
            } else {
                ""
            };
            format!("winning: {}{only}", moves.join(" "))
        }
    }
}

/// Where a cell is on the 3×3 board: the first hint's region.
fn place_words(cell: Cell) -> &'static str {
    match (cell.row(), cell.col()) {
        (1, 1) => "in the centre",
        (r, c) if r != 1 && c != 1 => "in a corner",
        _ => "on an edge",
    }
}

fn row_words(cell: Cell) -> &'static str {
    match cell.row() {
        0 => "the top row",
        1 => "the middle row",
        _ => "the bottom row",
    }
}

fn cells_text(cells: &[Cell]) -> String {
    let names: Vec<String> = cells.iter().map(|c| c.to_string()).collect();
    names.join(" ")
}

/// What a move gives its mover: "c3 loses in 4 moves: O wins".
/// `value` is the mover's, counted from before the move (as the puzzles
/// and the panels rate moves).
pub fn after_words(mover: Side, name: &str, value: Outcome, letter: fn(Side) -> char) -> String {
    let other = letter(mover.other());
    match value {
        Outcome::Loss(2) => format!("after {name} {other} wins at once"),
        // In moves from before the move, as the cells and the panels count.
        Outcome::Loss(d) => format!("{name} loses in {}: {other} wins", in_moves(d)),
        Outcome::Draw => format!("{name} only draws"),
        Outcome::Win(1) => format!("{name} wins at once"),
        Outcome::Win(d) => format!("{name} wins in {}", in_moves(d)),
    }
}

/// Step `step` (1 to 3) of the hint of a tic-tac-toe puzzle: where the
/// move is, then its row and what it does, then the move.
pub fn tictactoe_hint(p: &TicTacToePuzzle, step: u8) -> String {
    let Some(&first) = p.answers.first() else {
        return "no move answers this".into();
    };
    let n = p.answers.len();
    match (p.task, step) {
        (TicTacToeTask::Win { .. }, 1) if n == 1 => {
            format!("the winning move is {}", place_words(first))
        }
        (TicTacToeTask::Win { .. }, 1) => format!("{n} moves win; one is {}", place_words(first)),
        (TicTacToeTask::Save, 1) => format!(
            "{n} of the {} empty cells hold; one is {}",
            p.moves.len(),
            place_words(first)
        ),
        (TicTacToeTask::Win { plies: 1 }, 2) => {
            format!("it completes a line, in {}", row_words(first))
        }
        (TicTacToeTask::Win { plies: 3 }, 2) => format!(
            "it is in {} and makes two threats at once",
            row_words(first)
        ),
        (TicTacToeTask::Win { .. }, 2) => {
            format!("it is in {} and sets up a fork", row_words(first))
        }
        (TicTacToeTask::Save, 2) => format!(
            "one is in {}; every other cell lets {} win",
            row_words(first),
            mark_letter(p.mover.other())
        ),
        (TicTacToeTask::Win { .. }, _) if n == 1 => format!("the move: {first}"),
        (TicTacToeTask::Win { .. }, _) => format!("the winning moves: {}", cells_text(&p.answers)),
        (TicTacToeTask::Save, _) => format!("the cells that hold: {}", cells_text(&p.answers)),
    }
}

/// The free segments as the hints list them: "4 (cells 1–4)".
fn segment_words(segment: &FreeSegment) -> String {
    let first = segment.start + 1;
    let last = segment.start + segment.len;
    if segment.len == 1 {
        format!("1 (cell {first})")
    } else {
        format!("{} (cells {first}–{last})", segment.len)
    }
}

/// Step `step` of the hint of a Treblecross puzzle; `analysis` is the
/// strip's, `values` the Grundy values up to its length at least.
pub fn treblecross_hint(
    p: &TreblecrossPuzzle,
    analysis: &StripAnalysis,
    values: &[u16],
    step: u8,
) -> String {
    let (segments, nim_sum): (&[FreeSegment], u16) = match analysis {
        StripAnalysis::Segments {
            segments, nim_sum, ..
        } => (segments, *nim_sum),
        _ => (&[], 0),
    };
    match (&p.task, step) {
        (TreblecrossTask::WinningCell { .. }, 1) => {
            format!(
                "the free segments' nim-sum is {nim_sum}: a winning cell leaves it 0 (and gives no three in a row)"
            )
        }
        (TreblecrossTask::WinningCell { cells }, 2) => {
            let cell = cells.first().copied().unwrap_or(0);
            match segments
                .iter()
                .find(|s| (s.start..s.start + s.len).contains(&cell))
            {
                Some(s) => format!(
                    "play in the segment of {}, worth G = {}",
                    segment_words(s),
                    s.grundy
                ),
                None => "play in a free segment".into(),
            }
        }
        (TreblecrossTask::WinningCell { cells }, _) => {
            let names: Vec<String> = cells.iter().map(|c| (c + 1).to_string()).collect();
            format!("winning cells: {}", names.join(" "))
        }
        (TreblecrossTask::SegmentValue { len, .. }, 1) => format!(
            "a move in a free segment of {len} leaves two (the cells beside an X are lost); G({len}) is the smallest nim-sum no move reaches"
        ),
        (TreblecrossTask::SegmentValue { len, .. }, 2) => {
            let reached: Vec<String> = reached_values(*len, values)
                .iter()
                .map(|(v, _)| v.to_string())
                .collect();
            format!("the nim-sums moves reach: {}", reached.join(" "))
        }
        (TreblecrossTask::SegmentValue { len, value }, _) => format!("G({len}) = {value}"),
        (TreblecrossTask::NimSum { .. }, 1) => {
            let lens: Vec<String> = segments.iter().map(segment_words).collect();
            format!("the free segments: {}", lens.join(", "))
        }
        (TreblecrossTask::NimSum { .. }, 2) => {
            let gs: Vec<String> = segments
                .iter()
                .map(|s| format!("G({}) = {}", s.len, s.grundy))
                .collect();
            format!("their values: {}", gs.join(", "))
        }
        (TreblecrossTask::NimSum { value }, _) => format!("the nim-sum: {value}"),
    }
}

/// What a wrong number says: `answer` for G(len) = `value`.
pub fn segment_value_wrong(len: usize, value: u16, answer: u16, values: &[u16]) -> String {
    let reached = reached_values(len, values);
    match reached.iter().find(|(v, _)| *v == answer) {
        Some((_, p)) => {
            let (left, right) = split(len, *p);
            format!(
                "{answer} is reached: a move at cell {} leaves G({left}) ⊕ G({right}) = {answer}",
                p + 1
            )
        }
        None if answer > value => {
            format!("too big: a value under {answer} is reached by no move")
        }
        // Every value under G(len) is reached: never here.
        None => format!("not {answer}"),
    }
}

/// Step `step` of the hint of an MNC "win in N": where the move lands,
/// then the piece, then the move.
pub fn mnc_hint(p: &MncPuzzle, step: u8) -> String {
    let Some(&first) = p.answers.first() else {
        return "no move answers this".into();
    };
    match step {
        1 => format!("the winning move lands {}", place_words(first.target())),
        2 => match first {
            Move::Place { size, .. } => format!(
                "with a {} piece from the hand",
                match size {
                    crate::solver::mnc::Size::Big => "big",
                    crate::solver::mnc::Size::Small => "small",
                }
            ),
            Move::Shift { from, .. } => format!("the big piece on {from} moves"),
        },
        _ => format!("the move: {}", move_notation(&p.position, first)),
    }
}

/// Step `step` of the hint of a Notakto puzzle: what the quotient says,
/// then the board, then the move.
pub fn notakto_hint(p: &NotaktoPuzzle, step: u8) -> String {
    let Some(&first) = p.answers.first() else {
        return "no move answers this".into();
    };
    let q = crate::solver::notakto::quotient();
    let product = q.product(p.boards.iter().map(|&b| q.element_of(b)));
    let p_portion = p_portion(q, false);
    match step {
        1 => format!(
            "the boards multiply to {}, not in the P-portion; a winning move makes the product one of {}",
            element(q, product, false),
            p_portion.join(", ")
        ),
        2 => format!("a winning move is on board {}", first.board + 1),
        _ if p.answers.len() == 1 => format!("the move: {}", MoveText(first)),
        _ => {
            let moves: Vec<String> = p.answers.iter().map(|&m| MoveText(m).to_string()).collect();
            format!("the winning moves: {}", moves.join(" "))
        }
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

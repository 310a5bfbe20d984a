//! Notakto puzzles: "find a winning move", on positions a real game
//! reaches (live boards only: any set of `X` without a line is reached by
//! playing them in turn), the levels by the number of boards and how many
//! `X` are down:
//!
//! 1. 2 boards, any number of `X`;
//! 2. 3 boards, at least 7 `X` in all (near the end);
//! 3. 3 boards, at most 6 `X` in all (nearer the start: fewer hints from
//!    the board);
//! 4. 4 or 5 boards;
//! 5. 6 to 9 boards.
//!
//! From level 2 on, a position with more than 3 winning moves is passed
//! over for the next one the seed gives: the moves to find are few. The
//! answers are every winning move, read off the misère quotient.

use crate::solver::notakto::{analyze, Board, Move};
use crate::solver::puzzle::{
    shape_of, those, Difficulty, GamePuzzle, Puzzle, PuzzleGame, Puzzler, Rated, Shape, SplitMix64,
    Theme,
};
use crate::solver::Cell;

pub const LEVELS: u8 = 5;

/// Positions a seed may try before the last winning one is taken (a few
/// tries are the rule).
const TRIES: usize = 200;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotaktoPuzzle {
    pub boards: Vec<Board>,
    /// Every winning move, in board order, then reading order.
    pub answers: Vec<Move>,
}

/// The boards and total `X` of a level: (fewest boards, most boards,
/// fewest X, most X).
fn level_bounds(level: u8) -> (usize, usize, u32, u32) {
    match level {
        1 => (2, 2, 0, 12),
        2 => (3, 3, 7, 18),
        3 => (3, 3, 0, 6),
        4 => (4, 5, 0, 30),
        _ => (6, 9, 0, 54),
    }
}

/// A live board with about `x` X (fewer when a cell drawn would make a
/// line).
fn random_board(x: u32, random: &mut SplitMix64) -> Board {
    let mut board = Board::EMPTY;
    for _ in 0..x {
        let cell = Cell::ALL[random.below(9)];
        let next = board.with_x(cell);
        if !next.is_dead() {
            board = next;
        }
    }
    board
}

pub(super) fn make(level: u8, random: &mut SplitMix64) -> NotaktoPuzzle {
    let (fewest, most, fewest_x, most_x) = level_bounds(level);
    let mut last = None;
    for _ in 0..TRIES {
        let count = fewest + random.below(most - fewest + 1);
        let boards: Vec<Board> = (0..count)
            .map(|_| {
                // 0 to 4 X a board, the lower counts likelier.
                let x = random.below(3) as u32 + random.below(3) as u32;
                random_board(x, random)
            })
            .collect();
        let x: u32 = boards.iter().map(|b| b.x_count()).sum();
        if !(fewest_x..=most_x).contains(&x) {
            continue;
        }
        let analysis = analyze(&boards);
        if !analysis.is_winning() || analysis.winning_moves().is_empty() {
            continue;
        }
        let puzzle = NotaktoPuzzle {
            boards,
            answers: analysis.winning_moves(),
        };
        if level == 1 || puzzle.answers.len() <= 3 {
            return puzzle;
        }
        last = Some(puzzle);
    }
    // Every level has thousands of positions that fit: not reached in
    // practice, but a seed always names a puzzle.
    last.unwrap_or_else(|| NotaktoPuzzle {
        boards: vec![Board::EMPTY],
        answers: analyze(&[Board::EMPTY]).winning_moves(),
    })
}

impl NotaktoPuzzle {
    /// The puzzle some boards make (a lesson's step): to find a winning
    /// move; `None` where the player to move loses or no board is live.
    pub fn on(boards: Vec<Board>) -> Option<NotaktoPuzzle> {
        let analysis = analyze(&boards);
        let answers = analysis.winning_moves();
        (analysis.is_winning() && !answers.is_empty()).then_some(NotaktoPuzzle { boards, answers })
    }
}

/// The themes, in the order they are listed.
pub const KILL_A_BOARD: Theme = Theme {
    name: "kill-a-board",
    about: "complete three in a row on a board, so that it is dead",
};
pub const LOSING_COUNT: Theme = Theme {
    name: "losing-count",
    about: "kill nothing: leave your opponent a losing count of the boards",
};
impl GamePuzzle for NotaktoPuzzle {
    const GAME: PuzzleGame = PuzzleGame::Notakto;
    const LEVELS: u8 = LEVELS;
    const SPAN: (u16, u16) = (960, 2600);
    const THEMES: &'static [Theme] = &[KILL_A_BOARD, LOSING_COUNT];

    /// Whether a winning move kills its board, and whether one kills
    /// nothing.
    fn themes(&self) -> Vec<Theme> {
        let kills = |m: &Move| self.boards[m.board].with_x(m.cell).is_dead();
        those(Self::THEMES, |t| match *t {
            KILL_A_BOARD => self.answers.iter().any(kills),
            _ => !self.answers.iter().all(kills),
        })
    }

    fn make(_: &mut Puzzler, level: u8, random: &mut SplitMix64) -> Self {
        make(level, random)
    }

    /// The puzzle up to symmetry: each board turned to its canonical form,
    /// the boards in any order.
    fn shape(&self) -> Shape {
        let mut boards: Vec<Board> = self.boards.iter().map(|b| b.canonical()).collect();
        boards.sort();
        shape_of(boards)
    }

    fn into_puzzle(self) -> Puzzle {
        Puzzle::Notakto(self)
    }
}

impl Rated for NotaktoPuzzle {
    fn difficulty(&self) -> Difficulty {
        let choices: usize = self.boards.iter().map(|b| b.playable().count()).sum();
        let live = self.boards.iter().filter(|b| !b.is_dead()).count() as u32;
        Difficulty::one_of(choices, self.answers.len(), live)
    }
}

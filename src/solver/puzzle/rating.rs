//! How hard a puzzle is, from what can be measured of it, as a rating on
//! the usual scale (a new player is 1500):
//!
//! - **the odds of a guess**: the moves to choose from against the moves
//!   that answer, in bits (`log2(choices / answers)`; a puzzle that asks
//!   for every holding move counts the ways to pick that many);
//! - **the depth of the proof**: how far the answer must be seen to be
//!   right — the plies of the forced win (tic-tac-toe, MNC), the deepest
//!   trap of a save, the free segments whose nim-sum decides (Treblecross),
//!   the live boards whose product decides (Notakto).
//!
//! rating = [`BASE`] + [`PER_BIT`] · bits + [`PER_STEP`] · (depth − 1).

use super::{
    MncPuzzle, NotaktoPuzzle, Puzzle, TicTacToePuzzle, TicTacToeTask, TreblecrossPuzzle,
    TreblecrossTask,
};
use crate::solver::treblecross::free_segment_count;
use crate::solver::Outcome;

/// A puzzle a guess always answers, seen at once.
pub const BASE: f64 = 700.0;
/// Each halving of a guess's odds.
pub const PER_BIT: f64 = 170.0;
/// Each step deeper the proof goes.
pub const PER_STEP: f64 = 110.0;

/// What is measured of a puzzle.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Difficulty {
    /// Bits of guessing: the odds that a guess is right, as a power of 2.
    pub bits: f64,
    /// The depth of the proof, 1 for a puzzle seen at once.
    pub depth: u32,
}

impl Difficulty {
    /// One of `answers` right moves among `choices`.
    fn one_of(choices: usize, answers: usize, depth: u32) -> Difficulty {
        let bits = (choices.max(1) as f64 / answers.max(1) as f64)
            .log2()
            .max(0.0);
        Difficulty {
            bits,
            depth: depth.max(1),
        }
    }

    /// Every one of `answers` right moves among `choices`: a guess picks
    /// the right set among `C(choices, answers)`.
    fn all_of(choices: usize, answers: usize, depth: u32) -> Difficulty {
        let ways: f64 = (0..answers)
            .map(|i| (choices - i) as f64 / (answers - i) as f64)
            .product();
        Difficulty {
            bits: ways.log2().max(0.0),
            depth: depth.max(1),
        }
    }

    pub fn rating(&self) -> u16 {
        let rating = BASE + PER_BIT * self.bits + PER_STEP * f64::from(self.depth - 1);
        rating.round().clamp(100.0, 3000.0) as u16
    }
}

/// A puzzle that can say how hard it is: each game's kind, and
/// [`Puzzle`], which asks its own.
pub trait Rated {
    /// What is measured of the puzzle (see the module's words).
    fn difficulty(&self) -> Difficulty;

    fn rating(&self) -> u16 {
        self.difficulty().rating()
    }
}

impl Rated for TicTacToePuzzle {
    fn difficulty(&self) -> Difficulty {
        match self.task {
            TicTacToeTask::Win { plies } => {
                Difficulty::one_of(self.moves.len(), self.answers.len(), u32::from(plies))
            }
            TicTacToeTask::Save => {
                // The deepest trap among the moves that lose.
                let trap = self
                    .moves
                    .iter()
                    .filter_map(|&(_, v)| match v {
                        Outcome::Loss(d) => Some(u32::from(d)),
                        _ => None,
                    })
                    .max()
                    .unwrap_or(1);
                Difficulty::all_of(self.moves.len(), self.answers.len(), trap)
            }
        }
    }
}

impl Rated for TreblecrossPuzzle {
    fn difficulty(&self) -> Difficulty {
        let segments = free_segment_count(&self.strip) as u32;
        let empty = self.strip.cells().iter().filter(|&&x| !x).count();
        match &self.task {
            TreblecrossTask::WinningCell { cells } => {
                Difficulty::one_of(empty, cells.len(), segments)
            }
            // A value among the mex's candidates: up to a few.
            TreblecrossTask::SegmentValue { len, value } => {
                Difficulty::one_of(usize::from(*value).max(*len / 8) + 2, 1, 1)
            }
            TreblecrossTask::NimSum { value } => {
                let range = (usize::from(*value) + 1).next_power_of_two();
                Difficulty::one_of(range.max(2), 1, segments)
            }
        }
    }
}

impl Rated for MncPuzzle {
    fn difficulty(&self) -> Difficulty {
        Difficulty::one_of(self.moves.len(), self.answers.len(), u32::from(self.plies))
    }
}

impl Rated for NotaktoPuzzle {
    fn difficulty(&self) -> Difficulty {
        let choices: usize = self.boards.iter().map(|b| b.playable().count()).sum();
        let live = self.boards.iter().filter(|b| !b.is_dead()).count() as u32;
        Difficulty::one_of(choices, self.answers.len(), live)
    }
}

impl Rated for Puzzle {
    fn difficulty(&self) -> Difficulty {
        match self {
            Puzzle::TicTacToe(p) => p.difficulty(),
            Puzzle::Treblecross(p) => p.difficulty(),
            Puzzle::Mnc(p) => p.difficulty(),
            Puzzle::Notakto(p) => p.difficulty(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rating_grows_with_each_measure() {
        let at = |choices, answers, depth| Difficulty::one_of(choices, answers, depth).rating();
        assert_eq!(at(4, 4, 1), BASE as u16, "every move answers: the base");
        assert!(at(8, 1, 1) > at(4, 1, 1) && at(4, 1, 1) > at(4, 2, 1));
        assert!(at(4, 1, 3) > at(4, 1, 1));
        // Finding every one of 2 holding moves among 6 is harder than
        // finding one of them.
        assert!(Difficulty::all_of(6, 2, 1).rating() > at(6, 2, 1));
        assert_eq!(Difficulty::all_of(6, 6, 1).rating(), BASE as u16);
    }
}

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
//! Each game's file says what it measures ([`Rated`]).
//!
//! rating = [`BASE`] + [`PER_BIT`] · bits + [`PER_STEP`] · (depth − 1).

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
    pub(crate) fn one_of(choices: usize, answers: usize, depth: u32) -> Difficulty {
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
    pub(crate) fn all_of(choices: usize, answers: usize, depth: u32) -> Difficulty {
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

/// A puzzle that can say how hard it is: each game's kind (in its file
/// here), and [`super::Puzzle`], which asks its own.
pub trait Rated {
    /// What is measured of the puzzle (see the module's words).
    fn difficulty(&self) -> Difficulty;

    fn rating(&self) -> u16 {
        self.difficulty().rating()
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

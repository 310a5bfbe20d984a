//! The wrong tries of a puzzle, for the board to mark.

use crate::solver::Outcome;

/// The wrong answers tried on a puzzle, each with its value where the game
/// counts one (MNC's `loss in 4`): every tab marks them on its board with
/// ✗ where they were played (a cell, a move's target), for as long as the
/// puzzle is on; the panel says why each is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Missed<T>(pub Vec<(T, Option<Outcome>)>);

impl<T> Default for Missed<T> {
    fn default() -> Self {
        Missed(Vec::new())
    }
}

impl<T: PartialEq> Missed<T> {
    /// A wrong answer at `place`, worth `value` to its mover (once a place).
    pub fn add(&mut self, place: T, value: Option<Outcome>) {
        if !self.0.iter().any(|(p, _)| *p == place) {
            self.0.push((place, value));
        }
    }

    /// The first wrong answer whose place `wanted` takes, with its value
    /// (N&C+ finds a move by the cell it landed on).
    pub fn find(&self, wanted: impl Fn(&T) -> bool) -> Option<&(T, Option<Outcome>)> {
        self.0.iter().find(|(p, _)| wanted(p))
    }

    /// The wrong answer tried at `place`, if any: `Some(value)`.
    pub fn at(&self, place: &T) -> Option<Option<Outcome>> {
        self.0.iter().find(|(p, _)| p == place).map(|(_, v)| *v)
    }
}

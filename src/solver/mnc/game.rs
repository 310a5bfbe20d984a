//! A match of MNC against the engine, kept as a [`Record`]: the rules of
//! the game as the record needs them.

use super::{IllegalMove, Move, Position};
use crate::solver::record::{self, Record, Rules};
use crate::solver::{Outcome, Side};

/// MNC as a record keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MncRules;

impl Rules for MncRules {
    type Position = Position;
    type Move = Move;
    type Value = Outcome;
    type Side = Side;
    type Illegal = IllegalMove;

    fn check(position: &Position, mv: Move) -> Result<(), IllegalMove> {
        position.play(mv).map(drop)
    }

    fn play(position: &mut Position, mv: Move) {
        *position = position.apply(mv);
    }

    fn to_move(position: &Position) -> Side {
        position.to_move()
    }

    fn winner(position: &Position) -> Option<Side> {
        position.game_over()
    }
}

/// A match of MNC from the start, the human on one side.
pub type Match = record::Match<MncRules>;
/// Why a move of an MNC match was refused.
pub type MatchError = record::MatchError<IllegalMove>;
/// An MNC game's record.
pub type MncRecord = Record<MncRules>;

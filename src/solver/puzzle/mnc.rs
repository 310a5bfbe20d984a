//! MNC puzzles: "x (or o) to move and win in N plies", N = 3, 5, 7 … up to
//! the longest wins of the game, read off the solved game's table, with
//! positions that have exactly one winning move preferred.

use super::SplitMix64;
use crate::solver::mnc::{Engine, Move, Position};
use crate::solver::{Outcome, Side};

/// Level `l` asks for a win in `2l + 1` plies; the game's longest win is
/// 13 plies, the start's (a test checks it against the table).
pub const LEVELS: u8 = 6;

/// The plies of a level's win.
pub fn plies_of(level: u8) -> u8 {
    2 * level + 1
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MncPuzzle {
    pub position: Position,
    /// The mover wins in this many plies (fastest), and no sooner.
    pub plies: u8,
    /// Every move that keeps the win in `plies`.
    pub answers: Vec<Move>,
    /// Every legal move with its value for the mover, best first.
    pub moves: Vec<(Move, Outcome)>,
}

/// The table's keys whose mover wins in each level's plies.
pub(super) struct Index {
    by_level: Vec<Vec<u64>>,
}

impl Index {
    pub(super) fn build(engine: &Engine) -> Index {
        let mut by_level = vec![Vec::new(); usize::from(LEVELS)];
        for (key, value) in engine.memo() {
            if let Outcome::Win(d) = value {
                if d >= 3 && d % 2 == 1 && usize::from(d / 2) <= by_level.len() {
                    by_level[usize::from(d / 2) - 1].push(key);
                }
            }
        }
        // The memo's order is its hash table's: sorted, an id names the
        // same position in every run.
        for keys in &mut by_level {
            keys.sort_unstable();
        }
        Index { by_level }
    }

    pub(super) fn make(
        &self,
        level: u8,
        random: &mut SplitMix64,
        engine: &mut Engine,
    ) -> MncPuzzle {
        let keys = &self.by_level[usize::from(level) - 1];
        let plies = plies_of(level);
        // Up to 16 tries for a position with one winning move, else the
        // first one drawn.
        let mut first = None;
        for _ in 0..16 {
            let key = keys[random.below(keys.len())];
            let mover = if random.below(2) == 0 {
                Side::X
            } else {
                Side::O
            };
            let position = Position::from_key(key, mover);
            let moves = engine.rate_moves(&position);
            let answers: Vec<Move> = moves
                .iter()
                .filter(|(_, v)| *v == Outcome::Win(plies))
                .map(|(mv, _)| *mv)
                .collect();
            let puzzle = MncPuzzle {
                position,
                plies,
                answers,
                moves,
            };
            if puzzle.answers.len() == 1 {
                return puzzle;
            }
            first.get_or_insert(puzzle);
        }
        first.expect("sixteen tries")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_level_asks_for_the_longest_win_in_the_table() {
        let engine = Engine::solved();
        let longest = engine
            .memo()
            .into_iter()
            .filter_map(|(_, v)| match v {
                Outcome::Win(d) => Some(d),
                _ => None,
            })
            .max();
        assert_eq!(longest, Some(plies_of(LEVELS)));
    }
}

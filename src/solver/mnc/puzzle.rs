//! MNC puzzles: "x (or o) to move and win in N plies", N = 3, 5, 7 … up to
//! the longest wins of the game, read off the solved game's table, with
//! positions that have exactly one winning move preferred.

use crate::solver::mnc::{Engine, Move, Position};
use crate::solver::puzzle::{
    shape_of, those, Difficulty, GamePuzzle, Puzzle, PuzzleGame, Puzzler, Rated, Shape, SplitMix64,
    Theme,
};
use crate::solver::{BySide, Cell, Outcome, Side};
use rustc_hash::FxHashSet;
use std::sync::OnceLock;

/// Level `l` asks for a win in `2l + 1` plies, the last level for the
/// longest wins there are: 11 or 13 plies (the start's is 13, and only 9
/// positions a game reaches win in 13: too few for a level of their own).
pub const LEVELS: u8 = 5;

/// The level of a win in `plies`, if it makes a puzzle.
pub fn level_of(plies: u8) -> Option<u8> {
    (plies >= 3 && plies % 2 == 1).then(|| (plies / 2).min(LEVELS))
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

/// The positions whose mover wins in each level's plies, each as its
/// table key, the side to move and the plies: only those some game
/// reaches.
pub(super) struct Index {
    by_level: Vec<Vec<(u64, Side, u8)>>,
}

/// Every position some game reaches from the start, as its key and the
/// side to move. A key reads the board from the mover's side, so the same
/// key with the other side to move is often no game's position (nothing
/// captured and as many pieces each, say: then x is to move).
pub fn reachable() -> FxHashSet<(u64, Side)> {
    let mut seen = FxHashSet::default();
    seen.insert((Position::START.key(), Side::X));
    let mut todo = vec![Position::START];
    while let Some(position) = todo.pop() {
        if position.game_over().is_some() {
            continue;
        }
        for mv in position.legal_moves() {
            let Ok(next) = position.play(mv) else {
                continue;
            };
            if seen.insert((next.key(), next.to_move())) {
                todo.push(next);
            }
        }
    }
    seen
}

/// The index, built once a process: it is the same for every solved
/// engine, and the search of every reachable position behind it takes
/// seconds.
static INDEX: OnceLock<Index> = OnceLock::new();

impl Index {
    pub(super) fn get(engine: &Engine) -> &'static Index {
        INDEX.get_or_init(|| Index::build(engine))
    }

    fn build(engine: &Engine) -> Index {
        let reached = reachable();
        let mut by_level = vec![Vec::new(); usize::from(LEVELS)];
        for (key, value) in engine.memo() {
            if let Outcome::Win(d) = value {
                let Some(level) = level_of(d) else { continue };
                for mover in [Side::X, Side::O] {
                    if reached.contains(&(key, mover)) {
                        by_level[usize::from(level) - 1].push((key, mover, d));
                    }
                }
            }
        }
        // The memo's order is its hash table's: sorted, an id names the
        // same position in every run.
        for keys in &mut by_level {
            keys.sort_unstable_by_key(|&(key, mover, _)| (key, mover == Side::O));
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
        // Up to 16 tries for a position with one winning move, else the
        // first one drawn.
        let mut first = None;
        for _ in 0..16 {
            let (key, mover, plies) = keys[random.below(keys.len())];
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

impl MncPuzzle {
    /// The puzzle a position makes (a lesson's step): to win at the
    /// fastest, from the engine's values; `None` where the mover does
    /// not win.
    pub fn on(position: Position, engine: &mut Engine) -> Option<MncPuzzle> {
        let Outcome::Win(plies) = engine.value(&position) else {
            return None;
        };
        let moves = engine.rate_moves(&position);
        let answers = (moves.iter())
            .filter(|(_, v)| *v == Outcome::Win(plies))
            .map(|(mv, _)| *mv)
            .collect();
        Some(MncPuzzle {
            position,
            plies,
            answers,
            moves,
        })
    }
}

impl Puzzler {
    /// A puzzler that uses an MNC engine already solved (the app's).
    pub fn with_engine(engine: Engine) -> Puzzler {
        Puzzler::keeping(engine)
    }

    /// The MNC engine the puzzles come from (solved on first use).
    pub fn engine(&mut self) -> &mut Engine {
        self.kept(Engine::solved)
    }
}

/// The themes, in the order they are listed.
pub const CAPTURE: Theme = Theme {
    name: "capture",
    about: "cover a small piece of your opponent's with a big one",
};
pub const MOVING_A_BIG_PIECE: Theme = Theme {
    name: "moving-a-big-piece",
    about: "move a big piece already on the board (it takes the small piece it lands on)",
};
pub const THREAT: Theme = Theme {
    name: "threat",
    about: "take nothing, but threaten to complete a line next move",
};
pub const QUIET_MOVE: Theme = Theme {
    name: "quiet-move",
    about: "take nothing and threaten nothing yet, and still win",
};

/// What a winning move does: takes a piece, moves a big one, threatens a
/// line (could its mover complete one if it moved again?), or none.
fn ideas(position: &Position, mv: Move) -> [bool; 4] {
    let mover = position.to_move();
    let captures = position.captured_by(mv).is_some_and(|p| p.side != mover);
    let shift = matches!(mv, Move::Shift { .. });
    let threat = !captures
        && position.play(mv).is_ok_and(|next| {
            Position::new(next.cells(), next.hands(), mover).is_ok_and(|p| p.has_winning_move())
        });
    [captures, shift, threat, !captures && !threat]
}

impl GamePuzzle for MncPuzzle {
    const GAME: PuzzleGame = PuzzleGame::Mnc;
    const LEVELS: u8 = LEVELS;
    const SPAN: (u16, u16) = (1400, 2460);
    const THEMES: &'static [Theme] = &[CAPTURE, MOVING_A_BIG_PIECE, THREAT, QUIET_MOVE];

    /// What the winning moves do, each theme where one of them does it.
    fn themes(&self) -> Vec<Theme> {
        let found: Vec<[bool; 4]> = (self.answers.iter())
            .map(|&mv| ideas(&self.position, mv))
            .collect();
        let any = |k: usize| found.iter().any(|idea| idea[k]);
        those(Self::THEMES, |t| match *t {
            CAPTURE => any(0),
            MOVING_A_BIG_PIECE => any(1),
            THREAT => any(2),
            _ => any(3),
        })
    }

    fn make(puzzler: &mut Puzzler, level: u8, random: &mut SplitMix64) -> Self {
        let engine = puzzler.engine();
        Index::get(engine).make(level, random, engine)
    }

    /// The puzzle up to the 8 symmetries of the board: the smallest table
    /// key of the position turned and mirrored, and the side to move.
    fn shape(&self) -> Shape {
        let position = &self.position;
        let cells = position.cells();
        let hands = BySide::new(
            position.small_in_hand(Side::X),
            position.small_in_hand(Side::O),
        );
        let smallest = (0..8)
            .filter_map(|s| {
                let mut turned = [None; 9];
                for cell in Cell::ALL {
                    turned[cell.transformed(s).index()] = cells[cell.index()];
                }
                Position::new(turned, hands, position.to_move()).ok()
            })
            .map(|p| p.key())
            .min()
            .unwrap_or(0);
        shape_of((smallest, position.to_move() == Side::X))
    }

    fn into_puzzle(self) -> Puzzle {
        Puzzle::Mnc(self)
    }
}

impl Rated for MncPuzzle {
    fn difficulty(&self) -> Difficulty {
        Difficulty::one_of(self.moves.len(), self.answers.len(), u32::from(self.plies))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_level_has_many_reachable_positions() {
        let index = Index::build(&Engine::solved());
        // Up to symmetry: a key is one position of its orbit.
        let sizes: Vec<usize> = index.by_level.iter().map(Vec::len).collect();
        assert!(sizes.iter().all(|&n| n >= 200), "{sizes:?}");
    }

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
        assert_eq!(longest, Some(13));
        assert_eq!(level_of(13), Some(LEVELS));
        assert_eq!(level_of(11), Some(LEVELS));
    }
}

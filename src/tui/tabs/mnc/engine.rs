//! The MNC engine on the match's worker thread: it solves the game at
//! start, then plays its moves (at the strength chosen), gives the perfect
//! line and a game's values as every match engine does, and answers MNC's
//! own requests: a position's rating, and a puzzle read off the solved
//! game.

use crate::solver::mnc::{Engine, MncPuzzle, MncRules, Move, Position, Strength};
use crate::solver::puzzle::{Choice, PuzzleId, Puzzler};
use crate::solver::record::{self, Annotation, PerfectLine};
use crate::solver::Outcome;
use crate::tui::playing::Playing;
use std::convert::Infallible;
use std::time::Duration;

/// What the tab asks of the engine besides its moves and values.
pub enum Ask {
    /// The value of this position and of every legal move in it.
    Rate(Position),
    /// The puzzle chosen: named, or near a rating.
    Puzzle(Choice),
    /// How well the engine plays its next moves.
    Strength(Strength),
    /// Seeds the weaker levels' choices (tests replay games with it).
    Seed(u64),
}

/// The value of a position for its mover, and of each legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rating {
    pub position: Position,
    pub value: Outcome,
    /// Best first.
    pub moves: Vec<(Move, Outcome)>,
}

/// The answer to an [`Ask`].
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    Rated(Rating),
    /// The choice asked for, the puzzle's id and the puzzle.
    Puzzle(Choice, PuzzleId, Box<MncPuzzle>),
    /// A strength or a seed taken.
    Noted,
}

/// The match as the MNC tab plays it.
pub type MncPlaying = Playing<MncRules, Ask, Answer>;

/// Starts the engine's thread; it solves the whole game first (about
/// 0.1 s). The puzzles come from the same solved game; its moves wait
/// `delay` before they are played. `seed` starts the weaker levels'
/// choices.
pub fn start(delay: Duration, seed: u64) -> MncPlaying {
    let make = move || MncEngine {
        puzzler: Puzzler::with_engine(Engine::solved()),
        strength: Strength::Perfect,
        random: seed | 1,
    };
    Playing::with_own(make, answer, delay)
}

/// The solved game, and how well it plays.
struct MncEngine {
    puzzler: Puzzler,
    strength: Strength,
    /// Chooses among the weaker levels' candidate moves (xorshift).
    random: u64,
}

impl MncEngine {
    /// A fresh random number (xorshift64).
    fn next_random(&mut self) -> u64 {
        let mut x = self.random;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.random = x;
        x
    }
}

impl record::Engine<MncRules> for MncEngine {
    type Error = Infallible;

    /// The best move at its perfect strength; a weaker level chooses from
    /// the rated moves.
    fn best_move(&mut self, position: &Position) -> Result<Option<Move>, Infallible> {
        let moves = self.puzzler.engine().rate_moves(position);
        let random = self.next_random();
        let best = moves.first().map(|&(mv, _)| mv);
        Ok(self.strength.choose(&moves, random).or(best))
    }

    fn perfect_line(&mut self, from: Position) -> Result<PerfectLine<MncRules>, Infallible> {
        Ok(self.puzzler.engine().perfect_line(&from))
    }

    fn annotate(
        &mut self,
        start: &Position,
        moves: &[Move],
    ) -> Result<Vec<Annotation<Outcome>>, Infallible> {
        Ok(self.puzzler.engine().annotate(start, moves))
    }
}

fn answer(engine: &mut MncEngine, ask: Ask) -> Answer {
    match ask {
        Ask::Puzzle(choice) => {
            let (id, puzzle) = engine.puzzler.chosen(choice);
            Answer::Puzzle(choice, id, Box::new(puzzle))
        }
        Ask::Rate(position) => {
            let solved = engine.puzzler.engine();
            Answer::Rated(Rating {
                position,
                value: solved.value(&position),
                moves: solved.rate_moves(&position),
            })
        }
        Ask::Strength(strength) => {
            engine.strength = strength;
            Answer::Noted
        }
        Ask::Seed(seed) => {
            engine.random = seed | 1;
            Answer::Noted
        }
    }
}

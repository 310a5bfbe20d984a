//! Puzzles made on the spot from perfect play, each answer proved by the
//! solver that made it: tic-tac-toe wins and saves, Treblecross winning
//! cells and drills of the Grundy method, MNC "win in N".
//!
//! A puzzle is named by its game, level and seed ([`PuzzleId`], written
//! `mnc-3-1234`): the same id gives the same puzzle on every machine and in
//! every version that keeps these generators, because the random numbers
//! come from [`SplitMix64`] here, not from a crate whose streams may change.

mod mnc;
mod tictactoe;
mod treblecross;

pub use self::mnc::MncPuzzle;
pub use self::tictactoe::{TicTacToePuzzle, TicTacToeTask};
pub use self::treblecross::{TreblecrossPuzzle, TreblecrossTask};

use crate::solver::grundy::GrundyTable;
use crate::solver::mnc::Engine;
use crate::solver::tictactoe::Analyzer;

/// The game a puzzle is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PuzzleGame {
    TicTacToe,
    Treblecross,
    Mnc,
}

impl PuzzleGame {
    pub const ALL: [PuzzleGame; 3] = [
        PuzzleGame::TicTacToe,
        PuzzleGame::Treblecross,
        PuzzleGame::Mnc,
    ];

    /// The levels the game has, from 1.
    pub fn levels(self) -> u8 {
        match self {
            PuzzleGame::TicTacToe => tictactoe::LEVELS,
            PuzzleGame::Treblecross => treblecross::LEVELS,
            PuzzleGame::Mnc => mnc::LEVELS,
        }
    }
}

/// Which puzzle: its game, level (1 to the game's [`PuzzleGame::levels`])
/// and seed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PuzzleId {
    pub game: PuzzleGame,
    pub level: u8,
    pub seed: u32,
}

/// A puzzle with its answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Puzzle {
    TicTacToe(TicTacToePuzzle),
    Treblecross(TreblecrossPuzzle),
    Mnc(MncPuzzle),
}

/// Makes puzzles; holds what the generators read (the solved tic-tac-toe
/// and MNC games, the Grundy table), each made on first use and kept.
#[derive(Default)]
pub struct Puzzler {
    tictactoe: Option<tictactoe::Index>,
    table: Option<GrundyTable>,
    engine: Option<Engine>,
    mnc: Option<mnc::Index>,
}

impl Puzzler {
    pub fn new() -> Puzzler {
        Puzzler::default()
    }

    /// A puzzler that uses an MNC engine already solved (the app's).
    pub fn with_engine(engine: Engine) -> Puzzler {
        Puzzler {
            engine: Some(engine),
            ..Puzzler::default()
        }
    }

    /// The puzzle `id` names. A level out of range is brought into it.
    pub fn make(&mut self, id: PuzzleId) -> Puzzle {
        let (level, seed) = (id.level, id.seed);
        match id.game {
            PuzzleGame::TicTacToe => Puzzle::TicTacToe(self.tictactoe(level, seed)),
            PuzzleGame::Treblecross => Puzzle::Treblecross(self.treblecross(level, seed)),
            PuzzleGame::Mnc => Puzzle::Mnc(self.mnc(level, seed)),
        }
    }

    /// The stream of puzzles of `game` at `level` (brought into range).
    fn random(game: PuzzleGame, level: u8, seed: u32) -> (u8, SplitMix64) {
        let level = level.clamp(1, game.levels());
        (level, SplitMix64::new(seed_of(game, level, seed)))
    }

    /// The tic-tac-toe puzzle of this level and seed.
    pub fn tictactoe(&mut self, level: u8, seed: u32) -> TicTacToePuzzle {
        let (level, mut random) = Self::random(PuzzleGame::TicTacToe, level, seed);
        let index = self
            .tictactoe
            .get_or_insert_with(|| tictactoe::Index::build(&mut Analyzer::new()));
        index.make(level, &mut random)
    }

    /// The Treblecross puzzle of this level and seed.
    pub fn treblecross(&mut self, level: u8, seed: u32) -> TreblecrossPuzzle {
        let (level, mut random) = Self::random(PuzzleGame::Treblecross, level, seed);
        let table = self.table.get_or_insert_with(GrundyTable::default);
        treblecross::make(level, &mut random, table)
    }

    /// The MNC puzzle of this level and seed.
    pub fn mnc(&mut self, level: u8, seed: u32) -> MncPuzzle {
        let (level, mut random) = Self::random(PuzzleGame::Mnc, level, seed);
        let engine = self.engine.get_or_insert_with(Engine::solved);
        let index = self.mnc.get_or_insert_with(|| mnc::Index::build(engine));
        index.make(level, &mut random, engine)
    }

    /// The MNC engine the puzzles come from (solved on first use).
    pub fn engine(&mut self) -> &mut Engine {
        self.engine.get_or_insert_with(Engine::solved)
    }
}

/// One stream per game and level: the same seed in two games gives
/// unrelated puzzles.
fn seed_of(game: PuzzleGame, level: u8, seed: u32) -> u64 {
    let game = game as u64 + 1;
    (game << 40) ^ (u64::from(level) << 32) ^ u64::from(seed)
}

/// Sebastiano Vigna's SplitMix64: small, fast, and fixed here so that a
/// puzzle id keeps naming the same puzzle.
#[derive(Debug, Clone)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n > 0), without the bias of a plain remainder.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_vignas_splitmix64() {
        // The first outputs for seed 0, from the reference implementation.
        let mut random = SplitMix64::new(0);
        assert_eq!(random.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(random.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn below_stays_below_and_reaches_every_value() {
        let mut random = SplitMix64::new(7);
        let mut seen = [false; 5];
        for _ in 0..200 {
            let k = random.below(5);
            seen[k] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }
}

//! Puzzles made on the spot from perfect play, each answer proved by the
//! solver that made it: tic-tac-toe wins and saves, Treblecross winning
//! cells and drills of the Grundy method, MNC "win in N", Notakto winning
//! moves.
//!
//! A puzzle is named by its game, level and seed ([`PuzzleId`], written
//! `mnc-3-1234`): the same id gives the same puzzle on every machine and in
//! every version that keeps these generators, because the random numbers
//! come from [`SplitMix64`] here, not from a crate whose streams may change.
//!
//! A run of new puzzles, by level ([`Puzzler::fresh_puzzle`]) or near a
//! rating ([`Puzzler::chosen`]), never repeats
//! one of the last [`FRESH_FOR`] up to symmetry (a board turned or
//! mirrored, a strip reversed): a seed whose puzzle was seen lately gives
//! way to the next seed.

mod rating;
mod theme;

pub use self::rating::{Difficulty, Rated};
pub use self::theme::{those, Theme};
pub use super::{Puzzle, PuzzleGame};

use crate::{with_puzzle, with_puzzle_game};
use std::any::{Any, TypeId};
use std::collections::{HashMap, VecDeque};
use std::hash::{Hash, Hasher};

/// A run of new puzzles repeats none of the last this many of its level.
pub const FRESH_FOR: usize = 50;

/// Seeds tried for a puzzle not seen lately before taking one anyway (a
/// level has hundreds of puzzles: a few tries are the rule).
pub const FRESH_TRIES: u32 = 10_000;

/// Seeds tried for a puzzle near a rating with the theme asked for before
/// the theme is given up (every level of each seed is tried; a theme near
/// any rating turns up within a few hundred).
pub const THEME_GIVES_WAY: u32 = 2_000;

/// How far from the rating asked a puzzle chosen near it may be at first;
/// the room grows by [`ROOM_STEP`] each [`SEEDS_PER_STEP`] seeds tried
/// without one (a game whose puzzles stop short of the rating gives its
/// nearest).
pub const FIRST_ROOM: u16 = 75;
pub const ROOM_STEP: u16 = 50;
pub const SEEDS_PER_STEP: u32 = 20;

/// A number naming a puzzle up to symmetry: equal for a puzzle and its
/// turned, mirrored or reversed twin.
pub type Shape = u64;

/// The hash of a value, the same in every run (no random keys).
pub(crate) fn shape_of(value: impl Hash) -> Shape {
    let mut hasher = rustc_hash::FxHasher::default();
    value.hash(&mut hasher);
    hasher.finish()
}

/// A game's puzzles, as making them and choosing them near a rating need:
/// each game's puzzle type implements it in its own folder (`solver/<game>/puzzle.rs`).
pub trait GamePuzzle: Rated + Sized {
    const GAME: PuzzleGame;
    /// The levels the game has, from 1.
    const LEVELS: u8;
    /// The ratings its puzzles mostly have: about the 10th percentile of
    /// level 1 and the 90th of the last level, over seeds 1 to 200
    /// (`tests/it/puzzle.rs` measures them). The app's runs climb from one
    /// to the other.
    const SPAN: (u16, u16);
    /// The puzzle of `level` (within the game's) drawn from `random`, with
    /// what `puzzler` keeps for the game (a solved game, a table).
    fn make(puzzler: &mut Puzzler, level: u8, random: &mut SplitMix64) -> Self;
    /// Every theme the game's puzzles may have, in the order they are
    /// listed.
    const THEMES: &'static [Theme];
    /// The themes of this puzzle (at least one), read off its position
    /// and its answers.
    fn themes(&self) -> Vec<Theme>;
    /// A number naming the puzzle up to symmetry.
    fn shape(&self) -> Shape;
    fn into_puzzle(self) -> Puzzle;
}

impl PuzzleGame {
    /// See [`GamePuzzle::SPAN`].
    pub fn span(self) -> (u16, u16) {
        with_puzzle_game!(self, P => P::SPAN)
    }

    /// The levels the game has, from 1.
    pub fn levels(self) -> u8 {
        with_puzzle_game!(self, P => P::LEVELS)
    }

    /// Every theme its puzzles may have.
    pub fn themes(self) -> &'static [Theme] {
        with_puzzle_game!(self, P => P::THEMES)
    }

    /// The theme of this game named `name`, if there is one.
    pub fn theme(self, name: &str) -> Option<Theme> {
        self.themes().iter().copied().find(|t| t.name == name)
    }
}

impl Puzzle {
    /// Its themes (see [`GamePuzzle::themes`]).
    pub fn themes(&self) -> Vec<Theme> {
        with_puzzle!(self, p => p.themes())
    }
}

impl Rated for Puzzle {
    fn difficulty(&self) -> Difficulty {
        with_puzzle!(self, p => p.difficulty())
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

/// Which puzzle to make: the one an id names, or a new one rated near a
/// rating and at least `at_least` (from any level; none of the last
/// [`FRESH_FOR`] chosen so), looked for from a seed on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    Named(PuzzleId),
    Near {
        game: PuzzleGame,
        rating: u16,
        /// A floor (0: none), so that a run's puzzles never get easier;
        /// given up after [`FLOOR_TRIES`] seeds, where a game has no
        /// puzzle that hard.
        at_least: u16,
        seed: u32,
        /// Only puzzles with this theme (the player's practice of one).
        theme: Option<Theme>,
    },
}

/// Seeds tried for a puzzle at or above a floor before the floor is
/// given up (the room has grown past 1,000 by then).
pub const FLOOR_TRIES: u32 = 400;

/// Makes puzzles; holds what the generators read (a solved game, a Grundy
/// table), each made on first use and kept, one of each type ([`Puzzler::kept`]).
#[derive(Default)]
pub struct Puzzler {
    kept: HashMap<TypeId, Box<dyn Any + Send>>,
    /// The shapes of the last puzzles made fresh, per game and level.
    recent: HashMap<(PuzzleGame, u8), VecDeque<Shape>>,
}

impl Puzzler {
    pub fn new() -> Puzzler {
        Puzzler::default()
    }

    /// A puzzler that keeps `value` already (a game the app has solved).
    pub fn keeping<T: Any + Send>(value: T) -> Puzzler {
        let mut puzzler = Puzzler::default();
        puzzler.kept.insert(TypeId::of::<T>(), Box::new(value));
        puzzler
    }

    /// What a game's generator reads, of type `T`: made by `make` on first
    /// use, then kept. One value a type: two games keeping the same type
    /// share it (a game that needs its own wraps it in a type of its own).
    pub fn kept<T: Any + Send>(&mut self, make: impl FnOnce() -> T) -> &mut T {
        self.kept
            .entry(TypeId::of::<T>())
            .or_insert_with(|| Box::new(make()))
            .downcast_mut()
            .expect("kept under its own type's id")
    }

    /// The puzzle `id` names. A level out of range is brought into it.
    pub fn make(&mut self, id: PuzzleId) -> Puzzle {
        with_puzzle_game!(id.game, P => self.named::<P>(id.level, id.seed).into_puzzle())
    }

    /// The puzzle of this game, level (brought into range) and seed.
    pub fn named<P: GamePuzzle>(&mut self, level: u8, seed: u32) -> P {
        let level = level.clamp(1, P::LEVELS);
        let mut random = SplitMix64::new(seed_of(P::GAME, level, seed));
        P::make(self, level, &mut random)
    }

    /// A new puzzle of `id`'s game and level from `id` on: the first seed
    /// from `id.seed` whose puzzle is none of the last [`FRESH_FOR`] made
    /// fresh at its level, with its id (`noughts puzzle --level`).
    pub fn fresh_puzzle(&mut self, id: PuzzleId) -> (PuzzleId, Puzzle) {
        self.fresh_puzzle_with(id, None, FRESH_TRIES)
            .expect("every seed's puzzle is taken when no theme is asked")
    }

    /// As [`Puzzler::fresh_puzzle`], with the theme `theme` where one is
    /// asked, looked for in `tries` seeds from `id.seed`: `None` where none
    /// of them has it (the level may have none).
    pub fn fresh_puzzle_with(
        &mut self,
        id: PuzzleId,
        theme: Option<Theme>,
        tries: u32,
    ) -> Option<(PuzzleId, Puzzle)> {
        with_puzzle_game!(id.game, P => {
            let wanted = |p: &P| theme.is_none_or(|t| p.themes().contains(&t));
            let (id, puzzle) = self.fresh::<P>(id, tries, wanted)?;
            Some((id, puzzle.into_puzzle()))
        })
    }

    /// A puzzle of any game chosen, as [`Puzzler::chosen`].
    pub fn chosen_puzzle(&mut self, choice: Choice) -> (PuzzleId, Puzzle) {
        let game = match choice {
            Choice::Named(id) => id.game,
            Choice::Near { game, .. } => game,
        };
        with_puzzle_game!(game, P => {
            let (id, puzzle) = self.chosen::<P>(choice);
            (id, puzzle.into_puzzle())
        })
    }

    /// The puzzle chosen: named, or near a rating (the game's, whatever
    /// `choice` says).
    pub fn chosen<P: GamePuzzle>(&mut self, choice: Choice) -> (PuzzleId, P) {
        self.chosen_where(choice, |_| true)
    }

    /// As [`Puzzler::chosen`], where a puzzle chosen near a rating is also
    /// one that `wanted` takes (a named one is given whatever it is): the
    /// app leaves out Treblecross's drills of the Grundy values until the
    /// details are on.
    pub fn chosen_where<P: GamePuzzle>(
        &mut self,
        choice: Choice,
        wanted: impl Fn(&P) -> bool,
    ) -> (PuzzleId, P) {
        debug_assert!(
            matches!(choice, Choice::Named(PuzzleId { game, .. }) | Choice::Near { game, .. } if game == P::GAME),
            "a choice of another game's puzzle"
        );
        let (game, rating, at_least, first, theme) = match choice {
            Choice::Named(id) => return (id, self.named(id.level, id.seed)),
            Choice::Near {
                rating,
                at_least,
                seed,
                theme,
                ..
            } => (P::GAME, rating, at_least, seed, theme),
        };
        // A theme asked for gives way after THEME_GIVES_WAY seeds: no loop
        // may run for ever where a theme and the rest cannot meet.
        let has_theme = |p: &P, tries: u32| {
            tries >= THEME_GIVES_WAY || theme.is_none_or(|t| p.themes().contains(&t))
        };
        // Seed by seed, every level: the first puzzle within the room and
        // not among the last chosen near a rating (kept under level 0).
        // Seeds count up from the first, and never wrap: past the largest
        // they count down from below the first (an id's seed is its own).
        let mut tries = 0u32;
        loop {
            let steps = (tries / SEEDS_PER_STEP).min(u32::from(u16::MAX)) as u16;
            let room = FIRST_ROOM.saturating_add(ROOM_STEP.saturating_mul(steps));
            let seed = first.checked_add(tries).unwrap_or_else(|| {
                let above = u32::MAX - first;
                first.saturating_sub(tries - above)
            });
            for level in 1..=P::LEVELS {
                let puzzle: P = self.named(level, seed);
                let r = puzzle.rating();
                if r.abs_diff(rating) > room
                    || (r < at_least && tries < FLOOR_TRIES)
                    || !wanted(&puzzle)
                    || !has_theme(&puzzle, tries)
                {
                    continue;
                }
                let shape = puzzle.shape();
                let seen = self.recent.entry((game, 0)).or_default();
                // A game with few puzzles near the rating repeats at last;
                // with a theme, before the theme gives way (a theme with few
                // shapes repeats them rather than lose the theme).
                let repeats_from = match theme {
                    Some(_) => THEME_GIVES_WAY / 2,
                    None => FRESH_TRIES,
                };
                if seen.contains(&shape) && tries < repeats_from {
                    continue;
                }
                seen.push_back(shape);
                if seen.len() > FRESH_FOR {
                    seen.pop_front();
                }
                return (PuzzleId { game, level, seed }, puzzle);
            }
            tries += 1;
        }
    }

    /// The first seed from `id.seed` (within `tries`) whose puzzle `wanted`
    /// takes and is none of the last [`FRESH_FOR`] made fresh at its level;
    /// else the first that `wanted` takes, repeat or not; `None` where no
    /// seed tried gives one it takes. Puzzles passed over are not counted
    /// as seen (a theme's puzzles were pushed out of the window by them).
    fn fresh<P: GamePuzzle>(
        &mut self,
        id: PuzzleId,
        tries: u32,
        wanted: impl Fn(&P) -> bool,
    ) -> Option<(PuzzleId, P)> {
        let level = id.level.clamp(1, id.game.levels());
        let mut seed = id.seed;
        let mut found = None;
        for _ in 0..tries {
            let puzzle: P = self.named(level, seed);
            if wanted(&puzzle) {
                let shape = puzzle.shape();
                let seen = self.recent.get(&(id.game, level));
                let new = !seen.is_some_and(|seen| seen.contains(&shape));
                if new || found.is_none() {
                    found = Some((seed, puzzle, shape));
                }
                if new {
                    break;
                }
            }
            // Seeds never wrap: past the largest, the best found is taken.
            let Some(next) = seed.checked_add(1) else {
                break;
            };
            seed = next;
        }
        let (seed, puzzle, shape) = found?;
        let seen = self.recent.entry((id.game, level)).or_default();
        seen.push_back(shape);
        if seen.len() > FRESH_FOR {
            seen.pop_front();
        }
        Some((PuzzleId { level, seed, ..id }, puzzle))
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

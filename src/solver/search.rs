//! The perfect-play search shared by every game that needs one.
//!
//! A game supplies positions, a memo key and the moves; the search returns the
//! exact [`Outcome`] for the player to move, with distances: a won position is
//! won as fast as possible, a lost one lost as slowly as possible.

use rustc_hash::FxHashMap;
use std::cmp::Ordering;

/// The value of a position for the player to move, under perfect play.
///
/// Distances are counted in plies (single moves) until the game ends.
/// `Win(1)` means the mover wins with their next move; `Loss(0)` means the
/// game is already over and the mover has lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    Win(u8),
    Draw,
    Loss(u8),
}

/// What a move did to its mover's value, when it did harm.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mistake {
    /// The result got worse: a win became a draw or a loss, or a draw a loss.
    Blunder,
    /// A lost position lost faster: the defence got shorter.
    Inaccuracy,
}

impl Mistake {
    /// The mover's value `before` a move and the move's value (`after`).
    pub fn of(before: Outcome, after: Outcome) -> Option<Mistake> {
        let class = |v: Outcome| match v {
            Outcome::Win(_) => 2,
            Outcome::Draw => 1,
            Outcome::Loss(_) => 0,
        };
        if class(after) < class(before) {
            Some(Mistake::Blunder)
        } else if before.is_loss() && after < before {
            Some(Mistake::Inaccuracy)
        } else {
            None
        }
    }
}

impl Outcome {
    /// A single number that orders outcomes from the mover's point of view:
    /// faster wins are higher, slower losses are higher than faster ones.
    pub fn score(self) -> i16 {
        match self {
            Outcome::Win(d) => 1000 - i16::from(d),
            Outcome::Draw => 0,
            Outcome::Loss(d) => -1000 + i16::from(d),
        }
    }

    /// The value for the player who moved into a position of value `self`
    /// (which is given from the point of view of the next mover).
    pub fn for_previous_mover(self) -> Outcome {
        match self {
            Outcome::Win(d) => Outcome::Loss(d + 1),
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss(d) => Outcome::Win(d + 1),
        }
    }

    pub fn is_win(self) -> bool {
        matches!(self, Outcome::Win(_))
    }

    pub fn is_loss(self) -> bool {
        matches!(self, Outcome::Loss(_))
    }

    /// Plies until the game ends, if it is not a draw.
    pub fn distance(self) -> Option<u8> {
        match self {
            Outcome::Win(d) | Outcome::Loss(d) => Some(d),
            Outcome::Draw => None,
        }
    }
}

impl PartialOrd for Outcome {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Outcome {
    /// Better for the mover is greater.
    fn cmp(&self, other: &Self) -> Ordering {
        self.score().cmp(&other.score())
    }
}

/// What a game says about a position when asked to expand it.
pub enum Expansion {
    /// The position's value is known without looking at any move: the game is
    /// over, or the mover can end it at once.
    Settled(Outcome),
    /// The successors were pushed; an empty list means the mover has no move.
    Moves,
}

/// A two-player game with perfect information, as the search sees it.
pub trait Game {
    type Position: Copy;

    /// The memo key of a position. Positions with equal keys must have equal
    /// values (a game may fold symmetric positions onto one key).
    fn key(&self, position: &Self::Position) -> u64;

    /// The value of a position that is over before its mover moves (the
    /// previous move completed a line). Checked before the memo, so such
    /// positions are never keyed or stored: `expand` need not settle them.
    fn game_over(&self, _position: &Self::Position) -> Option<Outcome> {
        None
    }

    /// Either settles the position or pushes every successor to `children`.
    fn expand(&self, position: &Self::Position, children: &mut Vec<Self::Position>) -> Expansion;

    /// The value of a position whose mover has no move at all.
    fn no_moves(&self) -> Outcome;
}

/// Where a [`Solver`] keeps the values it has found, by key.
pub trait Memo {
    fn get(&self, key: u64) -> Option<Outcome>;
    fn insert(&mut self, key: u64, value: Outcome);
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Every stored key with its value, in no particular order.
    fn entries(&self) -> Vec<(u64, Outcome)>;
    /// A hint that `key` is about to be looked up.
    fn prefetch(&self, _key: u64) {}
}

impl Memo for FxHashMap<u64, Outcome> {
    fn get(&self, key: u64) -> Option<Outcome> {
        FxHashMap::get(self, &key).copied()
    }
    fn insert(&mut self, key: u64, value: Outcome) {
        FxHashMap::insert(self, key, value);
    }
    fn len(&self) -> usize {
        FxHashMap::len(self)
    }
    fn entries(&self) -> Vec<(u64, Outcome)> {
        self.iter().map(|(&k, &v)| (k, v)).collect()
    }
}

/// A memoised perfect-play search over one game. The memo persists, so once
/// a position has been solved every position below it answers at once.
pub struct Solver<G: Game, M: Memo = FxHashMap<u64, Outcome>> {
    game: G,
    memo: M,
    /// Successors and their keys, one buffer per depth, reused.
    buffers: Vec<Vec<G::Position>>,
    keys: Vec<Vec<Option<u64>>>,
}

impl<G: Game, M: Memo + Default> Solver<G, M> {
    pub fn new(game: G) -> Self {
        Self::with_memo(game, M::default())
    }
}

impl<G: Game, M: Memo> Solver<G, M> {
    pub fn with_memo(game: G, memo: M) -> Self {
        Solver {
            game,
            memo,
            buffers: Vec::new(),
            keys: Vec::new(),
        }
    }

    /// Gives the memo back.
    pub fn into_memo(self) -> M {
        self.memo
    }

    pub fn game(&self) -> &G {
        &self.game
    }

    /// The values found so far, by key.
    pub fn memo(&self) -> &M {
        &self.memo
    }

    /// The exact value of `position` for its mover.
    pub fn solve(&mut self, position: &G::Position) -> Outcome {
        if let Some(over) = self.game.game_over(position) {
            return over;
        }
        let key = self.game.key(position);
        self.solve_keyed(position, key, 0)
    }

    fn solve_keyed(&mut self, position: &G::Position, key: u64, depth: usize) -> Outcome {
        if let Some(known) = self.memo.get(key) {
            return known;
        }
        if self.buffers.len() <= depth {
            self.buffers.push(Vec::new());
            self.keys.push(Vec::new());
        }
        let mut children = std::mem::take(&mut self.buffers[depth]);
        let mut keys = std::mem::take(&mut self.keys[depth]);
        children.clear();
        keys.clear();
        let value = match self.game.expand(position, &mut children) {
            Expansion::Settled(value) => value,
            Expansion::Moves if children.is_empty() => self.game.no_moves(),
            Expansion::Moves => {
                // Key every child and ask for its memo slot first, so the
                // memory loads overlap instead of stalling one by one.
                let mut best: Option<Outcome> = None;
                for child in &children {
                    match self.game.game_over(child) {
                        Some(over) => {
                            let value = over.for_previous_mover();
                            best = Some(best.map_or(value, |b| b.max(value)));
                            keys.push(None);
                        }
                        None => {
                            let key = self.game.key(child);
                            self.memo.prefetch(key);
                            keys.push(Some(key));
                        }
                    }
                }
                for (child, key) in children.iter().zip(&keys) {
                    if let Some(key) = *key {
                        let value = self.solve_keyed(child, key, depth + 1).for_previous_mover();
                        best = Some(best.map_or(value, |b| b.max(value)));
                    }
                }
                best.unwrap_or(self.game.no_moves())
            }
        };
        self.buffers[depth] = children;
        self.keys[depth] = keys;
        self.memo.insert(key, value);
        value
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn mistakes_are_lost_results_and_shorter_defences() {
        use Outcome::{Draw, Loss, Win};
        assert_eq!(Mistake::of(Win(3), Loss(4)), Some(Mistake::Blunder));
        assert_eq!(Mistake::of(Win(3), Draw), Some(Mistake::Blunder));
        assert_eq!(Mistake::of(Draw, Loss(2)), Some(Mistake::Blunder));
        assert_eq!(Mistake::of(Loss(8), Loss(2)), Some(Mistake::Inaccuracy));
        assert_eq!(Mistake::of(Loss(8), Loss(8)), None);
        // A slower win is no mistake: the result is the same.
        assert_eq!(Mistake::of(Win(3), Win(9)), None);
        assert_eq!(Mistake::of(Draw, Draw), None);
    }

    use super::*;

    #[test]
    fn outcomes_order_from_the_movers_point_of_view() {
        let mut all = vec![
            Outcome::Loss(0),
            Outcome::Win(5),
            Outcome::Draw,
            Outcome::Loss(6),
            Outcome::Win(1),
        ];
        all.sort();
        assert_eq!(
            all,
            vec![
                Outcome::Loss(0),
                Outcome::Loss(6),
                Outcome::Draw,
                Outcome::Win(5),
                Outcome::Win(1)
            ]
        );
    }

    #[test]
    fn a_move_flips_the_point_of_view_and_adds_a_ply() {
        assert_eq!(Outcome::Loss(0).for_previous_mover(), Outcome::Win(1));
        assert_eq!(Outcome::Win(3).for_previous_mover(), Outcome::Loss(4));
        assert_eq!(Outcome::Draw.for_previous_mover(), Outcome::Draw);
    }

    /// Subtraction game: take 1 or 2 from a pile, taking the last wins.
    /// Multiples of 3 are lost; a pile of n % 3 != 0 is won in ... plies.
    struct TakeOneOrTwo;
    impl Game for TakeOneOrTwo {
        type Position = u32;
        fn key(&self, p: &u32) -> u64 {
            u64::from(*p)
        }
        fn expand(&self, p: &u32, children: &mut Vec<u32>) -> Expansion {
            if *p == 0 {
                return Expansion::Settled(Outcome::Loss(0));
            }
            children.extend((1..=2).filter(|t| t <= p).map(|t| p - t));
            Expansion::Moves
        }
        fn no_moves(&self) -> Outcome {
            Outcome::Loss(0)
        }
    }

    #[test]
    fn generic_search_solves_a_subtraction_game_with_distances() {
        let mut solver: Solver<TakeOneOrTwo> = Solver::new(TakeOneOrTwo);
        for n in 0..40u32 {
            let value = solver.solve(&n);
            // The winner takes n % 3 and then answers each t with 3 - t:
            // 2 plies per round of 3, so the game lasts 2 * (n / 3) (+1).
            let expected = if n % 3 == 0 {
                Outcome::Loss((2 * (n / 3)) as u8)
            } else {
                Outcome::Win((2 * (n / 3) + 1) as u8)
            };
            assert_eq!(value, expected, "pile of {n}");
        }
    }
}

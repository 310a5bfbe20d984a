//! Octal games: the family Treblecross belongs to.
//!
//! An octal game is played on heaps of tokens and named by a code
//! `d0.d1 d2 d3 …` of octal digits. Digit `dk` says what removing `k` tokens
//! from one heap may do: bit 1 — take a whole heap of exactly `k`; bit 2 —
//! leave one (non-empty) heap; bit 4 — leave two non-empty heaps. Kayles is
//! `0.77`, Dawson's Kayles `0.07`, Dawson's Chess `0.137` and Treblecross
//! `0.007`: a free segment of `L` cells is a heap of `L + 2` (a move removes
//! the three cells it and its neighbours would make unsafe). `d0` is 0 or 4:
//! 4 lets a move split a heap in two without taking anything (`4.07`).
//!
//! Grundy's game is of the same kind but not octal: a move splits a heap
//! into two heaps of different sizes (`4.` without the equal splits).
//!
//! Here: the game itself, its digits and its moves; its Grundy values are
//! computed in [`super::grundy`].

use std::fmt;

/// The largest heap size any value is kept for: values are `u16` and
/// `u16::MAX` marks "not yet known" in the parallel computation.
pub const LARGEST_VALUE: u16 = u16::MAX - 1;

/// An octal game given by its code, or Grundy's game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OctalGame {
    /// `digits[k]` for removing `k` tokens; `digits[0]` is 0 or 4.
    digits: Vec<u8>,
    /// Grundy's game: a split must leave two heaps of different sizes.
    unequal_splits: bool,
}

impl OctalGame {
    pub fn treblecross() -> OctalGame {
        OctalGame {
            digits: vec![0, 0, 0, 7],
            unequal_splits: false,
        }
    }

    /// Grundy's game: split one heap into two heaps of different sizes.
    pub fn grundys_game() -> OctalGame {
        OctalGame {
            digits: vec![4],
            unequal_splits: true,
        }
    }

    /// The game with these digits (`digits[k]` for removing `k` tokens),
    /// or `None` when a digit is not octal, `digits[0]` is neither 0 nor 4
    /// (taking nothing can only split a heap), or no digit allows a move.
    pub fn from_digits(mut digits: Vec<u8>) -> Option<OctalGame> {
        if digits.is_empty() || digits.iter().any(|&d| d > 7) || digits[0] & !4 != 0 {
            return None;
        }
        while digits.len() > 1 && digits[digits.len() - 1] == 0 {
            digits.pop();
        }
        digits.iter().any(|&d| d != 0).then_some(OctalGame {
            digits,
            unequal_splits: false,
        })
    }

    /// The digit before the point: 0, or 4 when a heap may be split in two
    /// without taking a token.
    pub fn first_digit(&self) -> u8 {
        self.digits[0]
    }

    /// The digits after the point: `d1 d2 …`.
    pub fn digits(&self) -> &[u8] {
        &self.digits[1..]
    }

    /// Whether this is Grundy's game (splits into unequal heaps only).
    pub fn is_grundys_game(&self) -> bool {
        self.unequal_splits
    }

    /// The most tokens one move removes (the `t` of the periodicity theorem).
    pub fn largest_take(&self) -> usize {
        self.digits.len() - 1
    }

    /// The `t` of the Guy–Smith periodicity theorem, when it applies: to
    /// every octal game, not to Grundy's game (a split of `n + p` into
    /// `a` and `a + p` has no unequal twin among the splits of `n`).
    pub fn periodicity_take(&self) -> Option<usize> {
        (!self.unequal_splits).then_some(self.largest_take())
    }

    /// How far back a heap's options reach: `G(n)` depends only on
    /// `G(0 … n − this)` (a one-heap move taking `k` reads `G(n − k)`, a
    /// split taking `k` reads heaps of at most `n − k − 1`), so this many
    /// values can be computed at once.
    pub fn lag(&self) -> usize {
        let one_heap = self.one_heap_takes().min().unwrap_or(usize::MAX);
        let split = self.split_takes().min().map_or(usize::MAX, |k| k + 1);
        one_heap.min(split).min(self.digits.len()).max(1)
    }

    /// Removals `k` that may take a whole heap of exactly `k`.
    pub fn whole_takes(&self) -> impl Iterator<Item = usize> + '_ {
        self.takes_with(1)
    }

    /// Removals `k` that may leave one heap.
    pub fn one_heap_takes(&self) -> impl Iterator<Item = usize> + '_ {
        self.takes_with(2)
    }

    /// Removals `k` that may leave two heaps.
    pub fn split_takes(&self) -> impl Iterator<Item = usize> + '_ {
        self.takes_with(4)
    }

    fn takes_with(&self, bit: u8) -> impl Iterator<Item = usize> + '_ {
        (0..self.digits.len()).filter(move |&k| self.digits[k] & bit != 0)
    }

    /// The splits of `rest` tokens into two heaps `a <= b` go up to this
    /// `a` (exclusive): `rest / 2 + 1`, or `(rest + 1) / 2` in Grundy's game,
    /// which leaves out `a == b`.
    pub fn splits_end(&self, rest: usize) -> usize {
        if self.unequal_splits {
            rest.div_ceil(2)
        } else {
            rest / 2 + 1
        }
    }

    /// Every position a heap of `n` can move to, as the heaps left (0, 1 or
    /// 2 of them), each split once (`a <= b`).
    pub fn moves(&self, n: usize) -> Vec<Vec<usize>> {
        let mut moves = Vec::new();
        for k in self.whole_takes() {
            if n == k {
                moves.push(vec![]);
            }
        }
        for k in self.one_heap_takes() {
            if n > k {
                moves.push(vec![n - k]);
            }
        }
        for k in self.split_takes() {
            if n >= k + 2 {
                for a in 1..self.splits_end(n - k) {
                    moves.push(vec![a, n - k - a]);
                }
            }
        }
        moves
    }
}

/// The values came out larger than `u16` holds (no game named here does
/// this; a code with many split digits can).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ValueTooLarge {
    pub heap: usize,
}

impl fmt::Display for ValueTooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the value of heap {} exceeds {LARGEST_VALUE}, the largest this tool keeps",
            self.heap
        )
    }
}

impl std::error::Error for ValueTooLarge {}

#[cfg(test)]
mod tests {
    use super::*;

    fn kayles() -> OctalGame {
        OctalGame::from_digits(vec![0, 7, 7]).unwrap()
    }

    #[test]
    fn digits_are_trimmed_and_a_game_needs_a_move() {
        let game = OctalGame::from_digits(vec![0, 0, 0, 7, 0]).unwrap();
        assert_eq!(game.digits(), [0, 0, 7]);
        assert_eq!(game, OctalGame::treblecross());
        assert_eq!(OctalGame::from_digits(vec![0, 0, 0]), None);
        assert_eq!(OctalGame::from_digits(vec![0, 8]), None);
        // Taking nothing may only split.
        assert_eq!(OctalGame::from_digits(vec![5, 0, 7]), None);
        assert_eq!(OctalGame::from_digits(vec![2, 7]), None);
        let split_only = OctalGame::from_digits(vec![4]).unwrap();
        assert_eq!(
            (split_only.first_digit(), split_only.largest_take()),
            (4, 0)
        );
        assert_ne!(split_only, OctalGame::grundys_game());
    }

    #[test]
    fn splitting_without_taking_reads_one_heap_back() {
        let game = OctalGame::from_digits(vec![4, 0, 7]).unwrap();
        assert_eq!(game.split_takes().collect::<Vec<_>>(), vec![0, 2]);
        assert_eq!(game.lag(), 1);
        // A heap of 4: splits 1+3, 2+2 (taking none), 1+1 (taking 2), and
        // a heap of 2 left by taking 2.
        assert_eq!(game.moves(4).len(), 4);
        assert_eq!(OctalGame::treblecross().lag(), 3);
    }

    #[test]
    fn grundys_game_splits_into_unequal_heaps_only() {
        let game = OctalGame::grundys_game();
        assert_eq!(game.moves(6), vec![vec![1, 5], vec![2, 4]]);
        assert_eq!(game.moves(2), Vec::<Vec<usize>>::new());
        assert_eq!(game.periodicity_take(), None);
    }

    #[test]
    fn takes_are_read_off_the_digits() {
        let game = OctalGame::from_digits(vec![0, 1, 3, 7]).unwrap();
        assert_eq!(game.whole_takes().collect::<Vec<_>>(), vec![1, 2, 3]);
        assert_eq!(game.one_heap_takes().collect::<Vec<_>>(), vec![2, 3]);
        assert_eq!(game.split_takes().collect::<Vec<_>>(), vec![3]);
        assert_eq!(game.largest_take(), 3);
        assert_eq!(game.lag(), 2);
        assert_eq!(kayles().moves(3).len(), 3);
    }
}

//! Octal games: the family Treblecross belongs to.
//!
//! An octal game is played on heaps of tokens and named by a code
//! `0.d1 d2 d3 …` of octal digits. Digit `dk` says what removing `k` tokens
//! from one heap may do: bit 1 — take a whole heap of exactly `k`; bit 2 —
//! leave one (non-empty) heap; bit 4 — leave two non-empty heaps. Kayles is
//! `0.77`, Dawson's Kayles `0.07`, Dawson's Chess `0.137` and Treblecross
//! `0.007`: a free segment of `L` cells is a heap of `L + 2` (a move removes
//! the three cells it and its neighbours would make unsafe).
//!
//! Here: the code itself, its moves, and the plain mex over every move — the
//! slow, obviously right twin of [`super::rare_common`].

use std::fmt;

/// The largest heap size any value is kept for: values are `u16` and
/// `u16::MAX` marks "not yet known" in the parallel computation.
pub const LARGEST_VALUE: u16 = u16::MAX - 1;

/// An octal game given by its code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OctalGame {
    /// `digits[k]` for removing `k` tokens; `digits[0]` is always 0.
    digits: Vec<u8>,
}

impl OctalGame {
    pub fn treblecross() -> OctalGame {
        OctalGame {
            digits: vec![0, 0, 0, 7],
        }
    }

    /// The game with these digits (`digits[k]` for removing `k` tokens;
    /// `digits[0]` is ignored), or `None` when no digit allows a move.
    pub fn from_digits(mut digits: Vec<u8>) -> Option<OctalGame> {
        if digits.is_empty() || digits.iter().any(|&d| d > 7) {
            return None;
        }
        digits[0] = 0;
        while digits.len() > 1 && digits[digits.len() - 1] == 0 {
            digits.pop();
        }
        (digits.len() > 1).then_some(OctalGame { digits })
    }

    /// The digits after the point: `d1 d2 …`.
    pub fn digits(&self) -> &[u8] {
        &self.digits[1..]
    }

    /// The most tokens one move removes (the `t` of the periodicity theorem).
    pub fn largest_take(&self) -> usize {
        self.digits.len() - 1
    }

    /// The fewest tokens a move that leaves a heap removes: `G(n)` depends
    /// only on `G(0 … n − this)`, so this many values can be computed at once.
    pub fn smallest_take_leaving_heaps(&self) -> usize {
        (1..self.digits.len())
            .find(|&k| self.digits[k] & 6 != 0)
            .unwrap_or(self.digits.len())
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
        (1..self.digits.len()).filter(move |&k| self.digits[k] & bit != 0)
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
                for a in 1..=(n - k) / 2 {
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

/// The naive method: `G(n)` is the mex over every move, each split looked
/// at (once per mirror pair). `values` holds `G(0 …)` so far and grows to
/// `n` values.
pub fn extend_naive(
    game: &OctalGame,
    values: &mut Vec<u16>,
    n: usize,
    mut progress: impl FnMut(usize),
) -> Result<(), ValueTooLarge> {
    let mut largest = values.iter().copied().max().unwrap_or(0);
    let mut seen: Vec<bool> = Vec::new();
    let splits: Vec<usize> = game.split_takes().collect();
    while values.len() < n {
        let heap = values.len();
        // Options are xors of known values: below the power of two above
        // the largest, so the mex is at most that power.
        let width = (largest as usize + 1).next_power_of_two() + 1;
        seen.clear();
        seen.resize(width, false);
        for k in game.whole_takes() {
            if heap == k {
                seen[0] = true;
            }
        }
        for k in game.one_heap_takes() {
            if heap > k {
                seen[values[heap - k] as usize] = true;
            }
        }
        for &k in &splits {
            if heap >= k + 2 {
                let rest = heap - k;
                for a in 1..=rest / 2 {
                    seen[(values[a] ^ values[rest - a]) as usize] = true;
                }
            }
        }
        let mex = seen.iter().position(|s| !s).unwrap_or(width);
        if mex > LARGEST_VALUE as usize {
            return Err(ValueTooLarge { heap });
        }
        values.push(mex as u16);
        largest = largest.max(mex as u16);
        if values.len().is_multiple_of(1024) {
            progress(values.len());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kayles() -> OctalGame {
        OctalGame::from_digits(vec![0, 7, 7]).unwrap()
    }

    #[test]
    fn digits_are_trimmed_and_a_game_needs_a_move() {
        let game = OctalGame::from_digits(vec![5, 0, 0, 7, 0]).unwrap();
        assert_eq!(game.digits(), [0, 0, 7]);
        assert_eq!(game, OctalGame::treblecross());
        assert_eq!(OctalGame::from_digits(vec![0, 0, 0]), None);
        assert_eq!(OctalGame::from_digits(vec![0, 8]), None);
    }

    #[test]
    fn takes_are_read_off_the_digits() {
        let game = OctalGame::from_digits(vec![0, 1, 3, 7]).unwrap();
        assert_eq!(game.whole_takes().collect::<Vec<_>>(), vec![1, 2, 3]);
        assert_eq!(game.one_heap_takes().collect::<Vec<_>>(), vec![2, 3]);
        assert_eq!(game.split_takes().collect::<Vec<_>>(), vec![3]);
        assert_eq!(game.largest_take(), 3);
        assert_eq!(game.smallest_take_leaving_heaps(), 2);
        assert_eq!(OctalGame::treblecross().smallest_take_leaving_heaps(), 3);
        assert_eq!(kayles().moves(3).len(), 3);
    }

    #[test]
    fn kayles_starts_as_in_the_literature() {
        let mut values = Vec::new();
        extend_naive(&kayles(), &mut values, 13, |_| {}).unwrap();
        assert_eq!(values, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
    }
}

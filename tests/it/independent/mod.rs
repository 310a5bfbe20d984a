//! Slow twins written from the rules alone, for the tests to check the
//! crate against. Nothing here comes from the `noughts` crate, on purpose:
//! a test that checks the crate with the crate's own search or decoding
//! passes whatever bug the two share.
//!
//! - Treblecross: players alternately put an `X` on an empty cell of a
//!   strip; whoever first makes three `X` in a row wins. An exhaustive
//!   minimax over bit masks, with distances.
//! - Octal games: a code `d0.d1d2…` decoded from the digits' definition,
//!   and `G(0 … n − 1)` by the plain mex over every move; Grundy's game.

// Each test file that uses this module uses part of it.
#![allow(dead_code)]

pub mod mnc;
pub mod notakto;
pub mod tictactoe;

use std::collections::HashMap;

/// The 8 lines of the board, as cell triples (cell = 3 * row + column).
pub const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// The value of a position for the player to move under perfect play.
///
/// Distances are plies (single moves) until the game ends: `Win(1)` — the
/// mover makes three with this move; `Loss(0)` — three are already in a
/// row, made by the other player. `Draw` — no empty cell and no three (only
/// a strip of fewer than 3 cells can fill up so).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Value {
    Win(u32),
    Draw,
    Loss(u32),
}

impl Value {
    pub fn is_win(self) -> bool {
        matches!(self, Value::Win(_))
    }

    pub fn is_loss(self) -> bool {
        matches!(self, Value::Loss(_))
    }

    /// Plies until the game ends, if it ends.
    pub fn plies(self) -> Option<u32> {
        match self {
            Value::Win(d) | Value::Loss(d) => Some(d),
            Value::Draw => None,
        }
    }

    /// The value of the position before a move, for the player who made
    /// it, when `self` is the value after it for the next player: one ply
    /// more, and the other side of the result.
    pub fn for_mover(self) -> Value {
        match self {
            Value::Win(d) => Value::Loss(d + 1),
            Value::Draw => Value::Draw,
            Value::Loss(d) => Value::Win(d + 1),
        }
    }

    /// The better of two values for the player they belong to.
    pub fn better_of(self, other: Value) -> Value {
        if other.rank() > self.rank() {
            other
        } else {
            self
        }
    }

    /// Orders values for the player they belong to: any win beats a draw,
    /// which beats any loss; a shorter win is better, a longer defence is
    /// better.
    fn rank(self) -> (u8, i64) {
        match self {
            Value::Win(d) => (2, -i64::from(d)),
            Value::Draw => (1, 0),
            Value::Loss(d) => (0, i64::from(d)),
        }
    }
}

/// A strip as a bit mask of its `X` cells (cell `i` = bit `i`).
pub fn mask_of(strip: &[bool]) -> u64 {
    assert!(strip.len() <= 63, "strips of at most 63 cells");
    let mut mask = 0;
    for (i, &x) in strip.iter().enumerate() {
        if x {
            mask |= 1u64 << i;
        }
    }
    mask
}

/// Whether each cell is safe: empty, and not within distance 2 of an `X`
/// (a move within distance 2 of an `X` lets the opponent make three).
pub fn safe(strip: &[bool]) -> Vec<bool> {
    (0..strip.len())
        .map(|i| {
            let near = i.saturating_sub(2)..=(i + 2).min(strip.len() - 1);
            near.into_iter().all(|j| !strip[j])
        })
        .collect()
}

/// The exhaustive search of Treblecross on a strip of `len` cells,
/// memoised by mask (the same cells give the same value whoever is to
/// move: both players put `X`).
pub struct TreblecrossSearch {
    len: usize,
    memo: HashMap<u64, Value>,
}

impl TreblecrossSearch {
    pub fn new(len: usize) -> TreblecrossSearch {
        assert!(len <= 63, "strips of at most 63 cells");
        TreblecrossSearch {
            len,
            memo: HashMap::new(),
        }
    }

    /// Whether three `X` stand on consecutive cells: some cell `i` with
    /// `i + 1` and `i + 2` set as well.
    fn three(mask: u64) -> bool {
        mask & mask >> 1 & mask >> 2 != 0
    }

    /// The value of the strip `mask` for the player to move.
    pub fn value(&mut self, mask: u64) -> Value {
        if Self::three(mask) {
            return Value::Loss(0);
        }
        if let Some(&known) = self.memo.get(&mask) {
            return known;
        }
        let len = self.len;
        let empty = || (0..len).filter(move |&i| mask >> i & 1 == 0);
        let value = if empty().next().is_none() {
            Value::Draw
        } else if empty().any(|i| Self::three(mask | 1 << i)) {
            // Making three now: Win(1), the best any move can be (the
            // plain maximum below gives the same, slower).
            Value::Win(1)
        } else {
            let mut best: Option<Value> = None;
            for i in empty() {
                let v = self.value(mask | 1 << i).for_mover();
                if best.is_none_or(|b| v.rank() > b.rank()) {
                    best = Some(v);
                }
            }
            best.unwrap()
        };
        self.memo.insert(mask, value);
        value
    }

    /// What putting an `X` on the empty `cell` is worth to its mover.
    pub fn move_value(&mut self, mask: u64, cell: usize) -> Value {
        assert!(
            cell < self.len && mask >> cell & 1 == 0,
            "cell {cell} is not empty"
        );
        self.value(mask | 1 << cell).for_mover()
    }

    /// The empty cells (ascending) whose move wins for the mover; none
    /// when three are already in a row.
    pub fn winning_cells(&mut self, mask: u64) -> Vec<usize> {
        if Self::three(mask) {
            return Vec::new();
        }
        (0..self.len)
            .filter(|&i| mask >> i & 1 == 0)
            .filter(|&i| self.move_value(mask, i).is_win())
            .collect()
    }
}

/// The mex: the least value not among `options`.
fn mex(options: &[u32]) -> u32 {
    // The mex is at most the number of options.
    let mut seen = vec![false; options.len() + 1];
    for &v in options {
        if let Some(s) = seen.get_mut(v as usize) {
            *s = true;
        }
    }
    seen.iter().position(|&s| !s).unwrap() as u32
}

/// `G(L)` of a free Treblecross segment of `L = 0 … up_to` safe cells (no
/// `X` within distance 2 of any of them, nor beyond its ends): a move at
/// cell `p` makes the cells within distance 2 of it unsafe and leaves the
/// two segments outside them, of `p − 2` and `L − p − 3` cells (none when
/// negative).
pub fn segment_values(up_to: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(up_to + 1);
    for len in 0..=up_to {
        let options: Vec<u32> = (0..len)
            .map(|p| {
                let left = p.saturating_sub(2);
                let right = (len - p).saturating_sub(3);
                g[left] ^ g[right]
            })
            .collect();
        g.push(mex(&options));
    }
    g
}

/// An octal game as its code says: what removing `k` tokens from one heap
/// may do, for `k = 0, 1, 2, …`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OctalRules {
    /// The digit before the point is 4: a heap may be split into two
    /// non-empty heaps without taking a token.
    pub split_taking_none: bool,
    /// `after_point[k - 1]` is digit `dk`, for removing `k` tokens.
    pub after_point: Vec<u8>,
}

/// Decodes `0.d1d2…` or `4.d1d2…` (octal digits after the point), or
/// `None` when the text is not such a code or no digit allows a move.
pub fn decode(code: &str) -> Option<OctalRules> {
    let (first, rest) = code.split_once('.')?;
    let split_taking_none = match first {
        "0" => false,
        "4" => true,
        _ => return None,
    };
    let mut after_point = Vec::new();
    for ch in rest.chars() {
        match ch {
            '0'..='7' => after_point.push(ch as u8 - b'0'),
            _ => return None,
        }
    }
    let any_move = split_taking_none || after_point.iter().any(|&d| d != 0);
    any_move.then_some(OctalRules {
        split_taking_none,
        after_point,
    })
}

impl OctalRules {
    /// Hands `each` every position a heap of `n` tokens moves to, as the
    /// heaps left (both orders of a split: a plain list of every move).
    pub fn each_option(&self, n: usize, mut each: impl FnMut(&[usize])) {
        if self.split_taking_none {
            splits(n, &mut each);
        }
        for (i, &digit) in self.after_point.iter().enumerate() {
            let k = i + 1;
            if digit & 1 != 0 && n == k {
                each(&[]);
            }
            if digit & 2 != 0 && n > k {
                each(&[n - k]);
            }
            if digit & 4 != 0 && n > k {
                splits(n - k, &mut each);
            }
        }
    }

    /// `G(0 … count − 1)`: each the mex of the xors of the heaps every move
    /// leaves.
    pub fn values(&self, count: usize) -> Vec<u32> {
        let mut g: Vec<u32> = Vec::with_capacity(count);
        let mut options = Vec::new();
        for n in 0..count {
            options.clear();
            self.each_option(n, |heaps| {
                options.push(heaps.iter().fold(0, |x, &h| x ^ g[h]));
            });
            g.push(mex(&options));
        }
        g
    }
}

/// Hands `each` every split of `rest` tokens into two non-empty heaps
/// `a + b = rest` (both orders).
fn splits(rest: usize, each: &mut impl FnMut(&[usize])) {
    for a in 1..rest {
        each(&[a, rest - a]);
    }
}

/// `G(0 … count − 1)` of Grundy's game: a move splits one heap into two
/// non-empty heaps of different sizes.
pub fn grundys_game_values(count: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(count);
    for n in 0..count {
        let options: Vec<u32> = (1..n)
            .filter(|&a| 2 * a != n)
            .map(|a| g[a] ^ g[n - a])
            .collect();
        g.push(mex(&options));
    }
    g
}

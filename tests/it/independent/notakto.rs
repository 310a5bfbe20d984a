//! Notakto by plain misère search, from the rules alone: boards are 9-bit
//! sets of X (cell = 3 · row + column), a board with a line is dead, and a
//! player with no move (no live board) wins. A position is remembered by
//! its live boards, each turned to its smallest image under the square's 8
//! symmetries, sorted: turning a board or reordering boards changes no
//! outcome.

use super::LINES;
use std::collections::HashMap;

/// Whether the cells hold three in a line.
pub fn dead(board: u16) -> bool {
    LINES
        .iter()
        .any(|line| line.iter().all(|&c| board >> c & 1 == 1))
}

/// The 8 symmetries of the square as maps of (row, column).
fn image(board: u16, symmetry: usize) -> u16 {
    let mut out = 0;
    for cell in 0..9 {
        if board >> cell & 1 == 0 {
            continue;
        }
        let (r, c) = (cell / 3, cell % 3);
        let (r, c) = match symmetry {
            0 => (r, c),
            1 => (c, 2 - r),
            2 => (2 - r, 2 - c),
            3 => (2 - c, r),
            4 => (r, 2 - c),
            5 => (2 - r, c),
            6 => (c, r),
            _ => (2 - c, 2 - r),
        };
        out |= 1 << (r * 3 + c);
    }
    out
}

/// A board turned by one of the 8 symmetries, picked by `seed`.
pub fn turned(board: u16, seed: usize) -> u16 {
    image(board, seed % 8)
}

fn smallest_image(board: u16) -> u16 {
    (0..8).map(|s| image(board, s)).min().unwrap()
}

/// Every live board up to symmetry (its smallest image), ascending.
pub fn live_positions() -> Vec<u16> {
    let mut all: Vec<u16> = (0..512u16)
        .filter(|&b| !dead(b))
        .map(smallest_image)
        .collect();
    all.sort();
    all.dedup();
    all
}

/// Every move of a position: the board, the cell, and the boards after it.
pub fn moves(boards: &[u16]) -> Vec<(usize, usize, Vec<u16>)> {
    let mut all = Vec::new();
    for (k, &b) in boards.iter().enumerate() {
        if dead(b) {
            continue;
        }
        for cell in 0..9 {
            if b >> cell & 1 == 0 {
                let mut after = boards.to_vec();
                after[k] |= 1 << cell;
                all.push((k, cell, after));
            }
        }
    }
    all
}

/// What a position's outcome depends on: its live boards, each turned to
/// its smallest image, sorted.
fn key(boards: &[u16]) -> Vec<u16> {
    let mut key: Vec<u16> = boards
        .iter()
        .filter(|&&b| !dead(b))
        .map(|&b| smallest_image(b))
        .collect();
    key.sort();
    key
}

/// The keys a key's moves reach, one at a time (a search that finds a
/// winning move stops there): only the board played on is turned again, or
/// dropped when dead.
fn next_keys(key: &[u16]) -> impl Iterator<Item = Vec<u16>> + '_ {
    (0..key.len())
        .flat_map(move |i| (0..9).map(move |cell| (i, cell)))
        .filter(move |&(i, cell)| key[i] >> cell & 1 == 0)
        .map(move |(i, cell)| {
            let mut next = key.to_vec();
            next[i] |= 1 << cell;
            if dead(next[i]) {
                next.remove(i);
            } else {
                next[i] = smallest_image(next[i]);
            }
            next.sort();
            next
        })
}

#[derive(Default)]
pub struct NotaktoSearch {
    memo: HashMap<Vec<u16>, bool>,
    plies: HashMap<Vec<u16>, u32>,
}

impl NotaktoSearch {
    /// Whether the player to move wins (with no live board, the other
    /// player completed the last line: the player to move has won).
    pub fn wins(&mut self, boards: &[u16]) -> bool {
        self.wins_key(key(boards))
    }

    fn wins_key(&mut self, key: Vec<u16>) -> bool {
        if key.is_empty() {
            return true;
        }
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let wins = next_keys(&key).any(|next| !self.wins_key(next));
        self.memo.insert(key, wins);
        wins
    }

    /// Plies to the end under perfect play: the winner hurries (fewest
    /// plies among winning moves), the loser holds out (most plies).
    pub fn plies(&mut self, boards: &[u16]) -> u32 {
        self.plies_key(key(boards))
    }

    fn plies_key(&mut self, key: Vec<u16>) -> u32 {
        if key.is_empty() {
            return 0;
        }
        if let Some(&p) = self.plies.get(&key) {
            return p;
        }
        let wins = self.wins_key(key.clone());
        let mut best: Option<u32> = None;
        for next in next_keys(&key).collect::<Vec<_>>() {
            if wins && self.wins_key(next.clone()) {
                continue;
            }
            let p = 1 + self.plies_key(next);
            best = Some(match best {
                None => p,
                Some(b) if wins => b.min(p),
                Some(b) => b.max(p),
            });
        }
        let p = best.unwrap();
        self.plies.insert(key, p);
        p
    }
}

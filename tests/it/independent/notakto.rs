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

#[derive(Default)]
pub struct NotaktoSearch {
    memo: HashMap<Vec<u16>, bool>,
    plies: HashMap<Vec<u16>, u32>,
}

impl NotaktoSearch {
    /// Whether the player to move wins.
    pub fn wins(&mut self, boards: &[u16]) -> bool {
        let mut key: Vec<u16> = boards
            .iter()
            .filter(|&&b| !dead(b))
            .map(|&b| smallest_image(b))
            .collect();
        key.sort();
        self.wins_key(key)
    }

    fn wins_key(&mut self, key: Vec<u16>) -> bool {
        if key.is_empty() {
            return true;
        }
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let mut wins = false;
        'all: for i in 0..key.len() {
            for cell in 0..9 {
                if key[i] >> cell & 1 == 1 {
                    continue;
                }
                let mut next = key.clone();
                next[i] |= 1 << cell;
                if dead(next[i]) {
                    next.remove(i);
                } else {
                    next[i] = smallest_image(next[i]);
                }
                next.sort();
                if !self.wins_key(next) {
                    wins = true;
                    break 'all;
                }
            }
        }
        self.memo.insert(key, wins);
        wins
    }
}

impl NotaktoSearch {
    /// Plies to the end under perfect play: the winner hurries (fewest
    /// plies among winning moves), the loser holds out (most plies).
    pub fn plies(&mut self, boards: &[u16]) -> u32 {
        let mut key: Vec<u16> = boards
            .iter()
            .filter(|&&b| !dead(b))
            .map(|&b| smallest_image(b))
            .collect();
        key.sort();
        if key.is_empty() {
            return 0;
        }
        if let Some(&p) = self.plies.get(&key) {
            return p;
        }
        let wins = self.wins(&key);
        let mut best: Option<u32> = None;
        for i in 0..key.len() {
            for cell in 0..9 {
                if key[i] >> cell & 1 == 1 {
                    continue;
                }
                let mut next = key.clone();
                next[i] |= 1 << cell;
                if wins && self.wins(&next) {
                    continue;
                }
                let p = 1 + self.plies(&next);
                best = Some(match best {
                    None => p,
                    Some(b) if wins => b.min(p),
                    Some(b) => b.max(p),
                });
            }
        }
        let p = best.unwrap();
        self.plies.insert(key, p);
        p
    }
}

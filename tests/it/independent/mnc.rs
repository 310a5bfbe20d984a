//! MNC written from the rules alone, on boards of characters: a plain
//! memoised search keyed without symmetry, every move expanded. Shared by
//! the engine's tests and the puzzles' (reads the crate's `Position` only
//! to turn it into a board of characters).

use super::LINES;
use noughts::solver::mnc::{Piece, Position, Size};
use noughts::solver::Outcome;
use std::collections::HashMap;

/// A position from the mover's side: 'm'/'M' the mover's small/big pieces,
/// 'n'/'N' the opponent's; hands of small pieces (mover's, opponent's).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Twin {
    pub cells: [u8; 9],
    pub hands: [u8; 2],
}

impl Twin {
    pub fn start() -> Twin {
        Twin {
            cells: [b'.'; 9],
            hands: [4, 4],
        }
    }

    pub fn line(&self, small: u8, big: u8) -> bool {
        LINES.iter().any(|l| {
            l.iter()
                .all(|&c| self.cells[c] == small || self.cells[c] == big)
        })
    }

    pub fn bigs_on_board(&self) -> usize {
        self.cells.iter().filter(|&&c| c == b'M').count()
    }

    /// Successors, each seen from the next mover's side.
    pub fn moves(&self, cover_own_small: bool) -> Vec<Twin> {
        let coverable = |c: u8| c == b'n' || (cover_own_small && c == b'm');
        let mut after = Vec::new();
        for cell in 0..9 {
            if self.cells[cell] == b'.' && self.hands[0] > 0 {
                let mut next = *self;
                next.cells[cell] = b'm';
                next.hands[0] -= 1;
                after.push(next);
            }
            if (self.cells[cell] == b'.' || coverable(self.cells[cell])) && self.bigs_on_board() < 2
            {
                let mut next = *self;
                next.cells[cell] = b'M';
                after.push(next);
            }
            for to in 0..9 {
                if self.cells[cell] == b'M' && coverable(self.cells[to]) {
                    let mut next = *self;
                    next.cells[cell] = b'.';
                    next.cells[to] = b'M';
                    after.push(next);
                }
            }
        }
        after.iter().map(Twin::flipped).collect()
    }

    pub fn flipped(&self) -> Twin {
        let swap = |c: u8| match c {
            b'm' => b'n',
            b'M' => b'N',
            b'n' => b'm',
            b'N' => b'M',
            c => c,
        };
        Twin {
            cells: self.cells.map(swap),
            hands: [self.hands[1], self.hands[0]],
        }
    }

    pub fn of(position: &Position) -> Twin {
        let mover = position.to_move();
        let cells = position.cells().map(|p| match p {
            None => b'.',
            Some(Piece { side, size }) => match (side == mover, size) {
                (true, Size::Small) => b'm',
                (true, Size::Big) => b'M',
                (false, Size::Small) => b'n',
                (false, Size::Big) => b'N',
            },
        });
        Twin {
            cells,
            hands: [
                position.small_in_hand(mover),
                position.small_in_hand(mover.other()),
            ],
        }
    }
}

/// Plain memoised search; values as Outcome. Terminal positions (the
/// opponent has a line) are not stored, as the spec counts keys.
pub struct SlowSolver {
    pub cover_own_small: bool,
    pub memo: HashMap<Twin, Outcome>,
}

impl SlowSolver {
    pub fn value(&mut self, t: &Twin) -> Outcome {
        if t.line(b'n', b'N') {
            return Outcome::Loss(0);
        }
        if let Some(&v) = self.memo.get(t) {
            return v;
        }
        let mut best = Outcome::Loss(0);
        for next in t.moves(self.cover_own_small) {
            best = best.max(self.value(&next).for_previous_mover());
        }
        self.memo.insert(*t, best);
        best
    }
}

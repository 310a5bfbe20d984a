//! MNC written from the rules alone, on boards of characters: a plain
//! memoised search keyed without symmetry, every move expanded, valued
//! with this module's own [`Value`] and its own order. Shared by the
//! engine's tests and the puzzles'. Nothing of the crate is used: a
//! position comes in as the text `noughts mnc analyze` reads (the
//! documented notation), parsed here ([`Twin::parse`]).

use super::{Value, LINES};
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

    /// A position in the notation of `noughts mnc analyze`:
    /// `ROWS SIDE XHAND OHAND`, the rows over `.xXoO` top to bottom joined
    /// by `/`, the side to move `x` or `o`, the small pieces each side
    /// still holds. Panics on anything else: the tests give it the crate's
    /// own writing of positions.
    pub fn parse(text: &str) -> Twin {
        let words: Vec<&str> = text.split_whitespace().collect();
        let [rows, side, x_hand, o_hand] = words[..] else {
            panic!("not ROWS SIDE XHAND OHAND: {text:?}");
        };
        let mover = match side {
            "x" => b'x',
            "o" => b'o',
            other => panic!("not a side: {other:?}"),
        };
        let letters: Vec<u8> = rows.bytes().filter(|&b| b != b'/').collect();
        assert_eq!(letters.len(), 9, "{text:?}");
        let mut cells = [b'.'; 9];
        for (cell, &letter) in cells.iter_mut().zip(&letters) {
            let small = letter.to_ascii_lowercase();
            *cell = match letter {
                b'.' => b'.',
                b'x' | b'X' | b'o' | b'O' => {
                    let mine = small == mover;
                    match (mine, letter.is_ascii_uppercase()) {
                        (true, false) => b'm',
                        (true, true) => b'M',
                        (false, false) => b'n',
                        (false, true) => b'N',
                    }
                }
                other => panic!("not a piece: {:?}", other as char),
            };
        }
        let hand = |h: &str| -> u8 { h.parse().unwrap_or_else(|_| panic!("not a hand: {h:?}")) };
        let (x, o) = (hand(x_hand), hand(o_hand));
        Twin {
            cells,
            hands: if mover == b'x' { [x, o] } else { [o, x] },
        }
    }
}

/// Plain memoised search. Terminal positions (the opponent has a line) are
/// not stored, as the spec counts keys. A player with no move loses.
pub struct SlowSolver {
    pub cover_own_small: bool,
    pub memo: HashMap<Twin, Value>,
}

impl SlowSolver {
    /// The value for the player to move: the best, for them, of what each
    /// move leaves the opponent, seen from the mover's side.
    pub fn value(&mut self, t: &Twin) -> Value {
        if t.line(b'n', b'N') {
            return Value::Loss(0);
        }
        if let Some(&v) = self.memo.get(t) {
            return v;
        }
        let mut best = Value::Loss(0);
        for next in t.moves(self.cover_own_small) {
            best = best.better_of(self.value(&next).for_mover());
        }
        self.memo.insert(*t, best);
        best
    }
}

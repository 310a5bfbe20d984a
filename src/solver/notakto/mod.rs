//! Notakto: both players put an `X` on any empty cell of a live 3×3 board;
//! a board with three `X` in a line is dead, and whoever completes a line
//! on the last live board loses (misère play: the player with no move
//! wins).
//!
//! Sums of misère games do not add up by Grundy values. They are read off
//! the game's misère quotient ([`quotient`], computed from these rules): a
//! commutative monoid in which each board is one element; the player to
//! move loses exactly when the product of the boards' elements is in the
//! quotient's P-portion. So a position of any number of boards is answered
//! by one product, and each move by one more.

pub mod game;
pub mod quotient;

pub use quotient::{quotient, Element, Quotient};

use super::board::{has_line, Cell, ALL_CELLS};
use std::collections::HashMap;

/// One board: the cells that hold an `X`, as a 9-bit set (cell = 3 · row
/// + column, as in tic-tac-toe).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Board(u16);

impl Board {
    pub const EMPTY: Board = Board(0);

    /// The board with an `X` on each cell of the set (bits past 9 dropped).
    pub const fn from_cells(cells: u16) -> Board {
        Board(cells & ALL_CELLS)
    }

    pub const fn cells(self) -> u16 {
        self.0
    }

    pub const fn has_x(self, cell: Cell) -> bool {
        self.0 & cell.bit() != 0
    }

    /// Three `X` in a line: nobody may play here any more.
    pub fn is_dead(self) -> bool {
        has_line(self.0)
    }

    /// The board after an `X` on `cell`.
    pub const fn with_x(self, cell: Cell) -> Board {
        Board(self.0 | cell.bit())
    }

    pub const fn x_count(self) -> u32 {
        self.0.count_ones()
    }

    /// The cells a player may take: every empty cell of a live board, none
    /// of a dead one.
    pub fn playable(self) -> impl Iterator<Item = Cell> {
        let free = if self.is_dead() {
            0
        } else {
            !self.0 & ALL_CELLS
        };
        Cell::of_set(free)
    }

    /// The smallest cell set among the board's 8 images under the square's
    /// symmetries: boards that are turned or mirrored copies play alike.
    pub fn canonical(self) -> Board {
        (0..8)
            .map(|s| {
                Board(
                    Cell::of_set(self.0)
                        .map(|c| c.transformed(s).bit())
                        .fold(0, |a, b| a | b),
                )
            })
            .min()
            .unwrap_or(self)
    }
}

/// A move: an `X` on `cell` of board `board` (counted from 0 here, written
/// from 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub board: usize,
    pub cell: Cell,
}

/// Everything the quotient says about a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// Each board's element (a dead board's is the identity).
    pub elements: Vec<Element>,
    /// Their product, reduced by the quotient's relations.
    pub product: Element,
    /// Whether the product is in the P-portion: the player to move loses.
    pub p_position: bool,
    /// Every move after which the product is in the P-portion (none when the
    /// mover loses), in board order, then reading order.
    pub winning_moves: Vec<Move>,
    /// Every move and whether it wins, in the same order.
    pub moves: Vec<(Move, bool)>,
}

impl Analysis {
    /// No live board: the player to move has won already (the other player
    /// completed the last line).
    pub fn is_over(&self) -> bool {
        self.moves.is_empty()
    }

    /// The player to move wins with perfect play.
    pub fn is_winning(&self) -> bool {
        !self.p_position
    }
}

/// The quotient's answer for a whole position: each board's element, the
/// product, and every move with whether it wins. Linear in the number of
/// boards: the product of all boards but one comes from prefix and suffix
/// products (a monoid has no inverses to divide by).
pub fn analyze(boards: &[Board]) -> Analysis {
    let q = quotient();
    let elements: Vec<Element> = boards.iter().map(|&b| q.element_of(b)).collect();
    // suffix[k]: the product of the boards from k on.
    let mut suffix = vec![Element::IDENTITY; elements.len() + 1];
    for k in (0..elements.len()).rev() {
        suffix[k] = q.mul(elements[k], suffix[k + 1]);
    }
    let mut before = Element::IDENTITY;
    let mut moves = Vec::new();
    for (k, &board) in boards.iter().enumerate() {
        let others = q.mul(before, suffix[k + 1]);
        for cell in board.playable() {
            let after = q.mul(others, q.element_of(board.with_x(cell)));
            moves.push((Move { board: k, cell }, q.is_p(after)));
        }
        before = q.mul(before, elements[k]);
    }
    let winning_moves = moves.iter().filter(|m| m.1).map(|m| m.0).collect();
    Analysis {
        p_position: q.is_p(suffix[0]),
        product: suffix[0],
        elements,
        winning_moves,
        moves,
    }
}

/// The position after `mv` (no check that it is playable).
pub fn play(boards: &[Board], mv: Move) -> Vec<Board> {
    let mut after = boards.to_vec();
    after[mv.board] = after[mv.board].with_x(mv.cell);
    after
}

/// Positions with at most this many live boards are played exactly: the
/// fastest win, the longest loss (about 15 ms for three empty boards; four
/// take a third of a second).
pub const EXACT_ENGINE_BOARDS: usize = 3;

/// The engine's move, `None` when no board is live. With at most
/// [`EXACT_ENGINE_BOARDS`] live boards it is exact: the winning move that
/// wins soonest, or when every move loses, the one that loses latest (the
/// longest resistance). With more, a winning move (the first that kills no
/// board), or when losing the move that leaves the opponent the fewest
/// winning replies, then the most playable cells.
pub fn engine_move(boards: &[Board]) -> Option<Move> {
    let analysis = analyze(boards);
    if analysis.is_over() {
        return None;
    }
    let live = boards.iter().filter(|b| !b.is_dead()).count();
    if live <= EXACT_ENGINE_BOARDS {
        let mut plies = Remoteness::default();
        let scored = analysis.moves.iter().map(|&(mv, wins)| {
            let left = plies.of(&play(boards, mv));
            (mv, wins, left)
        });
        return if analysis.is_winning() {
            scored.filter(|m| m.1).min_by_key(|m| m.2).map(|m| m.0)
        } else {
            // Ties: the earliest move (max_by_key keeps the last maximum).
            scored
                .enumerate()
                .max_by_key(|(i, m)| (m.2, std::cmp::Reverse(*i)))
                .map(|(_, m)| m.0)
        };
    }
    if let Some(&mv) = analysis
        .winning_moves
        .iter()
        .find(|mv| !boards[mv.board].with_x(mv.cell).is_dead())
        .or(analysis.winning_moves.first())
    {
        return Some(mv);
    }
    analysis
        .moves
        .iter()
        .enumerate()
        .max_by_key(|&(i, &(mv, _))| {
            let after = play(boards, mv);
            let replies = analyze(&after).winning_moves.len();
            let playable: usize = after.iter().map(|b| b.playable().count()).sum();
            (std::cmp::Reverse(replies), playable, std::cmp::Reverse(i))
        })
        .map(|(_, &(mv, _))| mv)
}

/// Plies to the end of the game under perfect play: the winner hurries,
/// the loser holds out. Found by search (the quotient says who wins each
/// position, the search only how long it lasts), remembered by the live
/// boards turned to their canonical forms and sorted.
#[derive(Default)]
struct Remoteness {
    memo: HashMap<Vec<Board>, u8>,
}

impl Remoteness {
    fn of(&mut self, boards: &[Board]) -> u8 {
        let mut key: Vec<Board> = boards
            .iter()
            .filter(|b| !b.is_dead())
            .map(|b| b.canonical())
            .collect();
        key.sort();
        self.of_key(key)
    }

    fn of_key(&mut self, key: Vec<Board>) -> u8 {
        if key.is_empty() {
            return 0;
        }
        if let Some(&plies) = self.memo.get(&key) {
            return plies;
        }
        let analysis = analyze(&key);
        let mut best: Option<u8> = None;
        for &(mv, wins) in &analysis.moves {
            // The winner looks only at winning moves, the loser at all.
            if analysis.is_winning() && !wins {
                continue;
            }
            let plies = self.of(&play(&key, mv)) + 1;
            best = Some(match best {
                None => plies,
                Some(b) if analysis.is_winning() => b.min(plies),
                Some(b) => b.max(plies),
            });
        }
        let plies = best.unwrap_or(0);
        self.memo.insert(key, plies);
        plies
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        let mut cells = 0;
        for (i, c) in text.chars().filter(|c| *c != '/').enumerate() {
            if c == 'X' {
                cells |= 1 << i;
            }
        }
        Board::from_cells(cells)
    }

    #[test]
    fn one_board_is_won_by_the_centre_alone() {
        let a = analyze(&[Board::EMPTY]);
        assert!(a.is_winning());
        assert_eq!(
            a.winning_moves,
            vec![Move {
                board: 0,
                cell: Cell::CENTRE
            }]
        );
    }

    #[test]
    fn no_live_board_means_the_mover_has_won() {
        let a = analyze(&[board("XXX/.../..."), board("X../X../X..")]);
        assert!(a.is_over() && a.is_winning() && a.winning_moves.is_empty());
        assert_eq!(engine_move(&[board("XXX/.../...")]), None);
    }

    #[test]
    fn the_last_x_on_the_last_live_board_loses() {
        // c1 and a3 complete a line; the other cells do not.
        let a = analyze(&[board("XX./X../...")]);
        let mut killing = 0;
        for (mv, wins) in &a.moves {
            let after = play(&[board("XX./X../...")], *mv);
            if after[0].is_dead() {
                killing += 1;
                assert!(!wins, "{mv:?} kills the last board and loses");
            }
        }
        assert_eq!(killing, 2);
    }

    #[test]
    fn the_engine_wins_from_a_won_position_and_resists_from_a_lost_one() {
        let won = [Board::EMPTY, Board::EMPTY, Board::EMPTY];
        let a = analyze(&won);
        let mv = engine_move(&won).unwrap();
        assert_eq!(a.is_winning(), a.winning_moves.contains(&mv));
        let lost = &[board(".../.X./...")];
        assert!(!analyze(lost).is_winning());
        let mv = engine_move(lost).unwrap();
        assert!(!play(lost, mv)[0].is_dead(), "it does not kill the board");
    }
}

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

pub mod count;
pub mod game;
mod puzzle;
pub mod quotient;

pub use puzzle::NotaktoPuzzle;
pub use quotient::{quotient, Element, Quotient};

use super::board::{has_line, Cell, ALL_CELLS};
use super::search::{Expansion, Game, Outcome, Solver};

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
    /// Every move and whether it wins (the product after it is in the
    /// P-portion), in board order, then reading order.
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

    /// Every winning move (none when the mover loses), in the order of
    /// [`Analysis::moves`].
    pub fn winning_moves(&self) -> Vec<Move> {
        self.moves.iter().filter(|m| m.1).map(|m| m.0).collect()
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
    Analysis {
        p_position: q.is_p(suffix[0]),
        product: suffix[0],
        elements,
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
/// fastest win, the longest loss (about 10 ms for three empty boards, the
/// most it searches; measured in release on this project's machine).
pub const EXACT_ENGINE_BOARDS: usize = 3;

/// The engine's move, `None` when no board is live. With at most
/// [`EXACT_ENGINE_BOARDS`] live boards it is exact: the winning move that
/// wins soonest, or when every move loses, the one that loses latest (the
/// longest resistance). With more, a winning move (the first that kills no
/// board), or when losing the move that leaves the opponent the fewest
/// winning replies, then the most playable cells.
pub fn engine_move(boards: &[Board]) -> Option<Move> {
    engine_move_with(boards, &mut Exact::default())
}

/// [`engine_move`] with the exact search's memo kept by the caller (a
/// perfect line asks for one move after another).
fn engine_move_with(boards: &[Board], exact: &mut Exact) -> Option<Move> {
    let analysis = analyze(boards);
    if analysis.is_over() {
        return None;
    }
    let live = boards.iter().filter(|b| !b.is_dead()).count();
    // Each move's value for its mover, where the search reaches (after a
    // move there are no more live boards than before).
    let exact_values: Option<Vec<Outcome>> = (live <= EXACT_ENGINE_BOARDS)
        .then(|| {
            analysis
                .moves
                .iter()
                .map(|&(mv, _)| {
                    exact
                        .value(&play(boards, mv))
                        .map(Outcome::for_previous_mover)
                })
                .collect()
        })
        .flatten();
    if let Some(values) = exact_values {
        // Ties: the earliest move (max_by_key keeps the last maximum).
        return analysis
            .moves
            .iter()
            .zip(values)
            .enumerate()
            .max_by_key(|&(i, (_, value))| (value, std::cmp::Reverse(i)))
            .map(|(_, (&(mv, _), _))| mv);
    }
    let winning = analysis.winning_moves();
    if let Some(&mv) = winning
        .iter()
        .find(|mv| !boards[mv.board].with_x(mv.cell).is_dead())
        .or(winning.first())
    {
        return Some(mv);
    }
    analysis
        .moves
        .iter()
        .enumerate()
        .max_by_key(|&(i, &(mv, _))| {
            let after = play(boards, mv);
            let replies = analyze(&after).winning_moves().len();
            let playable: usize = after.iter().map(|b| b.playable().count()).sum();
            (std::cmp::Reverse(replies), playable, std::cmp::Reverse(i))
        })
        .map(|(_, &(mv, _))| mv)
}

/// At most [`EXACT_ENGINE_BOARDS`] live boards (the dead ones play no part).
type FewBoards = [Option<Board>; EXACT_ENGINE_BOARDS];

/// Notakto on few boards as the shared perfect-play search sees it; a
/// position's key is its boards turned canonical and sorted.
#[derive(Debug, Clone, Copy)]
struct FewBoardsGame;

impl Game for FewBoardsGame {
    type Position = FewBoards;

    fn key(&self, position: &FewBoards) -> u64 {
        let mut boards =
            position.map(|b| b.map_or(0, |b| 1 << 9 | u64::from(b.canonical().cells())));
        boards.sort_unstable();
        boards.iter().fold(0, |key, &b| key << 10 | b)
    }

    /// The winner needs to look only at its winning moves (the quotient
    /// says which: the others lose, so they never give the best value).
    fn expand(&self, position: &FewBoards, children: &mut Vec<FewBoards>) -> Expansion {
        let boards: Vec<Board> = position.iter().flatten().copied().collect();
        let analysis = analyze(&boards);
        for &(mv, wins) in &analysis.moves {
            if analysis.is_winning() && !wins {
                continue;
            }
            let mut live = play(&boards, mv).into_iter().filter(|b| !b.is_dead());
            children.push(std::array::from_fn(|_| live.next()));
        }
        Expansion::Moves
    }

    /// No live board: the other player completed the last line, so the
    /// player to move has won (misère).
    fn no_moves(&self) -> Outcome {
        Outcome::Win(0)
    }
}

/// The exact search of positions with few live boards, remembered.
struct Exact(Solver<FewBoardsGame>);

impl Default for Exact {
    fn default() -> Exact {
        Exact(Solver::new(FewBoardsGame))
    }
}

impl Exact {
    /// The value for the player to move, with plies; `None` past
    /// [`EXACT_ENGINE_BOARDS`] live boards.
    fn value(&mut self, boards: &[Board]) -> Option<Outcome> {
        let mut live = boards.iter().filter(|b| !b.is_dead()).copied();
        let few: FewBoards = std::array::from_fn(|_| live.next());
        live.next().is_none().then(|| self.0.solve(&few))
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
            a.winning_moves(),
            vec![Move {
                board: 0,
                cell: Cell::CENTRE
            }]
        );
    }

    #[test]
    fn no_live_board_means_the_mover_has_won() {
        let a = analyze(&[board("XXX/.../..."), board("X../X../X..")]);
        assert!(a.is_over() && a.is_winning() && a.winning_moves().is_empty());
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
        assert_eq!(a.is_winning(), a.winning_moves().contains(&mv));
        let lost = &[board(".../.X./...")];
        assert!(!analyze(lost).is_winning());
        let mv = engine_move(lost).unwrap();
        assert!(!play(lost, mv)[0].is_dead(), "it does not kill the board");
    }
}
